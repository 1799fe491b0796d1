# File > Import > ripkit: one operator per format, each with the options that
# format takes, multi-file selection, and the restore settings.
import os

import bpy
from bpy.props import (BoolProperty, CollectionProperty, EnumProperty, IntProperty,
                       StringProperty)
from bpy.types import Menu, Operator, OperatorFileListElement
from bpy_extras.io_utils import ImportHelper

from . import converter, formats, importer, restore

# Option name -> (property factory, shown in the "ripkit" box)
_FORMAT_PROPS = {
    "item": lambda: StringProperty(
        name="Item", default="",
        description="Item to import, in the format's own numbering as `ripkit list` prints it "
                    "(Zouna: the object's CRC); empty = the first non-empty one"),
    "native": lambda: BoolProperty(
        name="Native units and axes", default=False,
        description="Keep the engine's units and axes (ripkit --native) instead of metres, Y up"),
    "skeleton": lambda: StringProperty(
        name="Skeleton file", subtype="FILE_PATH", default="",
        description="Companion skeleton (Tomb Raider: JSON; Zouna: Skel_Z)"),
    "level": lambda: StringProperty(
        name="Level file", subtype="FILE_PATH", default="",
        description="Tomb Raider cutscenes: the level (.TR4/.TRC) with the actors' meshes, "
                    "skeletons and textures, and the rooms (ripkit --level)"),
    "names": lambda: StringProperty(
        name="Names file", subtype="FILE_PATH", default="",
        description="Companion CRC -> name list (Zouna)"),
    "anim": lambda: StringProperty(
        name="Extra animation files", default="",
        description="More animation files for the same skeleton, separated by ';' (ripkit --anim)"),
    "anims": lambda: StringProperty(
        name="Animations", default="",
        description="Which animations to import, comma-separated (ripkit --anims); empty = all"),
    "cine": lambda: IntProperty(
        name="Cinematic number", default=-1, min=-1,
        description="The cinematic's number in the game's table (seeds the blinks); -1 = unknown"),
    "audio": lambda: EnumProperty(
        name="Audio", default="played",
        items=(("played", "Played", "The sound the PlayStation plays (repeated XA sectors dropped)"),
               ("all", "All sectors", "Every XA sector decoded"))),
    "combine": lambda: BoolProperty(
        name="One scene from all selected", default=False,
        description="Import the selected files as one scene: a selected Skel_Z (else the first "
                    "file) is the input and the other files its animations (ripkit --anim)"),
    "settings": lambda: StringProperty(
        name="Overrides", default="",
        description="Format-specific overrides key=value, separated by ';' (ripkit --set)"),
}

_ORDER = ("item", "native", "skeleton", "level", "names", "anim", "combine", "anims", "cine",
          "audio", "settings")


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
        for name in _ORDER:
            if name in self.spec.options:
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
        default=";".join("*." + e for e in spec.extensions) + ";*." +
                ";*.".join(e.upper() for e in spec.extensions),
        options={"HIDDEN"})
    for name in spec.options:
        props[name] = _FORMAT_PROPS[name]()
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
