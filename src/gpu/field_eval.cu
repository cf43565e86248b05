// Element-wise field operations on the device and, from the same source, on
// the host with the carry flag emulated; the G1 formulas on the host. These
// are the checks of the device arithmetic against libcuzk.
#include "gpu_impl.cuh"
#include "fp.cuh"
#include "fr.cuh"
#include "fr_shoup.cuh"
#include "g1.cuh"

#include <string.h>

static_assert(sizeof(cuzk_gpu_fr) == sizeof(cuzk_fr), "device and host Fr differ in size");
static_assert(sizeof(cuzk_gpu_fp) == sizeof(cuzk_fp), "device and host Fp differ in size");
static_assert(sizeof(cuzk_gpu_g1_affine) == sizeof(cuzk_g1_affine), "device and host G1 differ");

template <class E>
CUZK_GPU_HD void apply_op(int op, E *r, const E *a, const E *b);

// The relaxed ops' harness: lift x to x + p when its lowest bit is set.
template <class F>
CUZK_GPU_HD void lift_odd(uint32_t x[])
{
    const uint32_t mask = 0u - (x[0] & 1);
    cuzk_gpu_cc cc = { 0 };
    x[0] = cuzk_gpu_add_cc(x[0], F::p(0) & mask, &cc);
    CUZK_GPU_UNROLL
    for (int i = 1; i < F::N - 1; i++)
        x[i] = cuzk_gpu_addc_cc(x[i], F::p(i) & mask, &cc);
    x[F::N - 1] = cuzk_gpu_addc(x[F::N - 1], F::p(F::N - 1) & mask, &cc);
}

// r = r mod p when r < 2p, else all ones.
template <class F>
CUZK_GPU_HD void normalize_or_poison(uint32_t r[])
{
    cuzk_gpu_cc cc = { 0 };
    uint32_t d = cuzk_gpu_sub_cc(r[0], cuzk_gpu_mont_mp<F, 2>(0), &cc); // only the borrow counts
    CUZK_GPU_UNROLL
    for (int i = 1; i < F::N; i++)
        d = cuzk_gpu_subc_cc(r[i], cuzk_gpu_mont_mp<F, 2>(i), &cc);
    (void)d;
    const uint32_t below = cuzk_gpu_subc(0, 0, &cc); // all ones when r < 2p
    cuzk_gpu_mont_sub_p<F>(r, r);
    CUZK_GPU_UNROLL
    for (int i = 0; i < F::N; i++)
        r[i] |= ~below;
}

template <>
CUZK_GPU_HD void apply_op<cuzk_gpu_fr>(int op, cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    if (op == CUZK_GPU_FR_MUL_2P) {
        cuzk_gpu_fr y = *b;
        lift_odd<cuzk_gpu_fr_field>(y.l);
        cuzk_gpu_fr_mul_2p(r, a, &y);
        normalize_or_poison<cuzk_gpu_fr_field>(r->l);
        return;
    }
    switch (op) {
    case CUZK_GPU_FR_ADD: cuzk_gpu_fr_add(r, a, b); break;
    case CUZK_GPU_FR_SUB: cuzk_gpu_fr_sub(r, a, b); break;
    case CUZK_GPU_FR_MUL: cuzk_gpu_fr_mul(r, a, b); break;
    case CUZK_GPU_FR_MUL_P01:
        cuzk_gpu_mont_mul<cuzk_gpu_fr_field, CUZK_GPU_MONT_P01 | CUZK_GPU_MONT_MZERO>(r->l, a->l, b->l);
        break;
    case CUZK_GPU_FR_MUL_KS:
        cuzk_gpu_mont_mul<cuzk_gpu_fr_field, CUZK_GPU_MONT_KS | CUZK_GPU_MONT_P01>(r->l, a->l, b->l);
        break;
    case CUZK_GPU_FR_MUL_SHOUP: {
        cuzk_gpu_fr w, s;
        cuzk_gpu_fr_shoup_prep(&w, &s, b);
        cuzk_gpu_fr_mul_shoup(r, a, &w, &s);
        break;
    }
    default: cuzk_gpu_fr_sqr(r, a); break;
    }
}

template <>
CUZK_GPU_HD void apply_op<cuzk_gpu_fp>(int op, cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    if (op == CUZK_GPU_FP_IS_ZERO_2P) {
        cuzk_gpu_fp x = *a;
        if (b->l[0] & 1) {
            cuzk_gpu_cc cc = { 0 };
            x.l[0] = cuzk_gpu_add_cc(x.l[0], cuzk_gpu_fp_field::p(0), &cc);
            CUZK_GPU_UNROLL
            for (int i = 1; i < 11; i++)
                x.l[i] = cuzk_gpu_addc_cc(x.l[i], cuzk_gpu_fp_field::p(i), &cc);
            x.l[11] = cuzk_gpu_addc(x.l[11], cuzk_gpu_fp_field::p(11), &cc);
        }
        if (cuzk_gpu_fp_is_zero_2p(&x))
            cuzk_gpu_fp_set_one(r);
        else
            cuzk_gpu_fp_set_zero(r);
        return;
    }
    if (op == CUZK_GPU_FP_MUL_KS) {
        cuzk_gpu_mont_mul<cuzk_gpu_fp_field, CUZK_GPU_MONT_KS>(r->l, a->l, b->l);
        return;
    }
    if (op >= CUZK_GPU_FP_MUL_2P) {
        cuzk_gpu_fp x = *a, y = *b;
        lift_odd<cuzk_gpu_fp_field>(x.l);
        lift_odd<cuzk_gpu_fp_field>(y.l);
        switch (op) {
        case CUZK_GPU_FP_MUL_2P: cuzk_gpu_fp_mul_2p(r, &x, &y); break;
        case CUZK_GPU_FP_SQR_2P: cuzk_gpu_fp_sqr_2p(r, &x); break;
        case CUZK_GPU_FP_ADD_2P: cuzk_gpu_fp_add_2p(r, &x, &y); break;
        default: cuzk_gpu_fp_sub_2p(r, &x, &y); break;
        }
        normalize_or_poison<cuzk_gpu_fp_field>(r->l);
        return;
    }
    switch (op) {
    case CUZK_GPU_FP_ADD: cuzk_gpu_fp_add(r, a, b); break;
    case CUZK_GPU_FP_SUB: cuzk_gpu_fp_sub(r, a, b); break;
    case CUZK_GPU_FP_MUL: cuzk_gpu_fp_mul(r, a, b); break;
    default: cuzk_gpu_fp_sqr(r, a); break;
    }
}

template <class E>
static __global__ void field_op_kernel(int op, E *r, const E *a, const E *b, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        E x = a[i], y = b[i], z;
        apply_op<E>(op, &z, &x, &y);
        r[i] = z;
    }
}

static bool op_is_fr(cuzk_gpu_field_op op)
{
    return op <= CUZK_GPU_FR_SQR || op == CUZK_GPU_FR_MUL_2P || op == CUZK_GPU_FR_MUL_P01 || op == CUZK_GPU_FR_MUL_KS ||
           op == CUZK_GPU_FR_MUL_SHOUP;
}

static int check_op(cuzk_gpu_field_op op, size_t n, cuzk_err *err)
{
    if ((int)op < CUZK_GPU_FR_ADD || op > CUZK_GPU_FR_MUL_SHOUP)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "field op %d unknown", (int)op);
    if (n == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "field op on 0 elements");
    return 0;
}

template <class E>
static int eval_device(cuzk_gpu_ctx *ctx, int op, void *out, const void *a, const void *b, size_t n,
                       cuzk_err *err)
{
    int rc = 0;
    E *d = NULL;
    size_t bytes = n * sizeof(E);
    if (n > SIZE_MAX / (3 * sizeof(E)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "field op: %zu elements overflow", n);
    rc = cuzk_gpu_alloc(ctx, (void **)&d, 3 * bytes, err);
    if (rc != 0)
        return rc;
    rc = cuzk_gpu_upload(ctx, d + n, a, bytes, err);
    if (rc == 0)
        rc = cuzk_gpu_upload(ctx, d + 2 * n, b ? b : a, bytes, err);
    if (rc == 0) {
        // Poison the output so a kernel that never writes cannot pass.
        CUZK_CUDA_TRY(cudaMemsetAsync(d, 0xa5, bytes, ctx->stream), err, rc, out);
        field_op_kernel<E><<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(op, d, d + n,
                                                                                    d + 2 * n, n);
        CUZK_GPU_LAUNCHED(err, rc, out);
        rc = cuzk_gpu_download(ctx, out, d, bytes, err);
    }
out:
    cuzk_gpu_free(ctx, d);
    return rc;
}

extern "C" int cuzk_gpu_field_eval(cuzk_gpu_ctx *ctx, cuzk_gpu_field_op op, void *out, const void *a,
                                   const void *b, size_t n, cuzk_err *err)
{
    int rc = check_op(op, n, err);
    if (rc != 0)
        return rc;
    return op_is_fr(op) ? eval_device<cuzk_gpu_fr>(ctx, op, out, a, b, n, err)
                        : eval_device<cuzk_gpu_fp>(ctx, op, out, a, b, n, err);
}

template <class E>
static void eval_host(int op, void *out, const void *a, const void *b, size_t n)
{
    E *r = (E *)out;
    const E *x = (const E *)a, *y = (const E *)(b ? b : a);
    for (size_t i = 0; i < n; i++) {
        E xi, yi, z; // copies: the host arrays need not be 16-byte aligned
        memcpy(&xi, &x[i], sizeof xi);
        memcpy(&yi, &y[i], sizeof yi);
        apply_op<E>(op, &z, &xi, &yi);
        memcpy(&r[i], &z, sizeof z);
    }
}

extern "C" int cuzk_gpu_field_eval_host(cuzk_gpu_field_op op, void *out, const void *a, const void *b,
                                        size_t n, cuzk_err *err)
{
    int rc = check_op(op, n, err);
    if (rc != 0)
        return rc;
    if (op_is_fr(op))
        eval_host<cuzk_gpu_fr>(op, out, a, b, n);
    else
        eval_host<cuzk_gpu_fp>(op, out, a, b, n);
    return 0;
}

// XYZZ -> Jacobian without an inversion: Z = ZZ ZZZ, X = X ZZ ZZZ^2,
// Y = Y ZZ^3 ZZZ^2 give X/Z^2 = X/ZZ and Y/Z^3 = Y/ZZZ; ZZ = 0 gives Z = 0.
void cuzk_gpu_g1_xyzz_to_proj(cuzk_g1_proj *r, const void *xyzz)
{
    cuzk_fp x, y, zz, zzz, t, zzz2;
    memcpy(&x, (const char *)xyzz, sizeof x);
    memcpy(&y, (const char *)xyzz + 48, sizeof y);
    memcpy(&zz, (const char *)xyzz + 96, sizeof zz);
    memcpy(&zzz, (const char *)xyzz + 144, sizeof zzz);
    cuzk_fp_sqr(&zzz2, &zzz);
    cuzk_fp_mul(&r->z, &zz, &zzz);
    cuzk_fp_mul(&t, &zz, &zzz2);
    cuzk_fp_mul(&r->x, &x, &t);
    cuzk_fp_sqr(&t, &zz);
    cuzk_fp_mul(&t, &t, &zz);
    cuzk_fp_mul(&t, &t, &zzz2);
    cuzk_fp_mul(&r->y, &y, &t);
}

extern "C" int cuzk_gpu_g1_sum_host(cuzk_g1_proj *out, const cuzk_g1_affine *points, size_t n,
                                    unsigned doublings, cuzk_err *err)
{
    if (!out || (!points && n))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "g1 sum: NULL pointer");
    cuzk_gpu_g1_xyzz acc[2];
    cuzk_gpu_g1_set_inf(&acc[0]);
    cuzk_gpu_g1_set_inf(&acc[1]);
    for (size_t i = 0; i < n; i++) {
        cuzk_gpu_g1_affine a;
        memcpy(&a, &points[i], sizeof a);
        cuzk_gpu_g1_add_affine(&acc[i & 1], &a);
    }
    cuzk_gpu_g1_add(&acc[0], &acc[1]);
    for (unsigned k = 0; k < doublings; k++)
        cuzk_gpu_g1_dbl(&acc[0]);
    cuzk_gpu_g1_xyzz_to_proj(out, &acc[0]);
    return 0;
}
