# Finds and runs the `ripkit` tool. Pure Python (no bpy), so that the path
# logic can be tested on any system with any platform's path rules.
import ntpath
import os
import platform as _platform
import posixpath
import shutil
import stat
import subprocess
import sys

# The folder this package was installed in: the platform zips carry their
# ripkit in bin/<platform>/ (scripts/blender_extension.py).
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class ConvertError(Exception):
    """A failed conversion; str() is ripkit's own one-line message."""


def platform_id(system=sys.platform, machine=_platform.machine()):
    """Blender's name for the running platform, as the manifest's `platforms`
    spells it (linux-x64, windows-x64, macos-arm64, ...); None when Blender
    names no such platform."""
    os_name = ("windows" if system.startswith(("win32", "cygwin")) else
               "macos" if system == "darwin" else
               "linux" if system.startswith("linux") else None)
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64",
            "arm64": "arm64"}.get(machine.lower())
    return "%s-%s" % (os_name, arch) if os_name and arch else None


def executable_name(platform):
    return "ripkit.exe" if (platform or "").startswith("windows") else "ripkit"


def bundled_executable(package_dir, platform, path=os.path):
    """Where a platform zip puts its ripkit inside the installed package."""
    return path.join(package_dir, "bin", platform or "unknown", executable_name(platform))


def bundled_platforms(package_dir, path=os.path, listdir=os.listdir):
    """The platforms this package carries a ripkit for."""
    folder = path.join(package_dir, "bin")
    try:
        names = sorted(listdir(folder))
    except OSError:
        return []
    return [n for n in names if path.isfile(path.join(folder, n, executable_name(n)))]


def usable(path_, platform):
    """A file that can be run. Windows runs any file (by its name's .exe);
    elsewhere an executable whose execute bits were lost when the zip was
    unpacked (Python's zipfile keeps no modes) gets them back."""
    if not os.path.isfile(path_):
        return False
    if (platform or "").startswith("windows") or os.access(path_, os.X_OK):
        return True
    try:
        mode = os.stat(path_).st_mode
        os.chmod(path_, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except OSError:
        return False
    return os.access(path_, os.X_OK)


def locate(preferred, env_value, package_dir, platform, is_usable, which, path=os.path,
           carried=None):
    """The ripkit to run: the add-on preference, $RIPKIT_EXECUTABLE, the one
    this package carries for the platform, then PATH. `path` is os.path's
    module for the platform (ntpath on Windows), so that the rules can be
    checked with another platform's paths; `carried` lists the platforms the
    package has a ripkit for."""
    for candidate, where in ((preferred, "the add-on preferences"),
                             (env_value, "$RIPKIT_EXECUTABLE")):
        if candidate:
            full = path.abspath(path.expanduser(candidate))
            if is_usable(full):
                return full
            raise ConvertError("ripkit executable not found or not executable: %s (set in %s)"
                               % (full, where))
    own = bundled_executable(package_dir, platform, path)
    if is_usable(own):
        return own
    found = which("ripkit")
    if found:
        return found
    carried = list(carried or [])
    where = "Edit > Preferences > Add-ons > ripkit"
    here = platform or "this system (a platform Blender does not name)"
    if platform in carried:
        raise ConvertError("the ripkit this package carries cannot be run: %s" % own)
    if carried:
        raise ConvertError("this ripkit_blender package carries ripkit for %s, not for %s, and "
                           "none is on PATH: install the package for %s, or set a ripkit "
                           "executable in %s" % (", ".join(carried), here, here, where))
    raise ConvertError("no ripkit to run: this ripkit_blender package carries none and none is on "
                       "PATH; install the package for %s, or set a ripkit executable in %s"
                       % (here, where))


def find_executable(preferred=""):
    """The `ripkit` to run on this system (see locate)."""
    plat = platform_id()
    return locate(preferred, os.environ.get("RIPKIT_EXECUTABLE", ""), PACKAGE_DIR, plat,
                  lambda p: usable(p, plat), shutil.which,
                  ntpath if os.name == "nt" else posixpath,
                  bundled_platforms(PACKAGE_DIR))


def error_line(stderr_text, returncode):
    """ripkit prints exactly one `ripkit: ...` line on failure; notes start
    with `ripkit: note:`. Falls back to the last non-empty line."""
    lines = [l.strip() for l in stderr_text.splitlines() if l.strip()]
    errors = [l for l in lines if l.startswith("ripkit:") and not l.startswith("ripkit: note:")
              and not l.startswith("ripkit: warning:")]
    if errors:
        return errors[-1]
    if lines:
        return lines[-1]
    return "ripkit failed with exit status %d and no message" % returncode


def popen_options(os_name):
    """On Windows a console program started from Blender would flash a
    console window up: CREATE_NO_WINDOW keeps it hidden."""
    if os_name == "nt":
        return {"creationflags": getattr(subprocess, "CREATE_NO_WINDOW", 0x08000000)}
    return {}


def run(executable, args, timeout=600):
    """Runs `executable args...`; returns (stdout, notes) or raises ConvertError."""
    try:
        proc = subprocess.run([executable] + list(args), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout,
                              **popen_options(os.name))
    except FileNotFoundError:
        raise ConvertError("cannot run %s" % executable) from None
    except subprocess.TimeoutExpired:
        raise ConvertError("ripkit did not finish within %d s" % timeout) from None
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        raise ConvertError(error_line(err, proc.returncode))
    notes = [l.strip()[len("ripkit: "):] for l in err.splitlines()
             if l.strip().startswith("ripkit: ")]
    return out, notes
