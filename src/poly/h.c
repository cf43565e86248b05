/* bellperson's H polynomial (execute_fft): iFFT a, b, c; coset FFT them;
 * a*b - c; divide by Z (a constant on the coset); inverse coset FFT.
 *
 * The same 7 transforms, with the scaling passes fused (see transforms.c):
 * FFT(a,b,c) -> reverse, *m^-1, *g^k -> FFT(a,b,c) -> a*b - c -> FFT(a)
 * -> reverse, *m^-1 / Z, *g^-k. Same field values as the unfused sequence. */
#include "cuzk/poly.h"
#include "poly/poly_impl.h"
#include "ff/ff_internal.h" /* inline Fr mul/sub */

typedef struct {
    cuzk_fr *a;
    const cuzk_fr *b, *c;
    size_t m;
} pointwise_ctx;

static void pointwise_task(void *arg, size_t task)
{
    const pointwise_ctx *p = arg;
    size_t i0 = task * CUZK_POLY_LINEAR_CHUNK;
    size_t i1 = i0 + CUZK_POLY_LINEAR_CHUNK < p->m ? i0 + CUZK_POLY_LINEAR_CHUNK : p->m;
    for (size_t i = i0; i < i1; i++) {
        cuzk_fr t;
        cuzk_fr_mul_i(&t, &p->a[i], &p->b[i]);
        cuzk_fr_sub_i(&p->a[i], &t, &p->c[i]);
    }
}

void cuzk_poly_compute_h(const cuzk_domain *d, cuzk_fr *a, cuzk_fr *b, cuzk_fr *c, cuzk_pool *pool)
{
    cuzk_fr *const abc[3] = { a, b, c };
    /* evaluations on <omega> -> coefficients -> scaled by g^k for the coset */
    cuzk_poly_fft_many(d, abc, 3, pool);
    cuzk_poly_reverse_scale_many(d, abc, 3, &d->m_inv, &d->g, &d->g_inv, pool);
    cuzk_poly_fft_many(d, abc, 3, pool);

    pointwise_ctx p = { a, b, c, d->m };
    cuzk_pool_run(pool, (d->m + CUZK_POLY_LINEAR_CHUNK - 1) / CUZK_POLY_LINEAR_CHUNK, pointwise_task, &p);

    /* The division by Z (a constant on the coset) rides on the last pass's
     * m^-1: the transform is linear, so the field values are the same. */
    cuzk_fr s;
    cuzk_fr_mul_i(&s, &d->m_inv, &d->z_coset_inv);
    cuzk_poly_fft_many(d, &a, 1, pool);
    cuzk_poly_reverse_scale_many(d, &a, 1, &s, &d->g_inv, &d->g, pool);
}
