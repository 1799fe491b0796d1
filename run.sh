#!/usr/bin/env bash
# ./run.sh - the first command: installs what is missing (Debian 12, 13 or sid, as root or
# through sudo; npm's `three` package for the page `ripkit view` writes), builds
# ripkit (Release, in build/, three.js built in) and the Blender add-on zip, then
# converts every bundled sample under samples/ (every item, glTF binary + WAV
# where there is audio) into out/<format>/ and says where the output and the
# add-on are. Safe to run again: it rebuilds only what changed and skips samples
# already converted by the same binary.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"
ROOT=$PWD
JOBS=$(nproc 2>/dev/null || echo 2)

source "$ROOT/scripts/install_missing.sh"
source "$ROOT/scripts/compiler_cache.sh"

install_missing "${BUILD_DEPS[@]}"

# three.js (npm `three`, pinned by exporters/viewer/package-lock.json), which the
# build embeds into ripkit for `ripkit view`; installed again only when the lock
# file changed. Offline, the rest still builds and `view` says what is missing.
VIEWER=exporters/viewer
if [ ! -f "$VIEWER/node_modules/.package-lock.json" ] ||
    [ "$VIEWER/package-lock.json" -nt "$VIEWER/node_modules/.package-lock.json" ]; then
    (cd "$VIEWER" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) ||
        echo "run.sh: warning: npm ci in $VIEWER failed; ripkit view will need --three-dir" >&2
fi

# Warnings are errors in ./test.sh's build; a user's build should not stop on one.
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build "${CACHE_FLAGS[@]}" -DCMAKE_BUILD_TYPE=Release -DRIPKIT_BUILD_TESTS=OFF -DRIPKIT_WERROR=OFF >/dev/null
fi
cmake --build build -j"$JOBS" --target ripkit ripkit-make-samples ripkit_blender_zip
RIPKIT=$ROOT/build/cli/ripkit

# The bundled samples; a checkout without them gets freshly written ones.
SAMPLES=$ROOT/samples
if ! find "$SAMPLES" -mindepth 2 -type f -print -quit | grep -q .; then
    SAMPLES=$ROOT/build/samples-generated
    "$ROOT/build/samples/ripkit-make-samples" "$SAMPLES" >/dev/null
fi

OUT=$ROOT/out
mkdir -p "$OUT"
converted=0 skipped=0 companions=0
while IFS= read -r -d '' sample; do
    rel=${sample#"$SAMPLES"/}        # <format>/[sub/]<name>
    name=$(basename "$sample")
    case "$name" in *.args | *.md | README*) continue ;; esac
    # One folder per sample: CUTSEQ.PAK and CUTSEQ.BIN would both give CUTSEQ_1.glb.
    dest=$OUT/$(dirname "$rel")/${name//./_}
    stamp=$dest/.done
    if [ -f "$stamp" ] && [ "$stamp" -nt "$sample" ] && [ "$stamp" -nt "$RIPKIT" ]; then
        skipped=$((skipped + 1))
        continue
    fi
    # Extra options a sample needs (companions) live next to it in <sample>.args.
    extra=()
    if [ -f "$sample.args" ]; then read -r -a extra <"$sample.args"; fi
    mkdir -p "$dest"
    # out/ is run.sh's own: a rebuilt tool replaces what an earlier run wrote.
    if err=$(cd "$(dirname "$sample")" && "$RIPKIT" convert "$sample" "$dest" --all --overwrite "${extra[@]}" 2>&1 >/dev/null); then
        touch "$stamp"
        converted=$((converted + 1))
        echo "run.sh: samples/$rel -> ${dest#"$ROOT"/}/"
    elif grep -q -e 'wrong format' -e 'a non-empty file' -e 'at least one non-empty item' <<<"$err"; then
        # A companion (name list, skeleton) or a file with nothing to convert on its own.
        companions=$((companions + 1))
        rmdir "$dest" 2>/dev/null || true
    else
        echo "$err" | grep -v '^ripkit: \[' >&2
        echo "run.sh: converting $sample failed" >&2
        exit 1
    fi
done < <(find "$SAMPLES" -mindepth 2 -type f -print0 | sort -z)

files=$(find "$OUT" -type f ! -name '.*' | wc -l)
echo "run.sh: converted $converted samples ($skipped already up to date, $companions companion or itemless files)"
echo "run.sh: output: $OUT ($files files: .glb scenes, .wav audio)"
ADDON=$ROOT/build/plugins/blender/ripkit_blender.zip
echo "run.sh: Blender add-on: $ADDON"
echo "run.sh: install it in Blender: Edit > Preferences > Add-ons > Install... (4.2+: Get Extensions > Install from Disk...), pick the zip, tick ripkit, set its ripkit executable to $RIPKIT (docs/blender.md)"
