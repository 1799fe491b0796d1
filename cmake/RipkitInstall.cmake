# `cmake --install` lays out headers, static libraries, the tool, the plugin
# module and a CMake package, so another project can
#   find_package(ripkit CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE ripkit::ripkit_plugins)
include(CMakePackageConfigHelpers)
# Sanitized static libraries need the sanitizer runtime in whatever links them.
if(RIPKIT_SANITIZE)
  target_link_options(ripkit_core INTERFACE $<INSTALL_INTERFACE:-fsanitize=address,undefined>)
endif()
install(EXPORT ripkitTargets NAMESPACE ripkit:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ripkit)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ripkitConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/ripkitConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ripkit)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/ripkitConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ripkitConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/ripkitConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ripkit)
