"""Writes a small .glb (+ .wav) following docs/architecture.md "Metadata
conventions", independently of ripkit's exporter, and the values a correct
restore must produce (EXPECT). Pure Python; used by restore_test.py.

    python3 make_glb.py OUT.glb
"""
import json
import math
import struct
import sys
import wave
import zlib

RATE = 30.0
FRAME_COUNT = 61          # 0 .. 2 s
AUDIO_RATE = 22050
AUDIO_FRAMES = 44100      # 2 s of mono
FACE_COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
MOUTH_KEYS = [(0.0, 0.0), (0.5, 2.0), (1.0, 1.0)]   # STEP: time s, texture index
YFOV = 0.8
YFOV_KEYS = [(0.0, 0.8), (1.0, 0.5)]
ASPECT = 4.0 / 3.0
BACKDROP = (217, 175, 141)  # scene extras backdrop_rgb, sRGB 0-255
# A camera cut the way ripkit writes one: two keys JUMP s apart (Blender 3.6+
# merges keys closer than 0.01 frame when a curve is updated).
JUMP = 0.0001
CAM_KEYS = [(0.0, (0.0, 1.0, 5.0)), (1.0, (0.5, 1.0, 5.0)), (1.0 + JUMP, (0.8, 1.0, 5.0)),
            (2.0, (1.0, 1.0, 5.0))]
# Node extras holding an array or object go as JSON text under `<key>_json`
# (Assimp cannot copy nested node metadata); the restore puts the value back.
ORIGIN = [41984, -2304, 35840]
BONE_BASE = {"rotation": [0.0, 1.5707963705062866, 0.0], "slot": 2}
BONE_KEYS = [(0.0, (0.0, 0.0, 0.0, 1.0)), (1.0, (0.0, 0.0, math.sin(0.5), math.cos(0.5))),
             (2.0, (0.0, 0.0, 0.0, 1.0))]


def png(rgb, size=2):
    raw = b"".join(b"\0" + bytes(rgb) * size for _ in range(size))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Builder:
    def __init__(self):
        self.bin = bytearray()
        self.views, self.accessors = [], []

    def _view(self, data, target=None):
        while len(self.bin) % 4:
            self.bin.append(0)
        view = {"buffer": 0, "byteOffset": len(self.bin), "byteLength": len(data)}
        if target:
            view["target"] = target
        self.bin += data
        self.views.append(view)
        return len(self.views) - 1

    def floats(self, rows, kind, minmax=False):
        width = len(rows[0]) if isinstance(rows[0], (tuple, list)) else 1
        flat = [v for r in rows for v in (r if width > 1 else (r,))]
        acc = {"bufferView": self._view(struct.pack("<%df" % len(flat), *flat)),
               "componentType": 5126, "count": len(rows), "type": kind}
        if minmax:
            cols = list(zip(*[(r if width > 1 else (r,)) for r in rows]))
            acc["min"] = [min(c) for c in cols]
            acc["max"] = [max(c) for c in cols]
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def ints(self, values, kind, ctype=5123, fmt="H", target=None):
        acc = {"bufferView": self._view(struct.pack("<%d%s" % (len(values), fmt), *values), target),
               "componentType": ctype, "count": len(values) // {"SCALAR": 1, "VEC4": 4}[kind],
               "type": kind}
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def image(self, data):
        return self._view(data)


def build():
    b = Builder()
    quad = [(-1, -1, 0), (1, -1, 0), (1, 1, 0), (-1, 1, 0)]
    uv = [(0, 1), (1, 1), (1, 0), (0, 0)]
    pos = b.floats(quad, "VEC3", minmax=True)
    tex = b.floats(uv, "VEC2")
    idx = b.ints([0, 1, 2, 0, 2, 3], "SCALAR", target=34963)
    # Skinned strip: 3 joints along +Y.
    strip = [(-0.2, y, 0) for y in (0, 1, 2)] + [(0.2, y, 0) for y in (0, 1, 2)]
    spos = b.floats(strip, "VEC3", minmax=True)
    joints = b.ints([j for j in (0, 1, 2, 0, 1, 2) for j in (j, 0, 0, 0)], "VEC4", 5121, "B")
    weights = b.floats([(1.0, 0.0, 0.0, 0.0)] * 6, "VEC4")
    sidx = b.ints([0, 3, 4, 0, 4, 1, 1, 4, 5, 1, 5, 2], "SCALAR", target=34963)
    ibm = b.floats([tuple(v for v in (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -y, 0, 1))
                    for y in (0, 1, 2)], "MAT4")
    images = [{"bufferView": b.image(png(c)), "mimeType": "image/png", "name": "face_%d" % i}
              for i, c in enumerate(FACE_COLOURS)]

    def channel_pair(keys, kind, interp):
        t = b.floats([k[0] for k in keys], "SCALAR", minmax=True)
        v = b.floats([k[1] for k in keys], kind)
        return {"input": t, "output": v, "interpolation": interp}

    samplers = [channel_pair(CAM_KEYS, "VEC3", "LINEAR"),
                channel_pair([(t, (x, 0.0, 0.0)) for t, x in MOUTH_KEYS], "VEC3", "STEP"),
                channel_pair(BONE_KEYS, "VEC4", "LINEAR")]
    doc = {
        "asset": {"version": "2.0", "generator": "ripkit tests/blender/make_glb.py"},
        "scene": 0,
        "scenes": [{"nodes": [0], "extras": {
            "format": "synthetic", "item": 3, "frame_rate": RATE, "frame_count": FRAME_COUNT,
            "units": "1 unit = 1 m", "axes": "y-up right-handed", "backdrop_rgb": list(BACKDROP),
            "audio": {"rate": AUDIO_RATE, "channels": 1, "frames": AUDIO_FRAMES, "start_frame": 0,
                      "file": "OUTSTEM.wav"}}}],
        "nodes": [
            {"name": "root", "children": [1, 2, 4, 7],
             "extras": {"origin_json": "[41984, -2304, 35840]", "audio_track": 3}},
            {"name": "game_camera", "camera": 0, "translation": [0, 1, 5]},
            {"name": "actor", "mesh": 0, "children": [3]},
            {"name": "actor_mouth", "extras": {"ripkit_track": "mouth", "target": "actor",
                                               "component": "x"}},
            {"name": "bone_root", "children": [5]},
            {"name": "bone_mid", "translation": [0, 1, 0], "children": [6],
             "extras": {"base_json": '{"rotation": [0.0, 1.5707963705062866, 0.0], "slot": 2}'}},
            {"name": "bone_tip", "translation": [0, 1, 0]},
            {"name": "strip", "mesh": 1, "skin": 0},
        ],
        "meshes": [
            {"name": "actor_mesh", "primitives": [{"attributes": {"POSITION": pos, "TEXCOORD_0": tex},
                                                   "indices": idx, "material": 0}]},
            {"name": "strip_mesh", "primitives": [{"attributes": {
                "POSITION": spos, "JOINTS_0": joints, "WEIGHTS_0": weights}, "indices": sidx}]},
        ],
        "skins": [{"name": "skin", "joints": [4, 5, 6], "inverseBindMatrices": ibm, "skeleton": 4}],
        "materials": [{"name": "actor_face", "pbrMetallicRoughness": {
            "baseColorTexture": {"index": 0}, "metallicFactor": 0.0},
            "extras": {"ripkit_texture_switch": {"textures": [0, 1, 2], "track_node": 3,
                                                 "track_node_name": "actor_mouth"}}}],
        "textures": [{"source": i, "sampler": 0} for i in range(3)],
        "samplers": [{"magFilter": 9728, "minFilter": 9728}],
        "images": images,
        "cameras": [{"name": "game_camera", "type": "perspective", "perspective": {
            "yfov": YFOV, "aspectRatio": ASPECT, "znear": 0.1, "zfar": 1000.0},
            "extras": {"yfov_times": [k[0] for k in YFOV_KEYS],
                       "yfov_values": [k[1] for k in YFOV_KEYS]}}],
        "animations": [{"name": "take", "samplers": samplers, "channels": [
            {"sampler": 0, "target": {"node": 1, "path": "translation"}},
            {"sampler": 1, "target": {"node": 3, "path": "translation"}},
            {"sampler": 2, "target": {"node": 5, "path": "rotation"}}]}],
        "accessors": b.accessors,
        "bufferViews": b.views,
        "buffers": [{"byteLength": 0}],
    }
    return doc, b.bin


def write(out_glb, ripkit=True):
    """ripkit=False: the same file without scene extras, as any other glTF."""
    doc, binary = build()
    stem = out_glb.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    doc["scenes"][0]["extras"]["audio"]["file"] = stem + ".wav"
    if not ripkit:
        del doc["scenes"][0]["extras"]
    while len(binary) % 4:
        binary.append(0)
    doc["buffers"][0]["byteLength"] = len(binary)
    text = json.dumps(doc).encode()
    text += b" " * ((4 - len(text) % 4) % 4)
    total = 12 + 8 + len(text) + 8 + len(binary)
    with open(out_glb, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, total))
        f.write(struct.pack("<II", len(text), 0x4E4F534A) + text)
        f.write(struct.pack("<II", len(binary), 0x004E4942) + bytes(binary))
    wav = out_glb.rsplit(".", 1)[0] + ".wav"
    with wave.open(wav, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(AUDIO_RATE)
        w.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(i / 20.0)))
                               for i in range(AUDIO_FRAMES)))
    return out_glb, wav


if __name__ == "__main__":
    write(sys.argv[1])
