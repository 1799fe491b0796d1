# Minimal glTF 2.0 binary reader: the JSON, the BIN chunk, float accessors and
# image bytes. The add-on reads the .glb itself for what Blender's importer
# does not keep (node extras, unused face textures, exact track keys).
# Pure Python (no bpy).
import json
import struct

_COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}
_FORMATS = {5126: ("f", 4), 5123: ("H", 2), 5121: ("B", 1), 5125: ("I", 4),
            5122: ("h", 2), 5120: ("b", 1)}


class GlbError(Exception):
    pass


class Glb:
    def __init__(self, data):
        if len(data) < 20 or data[:4] != b"glTF":
            raise GlbError("not a binary glTF file (no 'glTF' magic)")
        version, length = struct.unpack_from("<II", data, 4)
        if version != 2 or length > len(data):
            raise GlbError("glTF version %d, length %d of %d bytes" % (version, length, len(data)))
        self.json = None
        self.bin = b""
        pos = 12
        while pos + 8 <= length:
            size, kind = struct.unpack_from("<II", data, pos)
            chunk = data[pos + 8:pos + 8 + size]
            if len(chunk) != size:
                raise GlbError("chunk at %d runs past the end" % pos)
            if kind == 0x4E4F534A:
                self.json = json.loads(chunk.decode("utf-8"))
            elif kind == 0x004E4942:
                self.bin = bytes(chunk)
            pos += 8 + ((size + 3) & ~3)
        if self.json is None:
            raise GlbError("no JSON chunk")

    @classmethod
    def load(cls, path):
        with open(path, "rb") as f:
            return cls(f.read())

    def _list(self, key):
        return self.json.get(key, [])

    def view_bytes(self, view_index):
        view = self._list("bufferViews")[view_index]
        if view.get("buffer", 0) != 0:
            raise GlbError("bufferView %d is not in the GLB buffer" % view_index)
        start = view.get("byteOffset", 0)
        return self.bin[start:start + view["byteLength"]], view.get("byteStride")

    def accessor(self, index):
        """Rows of floats (tuples) of one accessor; normalized ints are scaled."""
        acc = self._list("accessors")[index]
        comps = _COMPONENTS[acc["type"]]
        code, size = _FORMATS[acc["componentType"]]
        count = acc["count"]
        if "bufferView" not in acc:
            return [tuple([0.0] * comps) for _ in range(count)]
        data, stride = self.view_bytes(acc["bufferView"])
        offset = acc.get("byteOffset", 0)
        stride = stride or comps * size
        fmt = "<" + code * comps
        rows = [struct.unpack_from(fmt, data, offset + i * stride) for i in range(count)]
        if acc.get("normalized") and code != "f":
            scale = float((1 << (8 * size - (1 if code.islower() else 0))) - 1)
            rows = [tuple(max(v / scale, -1.0) for v in r) for r in rows]
        return [tuple(float(v) for v in r) for r in rows]

    def image_bytes(self, image_index):
        """(bytes, mime type) of an embedded image."""
        image = self._list("images")[image_index]
        if "bufferView" not in image:
            raise GlbError("image %d is not embedded" % image_index)
        data, _ = self.view_bytes(image["bufferView"])
        return data, image.get("mimeType", "image/png")

    def texture_image(self, texture_index):
        return self._list("textures")[texture_index].get("source")

    # Convenience views over the JSON.
    @property
    def nodes(self):
        return self._list("nodes")

    @property
    def materials(self):
        return self._list("materials")

    @property
    def cameras(self):
        return self._list("cameras")

    @property
    def animations(self):
        return self._list("animations")

    def scene_extras(self):
        scenes = self._list("scenes")
        if not scenes:
            return {}
        return scenes[self.json.get("scene", 0)].get("extras", {}) or {}

    def track_keys(self, node_index, path="translation"):
        """[(time, value row)] of the first animation channel on node.path, with
        the sampler's interpolation: (keys, interpolation) or None."""
        for anim in self.animations:
            for ch in anim.get("channels", []):
                target = ch.get("target", {})
                if target.get("node") == node_index and target.get("path") == path:
                    sampler = anim["samplers"][ch["sampler"]]
                    times = [r[0] for r in self.accessor(sampler["input"])]
                    values = self.accessor(sampler["output"])
                    interp = sampler.get("interpolation", "LINEAR")
                    if interp == "CUBICSPLINE":
                        values = values[1::3]
                    return list(zip(times, values)), interp
        return None

    def smallest_key_gap(self):
        """The smallest time (s) between two successive keys of any sampler;
        0.0 when no sampler has two keys."""
        gap = 0.0
        inputs = {s.get("input") for a in self.animations for s in a.get("samplers", [])}
        for index in sorted(i for i in inputs if isinstance(i, int)):
            times = [r[0] for r in self.accessor(index)]
            for a, b in zip(times, times[1:]):
                if b > a and (gap == 0.0 or b - a < gap):
                    gap = b - a
        return gap
