/* The device's Fr and Fp arithmetic against libcuzk on 2^20 random pairs and
 * the edge values. Skips without a device. */
#include "gpu_test_util.h"
#include "test.h"

#include <stdlib.h>

#define N ((size_t)1 << 20)

static void check_op(cuzk_gpu_ctx *ctx, cuzk_gpu_field_op op, const void *a, const void *b, void *out,
                     size_t n)
{
    cuzk_err err;
    const bool fr = op <= CUZK_GPU_FR_SQR || op == CUZK_GPU_FR_MUL_2P || op == CUZK_GPU_FR_MUL_P01 ||
                    op == CUZK_GPU_FR_MUL_KS || op == CUZK_GPU_FR_MUL_SHOUP;
    const size_t sz = fr ? sizeof(cuzk_fr) : sizeof(cuzk_fp);
    int rc = cuzk_gpu_field_eval(ctx, op, out, a, b, n, &err);
    CHECK_MSG(rc == 0, "op %d: %s", (int)op, err.msg);
    size_t bad = 0, first = SIZE_MAX;
    for (size_t i = 0; i < n && rc == 0; i++) {
        union { cuzk_fr r; cuzk_fp p; } want;
        const char *x = (const char *)a + i * sz, *y = (const char *)b + i * sz;
        if (fr) {
            const cuzk_fr *u = (const cuzk_fr *)x, *v = (const cuzk_fr *)y;
            switch (op) {
            case CUZK_GPU_FR_ADD: cuzk_fr_add(&want.r, u, v); break;
            case CUZK_GPU_FR_SUB: cuzk_fr_sub(&want.r, u, v); break;
            case CUZK_GPU_FR_MUL: case CUZK_GPU_FR_MUL_2P: case CUZK_GPU_FR_MUL_P01: case CUZK_GPU_FR_MUL_KS:
            case CUZK_GPU_FR_MUL_SHOUP:
                cuzk_fr_mul(&want.r, u, v);
                break;
            default: cuzk_fr_sqr(&want.r, u); break;
            }
        } else {
            const cuzk_fp *u = (const cuzk_fp *)x, *v = (const cuzk_fp *)y;
            switch (op) {
            case CUZK_GPU_FP_ADD: case CUZK_GPU_FP_ADD_2P: cuzk_fp_add(&want.p, u, v); break;
            case CUZK_GPU_FP_SUB: case CUZK_GPU_FP_SUB_2P: cuzk_fp_sub(&want.p, u, v); break;
            case CUZK_GPU_FP_MUL: case CUZK_GPU_FP_MUL_2P: case CUZK_GPU_FP_MUL_KS: cuzk_fp_mul(&want.p, u, v); break;
            case CUZK_GPU_FP_IS_ZERO_2P: want.p = cuzk_fp_is_zero(u) ? CUZK_FP_ONE : CUZK_FP_ZERO; break;
            default: cuzk_fp_sqr(&want.p, u); break;
            }
        }
        if (memcmp(&want, (const char *)out + i * sz, sz)) {
            if (bad++ == 0)
                first = i;
        }
    }
    CHECK_MSG(bad == 0, "op %d: %zu of %zu differ, first at %zu", (int)op, bad, n, first);
    printf("op %d: %zu elements, %zu differ\n", (int)op, n, bad);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    cuzk_gpu_ctx *ctx;
    int rc = gt_device_or_skip(&ctx);
    if (rc != 0)
        return rc;
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xf1e1d);
    cuzk_fr *ra = cuzk_alloc_array(N, sizeof *ra), *rb = cuzk_alloc_array(N, sizeof *rb),
            *ro = cuzk_alloc_array(N, sizeof *ro);
    cuzk_fp *pa = cuzk_alloc_array(N, sizeof *pa), *pb = cuzk_alloc_array(N, sizeof *pb),
            *po = cuzk_alloc_array(N, sizeof *po);
    CHECK(ra && rb && ro && pa && pb && po);
    if (ra && rb && ro && pa && pb && po) {
        for (size_t i = 0; i < N; i++) {
            gt_random_fr(&rng, &ra[i]);
            gt_random_fr(&rng, &rb[i]);
            gt_random_fp(&rng, &pa[i]);
            gt_random_fp(&rng, &pb[i]);
        }
        /* edges: 0, 1, -1 against each other */
        cuzk_fr fe[3] = { CUZK_FR_ZERO, CUZK_FR_ONE, CUZK_FR_ZERO };
        cuzk_fp pe[3] = { CUZK_FP_ZERO, CUZK_FP_ONE, CUZK_FP_ZERO };
        cuzk_fr_neg(&fe[2], &CUZK_FR_ONE);
        cuzk_fp_neg(&pe[2], &CUZK_FP_ONE);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                ra[3 * i + j] = fe[i], rb[3 * i + j] = fe[j];
                pa[3 * i + j] = pe[i], pb[3 * i + j] = pe[j];
            }
        for (int op = CUZK_GPU_FR_ADD; op <= CUZK_GPU_FR_SQR; op++)
            check_op(ctx, (cuzk_gpu_field_op)op, ra, rb, ro, N);
        for (int op = CUZK_GPU_FP_ADD; op <= CUZK_GPU_FP_SQR; op++)
            check_op(ctx, (cuzk_gpu_field_op)op, pa, pb, po, N);
        /* the Fr product variants (mont.cuh P01, KS) */
        check_op(ctx, CUZK_GPU_FR_MUL_P01, ra, rb, ro, N);
        check_op(ctx, CUZK_GPU_FR_MUL_KS, ra, rb, ro, N);
        check_op(ctx, CUZK_GPU_FR_MUL_SHOUP, ra, rb, ro, N);
        check_op(ctx, CUZK_GPU_FP_MUL_KS, pa, pb, po, N);
        /* the relaxed forms: odd inputs enter as a + p (up to 2p - 2 for p - 2) */
        memcpy(ra[9].l, CUZK_FR_MODULUS, sizeof ra[9].l);
        memcpy(pa[9].l, CUZK_FP_MODULUS, sizeof pa[9].l);
        ra[9].l[0] -= 2;
        pa[9].l[0] -= 2;
        rb[10] = ra[9];
        pb[10] = pa[9];
        check_op(ctx, CUZK_GPU_FR_MUL_2P, ra, rb, ro, N);
        for (int op = CUZK_GPU_FP_MUL_2P; op <= CUZK_GPU_FP_IS_ZERO_2P; op++)
            check_op(ctx, (cuzk_gpu_field_op)op, pa, pb, po, N);
    }
    cuzk_free(ra); cuzk_free(rb); cuzk_free(ro);
    cuzk_free(pa); cuzk_free(pb); cuzk_free(po);
    cuzk_gpu_ctx_free(ctx);
    return test_finish("test_gpu_field");
}
