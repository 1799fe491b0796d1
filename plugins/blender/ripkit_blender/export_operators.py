# File > Export > ripkit: one operator per format ripkit writes, its fields
# made from the encoder's schema (schema.json's "encoder": its options and the
# settings it writes with), as File > Import's are from the formats'. The
# scene goes out through Blender's own glTF exporter into a temporary .glb,
# then `ripkit convert SCENE.glb OUT` writes the game file
# (docs/formats/<id>.md "The direction back").
import os
import tempfile

import bpy
from bpy.props import EnumProperty, StringProperty
from bpy.types import Menu, Operator
from bpy_extras.io_utils import ExportHelper

from . import converter, formats, importer


def gltf_export(path):
    importer.numpy_shim()
    if not hasattr(bpy.ops.export_scene, "gltf"):
        raise converter.ConvertError("the glTF 2.0 add-on (io_scene_gltf2) is not enabled")
    # Sampled at every frame of the scene's range: what the games play (one
    # pose per frame); extras carry the game's own values (slots, origin, ...).
    return bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", export_extras=True, export_cameras=True,
        export_yup=True, export_animations=True, export_force_sampling=True,
        export_frame_range=True, export_nla_strips=True, export_def_bones=False,
        export_current_frame=False)


def _title(d):
    return d.get("title") or d["key"].replace("_", " ").capitalize()


def _export_prop(d, spelling):
    """A Blender property for one encoder option or setting; empty (or the
    first choice) = not given, the encoder's default applies."""
    default = d.get("default") or d.get("default_text")
    desc = "%s: %s (ripkit %s)" % (d["meaning"], d["accepted"], spelling)
    if default:
        desc += "; not given: %s" % default
    if d["type"] == "choice":
        items = [("", "(default)", default or "Not given")]
        items += [(c["name"], c["name"], c.get("meaning") or c["name"]) for c in d["choices"]]
        return EnumProperty(name=_title(d), items=items, default="", description=desc)
    if d["type"] == "file":
        return StringProperty(name=_title(d), subtype="FILE_PATH", default="", description=desc)
    return StringProperty(name=_title(d), default="", description=desc)


class _RipkitExportBase(ExportHelper):
    bl_options = {"REGISTER"}
    spec = None  # formats.ExportSpec, set per subclass
    check_extension = True

    def execute(self, context):
        prefs = context.preferences.addons[__package__].preferences
        try:
            exe = converter.find_executable(prefs.ripkit_path)
        except converter.ConvertError as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        scene = context.scene
        # Blender writes frame F at F / fps: the game's time 0 is the scene's first frame.
        fps = scene.render.fps / scene.render.fps_base
        start = scene.frame_start / fps
        values = {name: getattr(self, name) for name in self.fields()}
        with tempfile.TemporaryDirectory(prefix="ripkit_blender_") as tmp:
            glb = os.path.join(tmp, "scene.glb")
            try:
                status = gltf_export(glb)
                if "FINISHED" not in status or not os.path.isfile(glb):
                    raise converter.ConvertError("Blender's glTF exporter did not finish")
                args = formats.export_args(self.spec, values, glb, self.filepath, start)
                _, notes = converter.run(exe, args)
            except (converter.ConvertError, RuntimeError) as e:
                self.report({"ERROR"}, str(e).strip())
                return {"CANCELLED"}
        for n in notes:
            self.report({"WARNING"} if n.startswith("warning:") else {"INFO"}, n)
        self.report({"INFO"}, "ripkit: wrote %s" % self.filepath)
        return {"FINISHED"}

    @classmethod
    def fields(cls):
        return list(cls.spec.option_defs) + list(cls.spec.setting_defs) + ["settings"]

    def draw(self, context):
        for name in self.fields():
            self.layout.prop(self, name)


def _make_operator(spec):
    props = {
        "filter_glob": StringProperty(
            default=formats.filter_glob(spec.extensions), options={"HIDDEN"}),
        "settings": StringProperty(name="Overrides", default="", description=spec.settings_help),
    }
    for name, d in spec.option_defs.items():
        props[name] = _export_prop(d, "--" + name)
    for name, d in spec.setting_defs.items():
        props[name] = _export_prop(d, "--set %s=..." % name)
    return type("RIPKIT_OT_export_" + spec.key, (_RipkitExportBase, Operator), {
        "bl_idname": "export_scene.ripkit_" + spec.key,
        "bl_label": "Export " + spec.label.split(" (")[0],
        "bl_description": spec.summary,
        "filename_ext": spec.extension,
        "spec": spec,
        "__annotations__": props,
    })


OPERATORS = [_make_operator(s) for s in formats.EXPORTS]


class RIPKIT_MT_export(Menu):
    bl_idname = "RIPKIT_MT_export"
    bl_label = "ripkit (old game formats)"

    def draw(self, context):
        for op, spec in zip(OPERATORS, formats.EXPORTS):
            self.layout.operator(op.bl_idname, text=spec.label)


def menu_func(self, context):
    self.layout.menu(RIPKIT_MT_export.bl_idname)
