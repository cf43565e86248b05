# Synthetic C1 outputs end to end through cuzk-bench (label slow; run them
# with ctest -L slow -R porep_synth_cli). Included from cmake/tests.cmake.
# 8 MiB and 512 MiB: synth, streaming check, setup, prove, verify, another seed
# rejected. Measured on the loaded 2-core VM: 8 MiB setup 219 s, prove 110 s;
# 512 MiB setup 205 s, prove 142 s, 6 min in all, 4.0 GB RSS.
add_test(NAME circuits_porep_synth_cli_8MiB_slow
  COMMAND sh "${CMAKE_CURRENT_LIST_DIR}/porep_synth_e2e.sh" $<TARGET_FILE:cuzk-bench> 8MiB
          "${CMAKE_BINARY_DIR}/testdata/synth_8MiB")
add_test(NAME circuits_porep_synth_cli_512MiB_slow
  COMMAND sh "${CMAKE_CURRENT_LIST_DIR}/porep_synth_e2e.sh" $<TARGET_FILE:cuzk-bench> 512MiB
          "${CMAKE_BINARY_DIR}/testdata/synth_512MiB")
set_tests_properties(circuits_porep_synth_cli_8MiB_slow circuits_porep_synth_cli_512MiB_slow
  PROPERTIES LABELS slow TIMEOUT 3600)
