# Add-on preferences: where `ripkit` is, and what plain glTF imports of
# ripkit-written files get.
import bpy
from bpy.props import BoolProperty, IntProperty, StringProperty
from bpy.types import AddonPreferences

from . import converter


class RipkitPreferences(AddonPreferences):
    bl_idname = __package__

    ripkit_path: StringProperty(
        name="ripkit executable", subtype="FILE_PATH", default="",
        description="Path of a `ripkit` tool to use instead of the one this package carries; "
                    "empty = $RIPKIT_EXECUTABLE, then the package's own, then PATH")
    restore_plain_gltf: BoolProperty(
        name="Restore on plain glTF import", default=True,
        description="Also restore frame rate, lens keys, faces and sound when a .glb written "
                    "by ripkit is opened with File > Import > glTF 2.0")
    first_frame: IntProperty(
        name="First frame (plain glTF import)", default=1,
        description="Scene frame of the game's time 0 for plain glTF imports")

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "ripkit_path")
        try:
            found = converter.find_executable(self.ripkit_path)
            layout.label(text="Using " + found, icon="CHECKMARK")
        except converter.ConvertError as e:
            layout.label(text=str(e), icon="ERROR")
        layout.prop(self, "restore_plain_gltf")
        layout.prop(self, "first_frame")
