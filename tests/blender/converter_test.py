"""How the add-on finds its ripkit, with Windows' path rules (ntpath) as well
as Linux's, and what scripts/blender_extension.py packs. Plain Python, no
Blender: Windows Blender cannot run here, so its paths are spelled out.

    python3 converter_test.py RIPKIT WORK
"""
import importlib.util
import ntpath
import os
import posixpath
import shutil
import stat
import subprocess
import sys
import tomllib
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


conv = load("converter", os.path.join(ROOT, "plugins", "blender", "ripkit_blender", "converter.py"))
packer = load("blender_extension", os.path.join(ROOT, "scripts", "blender_extension.py"))
failures = []
count = 0


def check(cond, what):
    global count
    count += 1
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def eq(got, want, what):
    check(got == want, "%s: got %r, want %r" % (what, got, want))


def error_of(fn):
    try:
        fn()
    except conv.ConvertError as e:
        return str(e)
    return None


def no_path(_name):
    return None


def platform_names():
    for system, machine, want in (("linux", "x86_64", "linux-x64"),
                                  ("linux", "aarch64", "linux-arm64"),
                                  ("win32", "AMD64", "windows-x64"),
                                  ("win32", "ARM64", "windows-arm64"),
                                  ("darwin", "arm64", "macos-arm64"),
                                  ("darwin", "x86_64", "macos-x64"),
                                  ("linux", "riscv64", None),
                                  ("freebsd14", "amd64", None)):
        eq(conv.platform_id(system, machine), want, "platform of %s %s" % (system, machine))


# Where Blender 4.3 on Windows installs a user's extension (%APPDATA%), under a
# user name with a non-ASCII letter.
WIN_PACKAGE = ("C:\\Users\\Jos\u00e9\\AppData\\Roaming\\Blender Foundation\\Blender\\4.3\\"
               "extensions\\user_default\\ripkit_blender")
WIN_OWN = WIN_PACKAGE + "\\bin\\windows-x64\\ripkit.exe"


def windows_paths():
    files = {WIN_OWN, "D:\\Tools\\ripkit\\ripkit.exe"}

    def locate(preferred="", env="", which=no_path, carried=("windows-x64",)):
        return conv.locate(preferred, env, WIN_PACKAGE, "windows-x64", files.__contains__,
                           which, ntpath, list(carried))

    eq(locate(), WIN_OWN, "Windows: the package's own ripkit.exe, no preference")
    eq(locate(preferred="D:\\Tools\\ripkit\\ripkit.exe"), "D:\\Tools\\ripkit\\ripkit.exe",
       "Windows: the preference overrides the package's own")
    eq(locate(preferred="D:/Tools/ripkit/ripkit.exe"), "D:\\Tools\\ripkit\\ripkit.exe",
       "Windows: a preference with forward slashes")
    eq(locate(preferred="D:\\Tools\\ripkit\\..\\ripkit\\ripkit.exe"),
       "D:\\Tools\\ripkit\\ripkit.exe", "Windows: a preference with ..")
    eq(locate(env="D:\\Tools\\ripkit\\ripkit.exe"), "D:\\Tools\\ripkit\\ripkit.exe",
       "Windows: $RIPKIT_EXECUTABLE")
    msg = error_of(lambda: locate(preferred="E:\\gone\\ripkit.exe"))
    check(msg is not None and "E:\\gone\\ripkit.exe" in msg and "preferences" in msg,
          "Windows: a preference naming no file is an error naming it, not a fallback: %r" % msg)
    files.discard(WIN_OWN)
    eq(locate(which=lambda n: "C:\\ripkit\\ripkit.exe"), "C:\\ripkit\\ripkit.exe",
       "Windows: PATH when the package has none")
    msg = error_of(lambda: locate(carried=()))
    check(msg is not None and "windows-x64" in msg and "carries none" in msg,
          "Windows: no ripkit anywhere says the package carries none for windows-x64: %r" % msg)


def linux_paths():
    pkg = "/home/ana/.config/blender/4.3/extensions/user_default/ripkit_blender"
    own = pkg + "/bin/linux-x64/ripkit"
    eq(conv.bundled_executable(pkg, "linux-x64", posixpath), own, "Linux: the package's own ripkit")
    eq(conv.locate("", "", pkg, "linux-x64", {own}.__contains__, no_path, posixpath, ["linux-x64"]),
       own, "Linux: found with no preference")
    # The Windows zip installed on Linux: its ripkit.exe is no use here.
    msg = error_of(lambda: conv.locate("", "", pkg, "linux-x64", {pkg + "/bin/windows-x64/ripkit.exe"}
                                       .__contains__, no_path, posixpath, ["windows-x64"]))
    check(msg is not None and "windows-x64" in msg and "linux-x64" in msg,
          "Linux with the Windows package: the message names both platforms: %r" % msg)
    msg = error_of(lambda: conv.locate("", "", pkg, None, lambda p: False, no_path, posixpath,
                                       ["linux-x64"]))
    check(msg is not None and "linux-x64" in msg and "does not name" in msg,
          "a platform Blender does not name: the message names what the package carries: %r" % msg)
    msg = error_of(lambda: conv.locate("", "", pkg, "linux-x64", lambda p: False, no_path,
                                       posixpath, ["linux-x64"]))
    check(msg is not None and own in msg and "cannot be run" in msg,
          "a carried ripkit that cannot run: the message names it: %r" % msg)


def real_files(work):
    pkg = os.path.join(work, "pkg")
    for plat, name in (("linux-x64", "ripkit"), ("windows-x64", "ripkit.exe"),
                       ("linux-arm64", "not-ripkit")):
        os.makedirs(os.path.join(pkg, "bin", plat))
        with open(os.path.join(pkg, "bin", plat, name), "w") as f:
            f.write("#!/bin/sh\necho ok\n")
    eq(conv.bundled_platforms(pkg), ["linux-x64", "windows-x64"],
       "the platforms a package carries a ripkit for")
    eq(conv.bundled_platforms(os.path.join(work, "none")), [], "a package without bin/")
    exe = os.path.join(pkg, "bin", "linux-x64", "ripkit")
    os.chmod(exe, 0o644)  # as Python's zipfile unpacks it
    check(conv.usable(exe, "linux-x64") and os.stat(exe).st_mode & stat.S_IXUSR,
          "an unpacked ripkit without execute bits gets them and is used")
    check(not conv.usable(os.path.join(pkg, "bin"), "linux-x64"), "a folder is not a ripkit")
    eq(conv.popen_options("nt"), {"creationflags": 0x08000000},
       "Windows: ripkit runs with no console window")
    eq(conv.popen_options("posix"), {}, "Linux: no Popen options")


def packed(ripkit, work):
    exe = os.path.join(work, "fake.exe")
    with open(exe, "wb") as f:
        f.write(b"MZ fake")
    zips = {}
    for plat, carried in ((None, None), ("windows-x64", exe), ("linux-x64", ripkit)):
        out = os.path.join(work, "%s.zip" % (plat or "plain"))
        args = [sys.executable, packer.__file__, out, "--schema-from", ripkit]
        if plat:
            args += ["--platform", plat, "--ripkit", carried]
        subprocess.run(args, check=True)
        zips[plat] = out
    with zipfile.ZipFile(zips[None]) as z:
        names = z.namelist()
        m = tomllib.loads(z.read("ripkit_blender/blender_manifest.toml").decode())
        check("platforms" not in m, "the add-on alone names no platform")
        check(not any("/bin/" in n for n in names), "the add-on alone carries no ripkit")
    with zipfile.ZipFile(zips["windows-x64"]) as z:
        m = tomllib.loads(z.read("ripkit_blender/blender_manifest.toml").decode())
        eq(m.get("platforms"), ["windows-x64"], "the Windows zip's platforms")
        eq(z.read("ripkit_blender/bin/windows-x64/ripkit.exe"), b"MZ fake",
           "the Windows zip carries ripkit.exe")
    with zipfile.ZipFile(zips["linux-x64"]) as z:
        m = tomllib.loads(z.read("ripkit_blender/blender_manifest.toml").decode())
        eq(m.get("platforms"), ["linux-x64"], "the Linux zip's platforms")
        info = z.getinfo("ripkit_blender/bin/linux-x64/ripkit")
        eq((info.external_attr >> 16) & 0o777, 0o755, "the Linux zip's ripkit is executable")
        with open(ripkit, "rb") as f:
            check(z.read(info.filename) == f.read(), "the Linux zip carries the ripkit given")
        schema = subprocess.run([ripkit, "formats", "--json"], capture_output=True, check=True)
        # `formats --json` prints what -o writes.
        check(z.read("ripkit_blender/schema.json").strip() == schema.stdout.strip(),
              "schema.json is `ripkit formats --json`")
        names = z.namelist()
        check(names == sorted(names) and all(n.startswith("ripkit_blender/") for n in names),
              "one top folder, entries sorted")
    again = os.path.join(work, "again.zip")
    subprocess.run([sys.executable, packer.__file__, again, "--schema-from", ripkit,
                    "--platform", "linux-x64", "--ripkit", ripkit], check=True)
    with open(again, "rb") as a, open(zips["linux-x64"], "rb") as b:
        check(a.read() == b.read(), "packing twice gives the same bytes")


def main():
    ripkit, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    platform_names()
    windows_paths()
    linux_paths()
    real_files(work)
    packed(ripkit, work)
    print("%d checks, %d failures" % (count, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
