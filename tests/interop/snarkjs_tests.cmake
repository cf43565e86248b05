# Groth16 interop with circom2 and snarkjs (label interop), included from
# interop_tests.cmake (which finds node). One test per circuit in circuits/,
# each compiled with circom2 at test time (about a second each); they share
# one small powers-of-tau file made once by a fixture and kept in the build tree.
set(CUZK_SNARKJS_WORK "${CMAKE_BINARY_DIR}/testdata/snarkjs")
set(CUZK_SNARKJS_PTAU "${CUZK_SNARKJS_WORK}/pot8_final.ptau")
if(NOT EXISTS "${CUZK_INTEROP_DIR}/node_modules/snarkjs" OR NOT EXISTS "${CUZK_INTEROP_DIR}/node_modules/circom2")
  message(WARNING "cuzk: snarkjs or circom2 is not installed: run npm ci in tests/interop")
endif()

add_test(NAME interop_snarkjs_ptau
  COMMAND "${CUZK_NODE}" "${CUZK_INTEROP_DIR}/snarkjs_tool.mjs" ptau --power 8 --out "${CUZK_SNARKJS_PTAU}")
set_tests_properties(interop_snarkjs_ptau PROPERTIES
  LABELS interop TIMEOUT 600 FIXTURES_SETUP snarkjs_ptau)

file(GLOB CUZK_SNARKJS_CIRCUITS CONFIGURE_DEPENDS "${CUZK_INTEROP_DIR}/circuits/*.circom")
foreach(circom IN LISTS CUZK_SNARKJS_CIRCUITS)
  get_filename_component(circuit "${circom}" NAME_WE)
  add_test(NAME interop_snarkjs_${circuit}
    COMMAND bash "${CUZK_INTEROP_DIR}/snarkjs_interop.sh" ${circuit} $<TARGET_FILE:cuzk-bench>
            "${CUZK_NODE}" "${CUZK_INTEROP_DIR}" "${CUZK_SNARKJS_WORK}" "${CUZK_SNARKJS_PTAU}")
  set_tests_properties(interop_snarkjs_${circuit} PROPERTIES
    LABELS interop TIMEOUT 600 FIXTURES_REQUIRED snarkjs_ptau)
endforeach()
