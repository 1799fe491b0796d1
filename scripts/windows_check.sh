#!/usr/bin/env bash
# scripts/windows_check.sh - converts every bundled sample with the Windows
# ripkit.exe under Wine, as run.sh does (`convert SAMPLE DEST --all --overwrite`
# plus <sample>.args, from the sample's folder), and with the Linux build, and
# compares every output byte for byte. A sample neither converts (a companion
# file) must fail alike: the same exit code and the same error after its path.
# Windows paths are given as Windows sees them (Z:\...). Then one sample is
# converted again from a folder named `Tomb Raider – Légende`, into it.
#
# Then one cutscene goes to .gltf, .dae and .fbx on both (scripts/fbx_compare.py
# lists and bounds the FBX floats that differ).
#
# Prints one line: samples converted, identical, differing; exits 1 on any
# difference or failure.
#
# Environment: RIPKIT_LINUX (default build-linux-x64/cli/ripkit),
# RIPKIT_EXE (default build-windows-x64/cli/ripkit.exe), both made by
# scripts/portable_build.sh; RIPKIT_PORTABLE_CACHE (default
# /var/cache/ripkit-portable; the Wine prefix is in windows-x64/wine there).
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
CACHE=${RIPKIT_PORTABLE_CACHE:-/var/cache/ripkit-portable}/windows-x64
LINUX=${RIPKIT_LINUX:-$ROOT/build-linux-x64/cli/ripkit}
EXE=${RIPKIT_EXE:-$ROOT/build-windows-x64/cli/ripkit.exe}
SAMPLES=$ROOT/samples

say() { echo "windows_check.sh: $*" >&2; }
for f in "$LINUX" "$EXE"; do
    [ -x "$f" ] || [ -f "$f" ] || { say "missing $f (scripts/portable_build.sh linux-x64|windows-x64 builds it)"; exit 1; }
done

WINE=$(command -v wine || true)
[ -n "$WINE" ] || WINE=/usr/lib/wine/wine64
[ -x "$WINE" ] || { say "no Wine (apt-get install wine64)"; exit 1; }
WINESERVER=$(command -v wineserver || echo /usr/lib/wine/wineserver64)
export WINEPREFIX=$CACHE/wine WINEDEBUG=-all WINEARCH=win64
# Headless: no display, and no Mono or Gecko installer prompt.
export WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
mkdir -p "$WINEPREFIX"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ripkit-windows-check.XXXXXX")
cleanup() {
    "$WINESERVER" -k 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT
# The prefix made once (its first start takes a while), and one server for
# every run instead of one started per run.
"$WINESERVER" -p 60 </dev/null >/dev/null 2>&1 || true
"$WINE" wineboot -i </dev/null >/dev/null 2>&1 || true

# A Unix path as Windows shows it: Wine's Z: drive is the root.
winpath() { local p=${1//\//\\}; printf 'Z:%s' "$p"; }

# run_both SAMPLE DEST_REL ARGS... -> sets rc_linux rc_win err_linux err_win
run_both() {
    local sample=$1 rel=$2
    shift 2
    local dir
    dir=$(dirname "$sample")
    mkdir -p "$TMP/linux/$rel" "$TMP/win/$rel"
    # Errors through files: Wine's services keep a pipe open after the program ends.
    rc_linux=0
    (cd "$dir" && "$LINUX" convert "$sample" "$TMP/linux/$rel" --all --overwrite "$@") \
        >/dev/null 2>"$TMP/err" </dev/null || rc_linux=$?
    err_linux=$(cat "$TMP/err")
    rc_win=0
    (cd "$dir" && "$WINE" "$EXE" convert "$(winpath "$sample")" "$(winpath "$TMP/win/$rel")" \
        --all --overwrite "$@") >/dev/null 2>"$TMP/err" </dev/null || rc_win=$?
    err_win=$(cat "$TMP/err")
    err_win=${err_win//$'\r'/}
}

# An error line without the paths in it, which differ by spelling only.
error_text() { sed -E -e 's#(Z:)?[\\/][^ :]*[\\/]##g' <<<"$1" | grep -v '^ripkit: \[' || true; }

converted=0 identical=0 differing=0 failed=0
while IFS= read -r -d '' sample; do
    rel=${sample#"$SAMPLES"/}
    name=$(basename "$sample")
    case "$name" in *.args | *.md | README*) continue ;; esac
    extra=()
    if [ -f "$sample.args" ]; then read -r -a extra <"$sample.args"; fi
    dest=$(dirname "$rel")/${name//./_}
    run_both "$sample" "$dest" "${extra[@]}"
    if [ "$rc_linux" -ne 0 ]; then
        # A companion or itemless file: Windows must refuse it the same way.
        if [ "$rc_win" -ne "$rc_linux" ] || [ "$(error_text "$err_linux")" != "$(error_text "$err_win")" ]; then
            say "$rel: Linux failed ($rc_linux: $err_linux), Windows ($rc_win: $err_win)"
            failed=$((failed + 1))
        fi
        continue
    fi
    if [ "$rc_win" -ne 0 ]; then
        say "$rel: Windows failed ($rc_win): $err_win"
        failed=$((failed + 1))
        continue
    fi
    converted=$((converted + 1))
    if diff -r -q "$TMP/linux/$dest" "$TMP/win/$dest" >"$TMP/diff.txt" 2>&1; then
        identical=$((identical + 1))
    else
        differing=$((differing + 1))
        say "$rel: outputs differ:"
        sed 's/^/    /' "$TMP/diff.txt" >&2
    fi
done < <(find "$SAMPLES" -mindepth 2 -type f -print0 | sort -z)

# A folder named with letters outside ASCII (and a space): a cutscene and the
# level it names, and a Zouna model whose parts are found by listing the
# folder, are copied there, read from there, and written into it.
legend=0
LEGEND_DIR="$TMP/legend/Tomb Raider – Légende"
mkdir -p "$LEGEND_DIR"
cp -r "$SAMPLES/tr_cutseq" "$SAMPLES/tr_level" "$SAMPLES/zouna/model/fuel" "$LEGEND_DIR/"
# legend_case FOLDER SAMPLE LINUX_OUTPUT: converts FOLDER/SAMPLE into FOLDER/out.
legend_case() {
    local dir="$LEGEND_DIR/$1" rc=0 extra=()
    if [ -f "$dir/$2.args" ]; then read -r -a extra <"$dir/$2.args"; fi
    (cd "$dir" && "$WINE" "$EXE" convert "$(winpath "$dir/$2")" "$(winpath "$dir/out")" \
        --all --overwrite "${extra[@]}") >/dev/null 2>"$TMP/err" </dev/null || rc=$?
    if [ "$rc" -eq 0 ] && find "$dir/out" -type f | grep -q . && diff -r -q "$3" "$dir/out" >&2; then
        legend=$((legend + 1))
    else
        say "Tomb Raider – Légende: converting $1/$2 there failed ($rc): $(tr -d '\r' <"$TMP/err")"
        failed=$((failed + 1))
    fi
}
legend_case tr_cutseq CUTSEQ.PAK "$TMP/linux/tr_cutseq/CUTSEQ_PAK"
legend_case fuel SKIN.Skin_Z "$TMP/linux/zouna/model/fuel/SKIN_Skin_Z"

# Bad inputs: the same exit code and the same one-line error. Run from one
# folder with relative names, so that the messages are spelled alike.
bad=0
mkdir -p "$TMP/bad"
: >"$TMP/bad/empty.pak"
head -c 100 "$SAMPLES/tr_cutseq/CUTSEQ.PAK" >"$TMP/bad/short.pak"
cp "$SAMPLES/tr_cutseq/CUTSEQ.PAK" "$TMP/bad/"
bad_case() {
    local rc_l=0 rc_w=0 err_l err_w
    (cd "$TMP/bad" && "$LINUX" "$@") >/dev/null 2>"$TMP/err" </dev/null || rc_l=$?
    err_l=$(cat "$TMP/err")
    (cd "$TMP/bad" && "$WINE" "$EXE" "$@") >/dev/null 2>"$TMP/err" </dev/null || rc_w=$?
    err_w=$(tr -d '\r' <"$TMP/err")
    if [ "$rc_l" -eq 0 ] || [ "$rc_l" -ne "$rc_w" ] || [ "$err_l" != "$err_w" ]; then
        say "bad input ($*): Linux $rc_l '$err_l', Windows $rc_w '$err_w'"
        bad=$((bad + 1))
    fi
}
bad_case info missing.pak
bad_case info empty.pak
bad_case convert short.pak out --all --format tr-cutseq
bad_case convert short.pak out.glb
bad_case convert CUTSEQ.PAK out.xyz
bad_case convert CUTSEQ.PAK CUTSEQ.PAK --format glb
bad_case frobnicate CUTSEQ.PAK
failed=$((failed + bad))

# The other output formats, from one cutscene. Assimp's Collada writer ends
# lines with CRLF on Windows and stamps the time; FBX key tangents come from the
# C library's trigonometry, which differs in the last bits: each differing value
# is listed and must stay within FBX_BOUND.
FBX_BOUND=1e-9
formats=ok
mkdir -p "$TMP/formats/linux" "$TMP/formats/win"
read -r -a extra <"$SAMPLES/tr_cutseq/CUTSEQ.PAK.args"
for ext in gltf fbx dae; do
    rc_linux=0 rc_win=0
    (cd "$SAMPLES/tr_cutseq" && "$LINUX" convert CUTSEQ.PAK "$TMP/formats/linux/a.$ext" "${extra[@]}") \
        >/dev/null 2>&1 </dev/null || rc_linux=$?
    (cd "$SAMPLES/tr_cutseq" && "$WINE" "$EXE" convert CUTSEQ.PAK "$(winpath "$TMP/formats/win/a.$ext")" \
        "${extra[@]}") >/dev/null 2>&1 </dev/null || rc_win=$?
    if [ "$rc_linux" -ne 0 ] || [ "$rc_win" -ne 0 ]; then
        say "CUTSEQ.PAK to .$ext failed (Linux $rc_linux, Windows $rc_win)"
        formats=FAILED
    fi
done
L=$TMP/formats/linux W=$TMP/formats/win
cmp -s "$L/a.gltf" "$W/a.gltf" && cmp -s "$L/a.bin" "$W/a.bin" || { say ".gltf/.bin differ"; formats=FAILED; }
dae_text() { tr -d '\r' <"$1" | grep -v -E '<(created|modified)>'; }
cmp -s <(dae_text "$L/a.dae") <(dae_text "$W/a.dae") || { say ".dae differs"; formats=FAILED; }
if ! python3 "$ROOT/scripts/fbx_compare.py" "$L/a.fbx" "$W/a.fbx" "$FBX_BOUND" >"$TMP/fbx.txt"; then
    formats=FAILED
fi
sed 's/^/windows_check.sh: /' "$TMP/fbx.txt" >&2
[ "$formats" = ok ] || failed=$((failed + 1))

echo "windows_check.sh: $converted samples converted under Wine, $identical identical to Linux," \
    "$differing differing; $failed failures; non-ASCII folder: $legend of 2 ok;" \
    ".gltf/.dae/.fbx: $formats ($(tail -1 "$TMP/fbx.txt" | sed 's/^fbx_compare: //'))"
[ "$differing" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$legend" -eq 2 ]
