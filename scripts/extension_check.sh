#!/usr/bin/env bash
# scripts/extension_check.sh ZIP... - the Blender extension zips as a user meets
# them: Blender's own validator (`blender --command extension validate`,
# Blender 4.2+) accepts each, and the zip made for this system, installed into
# fresh user folders with no ripkit on PATH and no preference set, imports a
# cutscene that matches the reference ripkit's conversion
# (tests/blender/extension_test.py).
#
# Environment: RIPKIT, the reference (default build/cli/ripkit, run.sh's);
# BLENDER (default: blender on PATH). Prints one line; exits 1 on a failure.
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
RIPKIT=${RIPKIT:-$ROOT/build/cli/ripkit}
BLENDER=${BLENDER:-$(command -v blender || true)}
say() { echo "extension_check.sh: $*" >&2; }
(($#)) || { say "usage: scripts/extension_check.sh ZIP..."; exit 2; }
[ -x "$BLENDER" ] || { say "no Blender (apt-get install blender)"; exit 1; }
[ -x "$RIPKIT" ] || { say "no reference ripkit at $RIPKIT (./run.sh builds it)"; exit 1; }

version=$("$BLENDER" --factory-startup --version 2>/dev/null | sed -n 's/^Blender \([0-9.]*\).*/\1/p' | head -1)
case "$(uname -s)-$(uname -m)" in
Linux-x86_64) here=linux-x64 ;;
Linux-aarch64) here=linux-arm64 ;;
*) here=unknown ;;
esac
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ripkit-extension-check.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

platforms_of() {
    python3 - "$1" <<'EOF'
import sys, tomllib, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    m = tomllib.loads(z.read("ripkit_blender/blender_manifest.toml").decode("utf-8"))
print(" ".join(m.get("platforms", [])))
EOF
}

valid=0 failed=0 installed="no zip for $here"
validates=1
[ "$(printf '%s\n' "$version" 4.2 | sort -V | head -1)" = 4.2 ] || validates=0
for zip in "$@"; do
    name=$(basename "$zip")
    if ((validates)); then
        if "$BLENDER" --factory-startup --command extension validate "$zip" >"$TMP/validate.log" 2>&1; then
            valid=$((valid + 1))
        else
            say "$name: Blender's validator refused it: $(tail -1 "$TMP/validate.log")"
            failed=$((failed + 1))
        fi
    fi
    if [ " $(platforms_of "$zip") " = " $here " ]; then
        if cmake -DBLENDER="$BLENDER" -DZIP="$zip" -DSCRIPT="$ROOT/tests/blender/extension_test.py" \
            -DWORK="$TMP/install" -DRIPKIT="$RIPKIT" -DSAMPLES="$ROOT/samples" \
            -P "$ROOT/tests/blender/run_blender.cmake" >"$TMP/install.log" 2>&1; then
            installed="$name installed and imported a cutscene"
        else
            sed 's/^/    /' "$TMP/install.log" | grep -E 'FAIL|Error|error' | head -20 >&2 || true
            installed="$name FAILED to install and import"
            failed=$((failed + 1))
        fi
    fi
done
if ((validates)); then
    checked="$valid of $# zips valid"
else
    checked="not validated (Blender's validator is 4.2+)"
fi
echo "extension_check.sh: Blender $version ($here): $checked; $installed"
((failed == 0))
