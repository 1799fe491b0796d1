#!/usr/bin/env bash
# scripts/sample_outputs.sh OUTDIR [RIPKIT] - everything one ripkit says of the bundled samples,
# into OUTDIR: per sample `info` (text and JSON), `list --json`, `dump`, and every item as glb,
# FBX and Collada (`convert --all`, with the sample's .args companions). Run it with the tool
# before and after a change that must not change behaviour, then `diff -r BEFORE AFTER`.
#   RIPKIT  default build/cli/ripkit
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: scripts/sample_outputs.sh OUTDIR [RIPKIT]" >&2; exit 2; }
OUT=$(mkdir -p "$1" && cd "$1" && pwd)
RIPKIT=$(readlink -f "${2:-$ROOT/build/cli/ripkit}")
SAMPLES=$ROOT/samples

while IFS= read -r -d '' sample; do
    name=$(basename "$sample")
    case "$name" in *.args | *.md | README*) continue ;; esac
    rel=${sample#"$SAMPLES"/}
    dest=$OUT/${rel//./_}
    mkdir -p "$dest"
    extra=()
    if [ -f "$sample.args" ]; then read -r -a extra <"$sample.args"; fi
    # Relative paths, from the sample's folder, so no absolute path reaches an output.
    cd "$(dirname "$sample")"
    run() { # run FILE ARGS...: stdout to FILE, stderr and the exit status beside it (OUTDIR
        local file=$1 status=0 # written as OUT, so two runs' texts compare)
        shift
        "$RIPKIT" "$@" >"$dest/$file" 2>"$dest/$file.err" || status=$?
        echo "exit $status" >>"$dest/$file.err"
        sed -i "s#$OUT#OUT#g" "$dest/$file" "$dest/$file.err"
    }
    run info.txt info "$name" "${extra[@]}"
    run info.json info --json "$name" "${extra[@]}"
    run list.json list --json "$name" "${extra[@]}"
    run dump.json dump "$name" "${extra[@]}"
    for fmt in glb fbx dae; do
        run "convert_$fmt.txt" convert "$name" "$dest/$fmt" --all --format "$fmt" "${extra[@]}"
    done
    # Assimp's Collada writer stamps the time of writing.
    find "$dest" -name '*.dae' -exec sed -i 's#<\(created\|modified\)>[^<]*<#<\1>TIME<#' {} +
done < <(find "$SAMPLES" -mindepth 2 -type f -print0 | sort -z)
echo "sample_outputs.sh: $(find "$OUT" -type f | wc -l) files in $OUT"
