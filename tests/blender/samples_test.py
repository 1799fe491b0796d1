"""Every bundled sample (samples/<format>/...) and every sample
`ripkit-make-samples` writes, imported into Blender (3.4, 4.3, 5.2) three ways and
checked against what ripkit says about the same file outside Blender (the
.glb's JSON and accessors, `ripkit list --json`, the .wav header):

  1. the add-on's operator (File > Import > ripkit > Any format), item by item;
  2. plain File > Import > glTF 2.0 of `ripkit convert FILE out.glb` (restore off);
  3. File > Import > FBX of `ripkit convert FILE out.fbx`, compared with 2 (world matrices of
     the animated objects at the key times, camera lens and lens keys).

  blender -b --factory-startup --python-exit-code 1 --python samples_test.py -- \
      --zip ZIP --work DIR --ripkit PATH [--make-samples PATH] [--samples DIR]

ITEMS_PER_FILE bounds the runtime (first and last non-empty item).
"""
import hashlib
import json
import math
import os
import struct
import subprocess
import sys
import wave

import bpy
from mathutils import Matrix

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402

C = U.Checks()
ITEMS_PER_FILE = 2
SKIP_NAMES = {"CMakeLists.txt", "make_samples.cpp", "sample_writers.cpp.in", "README.md"}
FBX_REPORT = []  # (sample, what Blender got from the FBX) for docs/blender.md "FBX in Blender"


# ---- outside Blender: ripkit and the .glb ----------------------------------
def ripkit(exe, *args):
    p = subprocess.run([exe] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


class GlbDoc:
    """A reader written for this test (not the add-on's glb.py)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        magic, version, length = struct.unpack_from("<4sII", data, 0)
        assert magic == b"glTF" and version == 2 and length == len(data), "bad GLB header"
        jlen, jtype = struct.unpack_from("<II", data, 12)
        assert jtype == 0x4E4F534A
        self.j = json.loads(data[20:20 + jlen])
        pos = 20 + jlen
        self.bin = b""
        if pos + 8 <= len(data):
            blen, _ = struct.unpack_from("<II", data, pos)
            self.bin = data[pos + 8:pos + 8 + blen]

    def get(self, key):
        return self.j.get(key, [])

    def floats(self, index):
        a = self.j["accessors"][index]
        assert a["componentType"] == 5126, "non-float accessor %d" % index
        n = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}[a["type"]]
        v = self.j["bufferViews"][a["bufferView"]]
        stride = v.get("byteStride") or 4 * n
        base = v.get("byteOffset", 0) + a.get("byteOffset", 0)
        return [struct.unpack_from("<%df" % n, self.bin, base + i * stride) for i in range(a["count"])]

    def image_bytes(self, texture):
        img = self.j["images"][self.j["textures"][texture]["source"]]
        v = self.j["bufferViews"][img["bufferView"]]
        return self.bin[v.get("byteOffset", 0):v.get("byteOffset", 0) + v["byteLength"]]

    def extras(self):
        return self.j["scenes"][self.j.get("scene", 0)].get("extras", {})

    def joints(self):
        return {j for s in self.get("skins") for j in s["joints"]}

    def channels(self):
        """(animation, node, path, interpolation, times, values)"""
        for a in self.get("animations"):
            for ch in a["channels"]:
                s = a["samplers"][ch["sampler"]]
                times = [r[0] for r in self.floats(s["input"])]
                values = self.floats(s["output"])
                if s.get("interpolation") == "CUBICSPLINE":
                    values = values[1::3]
                yield a, ch["target"]["node"], ch["target"]["path"], s.get("interpolation", "LINEAR"), times, values


# ---- discovery ---------------------------------------------------------------
def sample_files(args, work):
    roots = []
    if args.get("samples") and os.path.isdir(args["samples"]):
        roots.append(args["samples"])
    if args.get("make-samples"):
        gen = os.path.join(work, "generated")
        os.makedirs(gen, exist_ok=True)
        rc, out, err = ripkit(args["make-samples"], gen)
        C.ok(rc == 0, "ripkit-make-samples: " + err.strip())
        roots.append(gen)
    seen, files = set(), []
    for root in roots:
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                path = os.path.join(folder, name)
                if name in SKIP_NAMES:
                    continue
                with open(path, "rb") as f:
                    digest = hashlib.sha1(f.read()).hexdigest()
                if digest not in seen:
                    seen.add(digest)
                    files.append(path)
    return files


# ---- Blender side ------------------------------------------------------------
def objects_by_name():
    return {o.name: o for o in bpy.data.objects}


def bone_names():
    return {b.name: o for o in bpy.data.objects if o.type == "ARMATURE" for b in o.data.bones}


FCURVE = {"translation": ("location", 3), "rotation": ("rotation_quaternion", 4),
          "scale": ("scale", 3)}


def fcurves_for(name, path, objs, bones):
    """The fcurves a glTF channel became (object or pose bone)."""
    prop, n = FCURVE[path]
    if name in objs:
        holder, dpath = objs[name], prop
    elif name in bones:
        holder, dpath = bones[name], 'pose.bones["%s"].%s' % (name, prop)
    else:
        return None
    return [fc for fc in U.fcurves(holder) if fc.data_path == dpath]


def check_structure(g, label):
    """Every glTF node is an object or a bone of that name; joints are bones."""
    objs, bones = objects_by_name(), bone_names()
    nodes = g.get("nodes")
    missing = [n.get("name") for n in nodes if n.get("name", "")[:63] not in objs
               and n.get("name", "")[:63] not in bones]
    C.eq(missing, [], label + " every node became an object or bone")
    for j in sorted(g.joints()):
        C.ok(nodes[j]["name"][:63] in bones, label + " joint %s is a bone" % nodes[j]["name"])
    C.eq(len([o for o in bpy.data.objects if o.type == "CAMERA"]), len(g.get("cameras")),
         label + " camera count")
    return objs, bones


# Blender 3.6+: FCurve.update(), which Blender's glTF importer calls on every
# curve it makes, keeps one key of keys closer than 0.01 frame. A plain glTF
# import shows that; the add-on imports so that every key of the file stays.
MERGING_UPDATE = bpy.app.version >= (3, 6, 0)


def merged_count(times, fps):
    """Keys left of `times` (s) at `fps` once keys closer than 0.01 frame to
    the key before them are merged into it."""
    count, last = 0, None
    for t in times:
        if last is None or t * fps - last >= 0.01:
            count, last = count + 1, t * fps
    return count


def check_keys(g, label, first, rate, objs, bones, merged=False):
    """Key counts and the first/last key frames of every channel; `merged`:
    Blender's own importer merged keys closer than 0.01 frame."""
    nodes = g.get("nodes")
    for anim, node, path, interp, times, values in g.channels():
        if anim is not g.get("animations")[0]:
            continue  # only the first animation is active
        name = nodes[node]["name"][:63]
        fcs = fcurves_for(name, path, objs, bones)
        what = "%s %s.%s" % (label, name, path)
        if not C.ok(fcs, what + " has fcurves"):
            continue
        counts = {len(fc.keyframe_points) for fc in fcs}
        want = len(times)
        if merged and MERGING_UPDATE and merged_count(times, rate) != want:
            want = merged_count(times, rate)
            print("%s: Blender %s's glTF importer merges keys closer than 0.01 frame: %d of the "
                  "file's %d keys at %g fps" % (what, bpy.app.version_string, want, len(times), rate))
        C.eq(counts, {want}, what + " key count")
        fc = fcs[0]
        C.near(fc.keyframe_points[0].co.x, first + times[0] * rate, what + " first key frame", 1e-2)
        C.near(fc.keyframe_points[-1].co.x, first + times[-1] * rate, what + " last key frame", 1e-2)
        if interp == "STEP":
            C.eq({kp.interpolation for kp in fc.keyframe_points}, {"CONSTANT"},
                 what + " STEP -> CONSTANT")


def plain(value):
    """An IDProperty (array, group) as plain Python lists/dicts."""
    if hasattr(value, "to_dict"):
        value = value.to_dict()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if hasattr(value, "__len__") and not isinstance(value, str):
        return [plain(v) for v in value]
    return value


def check_node_extras(g, label, objs, bones, restored):
    """Node extras `<key>_json` (arrays/objects as JSON text, which Assimp can
    copy): with the restore the object or bone has `<key>` = the value,
    without it the text as Blender's importer leaves it."""
    checked = 0
    for n in g.get("nodes"):
        name = n.get("name", "")[:63]
        holders = [objs[name]] if name in objs else []
        if name in bones:
            holders += [bones[name].data.bones[name], bones[name].pose.bones[name]]
        for key, text in n.get("extras", {}).items():
            if not key.endswith("_json"):
                continue
            C.ok(isinstance(text, str), label + " %s extras %s is text" % (name, key))
            for h in holders:
                if restored:
                    got = plain(h.get(key[:-5]))
                    C.eq(got, json.loads(text), label + " %s custom property %s" % (name, key[:-5]))
                else:
                    C.eq(h.get(key), text, label + " %s custom property %s" % (name, key))
                checked += 1
    return checked


def contract_rate_count(g):
    """frame_rate and frame_count as docs/architecture.md names them, with the
    spellings some formats use instead (which the add-on also accepts)."""
    ex = g.extras()
    anim_ex = g.get("animations")[0].get("extras", {}) if g.get("animations") else {}
    rate = ex.get("frame_rate") or ex.get("fps") or anim_ex.get("frame_rate")
    count = ex.get("frame_count") or ex.get("frames") or anim_ex.get("frames")
    return (float(rate) if rate else None), (count if isinstance(count, int) else None)


def check_addon(g, label, fields, wav_path):
    scene = bpy.context.scene
    ex = g.extras()
    animated = bool(g.get("animations"))
    if animated:
        # The metadata contract the add-on relies on (scene extras).
        C.ok("frame_rate" in ex, label + " contract: scene extras frame_rate (has %s)"
             % sorted(k for k in ex if "fr" in k or "fps" in k))
        C.ok("frame_count" in ex, label + " contract: scene extras frame_count")
    rate, count = contract_rate_count(g)
    if animated:
        C.ok(rate is not None, label + " some frame rate in the extras")
    rate = rate or 24.0
    if animated:
        C.near(scene.render.fps / scene.render.fps_base, rate, label + " scene fps")
    if count is not None:
        C.eq((scene.frame_start, scene.frame_end), (1, count), label + " frame range")
        for key in ("frames", "frame_count"):
            if isinstance(fields.get(key), int):
                C.eq(count, fields[key], label + " frame count equals `ripkit list` %s" % key)
                # the scene lasts as long as the game's frames at the game's rate
                C.near((scene.frame_end - scene.frame_start + 1) / (scene.render.fps / scene.render.fps_base),
                       fields[key] / rate, label + " scene duration (s)", 1e-6)
    item = ex.get("item")
    if isinstance(item, int):
        C.eq(str(scene.get("ripkit_item")), str(item), label + " scene property ripkit_item")
    objs, bones = check_structure(g, label)
    check_keys(g, label, 1, rate, objs, bones)
    check_node_extras(g, label, objs, bones, restored=True)
    for o in bpy.data.objects:
        ad = o.animation_data
        if ad and len(ad.nla_tracks):
            C.ok(ad.action is not None, label + " %s has an active action" % o.name)
    # cameras: lens from yfov and lens keys
    for ci, cam in enumerate(g.get("cameras")):
        obj = next((o for o in bpy.data.objects if o.type == "CAMERA" and o.data.name.startswith(cam.get("name", "Camera"))), None)
        if not C.ok(obj is not None, label + " camera %d object" % ci):
            continue
        cex = cam.get("extras", {})
        times, vals = cex.get("yfov_times", []), cex.get("yfov_values", [])
        fc = U.fcurve(obj.data, "lens")
        if times:
            C.eq(len(fc.keyframe_points) if fc else 0, len(times), label + " lens key count")
            scene.frame_set(int(math.floor(1 + times[-1] * rate + 1e-6)))
            C.near(obj.data.lens, U.lens_of(obj.data.sensor_height, vals[-1]), label + " lens at last key", 1e-3)
        else:
            C.near(obj.data.lens, U.lens_of(obj.data.sensor_height, cam["perspective"]["yfov"]),
                   label + " lens from yfov", 1e-3)
        C.eq(obj.data.sensor_fit, "VERTICAL", label + " sensor fit")
    if g.get("cameras"):
        C.ok(scene.camera is not None and scene.camera.type == "CAMERA", label + " scene camera set")
    check_faces(g, label, rate)
    check_sound(g, label, rate, wav_path)
    # Rugrats: the seed's set_backdrop(217, 175, 141), in the glb and as the world.
    backdrop = ex.get("backdrop_rgb")
    if ex.get("format") == "rugrats-cine":
        C.eq(backdrop, [217, 175, 141], label + " contract: scene extras backdrop_rgb")
    U.check_world(C, scene, backdrop, label)
    scene.frame_set(1)


def check_faces(g, label, rate):
    nodes = g.get("nodes")
    for m in g.get("materials"):
        sw = m.get("extras", {}).get("ripkit_texture_switch")
        if not sw:
            continue
        mats = [x for x in bpy.data.materials if x.name == m.get("name") or x.name.startswith(m.get("name", "") + ".")]
        if not C.ok(mats, label + " face material %s" % m.get("name")):
            continue
        track = sw.get("track_node")
        if not isinstance(track, int):
            track = next(i for i, n in enumerate(nodes) if n.get("name") == sw.get("track_node_name"))
        keys = [(t, v) for a, n, p, i, t, v in g.channels() if n == track and p == "translation"]
        if not C.ok(keys, label + " face track %s has keys" % nodes[track]["name"]):
            continue
        times, values = keys[0]
        picks = sorted(set([0, len(times) // 3, len(times) // 2, len(times) - 1]))
        for k in picks:
            frame = 1 + times[k] * rate
            bpy.context.scene.frame_set(int(math.floor(frame + 1e-6)), subframe=(frame + 1e-6) % 1.0)
            img = U.selected_image(mats[0])
            want = g.image_bytes(sw["textures"][int(round(values[k][0]))])
            got = bytes(img.packed_file.data) if img is not None and img.packed_file else None
            C.ok(got == want, label + " %s shows texture %d at %.3f s" % (m["name"], int(round(values[k][0])), times[k]))


def check_sound(g, label, rate, wav_path):
    audio = g.extras().get("audio")
    strips = U.sound_strips(bpy.context.scene)
    has_wav = os.path.isfile(wav_path)
    if not audio and not has_wav:
        C.eq(len(strips), 0, label + " no sound strip without audio")
        return
    C.ok(isinstance(audio, dict), label + " contract: scene extras audio when ripkit writes a wav")
    C.ok(has_wav, label + " ripkit wrote " + os.path.basename(wav_path))
    if not has_wav:
        return
    with wave.open(wav_path) as w:
        header = (w.getframerate(), w.getnchannels(), w.getnframes())
    if isinstance(audio, dict):
        C.eq(header, (audio.get("rate"), audio.get("channels"), audio.get("frames")),
             label + " wav header = scene extras audio")
    start = int(audio.get("start_frame", 0)) if isinstance(audio, dict) else 0
    if C.eq(len(strips), 1, label + " one sound strip"):
        U.check_sequencer_scene(C, bpy.context.scene, label)
        s = strips[0]
        C.eq(s.frame_start, 1 + start, label + " sound starts at frame 1 + start_frame")
        C.near(s.frame_final_duration, header[2] / header[0] * rate, label + " sound length (frames)", 1.01)


def check_plain(g, label):
    scene = bpy.context.scene
    objs, bones = check_structure(g, label)
    # Without the restore the importer keys time t at frame t * scene fps (24).
    check_keys(g, label, 0, scene.render.fps, objs, bones, merged=True)
    U.check_world(C, scene, None, label)
    check_node_extras(g, label, objs, bones, restored=False)
    return world_at_key_times(g, 0, scene.render.fps / scene.render.fps_base)


MAX_KEY_TIMES = 6  # per channel, spread over its keys


def key_times(g):
    """{object name: sorted key times} of the first animation (the active one),
    for nodes that are objects (joints are bones, posed differently by the two
    importers): at most MAX_KEY_TIMES per channel, first and last included."""
    nodes, joints, out = g.get("nodes"), g.joints(), {}
    for anim, node, path, interp, times, values in g.channels():
        if anim is not g.get("animations")[0] or node in joints:
            continue
        n = len(times)
        picks = sorted({round(i * (n - 1) / (MAX_KEY_TIMES - 1)) for i in range(MAX_KEY_TIMES)}) if n > 1 else [0]
        out.setdefault(nodes[node]["name"][:63], set()).update(times[i] for i in picks)
    return {k: sorted(v) for k, v in out.items()}


def cut_starts(g, fps):
    """{object name: key times followed by another key of the same channel
    less than a tenth of a frame later}: the last pose before a cut the file
    writes as two keys (a millisecond or less apart)."""
    nodes, out = g.get("nodes"), {}
    for anim, node, path, interp, times, values in g.channels():
        if anim is g.get("animations")[0]:
            out.setdefault(nodes[node]["name"][:63], set()).update(
                a for a, b in zip(times, times[1:]) if (b - a) * fps < 0.1)
    return out


def world_at_key_times(g, first, fps):
    """{object name: [(time, world matrix)]} at the animation's key times."""
    scene, objs, out = bpy.context.scene, objects_by_name(), {}
    for name, times in key_times(g).items():
        if name in objs:
            out[name] = []
            for t in times:
                f = first + t * fps
                scene.frame_set(int(math.floor(f + 1e-6)), subframe=(f + 1e-6) % 1.0)
                out[name].append((t, objs[name].matrix_world.copy()))
    scene.frame_set(0)
    cams = {o.name: o.data.lens for o in bpy.data.objects if o.type == "CAMERA"}
    return out, cams


def matrix_diff(a, b):
    """Largest difference of the rotation/scale part and of the translation
    relative to its size (scenes are metres to kilometres)."""
    rot = max(abs(a[i][j] - b[i][j]) for i in range(3) for j in range(3))
    move = max(abs(a[i][3] - b[i][3]) / max(1.0, abs(b[i][3])) for i in range(3))
    return max(rot, move)


def check_fbx_against_gltf(g, label, gltf_worlds, gltf_lens, fps):
    """The FBX import and the plain glTF import of the same item agree: every
    animated object's world matrix at the animation's key times (the camera
    points where the glTF camera points), and the camera lens (within 0.01 mm)
    with its lens keys."""
    objs = objects_by_name()
    compared = 0
    cuts = cut_starts(g, fps) if MERGING_UPDATE else {}
    for name, samples in gltf_worlds.items():
        if not C.ok(name in objs, label + " object %s in the FBX import" % name):
            continue
        # The glTF importer turns every node into Blender's Z-up axes; the FBX
        # importer turns the whole tree once (its objects keep their Y-up
        # frames: world = glTF world @ Rx(90)) except cameras, which both
        # importers orient as Blender cameras.
        frame = Matrix() if objs[name].type == "CAMERA" else Matrix.Rotation(math.pi / 2, 4, "X")
        for t, want in samples:
            f = 1 + t * fps  # Blender's FBX import starts at frame 1 (anim_offset)
            bpy.context.scene.frame_set(int(math.floor(f + 1e-6)), subframe=(f + 1e-6) % 1.0)
            d = matrix_diff(objs[name].matrix_world, want @ frame)
            if d > 2e-4 and t in cuts.get(name, ()):
                # ripkit's FBX holds extra keys inside such a cut (where its
                # Euler curves leave the quaternion path), thousandths of a
                # frame apart; Blender 3.6+'s FBX importer merges keys closer
                # than 0.01 frame, so its pose there can be a later key's.
                print("%s %s at %.4f s, the first key of a cut: differs by %.2g, not counted; "
                      "Blender %s's FBX import merges keys closer than 0.01 frame"
                      % (label, name, t, d, bpy.app.version_string))
                continue
            C.ok(d <= 2e-4, label + " %s world matrix at %.4f s equals the glTF import's "
                 "(differs by %.2g)" % (name, t, d))
            compared += 1
    for name, lens in gltf_lens.items():
        cam = objs.get(name)
        if not C.ok(cam is not None and cam.type == "CAMERA", label + " camera %s from the FBX" % name):
            continue
        bpy.context.scene.frame_set(0)
        C.near(cam.data.lens, lens, label + " camera %s lens = the glTF import's (mm)" % name, 0.01)
    for ci, cam in enumerate(g.get("cameras")):
        times = cam.get("extras", {}).get("yfov_times", [])
        values = cam.get("extras", {}).get("yfov_values", [])
        obj = next((o for o in bpy.data.objects if o.type == "CAMERA"), None)
        if not times or obj is None:
            continue
        fc = U.fcurve(obj.data, "lens")
        C.eq(len(fc.keyframe_points) if fc else 0, len(times), label + " FBX lens key count")
        for t, v in zip(times, values):
            f = 1 + t * fps
            bpy.context.scene.frame_set(int(math.floor(f + 1e-6)), subframe=(f + 1e-6) % 1.0)
            C.near(obj.data.lens, U.lens_of(24.0, v), label + " FBX lens at %.3f s" % t, 0.01)
    bpy.context.scene.frame_set(1)
    return compared


def check_fbx(g, label, notes, sample, gltf_worlds, gltf_lens):
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    armas = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    joints = g.joints()
    got = {"armatures": len(armas), "bones": sum(len(a.data.bones) for a in armas),
           "cameras": len([o for o in bpy.data.objects if o.type == "CAMERA"]),
           "actions": len(bpy.data.actions), "fps": fps}
    C.eq(got["cameras"], len(g.get("cameras")), label + " FBX camera count")
    got["world_matrices_compared"] = check_fbx_against_gltf(g, label, gltf_worlds, gltf_lens, fps)
    rate, _ = contract_rate_count(g)
    if g.get("animations") and rate:
        # GlobalSettings TimeMode/CustomFrameRate: Blender plays at the game's rate.
        C.near(fps, rate, label + " FBX scene fps = scene extras frame_rate", 1e-6)
    if joints:
        names = {b.name for a in armas for b in a.data.bones}
        missing = [g.get("nodes")[j]["name"] for j in joints if g.get("nodes")[j]["name"] not in names]
        C.eq(missing, [], label + " every joint is a bone")
    # The animation's duration survives (a 10 s animation is 10 s long).
    glb_end = max((max(t) for a, n, p, i, t, v in g.channels()), default=0.0)
    ends = [a.frame_range[1] for a in bpy.data.actions]
    starts = [a.frame_range[0] for a in bpy.data.actions]
    if glb_end > 0 and C.ok(ends, label + " actions imported"):
        got["duration_s"] = (max(ends) - min(starts)) / fps
        C.near(got["duration_s"], glb_end, label + " animation duration (s)", 1.0 / fps + 1e-6)
    FBX_REPORT.append((sample, got, notes))


def run_item(exe, path, item, fields, work, label):
    out = os.path.join(work, "%s_%d" % (os.path.basename(path).replace(".", "_"), item))
    os.makedirs(out, exist_ok=True)
    glb, fbx = os.path.join(out, "scene.glb"), os.path.join(out, "scene.fbx")
    rc, _, err = ripkit(exe, "convert", path, glb, "--item", str(item))
    if not C.ok(rc == 0, label + " ripkit convert to glb: " + err.strip()):
        return
    g = GlbDoc(glb)
    # 1. the add-on
    U.fresh_scene()
    U.prefs().ripkit_path = exe
    try:
        res = bpy.ops.import_scene.ripkit_any(filepath=path, item=str(item))
        C.eq(res, {"FINISHED"}, label + " add-on import")
        C.eq(U.restore_failures(), [], label + " no restore step failed")
        check_addon(g, label + " [add-on]", fields, os.path.join(out, "scene.wav"))
    except RuntimeError as e:
        C.ok(False, label + " add-on import raised " + str(e))
    # 2. plain glTF
    U.fresh_scene()
    U.prefs().restore_plain_gltf = False
    U.numpy_shim()
    bpy.ops.import_scene.gltf(filepath=glb)
    gltf_worlds, gltf_lens = check_plain(g, label + " [plain glTF]")
    U.prefs().restore_plain_gltf = True
    # 3. FBX
    rc, _, err = ripkit(exe, "convert", path, fbx, "--item", str(item))
    notes = [l for l in err.splitlines() if "note:" in l]
    if not C.ok(rc == 0, label + " ripkit convert to fbx: " + err.strip()):
        return
    U.fresh_scene()
    try:
        bpy.ops.import_scene.fbx(filepath=fbx)
        check_fbx(g, label + " [FBX]", notes, label, gltf_worlds, gltf_lens)
    except RuntimeError as e:
        C.ok(False, label + " Blender's FBX importer: " + str(e).strip())
        FBX_REPORT.append((label, {"error": str(e).strip()}, notes))


def main():
    a = U.script_args()
    work = a["work"]
    os.makedirs(work, exist_ok=True)
    exe = a["ripkit"]
    U.install_addon(a["zip"])
    files = sample_files(a, work)
    inputs = companions = 0
    for path in files:
        rc, out, err = ripkit(exe, "list", "--json", path)
        if rc != 0:
            print("skipping %s (not an input: %s)" % (path, err.strip()))
            continue
        inputs += 1
        listed = json.loads(out)
        items = [i for i in listed if not i.get("empty")]
        # A companion (a Zouna Material_Z, Bitmap_Z or MeshData_Z beside its
        # model): it decodes, and has nothing to convert on its own.
        if listed and not items and not any(i.get("error") for i in listed):
            print("companion %s (every item decoded and empty)" % path)
            companions += 1
            continue
        if not C.ok(items, "%s has a non-empty item" % path):
            continue
        chosen = ([items[0]] + ([items[-1]] if len(items) > 1 else []))[:ITEMS_PER_FILE]
        # and the first item with face slots, so the face hookup meets real output
        faced = next((i for i in items if i.get("fields", {}).get("face_slots")), None)
        if faced is not None and faced not in chosen:
            chosen.append(faced)
        for it in chosen:
            label = "%s item %d:" % (os.path.relpath(path, os.path.dirname(os.path.dirname(path))), it["id"])
            print("==", label)
            run_item(exe, path, it["id"], it.get("fields", {}), work, label)
    C.ok(inputs > 0, "at least one sample file to test")
    C.ok(companions < inputs / 4, "companions (%d) are few among the inputs (%d)" %
         (companions, inputs))
    with open(os.path.join(work, "fbx_report.json"), "w") as f:
        json.dump(FBX_REPORT, f, indent=1)
    for sample, got, notes in FBX_REPORT:
        print("FBX:", sample, got, notes)
    C.finish()


main()
