# `cmake --install` makes chaoskit usable from other projects: the export set of src/ as the CMake
# package chaoskit (chaoskit::chaoskit), a pkg-config file chaoskit.pc, and the shipped data/
# (the parameter sets data_directory() reads) in share/chaoskit/data. Every path written into
# these files is relative to the install prefix, so nothing names this build machine's directories.
include(CMakePackageConfigHelpers)

set(CHAOSKIT_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/chaoskit)
set(CHAOSKIT_INSTALL_DATA_DIR ${CMAKE_INSTALL_DATADIR}/chaoskit/data)
foreach(dir CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_DATADIR)
  if(IS_ABSOLUTE "${${dir}}")
    message(FATAL_ERROR "chaoskit installs relocatably: give ${dir} relative to the prefix, not ${${dir}}")
  endif()
endforeach()

install(EXPORT chaoskitTargets NAMESPACE chaoskit:: DESTINATION ${CHAOSKIT_INSTALL_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/chaoskitConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/chaoskitConfig.cmake
                              INSTALL_DESTINATION ${CHAOSKIT_INSTALL_CMAKE_DIR}
                              PATH_VARS CHAOSKIT_INSTALL_DATA_DIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/chaoskitConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/chaoskitConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/chaoskitConfigVersion.cmake
        DESTINATION ${CHAOSKIT_INSTALL_CMAKE_DIR})

# From PREFIX/LIBDIR/pkgconfig back to PREFIX ("../.." for lib, "../../.." for lib/<multiarch>).
file(RELATIVE_PATH CHAOSKIT_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" CHAOSKIT_PC_TO_PREFIX "${CHAOSKIT_PC_TO_PREFIX}")
# A sanitizer build's library needs the sanitizer runtimes at link time (see src/CMakeLists.txt).
set(CHAOSKIT_PC_EXTRA_LIBS "")
if(CHAOSKIT_SANITIZE)
  set(CHAOSKIT_PC_EXTRA_LIBS " -fsanitize=${CHAOSKIT_SANITIZERS}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/chaoskit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/chaoskit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/chaoskit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/data/ DESTINATION ${CHAOSKIT_INSTALL_DATA_DIR})
