/* cuzk poly: the radix-2 evaluation domain over Fr and its FFTs, as bellperson
 * uses them for the Groth16 H polynomial.
 *
 * All transforms work in place on m = domain->m elements, natural order in and
 * out. The pool may be NULL (single thread). Field arithmetic is exact, so the
 * output does not depend on the thread count or the internal decomposition. */
#ifndef CUZK_POLY_H
#define CUZK_POLY_H

#include <stddef.h>
#include "cuzk/ff.h"
#include "cuzk/util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read-only after cuzk_domain_create; owned by the caller, freed with cuzk_domain_free. */
typedef struct {
    size_t m;               /* size: smallest power of two >= n */
    unsigned log_m;         /* log2(m), < 32 */
    cuzk_fr omega;          /* ROOT_OF_UNITY^(2^(32 - log_m)), a primitive m-th root */
    cuzk_fr omega_inv;
    cuzk_fr m_inv;
    cuzk_fr g;              /* the coset generator, CUZK_FR_GENERATOR (7) */
    cuzk_fr g_inv;
    cuzk_fr z_coset_inv;    /* (g^m - 1)^-1: Z(X) = X^m - 1 is this constant's inverse on g<omega> */
    cuzk_fr *twiddles;      /* omega^k for k in [0, m/2); m/2 * 32 bytes */
} cuzk_domain;

/* Builds the domain for n >= 1 values. Fails with INVALID_ARGUMENT when n == 0
 * or log2(m) >= 32, OUT_OF_MEMORY when the twiddle table cannot be allocated.
 * The pool (may be NULL) only speeds up the twiddle table. */
int cuzk_domain_create(cuzk_domain **out, size_t n, cuzk_pool *pool, cuzk_err *err);
void cuzk_domain_free(cuzk_domain *d);

/* a[i] <- sum_j a[j] omega^(ij). */
void cuzk_poly_fft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool);
/* a[i] <- m^-1 sum_j a[j] omega^(-ij): evaluations on <omega> to coefficients. */
void cuzk_poly_ifft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool);
/* Coefficients to evaluations at g*omega^i: a[i] *= g^i, then FFT. */
void cuzk_poly_coset_fft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool);
/* Evaluations at g*omega^i to coefficients: iFFT, then a[i] *= g^-i. */
void cuzk_poly_icoset_fft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool);
/* a[i] *= t^i for i in [0, n); any n. */
void cuzk_poly_distribute_powers(cuzk_fr *a, size_t n, const cuzk_fr *t, cuzk_pool *pool);

/* bellperson's execute_fft. On entry a, b, c hold m values each: the per
 * constraint evaluations a.w, b.w, c.w, zero-padded to m. On return a holds the
 * coefficients h_0..h_{m-1} of H = (A*B - C) / Z; h_{m-1} is zero whenever the
 * instance is satisfied. b and c are clobbered (they hold B and C on the coset). */
void cuzk_poly_compute_h(const cuzk_domain *d, cuzk_fr *a, cuzk_fr *b, cuzk_fr *c, cuzk_pool *pool);

#ifdef __cplusplus
}
#endif
#endif
