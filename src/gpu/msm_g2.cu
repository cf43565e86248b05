// The G2 MSM on the device: msm_impl.cuh's plan over G2 (its own
// translation unit: the Fp2 kernels are the slowest part of the build).
#include "g2.cuh"
#include "msm_impl.cuh"

// ---- The bucket accumulation on thread pairs ----
//
// msm_kernels.cuh's accumulate_kernel over Fp2 holds a whole XYZZ point
// (96 limbs) and the Fp2 temporaries in one thread: 255 registers, spills,
// and each Fp2 product three dependent Fp products. Here two adjacent
// threads share a chunk: thread h holds component c_h of every Fp2 value
// (an Fp2 add or sub is one Fp add or sub on each), and an Fp2 product is
// one sum of two products on each (fp2.cuh: cuzk_gpu_fp2_half_mul), the
// partner's half fetched by a shuffle. Both threads of a pair see the same
// keys, so they take the same branches; zero tests combine both halves.

#define G2_ACC_THREADS 128

// This thread's half of an XYZZ point.
typedef struct {
    cuzk_gpu_fp x, y, zz, zzz;
} g2_half;

static __device__ __forceinline__ unsigned pair_mask() { return 3u << ((threadIdx.x & 31) & ~1u); }

static __device__ __forceinline__ void half_other(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    const unsigned mask = pair_mask();
    CUZK_GPU_UNROLL
    for (int k = 0; k < CUZK_GPU_FP_LIMBS; k++)
        r->l[k] = __shfl_xor_sync(mask, a->l[k], 1);
}

// True when both halves are zero.
static __device__ __forceinline__ bool half_is_zero(const cuzk_gpu_fp *a)
{
    uint32_t z = cuzk_gpu_fp_is_zero(a);
    return (z & __shfl_xor_sync(pair_mask(), z, 1)) != 0;
}

template <bool KARA = false>
static __device__ __forceinline__ void half_mul(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b,
                                                uint32_t h)
{
    cuzk_gpu_fp ao, bo;
    half_other(&ao, a);
    half_other(&bo, b);
    cuzk_gpu_fp2_half_mul<KARA>(r, a, b, &ao, &bo, h);
}

template <bool KARA = false>
static __device__ __forceinline__ void half_sqr(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, uint32_t h)
{
    cuzk_gpu_fp ao;
    half_other(&ao, a);
    cuzk_gpu_fp2_half_sqr<KARA>(r, a, &ao, h);
}

// 1 in Fp2: one on c0's thread, zero on c1's.
static __device__ __forceinline__ void half_one(cuzk_gpu_fp *r, uint32_t h)
{
    if (h)
        cuzk_gpu_fp_set_zero(r);
    else
        cuzk_gpu_fp_set_one(r);
}

static __device__ __forceinline__ void half_set_inf(g2_half *p)
{
    cuzk_gpu_fp_set_zero(&p->x);
    cuzk_gpu_fp_set_zero(&p->y);
    cuzk_gpu_fp_set_zero(&p->zz);
    cuzk_gpu_fp_set_zero(&p->zzz);
}

// p = 2a (a affine, not infinity): mdbl-2008-s-1, as xyzz.cuh.
static __device__ __forceinline__ void half_dbl_affine(g2_half *p, const cuzk_gpu_fp *ax, const cuzk_gpu_fp *ay,
                                                       uint32_t h)
{
    cuzk_gpu_fp u, v, w, s, m, t;
    cuzk_gpu_fp_dbl(&u, ay);
    half_sqr(&v, &u, h);
    half_mul(&w, &u, &v, h);
    half_mul(&s, ax, &v, h);
    half_sqr(&t, ax, h);
    cuzk_gpu_fp_dbl(&m, &t);
    cuzk_gpu_fp_add(&m, &m, &t);
    half_sqr(&p->x, &m, h);
    cuzk_gpu_fp_dbl(&t, &s);
    cuzk_gpu_fp_sub(&p->x, &p->x, &t);
    cuzk_gpu_fp_sub(&t, &s, &p->x);
    half_mul(&t, &m, &t, h);
    half_mul(&u, &w, ay, h);
    cuzk_gpu_fp_sub(&p->y, &t, &u);
    p->zz = v;
    p->zzz = w;
}

// The accumulation's mixed addition (G2_ALG): G2_ALG_TWO_MUL computes Y3
// from two Fp2 products (Y1 PPP and R (Q - X3), two reductions);
// G2_ALG_MUL_SUB takes Y3 = R (Q - X3) - Y1 PPP as one sum of four products
// per thread with ONE reduction (fp2.cuh cuzk_gpu_fp2_half_mul_sub: 3888
// wide multiplies a thread per addition instead of 4032); G2_ALG_REUSE
// fetches the partner's half of PP, PPP and R once for the products that
// share it (13 twelve-limb shuffles an addition instead of 18);
// G2_ALG_KARA makes every sum of
// products of the addition by Karatsuba (fp2.cuh: 360 wide multiplies per
// Fp2 product half instead of 432).
#define G2_ALG_TWO_MUL 0
#define G2_ALG_MUL_SUB 1
#define G2_ALG_REUSE 2
#define G2_ALG_KARA 4

// p += a (affine, infinity allowed): madd-2008-s with the equal and opposite
// cases, as xyzz.cuh's cuzk_gpu_xyzz_add_affine.
template <int ALG>
static __device__ __forceinline__ void half_add_affine(g2_half *p, const cuzk_gpu_fp *ax, const cuzk_gpu_fp *ay,
                                                       uint32_t h)
{
    constexpr bool K = (ALG & G2_ALG_KARA) != 0;
    cuzk_gpu_fp pp, r, t, ppp, q;
    {
        uint32_t z = cuzk_gpu_fp_is_zero(ax) & cuzk_gpu_fp_is_zero(ay);
        if (z & __shfl_xor_sync(pair_mask(), z, 1))
            return;
    }
    if (half_is_zero(&p->zz)) {
        p->x = *ax;
        p->y = *ay;
        half_one(&p->zz, h);
        half_one(&p->zzz, h);
        return;
    }
    half_mul<K>(&pp, ax, &p->zz, h);
    cuzk_gpu_fp_sub(&pp, &pp, &p->x);   // P = x2 ZZ1 - X1
    half_mul<K>(&r, ay, &p->zzz, h);
    cuzk_gpu_fp_sub(&r, &r, &p->y);     // R = y2 ZZZ1 - Y1
    if (half_is_zero(&pp)) {
        if (half_is_zero(&r))
            half_dbl_affine(p, ax, ay, h);
        else
            half_set_inf(p);
        return;
    }
    if (ALG == G2_ALG_TWO_MUL) {
        // ordered so that each temporary dies early (fewer live registers)
        half_sqr(&t, &pp, h);               // PP
        half_mul(&ppp, &pp, &t, h);         // PPP
        half_mul(&p->zz, &p->zz, &t, h);    // ZZ3 = ZZ1 PP
        half_mul(&q, &p->x, &t, h);         // Q = X1 PP
        half_mul(&p->zzz, &p->zzz, &ppp, h); // ZZZ3 = ZZZ1 PPP
        half_sqr(&p->x, &r, h);
        cuzk_gpu_fp_sub(&p->x, &p->x, &ppp);
        half_mul(&p->y, &p->y, &ppp, h);    // Y1 PPP
        cuzk_gpu_fp_dbl(&t, &q);
        cuzk_gpu_fp_sub(&p->x, &p->x, &t);  // X3 = R^2 - PPP - 2Q
        cuzk_gpu_fp_sub(&t, &q, &p->x);
        half_mul(&t, &r, &t, h);
        cuzk_gpu_fp_sub(&p->y, &t, &p->y);  // Y3 = R (Q - X3) - Y1 PPP
        return;
    }
    cuzk_gpu_fp o1, o2; // partners' halves
    if (ALG & G2_ALG_REUSE) {
        half_other(&o1, &pp);
        cuzk_gpu_fp2_half_sqr<K>(&t, &pp, &o1, h);                  // PP
        half_other(&o2, &t);
        cuzk_gpu_fp2_half_mul<K>(&ppp, &pp, &t, &o1, &o2, h);       // PPP
        half_other(&o1, &p->zz);
        cuzk_gpu_fp2_half_mul<K>(&p->zz, &p->zz, &t, &o1, &o2, h);  // ZZ3 = ZZ1 PP
        half_other(&o1, &p->x);
        cuzk_gpu_fp2_half_mul<K>(&q, &p->x, &t, &o1, &o2, h);       // Q = X1 PP
        half_other(&o2, &ppp);                                   // kept for Y3
        half_other(&o1, &p->zzz);
        cuzk_gpu_fp2_half_mul<K>(&p->zzz, &p->zzz, &ppp, &o1, &o2, h); // ZZZ3 = ZZZ1 PPP
        half_other(&o1, &r);                                     // kept for Y3
        cuzk_gpu_fp2_half_sqr<K>(&p->x, &r, &o1, h);
    } else {
        half_sqr<K>(&t, &pp, h);               // PP
        half_mul<K>(&ppp, &pp, &t, h);         // PPP
        half_mul<K>(&p->zz, &p->zz, &t, h);    // ZZ3 = ZZ1 PP
        half_mul<K>(&q, &p->x, &t, h);         // Q = X1 PP
        half_mul<K>(&p->zzz, &p->zzz, &ppp, h); // ZZZ3 = ZZZ1 PPP
        half_sqr<K>(&p->x, &r, h);
        half_other(&o1, &r);
        half_other(&o2, &ppp);
    }
    cuzk_gpu_fp_sub(&p->x, &p->x, &ppp);
    cuzk_gpu_fp_dbl(&t, &q);
    cuzk_gpu_fp_sub(&p->x, &p->x, &t);      // X3 = R^2 - PPP - 2Q
    cuzk_gpu_fp_sub(&t, &q, &p->x);         // Q - X3
    half_other(&q, &t);
    half_other(&pp, &p->y);
    cuzk_gpu_fp2_half_mul_sub<K>(&p->y, &r, &t, &o1, &q, &p->y, &ppp, &pp, &o2, h); // Y3 = R (Q - X3) - Y1 PPP
}

static __device__ __forceinline__ void half_store(cuzk_gpu_g2_xyzz *dst, const g2_half *p, uint32_t h)
{
    cuzk_gpu_fp *d = (cuzk_gpu_fp *)dst;
    d[h] = p->x;
    d[2 + h] = p->y;
    d[4 + h] = p->zz;
    d[6 + h] = p->zzz;
}

// How the pair kernel gets the next point while it adds the current one:
// held in registers (24 more a thread, live across the whole addition), or
// a cache prefetch of it (L1 or L2) and the load at the start of its turn.
#define G2_PF_REGS 0
#define G2_PF_L1 1
#define G2_PF_L2 2

template <int PF>
static __device__ __forceinline__ void g2_prefetch(const void *p)
{
    if (PF == G2_PF_L1)
        asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
    else if (PF == G2_PF_L2)
        asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

// This thread's halves of base i: x.c_h and y.c_h (cuzk_gpu_g2_affine is
// x.c0, x.c1, y.c0, y.c1).
template <int PF>
static __device__ __forceinline__ void g2_prefetch_base(const cuzk_gpu_g2_affine *bases, uint32_t i, uint32_t h)
{
    const cuzk_gpu_fp *bp = (const cuzk_gpu_fp *)&bases[i];
    g2_prefetch<PF>(&bp[h]);
    g2_prefetch<PF>((const char *)&bp[h + 1] - 1);
    g2_prefetch<PF>(&bp[2 + h]);
    g2_prefetch<PF>((const char *)&bp[3 + h] - 1);
}

// accumulate_kernel's contract (msm_kernels.cuh) with pair t = thread / 2
// doing chunk t: sorted entries [t K, t K + K).
template <int MINB, int PF, int ALG>
static __global__ void __launch_bounds__(G2_ACC_THREADS, MINB)
g2_accumulate_pairs(const cuzk_gpu_g2_affine *__restrict__ bases, const uint32_t *__restrict__ keys,
                    const uint32_t *__restrict__ vals, size_t n, uint32_t K, cuzk_gpu_g2_xyzz *buckets,
                    cuzk_gpu_g2_xyzz *head, cuzk_gpu_g2_xyzz *tail)
{
    const size_t t = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) >> 1;
    const uint32_t h = threadIdx.x & 1;
    const size_t p0 = t * K;
    if (p0 >= n)
        return; // both threads of the pair
    const size_t p1 = p0 + K < n ? p0 + K : n;
    const uint32_t before = p0 ? keys[p0 - 1] & 0x7fffffffu : 0xffffffffu;
    const uint32_t after = p1 < n ? keys[p1] & 0x7fffffffu : 0xffffffffu;
    g2_half acc;
    half_set_inf(&acc);
    uint32_t key = keys[p0], cur = key & 0x7fffffffu, vi = vals[p0];
    cuzk_gpu_fp nx, ny;
    if (PF == G2_PF_REGS) {
        const cuzk_gpu_fp *bp = (const cuzk_gpu_fp *)&bases[vi];
        nx = bp[h];
        ny = bp[2 + h];
    }
    size_t run0 = p0;
    for (size_t p = p0; p < p1; p++) {
        cuzk_gpu_fp ax, ay;
        uint32_t k = key;
        if (PF == G2_PF_REGS) {
            ax = nx;
            ay = ny;
            if (p + 1 < p1) {
                key = keys[p + 1];
                const cuzk_gpu_fp *bp = (const cuzk_gpu_fp *)&bases[vals[p + 1]];
                nx = bp[h];
                ny = bp[2 + h];
            }
        } else {
            const cuzk_gpu_fp *bp = (const cuzk_gpu_fp *)&bases[vi];
            ax = bp[h];
            ay = bp[2 + h];
            if (p + 1 < p1) {
                key = keys[p + 1];
                vi = vals[p + 1];
                g2_prefetch_base<PF>(bases, vi, h);
            }
        }
        uint32_t mag = k & 0x7fffffffu;
        if (mag != cur) {
            if (cur) {
                if (run0 == p0 && before == cur)
                    half_store(&head[t], &acc, h);
                else
                    half_store(&buckets[cur - 1], &acc, h);
            }
            half_set_inf(&acc);
            cur = mag;
            run0 = p;
        }
        if (mag) {
            if (k >> 31)
                cuzk_gpu_fp_neg(&ay, &ay);
            half_add_affine<ALG>(&acc, &ax, &ay, h);
        }
    }
    if (cur) {
        if (run0 == p0 && before == cur)
            half_store(&head[t], &acc, h);
        else if (after == cur)
            half_store(&tail[t], &acc, h);
        else
            half_store(&buckets[cur - 1], &acc, h);
    }
}

// The pair kernel: the default and variants kept for comparison
// (cuzk_gpu_msm_tuning.variant). MINB: blocks per SM asked of ptxas. Default: 2 blocks
// of 128 threads (255 registers, 32 B of stack, 8 warps an SM), Y3 as one
// sum of four products, the partner halves reused; it is the fastest of
// them (docs/history/gpu-2026.md). Variants: 2, 3 blocks (168 registers) with two
// products for Y3; 3, the default's addition at 3 blocks (168 registers,
// 80 B of spills); 7, two products for Y3 at 2 blocks; 9, the default with
// the Karatsuba sums (fp2.cuh).
#define G2_ACC_DEFAULT_MINB 2
#define G2_ACC_DEFAULT_ALG (G2_ALG_MUL_SUB | G2_ALG_REUSE)
#define G2_ACC_VARIANT(OCC, PF, MINB, ALG)                                                                     \
    case OCC:                                                                                                  \
        g2_accumulate_pairs<MINB, PF, ALG><<<nblk, G2_ACC_THREADS, 0, st>>>(bases, keys, vals, n, K, b, hd, tl); \
        return;

// msm_impl.cuh's launch_accumulate for G2: the pair kernel, two threads a
// chunk (the blocks it was given count one thread a chunk).
template <>
void launch_accumulate<cuzk_gpu_g2_curve>(cuzk_gpu_msm *m, unsigned blocks, const cuzk_gpu_g2_affine *bases,
                                          const uint32_t *keys, const uint32_t *vals, size_t n, uint32_t K)
{
    (void)blocks;
    const size_t threads = 2 * ((n + K - 1) / K);
    cuzk_gpu_g2_xyzz *b = (cuzk_gpu_g2_xyzz *)m->buckets, *hd = (cuzk_gpu_g2_xyzz *)m->ends[0],
                     *tl = (cuzk_gpu_g2_xyzz *)m->ends[1];
    const unsigned nblk = (unsigned)((threads + G2_ACC_THREADS - 1) / G2_ACC_THREADS);
    cudaStream_t st = m->ctx->stream;
    switch (m->tune_occ) {
        G2_ACC_VARIANT(2, G2_PF_L1, 3, G2_ALG_TWO_MUL)
        G2_ACC_VARIANT(3, G2_PF_L1, 3, G2_ACC_DEFAULT_ALG)
        G2_ACC_VARIANT(7, G2_PF_L1, 2, G2_ALG_TWO_MUL)
        G2_ACC_VARIANT(9, G2_PF_L1, 2, G2_ACC_DEFAULT_ALG | G2_ALG_KARA)
    default:
        g2_accumulate_pairs<G2_ACC_DEFAULT_MINB, G2_PF_L1, G2_ACC_DEFAULT_ALG>
            <<<nblk, G2_ACC_THREADS, 0, st>>>(bases, keys, vals, n, K, b, hd, tl);
        return;
    }
}

// ---- The bucket reduction on thread pairs ----

// This thread's half of the XYZZ point at src (the layout half_store writes).
static __device__ __forceinline__ void half_load(g2_half *p, const cuzk_gpu_g2_xyzz *src, uint32_t h)
{
    const cuzk_gpu_fp *s = (const cuzk_gpu_fp *)src;
    p->x = s[h];
    p->y = s[2 + h];
    p->zz = s[4 + h];
    p->zzz = s[6 + h];
}

// A pair's halves as a field policy for xyzz.cuh's formulas: E is this
// thread's component of an Fp2 value; additions work per component,
// products and squares go through the partner (half_mul, half_sqr), and the
// zero test combines both halves, so both threads take the same branches.
// Device only (the shuffles), like the kernels that use it.
struct g2_pair_ops {
    typedef cuzk_gpu_fp E;
    static __device__ __forceinline__ void add(E *r, const E *a, const E *b) { cuzk_gpu_fp_add(r, a, b); }
    static __device__ __forceinline__ void sub(E *r, const E *a, const E *b) { cuzk_gpu_fp_sub(r, a, b); }
    static __device__ __forceinline__ void dbl(E *r, const E *a) { cuzk_gpu_fp_dbl(r, a); }
    static __device__ __forceinline__ void mul(E *r, const E *a, const E *b) { half_mul(r, a, b, threadIdx.x & 1); }
    static __device__ __forceinline__ void sqr(E *r, const E *a) { half_sqr(r, a, threadIdx.x & 1); }
    static __device__ __forceinline__ void neg(E *r, const E *a) { cuzk_gpu_fp_neg(r, a); }
    static __device__ __forceinline__ void set_zero(E *r) { cuzk_gpu_fp_set_zero(r); }
    static __device__ __forceinline__ void set_one(E *r) { half_one(r, threadIdx.x & 1); }
    static __device__ __forceinline__ bool is_zero(const E *a) { return half_is_zero(a); }
};

// xyzz.cuh's doubling on a pair's halves, out of line: inlined into the
// reduction kernel's additions it cost 255 registers and 1700 B of spills,
// out of line 244 and none.
static __device__ __noinline__ void half_dbl(g2_half *p) { cuzk_gpu_xyzz_dbl<g2_pair_ops>(p); }

struct g2_dbl_out_of_line {
    template <class F, class P>
    static __device__ __forceinline__ void run(P *p)
    {
        half_dbl(p);
    }
};

// p += b (both XYZZ) on a pair's halves: xyzz.cuh's add-2008-s.
static __device__ __forceinline__ void half_add(g2_half *p, const g2_half *b)
{
    cuzk_gpu_xyzz_add<g2_pair_ops, g2_half, g2_dbl_out_of_line>(p, b);
}

// msm_kernels.cuh's running_kernel with pair t = thread / 2 on segment t.
static __global__ void __launch_bounds__(MSM_THREADS)
g2_running_pairs(const cuzk_gpu_g2_xyzz *__restrict__ in, size_t in_stride, uint32_t n, uint32_t L,
                 cuzk_gpu_g2_xyzz *A, cuzk_gpu_g2_xyzz *R, size_t out_stride)
{
    const uint32_t t = (blockIdx.x * blockDim.x + threadIdx.x) >> 1, h = threadIdx.x & 1;
    if (t >= (n + L - 1) / L)
        return; // both threads of the pair
    const cuzk_gpu_g2_xyzz *p = in + blockIdx.y * in_stride + (size_t)t * L;
    const uint32_t len = n - t * L < L ? n - t * L : L;
    g2_half run, acc, b;
    half_set_inf(&run);
    half_set_inf(&acc);
    for (uint32_t i = len; i-- > 0;) {
        half_add(&acc, &run);
        half_load(&b, &p[i], h);
        half_add(&run, &b);
    }
    half_store(&A[blockIdx.y * out_stride + t], &acc, h);
    half_store(&R[blockIdx.y * out_stride + t], &run, h);
}

#ifndef CUZK_GPU_G2_RUNNING_SINGLE
// msm_impl.cuh's launch_running for G2: the pair kernel, two threads a segment.
template <>
void launch_running<cuzk_gpu_g2_curve>(cuzk_gpu_msm *m, unsigned G, const cuzk_gpu_g2_xyzz *in, size_t in_stride,
                                       uint32_t n, uint32_t L, cuzk_gpu_g2_xyzz *A, cuzk_gpu_g2_xyzz *R, uint32_t T)
{
    const size_t threads = 2 * (size_t)T;
    g2_running_pairs<<<dim3((unsigned)((threads + MSM_THREADS - 1) / MSM_THREADS), G), MSM_THREADS, 0,
                       m->ctx->stream>>>(in, in_stride, n, L, A, R, T);
}
#endif

// XYZZ -> Jacobian over Fp2 without an inversion (as cuzk_gpu_g1_xyzz_to_proj):
// Z = ZZ ZZZ, X = X ZZ ZZZ^2, Y = Y ZZ^3 ZZZ^2; ZZ = 0 gives Z = 0.
static void g2_xyzz_to_proj(cuzk_g2_proj *r, const void *xyzz)
{
    cuzk_fp2 x, y, zz, zzz, t, zzz2;
    memcpy(&x, (const char *)xyzz, sizeof x);
    memcpy(&y, (const char *)xyzz + 96, sizeof y);
    memcpy(&zz, (const char *)xyzz + 192, sizeof zz);
    memcpy(&zzz, (const char *)xyzz + 288, sizeof zzz);
    cuzk_fp2_sqr(&zzz2, &zzz);
    cuzk_fp2_mul(&r->z, &zz, &zzz);
    cuzk_fp2_mul(&t, &zz, &zzz2);
    cuzk_fp2_mul(&r->x, &x, &t);
    cuzk_fp2_sqr(&t, &zz);
    cuzk_fp2_mul(&t, &t, &zz);
    cuzk_fp2_mul(&t, &t, &zzz2);
    cuzk_fp2_mul(&r->y, &y, &t);
}

// The device side and the CPU group law of G2 (see g1_host in msm.cu).
struct g2_host {
    typedef cuzk_gpu_g2_curve C;
    typedef cuzk_g2_proj proj;
    static void inf(proj *r) { cuzk_g2_proj_infinity(r); }
    static void dbl(proj *r) { cuzk_g2_proj_dbl(r, r); }
    static void add(proj *r, const proj *a) { cuzk_g2_proj_add(r, r, a); }
    static void from_xyzz(proj *r, const void *p) { g2_xyzz_to_proj(r, p); }
};

extern "C" int cuzk_gpu_g2_msm(cuzk_gpu_msm *m, cuzk_g2_proj *out, const cuzk_g2_affine *d_bases,
                               const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    return msm_any<g2_host>(m, out, d_bases, d_scalars, n, err);
}

static_assert(sizeof(cuzk_gpu_g2_xyzz) <= MSM_POINT_MAX, "MSM_POINT_MAX");

// The pair product and square on the host, both halves in turn (the test's
// check of fp2.cuh's half products against cuzk_fp2_mul / cuzk_fp2_sqr).
extern "C" int cuzk_gpu_fp2_pair_eval_host(cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b, size_t n,
                                           cuzk_err *err)
{
    if (n && (!out || !a))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fp2 pair eval: NULL pointer");
    for (size_t i = 0; i < n; i++) {
        cuzk_gpu_fp x[2], y[2], r[2]; // copies: the host arrays need not be 16-byte aligned
        memcpy(x, &a[i], sizeof x);
        memcpy(y, b ? &b[i] : &a[i], sizeof y);
        for (uint32_t h = 0; h < 2; h++) {
            if (b)
                cuzk_gpu_fp2_half_mul(&r[h], &x[h], &y[h], &x[1 - h], &y[1 - h], h);
            else
                cuzk_gpu_fp2_half_sqr(&r[h], &x[h], &x[1 - h], h);
        }
        memcpy(&out[i], r, sizeof r);
    }
    return 0;
}

// The pair's sums in a chosen form on the host, both halves in turn: a b -
// c d (cuzk_gpu_fp2_half_mul_sub, G2's Y3) when c and d are given, else a b
// or a^2 (b NULL); form CUZK_GPU_FP2_FORM_KARA takes the Karatsuba sums.
template <bool KARA>
static void pair_form_eval(cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b, const cuzk_fp2 *c,
                           const cuzk_fp2 *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cuzk_gpu_fp x[2], y[2], u[2], v[2], r[2];
        memcpy(x, &a[i], sizeof x);
        memcpy(y, b ? &b[i] : &a[i], sizeof y);
        if (c) {
            memcpy(u, &c[i], sizeof u);
            memcpy(v, &d[i], sizeof v);
        }
        for (uint32_t h = 0; h < 2; h++) {
            if (c)
                cuzk_gpu_fp2_half_mul_sub<KARA>(&r[h], &x[h], &y[h], &x[1 - h], &y[1 - h], &u[h], &v[h], &u[1 - h],
                                                &v[1 - h], h);
            else if (b)
                cuzk_gpu_fp2_half_mul<KARA>(&r[h], &x[h], &y[h], &x[1 - h], &y[1 - h], h);
            else
                cuzk_gpu_fp2_half_sqr<KARA>(&r[h], &x[h], &x[1 - h], h);
        }
        memcpy(&out[i], r, sizeof r);
    }
}

extern "C" int cuzk_gpu_fp2_pair_form_eval_host(unsigned form, cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b,
                                                const cuzk_fp2 *c, const cuzk_fp2 *d, size_t n, cuzk_err *err)
{
    if (form & ~(unsigned)CUZK_GPU_FP2_FORM_KARA)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fp2 pair eval: unknown form %u", form);
    if (n && (!out || !a || (c && (!b || !d)) || (!c && d)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fp2 pair eval: NULL pointer");
    if (form & CUZK_GPU_FP2_FORM_KARA)
        pair_form_eval<true>(out, a, b, c, d, n);
    else
        pair_form_eval<false>(out, a, b, c, d, n);
    return 0;
}

static_assert(sizeof(cuzk_fp2) == 2 * sizeof(cuzk_gpu_fp), "device and host Fp2 differ");
