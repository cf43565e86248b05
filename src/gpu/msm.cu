// The G1 MSM on the device.
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
// Bucket order inside a window does not matter: the group law is exact, so
// the result equals cuzk_g1_msm bit for bit once normalised.
#include "gpu_impl.cuh"
#include "msm_kernels.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>

#include <stdlib.h>
#include <string.h>

#define MSM_MAX_C 23
// Segment length of the bucket reduction (running_kernel) after its first
// level: a power of two. The first level's is chosen per window size.
#define MSM_RUN_LOG 4
#define MSM_RUN (1u << MSM_RUN_LOG)
// Threads wanted in a first reduction level (one window at a time): fewer
// leave the device waiting on each thread's chain of dependent additions.
#define MSM_RUN_THREADS 65536
// Reduction levels at most.
#define MSM_LEVELS 12
// A window's fixed cost (launches, the sort's passes) in mixed additions,
// for choosing c.
#define MSM_WINDOW_COST 100000.0
// Event slots for the phase timings.
#define MSM_EVENTS 96

struct cuzk_gpu_msm {
    cuzk_gpu_ctx *ctx;
    size_t cap_n;                 // per-scalar arrays
    uint8_t *flags[2];            // scalar is "other", scalar is 1
    uint32_t *iota, *idx, *idx1, *vals[2], *keys_alt; // idx: the others, idx1: the 1s
    void *cub_tmp;
    size_t cub_tmp_bytes;
    size_t cap_digits;
    uint32_t *digits;
    size_t cap_buckets;
    cuzk_gpu_g1_xyzz *buckets;
    uint32_t *bstart, *bend;
    size_t cap_chunks;
    cuzk_gpu_g1_xyzz *ends[2];     // per accumulation chunk: head, tail
    size_t cap_red, cap_rsum;
    cuzk_gpu_g1_xyzz *red;         // reduction levels (A and R of each), or the 1s' block sums
    cuzk_gpu_g1_xyzz *rsum;        // scratch of sum_rows
    cuzk_gpu_g1_xyzz *results;     // MSM_RESULTS points
    int *counters;                 // [0] others, [1] ones (CUB select counts)
    cudaEvent_t ev[MSM_EVENTS];    // phase timeline of the current call
    int ev_phase[MSM_EVENTS];
    unsigned n_ev;
    cuzk_gpu_msm_stats last;
};

#define MSM_RESULTS 1024

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
    m->cap_n = 0;
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
    int rc = 0;
    if (!ctx || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: NULL argument");
    *out = NULL;
    cuzk_gpu_msm *m = (cuzk_gpu_msm *)calloc(1, sizeof *m);
    if (!m)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu msm: allocation failed");
    m->ctx = ctx;
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&m->results, MSM_RESULTS * sizeof(cuzk_gpu_g1_xyzz), err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&m->counters, 2 * sizeof(int), err)) != 0)
        goto fail;
    for (unsigned i = 0; i < MSM_EVENTS; i++)
        CUZK_CUDA_TRY(cudaEventCreate(&m->ev[i]), err, rc, fail);
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
static int ensure_scalars(cuzk_gpu_msm *m, size_t n, cuzk_err *err)
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

// Grows the device arrays p[0..count) to `need` elements of `size` bytes each.
static int ensure(cuzk_gpu_msm *m, void **p, unsigned count, size_t *cap, size_t need, size_t size,
                  cuzk_err *err)
{
    int rc = 0;
    if (need <= *cap)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        cuzk_gpu_free(m->ctx, p[i]);
        p[i] = NULL;
    }
    *cap = 0;
    for (unsigned i = 0; i < count && rc == 0; i++)
        rc = cuzk_gpu_alloc(m->ctx, &p[i], need * size, err);
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

// ---- phase timeline ------------------------------------------------------------------

// Marks the end of a phase on the stream; the time since the previous mark
// is counted to `phase` (-1: a starting point).
static void mark(cuzk_gpu_msm *m, int phase)
{
    if (m->n_ev >= MSM_EVENTS)
        return;
    if (cudaEventRecord(m->ev[m->n_ev], m->ctx->stream) == cudaSuccess)
        m->ev_phase[m->n_ev++] = phase;
}

// After the stream has drained: the per-phase sums.
static void collect_phases(cuzk_gpu_msm *m)
{
    for (unsigned i = 1; i < m->n_ev; i++) {
        float ms = 0;
        if (m->ev_phase[i] >= 0 && cudaEventElapsedTime(&ms, m->ev[i - 1], m->ev[i]) == cudaSuccess)
            m->last.phase_ms[m->ev_phase[i]] += ms;
    }
    m->n_ev = 0;
}

// ---- the plan ------------------------------------------------------------------------

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

// Sums each of `rows` rows of `count` points (contiguous at src, which is
// clobbered) into out[row], through rounds of MSM_ROW_GROUP-point block sums.
static int sum_rows(cuzk_gpu_msm *m, cuzk_gpu_g1_xyzz *src, unsigned rows, size_t count, cuzk_gpu_g1_xyzz *out,
                    cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    size_t groups = (count + MSM_ROW_GROUP - 1) / MSM_ROW_GROUP;
    if ((rc = ensure(m, (void **)&m->rsum, 1, &m->cap_rsum, rows * groups, sizeof(cuzk_gpu_g1_xyzz), err)) != 0)
        return rc;
    cuzk_gpu_g1_xyzz *bufs[2] = { src, m->rsum };
    unsigned which = 0;
    for (;;) {
        groups = (count + MSM_ROW_GROUP - 1) / MSM_ROW_GROUP;
        cuzk_gpu_g1_xyzz *dst = groups == 1 ? out : bufs[which ^ 1];
        row_sum_kernel<<<dim3((unsigned)groups, rows), MSM_THREADS, 0, ctx->stream>>>(bufs[which], count, dst);
        CUZK_GPU_LAUNCHED(err, rc, fail);
        if (groups == 1)
            break;
        count = groups;
        which ^= 1;
    }
fail:
    return rc;
}

// The Pippenger part over the `others` scalars listed in m->idx.
static int pippenger(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_gpu_g1_affine *bases,
                     const cuzk_scalar *scalars, size_t others, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    const unsigned c = choose_c(others), W = windows_for(c);
    const uint32_t nb = 1u << (c - 1);
    const size_t chunks = (others + MSM_CHUNK - 1) / MSM_CHUNK;
    // Reduction levels: level j takes n[j] points a row (n[0] = nb buckets)
    // in segments of 2^lg[j] and leaves T[j] of them; the last has one.
    // The first level runs per window, so its segments are short when there
    // are few buckets (enough threads) and at most MSM_RUN long.
    uint32_t n[MSM_LEVELS], T[MSM_LEVELS], lg[MSM_LEVELS];
    size_t off[MSM_LEVELS], red = 0; // level j's A at red + off[j], its R W T[j] points later
    unsigned K = 0;
    for (uint32_t cnt = nb;; cnt = T[K++]) {
        lg[K] = MSM_RUN_LOG;
        if (K == 0)
            for (lg[0] = 1; lg[0] < MSM_RUN_LOG && (nb >> lg[0]) > MSM_RUN_THREADS; lg[0]++)
                ;
        n[K] = cnt;
        T[K] = (cnt + (1u << lg[K]) - 1) >> lg[K];
        off[K] = red;
        red += 2 * (size_t)W * T[K];
        if (T[K] == 1 || K + 1 == MSM_LEVELS)
            break;
    }
    cuzk_gpu_g1_xyzz *host = NULL;
    m->last.c = c;
    m->last.windows = W;
    if ((size_t)K * W > MSM_RESULTS || T[K] != 1)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: %u windows of %u buckets", W, nb);
    if ((rc = ensure(m, (void **)&m->digits, 1, &m->cap_digits, (size_t)W * others, 4, err)) != 0 ||
        (rc = ensure_buckets(m, nb, err)) != 0 ||
        (rc = ensure(m, (void **)m->ends, 2, &m->cap_chunks, chunks, sizeof(cuzk_gpu_g1_xyzz), err)) != 0 ||
        (rc = ensure(m, (void **)&m->red, 1, &m->cap_red, red, sizeof(cuzk_gpu_g1_xyzz), err)) != 0)
        return rc;
    cuzk_gpu_g1_xyzz *A[MSM_LEVELS], *R[MSM_LEVELS];
    for (unsigned j = 0; j <= K; j++) {
        A[j] = m->red + off[j];
        R[j] = A[j] + (size_t)W * T[j];
    }

    mark(m, -1);
    digits_kernel<<<cuzk_gpu_blocks(ctx, others, 256, 8), 256, 0, ctx->stream>>>(scalars, m->idx, others, c,
                                                                                W, m->digits);
    CUZK_GPU_LAUNCHED(err, rc, out);
    mark(m, CUZK_GPU_MSM_DIGITS);
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
        mark(m, CUZK_GPU_MSM_SORT);
        // 64-thread blocks: at ~180 registers a thread, 10 warps fit an SM
        // where 128-thread blocks leave 8.
        accumulate_kernel<<<(unsigned)((chunks + 63) / 64), 64, 0, ctx->stream>>>(
            bases, dk.Current(), dv.Current(), others, m->buckets, m->ends[0], m->ends[1]);
        CUZK_GPU_LAUNCHED(err, rc, out);
        fixup_kernel<<<(nb + MSM_THREADS - 1) / MSM_THREADS, MSM_THREADS, 0, ctx->stream>>>(
            m->bstart, m->bend, nb, m->ends[0], m->ends[1], m->buckets);
        CUZK_GPU_LAUNCHED(err, rc, out);
        mark(m, CUZK_GPU_MSM_ACCUMULATE);
        running_kernel<<<dim3((T[0] + MSM_THREADS - 1) / MSM_THREADS, 1), MSM_THREADS, 0, ctx->stream>>>(
            m->buckets, 0, n[0], 1u << lg[0], A[0] + (size_t)w * T[0], R[0] + (size_t)w * T[0], 0);
        CUZK_GPU_LAUNCHED(err, rc, out);
        mark(m, CUZK_GPU_MSM_REDUCE);
    }
    for (unsigned j = 1; j <= K; j++) {
        running_kernel<<<dim3((T[j] + MSM_THREADS - 1) / MSM_THREADS, W), MSM_THREADS, 0, ctx->stream>>>(
            R[j - 1], T[j - 1], n[j], 1u << lg[j], A[j], R[j], T[j]);
        CUZK_GPU_LAUNCHED(err, rc, out);
    }
    for (unsigned j = 0; j < K; j++)
        if ((rc = sum_rows(m, A[j], W, T[j], m->results + (size_t)j * W, err)) != 0)
            return rc;
    mark(m, CUZK_GPU_MSM_REDUCE);
    // the last level: one segment a row, so A[K] and R[K] hold W points each
    host = (cuzk_gpu_g1_xyzz *)cuzk_alloc_array((size_t)(K + 2) * W, sizeof *host);
    if (!host)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu msm: %u window sums", W);
    if ((rc = cuzk_gpu_download(ctx, host, m->results, (size_t)K * W * sizeof *host, err)) != 0 ||
        (rc = cuzk_gpu_download(ctx, host + (size_t)K * W, A[K], 2 * (size_t)W * sizeof *host, err)) != 0)
        goto out;
    // Per window: sum_b b B_b = sum_A[0] + L0 (sum_A[1] + L1 (... + L(K-1) A[K])),
    // plus sum_b B_b = R[K]; then Horner over the windows, top first.
    cuzk_g1_proj_infinity(out);
    for (unsigned w = W; w-- > 0;) {
        cuzk_g1_proj s;
        cuzk_gpu_g1_xyzz_to_proj(&s, &host[(size_t)K * W + w]);
        for (unsigned j = K; j-- > 0;) {
            for (unsigned i = 0; i < lg[j]; i++)
                cuzk_g1_proj_dbl(&s, &s);
            add_xyzz_host(&s, &host[(size_t)j * W + w]);
        }
        add_xyzz_host(&s, &host[(size_t)(K + 1) * W + w]);
        for (unsigned i = 0; i < c; i++)
            cuzk_g1_proj_dbl(out, out);
        cuzk_g1_proj_add(out, out, &s);
    }
out:
    cuzk_free(host);
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
    m->n_ev = 0;
    if (n == 0)
        return 0;
    if (n >= ((size_t)1 << 31))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: n = %zu, at most 2^31 - 1", n);
    cuzk_gpu_ctx *ctx = m->ctx;
    const cuzk_gpu_g1_affine *bases = (const cuzk_gpu_g1_affine *)d_bases;
    int counts[2] = { 0, 0 };
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0 || (rc = ensure_scalars(m, n, err)) != 0)
        return rc;

    mark(m, -1);
    classify_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(d_scalars, n, m->flags[0],
                                                                             m->flags[1]);
    CUZK_GPU_LAUNCHED(err, rc, out);
    for (int f = 0; f < 2; f++) {
        size_t tmp = m->cub_tmp_bytes;
        CUZK_CUDA_TRY(cub::DeviceSelect::Flagged(m->cub_tmp, tmp, m->iota, m->flags[f], f ? m->idx1 : m->idx,
                                                 m->counters + f, (int)n, ctx->stream),
                      err, rc, out);
    }
    mark(m, CUZK_GPU_MSM_CLASSIFY);
    if ((rc = cuzk_gpu_download(ctx, counts, m->counters, sizeof counts, err)) != 0)
        return rc;
    m->last.others = (size_t)counts[0];
    m->last.ones = (size_t)counts[1];

    if (m->last.others && (rc = pippenger(m, out, bases, d_scalars, m->last.others, err)) != 0)
        return rc;
    if (m->last.ones) {
        unsigned blocks = cuzk_gpu_blocks(ctx, m->last.ones, MSM_THREADS, 4);
        if ((rc = ensure(m, (void **)&m->red, 1, &m->cap_red, blocks, sizeof(cuzk_gpu_g1_xyzz), err)) != 0)
            return rc;
        cuzk_gpu_g1_xyzz sum;
        mark(m, -1);
        ones_kernel<<<blocks, MSM_THREADS, 0, ctx->stream>>>(bases, m->idx1, m->last.ones, m->red);
        CUZK_GPU_LAUNCHED(err, rc, out);
        if ((rc = sum_rows(m, m->red, 1, blocks, m->results, err)) != 0)
            return rc;
        mark(m, CUZK_GPU_MSM_ONES);
        if ((rc = cuzk_gpu_download(ctx, &sum, m->results, sizeof sum, err)) != 0)
            return rc;
        add_xyzz_host(out, &sum);
    }
    collect_phases(m);
out:
    return rc;
}
