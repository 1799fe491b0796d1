#!/usr/bin/env bash
# scripts/portable_build.sh linux-x64|windows-x64 - builds a ripkit that runs on
# systems with none of its libraries: build-<target>/cli/ripkit (Linux,
# every library but glibc linked in) or ripkit.exe (64-bit Windows, cross-built
# with MinGW-w64, one static file). The Blender extension zips carry these
# (scripts/blender_extension.py).
#
# Assimp, libpng, liblhasa, tinygltf and minizip (from zlib's source) are built
# as static libraries from Debian 12's own source packages at the versions
# pinned below, and installed into a cache outside the checkout
# ($RIPKIT_PORTABLE_CACHE/<target>, default /var/cache/ripkit-portable): a
# second run finds them there and rebuilds only ripkit. zlib is Debian's static
# library for the target; header-only libraries (glm, nlohmann/json, CLI11,
# utf8cpp, stb) are the host's.
#
# Environment: RIPKIT_PORTABLE_CACHE (dependency caches), RIPKIT_PORTABLE_BUILD
# (ripkit's build folder, default build-<target>), JOBS (parallel jobs).
# `--deps` after the target stops after the dependencies.
set -euo pipefail
ROOT=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
TARGET=${1:-}
case "$TARGET" in
linux-x64)
    TRIPLE=x86_64-linux-gnu CC_TARGET=gcc AR_TARGET=gcc-ar
    TOOLCHAIN=$ROOT/cmake/linux-x64-static.cmake EXE=ripkit
    TARGET_PACKAGES=(g++ zlib1g-dev)
    ;;
windows-x64)
    TRIPLE=x86_64-w64-mingw32 CC_TARGET=x86_64-w64-mingw32-gcc-posix
    AR_TARGET=x86_64-w64-mingw32-gcc-ar-posix
    TOOLCHAIN=$ROOT/cmake/mingw-w64-x86_64.cmake EXE=ripkit.exe
    TARGET_PACKAGES=(g++-mingw-w64-x86-64-posix libz-mingw-w64-dev wine64)
    ;;
*)
    echo "usage: scripts/portable_build.sh linux-x64|windows-x64 [--deps]" >&2
    exit 2
    ;;
esac
CACHE=${RIPKIT_PORTABLE_CACHE:-/var/cache/ripkit-portable}/$TARGET
BUILD=${RIPKIT_PORTABLE_BUILD:-$ROOT/build-$TARGET}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
PREFIX=$CACHE/prefix
DEPS_ONLY=0
[ "${2:-}" = --deps ] && DEPS_ONLY=1

# Debian 12's source packages. libpng's is the bookworm point release (the
# security archive serves binaries only here); the others are bookworm's own.
ASSIMP_VERSION=5.2.5~ds0-1
LIBPNG_VERSION=1.6.39-2+deb12u5
LHASA_VERSION=0.3.1-4
TINYGLTF_VERSION=2.7.0+dfsg-2
ZLIB_VERSION=1:1.2.13.dfsg-1

HOST_PACKAGES=("${TARGET_PACKAGES[@]}" dpkg-dev cmake ninja-build pkg-config autoconf automake
    libtool make xz-utils libglm-dev nlohmann-json3-dev libcli11-dev libutfcpp-dev libstb-dev)

say() { echo "portable_build.sh $TARGET: $*"; }

SUDO=()
[ "$(id -u)" -eq 0 ] || SUDO=(sudo)
source "$ROOT/scripts/debian_archive.sh"

install_host_packages() {
    local missing=() p
    for p in "${HOST_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# apt-get source needs deb-src lines; this file is the script's own.
SOURCES_FILE=/etc/apt/sources.list.d/ripkit-src.sources
ensure_deb_src() {
    apt-cache showsrc assimp 2>/dev/null | grep -qx "Version: $ASSIMP_VERSION" && return 0
    if [ ! -f "$SOURCES_FILE" ]; then
        say "adding Debian 12 source lines in $SOURCES_FILE"
        local archive
        archive=$(debian_archive Debian)
        "${SUDO[@]}" tee "$SOURCES_FILE" >/dev/null <<EOF
# Written by ripkit's scripts/portable_build.sh: Debian 12's source packages,
# from which the static builds of its dependencies are made.
Types: deb-src
URIs: $archive
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    fi
    "${SUDO[@]}" apt-get update -qq
}

# fetch_source PACKAGE VERSION: the unpacked, patched source, fresh, in $WORK/PACKAGE.
fetch_source() {
    local pkg=$1 version=$2 dsc
    dsc=$CACHE/sources/${pkg}_${version#*:}.dsc
    if [ ! -f "$dsc" ]; then
        ensure_deb_src
        mkdir -p "$CACHE/sources"
        (cd "$CACHE/sources" && apt-get source -qq --download-only "$pkg=$version" >/dev/null 2>&1) || {
            say "cannot fetch the source package $pkg $version (is it still in the archive?)" >&2
            exit 1
        }
    fi
    rm -rf "${WORK:?}/$pkg"
    dpkg-source --no-check -q -x "$dsc" "$WORK/$pkg" >/dev/null
}

# A library is rebuilt when its recipe (its build_ function, which names its
# version, and the toolchain file) changed.
recipe() {
    {
        declare -f "build_$1" cmake_dep
        declare -p ASSIMP_VERSION LIBPNG_VERSION LHASA_VERSION TINYGLTF_VERSION ZLIB_VERSION
        cat "$TOOLCHAIN"
    } | sha256sum | cut -c1-16
}
up_to_date() { [ -f "$CACHE/stamps/$1-$(recipe "$1")" ]; }
stamp() {
    rm -f "$CACHE/stamps/$1"-*
    touch "$CACHE/stamps/$1-$(recipe "$1")"
}

CMAKE_CROSS=(-G Ninja -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DRIPKIT_DEPS_PREFIX="$PREFIX"
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF
    -Wno-dev)

cmake_dep() {
    local name=$1
    shift
    cmake -S "$WORK/$name" -B "$WORK/$name-build" "${CMAKE_CROSS[@]}" "$@" >"$WORK/$name.log" 2>&1 ||
        { tail -30 "$WORK/$name.log" >&2; exit 1; }
    { cmake --build "$WORK/$name-build" -j"$JOBS" && cmake --install "$WORK/$name-build"; } \
        >>"$WORK/$name.log" 2>&1 || { tail -30 "$WORK/$name.log" >&2; exit 1; }
}

# The header-only libraries. A cross build sees them from the prefix: the
# host's CMake packages are relocatable, and only these folders (not
# /usr/include, whose glibc headers would shadow MinGW's) join its include
# path. The Linux build includes them from /usr/include as build/ does, so its
# preprocessed sources - and ccache's entries - are the same as there.
host_headers() {
    mkdir -p "$PREFIX/include" "$PREFIX/share/cmake"
    ln -sfn /usr/include/utf8cpp/utf8.h "$PREFIX/include/utf8.h"
    ln -sfn /usr/include/utf8cpp/utf8 "$PREFIX/include/utf8"
    local d
    if [ "$TARGET" != windows-x64 ]; then
        for d in glm nlohmann CLI stb; do rm -f "$PREFIX/include/$d"; done
        for d in glm nlohmann_json CLI11; do rm -rf "$PREFIX/share/cmake/$d"; done
        return 0
    fi
    for d in glm nlohmann CLI stb; do
        ln -sfn "/usr/include/$d" "$PREFIX/include/$d"
    done
    for d in glm nlohmann_json CLI11; do
        rm -rf "$PREFIX/share/cmake/$d"
        cp -r "/usr/share/cmake/$d" "$PREFIX/share/cmake/$d"
    done
}

build_minizip() {
    up_to_date minizip && return 0
    say "building minizip (zlib $ZLIB_VERSION)"
    fetch_source zlib "$ZLIB_VERSION"
    local src=$WORK/zlib/contrib/minizip obj=$WORK/minizip-build f
    mkdir -p "$obj" "$PREFIX/lib/pkgconfig" "$PREFIX/include/minizip"
    for f in ioapi unzip zip; do
        "$CC_TARGET" -O2 -w -fPIC -c "$src/$f.c" -o "$obj/$f.o"
    done
    rm -f "$PREFIX/lib/libminizip.a"
    "$AR_TARGET" rcs "$PREFIX/lib/libminizip.a" "$obj"/*.o
    cp "$src"/{ioapi,unzip,zip,crypt}.h "$PREFIX/include/minizip/"
    cat >"$PREFIX/lib/pkgconfig/minizip.pc" <<EOF
prefix=$PREFIX
Name: minizip
Description: zip archive reading, from zlib's contrib/minizip
Version: 1.2.13
Requires.private: zlib
Libs: -L\${prefix}/lib -lminizip -lz
Cflags: -I\${prefix}/include/minizip
EOF
    stamp minizip
}

build_libpng() {
    up_to_date libpng && return 0
    say "building libpng $LIBPNG_VERSION"
    fetch_source libpng1.6 "$LIBPNG_VERSION"
    cmake_dep libpng1.6 -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_EXECUTABLES=OFF -DPNG_TESTS=OFF
    stamp libpng
}

build_lhasa() {
    up_to_date lhasa && return 0
    say "building liblhasa $LHASA_VERSION"
    fetch_source lhasa "$LHASA_VERSION"
    (
        cd "$WORK/lhasa"
        ./autogen.sh >/dev/null 2>&1 || autoreconf -fi >/dev/null 2>&1
        ./configure --host="$TRIPLE" CC="$CC_TARGET" --prefix="$PREFIX" \
            --enable-static --disable-shared
        make -C lib -j"$JOBS"
        make -C lib install
        install -D -m644 liblhasa.pc "$PREFIX/lib/pkgconfig/liblhasa.pc"
    ) >"$WORK/lhasa.log" 2>&1 || { tail -30 "$WORK/lhasa.log" >&2; exit 1; }
    stamp lhasa
}

build_tinygltf() {
    up_to_date tinygltf && return 0
    say "building tinygltf $TINYGLTF_VERSION"
    fetch_source tinygltf "$TINYGLTF_VERSION"
    # Debian links stb's implementation from libstb (shared only, and absent
    # for MinGW): it is compiled into tinygltf (ripkit reads no image through it).
    local stb_impl="-DSTB_IMAGE_IMPLEMENTATION -DSTB_IMAGE_WRITE_IMPLEMENTATION"
    cmake_dep tinygltf -DTINYGLTF_BUILD_LOADER_EXAMPLE=OFF -DBUILD_TESTING=OFF \
        -Dstb_INCLUDE_DIRS="$STB_INCLUDE" -Dstb_LIBRARY= \
        -DCMAKE_CXX_FLAGS="-w $stb_impl"
    stamp tinygltf
}

build_assimp() {
    up_to_date assimp && return 0
    say "building Assimp $ASSIMP_VERSION (FBX import, Collada export)"
    fetch_source assimp "$ASSIMP_VERSION"
    # Debian's draco patch requires its libdraco, which only the glTF importer
    # (not built here) would use. utf8cpp's header is found in the prefix, where
    # Debian's own build finds it in /usr/include.
    (cd "$WORK/assimp" && patch -R -s -p1 <debian/patches/use-system-libdraco.patch)
    cmake_dep assimp -DASSIMP_BUILD_ALL_IMPORTERS_BY_DEFAULT=OFF -DASSIMP_BUILD_FBX_IMPORTER=ON \
        -DASSIMP_BUILD_ALL_EXPORTERS_BY_DEFAULT=OFF -DASSIMP_BUILD_COLLADA_EXPORTER=ON \
        -DASSIMP_BUILD_ASSIMP_TOOLS=OFF -DASSIMP_BUILD_TESTS=OFF -DASSIMP_BUILD_SAMPLES=OFF \
        -DASSIMP_BUILD_DOCS=OFF -DASSIMP_BUILD_ZLIB=OFF -DASSIMP_WARNINGS_AS_ERRORS=OFF \
        -DASSIMP_INSTALL_PDB=OFF -DASSIMP_BUILD_DRACO=OFF -DASSIMP_NO_EXPORT=OFF \
        -DCMAKE_CXX_FLAGS="-w -isystem $PREFIX/include" -DCMAKE_C_FLAGS="-w"
    stamp assimp
}

install_host_packages
mkdir -p "$CACHE/stamps" "$PREFIX"
WORK=$CACHE/work
mkdir -p "$WORK"
if [ "$TARGET" = windows-x64 ]; then
    export PKG_CONFIG_LIBDIR=$PREFIX/lib/pkgconfig:/usr/x86_64-w64-mingw32/lib/pkgconfig
else
    export PKG_CONFIG_LIBDIR=$PREFIX/lib/pkgconfig:/usr/lib/$TRIPLE/pkgconfig:/usr/share/pkgconfig
fi
unset PKG_CONFIG_PATH
STB_INCLUDE=/usr/include/stb
[ "$TARGET" = windows-x64 ] && STB_INCLUDE=$PREFIX/include/stb
host_headers
build_minizip
build_libpng
build_lhasa
build_tinygltf
build_assimp
rm -rf "${WORK:?}"/*
((DEPS_ONLY)) && exit 0

source "$ROOT/scripts/compiler_cache.sh"
# The link flags are the toolchain file's (-U drops what an older configure
# kept in the cache); the compile flags are build/'s (test.sh counts the
# warnings there), so the Linux build finds most objects in ccache. three.js is embedded in the Linux build when
# exporters/viewer holds it (src/three_bundle.cpp assembles for ELF only): on
# Windows `ripkit view` takes --three-dir.
THREE=()
[ "$TARGET" = windows-x64 ] && THREE=(-DRIPKIT_THREE_BUNDLE_DIR="$CACHE/no-three")
say "building ripkit in ${BUILD#"$ROOT"/}"
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" "${CACHE_FLAGS[@]}" \
    -DRIPKIT_DEPS_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release -DRIPKIT_BUILD_TESTS=OFF \
    -DRIPKIT_WERROR=OFF -UCMAKE_EXE_LINKER_FLAGS "${THREE[@]}" \
    >"$WORK/ripkit-configure.log" 2>&1 || { cat "$WORK/ripkit-configure.log" >&2; exit 1; }
cmake --build "$BUILD" -j"$JOBS" --target ripkit
say "built ${BUILD#"$ROOT"/}/cli/$EXE"
