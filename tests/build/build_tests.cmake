# Tests driven by scripts rather than test_*.c files; include()d OPTIONALly by
# cmake/tests.cmake after the per-file tests exist.

# GPU tests exit 77 when there is nothing to run on (no CUDA in the build, no
# driver, no device); ctest reports that as "Not Run (skipped)", not a pass.
get_property(_cuzk_tests DIRECTORY PROPERTY TESTS)
foreach(_t IN LISTS _cuzk_tests)
  get_test_property(${_t} LABELS _labels)
  if("gpu" IN_LIST _labels)
    set_tests_properties(${_t} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
endforeach()

# The rebuild test (label build): clones HEAD into the build tree, builds it
# and proves dependency tracking and the build id (tests/build/rebuild_test.sh
# says what exactly). It builds its own Release tree, so a sanitizer build
# adds nothing: it is registered in plain builds only, and CI runs it once.
if(NOT CUZK_SANITIZE)
  add_test(NAME build_rebuild
    COMMAND bash ${CMAKE_SOURCE_DIR}/tests/build/rebuild_test.sh
      --source ${CMAKE_SOURCE_DIR}
      --work ${CMAKE_BINARY_DIR}/rebuild-test
      --generator ${CMAKE_GENERATOR}
      --cuda $<IF:$<BOOL:${CUZK_HAVE_CUDA}>,ON,OFF>)
  # 77: the source is no git checkout (a copied tree), so there is no HEAD to clone.
  set_tests_properties(build_rebuild PROPERTIES LABELS build TIMEOUT 1800 SKIP_RETURN_CODE 77)
endif()
