// The G1 and G2 MSMs on the device (one plan, msm_impl.cuh, and kernels,
// msm_kernels.cuh, that are templates on the curve; this file: the workspace
// and G1, msm_g2.cu: G2).
//
// 1. classify: each scalar (reduced mod r) is 0, 1 or "other"; the indices of
//    the 1s and of the others are compacted (CUB select).
// 2. the 1s: every thread adds its share of those bases into an XYZZ sum, a
//    block tree-sums them, rounds of block sums finish.
// 3. the others, Pippenger with signed c-bit digits in (-2^(c-1), 2^(c-1)]:
//    all digits are written once; then per window the (digit, index) pairs
//    are sorted by |digit| (CUB radix sort on c bits; the sign rides in the
//    key's top bit), so bucket b's entries are contiguous; each thread adds
//    a fixed-size chunk of them (mixed XYZZ additions; a bucket cut by chunk
//    ends is joined by a fix-up), and the buckets are reduced to
//    sum_b b * B_b by levels of short running sums (running_kernel), each
//    level a factor 16 smaller, and rounds of block sums.
// 4. the host combines the window sums (c doublings each) and the 1s.
// With a table of precomputed window multiples (cuzk_gpu_g1_pre, G1 only:
// rows 2^(c j) P for j < mult), step 3 sorts the digits of mult windows at a
// time together (entry of window j -> base j n + i), so one sort,
// accumulation, fix-up and reduction row serve mult windows.
// Bucket order inside a window does not matter: the group law is exact, so
// the result equals cuzk_g1_msm / cuzk_g2_msm bit for bit once normalised.
//
// Experiments only: cuzk_gpu_msm_create_tuned (src/gpu/gpu_lab_internal.h)
// fixes the window bits, the entries per accumulation thread or the
// accumulation kernel variant in place of the plan's choice.
#include "msm_impl.cuh"

#include <stdio.h>

static __global__ void iota_kernel(uint32_t *x, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        x[i] = (uint32_t)i;
}

// ---- memory --------------------------------------------------------------------------

static void msm_free_scalars(cuzk_gpu_msm *m)
{
    cuzk_gpu_ctx *ctx = m->ctx;
    cuzk_gpu_free(ctx, m->flags[0]);
    cuzk_gpu_free(ctx, m->flags[1]);
    cuzk_gpu_free(ctx, m->iota);
    cuzk_gpu_free(ctx, m->idx);
    cuzk_gpu_free(ctx, m->idx1);
    cuzk_gpu_free(ctx, m->vals[0]);
    cuzk_gpu_free(ctx, m->vals[1]);
    cuzk_gpu_free(ctx, m->keys_alt);
    cuzk_gpu_free(ctx, m->cub_tmp);
    m->flags[0] = m->flags[1] = NULL;
    m->iota = m->idx = m->idx1 = m->vals[0] = m->vals[1] = m->keys_alt = NULL;
    m->cub_tmp = NULL;
    m->cap_n = m->cap_sort = 0;
}

extern "C" void cuzk_gpu_msm_free(cuzk_gpu_msm *m)
{
    if (!m)
        return;
    cuzk_gpu_ctx *ctx = m->ctx;
    msm_free_scalars(m);
    cuzk_gpu_free(ctx, m->digits);
    cuzk_gpu_free(ctx, m->buckets);
    cuzk_gpu_free(ctx, m->bstart);
    cuzk_gpu_free(ctx, m->bend);
    cuzk_gpu_free(ctx, m->ends[0]);
    cuzk_gpu_free(ctx, m->ends[1]);
    cuzk_gpu_free(ctx, m->red);
    cuzk_gpu_free(ctx, m->rsum);
    cuzk_gpu_free(ctx, m->results);
    cuzk_gpu_free(ctx, m->counters);
    for (unsigned i = 0; i < MSM_EVENTS; i++)
        if (m->ev[i])
            cudaEventDestroy(m->ev[i]);
    free(m);
}

extern "C" int cuzk_gpu_msm_create(cuzk_gpu_ctx *ctx, cuzk_gpu_msm **out, cuzk_err *err)
{
    return cuzk_gpu_msm_create_tuned(ctx, NULL, out, err);
}

extern "C" int cuzk_gpu_msm_create_tuned(cuzk_gpu_ctx *ctx, const cuzk_gpu_msm_tuning *tuning, cuzk_gpu_msm **out,
                                         cuzk_err *err)
{
    int rc = 0;
    if (!ctx || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: NULL argument");
    *out = NULL;
    if (tuning && (tuning->window_bits == 1 || tuning->window_bits > MSM_MAX_C))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: window_bits %u is not 0 or 2..%u",
                            tuning->window_bits, (unsigned)MSM_MAX_C);
    if (tuning && tuning->chunk > 4096)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: chunk %u is above 4096", tuning->chunk);
    cuzk_gpu_msm *m = (cuzk_gpu_msm *)calloc(1, sizeof *m);
    if (!m)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu msm: allocation failed");
    m->ctx = ctx;
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&m->results, MSM_RESULTS * MSM_POINT_MAX, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->counters, 2 * sizeof(int), err)) != 0)
        goto fail;
    for (unsigned i = 0; i < MSM_EVENTS; i++)
        CUZK_CUDA_TRY(cudaEventCreate(&m->ev[i]), err, rc, fail);
    if (tuning) {
        m->tune_c = tuning->window_bits;
        m->tune_chunk = tuning->chunk;
        m->tune_occ = tuning->variant;
    }
    *out = m;
    return 0;
fail:
    cuzk_gpu_msm_free(m);
    return rc;
}

extern "C" void cuzk_gpu_msm_last_stats(const cuzk_gpu_msm *m, cuzk_gpu_msm_stats *st)
{
    if (m && st)
        *st = m->last;
}

// Grows the per-scalar arrays (and CUB's scratch) to n.
int msm_ensure_scalars(cuzk_gpu_msm *m, size_t n, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    if (n <= m->cap_n)
        return 0;
    msm_free_scalars(m);
    size_t b32 = n * sizeof(uint32_t);
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&m->flags[0], n, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->flags[1], n, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->iota, b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->idx, b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->idx1, b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->vals[0], b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->vals[1], b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->keys_alt, b32, err)) != 0)
        goto fail;
    {
        size_t sel = 0, sort = 0;
        cub::DoubleBuffer<uint32_t> dk(m->idx, m->keys_alt), dv(m->vals[0], m->vals[1]);
        CUZK_CUDA_TRY(cub::DeviceSelect::Flagged(NULL, sel, m->iota, m->flags[0], m->idx, m->counters, (int)n,
                                                 ctx->stream),
                      err, rc, fail);
        CUZK_CUDA_TRY(cub::DeviceRadixSort::SortPairs(NULL, sort, dk, dv, (int)n, 0, MSM_PRE_MAX_C, ctx->stream),
                      err, rc, fail);
        m->cub_tmp_bytes = sel > sort ? sel : sort;
        if ((rc = cuzk_gpu_alloc(ctx, &m->cub_tmp, m->cub_tmp_bytes, err)) != 0)
            goto fail;
    }
    iota_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(m->iota, n);
    CUZK_GPU_LAUNCHED(err, rc, fail);
    m->cap_n = m->cap_sort = n;
    return 0;
fail:
    msm_free_scalars(m);
    return rc;
}

// Grows the sort's arrays (vals[], keys_alt) and CUB's scratch to e
// entries (a round of several windows with a precomputed table); the
// per-scalar arrays stay as msm_ensure_scalars made them.
int msm_ensure_sort(cuzk_gpu_msm *m, size_t e, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    if (e <= m->cap_sort)
        return 0;
    cuzk_gpu_free(ctx, m->vals[0]);
    cuzk_gpu_free(ctx, m->vals[1]);
    cuzk_gpu_free(ctx, m->keys_alt);
    cuzk_gpu_free(ctx, m->cub_tmp);
    m->vals[0] = m->vals[1] = m->keys_alt = NULL;
    m->cub_tmp = NULL;
    m->cap_sort = 0;
    m->cub_tmp_bytes = 0;
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&m->vals[0], e * 4, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->vals[1], e * 4, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->keys_alt, e * 4, err)) != 0)
        goto fail;
    {
        size_t sel = 0, sort = 0;
        cub::DoubleBuffer<uint32_t> dk(m->vals[0], m->keys_alt), dv(m->vals[0], m->vals[1]);
        CUZK_CUDA_TRY(cub::DeviceSelect::Flagged(NULL, sel, m->iota, m->flags[0], m->idx, m->counters,
                                                 (int)m->cap_n, ctx->stream),
                      err, rc, fail);
        CUZK_CUDA_TRY(cub::DeviceRadixSort::SortPairs(NULL, sort, dk, dv, (int)e, 0, MSM_PRE_MAX_C, ctx->stream),
                      err, rc, fail);
        m->cub_tmp_bytes = sel > sort ? sel : sort;
        if ((rc = cuzk_gpu_alloc(ctx, &m->cub_tmp, m->cub_tmp_bytes, err)) != 0)
            goto fail;
    }
    m->cap_sort = e;
    return 0;
fail:
    // the per-scalar arrays no longer have their sort partners: all go
    msm_free_scalars(m);
    return rc;
}

// Grows the device arrays p[0..count) to `need` elements of `size` bytes
// each (*cap: the bytes each has).
int msm_ensure(cuzk_gpu_msm *m, void **p, unsigned count, size_t *cap, size_t need, size_t size,
                  cuzk_err *err)
{
    int rc = 0;
    if (need * size <= *cap)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        cuzk_gpu_free(m->ctx, p[i]);
        p[i] = NULL;
    }
    *cap = 0;
    for (unsigned i = 0; i < count && rc == 0; i++)
        rc = cuzk_gpu_alloc(m->ctx, &p[i], need * size, err);
    if (rc == 0)
        *cap = need * size;
    return rc;
}

// The bucket array (points of `size` bytes) and its start/end tables, all
// for nb buckets.
int msm_ensure_buckets(cuzk_gpu_msm *m, size_t nb, size_t size, cuzk_err *err)
{
    int rc = 0;
    if (nb * size <= m->cap_buckets && nb <= m->cap_nb)
        return 0;
    cuzk_gpu_free(m->ctx, m->buckets);
    cuzk_gpu_free(m->ctx, m->bstart);
    cuzk_gpu_free(m->ctx, m->bend);
    m->buckets = NULL;
    m->bstart = m->bend = NULL;
    m->cap_buckets = m->cap_nb = 0;
    if ((rc = cuzk_gpu_alloc(m->ctx, (void **)&m->buckets, nb * size, err)) != 0 ||
        (rc = cuzk_gpu_alloc(m->ctx, (void **)&m->bstart, nb * 4, err)) != 0 ||
        (rc = cuzk_gpu_alloc(m->ctx, (void **)&m->bend, nb * 4, err)) != 0)
        return rc;
    m->cap_buckets = nb * size;
    m->cap_nb = nb;
    return 0;
}

// ---- phase timeline ------------------------------------------------------------------

// Marks the end of a phase on the stream; the time since the previous mark
// is counted to `phase` (-1: a starting point).
void msm_mark(cuzk_gpu_msm *m, int phase)
{
    if (m->n_ev >= MSM_EVENTS)
        return;
    if (cudaEventRecord(m->ev[m->n_ev], m->ctx->stream) == cudaSuccess)
        m->ev_phase[m->n_ev++] = phase;
}

// After the stream has drained: the per-phase sums.
void msm_collect_phases(cuzk_gpu_msm *m)
{
    for (unsigned i = 1; i < m->n_ev; i++) {
        float ms = 0;
        if (m->ev_phase[i] >= 0 && cudaEventElapsedTime(&ms, m->ev[i - 1], m->ev[i]) == cudaSuccess)
            m->last.phase_ms[m->ev_phase[i]] += ms;
    }
    m->n_ev = 0;
}

// A curve's device side (C, msm_kernels.cuh) and its CPU group law, in which
// the host finishes the window sums.
struct g1_host {
    typedef cuzk_gpu_g1_curve C;
    typedef cuzk_g1_proj proj;
    static void inf(proj *r) { cuzk_g1_proj_infinity(r); }
    static void dbl(proj *r) { cuzk_g1_proj_dbl(r, r); }
    static void add(proj *r, const proj *a) { cuzk_g1_proj_add(r, r, a); }
    static void from_xyzz(proj *r, const void *p) { cuzk_gpu_g1_xyzz_to_proj(r, p); }
};

extern "C" int cuzk_gpu_g1_msm(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_g1_affine *d_bases,
                               const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    return msm_any<g1_host>(m, out, d_bases, d_scalars, n, err);
}


// ---- precomputed window multiples (G1) -------------------------------------------------

struct cuzk_gpu_g1_pre {
    cuzk_gpu_ctx *ctx;
    cuzk_gpu_g1_affine *table; // mult rows of n points
    size_t n;
    unsigned c, mult;
};

// r = a^(p - 2) = 1 / a (a != 0), by square-and-multiply over the bits of p - 2.
static __device__ void pre_fp_inv(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    const uint32_t e[CUZK_GPU_FP_LIMBS] = { CUZK_GPU_FP_P0 - 2, CUZK_GPU_FP_P1, CUZK_GPU_FP_P2,  CUZK_GPU_FP_P3,
                                            CUZK_GPU_FP_P4,     CUZK_GPU_FP_P5, CUZK_GPU_FP_P6,  CUZK_GPU_FP_P7,
                                            CUZK_GPU_FP_P8,     CUZK_GPU_FP_P9, CUZK_GPU_FP_P10, CUZK_GPU_FP_P11 };
    cuzk_gpu_fp x;
    cuzk_gpu_fp_set_one(&x);
#pragma unroll 1
    for (int i = CUZK_GPU_FP_LIMBS * 32 - 1; i >= 0; i--) {
        cuzk_gpu_fp_sqr(&x, &x);
        if ((e[i >> 5] >> (i & 31)) & 1)
            cuzk_gpu_fp_mul(&x, &x, a);
    }
    *r = x;
}

// table[j n + i] = 2^(c j) bases[i] (affine) for j < mult: c doublings in
// XYZZ between rows, each row made affine with one inversion of ZZ ZZZ
// (1/ZZ = ZZZ / (ZZ ZZZ), 1/ZZZ = ZZ / (ZZ ZZZ)). G1 has no points of order
// 2, so a doubling never reaches infinity; infinity stays infinity.
static __global__ void __launch_bounds__(MSM_THREADS)
pre_kernel(const cuzk_gpu_g1_affine *__restrict__ bases, size_t n, unsigned c, unsigned mult,
           cuzk_gpu_g1_affine *table)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const cuzk_gpu_g1_affine a = bases[i];
        const bool inf = cuzk_gpu_g1_affine_is_inf(&a);
        table[i] = a;
        cuzk_gpu_g1_xyzz p;
        p.x = a.x;
        p.y = a.y;
        cuzk_gpu_fp_set_one(&p.zz);
        cuzk_gpu_fp_set_one(&p.zzz);
#pragma unroll 1
        for (unsigned j = 1; j < mult; j++) {
            cuzk_gpu_g1_affine o = a;
            if (!inf) {
                cuzk_gpu_fp t, inv, u;
#pragma unroll 1
                for (unsigned k = 0; k < c; k++)
                    cuzk_gpu_g1_dbl(&p);
                cuzk_gpu_fp_mul(&t, &p.zz, &p.zzz);
                pre_fp_inv(&inv, &t);
                cuzk_gpu_fp_mul(&u, &inv, &p.zzz);
                cuzk_gpu_fp_mul(&o.x, &p.x, &u);
                cuzk_gpu_fp_mul(&u, &inv, &p.zz);
                cuzk_gpu_fp_mul(&o.y, &p.y, &u);
            }
            table[(size_t)j * n + i] = o;
        }
    }
}

extern "C" int cuzk_gpu_g1_pre_create(cuzk_gpu_ctx *ctx, cuzk_gpu_g1_pre **out, const cuzk_g1_affine *d_bases,
                                      size_t n, unsigned c, unsigned mult, cuzk_err *err)
{
    int rc = 0;
    if (!ctx || !out || !d_bases)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm pre: NULL argument");
    *out = NULL;
    if (c < 2 || c > MSM_PRE_MAX_C)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm pre: c = %u, must be 2..%d", c,
                            MSM_PRE_MAX_C);
    if (mult < 1 || mult > windows_for(c))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm pre: mult = %u, must be 1..%u for c = %u",
                            mult, windows_for(c), c);
    if (n == 0 || (double)n * mult >= 4294967296.0 || (size_t)mult * n >= ((size_t)1 << 31))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "gpu msm pre: n = %zu, mult = %u: n mult must be 1..2^31 - 1", n, mult);
    cuzk_gpu_g1_pre *p = (cuzk_gpu_g1_pre *)calloc(1, sizeof *p);
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu msm pre: allocation failed");
    p->ctx = ctx;
    p->n = n;
    p->c = c;
    p->mult = mult;
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&p->table, (size_t)mult * n * sizeof(cuzk_gpu_g1_affine), err)) != 0)
        goto fail;
    pre_kernel<<<cuzk_gpu_blocks(ctx, n, MSM_THREADS, 8), MSM_THREADS, 0, ctx->stream>>>(
        (const cuzk_gpu_g1_affine *)d_bases, n, c, mult, p->table);
    CUZK_GPU_LAUNCHED(err, rc, fail);
    if ((rc = cuzk_gpu_sync(ctx, err)) != 0)
        goto fail;
    *out = p;
    return 0;
fail:
    cuzk_gpu_g1_pre_free(p);
    return rc;
}

extern "C" void cuzk_gpu_g1_pre_free(cuzk_gpu_g1_pre *p)
{
    if (!p)
        return;
    cuzk_gpu_free(p->ctx, p->table);
    free(p);
}

extern "C" size_t cuzk_gpu_g1_pre_bytes(const cuzk_gpu_g1_pre *p)
{
    return p ? (size_t)p->mult * p->n * sizeof(cuzk_gpu_g1_affine) : 0;
}

extern "C" int cuzk_gpu_g1_msm_pre(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_gpu_g1_pre *p,
                                   const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    if (!m || !out || !p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm pre: NULL argument");
    if (n > p->n)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm pre: n = %zu, the table holds %zu bases", n,
                            p->n);
    const msm_pre_plan plan = { p->c, p->mult, p->n };
    return msm_any<g1_host>(m, out, p->table, d_scalars, n, err, &plan);
}
