/* SHA-256's round constants and initial state (FIPS 180-4 §4.2.2, §5.3.3),
 * defined once in sha256_gadget.c for the gadget and its value mirror. */
#ifndef CUZK_SHA256_CONSTS_H
#define CUZK_SHA256_CONSTS_H

#include <stdint.h>

extern const uint32_t cuzk_sha256_k[64];
extern const uint32_t cuzk_sha256_h0[8];

#endif
