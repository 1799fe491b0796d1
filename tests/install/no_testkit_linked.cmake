# Run by ctest (see CMakeLists.txt): the shipped binaries hold none of the
# test kits' code (docs/architecture.md "Test kit"), while ripkit-make-samples,
# built from the same kits, holds every probe symbol (so a renamed kit
# function fails here instead of passing by finding nothing).
cmake_minimum_required(VERSION 3.25)
set(probes
  "ripkit::xa::encode_sector("
  "ripkit::cd::write_sectors("
  "ripkit::testkit::write_sample("
  "ripkit::rugrats_cine::write_stream("
  "ripkit::rugrats_cine::make_demo_stream("
  "ripkit::hey_you_pikachu::build_rom_detailed("
  "ripkit::hey_you_pikachu::lh5_encode("
  "ripkit::tr_cutseq::make_demo_cutscene("
  "ripkit::tr_level::testkit::geometry_block("
  "ripkit::zouna::kit_objects("
  "ripkit::zouna::write_bigfile("
  "ripkit::zouna::write_skel("
  "_write_samples(")

function(symbols file out)
  execute_process(COMMAND ${NM} -C ${file} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nm -C ${file} failed (${rc}): ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

symbols(${MAKE_SAMPLES} control)
foreach(p ${probes})
  string(FIND "${control}" "${p}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "probe ${p} not in ${MAKE_SAMPLES}: update the probe list")
  endif()
endforeach()

set(found "")
foreach(bin ${TOOL} ${MODULE})
  symbols(${bin} text)
  foreach(p ${probes})
    string(FIND "${text}" "${p}" at)
    if(NOT at EQUAL -1)
      string(APPEND found "  ${bin}: ${p}\n")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "test-kit code linked into what ships:\n${found}")
endif()
message(STATUS "no test-kit symbol in ${TOOL} and ${MODULE}")
