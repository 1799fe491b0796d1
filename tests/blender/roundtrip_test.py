"""The direction back in real Blender (3.4, 4.3, 5.2): a cutscene imported through the
add-on, exported unchanged through File > Export > ripkit (Blender's own glTF
exporter, then `ripkit convert`), decodes to the original's values; then one
camera key moved in Blender moves the decoded camera at that frame only. A
Zouna animation the same way: the file's header, modifiers and messages kept
(from the base: Blender drops animation extras), and every object's pose at
every frame, imported again, equal to the original's within quantisation.

Run: blender -b --factory-startup --python roundtrip_test.py -- --zip ZIP
     --ripkit RIPKIT --samples SAMPLES --work DIR
"""
import json
import math
import os
import subprocess
import sys

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402

C = U.Checks()


def dump(exe, path, item):
    out = subprocess.run([exe, "dump", path, "--item", str(item)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=True).stdout
    return json.loads(out)["cutscenes"][0]


def circular(a, b):
    d = abs(a - b) % 1024
    return min(d, 1024 - d)


def compare(orig, back, label, moved_frame=None, moved=None):
    """Every frame's camera, target, actor offset and 10-bit angle."""
    C.eq(back["frames"], orig["frames"], label + " frames")
    C.eq(back["origin"], orig["origin"], label + " origin")
    C.eq(back["audio_track"], orig["audio_track"], label + " audio track")
    worst_pos, worst_angle = 0, 0
    for part in ("target", "position"):
        for f, (a, b) in enumerate(zip(orig["camera"][part], back["camera"][part])):
            want = list(a)
            if part == "position" and f == moved_frame:
                want = [x + d for x, d in zip(a, moved)]
            worst_pos = max(worst_pos, max(abs(x - y) for x, y in zip(want, b)))
    C.eq(len(back["actors"]), len(orig["actors"]), label + " actors")
    for i, (a, b) in enumerate(zip(orig["actors"], back["actors"])):
        C.eq(b["slot"], a["slot"], "%s actor %d slot" % (label, i))
        for fa, fb in zip(a["offset"], b["offset"]):
            worst_pos = max(worst_pos, max(abs(x - y) for x, y in zip(fa, fb)))
        for fa, fb in zip(a["rotation"], b["rotation"]):
            for ma, mb in zip(fa, fb):
                worst_angle = max(worst_angle, max(circular(x, y) for x, y in zip(ma, mb)))
    print("%s: worst position difference %d TR units, worst angle %d/1024" %
          (label, worst_pos, worst_angle))
    # Stated bound: positions exact (Blender keeps float32 metres), angles
    # within one 10-bit step (float32 quaternions through Blender's Z-up
    # conversion and back).
    C.ok(worst_pos == 0, "%s: positions exact, worst %d" % (label, worst_pos))
    C.ok(worst_angle <= 1, "%s: angles within 1/1024, worst %d" % (label, worst_angle))


def poses():
    """Every object's local location, rotation and scale at every frame."""
    sc = bpy.context.scene
    out = {}
    for f in range(sc.frame_start, sc.frame_end + 1):
        sc.frame_set(f)
        for o in bpy.data.objects:
            loc, rot, scl = o.matrix_basis.decompose()
            out.setdefault(o.name, []).append((loc.copy(), rot.copy(), scl.copy()))
    return out


def angle_between(qa, qb):
    """The angle of qa^-1 * qb from its vector part, in double: acos of a dot
    product near 1 cannot resolve the float32 quaternions' small angles."""
    wa, va = qa[0], (qa[1], qa[2], qa[3])
    wb, vb = qb[0], (qb[1], qb[2], qb[3])
    cross = (va[1] * vb[2] - va[2] * vb[1], va[2] * vb[0] - va[0] * vb[2],
             va[0] * vb[1] - va[1] * vb[0])
    v = [wa * vb[i] - wb * va[i] - cross[i] for i in range(3)]
    w = wa * wb + sum(va[i] * vb[i] for i in range(3))
    return 2.0 * math.atan2(math.sqrt(sum(x * x for x in v)), abs(w))


def zouna_roundtrip(exe, samples, work):
    src = os.path.join(samples, "zouna", "little", "WALK.Animation_Z")
    U.fresh_scene()
    U.prefs().ripkit_path = exe
    C.eq(bpy.ops.import_scene.ripkit_zouna(filepath=src), {"FINISHED"}, "zouna import")
    before = poses()
    out = os.path.join(work, "WALK.Animation_Z")
    C.eq(bpy.ops.export_scene.ripkit_zouna(filepath=out, base=src), {"FINISHED"},
         "zouna export through the add-on")
    zdump = lambda p: json.loads(subprocess.run([exe, "dump", p], stdout=subprocess.PIPE,
                                                check=True).stdout)
    a, b = zdump(src), zdump(out)
    for key in ("endian", "blending", "flags", "node_flags", "duration"):
        C.eq(b[key], a[key], "zouna " + key)
    C.eq([(n["bone"], n["id"], n["flags"]) for n in b["nodes"]],
         [(n["bone"], n["id"], n["flags"]) for n in a["nodes"]], "zouna bone modifiers")
    C.eq([n["messages"] for n in b["nodes"]], [n["messages"] for n in a["nodes"]],
         "zouna messages (from the base)")
    for group, key in (("materials", "material"), ("meshes", "mesh"), ("morphs", "morph")):
        C.eq([m[key] for m in b[group]], [m[key] for m in a[group]], "zouna " + group)
    U.fresh_scene()
    U.prefs().ripkit_path = exe
    C.eq(bpy.ops.import_scene.ripkit_zouna(filepath=out), {"FINISHED"}, "zouna re-import")
    after = poses()
    C.eq(sorted(after), sorted(before), "zouna objects")
    worst_t, worst_a = 0.0, 0.0
    for name, frames in before.items():
        for (la, ra, sa), (lb, rb, sb) in zip(frames, after.get(name, [])):
            worst_t = max(worst_t, (la - lb).length, (sa - sb).length)
            worst_a = max(worst_a, angle_between(ra, rb))
    print("zouna: worst location/scale difference %.3g, worst angle %.3g rad" %
          (worst_t, worst_a))
    # Stated bound: Comp values hold 1/4096 steps (half a step per axis, float32
    # around it); Quati16 1/2000 per component (Blender's float32 quaternions
    # through its Z-up conversion do not land on the stored values).
    C.ok(worst_t <= 3 ** 0.5 * 0.5 / 4096 + 1e-5, "zouna: location/scale within 1/4096 steps")
    C.ok(worst_a <= 2e-3, "zouna: rotations within 2e-3 rad")

    # "Game version": a new file (no base) gets that header, and the layouts
    # of the game it names (WALL-E's from 1.291.x, zouna-meshes reference).
    walle = "v1.291.03.06 - Asobo Studio - Internal Cross Technology"
    fresh = os.path.join(work, "WALLE.Animation_Z")
    C.eq(bpy.ops.export_scene.ripkit_zouna(filepath=fresh, version=walle), {"FINISHED"},
         "zouna export with a game version")
    info = json.loads(subprocess.run([exe, "info", "--json", fresh], stdout=subprocess.PIPE,
                                     check=True).stdout)
    C.eq(info["version"], walle, "zouna: the header holds the version given")
    C.eq(info["game"], "walle", "zouna: read back as WALL-E")
    C.eq(info["objects_not_decodable"], 0, "zouna: the WALL-E file decodes")
    w = zdump(fresh)
    # A new file orders its nodes by the scene's tree, not the base's table.
    C.eq(sorted(n["bone"] for n in w["nodes"]), sorted(n["bone"] for n in a["nodes"]),
         "zouna: the WALL-E file's bones")


def main():
    a = U.script_args()
    work = a["work"]
    os.makedirs(work, exist_ok=True)
    exe = a["ripkit"]
    U.install_addon(a["zip"])
    U.prefs().ripkit_path = exe
    U.numpy_shim()
    pak = os.path.join(a["samples"], "tr_cutseq", "CUTSEQ.PAK")
    item = 3  # 120 frames, a camera cut at frame 60
    orig = dump(exe, pak, item)

    U.fresh_scene()
    U.prefs().ripkit_path = exe
    C.eq(bpy.ops.import_scene.ripkit_tr_cutseq(filepath=pak, item=str(item)), {"FINISHED"},
         "import through the add-on")
    C.ok(hasattr(bpy.types, "RIPKIT_MT_export"), "File > Export > ripkit menu registered")
    out = os.path.join(work, "UNCHANGED.PAK")
    C.eq(bpy.ops.export_scene.ripkit_tr_cutseq(filepath=out, item=str(item), base=pak),
         {"FINISHED"}, "export through the add-on")
    compare(orig, dump(exe, out, item), "unchanged")
    # Without a base: everything (slots, origin, audio track) from the custom
    # properties Blender kept as extras.
    fresh = os.path.join(work, "NEW.BIN")
    C.eq(bpy.ops.export_scene.ripkit_tr_cutseq(filepath=fresh, item="1"), {"FINISHED"},
         "export without a base")
    compare(orig, dump(exe, fresh, 1), "new file")

    # Move the camera 1 m along Blender's X at game frame 30 (scene frame 31).
    cam = bpy.data.objects["camera"]
    fc = U.fcurve(cam, "location", 0)
    frame = bpy.context.scene.frame_start + 30
    kp = [k for k in fc.keyframe_points if abs(k.co.x - frame) < 1e-3]
    C.eq(len(kp), 1, "one camera x key at scene frame %d" % frame)
    kp[0].co.y += 1.0
    kp[0].handle_left.y += 1.0
    kp[0].handle_right.y += 1.0
    fc.update()
    moved = os.path.join(work, "MOVED.PAK")
    C.eq(bpy.ops.export_scene.ripkit_tr_cutseq(filepath=moved, item=str(item), base=pak),
         {"FINISHED"}, "export after the edit")
    # 1 m = 512 TR units along TR x (Blender X = glTF X = TR X).
    compare(orig, dump(exe, moved, item), "moved", moved_frame=30, moved=[512, 0, 0])
    zouna_roundtrip(exe, a["samples"], work)
    C.finish()


main()
