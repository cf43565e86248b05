/* Fixed-base scalar multiplication for setup (private header).
 *
 * Setup multiplies one generator by millions of scalars. A table holds, for
 * every w-bit window k, the multiples j 2^(kw) P (j = 1 .. 2^(w-1)) in affine
 * form; a scalar's signed w-bit digits then pick one entry per window, and the
 * per-scalar sums are formed with affine additions whose inversions are shared
 * across a chunk of scalars (Montgomery's trick). Output is affine directly.
 * Results are exact, so they do not depend on the thread count. */
#ifndef CUZK_GROTH16_FIXED_BASE_H
#define CUZK_GROTH16_FIXED_BASE_H

#include "cuzk/ec.h"
#include "cuzk/util.h"

typedef struct cuzk_fixed_base_g1 cuzk_fixed_base_g1;
typedef struct cuzk_fixed_base_g2 cuzk_fixed_base_g2;

/* Builds the table of base (which must lie in the prime-order subgroup and not
 * be infinity), with a window sized for about n_hint scalars. */
int cuzk_groth16_fixed_base_g1_new(cuzk_fixed_base_g1 **out, const cuzk_g1_affine *base, size_t n_hint,
                                   cuzk_pool *pool, cuzk_err *err);
void cuzk_groth16_fixed_base_g1_free(cuzk_fixed_base_g1 *t);
/* out[i] = scalars[i] * base in affine form (infinity, x = y = 0, for zero). */
int cuzk_groth16_fixed_base_g1_mul(const cuzk_fixed_base_g1 *t, cuzk_g1_affine *out, const cuzk_fr *scalars,
                                   size_t n, cuzk_pool *pool, cuzk_err *err);
/* The chosen window width (for tests and logs). */
unsigned cuzk_groth16_fixed_base_g1_window(const cuzk_fixed_base_g1 *t);

int cuzk_groth16_fixed_base_g2_new(cuzk_fixed_base_g2 **out, const cuzk_g2_affine *base, size_t n_hint,
                                   cuzk_pool *pool, cuzk_err *err);
void cuzk_groth16_fixed_base_g2_free(cuzk_fixed_base_g2 *t);
int cuzk_groth16_fixed_base_g2_mul(const cuzk_fixed_base_g2 *t, cuzk_g2_affine *out, const cuzk_fr *scalars,
                                   size_t n, cuzk_pool *pool, cuzk_err *err);
unsigned cuzk_groth16_fixed_base_g2_window(const cuzk_fixed_base_g2 *t);

#endif
