"""A Tomb Raider cutscene with its level through the add-on's "Level file"
option in Blender (3.4, 4.3, 5.2): two armatures of 15 bones, the meshes the .glb holds,
materials showing their pages, and posed vertices at several frames equal to
positions worked out here from `ripkit dump` (the stored tree offsets, mesh
vertices and 10-bit angles), not from the scene ripkit builds:

  blender -b --factory-startup --python-exit-code 1 --python level_test.py -- \
      --zip ZIP --work DIR --ripkit PATH --samples DIR
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
FRAMES = (0, 57, 133, 239)


def ripkit(exe, *args):
    p = subprocess.run([exe] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("ripkit %s: %s" % (" ".join(args), p.stderr.decode()))
    return p.stdout.decode()


def dump(exe, path, item):
    return json.loads(ripkit(exe, "dump", path, "--item", str(item)))


# ---- the engine's pose, longhand ---------------------------------------------
def mat_mul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)] for r in range(3)]


def mat_vec(m, v):
    return [sum(m[r][k] * v[k] for k in range(3)) for r in range(3)]


def rot(axis, a):
    c, s = math.cos(a), math.sin(a)
    if axis == "x":
        return [[1, 0, 0], [0, c, -s], [0, s, c]]
    if axis == "y":
        return [[c, 0, s], [0, 1, 0], [-s, 0, c]]
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]


def parents_of(tree):
    """The engine's walk: pop (parent = last pushed), push (save it), offset."""
    parents, stack, parent = [-1], [], 0
    for j, (flags, _dx, _dy, _dz) in enumerate(tree, start=1):
        if flags & 1 and stack:
            parent = stack.pop()
        if flags & 2:
            stack.append(parent)
        parents.append(parent)
        parent = j
    return parents


def world_point(cut, actor, tree, mesh, v, f):
    """TR world position of vertex v of `mesh` at frame f: M0 = T(org + offset) R0,
    Mj = M(parent) T(tree offset) Rj, R = RotY RotX RotZ of the 10-bit angles."""
    a = cut["actors"][actor]
    parents = parents_of(tree)
    turn = 2 * math.pi / 1024
    rs, ts = [], []
    for j in range(mesh + 1):
        x, y, z = a["rotation"][f][j]
        r = mat_mul(mat_mul(rot("y", y * turn), rot("x", x * turn)), rot("z", z * turn))
        if j == 0:
            ts.append([cut["origin"][k] + a["offset"][f][k] for k in range(3)])
            rs.append(r)
            continue
        p = parents[j]
        off = mat_vec(rs[p], tree[j - 1][1:])
        ts.append([ts[p][k] + off[k] for k in range(3)])
        rs.append(mat_mul(rs[p], r))
    w = mat_vec(rs[mesh], v)
    return [ts[mesh][k] + w[k] for k in range(3)]


def blender_space(p):
    """TR (x, y down, z) -> glTF (x, -y, -z) / 512 -> Blender Z up (x, -gz, gy)."""
    return (p[0] / 512, p[2] / 512, -p[1] / 512)


def evaluated_vertices():
    dg = bpy.context.evaluated_depsgraph_get()
    out = {}
    for o in bpy.data.objects:
        if o.type != "MESH":
            continue
        e = o.evaluated_get(dg)
        m = e.to_mesh()
        out[o.name] = [tuple(e.matrix_world @ v.co) for v in m.vertices]
        e.to_mesh_clear()
    return out


def close(a, b, tol=2e-4):
    return all(abs(a[k] - b[k]) < tol for k in range(3))


def main():
    a = U.script_args()
    exe = a["ripkit"]
    os.makedirs(a["work"], exist_ok=True)
    cutseq = os.path.join(a["samples"], "tr_cutseq", "CUTSEQ.PAK")
    level = os.path.join(a["samples"], "tr_level", "DEMO.TR4")
    U.install_addon(a["zip"])
    U.fresh_scene()
    U.prefs().ripkit_path = exe
    res = bpy.ops.import_scene.ripkit_tr_cutseq(filepath=cutseq, item="1", level=level)
    C.eq(res, {"FINISHED"}, "add-on import with a level file")

    # One glTF skin per actor, so Blender makes one armature per actor whose
    # bones are its 15 joints by the cutscene's node names.
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    C.eq(len(armatures), 2, "two armatures")
    by_actor = {}
    for o in armatures:
        names = sorted(b.name for b in o.data.bones)
        by_actor[names[0].split("_")[0] if names else ""] = (o, names)
    for i in range(2):
        want = sorted("actor%d_mesh%d" % (i, j) for j in range(15))
        got = by_actor.get("actor%d" % i, (None, []))[1]
        C.eq(got, want, "actor %d's armature: its 15 joints" % i)
    if "actor0" in by_actor and "actor1" in by_actor:
        b0, b1 = by_actor["actor0"][0].data.bones, by_actor["actor1"][0].data.bones
        C.eq(b0["actor0_mesh14"].parent.name, "actor0_mesh7", "Lara's head on her chest (the tree)")
        C.eq(b1["actor1_mesh5"].parent.name, "actor1_mesh2", "actor 1 mesh 5 after a pop")
    glb = os.path.join(a["work"], "level.glb")
    ripkit(exe, "convert", cutseq, glb, "--item", "1", "--level", level)
    with open(glb, "rb") as f:
        data = f.read()
    jlen = int.from_bytes(data[12:16], "little")
    doc = json.loads(data[20:20 + jlen])
    C.eq(len(bpy.data.meshes), len(doc["meshes"]), "one Blender mesh per glTF mesh")
    C.ok(len(doc["meshes"]) >= 3, "two bodies and a room")
    C.ok("room0" in bpy.data.objects, "the room the cutscene plays in")
    without_image = [m.name for m in bpy.data.materials
                     if not (U.selected_image(m) and U.selected_image(m).size[0] > 0)]
    C.eq(without_image, [], "every material shows its page")

    cut = dump(exe, cutseq, 1)["cutscenes"][0]
    lara_tree = dump(exe, level, 0)["tree"]
    lara_skin = dump(exe, level, 8)["meshes"]
    actor = dump(exe, level, 101)
    scene = bpy.context.scene
    probes = [("Lara's left hand (LARA_SKIN 13)", 0, lara_tree, 13, lara_skin[13]["vertices"]),
              ("Lara's head (LARA_SKIN 14)", 0, lara_tree, 14, lara_skin[14]["vertices"]),
              ("actor 1 mesh 8", 1, actor["tree"], 8, actor["meshes"][8]["vertices"])]
    for label, who, tree, mesh, verts in probes:
        for v in verts[:2]:
            scene.frame_set(1 + FRAMES[0])
            want0 = blender_space(world_point(cut, who, tree, mesh, v, FRAMES[0]))
            at = [(name, i) for name, vs in evaluated_vertices().items()
                  for i, p in enumerate(vs) if close(p, want0)]
            if not C.ok(at, "%s vertex %s at frame %d" % (label, v, FRAMES[0])):
                continue
            for f in FRAMES[1:]:
                scene.frame_set(1 + f)
                want = blender_space(world_point(cut, who, tree, mesh, v, f))
                now = evaluated_vertices()
                C.ok(any(close(now[name][i], want) for name, i in at),
                     "%s vertex %s at frame %d: want %s, got %s" %
                     (label, v, f, want, [now[name][i] for name, i in at][:2]))
    C.finish()


main()
