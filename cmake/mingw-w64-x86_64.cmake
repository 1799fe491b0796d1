# Cross-compiling for 64-bit Windows with Debian's MinGW-w64 (the posix thread
# model: std::thread needs it). scripts/portable_build.sh passes the prefix of
# the dependencies it built in RIPKIT_DEPS_PREFIX.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(_ripkit_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${_ripkit_mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${_ripkit_mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${_ripkit_mingw}-windres)
set(CMAKE_AR ${_ripkit_mingw}-gcc-ar-posix CACHE FILEPATH "")
set(CMAKE_RANLIB ${_ripkit_mingw}-gcc-ranlib-posix CACHE FILEPATH "")

# Try-compile projects do not see the cache: hand them the prefix too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES RIPKIT_DEPS_PREFIX)
set(CMAKE_FIND_ROOT_PATH /usr/${_ripkit_mingw})
if(RIPKIT_DEPS_PREFIX)
  list(PREPEND CMAKE_FIND_ROOT_PATH ${RIPKIT_DEPS_PREFIX})
endif()
# Programs run on the build machine; libraries, headers and packages are the
# target's only, so that no Linux library or glibc header slips in.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# One ripkit.exe with nothing beside it: libstdc++, libgcc and winpthread
# linked in, and the static zlib (CMake's Windows-GNU search order would pick
# the import library libz.dll.a, which needs zlib1.dll).
set(ZLIB_LIBRARY /usr/${_ripkit_mingw}/lib/libz.a CACHE FILEPATH "")
set(_ripkit_link "-static")
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-link-flags.cmake)
