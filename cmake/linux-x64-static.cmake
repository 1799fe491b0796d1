# A Linux ripkit that runs where none of its libraries are installed: every
# library but glibc linked in statically - the ones scripts/portable_build.sh
# builds into RIPKIT_DEPS_PREFIX, Debian's static zlib, libstdc++ and libgcc.
# The result needs the glibc of the building system or newer (Debian 12: 2.36).
#
# Linux's platform files set CMAKE_FIND_LIBRARY_SUFFIXES to ".so;.a" after a
# toolchain file is read, so this file has itself included again after each
# project() (CMAKE_PROJECT_INCLUDE), when the suffixes exist, to keep ".a" only.
if(CMAKE_FIND_LIBRARY_SUFFIXES)
  set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
  return()
endif()
set(CMAKE_PROJECT_INCLUDE ${CMAKE_CURRENT_LIST_FILE})

list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES RIPKIT_DEPS_PREFIX)
if(RIPKIT_DEPS_PREFIX)
  list(PREPEND CMAKE_PREFIX_PATH ${RIPKIT_DEPS_PREFIX})
endif()
set(_ripkit_link "-static-libstdc++ -static-libgcc")
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-link-flags.cmake)
