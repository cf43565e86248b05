/* The device NTT against src/poly: forward, inverse, coset and inverse coset
 * transforms and compute_h, bit for bit, over sizes 2^0 .. 2^22 (every pass
 * layout: one pass, two, three; every mix of register rounds), with every pass
 * kernel (the radix-2^3 default on 2^10-element tiles and its balanced split,
 * the 2^11-tile kernels TILE11 and TILE11_SM16, the 2^11-tile kernel on the
 * 11 + 8 + 8 split, the radix-2 baseline, and the default's persistent form
 * PERSIST, also at 2^25, where its blocks take several tiles of the gathering
 * pass). Skips without a device. */
#include "cuzk/poly.h"
#include "gpu_test_util.h"
#include "test.h"

#include <stdlib.h>

typedef enum { T_FFT, T_IFFT, T_COSET, T_ICOSET } transform;
static const char *const names[] = { "fft", "ifft", "coset_fft", "icoset_fft" };

static void cpu_transform(transform t, const cuzk_domain *d, cuzk_fr *a, cuzk_pool *pool)
{
    switch (t) {
    case T_FFT: cuzk_poly_fft(d, a, pool); break;
    case T_IFFT: cuzk_poly_ifft(d, a, pool); break;
    case T_COSET: cuzk_poly_coset_fft(d, a, pool); break;
    default: cuzk_poly_icoset_fft(d, a, pool); break;
    }
}

static int gpu_transform(transform t, cuzk_gpu_domain *d, cuzk_fr *a, cuzk_err *err)
{
    switch (t) {
    case T_FFT: return cuzk_gpu_fft(d, a, err);
    case T_IFFT: return cuzk_gpu_ifft(d, a, err);
    case T_COSET: return cuzk_gpu_coset_fft(d, a, err);
    default: return cuzk_gpu_icoset_fft(d, a, err);
    }
}

static size_t first_diff(const cuzk_fr *a, const cuzk_fr *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof a[i]))
            return i;
    return SIZE_MAX;
}

static void check_size(cuzk_gpu_ctx *ctx, unsigned log_m, cuzk_pool *pool, cuzk_rng *rng, bool with_h,
                       cuzk_gpu_ntt_kernel kernel)
{
    cuzk_err err;
    size_t m = (size_t)1 << log_m;
    cuzk_domain *cd = NULL;
    cuzk_gpu_domain *gd = NULL;
    cuzk_fr *in = cuzk_alloc_array(3 * m, sizeof *in), *want = cuzk_alloc_array(3 * m, sizeof *want),
            *got = cuzk_alloc_array(m, sizeof *got);
    cuzk_fr *d_a = NULL;
    CHECK(in && want && got);
    if (!in || !want || !got)
        goto out;
    CHECK_MSG(cuzk_domain_create(&cd, m, pool, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_gpu_domain_create(ctx, &gd, m, &err) == 0, "2^%u: %s", log_m, err.msg);
    CHECK_MSG(cuzk_gpu_alloc(ctx, (void **)&d_a, 3 * m * sizeof(cuzk_fr), &err) == 0, "%s", err.msg);
    if (!cd || !gd || !d_a)
        goto out;
    CHECK(cuzk_gpu_domain_size(gd) == m);
    CHECK_MSG(cuzk_gpu_domain_set_kernel(gd, kernel, &err) == 0, "%s", err.msg);
    for (size_t i = 0; i < 3 * m; i++)
        gt_random_fr(rng, &in[i]);
    for (transform t = T_FFT; t <= T_ICOSET; t++) {
        memcpy(want, in, m * sizeof *in);
        cpu_transform(t, cd, want, pool);
        memset(got, 0, m * sizeof *got);
        int rc = cuzk_gpu_upload(ctx, d_a, in, m * sizeof *in, &err);
        if (rc == 0)
            rc = gpu_transform(t, gd, d_a, &err);
        if (rc == 0)
            rc = cuzk_gpu_download(ctx, got, d_a, m * sizeof *got, &err);
        CHECK_MSG(rc == 0, "2^%u %s: %s", log_m, names[t], err.msg);
        size_t at = first_diff(want, got, m);
        CHECK_MSG(at == SIZE_MAX, "2^%u %s: first difference at %zu", log_m, names[t], at);
    }
    if (with_h) {
        memcpy(want, in, 3 * m * sizeof *in);
        cuzk_poly_compute_h(cd, want, want + m, want + 2 * m, pool);
        int rc = cuzk_gpu_upload(ctx, d_a, in, 3 * m * sizeof *in, &err);
        if (rc == 0)
            rc = cuzk_gpu_compute_h(gd, d_a, d_a + m, d_a + 2 * m, &err);
        if (rc == 0)
            rc = cuzk_gpu_download(ctx, got, d_a, m * sizeof *got, &err);
        CHECK_MSG(rc == 0, "2^%u compute_h: %s", log_m, err.msg);
        size_t at = first_diff(want, got, m);
        CHECK_MSG(at == SIZE_MAX, "2^%u compute_h: first difference at %zu", log_m, at);
    }
    printf("2^%-2u %-11s: fft, ifft, coset_fft, icoset_fft%s checked\n", log_m,
           kernel == CUZK_GPU_NTT_RADIX2        ? "radix2"
           : kernel == CUZK_GPU_NTT_SPLIT_11_8_8 ? "split11_8_8"
           : kernel == CUZK_GPU_NTT_TILE11       ? "tile11"
           : kernel == CUZK_GPU_NTT_TILE11_SM16  ? "tile11_sm16"
           : kernel == CUZK_GPU_NTT_PERSIST      ? "persist"
           : kernel == CUZK_GPU_NTT_TILE10_R3    ? "tile10_r3"
           : kernel == CUZK_GPU_NTT_TILE10       ? "tile10"
                                                 : "default",
           with_h ? ", compute_h" : "");
out:
    cuzk_gpu_free(ctx, d_a);
    cuzk_gpu_domain_free(gd);
    cuzk_domain_free(cd);
    cuzk_free(in);
    cuzk_free(want);
    cuzk_free(got);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    cuzk_gpu_ctx *ctx;
    int rc = gt_device_or_skip(&ctx);
    if (rc != 0)
        return rc;
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x4e77);
    /* every pass layout of every split: one pass (<= 2^10 on the default's
     * 2^10 tiles, <= 2^11 on the others), two (2^11..2^19 default: 6 + 5 ..
     * 10 + 9; 2^12..2^19 on 2^11 tiles: 6 + 6 .. 10 + 9 balanced, 11 + 1 ..
     * 11 + 8 the other), three (2^20..) */
    static const unsigned sizes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 20, CUZK_GPU_NTT_DEFAULT);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_TILE10_R3);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_TILE10);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_TILE11);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_TILE11_SM16);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_SPLIT_11_8_8);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_RADIX2);
        check_size(ctx, sizes[i], pool, &rng, sizes[i] <= 16, CUZK_GPU_NTT_PERSIST);
    }
    /* 9 + 8 + 8: the persistent gathering pass with 2^15 tiles on 528 blocks */
    check_size(ctx, 25, pool, &rng, false, CUZK_GPU_NTT_PERSIST);
    /* bad arguments */
    cuzk_err err;
    cuzk_gpu_domain *gd = NULL;
    CHECK(cuzk_gpu_domain_create(ctx, &gd, 0, &err) == CUZK_ERR_INVALID_ARGUMENT && !gd);
    CHECK(cuzk_gpu_domain_create(ctx, &gd, ((size_t)1 << CUZK_GPU_NTT_MAX_LOG) + 1, &err) ==
          CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_gpu_fft(NULL, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_gpu_domain_set_kernel(NULL, CUZK_GPU_NTT_DEFAULT, &err) == CUZK_ERR_INVALID_ARGUMENT);
    if (cuzk_gpu_domain_create(ctx, &gd, 16, &err) == 0) {
        CHECK(cuzk_gpu_domain_set_kernel(gd, (cuzk_gpu_ntt_kernel)9, &err) == CUZK_ERR_INVALID_ARGUMENT);
        cuzk_gpu_domain_free(gd);
    }
    cuzk_pool_destroy(pool);
    cuzk_gpu_ctx_free(ctx);
    return test_finish("test_gpu_ntt");
}
