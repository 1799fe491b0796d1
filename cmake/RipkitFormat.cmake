# ripkit_add_format(<id> [ENCODER] SOURCES ... [LIBS ...])
#
# Declares one game format from formats/<id>/: the static library ripkit_<id>
# (SOURCES: detection, decoding, the scene builder, the schema, the encoder;
# it links ripkit_core and no Assimp), and records <id> in the global lists the
# format list (formats/) and the plugin registry (plugins/) are generated
# from. ripkit_<id> must define, in namespace ripkit::formats,
#   const ripkit::Format& <id>_format();
# whose FormatInfo describes its Assimp importer too (a FormatImporter over
# it), so nothing outside the format's folder needs editing to add a format.
# A format that can also be written (the direction back, ripkit/encode/) says
# ENCODER and defines, in ripkit_<id> and the same namespace,
#   const ripkit::SceneEncoder& <id>_encoder();
function(ripkit_add_format id)
  cmake_parse_arguments(ARG "ENCODER" "" "SOURCES;LIBS" ${ARGN})
  add_library(ripkit_${id} STATIC ${ARG_SOURCES})
  # A header is named by its path from formats/ ("tr_level/document.hpp"),
  # or by bare name from a file in its own folder, so the same role carries
  # the same file name in every format.
  target_include_directories(ripkit_${id} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/formats>)
  target_link_libraries(ripkit_${id} PUBLIC ripkit_core ${ARG_LIBS} PRIVATE $<BUILD_INTERFACE:ripkit_warnings>)
  set_property(GLOBAL APPEND PROPERTY RIPKIT_FORMATS ${id})
  if(ARG_ENCODER)
    set_property(GLOBAL APPEND PROPERTY RIPKIT_ENCODERS ${id})
  endif()
  install(TARGETS ripkit_${id} EXPORT ripkitTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# ripkit_add_testkit(<id> SOURCES ... [LIBS ...])
#
# Declares the format's test kit, from formats/<id>/testkit/: the static
# library ripkit_<id>_testkit with the writers, builders and encoders that
# only tests, fuzz seeds, benchmarks and the bundled samples need. It links
# ripkit_<id> and ripkit_core_testkit; nothing that ships
# links it, and it is not installed. It must define, in namespace ripkit::formats,
#   void <id>_write_samples(const std::filesystem::path& dir);  // bundled samples
# which ripkit-make-samples' generated list (samples/CMakeLists.txt) calls.
function(ripkit_add_testkit id)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_library(ripkit_${id}_testkit STATIC ${ARG_SOURCES})
  target_link_libraries(ripkit_${id}_testkit
    PUBLIC ripkit_${id} ripkit_core_testkit ${ARG_LIBS}
    PRIVATE ripkit_warnings)
  set_property(GLOBAL APPEND PROPERTY RIPKIT_TESTKITS ${id})
endfunction()

# ripkit_add_test(<name> SOURCES ... LIBS ...): one Catch2 executable, one ctest.
function(ripkit_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ripkit_test_main ${ARG_LIBS} ripkit_warnings)
  add_test(NAME ${name} COMMAND ${name})
  # ripkit_outputs: tests/export's output_finite_scan runs after all of them.
  set_tests_properties(${name} PROPERTIES
    ENVIRONMENT "RIPKIT_SOURCE_DIR=${PROJECT_SOURCE_DIR};RIPKIT_BINARY_DIR=${PROJECT_BINARY_DIR}"
    FIXTURES_REQUIRED ripkit_outputs)
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()
