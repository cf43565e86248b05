# Every tests/<layer>/test_<concept>.c is one executable and one ctest test.
# Labels: tests/interop -> interop, *_slow.c -> slow, tests/gpu -> gpu and
# unit, else unit. A tests/gpu test checks the device where there is one and
# otherwise runs only its host part (the device algorithms emulated on the
# host) or exits 77, which ctest reports as skipped: so CI, which builds the
# CUDA code but has no GPU, runs the host emulation of the device arithmetic.
file(GLOB CUZK_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/*/test_*.c")
foreach(src IN LISTS CUZK_TEST_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  get_filename_component(dir ${src} DIRECTORY)
  get_filename_component(layer ${dir} NAME)
  set(target "${layer}_${name}")
  add_executable(${target} ${src})
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/tests)
  target_link_libraries(${target} PRIVATE cuzk_engine cuzk_gpu cuzk)
  target_compile_definitions(${target} PRIVATE
    CUZK_GOLDEN_DIR="${CUZK_GOLDEN_DIR}"
    CUZK_TEST_DATA_DIR="${CMAKE_BINARY_DIR}/testdata")
  add_test(NAME ${target} COMMAND ${target})
  if(layer STREQUAL "interop")
    set(label interop)
  elseif(layer STREQUAL "gpu")
    set(label "gpu;unit")
  elseif(name MATCHES "_slow$")
    set(label slow)
  else()
    set(label unit)
  endif()
  set_tests_properties(${target} PROPERTIES LABELS "${label}" TIMEOUT 1200 SKIP_RETURN_CODE 77)
endforeach()

# Script-driven tests (the rebuild test) register themselves here.
include(${CMAKE_SOURCE_DIR}/tests/build/build_tests.cmake OPTIONAL)
include(${CMAKE_SOURCE_DIR}/tests/interop/interop_tests.cmake OPTIONAL)
include(${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz.cmake OPTIONAL)
include(${CMAKE_SOURCE_DIR}/tests/circuits/porep_e2e.cmake OPTIONAL)
include(${CMAKE_SOURCE_DIR}/tests/circuits/porep_synth.cmake OPTIONAL)
