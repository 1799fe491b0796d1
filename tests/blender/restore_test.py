"""The add-on against a .glb written by make_glb.py (not by ripkit), so every
expected value comes from the generator's constants:

  blender -b --factory-startup --python-exit-code 1 --python restore_test.py -- \
      --zip ripkit_blender.zip --work DIR [--ripkit PATH]

1. plain File > Import > glTF of the file with the add-on enabled;
2. the operator through a stand-in converter (fake_ripkit.py): arguments
   passed, first frame 10, a collection per file;
3. the operator's error report for a failing conversion (stand-in, and the
   real ripkit on a file no format reads when --ripkit is given).
"""
import importlib
import json
import os
import shutil
import sys

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402
import make_glb as G  # noqa: E402

C = U.Checks()


def check_synthetic(first, label):
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    C.near(fps, G.RATE, label + " scene frame rate")
    C.eq(scene.frame_start, first, label + " frame_start")
    C.eq(scene.frame_end, first + G.FRAME_COUNT - 1, label + " frame_end")
    C.eq(scene.get("ripkit_item"), 3, label + " scene item property")
    U.check_world(C, scene, G.BACKDROP, label)

    def frame(t):
        return first + t * G.RATE

    cam_obj = bpy.data.objects.get("game_camera")
    if not C.ok(cam_obj is not None and cam_obj.type == "CAMERA", label + " camera object"):
        return
    C.ok(scene.camera == cam_obj, label + " scene camera is the game camera")
    cam = cam_obj.data
    lens = U.keys(U.fcurve(cam, "lens"))
    C.eq(len(lens), len(G.YFOV_KEYS), label + " lens key count")
    for (x, y, ipo), (t, fov) in zip(lens, G.YFOV_KEYS):
        C.near(x, frame(t), label + " lens key frame")
        C.near(y, U.lens_of(cam.sensor_height, fov), label + " lens at %g s" % t, 1e-3)
        C.eq(ipo, "CONSTANT", label + " lens key interpolation")
    C.near(scene.render.resolution_x / scene.render.resolution_y, G.ASPECT,
           label + " render aspect", 2.0 / scene.render.resolution_y)
    loc = [U.keys(U.fcurve(cam_obj, "location", i)) for i in range(3)]
    # Every key of the file, the two of the cut too, at its frame, holding its value.
    C.eq([round(k[0], 3) for k in loc[0]], [round(frame(t), 3) for t, _ in G.CAM_KEYS],
         label + " camera key frames")
    C.eq([round(k[1], 5) for k in loc[0]], [round(p[0], 5) for _, p in G.CAM_KEYS],
         label + " camera x keys")
    # glTF (x, y, z) is Blender (x, -z, y).
    C.near(loc[0][-1][1] if loc[0] else None, G.CAM_KEYS[-1][1][0], label + " camera x at end")
    C.near(loc[1][0][1] if loc[1] else None, -G.CAM_KEYS[0][1][2], label + " camera -z as y")

    track = bpy.data.objects.get("actor_mouth")
    if C.ok(track is not None, label + " mouth track object"):
        ks = U.keys(U.fcurve(track, "location", 0))
        C.eq([(round(x, 4), y, i) for x, y, i in ks],
             [(round(frame(t), 4), v, "CONSTANT") for t, v in G.MOUTH_KEYS],
             label + " mouth track keys (STEP -> CONSTANT)")

    mat = bpy.data.materials.get("actor_face")
    if C.ok(mat is not None, label + " face material"):
        drivers = mat.node_tree.animation_data.drivers if mat.node_tree.animation_data else []
        C.eq(len(drivers), 1, label + " one driver on the face material")
        for t, want in [(0.0, 0), (0.25, 0), (0.5, 2), (0.9, 2), (1.0, 1), (1.9, 1)]:
            f = frame(t) + 1e-4  # just after the key (STEP holds from the key on)
            scene.frame_set(int(f), subframe=f - int(f))
            img = U.selected_image(mat)
            C.eq(U.image_rgb(img) if img else None, G.FACE_COLOURS[want],
                 label + " face image at %g s" % t)
        scene.frame_set(first)

    armas = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    if C.eq(len(armas), 1, label + " one armature"):
        arma = armas[0]
        C.eq(sorted(b.name for b in arma.data.bones), ["bone_mid", "bone_root", "bone_tip"],
             label + " bones")
        ad = arma.animation_data
        C.ok(ad is not None and ad.action is not None, label + " armature action active")
        if ad and ad.action:
            fc = U.fcurve(arma, 'pose.bones["bone_mid"].rotation_quaternion', 0)
            C.eq([round(k[0], 4) for k in U.keys(fc)], [frame(t) for t, _ in G.BONE_KEYS],
                 label + " bone key frames")
            C.ok(ad.action.use_frame_range, label + " action has a manual frame range")
            C.near(ad.action.frame_start, first, label + " action frame_start")
            C.near(ad.action.frame_end, frame(2.0), label + " action frame_end")
    for obj in (cam_obj, track):
        if obj is not None:
            C.ok(obj.animation_data is not None and obj.animation_data.action is not None,
                 label + " %s has its action active" % obj.name)

    strips = U.sound_strips(scene)
    if C.eq(len(strips), 1, label + " one sound strip"):
        U.check_sequencer_scene(C, scene, label)
        s = strips[0]
        C.eq(s.frame_start, first, label + " sound strip start")
        C.near(s.frame_final_duration, G.AUDIO_FRAMES / G.AUDIO_RATE * G.RATE,
               label + " sound strip length (frames)", 1.0)
        C.ok(s.sound.packed_file is not None, label + " sound packed into the .blend")


def check_node_extras(label, restored=True):
    """Node extras `<key>_json` are custom property `<key>` again (object, and
    bone + pose bone of a joint); without the restore they stay JSON text."""
    root = bpy.data.objects.get("root")
    armas = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    if not C.ok(root is not None and len(armas) == 1, label + " root object and armature"):
        return
    holders = [("root", root, "origin", G.ORIGIN)]
    holders += [("bone_mid " + kind, h, "base", G.BONE_BASE)
                for kind, h in (("bone", armas[0].data.bones.get("bone_mid")),
                                ("pose bone", armas[0].pose.bones.get("bone_mid")))]
    for name, h, key, want in holders:
        if not C.ok(h is not None, label + " " + name):
            continue
        if restored:
            got = h.get(key)
            got = got.to_dict() if hasattr(got, "to_dict") else (list(got) if got is not None else None)
            if isinstance(got, dict) and "rotation" in got:
                got["rotation"] = list(got["rotation"])
            C.eq(got, want, label + " %s custom property %s" % (name, key))
            C.ok(key + "_json" not in h, label + " %s has no %s_json left" % (name, key))
        else:
            C.eq(json.loads(h.get(key + "_json", "null")), want, label + " %s keeps %s_json" % (name, key))
    C.eq(root.get("audio_track"), 3, label + " scalar node extra untouched")


def plain_import(work):
    U.fresh_scene()
    glb, _ = G.write(os.path.join(work, "plain.glb"))
    U.numpy_shim()
    bpy.ops.import_scene.gltf(filepath=glb)
    C.eq(U.restore_failures(), [], "plain glTF import: no restore step failed")
    check_synthetic(1, "plain glTF import:")
    check_node_extras("plain glTF import:")


def foreign_gltf(work):
    """A glTF ripkit did not write is imported as Blender would without the add-on."""
    U.fresh_scene()
    glb, _ = G.write(os.path.join(work, "foreign.glb"), ripkit=False)
    U.numpy_shim()
    bpy.ops.import_scene.gltf(filepath=glb)
    scene = bpy.context.scene
    C.eq(scene.render.fps, 24, "foreign glTF: scene fps untouched")
    C.eq(U.all_strips(scene.sequence_editor), [], "foreign glTF: no sound strip")
    U.check_world(C, scene, None, "foreign glTF:")
    track = bpy.data.objects.get("actor_mouth")
    ks = U.keys(U.fcurve(track, "location", 0)) if track else []
    C.eq([k[0] for k in ks], [t * 24 for t, _ in G.MOUTH_KEYS], "foreign glTF: keys where Blender puts them")
    mat = bpy.data.materials.get("actor_face")
    C.ok(mat is not None and not any(n.type == "VALUE" for n in mat.node_tree.nodes),
         "foreign glTF: material untouched")
    check_node_extras("foreign glTF:", restored=False)


def fractional_rate(work):
    """12.5 fps: Blender's importer multiplies by the integer fps, the restore
    must rescale the keys to 12.5 per second (fps 13, fps_base 1.04)."""
    U.fresh_scene()
    saved = G.RATE
    G.RATE = 12.5
    try:
        glb, _ = G.write(os.path.join(work, "rate.glb"))
        U.numpy_shim()
        bpy.ops.import_scene.gltf(filepath=glb)
        check_synthetic(1, "12.5 fps:")
    finally:
        G.RATE = saved


def operator_import(work, fake):
    U.fresh_scene()
    glb, _ = G.write(os.path.join(work, "scene 1.glb"))
    log = os.path.join(work, "fake.log")
    os.environ["FAKE_RIPKIT_LOG"] = log
    U.prefs().ripkit_path = fake
    res = bpy.ops.import_scene.ripkit_rugrats_cine(
        filepath=glb, item="3", cine=5, audio="all", settings="a=1; b=x y", first_frame=10)
    C.eq(res, {"FINISHED"}, "operator result")
    C.eq(U.restore_failures(), [], "operator: no restore step failed")
    with open(log) as f:
        args = json.loads(f.readline())
    C.eq(args[0:2], ["convert", glb], "converter called with convert FILE")
    C.ok(args[2].endswith("scene 1.glb") and args[2] != glb, "converter writes to a temporary .glb")
    C.eq(args[3:], ["--format-id", "rugrats_cine", "--item", "3", "--cine", "5", "--audio", "all",
                    "--set", "a=1", "--set", "b=x y"], "rugrats options on the command line")
    check_synthetic(10, "operator:")
    coll = bpy.data.collections.get("scene 1.glb item 3")
    C.ok(coll is not None and "game_camera" in coll.objects, "objects gathered in a collection")
    C.ok(not os.path.exists(args[2]), "temporary glb removed")

    # Faces as keyframes: the track's keys copied onto the face material's node
    # tree (its own action, and in 4.4+ its own slot), STEP -> constant.
    U.fresh_scene()
    U.prefs().ripkit_path = fake
    res = bpy.ops.import_scene.ripkit_any(filepath=glb, faces="KEYS")
    C.eq(res, {"FINISHED"}, "faces as keys: operator result")
    C.eq(U.restore_failures(), [], "faces as keys: no restore step failed")
    mat = bpy.data.materials.get("actor_face")
    if C.ok(mat is not None, "faces as keys: face material"):
        tree = mat.node_tree
        C.ok(not (tree.animation_data and len(tree.animation_data.drivers)),
             "faces as keys: no driver")
        fcs = U.fcurves(tree)
        C.eq([(round(x, 4), y, i) for fc in fcs for x, y, i in U.keys(fc)],
             [(round(1 + t * G.RATE, 4), v, "CONSTANT") for t, v in G.MOUTH_KEYS],
             "faces as keys: the track's keys on the face frame value")
        for t, want in [(0.25, 0), (0.5, 2), (1.9, 1)]:
            f = 1 + t * G.RATE + 1e-4
            bpy.context.scene.frame_set(int(f), subframe=f - int(f))
            img = U.selected_image(mat)
            C.eq(U.image_rgb(img) if img else None, G.FACE_COLOURS[want],
                 "faces as keys: face image at %g s" % t)

    # Set scene off: the scene keeps its rate and range, keys follow its 24 fps.
    U.fresh_scene()
    U.prefs().ripkit_path = fake
    scene = bpy.context.scene
    before = (scene.render.fps, scene.frame_start, scene.frame_end)
    res = bpy.ops.import_scene.ripkit_any(filepath=glb, set_scene=False)
    C.eq(res, {"FINISHED"}, "set_scene off: operator result")
    C.eq((scene.render.fps, scene.frame_start, scene.frame_end), before,
         "set_scene off: scene rate and range untouched")
    U.check_world(C, scene, None, "set_scene off:")
    ks = U.keys(U.fcurve(bpy.data.objects.get("actor_mouth"), "location", 0))
    C.eq([round(k[0], 4) for k in ks], [1 + t * before[0] for t, _ in G.MOUTH_KEYS],
         "set_scene off: keys at 1 + t * scene fps")

    # Multi-file: two files in one call, each in its own collection.
    second = os.path.join(work, "scene 2.glb")
    shutil.copyfile(glb, second)
    shutil.copyfile(glb[:-4] + ".wav", second[:-4] + ".wav")
    U.fresh_scene()
    U.prefs().ripkit_path = fake
    res = bpy.ops.import_scene.ripkit_any(directory=work, files=[{"name": "scene 1.glb"},
                                                                  {"name": "scene 2.glb"}])
    C.eq(res, {"FINISHED"}, "multi-file operator result")
    C.ok(bpy.data.collections.get("scene 1.glb") is not None
         and bpy.data.collections.get("scene 2.glb") is not None, "one collection per file")
    C.eq(len([o for o in bpy.data.objects if o.type == "CAMERA"]), 2, "two files, two cameras")


def error_report(work, fake, real):
    U.fresh_scene()
    U.prefs().ripkit_path = fake
    broken = os.path.join(work, "broken.bin")
    with open(broken, "wb") as f:
        f.write(b"\0" * 64)
    try:
        bpy.ops.import_scene.ripkit_tr_cutseq(filepath=broken)
        C.ok(False, "a failing conversion must cancel with an error")
    except RuntimeError as e:
        msg = str(e)
        C.ok("offset 0x10 (16): bad value: expected a frame count" in msg,
             "operator shows ripkit's error line, got: " + msg)
        C.ok("not the error" not in msg, "operator skips ripkit notes")
    if real:
        U.prefs().ripkit_path = real
        junk = os.path.join(work, "junk.bin")
        with open(junk, "wb") as f:
            f.write(b"this is no game file at all\n" * 8)
        try:
            bpy.ops.import_scene.ripkit_any(filepath=junk)
            C.ok(False, "real ripkit on junk must fail")
        except RuntimeError as e:
            C.ok("ripkit:" in str(e) and "junk.bin" in str(e),
                 "real ripkit's error line reported: " + str(e))
    U.prefs().ripkit_path = os.path.join(work, "no-such-ripkit")
    try:
        bpy.ops.import_scene.ripkit_zouna(filepath=broken)
        C.ok(False, "missing executable must fail")
    except RuntimeError as e:
        C.ok("not found" in str(e), "missing executable reported: " + str(e))


def schema_operators(real):
    """Each format's operator offers the options its schema declares (the schema
    the build packed, and the one the real ripkit prints), and its Overrides
    tooltip names every --set key."""
    import addon_utils
    mod = next(m for m in addon_utils.modules() if m.__name__ == "ripkit_blender")
    with open(os.path.join(os.path.dirname(mod.__file__), "schema.json")) as f:
        packed = json.load(f)
    if real:
        import subprocess
        printed = json.loads(subprocess.run([real, "formats", "--json"], check=True,
                                            capture_output=True, text=True).stdout)
        C.eq(packed, printed, "the zip's schema.json is what the ripkit built with it prints")
    C.ok(len(packed["formats"]) >= 4, "schema lists the formats")
    every = set()
    for fmt in packed["formats"]:
        op = getattr(bpy.ops.import_scene, "ripkit_" + fmt["entry"], None)
        if not C.ok(op is not None, "operator for " + fmt["id"]):
            continue
        props = op.get_rna_type().properties
        want = {o["key"] for o in fmt["options"]}
        every |= want
        for key in want:
            C.ok(key in props, "%s operator has --%s" % (fmt["id"], key))
        for key in ("skeleton", "names", "anim", "anims", "cine", "audio"):
            if key not in want:
                C.ok(key not in props, "%s operator has no --%s" % (fmt["id"], key))
        tip = props["settings"].description
        for s in fmt["settings"]:
            C.ok(s["key"] in tip, "%s Overrides tooltip names %s" % (fmt["id"], s["key"]))
        for o in fmt["options"]:
            if o["type"] == "choice" and "default" in o:
                C.eq(props[o["key"]].default, o["default"],
                     "%s --%s default" % (fmt["id"], o["key"]))
    anyop = bpy.ops.import_scene.ripkit_any.get_rna_type().properties
    for key in every:
        C.ok(key in anyop, "detecting operator has --" + key)
    export_operators(packed, mod)


def export_operators(packed, mod):
    """File > Export > ripkit has one operator per format whose schema has an
    encoder, with a field per encoder option and per setting it writes with
    (the scene's start excepted: the host gives it), and no other format gets
    one; the command line it builds, worked out by hand for Zouna."""
    writers = 0
    ops = dir(bpy.ops.export_scene)
    classes = importlib.import_module(mod.__name__ + ".export_operators").OPERATORS
    for fmt in packed["formats"]:
        name = "ripkit_" + fmt["entry"]
        enc = fmt.get("encoder")
        if not enc:
            C.ok(name not in ops, "no export operator for " + fmt["id"])
            continue
        writers += 1
        if not C.ok(name in ops, "export operator for " + fmt["id"]):
            continue
        props = getattr(bpy.ops.export_scene, name).get_rna_type().properties
        for o in enc["options"]:
            C.ok(o["key"] in props, "%s export has --%s" % (fmt["id"], o["key"]))
            if o.get("title"):
                C.eq(props[o["key"]].name, o["title"], "%s export --%s title" % (fmt["id"], o["key"]))
        for key in enc["settings"]:
            C.eq(key in props, key != "start", "%s export field %s" % (fmt["id"], key))
        cls = next(c for c in classes if c.bl_idname == "export_scene." + name)
        C.eq(cls.filename_ext, "." + enc["extension"], fmt["id"] + " export extension")
        C.ok("settings" in props, fmt["id"] + " export has Overrides")
    C.ok(writers >= 2, "the schema lists encoders (tr-cutseq, zouna)")
    formats = importlib.import_module(mod.__name__ + ".formats")
    zouna = next(s for s in formats.EXPORTS if s.format_id == "zouna")
    values = {"item": " 0x10 ", "endian": "big", "anims": "", "names": "", "base": "",
              "version": "walle", "container": "", "compress": "lzrs",
              "settings": "hdl=1; ;bake_rate=30"}
    C.eq(formats.export_args(zouna, values, "s.glb", "o.Animation_Z", start=0.5),
         ["convert", "s.glb", "o.Animation_Z", "--format", "zouna", "--item", "0x10",
          "--endian", "big", "--set", "version=walle", "--set", "compress=lzrs",
          "--set", "start=0.5", "--set", "hdl=1", "--set", "bake_rate=30"],
         "zouna export command line")


def main():
    a = U.script_args()
    work = a["work"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    U.install_addon(a["zip"])
    fake = os.path.join(work, "fake_ripkit.py")
    shutil.copyfile(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_ripkit.py"), fake)
    os.chmod(fake, 0o755)
    C.ok(hasattr(bpy.ops.import_scene, "ripkit_tr_cutseq"), "operators registered")
    menu = getattr(bpy.types, "RIPKIT_MT_import", None)
    C.ok(menu is not None, "File > Import submenu registered")
    plain_import(work)
    foreign_gltf(work)
    fractional_rate(work)
    operator_import(work, fake)
    schema_operators(a.get("ripkit"))
    error_report(work, fake, a.get("ripkit"))
    import addon_utils
    addon_utils.disable("ripkit_blender", default_set=True)
    C.ok(not hasattr(bpy.types, "RIPKIT_MT_import"), "disabling the add-on unregisters its menu")
    C.finish()


main()
