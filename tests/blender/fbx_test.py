"""Blender's FBX importer (3.4, 4.3, 5.2) on ripkit's FBX of one hand-built scene
(fbx_fixture.cpp), against Blender's glTF importer on the .glb of the same
scene and against values computed here from the glb's accessors:

  - the camera: a camera object that can be the scene camera, lens equal to
    the glTF import's within 0.01 mm, the field-of-view change as lens keys
    (lens at each key = 12 / tan(yfov / 2) on the 24 mm film), its world
    matrix equal to the glTF import's at every camera key (it moves and turns);
  - every other animated object whose parents stand still: at each key time
    of its translation, rotation and scale channel, that part of its world
    matrix equal to the glTF import's (Blender reads every FBX key as linear,
    so between keys - and at one channel's key between another's - it may not);
  - node and camera extras as custom properties (Blender reads them from
    Models, not camera attributes);
  - the --fbx-bake file: keys at every frame, the cubic scale equal to the
    glTF Hermite (computed here) at every frame, and every animated object's
    world matrix equal at every frame to the one computed here from the glb's
    nodes and samplers (slerp for LINEAR rotations, which Blender's glTF
    importer interpolates per component instead).

  blender -b --factory-startup --python-exit-code 1 --python fbx_test.py -- \
      --zip ZIP --work DIR --fixture ripkit_fbx_fixture
"""
import math
import os
import struct
import subprocess
import sys
import json

import bpy
from mathutils import Matrix, Quaternion, Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402

C = U.Checks()
Y_UP = Matrix.Rotation(math.pi / 2, 4, "X")  # FBX import: world = glTF import's world @ this


def read_glb(path):
    with open(path, "rb") as f:
        data = f.read()
    jlen = struct.unpack_from("<I", data, 12)[0]
    j = json.loads(data[20:20 + jlen])
    blob = data[20 + jlen + 8:]

    def floats(index):
        a = j["accessors"][index]
        n = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[a["type"]]
        v = j["bufferViews"][a["bufferView"]]
        base = v.get("byteOffset", 0) + a.get("byteOffset", 0)
        return [struct.unpack_from("<%df" % n, blob, base + 4 * n * i) for i in range(a["count"])]
    return j, floats


def channels(j, floats):
    for a in j["animations"]:
        for ch in a["channels"]:
            s = a["samplers"][ch["sampler"]]
            yield (j["nodes"][ch["target"]["node"]]["name"], ch["target"]["path"],
                   s.get("interpolation", "LINEAR"), [t[0] for t in floats(s["input"])],
                   floats(s["output"]))


def hermite(times, out, t, dims=3):
    """glTF CUBICSPLINE (in, value, out triplets) at t."""
    k = max(i for i in range(len(times) - 1) if times[i] <= t) if t < times[-1] else len(times) - 2
    dt = times[k + 1] - times[k]
    s = (t - times[k]) / dt
    p0, m0 = out[3 * k + 1], out[3 * k + 2]
    p1, m1 = out[3 * (k + 1) + 1], out[3 * (k + 1)]
    h = (2 * s**3 - 3 * s**2 + 1, s**3 - 2 * s**2 + s, -2 * s**3 + 3 * s**2, s**3 - s**2)
    return [h[0] * p0[c] + h[1] * dt * m0[c] + h[2] * p1[c] + h[3] * dt * m1[c]
            for c in range(dims)]


KEY_EPS = 1e-6  # a frame this close to a key shows the key (glb times are float32)


def sample(interp, times, values, t, rotation):
    """A glTF sampler at t (clamped), from its accessor values."""
    def vec(v):
        return Quaternion((v[3], v[0], v[1], v[2])) if rotation else Vector(v)
    n = len(times)
    cubic = interp == "CUBICSPLINE"
    val = (lambda k: values[3 * k + 1]) if cubic else (lambda k: values[k])
    if t <= times[0] + KEY_EPS:
        return vec(val(0))
    if t >= times[-1] - KEY_EPS:
        return vec(val(n - 1))
    k = max(i for i in range(n) if times[i] <= t + KEY_EPS)
    if abs(times[k + 1] - t) <= KEY_EPS:
        return vec(val(k + 1))
    s = (t - times[k]) / (times[k + 1] - times[k])
    if interp == "STEP":
        return vec(val(k))
    if interp == "LINEAR":
        a, b = vec(val(k)), vec(val(k + 1))
        return a.slerp(b, s) if rotation else a.lerp(b, s)
    v = hermite(times, values, t, len(values[0]))
    return vec(v).normalized() if rotation else vec(v)


def world_matrices(j, chans, t):
    """Every node's world matrix at t, from the glb (glTF's Y-up space)."""
    by_node = {}
    for name, path, interp, times, values in chans:
        by_node[(name, path)] = (interp, times, values)
    local = []
    for n in j["nodes"]:
        parts = {}
        for path, rest in (("translation", [0, 0, 0]), ("rotation", [0, 0, 0, 1]),
                           ("scale", [1, 1, 1])):
            ch = by_node.get((n["name"], path))
            if ch:
                parts[path] = sample(ch[0], ch[1], ch[2], t, path == "rotation")
            else:
                v = n.get(path, rest)
                parts[path] = Quaternion((v[3], v[0], v[1], v[2])) if path == "rotation" else Vector(v)
        local.append(Matrix.LocRotScale(parts["translation"], parts["rotation"], parts["scale"]))
    world = [None] * len(local)

    def w(i):
        if world[i] is None:
            p = next((k for k, n in enumerate(j["nodes"]) if i in n.get("children", [])), None)
            world[i] = local[i] if p is None else w(p) @ local[i]
        return world[i]
    return {n["name"]: w(i) for i, n in enumerate(j["nodes"])}


def set_time(t, fps, first):
    f = first + t * fps
    bpy.context.scene.frame_set(int(math.floor(f + 1e-6)), subframe=(f + 1e-6) % 1.0)


def matrix_diff(a, b):
    return max(abs(a[i][k] - b[i][k]) for i in range(4) for k in range(4))


def gltf_import(glb, names, times):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    U.numpy_shim()
    bpy.ops.import_scene.gltf(filepath=glb)
    fps = bpy.context.scene.render.fps / bpy.context.scene.render.fps_base
    worlds = {}
    for t in sorted(times):
        set_time(t, fps, 0)
        for name in names:
            worlds[(name, t)] = bpy.data.objects[name].matrix_world.copy()
    cam = next(o for o in bpy.data.objects if o.type == "CAMERA")
    return worlds, cam.data.lens


def part_diff(path, got, want):
    """The difference of one part (translation, rotation, scale) of two world matrices."""
    if path == "translation":
        return (got.to_translation() - want.to_translation()).length
    if path == "scale":
        return (got.to_scale() - want.to_scale()).length
    return got.to_quaternion().rotation_difference(want.to_quaternion()).angle


def main():
    a = U.script_args()
    work = a["work"]
    os.makedirs(work, exist_ok=True)
    rc = subprocess.run([a["fixture"], work]).returncode
    if not C.ok(rc == 0, "ripkit_fbx_fixture wrote the scene"):
        C.finish()
    glb, fbx, baked = (os.path.join(work, n) for n in ("scene.glb", "scene.fbx", "scene_baked.fbx"))
    j, floats = read_glb(glb)
    chans = list(channels(j, floats))
    parents = {}
    for i, n in enumerate(j["nodes"]):
        for c in n.get("children", []):
            parents[j["nodes"][c]["name"]] = n["name"]
    animated = {c[0] for c in chans}
    # joints are bones, posed apart by the two importers
    names = sorted(n for n in animated if n not in ("bone_a", "bone_b"))

    def still_parents(name):
        p = parents.get(name)
        while p is not None:
            if p in animated:
                return False
            p = parents.get(p)
        return True

    frames = [f / 30.0 for f in range(61)]
    key_times = set(frames)
    for name, path, interp, times, values in chans:
        key_times.update(times)
    gltf_worlds, gltf_lens = gltf_import(glb, names, key_times)

    # --- the FBX
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.fbx(filepath=fbx)
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    C.near(fps, 30.0, "FBX scene fps")
    cams = [o for o in bpy.data.objects if o.type == "CAMERA"]
    if C.eq([o.name for o in cams], ["cam"], "one camera object, named as its node"):
        cam = cams[0]
        scene.camera = cam
        C.ok(scene.camera == cam, "the FBX camera can be the scene camera")
        set_time(0.0, fps, 1)
        C.near(cam.data.lens, gltf_lens, "lens = the glTF import's (mm)", 0.01)
        yfov = j["cameras"][0]["extras"]
        fc = U.fcurve(cam.data, "lens")
        C.eq(len(fc.keyframe_points) if fc else 0, len(yfov["yfov_times"]), "lens keys")
        for t, v in zip(yfov["yfov_times"], yfov["yfov_values"]):
            set_time(t, fps, 1)
            C.near(cam.data.lens, U.lens_of(24.0, v), "lens at %.2f s" % t, 0.01)
        C.eq(cam.get("lens"), "zoom", "camera extras as custom properties")
    objs = {o.name: o for o in bpy.data.objects}
    for name, path, interp, times, values in chans:
        if name not in names or not still_parents(name):
            continue
        if not C.ok(name in objs, "object %s" % name):
            continue
        frame = Matrix() if objs[name].type == "CAMERA" else Y_UP
        for t in times:
            set_time(t, fps, 1)
            d = part_diff(path, objs[name].matrix_world, gltf_worlds[(name, t)] @ frame)
            C.ok(d <= 1e-4, "%s %s at its key %.2f s equals the glTF import's (differs by %.2g)"
                 % (name, path, t, d))
    mover = objs.get("mover")
    if C.ok(mover is not None, "mover"):
        C.eq((mover.get("slot"), mover.get("label"), mover.get("ratio")), (7, "mover node", 0.25),
             "node extras as custom properties")
        C.near(mover.get("mouth"), 3.0, "the value track's property (its rest value; Blender "
               "does not animate custom properties)")

    # --- the baked FBX: a key at every frame, the cubic scale right at every frame
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.fbx(filepath=baked)
    mover = bpy.data.objects["mover"]
    name, path, interp, times, values = next(c for c in chans if c[0] == "mover" and c[1] == "scale")
    fcs = [fc for fc in U.fcurves(mover) if fc.data_path == "scale"]
    C.eq({len(fc.keyframe_points) for fc in fcs}, {61}, "baked scale: a key at each of the 61 frames")
    worst = 0.0
    for f in range(61):
        t = f / 30.0
        set_time(t, 30.0, 1)
        want = hermite(times, values, t)
        got = mover.matrix_world.to_scale()
        worst = max(worst, max(abs(got[c] - want[c]) for c in range(3)))
    C.ok(worst <= 1e-4, "baked scale = the glTF Hermite at every frame (worst %.2g)" % worst)
    objs = {o.name: o for o in bpy.data.objects}
    # The camera's own axes differ between the imports' spaces by a fixed turn:
    # taken from the glTF import at 0 s.
    cam_turn = (Y_UP @ world_matrices(j, chans, 0.0)["cam"]).inverted() @ gltf_worlds[("cam", 0.0)]
    worst = {name: (0.0, 0.0) for name in names}
    for t in frames:
        want = world_matrices(j, chans, t)
        set_time(t, 30.0, 1)
        for name in names:
            if name not in objs:
                continue
            w = Y_UP @ want[name] @ (cam_turn if objs[name].type == "CAMERA" else Matrix())
            d = matrix_diff(objs[name].matrix_world, w)
            if d > worst[name][0]:
                worst[name] = (d, t)
    for name in names:
        if C.ok(name in objs, "baked: object %s" % name):
            d, t = worst[name]
            C.ok(d <= 1e-4, "baked: %s world matrix = the glb's at every frame (worst %.2g at "
                 "%.2f s)" % (name, d, t))
    C.finish()


main()
