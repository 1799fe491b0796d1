# Run by ctest (see CMakeLists.txt): install into WORK_DIR/prefix, build the
# consumer against that prefix only, and run it on each format's samples
# (written by the build tree's ripkit-make-samples, which is not installed).
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${RIPKIT_BINARY_DIR} --prefix ${prefix})

# The test kits ship nowhere: no kit library or header in the prefix, and no
# installed target (ripkit_plugins and the format libraries) links one.
file(GLOB_RECURSE kit_files ${prefix}/*testkit* ${prefix}/include/ripkit/cd/sector_writer.hpp
  ${prefix}/include/ripkit/codec/xa_encoder.hpp)
if(kit_files)
  message(FATAL_ERROR "test-kit files installed: ${kit_files}")
endif()
# The exporters' internal headers (exporters/internal/) stay in the build
# tree; the public ones are installed.
foreach(h export_detail out_of_memory fbx_binary gltf_doc gltf_export fbx_export collada_export
    anim_bake)
  if(EXISTS ${prefix}/include/ripkit/${h}.hpp)
    message(FATAL_ERROR "internal header installed: include/ripkit/${h}.hpp")
  endif()
endforeach()
if(NOT EXISTS ${prefix}/include/ripkit/export.hpp)
  message(FATAL_ERROR "include/ripkit/export.hpp not installed")
endif()
file(GLOB target_files ${prefix}/lib*/cmake/ripkit/ripkitTargets*.cmake)
if(NOT target_files)
  message(FATAL_ERROR "no ripkitTargets*.cmake under ${prefix}")
endif()
foreach(f ${target_files})
  file(READ ${f} text)
  string(FIND "${text}" "testkit" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${f} names a test kit")
  endif()
endforeach()

# The consumer knows nothing of the build tree: only the prefix.
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/build
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
  -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build -j2)

set(samples ${WORK_DIR}/samples)
run(${RIPKIT_BINARY_DIR}/samples/ripkit-make-samples ${samples})
file(GLOB formats LIST_DIRECTORIES true ${samples}/*)
set(all_output "")
foreach(dir ${formats})
  file(GLOB_RECURSE files ${dir}/*)
  run(${WORK_DIR}/build/consumer ${files})
  string(APPEND all_output "${last_output}")
endforeach()
if(NOT all_output MATCHES ", [1-9][0-9]* animations")
  message(FATAL_ERROR "no sample gave a scene with animations through the installed package")
endif()

# Assimp::Exporter with ripkit's exporters: a cutscene read as an aiScene goes
# back into a copy of its file unchanged.
file(GLOB paks ${samples}/tr_cutseq/*.PAK)
list(GET paks 0 pak)
run(${WORK_DIR}/build/consumer_export ${pak} ${WORK_DIR}/exported.PAK)

# The installed tool and module are there and the tool runs.
run(${prefix}/bin/ripkit formats)
file(GLOB module ${prefix}/lib*/ripkit/ripkit_assimp_plugin.so)
if(NOT module)
  message(FATAL_ERROR "ripkit_assimp_plugin.so was not installed under ${prefix}")
endif()
