"""A TR4 level's moveables with their animations in Blender (3.4, 4.3, 5.2),
twice: through the add-on (glb) and through Blender's own FBX importer of
`ripkit convert ... .fbx`. Each time: one armature whose bones are the
moveable's meshes, one action per anim, and posed vertices at two times
between keyframes equal to positions worked out here by hand from the
keyframes the demo level's writer lays out (formats/tr_level/testkit/
demo_level.cpp, add_demo_anims), not from anything ripkit decodes:

  Lara (slot 0), anim 0 (state 2), rate 5, keys at frames 0, 5, 10:
    root offset (0,-470,0), (0,-480,20), (0,-470,40); hips about Y 0, 4096,
    8192 (65536 a turn). Anim 1 (state 3) keeps the root at (0,-470,0) and
    the hips still.
  ANIMATING1 (slot 427), anim 0, rate 10: about Y 0, 21824, 43648, 65472.

The hips are LARA_SKIN mesh 0, a box 30 wide, y 0..50 (a corner at
(30, 50, 30)); ANIMATING1's mesh is a box 20 wide, y 0..40. A vertex is at
root offset + RotY(angle) * corner, both keyframes' angles about the same axis,
so the engine's blend and glTF's slerp give the linear angle:

  blender -b --factory-startup --python-exit-code 1 --python level_anims_test.py -- \
      --zip ZIP --work DIR --ripkit PATH --samples DIR
"""
import math
import os
import subprocess
import sys

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402

C = U.Checks()
TURN = 360.0 / 65536


def turn_y(p, deg):
    """The engine's RotY (x' = x cos + z sin, z' = -x sin + z cos)."""
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return (c * p[0] + s * p[2], p[1], -s * p[0] + c * p[2])


def blender_space(p):
    """TR (x, y down, z) -> glTF (x, -y, -z) / 512 -> Blender Z up (x, -gz, gy)."""
    return (p[0] / 512, p[2] / 512, -p[1] / 512)


def lerp(a, b, t):
    return tuple(a[k] + (b[k] - a[k]) * t for k in range(3))


# (label, item, anim name, probe corner, [(engine frame, root offset, Y angle)])
LARA_TURN = [(0, (0, -470, 0), 0.0),
             (2, lerp((0, -470, 0), (0, -480, 20), 2 / 5), 4096 * TURN * 2 / 5),
             (7, lerp((0, -480, 20), (0, -470, 40), 2 / 5), (4096 + 4096 * 2 / 5) * TURN)]
LARA_WAVE = [(0, (0, -470, 0), 0.0), (1, (0, -470, 0), 0.0), (4, (0, -470, 0), 0.0)]
SPIN = [(0, (0, 0, 0), 0.0), (5, (0, 0, 0), 21824 * TURN / 2),
        (25, (0, 0, 0), (43648 + 65472) / 2 * TURN)]
CASES = [("Lara", 0, "anim_0_state_2", (30, 50, 30), LARA_TURN),
         ("Lara", 0, "anim_1_state_3", (30, 50, 30), LARA_WAVE),
         ("ANIMATING1", 427, "anim_0_state_1", (20, 40, 20), SPIN)]
ANIMS = {0: ["anim_0_state_2", "anim_1_state_3"], 427: ["anim_0_state_1"]}
BONES = {0: 15, 427: 1}


def ripkit(exe, *args):
    p = subprocess.run([exe] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("ripkit %s: %s" % (" ".join(args), p.stderr.decode()))


def evaluated_vertices():
    dg = bpy.context.evaluated_depsgraph_get()
    out = []
    for o in bpy.data.objects:
        if o.type != "MESH":
            continue
        e = o.evaluated_get(dg)
        m = e.to_mesh()
        out += [tuple(e.matrix_world @ v.co) for v in m.vertices]
        e.to_mesh_clear()
    return out


def close(a, b, tol):
    return all(abs(a[k] - b[k]) < tol for k in range(3))


def play(arm, action):
    """Makes the armature play `action` (in 4.4+ its one slot)."""
    ad = arm.animation_data or arm.animation_data_create()
    ad.action = action
    if getattr(ad, "action_slot", "none") is None and len(action.slots):
        ad.action_slot = action.slots[0]


def actions_of(name):
    """Actions of anim `name`: the glTF importer names them after the
    animation (3.x adds '_<object>'), Blender's FBX importer 'object|take'."""
    return [a for a in bpy.data.actions
            if name in (a.name, a.name.split("|")[-1], a.name.rsplit("_", 1)[0])]


def check_item(label, item, how, first, tol):
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    if not C.eq(len(armatures), 1, "%s %s: one armature" % (label, how)):
        return
    arm = armatures[0]
    bones = sorted(b.name for b in arm.data.bones)
    width = len(str(BONES[item] - 1))
    C.eq(bones, sorted("slot%d_mesh%0*d" % (item, width, j) for j in range(BONES[item])),
         "%s %s: one bone per mesh of the moveable" % (label, how))
    for name in ANIMS[item]:
        C.eq(len(actions_of(name)), 1, "%s %s: one action for %s (actions: %s)"
             % (label, how, name, sorted(a.name for a in bpy.data.actions)))
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    C.near(fps, 30.0, "%s %s: the scene plays at the engine's 30 frames a second" % (label, how))
    for case_label, case_item, anim, corner, probes in CASES:
        if case_item != item or len(actions_of(anim)) != 1:
            continue
        play(arm, actions_of(anim)[0])
        # The vertex at the first keyframe's pose, then the same vertex later.
        at = None
        for frame, offset, deg in probes:
            want = blender_space([offset[k] + turn_y(corner, deg)[k] for k in range(3)])
            scene.frame_set(first + frame)
            got = evaluated_vertices()
            if at is None:
                at = [i for i, p in enumerate(got) if close(p, want, tol)]
                if not C.ok(at, "%s %s %s: a vertex at corner %s at frame %d (%s)"
                            % (case_label, how, anim, corner, frame, want)):
                    break
                continue
            C.ok(all(close(got[i], want, tol) for i in at),
                 "%s %s %s: corner %s at frame %d: want %s, got %s"
                 % (case_label, how, anim, corner, frame, want, [got[i] for i in at]))


def main():
    a = U.script_args()
    exe = a["ripkit"]
    os.makedirs(a["work"], exist_ok=True)
    level = os.path.join(a["samples"], "tr_level", "DEMO.TR4")
    U.install_addon(a["zip"])
    for item in (0, 427):
        label = "slot %d" % item
        U.fresh_scene()
        U.prefs().ripkit_path = exe
        res = bpy.ops.import_scene.ripkit_tr_level(filepath=level, item=str(item))
        if C.eq(res, {"FINISHED"}, label + ": add-on import"):
            # The add-on starts the animation on frame 1.
            check_item(label, item, "(add-on, glb)", 1, 2e-4)

        fbx = os.path.join(a["work"], "slot%d.fbx" % item)
        ripkit(exe, "convert", level, fbx, "--item", str(item))
        U.fresh_scene()
        bpy.ops.import_scene.fbx(filepath=fbx)
        # Blender's FBX importer starts at frame 1 (anim_offset).
        check_item(label, item, "(FBX import)", 1, 2e-4)
    C.finish()


main()
