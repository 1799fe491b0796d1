# What differs between the Blender versions the add-on installs on: 3.4-4.1
# through bl_info, 4.2-4.5 as an extension (blender_manifest.toml). Each branch
# is picked by bpy.app.version; only Blender 3.4 runs in the tests, so the 4.x
# branches are written from Blender's API change logs and untested
# (docs/blender.md, "Blender versions").
#
# Not here because the add-on does not touch them: the Principled BSDF input
# renames of 4.0 (Emission -> Emission Color, ...) and the removal of
# Mesh.use_auto_smooth in 4.1; Blender's own glTF importer builds the materials
# and meshes, and the face switch rewires whatever socket the image fed.
import bpy

# 4.4 renamed the sequencer's Sequence to Strip and SequenceEditor.sequences /
# sequences_all to strips / strips_all (the old names went in 5.0).
_STRIPS = bpy.app.version >= (4, 4, 0)


def top_strips(editor):
    """The sequencer's top-level strip collection (new_sound lives there)."""
    return editor.strips if _STRIPS else editor.sequences


def all_strips(editor):
    """Every strip of the sequencer, meta strips' contents included."""
    return editor.strips_all if _STRIPS else editor.sequences_all
