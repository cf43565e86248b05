# The PoRep end-to-end test through the programs (tests/circuits/porep_e2e.sh):
# seal a random 2 KiB sector, setup, prove, verify, and the rejections.
# Included from cmake/tests.cmake. Label unit (so CI's Release run has it)
# and e2e (ctest -L e2e runs it alone). Plain builds only: under the
# sanitizers the 2.7 M-constraint setup and proof would take far too long,
# so the ASan+UBSan build does not register it (ctest -L unit there skips it);
# an unoptimised Debug build labels it slow instead of unit.
if(NOT CUZK_SANITIZE)
  add_test(NAME circuits_porep_e2e
    COMMAND bash ${CMAKE_SOURCE_DIR}/tests/circuits/porep_e2e.sh
      $<TARGET_FILE:cuzk-bench> ${CMAKE_BINARY_DIR}/testdata/porep_e2e ${CUZK_GOLDEN_DIR})
  if(CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo|MinSizeRel)$")
    set(_e2e_label unit)
  else()
    set(_e2e_label slow)
  endif()
  set_tests_properties(circuits_porep_e2e PROPERTIES LABELS "${_e2e_label};e2e" TIMEOUT 1200)
endif()
