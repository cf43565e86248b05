# cuzk-daemon: cuzk.v1.ProvingEngine over gRPC (src/server, apps/cuzk-daemon).
# Needs Debian's libgrpc-dev, protobuf-c-compiler + libprotobuf-c-dev,
# libtomlplusplus-dev, libmicrohttpd-dev and libsystemd-dev (.ci/install-deps);
# without them the daemon is not built and configure says why.
find_package(PkgConfig REQUIRED)
pkg_check_modules(CUZK_GRPC IMPORTED_TARGET grpc)
pkg_check_modules(CUZK_PROTOBUF_C IMPORTED_TARGET libprotobuf-c)
pkg_check_modules(CUZK_MHD IMPORTED_TARGET libmicrohttpd)
pkg_check_modules(CUZK_SYSTEMD IMPORTED_TARGET libsystemd)
find_program(CUZK_PROTOC_C protoc-c)
find_program(CUZK_PROTOC protoc)
find_path(CUZK_TOMLPP_INCLUDE toml++/toml.h)
include(CheckLanguage)
check_language(CXX)

set(_missing)
if(NOT CUZK_GRPC_FOUND)
  list(APPEND _missing "libgrpc-dev")
endif()
if(NOT CUZK_PROTOBUF_C_FOUND)
  list(APPEND _missing "libprotobuf-c-dev")
endif()
if(NOT CUZK_PROTOC_C)
  list(APPEND _missing "protobuf-c-compiler")
endif()
if(NOT CUZK_PROTOC)
  list(APPEND _missing "protobuf-compiler")
endif()
if(NOT CUZK_MHD_FOUND)
  list(APPEND _missing "libmicrohttpd-dev")
endif()
if(NOT CUZK_SYSTEMD_FOUND)
  list(APPEND _missing "libsystemd-dev")
endif()
if(NOT CUZK_TOMLPP_INCLUDE)
  list(APPEND _missing "libtomlplusplus-dev")
endif()
if(NOT CMAKE_CXX_COMPILER)
  list(APPEND _missing "g++")
endif()
if(_missing)
  string(REPLACE ";" " " _missing "${_missing}")
  message(STATUS "cuzk: cuzk-daemon NOT built: missing ${_missing} (apt-get install them, or run .ci/install-deps)")
  set(CUZK_HAVE_DAEMON OFF)
  return()
endif()
set(CUZK_HAVE_DAEMON ON)
message(STATUS "cuzk: cuzk-daemon built (gRPC ${CUZK_GRPC_VERSION}, protobuf-c ${CUZK_PROTOBUF_C_VERSION})")
enable_language(CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)

# protobuf-c messages of proto/cuzk/v1/proving.proto, generated into the build tree.
set(_proto_dir "${CMAKE_SOURCE_DIR}/proto")
set(_pb_dir "${CMAKE_BINARY_DIR}/generated/proto")
set(_pb_c "${_pb_dir}/cuzk/v1/proving.pb-c.c")
set(_pb_h "${_pb_dir}/cuzk/v1/proving.pb-c.h")
add_custom_command(
  OUTPUT "${_pb_c}" "${_pb_h}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_pb_dir}"
  COMMAND ${CUZK_PROTOC_C} "-I${_proto_dir}" "--c_out=${_pb_dir}" "${_proto_dir}/cuzk/v1/proving.proto"
  DEPENDS "${_proto_dir}/cuzk/v1/proving.proto"
  COMMENT "protoc-c cuzk/v1/proving.proto"
  VERBATIM)

# The .proto's FileDescriptorSet, embedded for server reflection (so grpcurl
# and other tools work without the .proto). Made at configure time; a change
# of the .proto reconfigures.
set(_desc "${_pb_dir}/proving.desc")
set(_desc_c "${_pb_dir}/proving_descriptor.c")
file(MAKE_DIRECTORY "${_pb_dir}")
execute_process(
  COMMAND ${CUZK_PROTOC} "-I${_proto_dir}" "--descriptor_set_out=${_desc}" "${_proto_dir}/cuzk/v1/proving.proto"
  RESULT_VARIABLE _protoc_rc ERROR_VARIABLE _protoc_err)
if(NOT _protoc_rc EQUAL 0)
  message(FATAL_ERROR "cuzk: protoc failed on proto/cuzk/v1/proving.proto: ${_protoc_err}")
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_proto_dir}/cuzk/v1/proving.proto")
file(READ "${_desc}" _desc_hex HEX)
string(LENGTH "${_desc_hex}" _desc_hex_len)
math(EXPR _desc_len "${_desc_hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _desc_bytes "${_desc_hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" _desc_bytes "${_desc_bytes}")
file(CONFIGURE OUTPUT "${_desc_c}" CONTENT "/* generated from proto/cuzk/v1/proving.proto by protoc --descriptor_set_out */
#include <stddef.h>
const unsigned char cuzk_proving_descriptor_set[] = {
@_desc_bytes@
};
const size_t cuzk_proving_descriptor_set_len = @_desc_len@;
" @ONLY)

# The config reader alone (toml++ behind a C API, and the daemon's keys): the
# daemon, its tests and the config fuzzer link it. toml++ is compiled into
# its one C++ translation unit (header-only mode), so the fuzzer instruments it.
add_library(cuzk_server_config STATIC
  "${CMAKE_SOURCE_DIR}/src/server/toml_reader.cc"
  "${CMAKE_SOURCE_DIR}/src/server/config.c")
target_include_directories(cuzk_server_config
  PUBLIC ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/include
  PRIVATE ${CUZK_TOMLPP_INCLUDE})
target_compile_options(cuzk_server_config PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall;-Wextra;-Werror>)

# The service: gRPC, journal, HTTP, log.
add_library(cuzk_server STATIC
  "${_pb_c}"
  "${_desc_c}"
  "${CMAKE_SOURCE_DIR}/src/server/server.c"
  "${CMAKE_SOURCE_DIR}/src/server/journal.c"
  "${CMAKE_SOURCE_DIR}/src/server/http.c"
  "${CMAKE_SOURCE_DIR}/src/server/log.c"
  "${CMAKE_SOURCE_DIR}/src/server/engine_config.c"
  "${CMAKE_SOURCE_DIR}/src/server/test_circuit.c"
  "${CMAKE_SOURCE_DIR}/src/server/client.c")
target_include_directories(cuzk_server PUBLIC ${CMAKE_SOURCE_DIR}/src "${_pb_dir}")
target_link_libraries(cuzk_server PUBLIC cuzk_server_config cuzk_engine PkgConfig::CUZK_GRPC
  PkgConfig::CUZK_PROTOBUF_C PkgConfig::CUZK_MHD OpenSSL::Crypto Threads::Threads)

add_executable(cuzk-daemon "${CMAKE_SOURCE_DIR}/apps/cuzk-daemon/main.c")
target_link_libraries(cuzk-daemon PRIVATE cuzk_server PkgConfig::CUZK_SYSTEMD)

include(${CMAKE_SOURCE_DIR}/tests/server/server_tests.cmake OPTIONAL)
