/* Tiny proof kinds for the daemon's tests (cuzk-daemon --test-circuits):
 * fast enough that fault tests can run many jobs. Not for production.
 *
 * Both take vanilla_proof = ASCII "x=<u64>;partitions=<1..8>;delay_ms=<0..10000>"
 * (any order, each optional: x 3, partitions 1, delay 0). Partition k proves
 * knowledge of x+k with (x+k)^3 + (x+k) + 5 = y, y public; its witness waits
 * delay_ms first (to keep jobs in flight). CUZK_KIND_TEST_A ("test-a")
 * proves; CUZK_KIND_TEST_B ("test-b") fails every job at its witness step,
 * naming the reason. Parameters are made in memory from a fixed seed. */
#ifndef CUZK_SERVER_TEST_CIRCUIT_H
#define CUZK_SERVER_TEST_CIRCUIT_H

#include "cuzk/engine.h"

int cuzk_server_register_test_circuits(cuzk_engine *e, cuzk_err *err);

#endif
