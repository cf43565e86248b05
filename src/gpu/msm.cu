// The G1 MSM on the device.
//
// 1. classify: each scalar (reduced mod r) is 0, 1 or "other"; the indices of
//    the others are compacted (CUB select).
// 2. the 1s: every thread adds its share of those bases into an XYZZ sum, a
//    block tree-sums them, one more kernel sums the blocks.
// 3. the others, Pippenger with signed c-bit digits in (-2^(c-1), 2^(c-1)]:
//    all digits are written once; then per window the (digit, index) pairs
//    are sorted by |digit| (CUB radix sort on c bits; the sign rides in the
//    key's top bit), bucket b's entries are then contiguous, one thread per
//    bucket adds its points (mixed XYZZ additions), and the buckets are
//    reduced to sum_b b * B_b by segments (running sums, then a small scalar
//    multiple fixes each segment's offset) and a per-window tree sum.
// 4. the host combines the window sums (c doublings each) and the 1s.
// Bucket order inside a window does not matter: the group law is exact, so
// the result equals cuzk_g1_msm bit for bit once normalised.
#include "gpu_impl.cuh"
#include "g1.cuh"
#include "fr.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>

#include <stdlib.h>
#include <string.h>

#define MSM_THREADS 128
#define MSM_MAX_C 23
// Segments in flight for the bucket reduction, over all windows.
#define MSM_REDUCE_THREADS 65536
// A window's fixed cost (launches, the sort's passes) in mixed additions,
// for choosing c.
#define MSM_WINDOW_COST 100000.0

struct cuzk_gpu_msm {
    cuzk_gpu_ctx *ctx;
    size_t cap_n;                // per-scalar arrays
    uint8_t *cls, *flags;
    uint32_t *iota, *idx, *vals[2], *keys_alt;
    size_t cap_digits;
    uint32_t *digits;
    size_t cap_buckets;
    cuzk_gpu_g1_xyzz *buckets;
    uint32_t *bstart, *bend;
    size_t cap_partials;
    cuzk_gpu_g1_xyzz *partials;
    cuzk_gpu_g1_xyzz *results;   // MSM_RESULTS points
    unsigned long long *counters; // [0] ones, [1] selected (int)
    void *cub_tmp;
    size_t cub_tmp_bytes;
    cuzk_gpu_msm_stats last;
};

#define MSM_RESULTS 64

// ---- device helpers ------------------------------------------------------------------

// The scalar at s reduced mod r (s < 2^256 < 3r: at most two subtractions).
static __device__ __forceinline__ void load_scalar_mod_r(uint32_t k[8], const cuzk_scalar *s)
{
    const uint4 *p = (const uint4 *)s;
    uint4 a = p[0], b = p[1];
    k[0] = a.x; k[1] = a.y; k[2] = a.z; k[3] = a.w;
    k[4] = b.x; k[5] = b.y; k[6] = b.z; k[7] = b.w;
    for (int rep = 0; rep < 2; rep++) {
        uint32_t t[8], borrow;
        cuzk_gpu_cc cc = { 0 };
        t[0] = cuzk_gpu_sub_cc(k[0], cuzk_gpu_fr_field::p(0), &cc);
        CUZK_GPU_UNROLL
        for (int i = 1; i < 8; i++)
            t[i] = cuzk_gpu_subc_cc(k[i], cuzk_gpu_fr_field::p(i), &cc);
        borrow = cuzk_gpu_subc(0, 0, &cc);
        CUZK_GPU_UNROLL
        for (int i = 0; i < 8; i++)
            k[i] = (k[i] & borrow) | (t[i] & ~borrow);
    }
}

// Sums the block's acc values into *out (blockDim.x a power of two).
static __device__ void block_sum(cuzk_gpu_g1_xyzz *sh, const cuzk_gpu_g1_xyzz *acc, cuzk_gpu_g1_xyzz *out)
{
    unsigned t = threadIdx.x;
    sh[t] = *acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) {
            cuzk_gpu_g1_xyzz a = sh[t], b = sh[t + s];
            cuzk_gpu_g1_add(&a, &b);
            sh[t] = a;
        }
        __syncthreads();
    }
    if (t == 0)
        *out = sh[0];
}

// ---- kernels -------------------------------------------------------------------------

static __global__ void iota_kernel(uint32_t *x, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        x[i] = (uint32_t)i;
}

static __global__ void classify_kernel(const cuzk_scalar *__restrict__ s, size_t n, uint8_t *cls,
                                       uint8_t *flags, unsigned long long *ones)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    unsigned long long count = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        uint32_t k[8], hi = 0;
        load_scalar_mod_r(k, &s[i]);
        for (int j = 1; j < 8; j++)
            hi |= k[j];
        uint8_t c = hi ? 2 : k[0] > 1 ? 2 : (uint8_t)k[0];
        cls[i] = c;
        flags[i] = c == 2;
        count += c == 1;
    }
    if (count)
        atomicAdd(ones, count);
}

static __global__ void __launch_bounds__(MSM_THREADS)
ones_kernel(const cuzk_gpu_g1_affine *__restrict__ bases, const uint8_t *__restrict__ cls, size_t n,
            cuzk_gpu_g1_xyzz *partials)
{
    __shared__ cuzk_gpu_g1_xyzz sh[MSM_THREADS];
    cuzk_gpu_g1_xyzz acc;
    cuzk_gpu_g1_set_inf(&acc);
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        if (cls[i] == 1) {
            cuzk_gpu_g1_affine a = bases[i];
            cuzk_gpu_g1_add_affine(&acc, &a);
        }
    }
    block_sum(sh, &acc, &partials[blockIdx.x]);
}

// Groups of `size` consecutive points, one block per group, into out[group].
static __global__ void __launch_bounds__(MSM_THREADS)
group_sum_kernel(const cuzk_gpu_g1_xyzz *__restrict__ in, size_t size, cuzk_gpu_g1_xyzz *out)
{
    __shared__ cuzk_gpu_g1_xyzz sh[MSM_THREADS];
    const cuzk_gpu_g1_xyzz *g = in + (size_t)blockIdx.x * size;
    cuzk_gpu_g1_xyzz acc;
    cuzk_gpu_g1_set_inf(&acc);
    for (size_t i = threadIdx.x; i < size; i += blockDim.x) {
        cuzk_gpu_g1_xyzz b = g[i];
        cuzk_gpu_g1_add(&acc, &b);
    }
    block_sum(sh, &acc, &out[blockIdx.x]);
}

// digits[w * n + j] = |d_w| | sign << 31 for the scalar at idx[j].
static __global__ void digits_kernel(const cuzk_scalar *__restrict__ s, const uint32_t *__restrict__ idx,
                                     size_t n, unsigned c, unsigned windows, uint32_t *digits)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    const uint32_t half = 1u << (c - 1), mask = (1u << c) - 1;
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
        uint32_t k[8];
        load_scalar_mod_r(k, &s[idx[j]]);
        uint32_t carry = 0;
        for (unsigned w = 0; w < windows; w++) {
            unsigned bit = w * c, word = bit >> 5, sh = bit & 31;
            uint32_t v = 0;
            if (word < 8) {
                uint64_t two = k[word] | (word + 1 < 8 ? (uint64_t)k[word + 1] << 32 : 0);
                v = (uint32_t)(two >> sh) & mask;
            }
            v += carry;
            uint32_t out;
            if (v > half) {
                out = ((1u << c) - v) | 0x80000000u; // v - 2^c < 0
                carry = 1;
            } else {
                out = v;
                carry = 0;
            }
            digits[(size_t)w * n + j] = out;
        }
    }
}

// Bucket b (digit magnitude b + 1) owns sorted positions [start[b], end[b]).
static __global__ void boundaries_kernel(const uint32_t *__restrict__ keys, size_t n, uint32_t *start,
                                         uint32_t *end)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t p = (size_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride) {
        uint32_t key = keys[p] & 0x7fffffffu;
        if (key == 0)
            continue;
        uint32_t prev = p ? keys[p - 1] & 0x7fffffffu : 0xffffffffu;
        uint32_t next = p + 1 < n ? keys[p + 1] & 0x7fffffffu : 0xffffffffu;
        if (prev != key)
            start[key - 1] = (uint32_t)p;
        if (next != key)
            end[key - 1] = (uint32_t)(p + 1);
    }
}

static __global__ void __launch_bounds__(MSM_THREADS)
accumulate_kernel(const cuzk_gpu_g1_affine *__restrict__ bases, const uint32_t *__restrict__ keys,
                  const uint32_t *__restrict__ vals, const uint32_t *__restrict__ start,
                  const uint32_t *__restrict__ end, uint32_t nb, cuzk_gpu_g1_xyzz *buckets)
{
    uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nb)
        return;
    cuzk_gpu_g1_xyzz acc;
    cuzk_gpu_g1_set_inf(&acc);
    for (uint32_t p = start[b], e = end[b]; p < e; p++) {
        cuzk_gpu_g1_affine a = bases[vals[p]];
        if (keys[p] >> 31)
            cuzk_gpu_fp_neg(&a.y, &a.y);
        cuzk_gpu_g1_add_affine(&acc, &a);
    }
    buckets[b] = acc;
}

// Segment t of `per` buckets starting at lo = t * per: running sums from the
// top give A = sum (b - lo + 1) B_b and R = sum B_b over the segment; the
// segment's share of sum (b + 1) B_b is A + lo R, lo R by double-and-add.
static __global__ void __launch_bounds__(MSM_THREADS)
reduce_kernel(const cuzk_gpu_g1_xyzz *__restrict__ buckets, uint32_t per, uint32_t segments,
              cuzk_gpu_g1_xyzz *out)
{
    uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= segments)
        return;
    uint32_t lo = t * per;
    cuzk_gpu_g1_xyzz run, acc, q;
    cuzk_gpu_g1_set_inf(&run);
    cuzk_gpu_g1_set_inf(&acc);
    for (uint32_t i = per; i-- > 0;) {
        cuzk_gpu_g1_xyzz b = buckets[lo + i];
        cuzk_gpu_g1_add(&run, &b);
        cuzk_gpu_g1_add(&acc, &run);
    }
    cuzk_gpu_g1_set_inf(&q);
    for (int bit = lo ? 31 - __clz(lo) : -1; bit >= 0; bit--) {
        cuzk_gpu_g1_dbl(&q);
        if ((lo >> bit) & 1)
            cuzk_gpu_g1_add(&q, &run);
    }
    cuzk_gpu_g1_add(&acc, &q);
    out[t] = acc;
}

// ---- host side -----------------------------------------------------------------------

static void msm_free_scalars(cuzk_gpu_msm *m)
{
    cuzk_gpu_ctx *ctx = m->ctx;
    cuzk_gpu_free(ctx, m->cls);
    cuzk_gpu_free(ctx, m->flags);
    cuzk_gpu_free(ctx, m->iota);
    cuzk_gpu_free(ctx, m->idx);
    cuzk_gpu_free(ctx, m->vals[0]);
    cuzk_gpu_free(ctx, m->vals[1]);
    cuzk_gpu_free(ctx, m->keys_alt);
    cuzk_gpu_free(ctx, m->cub_tmp);
    m->cls = m->flags = NULL;
    m->iota = m->idx = m->vals[0] = m->vals[1] = m->keys_alt = NULL;
    m->cub_tmp = NULL;
    m->cap_n = 0;
}

extern "C" void cuzk_gpu_msm_free(cuzk_gpu_msm *m)
{
    if (!m)
        return;
    msm_free_scalars(m);
    cuzk_gpu_free(m->ctx, m->digits);
    cuzk_gpu_free(m->ctx, m->buckets);
    cuzk_gpu_free(m->ctx, m->bstart);
    cuzk_gpu_free(m->ctx, m->bend);
    cuzk_gpu_free(m->ctx, m->partials);
    cuzk_gpu_free(m->ctx, m->results);
    cuzk_gpu_free(m->ctx, m->counters);
    free(m);
}

extern "C" int cuzk_gpu_msm_create(cuzk_gpu_ctx *ctx, cuzk_gpu_msm **out, cuzk_err *err)
{
    int rc = 0;
    if (!ctx || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: NULL argument");
    *out = NULL;
    cuzk_gpu_msm *m = (cuzk_gpu_msm *)calloc(1, sizeof *m);
    if (!m)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu msm: allocation failed");
    m->ctx = ctx;
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&m->results, MSM_RESULTS * sizeof(cuzk_gpu_g1_xyzz), err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->counters, 2 * sizeof(unsigned long long), err)) != 0) {
        cuzk_gpu_msm_free(m);
        return rc;
    }
    *out = m;
    return 0;
}

extern "C" void cuzk_gpu_msm_last_stats(const cuzk_gpu_msm *m, cuzk_gpu_msm_stats *st)
{
    if (m && st)
        *st = m->last;
}

// Grows the per-scalar arrays (and CUB's scratch) to n.
static int ensure_scalars(cuzk_gpu_msm *m, size_t n, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    if (n <= m->cap_n)
        return 0;
    msm_free_scalars(m);
    size_t b32 = n * sizeof(uint32_t);
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&m->cls, n, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->flags, n, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->iota, b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->idx, b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->vals[0], b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->vals[1], b32, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->keys_alt, b32, err)) != 0)
        goto fail;
    {
        size_t sel = 0, sort = 0;
        cub::DoubleBuffer<uint32_t> dk(m->idx, m->keys_alt), dv(m->vals[0], m->vals[1]);
        CUZK_CUDA_TRY(cub::DeviceSelect::Flagged(NULL, sel, m->iota, m->flags, m->idx, (int *)m->counters,
                                                 (int)n, ctx->stream),
                      err, rc, fail);
        CUZK_CUDA_TRY(cub::DeviceRadixSort::SortPairs(NULL, sort, dk, dv, (int)n, 0, MSM_MAX_C, ctx->stream),
                      err, rc, fail);
        m->cub_tmp_bytes = sel > sort ? sel : sort;
        if ((rc = cuzk_gpu_alloc(ctx, &m->cub_tmp, m->cub_tmp_bytes, err)) != 0)
            goto fail;
    }
    iota_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(m->iota, n);
    CUZK_GPU_LAUNCHED(err, rc, fail);
    m->cap_n = n;
    return 0;
fail:
    msm_free_scalars(m);
    return rc;
}

// Grows one device array to hold `need` elements of `size` bytes.
static int ensure(cuzk_gpu_msm *m, void **p, size_t *cap, size_t need, size_t size, cuzk_err *err)
{
    if (need <= *cap)
        return 0;
    cuzk_gpu_free(m->ctx, *p);
    *p = NULL;
    *cap = 0;
    int rc = cuzk_gpu_alloc(m->ctx, p, need * size, err);
    if (rc == 0)
        *cap = need;
    return rc;
}

// The bucket array and its start/end tables, all for nb buckets.
static int ensure_buckets(cuzk_gpu_msm *m, size_t nb, cuzk_err *err)
{
    int rc = 0;
    if (nb <= m->cap_buckets)
        return 0;
    cuzk_gpu_free(m->ctx, m->buckets);
    cuzk_gpu_free(m->ctx, m->bstart);
    cuzk_gpu_free(m->ctx, m->bend);
    m->buckets = NULL;
    m->bstart = m->bend = NULL;
    m->cap_buckets = 0;
    if ((rc = cuzk_gpu_alloc(m->ctx, (void **)&m->buckets, nb * sizeof(cuzk_gpu_g1_xyzz), err)) != 0 ||
        (rc = cuzk_gpu_alloc(m->ctx, (void **)&m->bstart, nb * 4, err)) != 0 ||
        (rc = cuzk_gpu_alloc(m->ctx, (void **)&m->bend, nb * 4, err)) != 0)
        return rc;
    m->cap_buckets = nb;
    return 0;
}

static unsigned windows_for(unsigned c) { return (256 + c - 1) / c; } // c W >= 256: no carry out

static unsigned choose_c(size_t n)
{
    unsigned best = 2;
    double best_cost = 0;
    for (unsigned c = 2; c <= MSM_MAX_C; c++) {
        double cost = windows_for(c) * ((double)n + 3.0 * (double)((size_t)1 << (c - 1)) + MSM_WINDOW_COST);
        if (c == 2 || cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

static void add_xyzz_host(cuzk_g1_proj *acc, const cuzk_gpu_g1_xyzz *p)
{
    cuzk_g1_proj q;
    cuzk_gpu_g1_xyzz_to_proj(&q, p);
    cuzk_g1_proj_add(acc, acc, &q);
}

// The Pippenger part over the `others` scalars listed in m->idx.
static int pippenger(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_gpu_g1_affine *bases,
                     const cuzk_scalar *scalars, size_t others, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    const unsigned c = choose_c(others), W = windows_for(c);
    const uint32_t nb = 1u << (c - 1);
    uint32_t segments = MSM_REDUCE_THREADS / W;
    uint32_t per;
    cuzk_gpu_g1_xyzz host[MSM_RESULTS];
    if (segments > nb)
        segments = nb;
    while (segments & (segments - 1)) // a power of two, so it divides nb
        segments &= segments - 1;
    per = nb / segments;
    m->last.c = c;
    m->last.windows = W;
    if (W > MSM_RESULTS)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: %u windows", W);
    if ((rc = ensure(m, (void **)&m->digits, &m->cap_digits, (size_t)W * others, 4, err)) != 0 ||
        (rc = ensure_buckets(m, nb, err)) != 0)
        return rc;
    if ((rc = ensure(m, (void **)&m->partials, &m->cap_partials, (size_t)W * segments,
                     sizeof(cuzk_gpu_g1_xyzz), err)) != 0)
        return rc;

    digits_kernel<<<cuzk_gpu_blocks(ctx, others, 256, 8), 256, 0, ctx->stream>>>(scalars, m->idx, others, c,
                                                                                W, m->digits);
    CUZK_GPU_LAUNCHED(err, rc, out);
    for (unsigned w = 0; w < W; w++) {
        size_t tmp = m->cub_tmp_bytes;
        CUZK_CUDA_TRY(cudaMemcpyAsync(m->vals[0], m->idx, others * 4, cudaMemcpyDeviceToDevice, ctx->stream),
                      err, rc, out);
        cub::DoubleBuffer<uint32_t> dk(m->digits + (size_t)w * others, m->keys_alt), dv(m->vals[0], m->vals[1]);
        CUZK_CUDA_TRY(cub::DeviceRadixSort::SortPairs(m->cub_tmp, tmp, dk, dv, (int)others, 0, (int)c,
                                                      ctx->stream),
                      err, rc, out);
        CUZK_CUDA_TRY(cudaMemsetAsync(m->bstart, 0, nb * 4, ctx->stream), err, rc, out);
        CUZK_CUDA_TRY(cudaMemsetAsync(m->bend, 0, nb * 4, ctx->stream), err, rc, out);
        boundaries_kernel<<<cuzk_gpu_blocks(ctx, others, 256, 8), 256, 0, ctx->stream>>>(dk.Current(), others,
                                                                                        m->bstart, m->bend);
        CUZK_GPU_LAUNCHED(err, rc, out);
        accumulate_kernel<<<(nb + MSM_THREADS - 1) / MSM_THREADS, MSM_THREADS, 0, ctx->stream>>>(
            bases, dk.Current(), dv.Current(), m->bstart, m->bend, nb, m->buckets);
        CUZK_GPU_LAUNCHED(err, rc, out);
        reduce_kernel<<<(segments + MSM_THREADS - 1) / MSM_THREADS, MSM_THREADS, 0, ctx->stream>>>(
            m->buckets, per, segments, m->partials + (size_t)w * segments);
        CUZK_GPU_LAUNCHED(err, rc, out);
    }
    group_sum_kernel<<<W, MSM_THREADS, 0, ctx->stream>>>(m->partials, segments, m->results);
    CUZK_GPU_LAUNCHED(err, rc, out);
    if ((rc = cuzk_gpu_download(ctx, host, m->results, W * sizeof *host, err)) != 0)
        return rc;
    // Horner over the windows, top first: acc = 2^c acc + S_w.
    cuzk_g1_proj_infinity(out);
    for (unsigned w = W; w-- > 0;) {
        for (unsigned i = 0; i < c; i++)
            cuzk_g1_proj_dbl(out, out);
        add_xyzz_host(out, &host[w]);
    }
out:
    return rc;
}

extern "C" int cuzk_gpu_g1_msm(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_g1_affine *d_bases,
                               const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    int rc = 0;
    if (!m || !out || (n && (!d_bases || !d_scalars)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: NULL argument");
    cuzk_g1_proj_infinity(out);
    memset(&m->last, 0, sizeof m->last);
    m->last.n = n;
    if (n == 0)
        return 0;
    if (n >= ((size_t)1 << 31))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: n = %zu, at most 2^31 - 1", n);
    cuzk_gpu_ctx *ctx = m->ctx;
    const cuzk_gpu_g1_affine *bases = (const cuzk_gpu_g1_affine *)d_bases;
    unsigned long long counts[2] = { 0, 0 };
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0 || (rc = ensure_scalars(m, n, err)) != 0)
        return rc;

    CUZK_CUDA_TRY(cudaMemsetAsync(m->counters, 0, sizeof counts, ctx->stream), err, rc, out);
    classify_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(d_scalars, n, m->cls, m->flags,
                                                                             &m->counters[0]);
    CUZK_GPU_LAUNCHED(err, rc, out);
    {
        size_t tmp = m->cub_tmp_bytes;
        CUZK_CUDA_TRY(cub::DeviceSelect::Flagged(m->cub_tmp, tmp, m->iota, m->flags, m->idx,
                                                 (int *)&m->counters[1], (int)n, ctx->stream),
                      err, rc, out);
    }
    if ((rc = cuzk_gpu_download(ctx, counts, m->counters, sizeof counts, err)) != 0)
        return rc;
    m->last.ones = (size_t)counts[0];
    m->last.others = (size_t)(int)(counts[1] & 0xffffffffu);

    if (m->last.others) {
        rc = pippenger(m, out, bases, d_scalars, m->last.others, err);
        if (rc != 0)
            return rc;
    }
    if (m->last.ones) {
        unsigned blocks = cuzk_gpu_blocks(ctx, n, MSM_THREADS, 4);
        if (blocks > MSM_RESULTS * MSM_THREADS)
            blocks = MSM_RESULTS * MSM_THREADS;
        if ((rc = ensure(m, (void **)&m->partials, &m->cap_partials, blocks, sizeof(cuzk_gpu_g1_xyzz), err)) != 0)
            return rc;
        cuzk_gpu_g1_xyzz sum;
        ones_kernel<<<blocks, MSM_THREADS, 0, ctx->stream>>>(bases, m->cls, n, m->partials);
        CUZK_GPU_LAUNCHED(err, rc, out);
        group_sum_kernel<<<1, MSM_THREADS, 0, ctx->stream>>>(m->partials, blocks, m->results);
        CUZK_GPU_LAUNCHED(err, rc, out);
        if ((rc = cuzk_gpu_download(ctx, &sum, m->results, sizeof sum, err)) != 0)
            return rc;
        add_xyzz_host(out, &sum);
    }
out:
    return rc;
}
