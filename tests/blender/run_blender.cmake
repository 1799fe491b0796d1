# Runs one Blender test script headless with a fresh add-on folder:
#   cmake -DBLENDER=... -DSCRIPT=... -DWORK=... [-DZIP= -DRIPKIT= -DMAKE_SAMPLES= -DSAMPLES= -DFIXTURE=] -P run_blender.cmake
# Fails (never skips) when Blender is missing, with the install hint.
if(NOT BLENDER OR NOT EXISTS "${BLENDER}")
  message(FATAL_ERROR "Blender is needed for this test and was not found. Install it with "
    "`apt-get install -y blender python3-numpy` (Debian 12, 13 and sid ship the tested 3.4, "
    "4.3 and 5.2), or configure with -DRIPKIT_BLENDER=/path/to/blender.")
endif()
execute_process(COMMAND ${BLENDER} --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${BLENDER} --version failed (${rc})")
endif()
string(REGEX MATCH "Blender [0-9.]+" version "${version}")
message(STATUS "${version}")
# The versions docs/blender.md lists as tested; others run, with a warning.
if(NOT version MATCHES "^Blender (3\\.4|4\\.3|5\\.2)(\\.|$)")
  message(WARNING "the add-on is tested with Blender 3.4, 4.3 and 5.2; found ${version}")
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/user_scripts ${WORK}/user_config ${WORK}/user_extensions)
# A user's own add-ons, extensions (4.2+) and preferences stay out of the test
# (and untouched).
set(ENV{BLENDER_USER_SCRIPTS} ${WORK}/user_scripts)
set(ENV{BLENDER_USER_CONFIG} ${WORK}/user_config)
set(ENV{BLENDER_USER_EXTENSIONS} ${WORK}/user_extensions)
set(args --zip ${ZIP} --work ${WORK}/run)
foreach(opt RIPKIT MAKE_SAMPLES SAMPLES FIXTURE)
  if(${opt})
    string(TOLOWER ${opt} name)
    string(REPLACE "_" "-" name ${name})
    list(APPEND args --${name} ${${opt}})
  endif()
endforeach()
execute_process(COMMAND ${BLENDER} -b --factory-startup --python-exit-code 1
                        --python ${SCRIPT} -- ${args}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed (exit ${rc})")
endif()
