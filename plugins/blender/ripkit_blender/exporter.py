# File > Export > ripkit: the scene goes out through Blender's own glTF
# exporter into a temporary .glb, then `ripkit convert SCENE.glb OUT` writes
# the game file (docs/formats/<id>.md "The direction back").
import os
import tempfile

import bpy
from bpy.props import EnumProperty, StringProperty
from bpy.types import Menu, Operator
from bpy_extras.io_utils import ExportHelper

from . import converter, importer


def pack_args(format_id, glb, out, item="", base="", endian="", settings="", start=None,
              animation="", version=""):
    """The `ripkit convert` command line (pure Python, no bpy)."""
    args = ["convert", glb, out, "--format", format_id]
    if item.strip():
        args += ["--item", item.strip()]
    if base.strip():
        args += ["--base", base.strip()]
    if endian in ("little", "big"):
        args += ["--endian", endian]
    if animation.strip():
        args += ["--anims", animation.strip()]
    if start is not None:
        args += ["--set", "start=%.9g" % start]
    if version.strip():
        args += ["--set", "version=" + version.strip()]
    for kv in settings.split(";"):
        if kv.strip():
            args += ["--set", kv.strip()]
    return args


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


class _RipkitExportBase(ExportHelper):
    bl_options = {"REGISTER"}
    format_id = ""
    check_extension = True

    base: StringProperty(
        name="Base file", subtype="FILE_PATH", default="",
        description="A game file to copy with the item replaced (everything else kept byte "
                    "for byte); empty = a new file holding only this scene")
    settings: StringProperty(
        name="Overrides", default="",
        description="key=value pairs separated by ';' (ripkit --set), e.g. scale=0.001953125")

    def extra_args(self):
        return {}

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
        with tempfile.TemporaryDirectory(prefix="ripkit_blender_") as tmp:
            glb = os.path.join(tmp, "scene.glb")
            try:
                status = gltf_export(glb)
                if "FINISHED" not in status or not os.path.isfile(glb):
                    raise converter.ConvertError("Blender's glTF exporter did not finish")
                args = pack_args(self.format_id, glb, self.filepath, base=self.base,
                                 settings=self.settings, start=start, **self.extra_args())
                _, notes = converter.run(exe, args)
            except (converter.ConvertError, RuntimeError) as e:
                self.report({"ERROR"}, str(e).strip())
                return {"CANCELLED"}
        for n in notes:
            self.report({"WARNING"} if n.startswith("warning:") else {"INFO"}, n)
        self.report({"INFO"}, "ripkit: wrote %s" % self.filepath)
        return {"FINISHED"}


class RIPKIT_OT_export_tr_cutseq(_RipkitExportBase, Operator):
    """Write the scene as a Tomb Raider 4/5 cutscene (CUTSEQ.PAK: TR4, CUTSEQ.BIN: TR5)"""
    bl_idname = "export_scene.ripkit_tr_cutseq"
    bl_label = "Export Tomb Raider cutscene"
    format_id = "tr-cutseq"
    filename_ext = ".PAK"
    filter_glob: StringProperty(default="*.pak;*.PAK;*.bin;*.BIN", options={"HIDDEN"})
    item: StringProperty(name="Cutscene", default="1",
                         description="The table index the scene becomes (1-based)")

    def extra_args(self):
        return {"item": self.item}


class RIPKIT_OT_export_zouna(_RipkitExportBase, Operator):
    """Write the scene's animation as an Asobo Zouna Animation_Z"""
    bl_idname = "export_scene.ripkit_zouna"
    bl_label = "Export Zouna animation"
    format_id = "zouna"
    filename_ext = ".Animation_Z"
    filter_glob: StringProperty(default="*.Animation_Z;*.animation_z", options={"HIDDEN"})
    item: StringProperty(name="Object CRC", default="",
                         description="The object's name crc (empty: the animation's own)")
    endian: EnumProperty(
        name="Byte order", default="auto",
        items=(("auto", "As imported", "The base's, else the order the scene was read in"),
               ("little", "Little (PC, PS2, Xbox)", ""),
               ("big", "Big (GameCube, Wii, X360, PS3)", "")))
    animation: StringProperty(name="Animation", default="",
                              description="Which action/animation to write (empty: the first)")
    # Readers choose the layouts by the BFF0 header's version string, so a new
    # file takes a full one; a game name must agree with the header written.
    version: StringProperty(
        name="Game version", default="",
        description="A full BFF0 version string for a new file (e.g. 'v1.291.03.06 - Asobo "
                    "Studio - Internal Cross Technology' for WALL-E), or a game name "
                    "(ratatouille, walle, fuel, up, ts3) agreeing with the base; empty: the "
                    "base's, else the version the scene was read with (ripkit --set version)")

    def extra_args(self):
        return {"item": self.item, "endian": self.endian, "animation": self.animation,
                "version": self.version}

    def draw(self, context):
        for name in ("item", "base", "endian", "version", "animation", "settings"):
            self.layout.prop(self, name)


OPERATORS = [RIPKIT_OT_export_tr_cutseq, RIPKIT_OT_export_zouna]


class RIPKIT_MT_export(Menu):
    bl_idname = "RIPKIT_MT_export"
    bl_label = "ripkit (old game formats)"

    def draw(self, context):
        self.layout.operator(RIPKIT_OT_export_tr_cutseq.bl_idname,
                             text="Tomb Raider 4/5 cutscene (CUTSEQ.PAK/.BIN)")
        self.layout.operator(RIPKIT_OT_export_zouna.bl_idname,
                             text="Zouna animation (Animation_Z)")


def menu_func(self, context):
    self.layout.menu(RIPKIT_MT_export.bl_idname)
