# cuzk-daemon tests (included from cmake/server.cmake). Not named test_*.c:
# tests/*/test_*.c are picked up by cmake/tests.cmake with other links.
set(_st "${CMAKE_SOURCE_DIR}/tests/server")

add_executable(server_config_unit "${_st}/config_unit.c")
target_include_directories(server_config_unit PRIVATE ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(server_config_unit PRIVATE cuzk_server_config)
add_test(NAME server_config_unit COMMAND server_config_unit)
set_tests_properties(server_config_unit PROPERTIES LABELS unit TIMEOUT 60)

# The TOML reader against Python's tomllib (Python >= 3.11) on generated documents.
add_executable(server_toml_dump "${_st}/toml_dump.c")
target_link_libraries(server_toml_dump PRIVATE cuzk_server_config m)
find_package(Python3 3.11 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME server_toml_agree
    COMMAND ${Python3_EXECUTABLE} "${_st}/toml_agree.py" $<TARGET_FILE:server_toml_dump>
            "${CMAKE_BINARY_DIR}/server/toml_agree" 200)
  set_tests_properties(server_toml_agree PROPERTIES LABELS unit TIMEOUT 300)
else()
  message(WARNING "cuzk: no Python >= 3.11 (tomllib): server_toml_agree not registered")
endif()

# A real daemon on a real unix socket, driven by the independent node client
# (tests/server/e2e.mjs; npm ci in tests/server installs it): every RPC,
# malformed requests, client disconnects, kill -9 and restart on the same
# spool, SIGTERM. Uses the daemon's test proof kinds (--test-circuits).
add_test(NAME server_daemon_e2e
  COMMAND bash "${_st}/daemon_e2e.sh" $<TARGET_FILE:cuzk-daemon> "${_st}"
          "${CMAKE_BINARY_DIR}/server/daemon_e2e" "${CMAKE_SOURCE_DIR}/apps/cuzk-daemon/cuzk.example.toml"
          $<TARGET_FILE:server_c_client>)
set_tests_properties(server_daemon_e2e PROPERTIES LABELS interop TIMEOUT 900)

# A real 2 KiB PoRep C2 through the daemon, checked by cuzk-bench verify. The
# 2 KiB parameters (~1.1 GB, about a minute on 2 cores) are made once per
# build directory. Plain builds only (under the sanitizers the setup and
# proof take far too long); labels as circuits_porep_e2e.
if(NOT CUZK_SANITIZE)
  add_test(NAME server_daemon_porep
    COMMAND bash "${_st}/daemon_porep.sh" $<TARGET_FILE:cuzk-daemon> $<TARGET_FILE:cuzk-bench> "${_st}"
            "${CMAKE_BINARY_DIR}/server/daemon_porep" "${CMAKE_BINARY_DIR}/server/params_2k")
  if(CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo|MinSizeRel)$")
    set(_porep_label unit)
  else()
    set(_porep_label slow)
  endif()
  set_tests_properties(server_daemon_porep PROPERTIES LABELS "${_porep_label};e2e" TIMEOUT 1200)
endif()

# The spool journal and the request wire checks (in build/server).
file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/server")
add_executable(server_journal_unit "${_st}/journal_unit.c")
target_include_directories(server_journal_unit PRIVATE ${CMAKE_SOURCE_DIR}/tests)
target_compile_definitions(server_journal_unit PRIVATE CUZK_TEST_DIR="${CMAKE_BINARY_DIR}/server")
target_link_libraries(server_journal_unit PRIVATE cuzk_server)
add_test(NAME server_journal_unit COMMAND server_journal_unit)
set_tests_properties(server_journal_unit PROPERTIES LABELS unit TIMEOUT 60)

# A grpc-go client (Curio's kind of client) built from our .proto with
# Debian's golang-google-grpc-dev; registered when Go and the packages are
# there (.ci/install-deps --node installs them).
find_program(CUZK_GO go)
find_program(CUZK_PROTOC_GEN_GO protoc-gen-go)
find_program(CUZK_PROTOC_GEN_GO_GRPC protoc-gen-go-grpc)
if(CUZK_GO AND CUZK_PROTOC_GEN_GO AND CUZK_PROTOC_GEN_GO_GRPC AND EXISTS /usr/share/gocode/src/google.golang.org/grpc)
  add_test(NAME server_go_client
    COMMAND bash "${_st}/go_client.sh" $<TARGET_FILE:cuzk-daemon> "${CMAKE_SOURCE_DIR}/proto" "${_st}/goclient"
            "${CMAKE_BINARY_DIR}/server/go_client")
  set_tests_properties(server_go_client PROPERTIES LABELS interop TIMEOUT 600)
else()
  message(STATUS "cuzk: no Go / grpc-go packages: server_go_client not registered")
endif()

# The C client (src/server/client.c), run by server_daemon_e2e against its daemon.
add_executable(server_c_client "${_st}/c_client.c")
target_include_directories(server_c_client PRIVATE ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(server_c_client PRIVATE cuzk_server)
