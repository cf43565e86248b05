// NTT lab (helper B, issue 6): per-pass times of the device NTT at 2^L and
// variants of its pass kernel, for finding where the time goes. Not built by
// CMake and not part of CI: it #includes src/gpu/ntt.cu to reach its static
// kernels, so it tracks that file's internals and may need edits when they
// change. Build (CUDA build dir B with libcuzk_gpu.a / libcuzk.a), from the
// repository root:
//   nvcc -O3 -DNDEBUG -DCUZK_HAVE_CUDA=1 -arch=sm_90 -std=c++17 -I src/gpu -I src -I include \
//        bench/lab/ntt_lab.cu -o ntt_lab B/libcuzk_gpu.a B/libcuzk.a -lm -ldl -lrt -lpthread
//   ./ntt_lab [L=27] [runs=5] [substring of the variant names to run]
// Each variant runs the forward transform's passes with a CUDA event around
// each launch (median of the runs after one warm-up, input restored from a
// copy each time) and, where it computes the real transform, compares its
// output with the default kernel on the 11 + 8 + 8 split ([same]). Variants:
// the library's kernels (split_11_8_8, default_999 = the default, notfull_999
// = without the compile-time block stride, radix2); tws_* = stage-1/2
// twiddles staged in shared memory by cp.async; lab_* on its own copy of the
// pass (lab_r3 the default's, _nobranch: no t == 0 test outside the gather
// pass, _addnotmul: an add in place of each product, _consttw: products by a
// register constant instead of loaded twiddles, _nocompute: loads and stores
// only). The kernels lab_pass_kernel<MODE, RMAX, MINB, DUAL, THREADS> also
// cover radix-4/-2 groups, other occupancies and two interleaved products;
// bench/results/gpu_ntt_lab_B-2026-12-03-bd8bbcf4f9b9.txt has their times.
#include "ntt.cu"
#include <stdio.h>
#include <vector>
#include <algorithm>

// MODE 0 real; 1 add instead of mul (twiddle loads kept); 2 mul by a register
// constant (no twiddle loads); 3 no butterflies (memory + smem only).
// DUAL: two products interleaved row by row.
template <int V = cuzk_gpu_fr_field::MUL_VARIANT>
static __device__ __forceinline__ void dual_mul(cuzk_gpu_fr *r1, const cuzk_gpu_fr *a1, const cuzk_gpu_fr *b1,
                                                cuzk_gpu_fr *r2, const cuzk_gpu_fr *a2, const cuzk_gpu_fr *b2)
{
    typedef cuzk_gpu_fr_field F;
    constexpr int N = 8;
    constexpr bool P0_ONE = (V & CUZK_GPU_MONT_P0_ONE) && F::p(0) == 1;
    const cuzk_gpu_mont_limbs al1 = { a1->l }, al2 = { a2->l };
    const cuzk_gpu_mont_modulus<F, V> pl = {};
    uint32_t ev1[N + 1], od1[N + 1], ev2[N + 1], od2[N + 1];
    cuzk_gpu_mont_row0<F>(ev1, od1, a1->l, b1->l[0]);
    cuzk_gpu_mont_row0<F>(ev2, od2, a2->l, b2->l[0]);
    CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++) {
        if (i > 0) {
            cuzk_gpu_mont_od_row<F, true>(ev1, od1, al1, b1->l[i]);
            cuzk_gpu_mont_od_row<F, true>(ev2, od2, al2, b2->l[i]);
            cuzk_gpu_mont_ev_row<F>(ev1, al1, b1->l[i]);
            cuzk_gpu_mont_ev_row<F>(ev2, al2, b2->l[i]);
        }
        const uint32_t m1 = ev1[0] * F::M0, m2 = ev2[0] * F::M0;
        cuzk_gpu_mont_ev_row<F, P0_ONE>(ev1, pl, m1);
        cuzk_gpu_mont_ev_row<F, P0_ONE>(ev2, pl, m2);
        cuzk_gpu_mont_od_row<F, false>(ev1, od1, pl, m1);
        cuzk_gpu_mont_od_row<F, false>(ev2, od2, pl, m2);
        cuzk_gpu_mont_shift_swap<F>(ev1, od1);
        cuzk_gpu_mont_shift_swap<F>(ev2, od2);
    }
    uint32_t t1[N], t2[N];
    cuzk_gpu_mont_merge<F>(t1, ev1, od1);
    cuzk_gpu_mont_merge<F>(t2, ev2, od2);
    cuzk_gpu_mont_sub_p<F>(r1->l, t1);
    cuzk_gpu_mont_sub_p<F>(r2->l, t2);
}

template <int R, int MODE, int DUAL>
static __device__ __forceinline__ void lab_group(cuzk_gpu_fr x[], const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                                                 unsigned s0, unsigned sp, size_t jl, size_t lo, const cuzk_gpu_fr &kw)
{
    if (MODE == 3)
        return;
    CUZK_GPU_UNROLL
    for (int r = 0; r < R; r++) {
        const unsigned shift = log_m - 1 - s0 - sp - (unsigned)r;
        constexpr int dummy = 0;
        (void)dummy;
        if (DUAL && R > 1) {
            // butterflies of this stage in pairs: (a, b) enumerated as n = a + 2^r b
            CUZK_GPU_UNROLL
            for (int n = 0; n < (1 << (R - 1)); n += 2) {
                const int aa[2] = { n & ((1 << r) - 1), (n + 1) & ((1 << r) - 1) };
                const int bb[2] = { n >> r, (n + 1) >> r };
                size_t t[2];
                cuzk_gpu_fr w[2], v[2];
                for (int z = 0; z < 2; z++) {
                    t[z] = (((((size_t)aa[z] << sp) | jl) << s0) | lo) << shift;
                    if (MODE == 2)
                        w[z] = kw;
                    else if (t[z] != 0)
                        w[z] = tw[t[z]];
                }
                const int i0a = (bb[0] << (r + 1)) | aa[0], i1a = i0a | (1 << r);
                const int i0b = (bb[1] << (r + 1)) | aa[1], i1b = i0b | (1 << r);
                if (t[0] != 0 && t[1] != 0) {
                    dual_mul(&v[0], &x[i1a], &w[0], &v[1], &x[i1b], &w[1]);
                } else {
                    if (t[0] == 0) v[0] = x[i1a]; else cuzk_gpu_fr_mul(&v[0], &x[i1a], &w[0]);
                    if (t[1] == 0) v[1] = x[i1b]; else cuzk_gpu_fr_mul(&v[1], &x[i1b], &w[1]);
                }
                cuzk_gpu_fr_sub(&x[i1a], &x[i0a], &v[0]);
                cuzk_gpu_fr_add(&x[i0a], &x[i0a], &v[0]);
                cuzk_gpu_fr_sub(&x[i1b], &x[i0b], &v[1]);
                cuzk_gpu_fr_add(&x[i0b], &x[i0b], &v[1]);
            }
            continue;
        }
        CUZK_GPU_UNROLL
        for (int a = 0; a < (1 << r); a++) {
            const size_t t = (((((size_t)a << sp) | jl) << s0) | lo) << shift;
            cuzk_gpu_fr w;
            if (MODE == 2)
                w = kw;
            else if (MODE == 4 || t != 0)
                w = tw[t];
            CUZK_GPU_UNROLL
            for (int b = 0; b < (1 << (R - 1 - r)); b++) {
                const int i0 = (b << (r + 1)) | a, i1 = i0 | (1 << r);
                cuzk_gpu_fr v;
                if (MODE != 4 && t == 0)
                    v = x[i1];
                else if (MODE == 1)
                    cuzk_gpu_fr_add(&v, &x[i1], &w);
                else
                    cuzk_gpu_fr_mul(&v, &x[i1], &w);
                cuzk_gpu_fr_sub(&x[i1], &x[i0], &v);
                cuzk_gpu_fr_add(&x[i0], &x[i0], &v);
            }
        }
    }
}

template <int R, int MODE, int DUAL>
static __device__ __forceinline__ void lab_round(uint32_t *sm, unsigned E, const ntt_where &wh,
                                                 const cuzk_gpu_fr *__restrict__ tw, unsigned log_m, unsigned sp,
                                                 const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, const cuzk_gpu_fr &kw)
{
    const unsigned groups = E >> R;
    for (unsigned q = threadIdx.x; q < groups; q += blockDim.x) {
        unsigned c, jl, high;
        group_coords<R>(q, wh.log_cols, sp, &c, &jl, &high);
        size_t lo = (wh.col0 + c) & wh.lo_mask;
        cuzk_gpu_fr x[1 << R];
        CUZK_GPU_UNROLL
        for (int i = 0; i < (1 << R); i++) {
            unsigned u = (high << (sp + R)) | ((unsigned)i << sp) | jl;
            if (src) {
                x[i] = src[wh.src_of(u, c)];
            } else {
                unsigned e = wh.e_of(u, c);
                CUZK_GPU_UNROLL
                for (int l = 0; l < 8; l++)
                    x[i].l[l] = sm[l * E + e];
            }
        }
        lab_group<R, MODE, DUAL>(x, tw, log_m, wh.s0, sp, jl, lo, kw);
        CUZK_GPU_UNROLL
        for (int i = 0; i < (1 << R); i++) {
            unsigned u = (high << (sp + R)) | ((unsigned)i << sp) | jl;
            if (dst) {
                dst[wh.dst_of(u, c)] = x[i];
            } else {
                unsigned e = wh.e_of(u, c);
                CUZK_GPU_UNROLL
                for (int l = 0; l < 8; l++)
                    sm[l * E + e] = x[i].l[l];
            }
        }
    }
}

template <int MODE, int RMAX, int MINB, int DUAL, int THREADS = NTT_THREADS>
static __global__ void __launch_bounds__(THREADS, MINB)
lab_pass_kernel(const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                unsigned s0, unsigned k, unsigned log_cols, bool gather)
{
    extern __shared__ uint32_t sm[];
    const unsigned E = 1u << NTT_LOG_E; // lab: full blocks only (L >= 12)
    ntt_where wh;
    wh.log_cols = log_cols;
    wh.k = k;
    wh.s0 = s0;
    wh.rest = log_m - k;
    wh.lo_mask = ((size_t)1 << s0) - 1;
    wh.gather = gather;
    wh.col0 = gather ? 0 : (size_t)blockIdx.x << log_cols;
    cuzk_gpu_fr kw = tw[5 + (threadIdx.x & 1)];
    unsigned sp = 0;
    while (sp < k) {
        const unsigned left = k - sp;
        const int R = left >= RMAX ? RMAX : (int)left;
        const bool first = sp == 0, last = sp + (unsigned)R == k;
        const cuzk_gpu_fr *g_src = first ? src : NULL;
        cuzk_gpu_fr *g_dst = last ? dst : NULL;
        if (MODE == 4 && gather) {
            if (R == 3)
                lab_round<(RMAX >= 3 ? 3 : 1), 0, DUAL>(sm, E, wh, tw, log_m, sp, g_src, g_dst, kw);
            else if (R == 2)
                lab_round<2, 0, DUAL>(sm, E, wh, tw, log_m, sp, g_src, g_dst, kw);
            else
                lab_round<1, 0, DUAL>(sm, E, wh, tw, log_m, sp, g_src, g_dst, kw);
        } else if (R == 3)
            lab_round<(RMAX >= 3 ? 3 : 1), MODE, DUAL>(sm, E, wh, tw, log_m, sp, g_src, g_dst, kw);
        else if (R == 2)
            lab_round<2, MODE, DUAL>(sm, E, wh, tw, log_m, sp, g_src, g_dst, kw);
        else
            lab_round<1, MODE, DUAL>(sm, E, wh, tw, log_m, sp, g_src, g_dst, kw);
        sp += (unsigned)R;
        if (!last)
            __syncthreads();
    }
}

// ---- twiddle staging: stages 1 and 2's twiddles of a radix-8 group via cp.async ----
static __device__ __forceinline__ void tws_copy(uint4 *slots, unsigned s, const cuzk_gpu_fr *src)
{
    const uint4 *g = (const uint4 *)src;
    unsigned a0 = (unsigned)__cvta_generic_to_shared(slots + (2 * s) * NTT_THREADS + threadIdx.x);
    unsigned a1 = (unsigned)__cvta_generic_to_shared(slots + (2 * s + 1) * NTT_THREADS + threadIdx.x);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a0), "l"(g) : "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a1), "l"(g + 1) : "memory");
}
static __device__ __forceinline__ void tws_read(cuzk_gpu_fr *w, const uint4 *slots, unsigned s)
{
    uint4 lo = slots[(2 * s) * NTT_THREADS + threadIdx.x], hi = slots[(2 * s + 1) * NTT_THREADS + threadIdx.x];
    w->l[0] = lo.x; w->l[1] = lo.y; w->l[2] = lo.z; w->l[3] = lo.w;
    w->l[4] = hi.x; w->l[5] = hi.y; w->l[6] = hi.z; w->l[7] = hi.w;
}

template <int R, bool TWS>
static __device__ __forceinline__ void tws_group(cuzk_gpu_fr x[], const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                                                 unsigned s0, unsigned sp, size_t jl, size_t lo, const uint4 *slots)
{
    CUZK_GPU_UNROLL
    for (int r = 0; r < R; r++) {
        const unsigned shift = log_m - 1 - s0 - sp - (unsigned)r;
        if (TWS && r == 1)
            asm volatile("cp.async.wait_group 0;" ::: "memory");
        CUZK_GPU_UNROLL
        for (int a = 0; a < (1 << r); a++) {
            const size_t t = (((((size_t)a << sp) | jl) << s0) | lo) << shift;
            cuzk_gpu_fr w;
            if (t != 0) {
                if (TWS && r > 0)
                    tws_read(&w, slots, (1u << r) - 2 + a);
                else
                    w = tw[t];
            }
            CUZK_GPU_UNROLL
            for (int b = 0; b < (1 << (R - 1 - r)); b++) {
                const int i0 = (b << (r + 1)) | a, i1 = i0 | (1 << r);
                cuzk_gpu_fr v;
                if (t == 0)
                    v = x[i1];
                else
                    cuzk_gpu_fr_mul(&v, &x[i1], &w);
                cuzk_gpu_fr_sub(&x[i1], &x[i0], &v);
                cuzk_gpu_fr_add(&x[i0], &x[i0], &v);
            }
        }
    }
}

template <int R, bool TWS>
static __device__ __forceinline__ void tws_round(uint32_t *sm, const ntt_where &wh, const cuzk_gpu_fr *__restrict__ tw,
                                                 unsigned log_m, unsigned sp, const cuzk_gpu_fr *src, cuzk_gpu_fr *dst)
{
    constexpr unsigned E = 1u << NTT_LOG_E;
    uint4 *slots = (uint4 *)(sm + 8 * E);
    const unsigned groups = E >> R;
    for (unsigned q = threadIdx.x; q < groups; q += blockDim.x) {
        unsigned c, jl, high;
        group_coords<R>(q, wh.log_cols, sp, &c, &jl, &high);
        const size_t lo = (wh.col0 + c) & wh.lo_mask;
        if (TWS) {
            CUZK_GPU_UNROLL
            for (int r = 1; r < R; r++) {
                const unsigned shift = log_m - 1 - wh.s0 - sp - (unsigned)r;
                CUZK_GPU_UNROLL
                for (int a = 0; a < (1 << r); a++)
                    tws_copy(slots, (1u << r) - 2 + a, tw + ((((((size_t)a << sp) | jl) << wh.s0) | lo) << shift));
            }
            asm volatile("cp.async.commit_group;" ::: "memory");
        }
        cuzk_gpu_fr x[1 << R];
        CUZK_GPU_UNROLL
        for (int i = 0; i < (1 << R); i++) {
            unsigned u = (high << (sp + R)) | ((unsigned)i << sp) | jl;
            if (src) {
                x[i] = src[wh.src_of(u, c)];
            } else {
                unsigned e = wh.e_of(u, c);
                CUZK_GPU_UNROLL
                for (int l = 0; l < 8; l++)
                    x[i].l[l] = sm[l * E + e];
            }
        }
        tws_group<R, TWS>(x, tw, log_m, wh.s0, sp, jl, lo, slots);
        CUZK_GPU_UNROLL
        for (int i = 0; i < (1 << R); i++) {
            unsigned u = (high << (sp + R)) | ((unsigned)i << sp) | jl;
            if (dst) {
                dst[wh.dst_of(u, c)] = x[i];
            } else {
                unsigned e = wh.e_of(u, c);
                CUZK_GPU_UNROLL
                for (int l = 0; l < 8; l++)
                    sm[l * E + e] = x[i].l[l];
            }
        }
    }
}

// full blocks only (E = 2^11, 256 threads); dynamic smem 64 KB + 48 KB
static __global__ void __launch_bounds__(NTT_THREADS, 2)
tws_pass_kernel(const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                unsigned s0, unsigned k, unsigned log_cols, bool gather)
{
    extern __shared__ uint32_t sm[];
    ntt_where wh;
    wh.log_cols = log_cols;
    wh.k = k;
    wh.s0 = s0;
    wh.rest = log_m - k;
    wh.lo_mask = ((size_t)1 << s0) - 1;
    wh.gather = gather;
    wh.col0 = gather ? 0 : (size_t)blockIdx.x << log_cols;
    unsigned sp = 0;
    while (sp < k) {
        const unsigned left = k - sp;
        const int R = left >= 3 ? 3 : (int)left;
        const bool first = sp == 0, last = sp + (unsigned)R == k;
        const cuzk_gpu_fr *g_src = first ? src : NULL;
        cuzk_gpu_fr *g_dst = last ? dst : NULL;
        if (R == 3)
            tws_round<3, true>(sm, wh, tw, log_m, sp, g_src, g_dst);
        else if (R == 2)
            tws_round<2, false>(sm, wh, tw, log_m, sp, g_src, g_dst);
        else
            tws_round<1, false>(sm, wh, tw, log_m, sp, g_src, g_dst);
        sp += (unsigned)R;
        if (!last)
            __syncthreads();
    }
}

static __global__ void diff_kernel(const cuzk_gpu_fr *a, const cuzk_gpu_fr *b, size_t n, unsigned long long *cnt)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    unsigned long long c = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        for (int l = 0; l < 8; l++)
            if (a[i].l[l] != b[i].l[l]) {
                c++;
                break;
            }
    if (c)
        atomicAdd(cnt, c);
}

typedef void (*pass_kernel_t)(const cuzk_gpu_fr *, cuzk_gpu_fr *, const cuzk_gpu_fr *, unsigned, unsigned, unsigned,
                              unsigned, bool);

#define CK(x)                                                                                                     \
    do {                                                                                                          \
        cudaError_t e_ = (x);                                                                                     \
        if (e_ != cudaSuccess) {                                                                                  \
            fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));                            \
            exit(1);                                                                                              \
        }                                                                                                         \
    } while (0)

// Runs the passes of fft_queue with kernel kern; times each pass with events.
static void run(cuzk_gpu_domain *d, cuzk_gpu_fr *x, pass_kernel_t kern, bool balanced, unsigned threads_override, size_t smem_override, double *pass_ms,
                double *total_ms)
{
    cuzk_gpu_ctx *ctx = d->ctx;
    const unsigned L = d->log_m;
    ntt_plan pl;
    ntt_plan_make(L, balanced, &pl);
    const unsigned first = pl.first, passes = pl.passes - 1;
    unsigned threads = (1u << first) / 2 < NTT_THREADS ? (1u << first) / 2 : NTT_THREADS;
    if (threads_override)
        threads = threads_override;
    const size_t blocks = d->m >> first, smem = smem_override ? smem_override : sizeof(cuzk_gpu_fr) << first;
    cudaEvent_t ev[8];
    for (unsigned i = 0; i <= passes + 1; i++)
        CK(cudaEventCreate(&ev[i]));
    unsigned s0 = 0;
    CK(cudaEventRecord(ev[0], ctx->stream));
    for (unsigned p = 0; p <= passes; p++) {
        unsigned k = pl.k[p];
        const cuzk_gpu_fr *src = p == 0 ? x : d->scratch;
        cuzk_gpu_fr *dst = p == passes ? x : d->scratch;
        kern<<<(unsigned)blocks, threads, smem, ctx->stream>>>(src, dst, d->tw, L, s0, k, first - k, p == 0);
        CK(cudaGetLastError());
        CK(cudaEventRecord(ev[p + 1], ctx->stream));
        s0 += k;
    }
    CK(cudaStreamSynchronize(ctx->stream));
    float ms;
    for (unsigned p = 0; p <= passes; p++) {
        CK(cudaEventElapsedTime(&ms, ev[p], ev[p + 1]));
        pass_ms[p] = ms;
    }
    CK(cudaEventElapsedTime(&ms, ev[0], ev[passes + 1]));
    *total_ms = ms;
    for (unsigned i = 0; i <= passes + 1; i++)
        CK(cudaEventDestroy(ev[i]));
}

struct variant {
    const char *name;
    pass_kernel_t k;
    bool balanced, check;
    unsigned threads;
    size_t smem;
};

int main(int argc, char **argv)
{
    unsigned L = argc > 1 ? (unsigned)atoi(argv[1]) : 27;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    const char *only = argc > 3 ? argv[3] : NULL;
    cuzk_err err;
    cuzk_gpu_ctx *ctx;
    cuzk_gpu_domain *d;
    if (cuzk_gpu_ctx_create(&ctx, 0, &err) || cuzk_gpu_domain_create(ctx, &d, (size_t)1 << L, &err)) {
        fprintf(stderr, "setup: %s\n", err.msg);
        return 1;
    }
    size_t m = d->m;
    cuzk_gpu_fr *x0, *x, *ref;
    unsigned long long *cnt;
    CK(cudaMalloc(&x0, m * 32));
    CK(cudaMalloc(&x, m * 32));
    CK(cudaMalloc(&ref, m * 32));
    CK(cudaMalloc(&cnt, 8));
    if (cuzk_gpu_fill_fr(ctx, (cuzk_fr *)x0, m, 0x7e57, &err)) {
        fprintf(stderr, "fill: %s\n", err.msg);
        return 1;
    }
    const size_t tws_smem = (32u << NTT_LOG_E) + 6 * 2 * NTT_THREADS * 16;
    variant vs[] = {
        { "split_11_8_8", ntt_pass_r_kernel<true>, false, true },
        { "default_999", ntt_pass_r_kernel<true>, true, true },
        { "notfull_999", ntt_pass_r_kernel<false>, true, true },
        { "radix2", ntt_pass_kernel, false, true },
        { "tws_999", tws_pass_kernel, true, true, 0, tws_smem },
        { "tws_11_8_8", tws_pass_kernel, false, true, 0, tws_smem },
        { "lab_r3", lab_pass_kernel<0, 3, 2, 0>, true, true },
        { "lab_r3_nobranch", lab_pass_kernel<4, 3, 2, 0>, true, true },
        { "lab_addnotmul", lab_pass_kernel<1, 3, 2, 0>, true, false },
        { "lab_consttw", lab_pass_kernel<2, 3, 2, 0>, true, false },
        { "lab_nocompute", lab_pass_kernel<3, 3, 2, 0>, true, false },
    };
    for (auto &v : vs)
        CK(cudaFuncSetAttribute(v.k, cudaFuncAttributeMaxDynamicSharedMemorySize, v.smem ? (int)v.smem : 32 << NTT_LOG_E));
    for (auto &v : vs) {
        if (v.k == ntt_pass_kernel)
            continue;
        cudaFuncAttributes fa;
        CK(cudaFuncGetAttributes(&fa, v.k));
        printf("# %-20s regs %d local %zu B\n", v.name, fa.numRegs, fa.localSizeBytes);
    }
    double pm[8], tot;
    // reference
    CK(cudaMemcpy(ref, x0, m * 32, cudaMemcpyDeviceToDevice));
    run(d, ref, ntt_pass_r_kernel<true>, false, 0, 0, pm, &tot);
    for (auto &v : vs) {
        if (only && !strstr(v.name, only))
            continue;
        std::vector<double> P[4], T;
        for (int r = -1; r < runs; r++) {
            CK(cudaMemcpy(x, x0, m * 32, cudaMemcpyDeviceToDevice));
            run(d, x, v.k, v.balanced, v.threads, v.smem, pm, &tot);
            if (r < 0)
                continue;
            for (int p = 0; p < 4; p++)
                P[p].push_back(pm[p]);
            T.push_back(tot);
        }
        const char *ok = "-";
        if (v.check) {
            CK(cudaMemset(cnt, 0, 8));
            diff_kernel<<<1024, 256, 0, ctx->stream>>>(x, ref, m, cnt);
            unsigned long long c;
            CK(cudaMemcpy(&c, cnt, 8, cudaMemcpyDeviceToHost));
            ok = c ? "DIFFERS" : "same";
        }
        ntt_plan pl;
        ntt_plan_make(L, v.balanced, &pl);
        const unsigned passes = pl.passes - 1;
        printf("2^%u %-20s total %7.3f ms (min %7.3f) passes", L, v.name,
               (std::sort(T.begin(), T.end()), T[T.size() / 2]), T[0]);
        for (unsigned p = 0; p <= passes; p++) {
            std::sort(P[p].begin(), P[p].end());
            printf(" %7.3f", P[p][P[p].size() / 2]);
        }
        printf("  [%s]\n", ok);
        fflush(stdout);
    }
    cudaFree(x0);
    cudaFree(x);
    cudaFree(ref);
    cudaFree(cnt);
    cuzk_gpu_domain_free(d);
    cuzk_gpu_ctx_free(ctx);
    return 0;
}
