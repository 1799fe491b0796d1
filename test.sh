#!/usr/bin/env bash
# ./test.sh - the second command: installs what the tests need (Debian 12, 13 or sid, as
# root or through sudo), builds what run.sh builds, in run.sh's tree build/ (Release,
# GCC -O2: what run.sh compiled is not compiled again) with the benchmarks, and fails
# on any compiler warning there (GCC 12 warns at -O2 about things a Debug build never
# shows, and a user's first build must print none); then builds one
# clang tree, build-test/, with ASan+UBSan and libFuzzer's coverage on every
# library, the tests and the fuzz targets (-Werror), runs every test with ctest
# and each fuzz target briefly as a smoke test. Exits non-zero on any failure (a
# failing test, a fuzzer crash, a build error).
# One tree for tests and fuzzing: the product is compiled once with the
# sanitizers instead of once for the tests (GCC) and again for libFuzzer (clang);
# clang at -O0 also compiles it about 40% faster than GCC's Debug + ASan.
#   FUZZ_SECONDS=N  seconds per fuzz target (default 15; 0 skips fuzzing)
#   RIPKIT_TEST_BUILD_TYPE  default Debug (-O0, line tables): crash reports name
#                   files and lines; fuzz/README.md builds a faster -O1 tree for long runs
#   RIPKIT_TEST_TREES  all (default) or release: the Release tree builds the tests
#                   too and ctest runs them there, with no sanitizer tree and no
#                   fuzzing (the platform check of another release in CI)
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"
ROOT=$PWD
JOBS=2  # CI and developer machines have 2 cores
FUZZ_SECONDS=${FUZZ_SECONDS:-15}
BUILD_TYPE=${RIPKIT_TEST_BUILD_TYPE:-Debug}
TREES=${RIPKIT_TEST_TREES:-all}
case "$TREES" in all | release) ;; *) echo "test.sh: RIPKIT_TEST_TREES is all or release, not '$TREES'" >&2; exit 2 ;; esac

TEST_DEPS=(ffmpeg jlha-utils clang libclang-rt-dev blender python3-numpy python3-pil chromium assimp-utils)

source "$ROOT/scripts/install_missing.sh"
source "$ROOT/scripts/compiler_cache.sh"

section() { echo; echo "=== test.sh: $* ($(date -u +%H:%M:%S))"; }

section "dependencies"
install_missing "${BUILD_DEPS[@]}" "${TEST_DEPS[@]}"
# Node packages: three.js the build embeds for `ripkit view` (exporters/viewer), and what the
# client tests use (Khronos validator, three.js, gltf-transform in tests/clients;
# playwright-core in tests/preview), installed from their lock files, and only when
# package.json or the lock file changed since the last install.
for dir in exporters/viewer tests/clients tests/preview; do
    [ -f "$dir/package.json" ] || continue
    stamp=$dir/node_modules/.package-lock.json
    if [ ! -f "$stamp" ] || [ "$dir/package.json" -nt "$stamp" ] ||
        { [ -f "$dir/package-lock.json" ] && [ "$dir/package-lock.json" -nt "$stamp" ]; }; then
        if [ -f "$dir/package-lock.json" ]; then
            (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
        else
            (cd "$dir" && npm install --no-audit --no-fund --loglevel=error)
        fi
    fi
done

release_tests=OFF
[ "$TREES" = release ] && release_tests=ON
section "release build (build/: -O2, benchmarks, tests $release_tests; a warning fails it)"
# run.sh's flags, so its objects serve here; warnings are counted, not made
# errors (-Werror would be a flag of its own and compile everything again).
cmake -S . -B build "${CACHE_FLAGS[@]}" -DCMAKE_BUILD_TYPE=Release -DRIPKIT_WERROR=OFF \
    -DRIPKIT_BUILD_TESTS=$release_tests -DRIPKIT_BUILD_BENCH=ON >/dev/null
release_log=$(mktemp)
cmake --build build -j"$JOBS" 2>&1 | tee "$release_log"
if grep -q "warning:" "$release_log"; then
    echo "test.sh: the release build printed $(grep -c "warning:" "$release_log") compiler warnings" >&2
    exit 1
fi
rm -f "$release_log"

TEST_TREE=build-test
if [ "$TREES" = release ]; then
    TEST_TREE=build
    FUZZ_SECONDS=0
else
section "build (build-test: clang $BUILD_TYPE, ASan+UBSan, libFuzzer coverage, tests, fuzz targets)"
# A build-test/ configured with another compiler (GCC, before the trees merged) starts over.
if [ -f build-test/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' build-test/CMakeCache.txt; then
    rm -rf build-test
fi
CC=clang CXX=clang++ cmake -S . -B build-test "${CACHE_FLAGS[@]}" -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
    -DCMAKE_C_FLAGS_DEBUG="-O0 -gline-tables-only" -DCMAKE_CXX_FLAGS_DEBUG="-O0 -gline-tables-only" \
    -DRIPKIT_SANITIZE=ON -DRIPKIT_BUILD_FUZZ=ON -DRIPKIT_WERROR=ON \
    -DRIPKIT_BUILD_TESTS=ON -DRIPKIT_BUILD_BENCH=OFF >/dev/null
cmake --build build-test -j"$JOBS"
fi

section "ctest ($TEST_TREE)"
CTEST_LOG=$ROOT/$TEST_TREE/ctest-summary.log
# detect_leaks stays on: a leak fails its test.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
set +e
ctest --test-dir "$TEST_TREE" --output-on-failure -j"$JOBS" 2>&1 | tee "$CTEST_LOG"
ctest_status=${PIPESTATUS[0]}
set -e
tests_total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$CTEST_LOG" | tail -1)
tests_total=${tests_total:-0}
if [ "$ctest_status" -ne 0 ]; then
    echo "test.sh: ctest failed" >&2
    exit 1
fi
if [ "$tests_total" -eq 0 ]; then
    echo "test.sh: ctest ran no test" >&2
    exit 1
fi

fuzzers_run=0
if [ "$FUZZ_SECONDS" -gt 0 ]; then
    # Fuzz targets are the executables defining libFuzzer's entry point (the
    # fuzz folders also build seed-corpus writers, <target>_corpus DIR).
    mapfile -t fuzzers < <(find build-test/fuzz -type f -executable ! -path '*/CMakeFiles/*' \
        -exec grep -laF LLVMFuzzerTestOneInput {} + 2>/dev/null | sort)
    section "fuzz smoke run (${#fuzzers[@]} targets, ${FUZZ_SECONDS}s each)"
    mkdir -p build-test/fuzz-run/artifacts
    for fz in "${fuzzers[@]}"; do
        name=$(basename "$fz")
        area=$(basename "$(dirname "$fz")")
        # New inputs go to a scratch corpus; seeds are read from the samples and
        # fuzz/<area>/corpus, which stay untouched.
        corpus=build-test/fuzz-run/corpus/$name
        mkdir -p "$corpus"
        seeds=()
        if [ -x "${fz}_corpus" ]; then
            rm -rf "build-test/fuzz-run/seeds/$name" && mkdir -p "build-test/fuzz-run/seeds/$name"
            "${fz}_corpus" "build-test/fuzz-run/seeds/$name" >/dev/null
            seeds+=("build-test/fuzz-run/seeds/$name")
        fi
        for d in "samples/$area" "fuzz/$area/corpus"; do if [ -d "$d" ]; then seeds+=("$d"); fi; done
        # fuzz/<area>/<target>.options: extra libFuzzer flags for that target
        # (the Pikachu targets' -max_len, so the 14 MB sample ROM is a seed).
        opts=()
        if [ -f "fuzz/$area/$name.options" ]; then read -ra opts <"fuzz/$area/$name.options"; fi
        echo "test.sh: fuzzing $name ${opts[*]}"
        # -timeout: a hang, not a slow input; the -O0 sanitized tree runs the
        # bundled CUTSEQ.PAK seed in 6 s, and fuzz::small_limits bounds the rest.
        if ! "$fz" -max_total_time="$FUZZ_SECONDS" -timeout=60 -rss_limit_mb=2048 \
            -print_final_stats=0 -artifact_prefix="build-test/fuzz-run/artifacts/$name-" "${opts[@]}" \
            "$corpus" "${seeds[@]}" >"build-test/fuzz-run/$name.log" 2>&1; then
            tail -n 40 "build-test/fuzz-run/$name.log" >&2
            echo "test.sh: fuzz target $name found a failure (see build-test/fuzz-run/artifacts/)" >&2
            exit 1
        fi
        grep -E '^(#[0-9]+\s+DONE|Done [0-9]+ runs)' "build-test/fuzz-run/$name.log" | tail -1 || true
        fuzzers_run=$((fuzzers_run + 1))
    done
fi

section "done"
echo "test.sh: $tests_total ctest tests and $fuzzers_run fuzz targets passed"
echo "summary: $((tests_total + fuzzers_run)) passed, 0 failed"
