# Included by the toolchain files: every link gets their _ripkit_link flags and
# the dependency prefix's lib folder (Assimp's CMake package names minizip as a
# bare -lminizip).
if(RIPKIT_DEPS_PREFIX)
  string(APPEND _ripkit_link " -L${RIPKIT_DEPS_PREFIX}/lib")
endif()
foreach(_ripkit_kind EXE SHARED MODULE)
  set(CMAKE_${_ripkit_kind}_LINKER_FLAGS_INIT "${_ripkit_link}")
endforeach()
