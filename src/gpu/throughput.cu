// Raw arithmetic rates on the device: long chains of Fr or Fp products, or
// of G1 mixed additions, with no memory traffic in the loop. They say how far
// the NTT and MSM kernels are from their arithmetic bound.
#include "gpu_impl.cuh"
#include "fr.cuh"
#include "fp.cuh"
#include "g1.cuh"
#include "fr_f64.cuh"

#define TP_THREADS 256
#define TP_CHAINS 2 // independent chains per thread
#define CUZK_GPU_RATE_KINDS 34

// The product under test: OP 0 the field's product, 1 the two-accumulator
// product (cuzk_gpu_mont_mul_xy, the baseline), 2 + V the
// product with mont.cuh variant bits V (V != 14), 16 the relaxed product (Fp:
// values stay in [0, 2p); Fr: canonical a, relaxed b, the NTT's twiddle case).
template <int OP>
CUZK_GPU_HD void tp_mul(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    if (OP == 0)
        cuzk_gpu_fr_mul(r, a, b);
    else if (OP == 1)
        cuzk_gpu_mont_mul_xy<cuzk_gpu_fr_field>(r->l, a->l, b->l);
    else if (OP == 16)
        cuzk_gpu_fr_mul_2p(r, b, a);
    else
        cuzk_gpu_mont_mul<cuzk_gpu_fr_field, OP - 2>(r->l, a->l, b->l);
}
template <int OP>
CUZK_GPU_HD void tp_mul(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    if (OP == 0)
        cuzk_gpu_fp_mul(r, a, b);
    else if (OP == 1)
        cuzk_gpu_mont_mul_xy<cuzk_gpu_fp_field>(r->l, a->l, b->l);
    else if (OP == 16)
        cuzk_gpu_fp_mul_2p(r, a, b);
    else
        cuzk_gpu_mont_mul<cuzk_gpu_fp_field, OP - 2>(r->l, a->l, b->l);
}

// Elements are seeded from the thread index (any bytes below the modulus'
// top limb are valid inputs); results are stored so nothing is dropped.
template <class E>
static __device__ __forceinline__ void tp_seed(E *y, unsigned t)
{
    for (unsigned i = 0; i < sizeof(E) / 4; i++)
        y->l[i] = t * 0x9e3779b9u + i;
    y->l[sizeof(E) / 4 - 1] &= 0x0fffffffu;
}
// The CH independent chains: x[c] = y with c XORed into limb L.
template <class E, int CH, int L = 0>
static __device__ __forceinline__ void tp_chains(E x[], const E &y)
{
    for (int c = 0; c < CH; c++) {
        x[c] = y;
        x[c].l[L] ^= c;
    }
}

template <class E, int OP>
static __global__ void __launch_bounds__(TP_THREADS) tp_mul_kernel(E *out, unsigned iters)
{
    E x[TP_CHAINS], y;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    tp_seed(&y, t);
    tp_chains<E, TP_CHAINS>(x, y);
    // not unrolled: the loop body is TP_CHAINS products, so SASS counts read per product
#pragma unroll 1
    for (unsigned i = 0; i < iters; i++)
        CUZK_GPU_UNROLL
        for (int c = 0; c < TP_CHAINS; c++)
            tp_mul<OP>(&x[c], &x[c], &y);
    for (int c = 0; c < TP_CHAINS; c++)
        out[(size_t)t * TP_CHAINS + c] = x[c];
}

// The Fr product with its integer product on the FP64 pipe (fr_f64.cuh,
// variant V), the fixed operand y in its digit form (as a twiddle table would
// hold it): on every chain, or (MIX) on the even chains with the integer
// product (cuzk_gpu_fr_mul) on the odd ones, so the FP64 and FMA-heavy pipes
// can work at once.
// CH chains (MIX 2: the integer product on every chain, the baseline of the
// CH-chain figures; MIX 3: two FP64 products to one integer product).
template <int V, int MIX, int CH = TP_CHAINS>
static __global__ void __launch_bounds__(TP_THREADS) tp_f64_kernel(cuzk_gpu_fr *out, unsigned iters)
{
    cuzk_gpu_fr x[CH], y;
    cuzk_gpu_fr_f64 yd;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    tp_seed(&y, t); // below r: the FP64 product takes canonical values
    tp_chains<cuzk_gpu_fr, CH>(x, y);
    cuzk_gpu_fr_to_f64(&yd, &y);
#pragma unroll 1
    for (unsigned i = 0; i < iters; i++)
        CUZK_GPU_UNROLL
        for (int c = 0; c < CH; c++) {
            if (MIX == 2 || (MIX == 1 && (c & 1)) || (MIX == 3 && c % 3 == 2))
                cuzk_gpu_fr_mul(&x[c], &x[c], &y);
            else
                cuzk_gpu_fr_mul_f64<V>(&x[c], &x[c], &yd);
        }
    for (int c = 0; c < CH; c++)
        out[(size_t)t * CH + c] = x[c];
}

// The NTT's inner loop without memory: a thread's 8 elements through the 3
// radix-2 stages of a radix-2^3 group (12 butterflies: v = x_i1 w, x_i1 =
// x_i0 - v, x_i0 = x_i0 + v), one twiddle w kept as words and digits. The
// products: MODE 0 all integer, 1 all FP64 (fr_f64.cuh), 2 FP64 for the
// even butterflies of a stage, 3 FP64 for three of a stage's four.
// Two blocks an SM (128 registers a thread), as the NTT pass kernels.
template <int MODE>
static __global__ void __launch_bounds__(TP_THREADS, 2) tp_bfly_kernel(cuzk_gpu_fr *out, unsigned iters)
{
    cuzk_gpu_fr x[8], w;
    cuzk_gpu_fr_f64 wd;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    tp_seed(&w, t);
    tp_chains<cuzk_gpu_fr, 8, 1>(x, w);
    cuzk_gpu_fr_to_f64(&wd, &w);
#pragma unroll 1
    for (unsigned i = 0; i < iters; i++)
        CUZK_GPU_UNROLL
        for (int r = 0; r < 3; r++)
            CUZK_GPU_UNROLL
            for (int b = 0; b < 4; b++) {
                const int i0 = ((b >> r) << (r + 1)) | (b & ((1 << r) - 1)), i1 = i0 | (1 << r);
                const bool f64 = MODE == 1 || (MODE == 2 && (b & 1) == 0) || (MODE == 3 && b != 3);
                cuzk_gpu_fr v;
                if (f64)
                    cuzk_gpu_fr_mul_f64<CUZK_GPU_FR_F64_PAIRS>(&v, &x[i1], &wd);
                else
                    cuzk_gpu_fr_mul(&v, &x[i1], &w);
                cuzk_gpu_fr_sub(&x[i1], &x[i0], &v);
                cuzk_gpu_fr_add(&x[i0], &x[i0], &v);
            }
    for (int c = 0; c < 8; c += 2)
        cuzk_gpu_fr_add(&x[c], &x[c], &x[c + 1]);
    for (int c = 0; c < 4; c++)
        out[(size_t)t * 4 + c] = x[2 * c];
}

static __global__ void __launch_bounds__(TP_THREADS) tp_madd_kernel(cuzk_gpu_g1_xyzz *out, unsigned iters)
{
    cuzk_gpu_g1_xyzz acc;
    cuzk_gpu_g1_affine a;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = 0; i < 12; i++) {
        a.x.l[i] = t * 0x9e3779b9u + i;
        a.y.l[i] = t * 0x7f4a7c15u + 3 * i;
    }
    a.x.l[11] &= 0x0fffffffu;
    a.y.l[11] &= 0x0fffffffu;
    // not a curve point, but the formulas' cost does not depend on that
    acc.x = a.y;
    acc.y = a.x;
    cuzk_gpu_fp_set_one(&acc.zz);
    cuzk_gpu_fp_set_one(&acc.zzz);
    for (unsigned i = 0; i < iters; i++)
        cuzk_gpu_g1_add_affine(&acc, &a);
    out[t] = acc;
}

extern "C" int cuzk_gpu_arith_rate(cuzk_gpu_ctx *ctx, int what, double *per_s, cuzk_err *err)
{
    int rc = 0;
    void *d_out = NULL;
    cudaEvent_t e0 = NULL, e1 = NULL;
    float ms = 0;
    const unsigned blocks = (unsigned)ctx->sm_count * 8, iters = what == 2 ? 200 : what >= 30 ? 200 : 2000;
    const size_t threads = (size_t)blocks * TP_THREADS;
    *per_s = 0;
    if (what < 0 || what >= CUZK_GPU_RATE_KINDS)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "arith rate: unknown kind %d", what);
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, &d_out, threads * TP_CHAINS * sizeof(cuzk_gpu_g1_xyzz), err)) != 0)
        return rc;
    CUZK_CUDA_TRY(cudaEventCreate(&e0), err, rc, out);
    CUZK_CUDA_TRY(cudaEventCreate(&e1), err, rc, out);
    for (int rep = 0; rep < 2; rep++) { // the first launch warms up
        CUZK_CUDA_TRY(cudaEventRecord(e0, ctx->stream), err, rc, out);
        switch (what) {
#define TP_MUL(E, OP) tp_mul_kernel<E, OP><<<blocks, TP_THREADS, 0, ctx->stream>>>((E *)d_out, iters); break
        case 0: TP_MUL(cuzk_gpu_fr, 0);
        case 1: TP_MUL(cuzk_gpu_fp, 0);
        case 2: tp_madd_kernel<<<blocks, TP_THREADS, 0, ctx->stream>>>((cuzk_gpu_g1_xyzz *)d_out, iters); break;
        case 3: TP_MUL(cuzk_gpu_fr, 1);
        case 4: TP_MUL(cuzk_gpu_fp, 1);
        case 5: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_HIDE_M0);
        case 6: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_P0_ONE);
        case 7: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_PCONST);
        case 8: TP_MUL(cuzk_gpu_fr, 16);
        case 9: TP_MUL(cuzk_gpu_fp, 16);
        case 10: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_PCONST + CUZK_GPU_MONT_P0_ONE);
        case 11: TP_MUL(cuzk_gpu_fp, 2 + CUZK_GPU_MONT_PCONST);
        case 12: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_P01);
        case 13: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_KS + CUZK_GPU_MONT_P01);
        case 14: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_KS + CUZK_GPU_MONT_P0_ONE);
        case 15: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_KS);
        case 16: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_P0_ONE + CUZK_GPU_MONT_MOPAQUE);
        case 17: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_P01 + CUZK_GPU_MONT_MOPAQUE);
        case 18: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_KS + CUZK_GPU_MONT_P01 + CUZK_GPU_MONT_MOPAQUE);
        case 19: TP_MUL(cuzk_gpu_fp, 2 + CUZK_GPU_MONT_KS);
        case 20: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_P0_ONE + CUZK_GPU_MONT_MZERO);
        case 21: TP_MUL(cuzk_gpu_fr, 2 + CUZK_GPU_MONT_P01 + CUZK_GPU_MONT_MZERO);
#define TP_F64(V, MIX, CH) tp_f64_kernel<V, MIX, CH><<<blocks, TP_THREADS, 0, ctx->stream>>>((cuzk_gpu_fr *)d_out, iters); break
        case 22: TP_F64(CUZK_GPU_FR_F64_PAIRS, 0, 2);
        case 23: TP_F64(CUZK_GPU_FR_F64_PAIRS, 1, 2);
        case 24: TP_F64(0, 0, 2);
        case 25: TP_F64(0, 1, 2);
        case 26: TP_F64(CUZK_GPU_FR_F64_PAIRS, 0, 4);
        case 27: TP_F64(CUZK_GPU_FR_F64_PAIRS, 1, 4);
        case 28: TP_F64(0, 2, 4);
        case 29: TP_F64(CUZK_GPU_FR_F64_PAIRS, 3, 3);
#undef TP_F64
#define TP_BFLY(MODE) tp_bfly_kernel<MODE><<<blocks, TP_THREADS, 0, ctx->stream>>>((cuzk_gpu_fr *)d_out, iters); break
        case 30: TP_BFLY(0);
        case 31: TP_BFLY(1);
        case 32: TP_BFLY(2);
        default: TP_BFLY(3);
#undef TP_BFLY
#undef TP_MUL
        }
        CUZK_GPU_LAUNCHED(err, rc, out);
        CUZK_CUDA_TRY(cudaEventRecord(e1, ctx->stream), err, rc, out);
        if ((rc = cuzk_gpu_sync(ctx, err)) != 0)
            goto out;
    }
    CUZK_CUDA_TRY(cudaEventElapsedTime(&ms, e0, e1), err, rc, out);
    // per second: products (butterflies for 30..33, additions for 2)
    *per_s = (double)threads * iters * (what == 2 ? 1 : what >= 30 ? 12 : what == 29 ? 3 : what >= 26 ? 4 : TP_CHAINS) /
             (ms / 1e3);
out:
    if (e0)
        cudaEventDestroy(e0);
    if (e1)
        cudaEventDestroy(e1);
    cuzk_gpu_free(ctx, d_out);
    return rc;
}
