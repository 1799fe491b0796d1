# ripkit for Blender: imports old game cutscenes and animations (Tomb Raider
# 4/5 CUTSEQ, Rugrats PS1 cinematics, Asobo Zouna, Hey You Pikachu N64) by
# running the `ripkit` converter to glTF and restoring what Blender's glTF
# importer drops (frame rate and range, camera lens keys, face texture
# switching, sound, active actions).
bl_info = {
    "name": "ripkit (old game cutscenes and animations)",
    "author": "ripkit",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import > ripkit, File > Export > ripkit",
    "description": "Imports Tomb Raider 4/5 cutscenes, Rugrats PS1 cinematics, Zouna "
                   "animations and Hey You Pikachu models through the ripkit converter",
    "doc_url": "",
    "category": "Import-Export",
}

if "bpy" in locals():
    import importlib
    for _m in (formats, converter, glb, compat, backdrop, restore, extension, importer,
               import_operators, export_operators, preferences):
        importlib.reload(_m)
else:
    from . import (formats, converter, glb, compat, backdrop, restore, extension, importer,
                   import_operators, export_operators, preferences)

import bpy

# Blender's glTF importer looks for this name in every enabled add-on module.
glTF2ImportUserExtension = extension.glTF2ImportUserExtension

_CLASSES = ([preferences.RipkitPreferences, import_operators.RIPKIT_MT_import] +
            import_operators.OPERATORS + [export_operators.RIPKIT_MT_export] +
            export_operators.OPERATORS)


def register():
    # Now rather than at our first import: Blender's own File > Import > glTF 2.0
    # of a ripkit .glb (our hook restores it) must not stop at numpy.bool either.
    try:
        importer.numpy_shim()
    except converter.ConvertError:
        pass  # no numpy: our operators say so when used; registering must not fail
    for cls in _CLASSES:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(import_operators.menu_func)
    bpy.types.TOPBAR_MT_file_export.append(export_operators.menu_func)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(export_operators.menu_func)
    bpy.types.TOPBAR_MT_file_import.remove(import_operators.menu_func)
    for cls in reversed(_CLASSES):
        bpy.utils.unregister_class(cls)
