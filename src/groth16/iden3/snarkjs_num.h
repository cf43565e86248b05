/* Private to src/groth16/iden3: decimal strings of field elements, as snarkjs
 * writes them in its JSON. */
#ifndef CUZK_GROTH16_SNARKJS_NUM_H
#define CUZK_GROTH16_SNARKJS_NUM_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/ff.h"

/* Enough for any 384-bit value (116 digits) and the terminator. */
#define CUZK_SNARKJS_DEC_MAX 120

/* Writes the little-endian n-limb integer in decimal (no leading zeros). */
void cuzk_snarkjs_dec_from_limbs(char out[CUZK_SNARKJS_DEC_MAX], const uint64_t *limbs, size_t n);
/* Parses decimal digits only (no sign, no spaces, at least one digit) into n
 * limbs. Returns 0, or -1 when malformed or wider than n limbs. */
int cuzk_snarkjs_dec_to_limbs(uint64_t *limbs, size_t n, const char *s);

void cuzk_snarkjs_dec_from_fp(char out[CUZK_SNARKJS_DEC_MAX], const cuzk_fp *a);
void cuzk_snarkjs_dec_from_fr(char out[CUZK_SNARKJS_DEC_MAX], const cuzk_fr *a);
/* 0, or -1 when malformed or not below the modulus. */
int cuzk_snarkjs_dec_to_fp(cuzk_fp *r, const char *s);
int cuzk_snarkjs_dec_to_fr(cuzk_fr *r, const char *s);

#endif
