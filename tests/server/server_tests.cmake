# cuzk-daemon tests (included from cmake/server.cmake). Not named test_*.c:
# tests/*/test_*.c are picked up by cmake/tests.cmake with other links.
set(_st "${CMAKE_SOURCE_DIR}/tests/server")

add_executable(server_config_unit "${_st}/config_unit.c")
target_include_directories(server_config_unit PRIVATE ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(server_config_unit PRIVATE cuzk_server_config)
add_test(NAME server_config_unit COMMAND server_config_unit)
set_tests_properties(server_config_unit PROPERTIES LABELS unit TIMEOUT 60)
