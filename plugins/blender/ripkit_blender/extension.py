# Hooks into Blender's glTF importer (its "user extension" mechanism: every
# enabled add-on module exposing glTF2ImportUserExtension is called). Through
# them the restore step learns exactly which object, bone, material and
# camera each glTF element became, and sets the scene's frame rate before the
# importer turns key times into frames. They act only on files ripkit wrote
# (scene extras with "format"), so other glTF files import unchanged.
import bpy

from . import restore

# Set by the ripkit operators around their call to the glTF importer; plain
# File > Import > glTF uses the preference defaults instead.
pending_settings = None
# Messages of the last restore, (level, text), for the operator to report.
last_messages = []
# The last Restorer (tests and the operator read what it mapped).
last_restorer = None


def _report(level, text):
    last_messages.append((level, text))
    print("ripkit:", level.lower() + ":", text)


def _default_settings():
    prefs = bpy.context.preferences.addons.get(__package__)
    p = prefs.preferences if prefs else None
    if p is not None and not p.restore_plain_gltf:
        return None
    return restore.Settings(first_frame=p.first_frame if p else 1)


class glTF2ImportUserExtension:
    def __init__(self):
        self.restorer = None

    def gather_import_scene_before_hook(self, gltf_scene, blender_scene, gltf):
        global last_restorer
        self.restorer = None
        extras = getattr(gltf_scene, "extras", None) if gltf_scene is not None else None
        if not restore.is_ripkit(extras):
            return
        settings = pending_settings or _default_settings()
        if settings is None:
            return
        try:
            self.restorer = restore.Restorer(gltf.filename, settings, _report)
            self.restorer.before_import(blender_scene)
            last_restorer = self.restorer
        except Exception as e:
            self.restorer = None
            _report("WARNING", "ripkit restore disabled for %s: %s" % (gltf.filename, e))

    def gather_import_node_after_hook(self, vnode, gltf_node, obj, gltf):
        pass  # objects are collected from the vnodes after the animation pass

    def gather_import_material_after_hook(self, pymaterial, vertex_color, mat, gltf):
        if self.restorer is None:
            return
        index = _index_of(gltf.data.materials, pymaterial)
        if index is not None:
            self.restorer.materials.setdefault(index, []).append(mat)

    def gather_import_scene_after_animation_hook(self, gltf_scene, blender_scene, gltf):
        r = self.restorer
        if r is None:
            return
        for key, vnode in gltf.vnodes.items():
            if not isinstance(key, int):
                continue
            obj = getattr(vnode, "blender_object", None)
            bone = getattr(vnode, "blender_bone_name", None)
            if obj is not None:
                r.node_objects[key] = obj
            elif bone is not None:
                arma = gltf.vnodes[vnode.bone_arma].blender_object
                r.node_bones[key] = (arma, bone)
        # Cameras may sit on a child vnode the importer adds ("<i>.camera").
        for key, vnode in gltf.vnodes.items():
            cam = getattr(vnode, "camera_node_idx", None)
            obj = getattr(vnode, "blender_object", None)
            if cam is not None and obj is not None:
                index = gltf.data.nodes[cam].camera
                if index is not None:
                    r.camera_objects[index] = obj
        r.after_import(blender_scene)
        self.restorer = None


def _index_of(items, item):
    for i, x in enumerate(items or []):
        if x is item:
            return i
    return None
