#!/usr/bin/env bash
# scripts/package.sh - what a release ships, into dist/: the self-contained
# ripkit for Linux and for Windows (scripts/portable_build.sh), and the Blender
# extension for each platform carrying its ripkit (scripts/blender_extension.py):
#
#   dist/ripkit-<version>-linux-x64          dist/ripkit_blender-<version>-linux-x64.zip
#   dist/ripkit-<version>-windows-x64.exe    dist/ripkit_blender-<version>-windows-x64.zip
#
# On the way it checks what it made: the Linux ripkit needs no shared library
# but glibc's, and the Windows one gives the Linux one's outputs and errors
# under Wine (scripts/windows_check.sh). Blender's validation and install of
# the zips is scripts/extension_check.sh, run where a Blender 4.2+ is.
#
# Prints one line; exits 1 when a check fails. Environment: as portable_build.sh,
# and DIST (default dist/).
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
DIST=${DIST:-$ROOT/dist}
say() { echo "package.sh: $*" >&2; }

VERSION=$(sed -n 's/^project(ripkit VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")
[ -n "$VERSION" ] || { say "no version in CMakeLists.txt"; exit 1; }

"$ROOT/scripts/portable_build.sh" linux-x64
"$ROOT/scripts/portable_build.sh" windows-x64
LINUX=$ROOT/build-linux-x64/cli/ripkit
EXE=$ROOT/build-windows-x64/cli/ripkit.exe

# Only glibc's libraries may be needed: anything else would be missing on a
# system without ripkit's dependencies.
needed=$(LC_ALL=C readelf -d "$LINUX" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
extra=$(tr ' ' '\n' <<<"$needed" | grep -vxE 'libc\.so\.6|libm\.so\.6|ld-linux-x86-64\.so\.2|' || true)
if [ -n "$extra" ]; then
    say "the Linux ripkit needs libraries besides glibc's: $(tr '\n' ' ' <<<"$extra")"
    exit 1
fi
glibc=$(LC_ALL=C objdump -T "$LINUX" | grep -o 'GLIBC_[0-9.]*' | sort -t. -k1,1 -k2,2n -k3,3n -u |
    tail -1)

wine_line=$("$ROOT/scripts/windows_check.sh" | tail -1)
echo "$wine_line"
grep -q ' 0 differing; 0 failures' <<<"$wine_line" || { say "the Wine check failed"; exit 1; }

mkdir -p "$DIST"
install -m755 "$LINUX" "$DIST/ripkit-$VERSION-linux-x64"
install -m644 "$EXE" "$DIST/ripkit-$VERSION-windows-x64.exe"
for platform in linux-x64 windows-x64; do
    exe=$LINUX
    [ "$platform" = windows-x64 ] && exe=$EXE
    python3 "$ROOT/scripts/blender_extension.py" "$DIST/ripkit_blender-$VERSION-$platform.zip" \
        --schema-from "$LINUX" --platform "$platform" --ripkit "$exe"
done
echo "package.sh: ripkit $VERSION for linux-x64 (needs only ${needed% }; newest symbol $glibc)" \
    "and windows-x64 (checked under Wine), Blender extensions for both, in ${DIST#"$ROOT"/}/"
