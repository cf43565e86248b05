# Cross-checks of the BLS12-381 arithmetic against @noble/curves (npm), label
# "interop". Included from cmake/tests.cmake. Needs jansson (pkg-config), node,
# and `npm ci` in tests/interop (node_modules is not committed).
find_package(PkgConfig REQUIRED)
pkg_check_modules(JANSSON REQUIRED IMPORTED_TARGET jansson)

set(CUZK_INTEROP_DIR "${CMAKE_CURRENT_LIST_DIR}")
add_executable(noble_check "${CUZK_INTEROP_DIR}/noble_check.c")
target_include_directories(noble_check PRIVATE "${CMAKE_SOURCE_DIR}/tests")
target_link_libraries(noble_check PRIVATE cuzk PkgConfig::JANSSON)

find_program(CUZK_NODE node PATHS /usr/bin)
if(NOT CUZK_NODE)
  message(WARNING "cuzk: node not found; the interop tests will fail")
  set(CUZK_NODE node)
endif()
if(NOT EXISTS "${CUZK_INTEROP_DIR}/node_modules/@noble/curves")
  message(WARNING "cuzk: @noble/curves is not installed: run npm ci in tests/interop")
endif()

# The case file is made fresh by each test run (seed and count fixed, so it is
# the same file every time); noble_check needs it, hence the fixture.
set(CUZK_NOBLE_CASES "${CMAKE_BINARY_DIR}/testdata/noble_cases.json")
set(CUZK_NOBLE_SEED 1 CACHE STRING "Seed of the @noble/curves interop cases")
set(CUZK_NOBLE_COUNT 1000 CACHE STRING "Cases per family in the @noble/curves interop cases")
add_test(NAME interop_noble_gen
  COMMAND "${CUZK_NODE}" "${CUZK_INTEROP_DIR}/gen_cases.mjs"
          --seed ${CUZK_NOBLE_SEED} --count ${CUZK_NOBLE_COUNT} --out "${CUZK_NOBLE_CASES}"
  WORKING_DIRECTORY "${CUZK_INTEROP_DIR}")
set_tests_properties(interop_noble_gen PROPERTIES
  LABELS interop TIMEOUT 600 FIXTURES_SETUP noble_cases)

add_test(NAME interop_noble_check COMMAND noble_check "${CUZK_NOBLE_CASES}")
set_tests_properties(interop_noble_check PROPERTIES
  LABELS interop TIMEOUT 1200 FIXTURES_REQUIRED noble_cases)

include("${CMAKE_CURRENT_LIST_DIR}/snarkjs_tests.cmake")
