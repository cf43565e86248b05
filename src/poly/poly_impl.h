/* Internal passes shared by the poly transforms. Each takes up to a few
 * vectors of m elements so that a, b and c share one parallel section (better
 * load balance than three back-to-back sections on few threads). */
#ifndef CUZK_POLY_IMPL_H
#define CUZK_POLY_IMPL_H

#include "cuzk/poly.h"

/* Elements per task in the linear passes: big enough that the per-task pow()
 * to find a chunk's first power is noise, small enough to balance threads. */
#define CUZK_POLY_LINEAR_CHUNK 4096

/* x <- DFT_omega(x) for each vector, natural order in and out. */
void cuzk_poly_fft_many(const cuzk_domain *d, cuzk_fr *const *vecs, size_t nvec, cuzk_pool *pool);

/* x[k] <- s * t^k * x[(m - k) mod m] for each vector; t_inv = t^-1; t NULL
 * means t = 1. After an FFT with omega this is an inverse FFT with omega^-1
 * (s = m^-1), optionally fused with distribute_powers(t). */
void cuzk_poly_reverse_scale_many(const cuzk_domain *d, cuzk_fr *const *vecs, size_t nvec,
                                  const cuzk_fr *s, const cuzk_fr *t, const cuzk_fr *t_inv,
                                  cuzk_pool *pool);

/* t^e for a word-sized exponent. */
void cuzk_poly_pow_u64(cuzk_fr *r, const cuzk_fr *t, uint64_t e);

#endif
