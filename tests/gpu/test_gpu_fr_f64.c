/* The Fr product with its integer product on the FP64 pipe (src/gpu/fr_f64.cuh)
 * against libcuzk's cuzk_fr_mul: first the same algorithm on the host (C's
 * fma is exactly rounded, like DFMA), then on the device (skipped without
 * one). Edge values: 0, 1, R^-1, r - 1, values whose 51-bit digits are all
 * ones, the largest values below r, 2^254; then random pairs. A variant with
 * a deliberately wrong constant must differ (the check can fail), and
 * non-canonical inputs must be refused. Needs a CUDA build; skips otherwise. */
#include "gpu_test_util.h"
#include "test.h"

#include <stdlib.h>

#ifdef CUZK_HAVE_CUDA
#include "gpu/fr_f64.h"

#define N_HOST 150000          /* host: >= 100,000 random products a variant */
#define N_DEV ((size_t)1 << 20) /* device */

/* cuzk_fr from a raw (not Montgomery) 256-bit value given as limbs. */
static cuzk_fr raw_fr(uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3)
{
    cuzk_fr r = { { l0, l1, l2, l3 } };
    return r;
}

/* The edge values, all below r, as stored (Montgomery form is irrelevant for
 * the product's bounds: any canonical bytes are a valid element). */
static size_t edges(cuzk_fr *e)
{
    const uint64_t *m = CUZK_FR_MODULUS;
    size_t k = 0;
    e[k++] = CUZK_FR_ZERO;
    e[k++] = CUZK_FR_ONE;                                /* R mod r */
    e[k++] = raw_fr(1, 0, 0, 0);                         /* R^-1 */
    e[k++] = raw_fr(m[0] - 1, m[1], m[2], m[3]);         /* r - 1 */
    e[k++] = raw_fr(m[0] - 2, m[1], m[2], m[3]);         /* r - 2 */
    e[k++] = raw_fr(~0ull, ~0ull, ~0ull, 0xfffull);      /* 2^204 - 1: digits 0..3 all ones */
    /* (r_4 - 1) 2^204 + 2^204 - 1 = r_4 2^204 - 1: the largest value with
     * digits 0..3 all ones (r_4 = r >> 204) */
    e[k++] = raw_fr(~0ull, ~0ull, ~0ull, (m[3] & ~0xfffull) - 1);
    e[k++] = raw_fr(0, 0, 0, 1ull << 62);                /* 2^254 */
    e[k++] = raw_fr(~0ull, ~0ull, ~0ull, 0x3fffffffffffffffull); /* 2^254 - 1 */
    e[k++] = raw_fr(0x7ffffffffffffull, 0, 0, 0);        /* 2^51 - 1: one full digit */
    e[k++] = raw_fr(0xfff8000000000000ull, ~0ull, ~0ull, 0xfffull); /* 2^204 - 2^51: digits 1..3 all ones */
    cuzk_fr_neg(&e[k], &CUZK_FR_ONE);                    /* -1 */
    k++;
    return k;
}

static size_t make_inputs(cuzk_fr *a, cuzk_fr *b, size_t n, cuzk_rng *rng)
{
    cuzk_fr e[16];
    return gt_fr_pairs(a, b, n, e, edges(e), rng);
}

/* How many of out differ from cuzk_fr_mul(a, b). */
static size_t count_bad(const cuzk_fr *a, const cuzk_fr *b, const cuzk_fr *out, size_t n, size_t *first)
{
    size_t bad = 0;
    *first = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        cuzk_fr want;
        cuzk_fr_mul(&want, &a[i], &b[i]);
        if (memcmp(&want, &out[i], sizeof want) != 0 && bad++ == 0)
            *first = i;
    }
    return bad;
}

static const struct {
    int v;
    const char *name;
} variants[] = { { CUZK_GPU_FR_F64_V_PAIRS, "pairs" }, { CUZK_GPU_FR_F64_V_SINGLES, "singles" } };

static void host_checks(cuzk_rng *rng)
{
    cuzk_fr *a = malloc(N_HOST * sizeof *a), *b = malloc(N_HOST * sizeof *b), *o = malloc(N_HOST * sizeof *o);
    cuzk_err err;
    CHECK(a && b && o);
    if (a && b && o) {
        size_t n = make_inputs(a, b, N_HOST, rng), first;
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            int rc = cuzk_gpu_fr_f64_mul_host(variants[v].v, o, a, b, n, &err);
            CHECK_MSG(rc == 0, "host %s: %s", variants[v].name, err.msg);
            size_t bad = rc == 0 ? count_bad(a, b, o, n, &first) : n;
            CHECK_MSG(bad == 0, "host %s: %zu of %zu differ, first at %zu", variants[v].name, bad, n, first);
            printf("host %s: %zu products, %zu differ\n", variants[v].name, n, bad);
        }
        /* negative case: a wrong constant must be seen */
        int rc = cuzk_gpu_fr_f64_mul_host(CUZK_GPU_FR_F64_V_BROKEN, o, a, b, 1000, &err);
        size_t bad = rc == 0 ? count_bad(a, b, o, 1000, &first) : 0;
        CHECK_MSG(rc == 0 && bad > 900, "host broken variant: only %zu of 1000 differ", bad);
        printf("host broken variant: %zu of 1000 differ (expected)\n", bad);
        /* bad input: r itself, and an unknown variant */
        cuzk_fr r = raw_fr(CUZK_FR_MODULUS[0], CUZK_FR_MODULUS[1], CUZK_FR_MODULUS[2], CUZK_FR_MODULUS[3]);
        CHECK(cuzk_gpu_fr_f64_mul_host(CUZK_GPU_FR_F64_V_PAIRS, o, &r, b, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
        CHECK(strstr(err.msg, "modulus") != NULL);
        CHECK(cuzk_gpu_fr_f64_mul_host(CUZK_GPU_FR_F64_V_PAIRS, o, a, &r, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
        CHECK(cuzk_gpu_fr_f64_mul_host(7, o, a, b, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    }
    free(a);
    free(b);
    free(o);
}

static void device_checks(cuzk_gpu_ctx *ctx, cuzk_rng *rng)
{
    cuzk_fr *a = cuzk_alloc_array(N_DEV, sizeof *a), *b = cuzk_alloc_array(N_DEV, sizeof *b),
            *o = cuzk_alloc_array(N_DEV, sizeof *o);
    cuzk_err err;
    CHECK(a && b && o);
    if (a && b && o) {
        size_t n = make_inputs(a, b, N_DEV, rng), first;
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            int rc = cuzk_gpu_fr_f64_mul(ctx, variants[v].v, o, a, b, n, &err);
            CHECK_MSG(rc == 0, "device %s: %s", variants[v].name, err.msg);
            size_t bad = rc == 0 ? count_bad(a, b, o, n, &first) : n;
            CHECK_MSG(bad == 0, "device %s: %zu of %zu differ, first at %zu", variants[v].name, bad, n, first);
            printf("device %s: %zu products, %zu differ\n", variants[v].name, n, bad);
        }
        int rc = cuzk_gpu_fr_f64_mul(ctx, CUZK_GPU_FR_F64_V_BROKEN, o, a, b, 1000, &err);
        size_t bad = rc == 0 ? count_bad(a, b, o, 1000, &first) : 0;
        CHECK_MSG(rc == 0 && bad > 900, "device broken variant: only %zu of 1000 differ", bad);
        printf("device broken variant: %zu of 1000 differ (expected)\n", bad);
    }
    cuzk_free(a);
    cuzk_free(b);
    cuzk_free(o);
}
#endif

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
#ifndef CUZK_HAVE_CUDA
    printf("SKIP: this build has no CUDA back end\n");
    return TEST_SKIP;
#else
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xf64f64);
    host_checks(&rng);
    cuzk_gpu_ctx *ctx;
    int rc = gt_device_or_skip(&ctx);
    if (rc == TEST_SKIP) {
        printf("(device part skipped: no device)\n");
        return test_finish("test_gpu_fr_f64");
    }
    if (rc != 0)
        return rc;
    device_checks(ctx, &rng);
    cuzk_gpu_ctx_free(ctx);
    return test_finish("test_gpu_fr_f64");
#endif
}
