/* The public transforms over the FFT kernel.
 *
 * The inverse FFT uses the forward twiddles: DFT with omega^-1 at k equals DFT
 * with omega at (m - k) mod m. So an iFFT is an FFT followed by one pass that
 * reverses x[1..m-1] and scales by m^-1, and that pass can also apply the coset
 * powers g^k or g^-k for free. The result is the same field values bellperson
 * gets with its omega^-1 transform. */
#include "cuzk/poly.h"
#include "poly/poly_impl.h"
#include "ff/ff_internal.h" /* inline Fr mul: these passes are one mul per element; cuzk_fr_mul_powers: the scaling passes 8 at a time */

#include <string.h>

/* Pairs per piece of the reversing pass (the saved low halves: 16 KiB). */
#define REVSCALE_PIECE 512

typedef struct {
    cuzk_fr *const *vecs;
    size_t m, tasks_per_vec;
    cuzk_fr s, s_half;          /* s and s * t^(m/2) */
    const cuzk_fr *t, *t_inv;   /* NULL: t = 1 */
} revscale_ctx;

/* Swaps the pairs (k, m-k) for k in this task's part of [1, m/2), scaling both;
 * task 0 of each vector also scales the fixed points 0 and m/2. */
static void revscale_task(void *arg, size_t task)
{
    const revscale_ctx *c = arg;
    cuzk_fr *x = c->vecs[task / c->tasks_per_vec];
    size_t t = task % c->tasks_per_vec;
    const size_t m = c->m, half = m / 2;
    if (t == 0) {
        cuzk_fr_mul_i(&x[0], &x[0], &c->s);
        if (m > 1)
            cuzk_fr_mul_i(&x[half], &x[half], &c->s_half);
    }
    size_t k0 = 1 + t * CUZK_POLY_LINEAR_CHUNK;
    size_t k1 = k0 + CUZK_POLY_LINEAR_CHUNK < half ? k0 + CUZK_POLY_LINEAR_CHUNK : half;
    if (k0 >= k1)
        return;
    /* Pieces of REVSCALE_PIECE pairs: the low halves are saved, then both
     * sides are scaled by running powers (cuzk_fr_mul_powers: IFMA, eight
     * chains, where the CPU has it); with t = NULL the powers are of one. */
    const cuzk_fr *t_up = c->t ? c->t : &CUZK_FR_ONE;
    const cuzk_fr *t_down = c->t ? c->t_inv : &CUZK_FR_ONE;
    cuzk_fr lo[REVSCALE_PIECE];
    for (size_t p0 = k0; p0 < k1; p0 += REVSCALE_PIECE) {
        size_t n = k1 - p0 < REVSCALE_PIECE ? k1 - p0 : REVSCALE_PIECE;
        cuzk_fr pa, pb; /* s * t^p0 and s * t^(m-p0) */
        if (c->t) {
            cuzk_poly_pow_u64(&pa, c->t, p0);
            cuzk_poly_pow_u64(&pb, c->t, m - p0);
            cuzk_fr_mul_i(&pa, &pa, &c->s);
            cuzk_fr_mul_i(&pb, &pb, &c->s);
        } else {
            pa = pb = c->s;
        }
        memcpy(lo, &x[p0], n * sizeof *lo);
        /* x[k] = x[m-k] s t^k and x[m-k] = lo[k-p0] s t^(m-k), k in [p0, p0+n):
         * the two ranges are disjoint since k < m/2 < m-k. */
        cuzk_fr_mul_powers(&x[p0], 1, &x[m - p0], -1, n, &pa, t_up);
        cuzk_fr_mul_powers(&x[m - p0], -1, lo, 1, n, &pb, t_down);
    }
}

void cuzk_poly_reverse_scale_many(const cuzk_domain *d, cuzk_fr *const *vecs, size_t nvec,
                                  const cuzk_fr *s, const cuzk_fr *t, const cuzk_fr *t_inv,
                                  cuzk_pool *pool)
{
    revscale_ctx c = { vecs, d->m, 1, *s, *s, t, t_inv };
    if (t)
        cuzk_poly_pow_u64(&c.s_half, t, d->m / 2);
    else
        c.s_half = CUZK_FR_ONE;
    cuzk_fr_mul_i(&c.s_half, &c.s_half, s);
    size_t pairs = d->m / 2 > 1 ? d->m / 2 - 1 : 0;
    if (pairs)
        c.tasks_per_vec = (pairs + CUZK_POLY_LINEAR_CHUNK - 1) / CUZK_POLY_LINEAR_CHUNK;
    cuzk_pool_run(pool, c.tasks_per_vec * nvec, revscale_task, &c);
}

typedef struct {
    cuzk_fr *a;
    size_t n;
    const cuzk_fr *t;
} powers_ctx;

static void powers_task(void *arg, size_t task)
{
    const powers_ctx *c = arg;
    size_t i0 = task * CUZK_POLY_LINEAR_CHUNK;
    size_t i1 = i0 + CUZK_POLY_LINEAR_CHUNK < c->n ? i0 + CUZK_POLY_LINEAR_CHUNK : c->n;
    if (i0 >= i1)
        return;
    cuzk_fr p;
    cuzk_poly_pow_u64(&p, c->t, i0);
    cuzk_fr_mul_powers(&c->a[i0], 1, &c->a[i0], 1, i1 - i0, &p, c->t);
}

void cuzk_poly_distribute_powers(cuzk_fr *a, size_t n, const cuzk_fr *t, cuzk_pool *pool)
{
    powers_ctx c = { a, n, t };
    cuzk_pool_run(pool, (n + CUZK_POLY_LINEAR_CHUNK - 1) / CUZK_POLY_LINEAR_CHUNK, powers_task, &c);
}

void cuzk_poly_fft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool)
{
    cuzk_poly_fft_many(d, &a, 1, pool);
}

void cuzk_poly_ifft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool)
{
    cuzk_poly_fft_many(d, &a, 1, pool);
    cuzk_poly_reverse_scale_many(d, &a, 1, &d->m_inv, NULL, NULL, pool);
}

void cuzk_poly_coset_fft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool)
{
    cuzk_poly_distribute_powers(a, d->m, &d->g, pool);
    cuzk_poly_fft_many(d, &a, 1, pool);
}

void cuzk_poly_icoset_fft(const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool)
{
    cuzk_poly_fft_many(d, &a, 1, pool);
    cuzk_poly_reverse_scale_many(d, &a, 1, &d->m_inv, &d->g_inv, &d->g, pool);
}
