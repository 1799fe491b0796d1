"""A Zouna character (the test kit's FUEL Skin_Z with its companions from the
same folder and --anim BEND) through the add-on in Blender (3.4, 4.3, 5.2): one armature
with the Skel_Z's two bones, the body skinned with its stored weights (1, and
0.5 / 0.5), its material showing the 4 x 4 texture, and the animation moving
every vertex to where the hand arithmetic below puts it:

  blender -b --factory-startup --python-exit-code 1 --python zouna_model_test.py -- \
      --zip ZIP --work DIR --ripkit PATH --samples DIR
"""
import math
import os
import sys

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402

C = U.Checks()


def hand_position(p, w_child, t):
    """Engine space (the kit's numbers, body_kit.hpp): ROOT stays; CHILD, rest at
    (0, 1, 0), turns 90 degrees x t about +Z; blend by the weights; then glTF's
    Z mirror and Blender's Z up: (x, y, z) -> (x, -(-z), y) = (x, z, y)."""
    a = math.pi / 2 * t
    rx, ry, rz = p[0], p[1] - 1, p[2]
    child = (rx * math.cos(a) - ry * math.sin(a), rx * math.sin(a) + ry * math.cos(a) + 1, rz)
    e = [(1 - w_child) * p[k] + w_child * child[k] for k in range(3)]
    return (e[0], e[2], e[1])


def evaluated(obj):
    dg = bpy.context.evaluated_depsgraph_get()
    e = obj.evaluated_get(dg)
    m = e.to_mesh()
    out = [tuple(e.matrix_world @ v.co) for v in m.vertices]
    e.to_mesh_clear()
    return out


def close(a, b, tol=2e-3):
    return all(abs(a[k] - b[k]) < tol for k in range(3))


def main():
    a = U.script_args()
    folder = os.path.join(a["samples"], "zouna", "model", "fuel")
    U.install_addon(a["zip"])
    U.fresh_scene()
    U.prefs().ripkit_path = a["ripkit"]
    res = bpy.ops.import_scene.ripkit_zouna(
        filepath=os.path.join(folder, "SKIN.Skin_Z"),
        anim=os.path.join(folder, "BEND.Animation_Z"),
        names=os.path.join(folder, "names.txt"))
    C.eq(res, {"FINISHED"}, "add-on import of SKIN.Skin_Z with --anim and --names")

    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    C.eq(len(armatures), 1, "one armature")
    if not armatures:
        return C.finish()
    arm = armatures[0]
    C.eq(sorted(b.name for b in arm.data.bones), ["CHILD", "ROOT"], "the Skel_Z's two bones")
    C.eq(arm.data.bones["CHILD"].parent.name, "ROOT", "CHILD under ROOT")

    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    C.eq(len(meshes), 1, "one mesh object (BODY's Mesh_Z)")
    if not meshes:
        return C.finish()
    body = meshes[0]
    C.eq(body.data.name, "BODY", "the mesh named after its Mesh_Z")
    C.eq(len(body.data.vertices), 8, "BODY's 8 vertices")
    C.ok(any(m.type == "ARMATURE" and m.object == arm for m in body.modifiers),
         "the body deformed by the armature")
    groups = {g.index: g.name for g in body.vertex_groups}
    weights = []
    for v in body.data.vertices:
        weights.append(sorted((groups[g.group], round(g.weight, 4)) for g in v.groups
                              if g.weight > 0))
    ones = sum(1 for w in weights if w == [("ROOT", 1.0)])
    halves = sum(1 for w in weights if w == [("CHILD", 0.5), ("ROOT", 0.5)])
    C.eq((ones, halves), (4, 4), "weights: four vertices ROOT 1, four ROOT/CHILD 0.5 / 0.5 "
         "(got %s)" % weights)

    mats = body.data.materials
    C.eq(len(mats), 1, "one material")
    if mats:
        C.eq(mats[0].name, "MAT", "the Material_Z by name")
        img = U.selected_image(mats[0])
        C.ok(img is not None and tuple(img.size) == (4, 4), "MAT shows the 4 x 4 TEX")

    scene = bpy.context.scene
    # The kit's stored vertices (engine space) and their CHILD weights.
    stored = [(-0.5, 0, 0), (0.5, 0, 0), (0.5, 1, 0), (-0.5, 1, 0),
              (0, 1, -0.5), (0, 1, 0.5), (0, 2, 0.5), (0, 2, -0.5)]
    w_child = [0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5]
    scene.frame_set(scene.frame_start)
    rest = evaluated(body)
    # Blender orders the vertices its own way: match each stored one at rest.
    order = []
    for p in stored:
        want = hand_position(p, 0, 0)
        hit = [i for i, q in enumerate(rest) if close(q, want)]
        C.ok(hit, "stored vertex %s at rest at %s (have %s)" % (p, want, rest))
        order.append(hit[0] if hit else None)
    fps = scene.render.fps / scene.render.fps_base
    frame = scene.frame_start + int(round(fps * 1.0))  # BEND's last key, 1 s
    scene.frame_set(frame)
    bent = evaluated(body)
    moved = want_moved = 0
    for k, p in enumerate(stored):
        if order[k] is None:
            continue
        want = hand_position(p, w_child[k], 1.0)
        C.ok(close(bent[order[k]], want),
             "vertex %s at 1 s (frame %d): want %s, got %s" % (p, frame, want, bent[order[k]]))
        moved += not close(bent[order[k]], rest[order[k]])
        want_moved += not close(want, hand_position(p, 0, 0))
    # Two of the four CHILD-weighted vertices lie on the axis CHILD turns about.
    C.eq((moved, want_moved), (2, 2), "the animation moves the two CHILD-weighted vertices "
         "off its axis, and no other")
    C.finish()


main()
