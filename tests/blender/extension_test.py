"""A platform's extension zip (ripkit_blender-<version>-<platform>.zip, its
ripkit inside) installed the way a user does and used with no other step: no
preference, no $RIPKIT_EXECUTABLE, no ripkit on PATH. Blender 4.2+: Blender's
own `extension validate`, then Install from Disk into the user repository;
3.4: Add-ons > Install.... A cutscene imported through the add-on must give
what Blender's glTF import of the same file, converted by the reference
ripkit, gives.

  blender -b --factory-startup --python-exit-code 1 --python extension_test.py -- \\
      --zip ripkit_blender-0.1.0-linux-x64.zip --ripkit RIPKIT --samples DIR --work DIR

The zip may carry another build than the reference (the self-contained one
scripts/portable_build.sh makes): the outputs must still agree.
"""
import os
import platform
import shutil
import subprocess
import sys
import tomllib
import zipfile

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402

C = U.Checks()
PACKAGE = "ripkit_blender"


def this_platform():
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64"}.get(platform.machine().lower())
    return "linux-" + arch if sys.platform.startswith("linux") and arch else None


def no_ripkit_around():
    """The user's system as the package meets it: nothing else to run."""
    os.environ.pop("RIPKIT_EXECUTABLE", None)
    dirs = os.environ.get("PATH", "").split(os.pathsep)
    os.environ["PATH"] = os.pathsep.join(d for d in dirs
                                         if not os.path.exists(os.path.join(d, "ripkit")))
    C.ok(shutil.which("ripkit") is None, "no ripkit on PATH for the test")


def install(zip_path):
    """-> (module name, installed package folder)."""
    if bpy.app.version < (4, 2, 0):
        U.install_addon(zip_path)
        return PACKAGE, os.path.join(bpy.utils.user_resource("SCRIPTS", path="addons"), PACKAGE)
    out = subprocess.run([bpy.app.binary_path, "--factory-startup", "--command", "extension",
                          "validate", zip_path], capture_output=True, text=True)
    C.eq(out.returncode, 0, "blender --command extension validate: %s"
         % (out.stdout + out.stderr).strip().splitlines()[-1:])
    repo = next(r for r in bpy.context.preferences.extensions.repos if r.module == "user_default")
    res = bpy.ops.extensions.package_install_files(filepath=zip_path, repo="user_default",
                                                   enable_on_install=True)
    C.eq(res, {"FINISHED"}, "extension installed from disk")
    return "bl_ext.user_default." + PACKAGE, os.path.join(repo.directory, PACKAGE)


def new_file(name):
    bpy.ops.wm.read_homefile(use_empty=True)
    if name not in bpy.context.preferences.addons:  # 3.4: read_homefile drops a legacy add-on
        import addon_utils
        addon_utils.enable(name, default_set=True)


def scene_summary():
    scene = bpy.context.scene
    keys = {}
    for o in bpy.data.objects:
        ad = o.animation_data
        keys[o.name] = len(U.fcurves(ad.action)) if ad and ad.action else 0
    return {"objects": sorted(o.name for o in bpy.data.objects),
            "types": sorted(o.type for o in bpy.data.objects),
            "fps": round(scene.render.fps / scene.render.fps_base, 4),
            "frames": (scene.frame_start, scene.frame_end), "fcurves": keys}


def main():
    a = U.script_args()
    work = a["work"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    with zipfile.ZipFile(a["zip"]) as z:
        manifest = tomllib.loads(z.read(PACKAGE + "/blender_manifest.toml").decode("utf-8"))
    plats = manifest.get("platforms", [])
    C.eq(plats, [this_platform()], "the zip is made for this platform")
    no_ripkit_around()
    name, folder = install(a["zip"])
    if not C.ok(name in bpy.context.preferences.addons, "enabled as " + name):
        C.finish()
    converter = sys.modules[name + ".converter"]
    prefs = bpy.context.preferences.addons[name].preferences
    C.eq(prefs.ripkit_path, "", "no preference set")
    own = os.path.join(folder, "bin", this_platform(), "ripkit")
    found = converter.find_executable(prefs.ripkit_path)
    C.eq(os.path.realpath(found), os.path.realpath(own), "the add-on runs the ripkit it carries")
    C.ok(os.access(own, os.X_OK), "the carried ripkit is executable once found")

    sample = os.path.join(a["samples"], "tr_cutseq", "CUTSEQ.PAK")
    new_file(name)
    res = bpy.ops.import_scene.ripkit_any(filepath=sample, item="1")
    C.eq(res, {"FINISHED"}, "the add-on imports CUTSEQ.PAK item 1 with its own ripkit")
    got = scene_summary()
    C.ok(len(got["objects"]) > 0, "the import made objects: %r" % got["objects"])

    glb = os.path.join(work, "reference.glb")
    out = subprocess.run([a["ripkit"], "convert", sample, glb, "--item", "1"],
                         capture_output=True, text=True)
    C.eq(out.returncode, 0, "reference ripkit convert: " + out.stderr.strip())
    new_file(name)
    bpy.ops.import_scene.gltf(filepath=glb)
    want = scene_summary()
    for key in want:
        C.eq(got[key], want[key], "add-on import with the carried ripkit vs glTF import of the "
             "reference conversion: " + key)

    prefs.ripkit_path = a["ripkit"]
    C.eq(converter.find_executable(prefs.ripkit_path), os.path.abspath(a["ripkit"]),
         "the preference still overrides the carried ripkit")
    prefs.ripkit_path = os.path.join(work, "no-such-ripkit")
    try:
        converter.find_executable(prefs.ripkit_path)
        C.ok(False, "a preference naming no file is an error")
    except converter.ConvertError as e:
        C.ok("no-such-ripkit" in str(e), "the error names the preference's path: " + str(e))
    C.finish()


main()
