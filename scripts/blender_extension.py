#!/usr/bin/env python3
"""Packs the Blender add-on (plugins/blender/ripkit_blender) into a zip that
Blender installs: Add-ons > Install... (3.4-4.1, bl_info) or Get Extensions >
Install from Disk (4.2+, blender_manifest.toml, found in the zip's one top
folder).

    blender_extension.py OUT.zip --schema-from RIPKIT
        the add-on alone: it runs a ripkit the user has (preference, PATH)
    blender_extension.py OUT.zip --schema-from RIPKIT --platform linux-x64 --ripkit EXE
        a platform's extension: EXE goes in as ripkit_blender/bin/<platform>/ripkit
        (ripkit.exe for windows-*), executable, and the manifest's `platforms`
        names that platform alone, so Blender offers it only there.

schema.json, every format's settings and options, is what `RIPKIT formats
--json` prints (RIPKIT runs here, so for a Windows zip it is the Linux build
of the same source). Entries are sorted and dated 1980-01-01, so that the
same inputs make the same bytes.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADDON = os.path.join(ROOT, "plugins", "blender", "ripkit_blender")
PACKAGE = "ripkit_blender"
# The platforms Blender's extension manifest knows (4.2's validator).
PLATFORMS = ("windows-x64", "windows-arm64", "macos-x64", "macos-arm64", "linux-x64",
             "linux-arm64")
DATE = (1980, 1, 1, 0, 0, 0)


def manifest_for(text, platform):
    """The manifest with `platforms = [...]` for one platform, or without the
    key (every platform) for the add-on alone."""
    lines = [l for l in text.splitlines() if not re.match(r"\s*platforms\s*=", l)]
    if platform:
        # A top-level key: before the first [table], or at the end.
        at = next((i for i, l in enumerate(lines) if l.lstrip().startswith("[")), len(lines))
        lines.insert(at, 'platforms = ["%s"]\n' % platform)
    return "\n".join(lines) + "\n"


def schema_json(ripkit):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "schema.json")
        subprocess.run([ripkit, "formats", "--json", "-o", out], check=True)
        with open(out, "rb") as f:
            return f.read()


def add(z, name, data, mode=0o644):
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix: the mode below is kept
    info.external_attr = (0o100000 | mode) << 16
    z.writestr(info, data)


def pack(out, schema, platform=None, executable=None):
    files = sorted(f for f in os.listdir(ADDON) if f.endswith(".py"))
    with open(os.path.join(ADDON, "blender_manifest.toml"), encoding="utf-8") as f:
        manifest = manifest_for(f.read(), platform)
    tmp = out + ".part"
    with zipfile.ZipFile(tmp, "w") as z:
        entries = {PACKAGE + "/blender_manifest.toml": (manifest.encode("utf-8"), 0o644),
                   PACKAGE + "/schema.json": (schema, 0o644)}
        for name in files:
            with open(os.path.join(ADDON, name), "rb") as f:
                entries[PACKAGE + "/" + name] = (f.read(), 0o644)
        if executable:
            exe = "ripkit.exe" if platform.startswith("windows") else "ripkit"
            with open(executable, "rb") as f:
                entries["%s/bin/%s/%s" % (PACKAGE, platform, exe)] = (f.read(), 0o755)
        for name in sorted(entries):
            add(z, name, *entries[name])
    os.replace(tmp, out)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", help="the zip to write")
    p.add_argument("--schema-from", required=True, metavar="RIPKIT",
                   help="a ripkit of this source that runs here")
    p.add_argument("--platform", choices=PLATFORMS)
    p.add_argument("--ripkit", metavar="EXE", help="the platform's ripkit to carry")
    a = p.parse_args()
    if bool(a.platform) != bool(a.ripkit):
        p.error("--platform and --ripkit go together")
    if a.ripkit and not os.path.isfile(a.ripkit):
        p.error("no such file: " + a.ripkit)
    pack(a.out, schema_json(a.schema_from), a.platform, a.ripkit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
