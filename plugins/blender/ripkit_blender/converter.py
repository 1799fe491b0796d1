# Runs the `ripkit` tool. Pure Python (no bpy).
import os
import shutil
import subprocess


class ConvertError(Exception):
    """A failed conversion; str() is ripkit's own one-line message."""


def find_executable(preferred=""):
    """The `ripkit` to run: the add-on preference, $RIPKIT_EXECUTABLE, then PATH."""
    for candidate in (preferred, os.environ.get("RIPKIT_EXECUTABLE", "")):
        if candidate:
            path = os.path.abspath(os.path.expanduser(candidate))
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
            raise ConvertError("ripkit executable not found or not executable: %s "
                               "(set it in the add-on preferences)" % path)
    found = shutil.which("ripkit")
    if not found:
        raise ConvertError("ripkit executable not found on PATH; set its path in "
                           "Edit > Preferences > Add-ons > ripkit")
    return found


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


def run(executable, args, timeout=600):
    """Runs `executable args...`; returns (stdout, notes) or raises ConvertError."""
    try:
        proc = subprocess.run([executable] + list(args), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
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
