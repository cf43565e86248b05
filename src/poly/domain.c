/* The evaluation domain: size, roots of unity, coset constants, twiddles. */
#include <stdlib.h>

#include "cuzk/poly.h"
#include "poly/poly_impl.h"

void cuzk_poly_pow_u64(cuzk_fr *r, const cuzk_fr *t, uint64_t e)
{
    cuzk_fr_pow(r, t, &e, 1);
}

typedef struct {
    cuzk_fr *w;
    const cuzk_fr *omega;
    size_t count;
} twiddle_ctx;

/* Each chunk starts from its own power so chunks are independent. */
static void twiddle_task(void *arg, size_t t)
{
    const twiddle_ctx *c = arg;
    size_t k0 = t * CUZK_POLY_LINEAR_CHUNK;
    size_t k1 = k0 + CUZK_POLY_LINEAR_CHUNK < c->count ? k0 + CUZK_POLY_LINEAR_CHUNK : c->count;
    cuzk_fr p;
    cuzk_poly_pow_u64(&p, c->omega, k0);
    for (size_t k = k0; k < k1; k++) {
        c->w[k] = p;
        cuzk_fr_mul(&p, &p, c->omega);
    }
}

int cuzk_domain_create(cuzk_domain **out, size_t n, cuzk_pool *pool, cuzk_err *err)
{
    if (!out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "domain: NULL output pointer");
    *out = NULL;
    if (n == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "domain: size n must be >= 1");
    /* m must satisfy log2(m) < CUZK_FR_TWO_ADICITY = 32. */
    if ((uint64_t)n > ((uint64_t)1 << (CUZK_FR_TWO_ADICITY - 1)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "domain: n = %zu needs m >= 2^32; Fr has 2-adicity 32", n);

    cuzk_domain *d = calloc(1, sizeof *d);
    if (!d)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "domain: struct allocation failed");
    d->m = 1;
    while (d->m < n) {
        d->m <<= 1;
        d->log_m++;
    }

    d->omega = CUZK_FR_ROOT_OF_UNITY;
    for (unsigned i = d->log_m; i < CUZK_FR_TWO_ADICITY; i++)
        cuzk_fr_sqr(&d->omega, &d->omega);
    cuzk_fr_inv(&d->omega_inv, &d->omega);
    cuzk_fr_from_u64(&d->m_inv, d->m);
    cuzk_fr_inv(&d->m_inv, &d->m_inv);
    cuzk_fr_from_u64(&d->g, CUZK_FR_GENERATOR);
    cuzk_fr_inv(&d->g_inv, &d->g);
    /* g^m != 1 because g generates Fr* and m < r - 1. */
    cuzk_poly_pow_u64(&d->z_coset_inv, &d->g, d->m);
    cuzk_fr_sub(&d->z_coset_inv, &d->z_coset_inv, &CUZK_FR_ONE);
    cuzk_fr_inv(&d->z_coset_inv, &d->z_coset_inv);

    /* Only the first half is stored: the FFT never needs omega^k for k >= m/2. */
    size_t count = d->m / 2;
    d->twiddles = cuzk_alloc_array(count ? count : 1, sizeof *d->twiddles);
    if (!d->twiddles) {
        unsigned log_m = d->log_m;
        free(d);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY,
                            "domain: twiddle table of %zu elements (m = 2^%u)", count, log_m);
    }
    twiddle_ctx c = { d->twiddles, &d->omega, count };
    cuzk_pool_run(pool, (count + CUZK_POLY_LINEAR_CHUNK - 1) / CUZK_POLY_LINEAR_CHUNK, twiddle_task, &c);
    *out = d;
    return 0;
}

void cuzk_domain_free(cuzk_domain *d)
{
    if (!d)
        return;
    cuzk_free(d->twiddles);
    free(d);
}
