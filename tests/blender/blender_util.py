"""Helpers shared by the Blender test scripts (run inside Blender 3.4, 4.3
and 5.2). Where Blender's API differs by version they read it on their own,
not through the add-on's compat.py, so a wrong branch there shows here."""
import math
import os
import sys

import bpy


class Checks:
    """Collects failures so one run reports all of them; exit status 1 if any."""

    def __init__(self):
        self.failures = []
        self.count = 0

    def ok(self, cond, what):
        self.count += 1
        if not cond:
            self.failures.append(what)
            print("FAIL:", what)
        return cond

    def near(self, got, want, what, tol=1e-4):
        return self.ok(got is not None and abs(got - want) <= tol,
                       "%s: got %r, want %r (+-%g)" % (what, got, want, tol))

    def eq(self, got, want, what):
        return self.ok(got == want, "%s: got %r, want %r" % (what, got, want))

    def finish(self):
        print("%d checks, %d failures" % (self.count, len(self.failures)))
        if self.failures:
            sys.exit(1)


def script_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    out = {}
    key = None
    for a in argv:
        if a.startswith("--"):
            key = a[2:]
            out[key] = True
        elif key:
            out[key] = a
            key = None
    return out


def install_addon(zip_path):
    """Installs the zip the way a user does (into BLENDER_USER_SCRIPTS) and enables it."""
    import addon_utils
    user = os.environ.get("BLENDER_USER_SCRIPTS", "")
    if not user or not os.path.isdir(user):
        raise SystemExit("BLENDER_USER_SCRIPTS must name a fresh folder")
    bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
    installed = os.path.join(bpy.utils.user_resource("SCRIPTS", path="addons"), "ripkit_blender")
    if not os.path.isfile(os.path.join(installed, "__init__.py")):
        raise SystemExit("the zip did not install ripkit_blender into %s" % installed)
    mod = addon_utils.enable("ripkit_blender", default_set=True, handle_error=None)
    if mod is None:
        raise SystemExit("enabling ripkit_blender failed")
    if not installed.startswith(os.path.realpath(user)) and not installed.startswith(user):
        raise SystemExit("add-on installed outside BLENDER_USER_SCRIPTS: %s" % installed)
    return mod


def prefs():
    return bpy.context.preferences.addons["ripkit_blender"].preferences


def fresh_scene():
    """An empty file with the add-on still enabled (read_factory_settings would
    also reset the preferences and so disable it)."""
    bpy.ops.wm.read_homefile(use_empty=True, use_factory_startup=True)
    if "ripkit_blender" not in bpy.context.preferences.addons:
        import addon_utils
        addon_utils.enable("ripkit_blender", default_set=True)


def numpy_shim():
    import numpy
    if "bool" not in numpy.__dict__:
        numpy.bool = numpy.bool_


def lens_of(sensor_height, yfov):
    return sensor_height / (2.0 * math.tan(yfov / 2.0))


# 4.4 slotted actions: the F-curves an ID plays are in the channelbag of the
# slot its animation data names (Action.fcurves is gone in 5.0).
SLOTTED = bpy.app.version >= (4, 4, 0)


def fcurves(idblock):
    """The F-curves animating `idblock` now (its active action and slot)."""
    ad = getattr(idblock, "animation_data", None)
    if not ad or not ad.action:
        return []
    action = ad.action
    if not SLOTTED:
        return list(action.fcurves)
    if ad.action_slot is None:
        return []
    for layer in action.layers:
        for strip in layer.strips:
            bag = strip.channelbag(ad.action_slot)
            if bag is not None:
                return list(bag.fcurves)
    return []


def fcurve(idblock, path, index=0):
    return next((fc for fc in fcurves(idblock) if fc.data_path == path and fc.array_index == index),
                None)


def all_strips(editor):
    """Every sequencer strip (4.4 renamed sequences_all to strips_all)."""
    if editor is None:
        return []
    return list(editor.strips_all if bpy.app.version >= (4, 4, 0) else editor.sequences_all)


def sound_strips(scene):
    return [s for s in all_strips(scene.sequence_editor) if s.type == "SOUND"]


def check_sequencer_scene(checks, scene, label):
    """5.0+: the Video Sequencer shows the workspace's sequencer scene, so the
    scene holding the sound strip must be it (before 5.0 it shows the scene)."""
    if bpy.app.version < (5, 0, 0):
        return
    ws = bpy.context.workspace
    checks.ok(ws is not None and ws.sequencer_scene == scene,
              label + " the workspace's sequencer scene is the imported scene (%s)"
              % (ws.sequencer_scene.name if ws and ws.sequencer_scene else None))


def keys(fc):
    return [(kp.co.x, kp.co.y, kp.interpolation) for kp in fc.keyframe_points] if fc else []


def selected_image(mat):
    """Follows the shader's colour input (Principled Base Color, or the Emission
    colour Blender's glTF importer builds for unlit materials) back through the
    face switch (Mix/Compare/Value) to the Image Texture it shows now;
    evaluates the nodes the add-on creates."""
    tree = mat.node_tree
    for kind, socket in (("BSDF_PRINCIPLED", "Base Color"), ("EMISSION", "Color"),
                         ("BACKGROUND", "Color")):
        for n in tree.nodes:
            if n.type == kind and _source(tree, n.inputs[socket]) is not None:
                return _eval(tree, _source(tree, n.inputs[socket]))
    return None


def _source(tree, socket):
    for link in tree.links:
        if link.to_socket == socket:
            return link.from_socket
    return None


def _value(tree, socket):
    if socket.is_output:
        node = socket.node
        if node.type == "VALUE":
            return node.outputs[0].default_value
        if node.type == "MATH" and node.operation == "COMPARE":
            a = _input_value(tree, node.inputs[0])
            b = _input_value(tree, node.inputs[1])
            eps = _input_value(tree, node.inputs[2])
            return 1.0 if abs(a - b) <= eps else 0.0
        raise AssertionError("unexpected node %s in the face switch" % node.type)
    return socket.default_value


def _input_value(tree, socket):
    src = _source(tree, socket)
    return _value(tree, src) if src is not None else socket.default_value


def _eval(tree, socket):
    if socket is None:
        return None
    node = socket.node
    if node.type == "TEX_IMAGE":
        return node.image
    # Only a plain Mix is a switch; Multiply etc. are the importer's (vertex colour).
    if node.type in ("MIX", "MIX_RGB") and node.blend_type == "MIX":
        ins = [s for s in node.inputs if s.enabled]
        fac = _input_value(tree, ins[0])
        pick = ins[2] if fac >= 0.5 else ins[1]
        return _eval(tree, _source(tree, pick))
    # Nodes the glTF importer may put between (e.g. vertex colour multiply).
    for s in node.inputs:
        src = _source(tree, s)
        if src is not None:
            found = _eval(tree, src)
            if found is not None:
                return found
    return None


def image_rgb(img):
    px = img.pixels[:4]
    return tuple(round(v * 255) for v in px[:3])


def restore_failures():
    """Messages of restore steps that raised during the last import."""
    ext = sys.modules["ripkit_blender"].extension
    return [t for _, t in ext.last_messages if "ripkit restore" in t]


def srgb_to_linear(c8):
    """An 8-bit sRGB component as linear light: the IEC 61966-2-1 transfer
    function, written here independently of the add-on."""
    c = c8 / 255.0
    if c <= 0.04045:
        return c / 12.92
    return ((c + 0.055) / 1.055) ** 2.4


def check_world(checks, scene, srgb, label):
    """srgb None: the scene's world is not one the add-on made. Else the world's
    Background node (linked to the output) and viewport colour are the linear
    value of `srgb`, which Blender's own colour management must agree with."""
    world = scene.world
    if srgb is None:
        checks.ok(world is None or not world.name.startswith("ripkit backdrop"),
                  label + " world untouched (%s)" % (world.name if world else None))
        return
    import mathutils
    want = [srgb_to_linear(v) for v in srgb]
    ocio = mathutils.Color([v / 255.0 for v in srgb]).from_srgb_to_scene_linear()
    for w, o in zip(want, ocio):
        checks.near(o, w, label + " Blender's sRGB -> linear agrees with the formula", 1e-3)
    # 5.0 deprecated World.use_nodes: worlds always use their nodes.
    uses_nodes = world is not None and world.node_tree is not None and (
        bpy.app.version >= (5, 0, 0) or world.use_nodes)
    if not checks.ok(uses_nodes, label + " scene has a node world"):
        return
    out = next((n for n in world.node_tree.nodes if n.type == "OUTPUT_WORLD"), None)
    src = _source(world.node_tree, out.inputs["Surface"]) if out else None
    if not checks.ok(src is not None and src.node.type == "BACKGROUND",
                     label + " world output fed by a Background node"):
        return
    colour = src.node.inputs["Color"].default_value
    for i, channel in enumerate("rgb"):
        checks.near(colour[i], want[i], label + " world colour %s" % channel, 1e-5)
        checks.near(world.color[i], want[i], label + " world viewport colour %s" % channel, 1e-5)
    checks.near(src.node.inputs["Strength"].default_value, 1.0, label + " world strength")
