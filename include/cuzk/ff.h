/* cuzk ff: the BLS12-381 fields.
 *
 * Fp (381-bit base field) and Fr (255-bit scalar field) are kept in Montgomery
 * form on little-endian 64-bit limbs (R = 2^384 for Fp, 2^256 for Fr), always
 * fully reduced (< modulus). Every function allows its output to alias its
 * inputs. The tower: Fp2 = Fp[u]/(u^2+1), Fp6 = Fp2[v]/(v^3-(u+1)),
 * Fp12 = Fp6[w]/(w^2-v). */
#ifndef CUZK_FF_H
#define CUZK_FF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "cuzk/util.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { uint64_t l[6]; } cuzk_fp;
typedef struct { uint64_t l[4]; } cuzk_fr;
typedef struct { cuzk_fp c0, c1; } cuzk_fp2;          /* c0 + c1*u */
typedef struct { cuzk_fp2 c0, c1, c2; } cuzk_fp6;     /* c0 + c1*v + c2*v^2 */
typedef struct { cuzk_fp6 c0, c1; } cuzk_fp12;        /* c0 + c1*w */

/* A scalar as a plain (non-Montgomery) little-endian 256-bit integer: what MSM
 * and scalar multiplication consume. */
typedef struct { uint64_t l[4]; } cuzk_scalar;

/* ---- Fp ------------------------------------------------------------------ */
extern const cuzk_fp CUZK_FP_ZERO;
extern const cuzk_fp CUZK_FP_ONE;          /* R mod p */
extern const uint64_t CUZK_FP_MODULUS[6];  /* p, canonical limbs */

void cuzk_fp_add(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b);
void cuzk_fp_sub(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b);
void cuzk_fp_dbl(cuzk_fp *r, const cuzk_fp *a);
void cuzk_fp_neg(cuzk_fp *r, const cuzk_fp *a);
void cuzk_fp_mul(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b);
void cuzk_fp_sqr(cuzk_fp *r, const cuzk_fp *a);
void cuzk_fp_mul_small(cuzk_fp *r, const cuzk_fp *a, uint64_t k); /* a*k, small k */
void cuzk_fp_inv(cuzk_fp *r, const cuzk_fp *a);                    /* inv(0) = 0 */
void cuzk_fp_pow(cuzk_fp *r, const cuzk_fp *a, const uint64_t *exp, size_t exp_limbs);
bool cuzk_fp_sqrt(cuzk_fp *r, const cuzk_fp *a);   /* false (r untouched) if no root */
int  cuzk_fp_legendre(const cuzk_fp *a);           /* 1 square, -1 non-square, 0 zero */
/* out[i] = in[i]^-1 (zeros stay zero); out may equal in. Uses one inversion. */
void cuzk_fp_batch_inv(cuzk_fp *out, const cuzk_fp *in, size_t n);
bool cuzk_fp_is_zero(const cuzk_fp *a);
bool cuzk_fp_is_one(const cuzk_fp *a);
bool cuzk_fp_eq(const cuzk_fp *a, const cuzk_fp *b);
/* true when the canonical value is > (p-1)/2 (the zcash "lexicographically largest" sign) */
bool cuzk_fp_is_lex_largest(const cuzk_fp *a);
void cuzk_fp_from_u64(cuzk_fp *r, uint64_t v);
/* Canonical limbs <-> Montgomery form. from_raw returns false if the value >= p. */
bool cuzk_fp_from_raw(cuzk_fp *r, const uint64_t raw[6]);
void cuzk_fp_to_raw(uint64_t raw[6], const cuzk_fp *a);
/* 48-byte big-endian canonical encodings (as inside point encodings). */
void cuzk_fp_to_bytes_be(uint8_t out[48], const cuzk_fp *a);
int  cuzk_fp_from_bytes_be(cuzk_fp *r, const uint8_t in[48], cuzk_err *err); /* NOT_CANONICAL if >= p */
void cuzk_fp_to_bytes_le(uint8_t out[48], const cuzk_fp *a);
int  cuzk_fp_from_bytes_le(cuzk_fp *r, const uint8_t in[48], cuzk_err *err);

/* Name of the Montgomery path chosen at build time: "x86-64-adx" or "portable". */
const char *cuzk_ff_backend(void);

/* ---- Fr ------------------------------------------------------------------ */
extern const cuzk_fr CUZK_FR_ZERO;
extern const cuzk_fr CUZK_FR_ONE;
extern const uint64_t CUZK_FR_MODULUS[4];
#define CUZK_FR_TWO_ADICITY 32
#define CUZK_FR_GENERATOR 7          /* multiplicative generator, a non-residue */
extern const cuzk_fr CUZK_FR_ROOT_OF_UNITY; /* 7^((r-1)/2^32), order 2^32 */

void cuzk_fr_add(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b);
void cuzk_fr_sub(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b);
void cuzk_fr_dbl(cuzk_fr *r, const cuzk_fr *a);
void cuzk_fr_neg(cuzk_fr *r, const cuzk_fr *a);
void cuzk_fr_mul(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b);
void cuzk_fr_sqr(cuzk_fr *r, const cuzk_fr *a);
void cuzk_fr_inv(cuzk_fr *r, const cuzk_fr *a);                    /* inv(0) = 0 */
void cuzk_fr_pow(cuzk_fr *r, const cuzk_fr *a, const uint64_t *exp, size_t exp_limbs);
bool cuzk_fr_sqrt(cuzk_fr *r, const cuzk_fr *a);
int  cuzk_fr_legendre(const cuzk_fr *a);
void cuzk_fr_batch_inv(cuzk_fr *out, const cuzk_fr *in, size_t n);
bool cuzk_fr_is_zero(const cuzk_fr *a);
bool cuzk_fr_is_one(const cuzk_fr *a);
bool cuzk_fr_eq(const cuzk_fr *a, const cuzk_fr *b);
void cuzk_fr_from_u64(cuzk_fr *r, uint64_t v);
bool cuzk_fr_from_raw(cuzk_fr *r, const uint64_t raw[4]);
void cuzk_fr_to_raw(uint64_t raw[4], const cuzk_fr *a);
void cuzk_fr_to_scalar(cuzk_scalar *s, const cuzk_fr *a);
/* blstrs/bellperson repr: 32 bytes little-endian canonical; >= r is rejected. */
void cuzk_fr_to_bytes_le(uint8_t out[32], const cuzk_fr *a);
int  cuzk_fr_from_bytes_le(cuzk_fr *r, const uint8_t in[32], cuzk_err *err);
void cuzk_fr_to_bytes_be(uint8_t out[32], const cuzk_fr *a);
int  cuzk_fr_from_bytes_be(cuzk_fr *r, const uint8_t in[32], cuzk_err *err);

/* ---- Fp2 ----------------------------------------------------------------- */
void cuzk_fp2_zero(cuzk_fp2 *r);
void cuzk_fp2_one(cuzk_fp2 *r);
void cuzk_fp2_add(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b);
void cuzk_fp2_sub(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b);
void cuzk_fp2_dbl(cuzk_fp2 *r, const cuzk_fp2 *a);
void cuzk_fp2_neg(cuzk_fp2 *r, const cuzk_fp2 *a);
void cuzk_fp2_conj(cuzk_fp2 *r, const cuzk_fp2 *a);       /* = Frobenius */
void cuzk_fp2_mul(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b);
void cuzk_fp2_sqr(cuzk_fp2 *r, const cuzk_fp2 *a);
void cuzk_fp2_mul_fp(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp *b);
void cuzk_fp2_mul_by_nonresidue(cuzk_fp2 *r, const cuzk_fp2 *a); /* * (1 + u) */
void cuzk_fp2_inv(cuzk_fp2 *r, const cuzk_fp2 *a);
bool cuzk_fp2_sqrt(cuzk_fp2 *r, const cuzk_fp2 *a);
bool cuzk_fp2_is_zero(const cuzk_fp2 *a);
bool cuzk_fp2_is_one(const cuzk_fp2 *a);
bool cuzk_fp2_eq(const cuzk_fp2 *a, const cuzk_fp2 *b);
/* blst's sgn0 for the G2 compression flag: c1 != 0 ? lex_largest(c1) : lex_largest(c0) */
bool cuzk_fp2_is_lex_largest(const cuzk_fp2 *a);

/* ---- Fp6 ----------------------------------------------------------------- */
void cuzk_fp6_zero(cuzk_fp6 *r);
void cuzk_fp6_one(cuzk_fp6 *r);
void cuzk_fp6_add(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b);
void cuzk_fp6_sub(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b);
void cuzk_fp6_neg(cuzk_fp6 *r, const cuzk_fp6 *a);
void cuzk_fp6_mul(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b);
void cuzk_fp6_sqr(cuzk_fp6 *r, const cuzk_fp6 *a);
void cuzk_fp6_inv(cuzk_fp6 *r, const cuzk_fp6 *a);
void cuzk_fp6_mul_by_nonresidue(cuzk_fp6 *r, const cuzk_fp6 *a); /* * v */
void cuzk_fp6_frobenius(cuzk_fp6 *r, const cuzk_fp6 *a, unsigned power);
bool cuzk_fp6_is_zero(const cuzk_fp6 *a);
bool cuzk_fp6_eq(const cuzk_fp6 *a, const cuzk_fp6 *b);

/* ---- Fp12 ---------------------------------------------------------------- */
void cuzk_fp12_zero(cuzk_fp12 *r);
void cuzk_fp12_one(cuzk_fp12 *r);
void cuzk_fp12_add(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b);
void cuzk_fp12_sub(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b);
void cuzk_fp12_mul(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b);
void cuzk_fp12_sqr(cuzk_fp12 *r, const cuzk_fp12 *a);
void cuzk_fp12_inv(cuzk_fp12 *r, const cuzk_fp12 *a);
void cuzk_fp12_conj(cuzk_fp12 *r, const cuzk_fp12 *a);    /* c0 - c1 w: inverse in the cyclotomic subgroup */
void cuzk_fp12_frobenius(cuzk_fp12 *r, const cuzk_fp12 *a, unsigned power);
/* Squaring valid only in the cyclotomic subgroup (after the easy part of the final exponentiation). */
void cuzk_fp12_cyclotomic_sqr(cuzk_fp12 *r, const cuzk_fp12 *a);
bool cuzk_fp12_is_one(const cuzk_fp12 *a);
bool cuzk_fp12_eq(const cuzk_fp12 *a, const cuzk_fp12 *b);

/* Sparse products for the Miller loop. Write an Fp12 element as
 *   c0.c0 + c0.c1 v + c0.c2 v^2 + (c1.c0 + c1.c1 v + c1.c2 v^2) w
 * and number its Fp2 coefficients 0 = c0.c0, 1 = c0.c1, 2 = c0.c2,
 * 3 = c1.c0, 4 = c1.c1, 5 = c1.c2. mul_by_014 multiplies a by the element whose
 * only nonzero coefficients are c0 at 0, c1 at 1 and c4 at 4 (the M-type twist
 * line of BLS12-381); mul_by_034 by the one with c0 at 0, c3 at 3, c4 at 4
 * (the D-type line). 13 Fp2 products instead of 18. */
void cuzk_fp12_mul_by_014(cuzk_fp12 *r, const cuzk_fp12 *a,
                          const cuzk_fp2 *c0, const cuzk_fp2 *c1, const cuzk_fp2 *c4);
void cuzk_fp12_mul_by_034(cuzk_fp12 *r, const cuzk_fp12 *a,
                          const cuzk_fp2 *c0, const cuzk_fp2 *c3, const cuzk_fp2 *c4);
/* Their Fp6 building blocks: a * (b0 + b1 v) and a * (b1 v). */
void cuzk_fp6_mul_by_01(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp2 *b0, const cuzk_fp2 *b1);
void cuzk_fp6_mul_by_1(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp2 *b1);

#ifdef __cplusplus
}
#endif
#endif
