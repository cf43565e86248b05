/* Inputs and comparisons shared by the tests/gpu tests. */
#ifndef CUZK_TESTS_GPU_UTIL_H
#define CUZK_TESTS_GPU_UTIL_H

#include "cuzk/ec.h"
#include "gpu/gpu_lab_internal.h"

#include <stdio.h>
#include <string.h>

#define TEST_SKIP 77

static inline void gt_random_fr(cuzk_rng *rng, cuzk_fr *r)
{
    uint64_t raw[4];
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffull;
    } while (!cuzk_fr_from_raw(r, raw));
}

/* a[k], b[k]: every ordered pair of the ne values e first, then random
 * elements up to n (n >= ne * ne); returns n. */
static inline size_t gt_fr_pairs(cuzk_fr *a, cuzk_fr *b, size_t n, const cuzk_fr *e, size_t ne, cuzk_rng *rng)
{
    size_t k = 0;
    for (size_t i = 0; i < ne; i++)
        for (size_t j = 0; j < ne; j++, k++) {
            a[k] = e[i];
            b[k] = e[j];
        }
    for (; k < n; k++) {
        gt_random_fr(rng, &a[k]);
        gt_random_fr(rng, &b[k]);
    }
    return k;
}

static inline void gt_random_fp(cuzk_rng *rng, cuzk_fp *r)
{
    uint64_t raw[6];
    do {
        for (int i = 0; i < 6; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[5] &= 0x1fffffffffffffffull;
    } while (!cuzk_fp_from_raw(r, raw));
}

static inline void gt_random_scalar(cuzk_rng *rng, cuzk_scalar *s)
{
    for (int i = 0; i < 4; i++)
        s->l[i] = cuzk_rng_u64(rng);
}

/* n distinct points P + i Q (P, Q random multiples of the generator). */
static inline int gt_points(cuzk_g1_affine *out, size_t n, cuzk_rng *rng)
{
    cuzk_g1_affine g;
    cuzk_scalar k;
    cuzk_g1_proj acc, step;
    cuzk_g1_proj *tmp = cuzk_alloc_array(n ? n : 1, sizeof *tmp);
    if (!tmp)
        return -1;
    cuzk_g1_generator(&g);
    gt_random_scalar(rng, &k);
    cuzk_g1_mul_affine(&acc, &g, &k);
    gt_random_scalar(rng, &k);
    cuzk_g1_mul_affine(&step, &g, &k);
    for (size_t i = 0; i < n; i++) {
        tmp[i] = acc;
        cuzk_g1_proj_add(&acc, &acc, &step);
    }
    cuzk_g1_proj_batch_to_affine(out, tmp, n);
    cuzk_free(tmp);
    return 0;
}

/* 0 when a device is usable; TEST_SKIP (printed) when there is none. */
static inline int gt_device_or_skip(cuzk_gpu_ctx **ctx)
{
    cuzk_err err;
    cuzk_err_clear(&err);
    *ctx = NULL;
    if (!cuzk_gpu_built()) {
        printf("SKIP: this build has no CUDA back end\n");
        return TEST_SKIP;
    }
    int rc = cuzk_gpu_ctx_create(ctx, 0, &err);
    if (rc == CUZK_ERR_UNSUPPORTED) {
        printf("SKIP: no CUDA device: %s\n", err.msg);
        return TEST_SKIP;
    }
    if (rc != 0) {
        fprintf(stderr, "device 0: %s\n", err.msg);
        return 1;
    }
    return 0;
}

#endif
