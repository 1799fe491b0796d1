# One file through the pipeline: ripkit convert -> .glb (+ .wav) in a temporary
# folder -> Blender's glTF importer (with the restore hooks) -> report.
import os
import tempfile

import bpy

from . import converter, extension, formats, restore


def numpy_shim():
    """Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed."""
    try:
        import numpy
    except ImportError:
        raise converter.ConvertError(
            "Blender's glTF importer needs numpy (Debian: apt-get install python3-numpy)") from None
    if "bool" not in numpy.__dict__:
        numpy.bool = numpy.bool_


def gltf_import(path, **options):
    numpy_shim()
    if not hasattr(bpy.ops.import_scene, "gltf"):
        raise converter.ConvertError("the glTF 2.0 add-on (io_scene_gltf2) is not enabled")
    return bpy.ops.import_scene.gltf(filepath=path, **options)


class Result:
    def __init__(self):
        self.messages = []  # (level, text)
        self.objects = []
        self.restorer = None


def import_file(source, spec, values, settings, executable, gltf_options=None):
    """Converts `source` with ripkit and imports it. Raises
    converter.ConvertError with ripkit's one-line message on failure."""
    result = Result()
    with tempfile.TemporaryDirectory(prefix="ripkit_blender_") as tmp:
        stem = os.path.splitext(os.path.basename(source))[0] or "scene"
        glb = os.path.join(tmp, stem + ".glb")
        args = formats.convert_args(spec, values, source, glb)
        _, notes = converter.run(executable, args)
        result.messages += [("INFO", n) for n in notes]
        if not os.path.isfile(glb):
            raise converter.ConvertError("ripkit wrote no %s" % glb)
        before = set(bpy.data.objects)
        extension.pending_settings = settings
        extension.last_messages.clear()
        extension.last_restorer = None
        try:
            status = gltf_import(glb, **(gltf_options or {}))
        except RuntimeError as e:
            raise converter.ConvertError("glTF import failed: %s" % str(e).strip()) from None
        finally:
            extension.pending_settings = None
        if "FINISHED" not in status:
            raise converter.ConvertError("Blender's glTF importer did not finish")
        result.messages += extension.last_messages
        result.restorer = extension.last_restorer
        if result.restorer is None:
            result.messages.append(("WARNING", "ripkit restore did not run (is the glTF "
                                    "user-extension hook available?)"))
        result.objects = [o for o in bpy.data.objects if o not in before]
    return result


def default_settings(context, op):
    return restore.Settings(first_frame=op.first_frame, set_scene=op.set_scene,
                            faces=op.faces, sound=op.sound)
