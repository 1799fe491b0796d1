#!/usr/bin/env bash
# scripts/check_files.sh PATH... - checks ripkit on your own game files:
# `ripkit check` converts every item of every game file in the files and
# folders given (one line a file, a total), then, where node is present, the
# Khronos glTF validator reads every glb it wrote. Exits 0 only when every item
# converted and no glb has a validator error.
#   RIPKIT=path      the ripkit to run (default: build/cli/ripkit, else ripkit on PATH)
#   KEEP=DIR         keep the glbs in DIR (default: a temporary folder, removed)
# The validator is the npm package tests/clients installs (npm ci there when
# it is missing and npm is present).
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
if [ $# -eq 0 ]; then
    echo "usage: scripts/check_files.sh PATH... (game files and folders)" >&2
    exit 2
fi
RIPKIT=${RIPKIT:-$ROOT/build/cli/ripkit}
[ -x "$RIPKIT" ] || RIPKIT=$(command -v ripkit || true)
if [ -z "$RIPKIT" ]; then
    echo "check_files.sh: no ripkit (run ./run.sh, or set RIPKIT=path)" >&2
    exit 2
fi
if [ -n "${KEEP:-}" ]; then
    OUT=$KEEP
    mkdir -p "$OUT"
else
    OUT=$(mktemp -d)
    trap 'rm -rf "$OUT"' EXIT
fi

status=0
"$RIPKIT" check -o "$OUT" "$@" || status=$?

CLIENTS=$ROOT/tests/clients
if ! command -v node >/dev/null; then
    echo "check_files.sh: node is not installed: the glbs were not validated"
    exit "$status"
fi
if [ ! -d "$CLIENTS/node_modules/gltf-validator" ]; then
    if ! command -v npm >/dev/null ||
        ! (cd "$CLIENTS" && npm ci --no-audit --no-fund --loglevel=error >/dev/null); then
        echo "check_files.sh: the Khronos validator (npm gltf-validator) could not be installed"
        exit "$status"
    fi
fi
# One validator run per 200 glbs; a file with errors is named with its first message.
find "$OUT" -name '*.glb' -print0 | sort -z |
    xargs -0 -r -n 200 node "$CLIENTS/validate.mjs" |
    node -e '
let text = "";
process.stdin.on("data", (d) => (text += d));
process.stdin.on("end", () => {
  let files = 0, errors = 0, warnings = 0, bad = 0;
  for (const line of text.split("\n").filter(Boolean)) {
    for (const f of JSON.parse(line).files) {
      files++;
      errors += f.numErrors;
      warnings += f.numWarnings;
      if (f.numErrors > 0) {
        bad++;
        const m = f.messages.find((x) => x.severity === 0) || {};
        console.log(`validator: ${f.file}: ${f.numErrors} errors (${m.code}: ${m.message})`);
      }
    }
  }
  console.log(`validator: ${files} glbs, ${errors} errors, ${warnings} warnings, ${bad} files with errors`);
  process.exit(bad > 0 ? 1 : 0);
});' || status=1
exit "$status"
