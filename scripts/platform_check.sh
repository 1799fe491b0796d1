#!/usr/bin/env bash
# scripts/platform_check.sh RELEASE... - runs the README's two commands, as root, in a clean
# system of each Debian RELEASE (debian12, debian13, sid) made with mmdebstrap, and prints
# one line per release: compiler warnings, ctest passed/failed, Blender suites passed/failed,
# time. Exits non-zero when any release fails.
#
# The system starts as the base system (mmdebstrap's `important` variant) with only the
# host's CA certificates and npm settings added: this workplace reaches its registries through
# a proxy that re-signs TLS, so without them npm cannot reach its registry. The checkout's
# tracked and untracked-but-not-ignored files are copied in (build trees are not).
#
# Cache (RIPKIT_PLATFORM_CACHE, default /var/cache/ripkit-platform), outside the checkout:
# <suite>/base.tar the bootstrapped system, <suite>/apt-archives and apt-lists what apt
# downloaded, <suite>/npm npm's cache; a second run downloads nothing new. Each run unpacks
# base.tar afresh into <suite>/root, left there for inspection until the next run.
#
#   PLATFORM_TEST_ARGS  environment for ./test.sh in the system (default: FUZZ_SECONDS=0;
#                       PLATFORM_TEST_ARGS="RIPKIT_TEST_TREES=release" builds and tests the
#                       Release tree only, without the sanitizer tree: see test.sh)
#   PLATFORM_KEEP_LOGS  folder the run's logs are copied to (default <suite>/logs)
#   PLATFORM_CCACHE=1   installs ccache in the system before the two commands, its cache kept
#                       in <suite>/ccache: a later run compiles only what changed (CI uses it;
#                       the commands themselves install no ccache, so without it the system
#                       has nothing but what they install)
#   RIPKIT_DEBIAN_MIRROR, RIPKIT_DEBIAN_SECURITY  the archives the systems are made from;
#                       by default those of the host's own apt sources (scripts/debian_archive.sh)
#   PLATFORM_EXTENSIONS Blender extension zips (scripts/package.sh) copied into the system and
#                       checked there after the two commands by scripts/extension_check.sh:
#                       Blender's validator, and the zip for the system installed and used
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
CACHE=${RIPKIT_PLATFORM_CACHE:-/var/cache/ripkit-platform}
source "$ROOT/scripts/debian_archive.sh"
TEST_ENV=${PLATFORM_TEST_ARGS:-FUZZ_SECONDS=0}

usage() {
    echo "usage: $0 debian12|debian13|sid..." >&2
    exit 2
}
(($#)) || usage
[ "$(id -u)" -eq 0 ] || { echo "platform_check.sh: needs root (mmdebstrap, chroot, mounts)" >&2; exit 2; }
MIRROR=$(debian_archive Debian)
SECURITY=$(debian_archive Debian-Security)

suite_of() {
    case "$1" in
    debian12 | bookworm) echo bookworm ;;
    debian13 | trixie) echo trixie ;;
    sid | unstable) echo sid ;;
    *) usage ;;
    esac
}

sources_of() {
    local suite=$1
    echo "deb $MIRROR $suite main"
    if [ "$suite" != sid ]; then
        echo "deb $MIRROR $suite-updates main"
        echo "deb $SECURITY $suite-security main"
    fi
}

ensure_tools() {
    command -v mmdebstrap >/dev/null && command -v unshare >/dev/null && return 0
    echo "platform_check.sh: installing mmdebstrap"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null
}

# The base system, made once per suite. sid's Release file can be past its Valid-Until date
# here, and that check is turned off inside the system too (its own apt-get update).
bootstrap() {
    local suite=$1 dir=$CACHE/$1
    [ -s "$dir/base.tar" ] && return 0
    mkdir -p "$dir"
    echo "platform_check.sh: $suite: bootstrapping the base system (mmdebstrap)"
    local -a sources
    mapfile -t sources < <(sources_of "$suite")
    mmdebstrap --quiet --variant=important --format=tar \
        --aptopt='Acquire::Check-Valid-Until "false"' \
        "$suite" "$dir/base.tar.part" "${sources[@]}"
    mv "$dir/base.tar.part" "$dir/base.tar"
}

# The host's CA certificates (the local ones; ca-certificates adds them to its bundle when a
# package pulls it in) and npm's settings, pointing at that bundle.
add_host_settings() {
    local root=$1
    mkdir -p "$root/usr/local/share/ca-certificates" "$root/etc/ssl/certs"
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    fi
    [ -f /etc/ssl/certs/ca-certificates.crt ] && cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
    local npmrc=$root/root/.npmrc
    [ -f "$HOME/.npmrc" ] && grep -v '^cafile' "$HOME/.npmrc" >"$npmrc" || : >"$npmrc"
    echo "cafile=/etc/ssl/certs/ca-certificates.crt" >>"$npmrc"
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
    # apt keeps what it downloads (the cache folders are the host's).
    echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' >"$root/etc/apt/apt.conf.d/90ripkit-keep"
    echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/90ripkit-valid-until"
}

copy_checkout() {
    local dest=$1
    mkdir -p "$dest"
    # Files deleted in the work tree but still tracked are left out.
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
        tar --null -T - -cf -) | tar -xf - -C "$dest"
}

# Runs the two commands in the system, in a private mount namespace so every mount goes away
# with it. Output goes to $logs.
run_in_system() {
    local suite=$1 root=$2 logs=$3 dir=$CACHE/$1 extensions=0
    if [ -n "${PLATFORM_EXTENSIONS:-}" ]; then
        mkdir -p "$root/root/extensions"
        # shellcheck disable=SC2086 # a list of paths
        cp $PLATFORM_EXTENSIONS "$root/root/extensions/"
        extensions=1
    fi
    mkdir -p "$dir/apt-archives/partial" "$dir/apt-lists/partial" "$dir/npm" "$dir/ccache"
    unshare --mount --pid --fork --kill-child bash -euo pipefail -c '
        root=$1 dir=$2 test_env=$3 use_ccache=$4 extensions=$5
        mount --make-rprivate /
        mount -t proc proc "$root/proc"
        mount --rbind /sys "$root/sys"
        mount --rbind /dev "$root/dev"
        mkdir -p "$root/dev/shm" && mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
        mount -t tmpfs -o mode=1777 tmp "$root/tmp"
        mount --bind "$dir/apt-archives" "$root/var/cache/apt/archives"
        mount --bind "$dir/apt-lists" "$root/var/lib/apt/lists"
        mkdir -p "$root/root/.npm" && mount --bind "$dir/npm" "$root/root/.npm"
        mkdir -p "$root/root/.cache/ccache" && mount --bind "$dir/ccache" "$root/root/.cache/ccache"
        run() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
            LANG=C.UTF-8 TERM=dumb CI=true $test_env bash -c "cd /root/ripkit && $1"; }
        if [ "$use_ccache" = 1 ]; then
            run "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ccache >/dev/null" \
                >"$root/root/ccache-install.log" 2>&1 || { echo "installing ccache failed" >"$root/root/status"; exit 1; }
        fi
        s=$(date +%s)
        run ./run.sh >"$root/root/run.log" 2>&1 || { echo "run.sh failed" >"$root/root/status"; exit 1; }
        echo $(( $(date +%s) - s )) >"$root/root/run.seconds"
        s=$(date +%s)
        set +e
        run ./test.sh >"$root/root/test.log" 2>&1
        echo $? >"$root/root/test.status"
        echo $(( $(date +%s) - s )) >"$root/root/test.seconds"
        if [ "$extensions" = 1 ]; then
            run "scripts/extension_check.sh /root/extensions/*.zip" >"$root/root/extensions.log" 2>&1
            echo $? >"$root/root/extensions.status"
        fi
    ' _ "$root" "$dir" "$TEST_ENV" "${PLATFORM_CCACHE:-0}" "$extensions" </dev/null || true
    mkdir -p "$logs"
    cp "$root"/root/*.log "$root"/root/*.seconds "$root"/root/*.status "$logs/" 2>/dev/null || true
    # ctest's summaries, kept beside the logs.
    for b in build build-test; do
        [ -f "$root/root/ripkit/$b/ctest-summary.log" ] && cp "$root/root/ripkit/$b/ctest-summary.log" "$logs/"
    done
    return 0
}

summarize() {
    local name=$1 logs=$2 seconds=$3
    local warnings=0 passed=0 failed=0 bpassed=0 bfailed=0 status=ok
    # What GCC, clang and the linker print: FILE:LINE:COL: warning: and TOOL: warning:.
    warnings=$(cat "$logs"/run.log "$logs"/test.log 2>/dev/null |
        grep -cE ':[0-9]+:([0-9]+:)? warning:|^(cc1plus|cc1|clang[-+0-9.]*|g\+\+[-0-9]*|/usr/bin/ld[.a-z]*|ld): warning:' || true)
    if [ -f "$logs/test.log" ]; then
        passed=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed' "$logs/test.log" || true)
        failed=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .*(Failed|Exception|Timeout|Not Run)' "$logs/test.log" || true)
        bpassed=$(grep -E '^ *[0-9]+/[0-9]+ Test +#[0-9]+: blender_' "$logs/test.log" | grep -c ' Passed' || true)
        bfailed=$(grep -E '^ *[0-9]+/[0-9]+ Test +#[0-9]+: blender_' "$logs/test.log" | grep -vc ' Passed' || true)
    fi
    if [ ! -f "$logs/run.seconds" ]; then status="run.sh failed"
    elif [ "$(cat "$logs/test.status" 2>/dev/null || echo 1)" != 0 ]; then status="test.sh failed"
    elif [ "$warnings" -ne 0 ]; then status="warnings"
    elif [ "$passed" -eq 0 ]; then status="no test ran"
    elif [ -f "$logs/extensions.log" ] && [ "$(cat "$logs/extensions.status" 2>/dev/null)" != 0 ]; then
        status="extension check failed"
    fi
    local extensions=""
    [ -f "$logs/extensions.log" ] && extensions="; $(tail -1 "$logs/extensions.log" | sed 's/^extension_check.sh: //')"
    printf 'platform: %-9s %s: compiler warnings %d, ctest %d passed %d failed, Blender suites %d passed %d failed, %d s (run.sh %s s, test.sh %s s)%s; logs %s\n' \
        "$name" "$status" "$warnings" "$passed" "$failed" "$bpassed" "$bfailed" "$seconds" \
        "$(cat "$logs/run.seconds" 2>/dev/null || echo -)" "$(cat "$logs/test.seconds" 2>/dev/null || echo -)" \
        "$extensions" "$logs"
    [ "$status" = ok ]
}

ensure_tools
results=() rc=0
for release in "$@"; do
    suite=$(suite_of "$release")
    start=$(date +%s)
    bootstrap "$suite"
    root=$CACHE/$suite/root
    rm -rf "$root" && mkdir -p "$root"
    tar -xf "$CACHE/$suite/base.tar" -C "$root"
    add_host_settings "$root"
    copy_checkout "$root/root/ripkit"
    logs=${PLATFORM_KEEP_LOGS:-$CACHE/$suite/logs}
    rm -rf "$logs"
    echo "platform_check.sh: $release ($suite): running ./run.sh and ./test.sh ($TEST_ENV) in $root"
    run_in_system "$suite" "$root" "$logs"
    if line=$(summarize "$release" "$logs" $(($(date +%s) - start))); then :; else rc=1; fi
    results+=("$line")
    echo "$line"
done
((${#results[@]} > 1)) && printf '%s\n' "${results[@]}"
exit $rc
