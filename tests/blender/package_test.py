"""The add-on zip as Blender 4.2+ reads it (blender_manifest.toml) and as
Blender 3.4 installs it, and the add-on working under a package name that is
not `ripkit_blender` (4.2 imports extensions as bl_ext.<repo>.<id>), and
Blender's own glTF import working once the add-on is enabled. In 4.2+ also
the real thing: Blender's `extension validate` of the zip, and the zip
installed from disk as an extension and working:

  blender -b --factory-startup --python-exit-code 1 --python package_test.py -- \
      --zip ripkit_blender.zip --work DIR

The manifest rules are those of Blender 4.2's extension validator
(`blender --command extension validate`, scripts/addons_core/bl_pkg/cli/
blender_ext.py), restated here; bl_info is read from the zip's __init__.py
source, not from the add-on's own code.
"""
import ast
import importlib
import os
import re
import shutil
import sys
import tomllib
import zipfile

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_util as U  # noqa: E402
import make_glb as G  # noqa: E402

C = U.Checks()
PACKAGE = "ripkit_blender"
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")
# Blender's own list of add-on tags (extensions platform), the part we might use.
ADDON_TAGS = {"3D View", "Animation", "Camera", "Import-Export", "Object", "Pipeline", "Scene",
              "Sequencer"}
PERMISSIONS = {"files", "network", "clipboard", "camera", "microphone"}
# The newest Blender the suites ran on (docs/blender.md, "Blender versions").
NEWEST_TESTED = (5, 2, 2)
def terse(value):
    """Tagline and permission reasons: <= 64 characters, no surrounding
    space, ending in a letter, digit or closing bracket."""
    return (isinstance(value, str) and 0 < len(value) <= 64 and value == value.strip()
            and (value[-1].isalnum() or value[-1] in ")]}"))


def blender_version(value):
    parts = value.split(".") if isinstance(value, str) else []
    return tuple(int(p) for p in parts) if len(parts) == 3 and all(p.isdigit() for p in parts) \
        else None


def bl_info_of(source):
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "bl_info" for t in node.targets):
            return ast.literal_eval(node.value)
    return None


def check_zip(path):
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        C.ok(names and all(n.startswith(PACKAGE + "/") for n in names),
             "every zip entry is under %s/ (one top folder: legacy install and 4.2's "
             "manifest lookup alike): %r" % (PACKAGE, names))
        if not C.ok(PACKAGE + "/blender_manifest.toml" in names, "the zip holds the manifest"):
            return
        manifest = tomllib.loads(z.read(PACKAGE + "/blender_manifest.toml").decode("utf-8"))
        info = bl_info_of(z.read(PACKAGE + "/__init__.py").decode("utf-8"))
    C.ok(info is not None, "__init__.py has bl_info (Blender 3.4-4.1)")
    info = info or {}
    m = manifest
    C.eq(m.get("schema_version"), "1.0.0", "manifest schema_version")
    C.eq(m.get("id"), PACKAGE, "manifest id is the package folder")
    C.ok(PACKAGE.isidentifier() and "__" not in PACKAGE and PACKAGE.strip("_") == PACKAGE,
         "id is a valid extension id")
    C.ok(SEMVER.match(str(m.get("version", ""))) is not None, "manifest version is semver")
    C.eq(m.get("version"), ".".join(str(v) for v in info.get("version", ())),
         "manifest version = bl_info version")
    C.eq(m.get("name"), info.get("name"), "manifest name = bl_info name")
    C.eq(m.get("type"), "add-on", "manifest type")
    C.ok(terse(m.get("tagline")), "tagline <= 64 characters, no end punctuation: %r"
         % m.get("tagline"))
    C.ok(isinstance(m.get("maintainer"), str) and m["maintainer"].strip() == m["maintainer"] != "",
         "maintainer")
    lic = m.get("license")
    C.ok(isinstance(lic, list) and lic and all(isinstance(x, str) and x.startswith("SPDX:")
                                               for x in lic), "license: SPDX identifiers")
    low = blender_version(m.get("blender_version_min"))
    C.ok(low is not None and low >= (4, 2, 0), "blender_version_min X.Y.Z, 4.2.0 or later "
         "(extensions start at 4.2): %r" % m.get("blender_version_min"))
    high = blender_version(m.get("blender_version_max", "99.0.0"))
    C.ok(high is not None and low is not None and high > low, "blender_version_max above min")
    C.ok(tuple(info.get("blender", ())) <= (3, 4, 0), "bl_info keeps Blender 3.4 as its minimum")
    C.ok(high is not None and high > NEWEST_TESTED, "blender_version_max %r lets the newest tested "
         "Blender %s in" % (m.get("blender_version_max"), NEWEST_TESTED))
    running = tuple(bpy.app.version)
    if running >= (4, 2, 0):
        C.ok(low is not None and high is not None and low <= running < high,
             "the manifest accepts the running Blender %s" % (running,))
    tags = m.get("tags", [])
    C.ok(isinstance(tags, list) and set(tags) <= ADDON_TAGS, "tags are Blender add-on tags: %r"
         % tags)
    # The add-on alone runs the user's own ripkit on any platform; the platform
    # zips (extension_test.py) name theirs.
    C.ok("platforms" not in m, "the add-on alone names no platform: %r" % m.get("platforms"))
    perms = m.get("permissions", {})
    C.ok(isinstance(perms, dict) and set(perms) <= PERMISSIONS
         and all(terse(v) for v in perms.values()), "permissions: known keys, terse reasons")
    C.ok("files" in perms, "declares the file access it needs")


def sound_strips(scene):
    return len(U.sound_strips(scene))


def legacy_install(zip_path, work):
    """Add-ons > Install... (Blender 3.4-4.1; 4.2+ still install a zip this way):
    enabled as `ripkit_blender`."""
    mod = U.install_addon(zip_path)
    C.eq(mod.__name__, PACKAGE, "legacy install: module name")
    C.eq(mod.preferences.RipkitPreferences.bl_idname, PACKAGE,
         "legacy install: preferences bl_idname is the package")
    # A user's File > Import > glTF 2.0 of a ripkit .glb, the add-on enabled and
    # none of its operators run yet (the first numpy-using call of this process:
    # on Debian 12's numpy 1.24 Blender 3.4's importer stops at numpy.bool unless
    # the add-on's register() put it back).
    glb, _ = G.write(os.path.join(work, "legacy.glb"))
    try:
        bpy.ops.import_scene.gltf(filepath=glb)
        imported = None
    except Exception as e:  # noqa: BLE001 - the message is the finding
        imported = str(e).strip().splitlines()[-1:] or ["?"]
    C.ok(imported is None, "legacy install: Blender's own glTF import of a .glb works: %r"
         % imported)
    scene = bpy.context.scene
    C.near(scene.render.fps / scene.render.fps_base, G.RATE,
           "legacy install: plain glTF import restored the fps")
    C.eq(scene.frame_end - scene.frame_start + 1, G.FRAME_COUNT,
         "legacy install: plain glTF import restored the frame range")
    import addon_utils
    addon_utils.disable(PACKAGE, default_set=True)
    C.ok(not hasattr(bpy.types, "RIPKIT_MT_import"), "legacy install: disabled again")


def extension_style(zip_path, work):
    """The add-on imported as ext_probe.user_default.ripkit_blender (the shape
    of 4.2's bl_ext.user_default.ripkit_blender), registered by hand as
    addon_utils would: its preferences, the operators and the glTF hook must
    all find themselves through __package__."""
    root = os.path.join(work, "ext")
    with zipfile.ZipFile(zip_path) as z:
        z.extractall(os.path.join(root, "ext_probe", "user_default"))
    sys.path.insert(0, root)
    name = "ext_probe.user_default." + PACKAGE
    mod = importlib.import_module(name)
    C.eq(mod.__package__, name, "extension-style import: __package__")
    C.ok(PACKAGE not in bpy.context.preferences.addons, "the legacy install is not enabled")
    entry = bpy.context.preferences.addons.new()
    entry.module = name
    mod.register()
    try:
        prefs = bpy.context.preferences.addons[name].preferences
        C.ok(prefs is not None and prefs.bl_rna.identifier == "RipkitPreferences",
             "preferences registered under the package name")
        C.ok(hasattr(bpy.ops.import_scene, "ripkit_any"), "operators registered")
        # Plain glTF import: the importer finds the hook through the package
        # name, and the hook reads its first-frame preference through it.
        prefs.first_frame = 5
        # (The factory scene as it is: U.fresh_scene would enable the legacy install.)
        glb, _ = G.write(os.path.join(work, "ext.glb"))
        before = sound_strips(bpy.context.scene)  # the legacy check's import left one
        bpy.ops.import_scene.gltf(filepath=glb)
        scene = bpy.context.scene
        C.near(scene.render.fps / scene.render.fps_base, G.RATE, "extension-style: restore set fps")
        C.eq(scene.frame_start, 5, "extension-style: first frame from the package's preferences")
        C.eq(scene.frame_end, 5 + G.FRAME_COUNT - 1, "extension-style: frame range")
        U.check_world(C, scene, G.BACKDROP, "extension-style:")
        C.eq(sound_strips(scene) - before, 1, "extension-style: sound strip")
    finally:
        mod.unregister()
        bpy.context.preferences.addons.remove(entry)
    C.ok(not hasattr(bpy.types, "RIPKIT_MT_import"), "extension-style: unregistered")


def real_extension(zip_path, work):
    """4.2+: the zip through Blender's own manifest validator, then installed
    from disk into the user repository (what Get Extensions > Install from
    Disk does) and enabled as bl_ext.user_default.ripkit_blender."""
    import subprocess
    out = subprocess.run([bpy.app.binary_path, "--factory-startup", "--command", "extension",
                          "validate", zip_path], capture_output=True, text=True)
    C.eq(out.returncode, 0, "blender --command extension validate: %s"
         % (out.stdout + out.stderr).strip().splitlines()[-1:])
    repos = list(bpy.context.preferences.extensions.repos)
    repo = next((r for r in repos if r.module == "user_default"), None)
    if not C.ok(repo is not None, "Blender has the user_default extension repository"):
        return
    C.ok(os.path.realpath(repo.directory).startswith(os.path.realpath(
        os.environ.get("BLENDER_USER_EXTENSIONS", "/nonexistent"))),
         "the user repository is the test's own (BLENDER_USER_EXTENSIONS): " + repo.directory)
    res = bpy.ops.extensions.package_install_files(filepath=zip_path, repo="user_default",
                                                   enable_on_install=True)
    C.eq(res, {"FINISHED"}, "extension installed from disk")
    name = "bl_ext.user_default." + PACKAGE
    if not C.ok(name in bpy.context.preferences.addons, "enabled as " + name):
        return
    C.ok(os.path.isfile(os.path.join(repo.directory, PACKAGE, "schema.json")),
         "the installed extension holds schema.json")
    C.ok(hasattr(bpy.ops.import_scene, "ripkit_any"), "extension: operators registered")
    glb, _ = G.write(os.path.join(work, "real_ext.glb"))
    bpy.ops.wm.read_homefile(use_empty=True)
    C.ok(name in bpy.context.preferences.addons, "extension still enabled in a new file")
    bpy.ops.import_scene.gltf(filepath=glb)
    scene = bpy.context.scene
    C.near(scene.render.fps / scene.render.fps_base, G.RATE, "extension: plain glTF import restored the fps")
    C.eq(scene.frame_end - scene.frame_start + 1, G.FRAME_COUNT, "extension: frame range")
    U.check_world(C, scene, G.BACKDROP, "extension:")
    C.eq(sound_strips(scene), 1, "extension: sound strip")
    U.check_sequencer_scene(C, scene, "extension:")
    bpy.ops.extensions.package_uninstall(repo_index=repos.index(repo), pkg_id=PACKAGE)
    C.ok(name not in bpy.context.preferences.addons and not hasattr(bpy.types, "RIPKIT_MT_import"),
         "extension uninstalled")
    # The headless install docs/blender.md gives, into folders of its own.
    env = dict(os.environ)
    for key, sub in (("BLENDER_USER_EXTENSIONS", "cli_extensions"), ("BLENDER_USER_CONFIG", "cli_config"),
                     ("BLENDER_USER_SCRIPTS", "cli_scripts")):
        env[key] = os.path.join(work, sub)
        os.makedirs(env[key], exist_ok=True)
    out = subprocess.run([bpy.app.binary_path, "--factory-startup", "--command", "extension",
                          "install-file", "-r", "user_default", "-e", zip_path],
                         capture_output=True, text=True, env=env)
    C.eq(out.returncode, 0, "blender --command extension install-file: %s"
         % (out.stdout + out.stderr).strip().splitlines()[-1:])
    probe = ("import bpy; print('RIPKIT_ENABLED', %r in bpy.context.preferences.addons, "
             "hasattr(bpy.ops.import_scene, 'ripkit_any'))" % name)
    out = subprocess.run([bpy.app.binary_path, "-b", "--python-expr", probe],
                         capture_output=True, text=True, env=env)
    C.ok("RIPKIT_ENABLED True True" in out.stdout,
         "after install-file the next Blender start has the extension enabled, operators registered")


def main():
    a = U.script_args()
    work = a["work"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    check_zip(a["zip"])
    legacy_install(a["zip"], work)
    extension_style(a["zip"], work)
    if bpy.app.version >= (4, 2, 0):
        real_extension(a["zip"], work)
    C.finish()


main()
