# libFuzzer targets for the file formats (tests/fuzz/fuzz_*.c), label "fuzz".
# Only with clang and -DCUZK_FUZZ=ON, in a build directory of their own (the
# whole library is instrumented):
#   CC=clang-14 cmake -S . -B build-fuzz -DCUZK_FUZZ=ON -DCUZK_ASM=OFF -DCUZK_CUDA=OFF
# See docs/formats.md. Each fuzzer also runs ~10 s over a generated seed corpus
# as a ctest smoke test.
option(CUZK_FUZZ "Build the libFuzzer targets (clang only)" OFF)
if(NOT CUZK_FUZZ)
  return()
endif()
if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(WARNING "cuzk: CUZK_FUZZ needs clang (CC=clang-14); fuzzers not built")
  return()
endif()

if(CUZK_ASM)
  # clang under ASan runs out of registers for the mulx/adox asm
  message(FATAL_ERROR "cuzk: CUZK_FUZZ needs -DCUZK_ASM=OFF (the portable field kernels)")
endif()

set(CUZK_FUZZ_SECONDS 10 CACHE STRING "Seconds each fuzzer runs in the ctest smoke test")
set(_fuzz_san "-fsanitize=address,undefined;-fno-sanitize-recover=undefined;-fno-omit-frame-pointer")
# Coverage feedback and sanitizers in the library the fuzzers call into.
# gcc's -Werror build is the warning gate; clang warns about more (e.g. & on
# bools in branch-free code), which must not stop the fuzzers from building.
target_compile_options(cuzk PRIVATE -fsanitize=fuzzer-no-link ${_fuzz_san} -Wno-error)
target_link_options(cuzk INTERFACE -fsanitize=address,undefined)

set(_fuzz_dir "${CMAKE_CURRENT_LIST_DIR}")
set(_seed_dir "${CMAKE_BINARY_DIR}/fuzz/seeds")

# Writes the seed corpus: valid params, vk and proofs plus a few broken ones.
add_executable(fuzz_seeds "${_fuzz_dir}/fuzz_seeds.c")
target_include_directories(fuzz_seeds PRIVATE ${CMAKE_SOURCE_DIR}/src)
target_compile_options(fuzz_seeds PRIVATE ${_fuzz_san})
target_link_libraries(fuzz_seeds PRIVATE cuzk)
add_test(NAME fuzz_seeds COMMAND fuzz_seeds "${_seed_dir}")
set_tests_properties(fuzz_seeds PROPERTIES LABELS fuzz FIXTURES_SETUP cuzk_fuzz_seeds)

foreach(name params vk proof)
  add_executable(fuzz_${name} "${_fuzz_dir}/fuzz_${name}.c")
  target_include_directories(fuzz_${name} PRIVATE ${CMAKE_SOURCE_DIR}/src)
  target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer ${_fuzz_san})
  target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(fuzz_${name} PRIVATE cuzk)
  # A fresh working corpus each run, seeded from fuzz_seeds. An allocation
  # over 64 MB fails the run: inputs are at most 16 KB, so only a length field
  # trusted without a check could ask for that much.
  set(_work "${CMAKE_BINARY_DIR}/fuzz/work_${name}")
  add_test(NAME fuzz_${name}_smoke
    COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && shift && exec \"$@\"" fuzz "${_work}"
            $<TARGET_FILE:fuzz_${name}> -max_total_time=${CUZK_FUZZ_SECONDS} -max_len=16384
            -malloc_limit_mb=64 -rss_limit_mb=1024 -print_final_stats=1
            -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz/crash_${name}_
            "${_work}" "${_seed_dir}/${name}")
  set_tests_properties(fuzz_${name}_smoke PROPERTIES LABELS fuzz TIMEOUT 120
    FIXTURES_REQUIRED cuzk_fuzz_seeds)
endforeach()

# The C1 JSON reader (fuzz_c1.c): seeds of its own, and longer inputs, since
# a valid 2 KiB C1 output is about 100 KB (134 KB in the envelope).
add_executable(fuzz_c1_seeds "${_fuzz_dir}/fuzz_c1_seeds.c")
target_include_directories(fuzz_c1_seeds PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/tests)
target_compile_options(fuzz_c1_seeds PRIVATE ${_fuzz_san})
target_link_libraries(fuzz_c1_seeds PRIVATE cuzk)
add_test(NAME fuzz_c1_seeds COMMAND fuzz_c1_seeds "${_seed_dir}/c1")
set_tests_properties(fuzz_c1_seeds PROPERTIES LABELS fuzz FIXTURES_SETUP cuzk_fuzz_c1_seeds)
add_executable(fuzz_c1 "${_fuzz_dir}/fuzz_c1.c")
target_include_directories(fuzz_c1 PRIVATE ${CMAKE_SOURCE_DIR}/src)
target_compile_options(fuzz_c1 PRIVATE -fsanitize=fuzzer ${_fuzz_san})
target_link_options(fuzz_c1 PRIVATE -fsanitize=fuzzer)
target_link_libraries(fuzz_c1 PRIVATE cuzk)
add_test(NAME fuzz_c1_smoke
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && shift && exec \"$@\"" fuzz "${CMAKE_BINARY_DIR}/fuzz/work_c1"
          $<TARGET_FILE:fuzz_c1> -max_total_time=${CUZK_FUZZ_SECONDS} -max_len=262144
          -malloc_limit_mb=64 -rss_limit_mb=1024 -print_final_stats=1
          -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz/crash_c1_
          "${CMAKE_BINARY_DIR}/fuzz/work_c1" "${_seed_dir}/c1")
set_tests_properties(fuzz_c1_smoke PROPERTIES LABELS fuzz TIMEOUT 120 FIXTURES_REQUIRED cuzk_fuzz_c1_seeds)

# The PoSt vanilla-proof reader (fuzz_post.c): bincode seeds of its own; a
# 2 KiB WinningPoSt blob (66 paths) is about 37 KB.
add_executable(fuzz_post_seeds "${_fuzz_dir}/fuzz_post_seeds.c")
target_compile_options(fuzz_post_seeds PRIVATE ${_fuzz_san})
target_link_libraries(fuzz_post_seeds PRIVATE cuzk)
add_test(NAME fuzz_post_seeds COMMAND fuzz_post_seeds "${_seed_dir}/post")
set_tests_properties(fuzz_post_seeds PROPERTIES LABELS fuzz FIXTURES_SETUP cuzk_fuzz_post_seeds)
add_executable(fuzz_post "${_fuzz_dir}/fuzz_post.c")
target_compile_options(fuzz_post PRIVATE -fsanitize=fuzzer ${_fuzz_san})
target_link_options(fuzz_post PRIVATE -fsanitize=fuzzer)
target_link_libraries(fuzz_post PRIVATE cuzk)
add_test(NAME fuzz_post_smoke
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && shift && exec \"$@\"" fuzz "${CMAKE_BINARY_DIR}/fuzz/work_post"
          $<TARGET_FILE:fuzz_post> -max_total_time=${CUZK_FUZZ_SECONDS} -max_len=65536
          -malloc_limit_mb=64 -rss_limit_mb=1024 -print_final_stats=1
          -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz/crash_post_
          "${CMAKE_BINARY_DIR}/fuzz/work_post" "${_seed_dir}/post")
set_tests_properties(fuzz_post_smoke PROPERTIES LABELS fuzz TIMEOUT 120 FIXTURES_REQUIRED cuzk_fuzz_post_seeds)

# The SnapDeals PartitionProof reader (fuzz_update.c): bincode seeds of its
# own; a 2 KiB partition proof is about 15 KB.
add_executable(fuzz_update_seeds "${_fuzz_dir}/fuzz_update_seeds.c")
target_compile_options(fuzz_update_seeds PRIVATE ${_fuzz_san})
target_link_libraries(fuzz_update_seeds PRIVATE cuzk)
add_test(NAME fuzz_update_seeds COMMAND fuzz_update_seeds "${_seed_dir}/update")
set_tests_properties(fuzz_update_seeds PROPERTIES LABELS fuzz FIXTURES_SETUP cuzk_fuzz_update_seeds)
add_executable(fuzz_update "${_fuzz_dir}/fuzz_update.c")
target_compile_options(fuzz_update PRIVATE -fsanitize=fuzzer ${_fuzz_san})
target_link_options(fuzz_update PRIVATE -fsanitize=fuzzer)
target_link_libraries(fuzz_update PRIVATE cuzk)
add_test(NAME fuzz_update_smoke
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && shift && exec \"$@\"" fuzz "${CMAKE_BINARY_DIR}/fuzz/work_update"
          $<TARGET_FILE:fuzz_update> -max_total_time=${CUZK_FUZZ_SECONDS} -max_len=65536
          -malloc_limit_mb=64 -rss_limit_mb=1024 -print_final_stats=1
          -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz/crash_update_
          "${CMAKE_BINARY_DIR}/fuzz/work_update" "${_seed_dir}/update")
set_tests_properties(fuzz_update_smoke PROPERTIES LABELS fuzz TIMEOUT 120 FIXTURES_REQUIRED cuzk_fuzz_update_seeds)

# The daemon's config reader (fuzz_config.c; cmake/server.cmake defines
# cuzk_server_config when the daemon's packages are there). Its C++ part
# (toml++) needs clang++ as well: CXX=clang++-14.
if(TARGET cuzk_server_config)
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(cuzk_server_config PRIVATE -fsanitize=fuzzer-no-link ${_fuzz_san} -Wno-error)
    add_executable(fuzz_config "${_fuzz_dir}/fuzz_config.c")
    target_compile_options(fuzz_config PRIVATE -fsanitize=fuzzer ${_fuzz_san})
    target_link_options(fuzz_config PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_config PRIVATE cuzk_server_config)
    file(MAKE_DIRECTORY "${_seed_dir}/config")
    file(COPY "${CMAKE_SOURCE_DIR}/apps/cuzk-daemon/cuzk.example.toml" DESTINATION "${_seed_dir}/config")
    add_test(NAME fuzz_config_smoke
      COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && shift && exec \"$@\"" fuzz "${CMAKE_BINARY_DIR}/fuzz/work_config"
              $<TARGET_FILE:fuzz_config> -max_total_time=${CUZK_FUZZ_SECONDS} -max_len=16384
              -malloc_limit_mb=64 -rss_limit_mb=1024 -print_final_stats=1
              -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz/crash_config_
              "${CMAKE_BINARY_DIR}/fuzz/work_config" "${_seed_dir}/config")
    set_tests_properties(fuzz_config_smoke PROPERTIES LABELS fuzz TIMEOUT 120)
  else()
    message(WARNING "cuzk: fuzz_config needs clang++ as well (CXX=clang++-14); not built")
  endif()
endif()
