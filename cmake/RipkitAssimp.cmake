# Finds Assimp 5.2 to 6.0 (tested: 5.2.5 Debian 12, 5.4.3 Debian 13, 6.0.x sid). No version
# in find_package: Assimp's package accepts only its own major version, so 6.x
# would refuse a request for 5.2. What differs between them is in
# assimp/include/ripkit/assimp/assimp_compat.hpp, which RIPKIT_ASSIMP_VERSION feeds.
find_package(assimp CONFIG REQUIRED)
if(assimp_VERSION VERSION_LESS 5.2 OR NOT assimp_VERSION VERSION_LESS 6.1)
  message(FATAL_ERROR "ripkit builds against Assimp 5.2 to 6.0 (tested 5.2.5, 5.4.3, 6.0); found ${assimp_VERSION}")
endif()
string(REGEX MATCHALL "[0-9]+" _ripkit_assimp_parts "${assimp_VERSION}.0.0")
list(GET _ripkit_assimp_parts 0 _ripkit_assimp_major)
list(GET _ripkit_assimp_parts 1 _ripkit_assimp_minor)
list(GET _ripkit_assimp_parts 2 _ripkit_assimp_patch)
set(RIPKIT_ASSIMP_MAJOR_MINOR "${_ripkit_assimp_major}.${_ripkit_assimp_minor}")
math(EXPR RIPKIT_ASSIMP_VERSION "${_ripkit_assimp_major} * 10000 + ${_ripkit_assimp_minor} * 100 + ${_ripkit_assimp_patch}")
message(STATUS "ripkit: Assimp ${assimp_VERSION} (RIPKIT_ASSIMP_VERSION ${RIPKIT_ASSIMP_VERSION})")
