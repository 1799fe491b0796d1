# File > Import > ripkit: one operator per format, each with the options that
# format takes, multi-file selection, and the restore settings.
import os

import bpy
from bpy.props import (BoolProperty, CollectionProperty, EnumProperty, IntProperty,
                       StringProperty)
from bpy.types import Menu, Operator, OperatorFileListElement
from bpy_extras.io_utils import ImportHelper

from . import converter, formats, importer, restore

_INT_MAX = 2**31 - 1  # Blender's IntProperty is 32-bit


def _meaning(opt):
    m = opt["meanings"]
    if len(m) == 1:
        return m[0][1]
    return "; ".join("%s: %s" % (fid, text) for fid, text in m)


def _option_prop(opt):
    """A Blender property for one of the schema's options (ripkit --<key>)."""
    label = opt["key"].replace("_", " ").capitalize()
    if opt["type"] == "file" and not opt.get("repeatable"):
        label += " file"
    desc = "%s (ripkit --%s)" % (_meaning(opt), opt["key"])
    if opt["type"] == "integer":
        return IntProperty(name=label, default=-1, min=-1,
                           max=int(min(opt.get("max", _INT_MAX), _INT_MAX)),
                           description=desc + "; -1 = not given")
    if opt["type"] == "choice":
        items = [(c["name"], c["name"], c.get("meaning") or c["name"]) for c in opt["choices"]]
        if "default" not in opt:
            items.insert(0, ("", "(format decides)", "Not given"))
        return EnumProperty(name=label, items=items, default=opt.get("default", ""),
                            description=desc)
    if opt.get("repeatable"):
        return StringProperty(name=label, default="",
                              description=desc + "; several separated by ';'")
    if opt["type"] == "file":
        return StringProperty(name=label, subtype="FILE_PATH", default="", description=desc)
    return StringProperty(name=label, default="", description=desc)


def _generic_prop(name, spec):
    if name == "item":
        return StringProperty(
            name="Item", default="",
            description="Item to import, in the format's own numbering as `ripkit list` prints "
                        "it (Zouna: the object's CRC); empty = the first non-empty one")
    if name == "native":
        return BoolProperty(
            name="Native units and axes", default=False,
            description="Keep the engine's units and axes (ripkit --native) instead of metres, "
                        "Y up")
    if name == "combine":
        return BoolProperty(
            name="One scene from all selected", default=False,
            description="Import the selected files as one scene: a selected Skel_Z (else the "
                        "first file) is the input and the other files its animations "
                        "(ripkit --anim)")
    if name == "settings":
        return StringProperty(name="Overrides", default="", description=spec.settings_help)
    return _option_prop(spec.option_defs[name])


def _common_props():
    return {
        "files": CollectionProperty(type=OperatorFileListElement, options={"HIDDEN", "SKIP_SAVE"}),
        "directory": StringProperty(subtype="DIR_PATH", options={"HIDDEN", "SKIP_SAVE"}),
        "first_frame": IntProperty(
            name="First frame", default=1,
            description="Scene frame of the game's time 0 (keys, camera lens, sound)"),
        "set_scene": BoolProperty(
            name="Set scene", default=True,
            description="Frame rate and range, active camera, render aspect and world colour "
                        "(the game's backdrop) from the file"),
        "faces": EnumProperty(name="Faces", items=restore.FACE_MODES, default="DRIVER",
                              description="How face texture switching is rebuilt"),
        "sound": BoolProperty(name="Sound strip", default=True,
                              description="Add the scene's audio to the sequencer"),
        "per_file_collection": BoolProperty(
            name="Collection per file", default=True,
            description="Put each imported file's objects in a collection of its own"),
        "bone_heuristic": EnumProperty(
            name="Bone direction", default="TEMPERANCE",
            items=(("BLENDER", "Blender (best for re-importing)", ""),
                   ("TEMPERANCE", "Temperance (average)", ""),
                   ("FORTUNE", "Fortune (may look better, less accurate)", "")),
            description="Passed to Blender's glTF importer"),
    }


class _RipkitImportBase(ImportHelper):
    bl_options = {"REGISTER", "UNDO", "PRESET"}
    spec = None  # formats.FormatSpec, set per subclass

    def sources(self):
        if self.files and any(f.name for f in self.files):
            folder = self.directory or os.path.dirname(self.filepath)
            return [os.path.join(folder, f.name) for f in self.files if f.name]
        return [self.filepath]

    def option_values(self):
        return {name: getattr(self, name) for name in self.spec.options}

    def jobs(self):
        """(input file, option values) per conversion."""
        sources = self.sources()
        values = self.option_values()
        if values.get("combine") and len(sources) > 1:
            first, extra = formats.combine_sources(sources)
            values["anim"] = ";".join(formats.split_list(values.get("anim", ""), ";") + extra)
            return [(first, values)]
        return [(s, values) for s in sources]

    def execute(self, context):
        prefs = context.preferences.addons[__package__].preferences
        try:
            exe = converter.find_executable(prefs.ripkit_path)
        except converter.ConvertError as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        ok = 0
        jobs = self.jobs()
        for source, values in jobs:
            settings = importer.default_settings(context, self)
            if self.per_file_collection:
                item = getattr(self, "item", "").strip()
                base = os.path.basename(source)
                settings.collection = "%s item %s" % (base, item) if item else base
            try:
                result = importer.import_file(source, self.spec, values, settings,
                                              exe, {"bone_heuristic": self.bone_heuristic})
            except converter.ConvertError as e:
                self.report({"ERROR"}, "%s: %s" % (os.path.basename(source), e))
                continue
            ok += 1
            for level, text in result.messages:
                self.report({level if level in ("INFO", "WARNING") else "INFO"}, text)
        if ok:
            self.report({"INFO"}, "ripkit: imported %d of %d files" % (ok, len(jobs)))
            return {"FINISHED"}
        return {"CANCELLED"}

    def draw(self, context):
        layout = self.layout
        box = layout.box()
        box.label(text=self.spec.label.split(" (")[0])
        for name in self.spec.options:
            box.prop(self, name)
        box = layout.box()
        box.label(text="Blender")
        for name in ("first_frame", "set_scene", "faces", "sound", "per_file_collection",
                     "bone_heuristic"):
            box.prop(self, name)


def _make_operator(spec):
    key = spec.key or "any"
    props = _common_props()
    props["filter_glob"] = StringProperty(
        default=formats.filter_glob(spec.extensions), options={"HIDDEN"})
    for name in spec.options:
        props[name] = _generic_prop(name, spec)
    return type("RIPKIT_OT_import_" + key, (_RipkitImportBase, Operator), {
        "bl_idname": "import_scene.ripkit_" + key,
        "bl_label": "Import " + spec.label.split(" (")[0],
        "bl_description": spec.description,
        "spec": spec,
        "__annotations__": props,
    })


OPERATORS = [_make_operator(s) for s in formats.FORMATS]


class RIPKIT_MT_import(Menu):
    bl_idname = "RIPKIT_MT_import"
    bl_label = "ripkit (old game formats)"

    def draw(self, context):
        for op, spec in zip(OPERATORS, formats.FORMATS):
            if not spec.key:
                self.layout.separator()
            self.layout.operator(op.bl_idname, text=spec.label)


def menu_func(self, context):
    self.layout.menu(RIPKIT_MT_import.bl_idname)
