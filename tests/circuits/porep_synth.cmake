# Synthetic C1 outputs end to end through cuzk-bench (label slow; run them
# with ctest -L slow -R porep_synth_cli). Included from cmake/tests.cmake.
#  - 8 MiB: synth, streaming check, setup, prove, verify, another seed rejected;
#  - 512 MiB: synth and the streaming check (setup at 2^23 takes long here).
add_test(NAME circuits_porep_synth_cli_8MiB_slow
  COMMAND sh "${CMAKE_CURRENT_LIST_DIR}/porep_synth_e2e.sh" $<TARGET_FILE:cuzk-bench> 8MiB
          "${CMAKE_BINARY_DIR}/testdata/synth_8MiB")
add_test(NAME circuits_porep_synth_cli_512MiB_slow
  COMMAND sh "${CMAKE_CURRENT_LIST_DIR}/porep_synth_e2e.sh" $<TARGET_FILE:cuzk-bench> 512MiB
          "${CMAKE_BINARY_DIR}/testdata/synth_512MiB" --check-only)
set_tests_properties(circuits_porep_synth_cli_8MiB_slow circuits_porep_synth_cli_512MiB_slow
  PROPERTIES LABELS slow TIMEOUT 3600)
