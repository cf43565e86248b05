// Private to the MSM (msm.cu: the workspace and G1; msm_g2.cu: G2): the
// workspace object, its helpers, and the plan as templates on the curve, so
// each curve's kernels compile in their own translation unit.
#ifndef CUZK_GPU_MSM_IMPL_CUH
#define CUZK_GPU_MSM_IMPL_CUH

#include "gpu_impl.cuh"
#include "msm_kernels.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>

#include <stdlib.h>
#include <string.h>

#define MSM_MAX_C 23
// Window bits of a precomputed table (cuzk_gpu_g1_pre) at most.
#define MSM_PRE_MAX_C 24
// Segment length of the bucket reduction (running_kernel) after its first
// level: a power of two. The first level's is chosen per window size.
#define MSM_RUN_LOG 4
#define MSM_RUN (1u << MSM_RUN_LOG)
// A quarter of the threads wanted in the first reduction level (all windows
// at once): fewer leave the device waiting on each thread's chain of
// dependent additions.
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
    size_t cap_sort;              // vals[], keys_alt and CUB's sort scratch (>= cap_n)
    uint8_t *flags[2];            // scalar is "other", scalar is 1
    uint32_t *iota, *idx, *idx1, *vals[2], *keys_alt; // idx: the others, idx1: the 1s
    void *cub_tmp;
    size_t cub_tmp_bytes;
    size_t cap_digits;
    uint32_t *digits;
    // Point buffers hold G1 or G2 XYZZ points; their capacities are in bytes.
    size_t cap_buckets, cap_nb;
    void *buckets;
    uint32_t *bstart, *bend;
    size_t cap_chunks;
    void *ends[2];                 // per accumulation chunk: head, tail
    size_t cap_red, cap_rsum;
    void *red;                     // reduction levels (A and R of each), or the 1s' block sums
    void *rsum;                    // scratch of sum_rows
    void *results;                 // MSM_RESULTS points
    unsigned tune_c, tune_chunk, tune_occ; // experiment overrides (0: the plan's)
    int *counters;                 // [0] others, [1] ones (CUB select counts)
    cudaEvent_t ev[MSM_EVENTS];    // phase timeline of the current call
    int ev_phase[MSM_EVENTS];
    unsigned n_ev;
    cuzk_gpu_msm_stats last;
};

#define MSM_RESULTS 1024
// The largest XYZZ point: G2's, twice G1's (four Fp2 against four Fp).
#define MSM_POINT_MAX (2 * sizeof(cuzk_gpu_g1_xyzz))

// msm.cu: the workspace's device arrays grow on demand (capacities kept).
// Per-scalar arrays and CUB's scratch for n scalars.
int msm_ensure_scalars(cuzk_gpu_msm *m, size_t n, cuzk_err *err);
// The sort's arrays (vals[], keys_alt) and scratch for e entries (after msm_ensure_scalars).
int msm_ensure_sort(cuzk_gpu_msm *m, size_t e, cuzk_err *err);
// p[0..count) to `need` elements of `size` bytes each (*cap: the bytes each has).
int msm_ensure(cuzk_gpu_msm *m, void **p, unsigned count, size_t *cap, size_t need, size_t size, cuzk_err *err);
// The bucket array (points of `size` bytes) and its start/end tables.
int msm_ensure_buckets(cuzk_gpu_msm *m, size_t nb, size_t size, cuzk_err *err);
// Phase timeline: marks the end of a phase on the stream (-1: a start).
void msm_mark(cuzk_gpu_msm *m, int phase);
// After the stream has drained: the per-phase sums into m->last.
void msm_collect_phases(cuzk_gpu_msm *m);

// ---- the plan ------------------------------------------------------------------------

static inline unsigned windows_for(unsigned c) { return (256 + c - 1) / c; } // c W >= 256: no carry out

// Entries per accumulation thread for n Pippenger scalars (chosen by timing
// random scalars on the device: docs/history/gpu-2026.md). Longer chunks
// mean fewer cut runs for fixup_kernel; shorter ones enough threads at small
// n.
static inline uint32_t choose_chunk(size_t n)
{
    return n >= ((size_t)3 << 24) ? 128 : n >= ((size_t)3 << 22) ? 64 : MSM_CHUNK;
}

// Window bits for n scalars: the least estimated cost, in mixed additions,
// of W windows of n additions, the window's sort (MSM_SORT_COST per
// entry), its bucket reduction (MSM_BUCKET_COST per bucket, calibrated on
// the device at c = 20 and 22) and a fixed cost, plus the serial tail of
// fixup_kernel: a bucket
// of e entries spans e / K chunks, which ONE thread joins with that many
// dependent XYZZ additions (about MSM_SERIAL_ADD additions' worth of
// device time each). Random scalars < 2^255 fill all buckets but those of
// the top window, which has only 2^(255 - c (W - 1)) digits: c = 17, 18,
// 19, 21, 23 leave it 1 to 8 bits wide, and its few buckets take n / 2^bits
// entries each, which makes those widths many times slower.
#define MSM_SERIAL_ADD 24000.0
#define MSM_SORT_COST 0.04
#define MSM_BUCKET_COST 4.5
static inline unsigned choose_c(size_t n)
{
    unsigned best = 2;
    double best_cost = 0;
    const double K = (double)choose_chunk(n);
    for (unsigned c = 2; c <= MSM_MAX_C; c++) {
        const unsigned W = windows_for(c);
        const int top = 255 - (int)(c * (W - 1));
        const double top_buckets = top <= 0 ? 1.0 : (double)((size_t)1 << (top < (int)c ? top : (int)c - 1));
        const double chain = (double)n / top_buckets / K;
        double cost = W * ((double)n * (1.0 + MSM_SORT_COST) + MSM_BUCKET_COST * (double)((size_t)1 << (c - 1)) +
                           MSM_WINDOW_COST) +
                      (chain > 1.0 ? chain * MSM_SERIAL_ADD : 0.0);
        if (c == 2 || cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

template <class H>
static void add_xyzz_host(typename H::proj *acc, const typename H::C::xyzz *p)
{
    typename H::proj q;
    H::from_xyzz(&q, p);
    H::add(acc, &q);
}

// Sums each of `rows` rows of `count` points (contiguous at src, which is
// clobbered) into out[row], through rounds of MSM_ROW_GROUP-point block sums.
template <class C>
static int sum_rows(cuzk_gpu_msm *m, typename C::xyzz *src, unsigned rows, size_t count,
                    typename C::xyzz *out, cuzk_err *err)
{
    typedef typename C::xyzz P;
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    size_t groups = (count + MSM_ROW_GROUP - 1) / MSM_ROW_GROUP;
    if ((rc = msm_ensure(m, (void **)&m->rsum, 1, &m->cap_rsum, rows * groups, sizeof(P), err)) != 0)
        return rc;
    P *bufs[2] = { src, (P *)m->rsum };
    unsigned which = 0;
    for (;;) {
        groups = (count + MSM_ROW_GROUP - 1) / MSM_ROW_GROUP;
        P *dst = groups == 1 ? out : bufs[which ^ 1];
        row_sum_kernel<C><<<dim3((unsigned)groups, rows), MSM_THREADS, 0, ctx->stream>>>(bufs[which], count, dst);
        CUZK_GPU_LAUNCHED(err, rc, fail);
        if (groups == 1)
            break;
        count = groups;
        which ^= 1;
    }
fail:
    return rc;
}

// The accumulation kernel with the register cap asked for (G1; msm_g2.cu
// specialises this for G2's thread pairs).
template <class C>
static void launch_accumulate(cuzk_gpu_msm *m, unsigned blocks, const typename C::affine *bases,
                              const uint32_t *keys, const uint32_t *vals, size_t n, uint32_t K)
{
    typedef typename C::xyzz P;
    cudaStream_t st = m->ctx->stream;
    P *b = (P *)m->buckets, *h = (P *)m->ends[0], *t = (P *)m->ends[1];
    if (m->tune_occ == 6)
        accumulate_kernel<C, 6><<<blocks, MSM_ACC_THREADS, 0, st>>>(bases, keys, vals, n, K, b, h, t);
    else
        accumulate_kernel<C, 0><<<blocks, MSM_ACC_THREADS, 0, st>>>(bases, keys, vals, n, K, b, h, t);
}

// A precomputed table of window multiples (G1, msm.cu): bases[j stride + i]
// = 2^(c j) P_i for j < mult.
struct msm_pre_plan {
    unsigned c, mult;
    size_t stride;
};

// vals[e] for the entries of a group of mw windows: e = j others + k (window
// j of the group, k-th "other" scalar) takes the table row j of that base.
static __global__ void pre_vals_kernel(const uint32_t *__restrict__ idx, size_t others, unsigned mw,
                                       size_t stride, uint32_t *vals)
{
    size_t total = (size_t)mw * others, st = (size_t)gridDim.x * blockDim.x;
    for (size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += st) {
        size_t j = e / others;
        vals[e] = (uint32_t)(j * stride + idx[e - j * others]);
    }
}

// The Pippenger part over the `others` scalars listed in m->idx. Without a
// table (pre NULL) each window is a round of its own; with one, the digits
// of pre->mult consecutive windows are sorted together into one set of
// buckets (window j of a group adds the table's row j, 2^(c j) P), so a
// round (sort, accumulation, fix-up) and a reduction row serve mult windows.
// One level of the bucket reduction (running_kernel over G rows of n points
// in T segments of L): a hook as launch_accumulate is, so that a curve can
// bring its own kernel (G2: msm_g2.cu's thread pairs).
template <class C>
static void launch_running(cuzk_gpu_msm *m, unsigned G, const typename C::xyzz *in, size_t in_stride, uint32_t n,
                           uint32_t L, typename C::xyzz *A, typename C::xyzz *R, uint32_t T)
{
    running_kernel<C><<<dim3((T + MSM_THREADS - 1) / MSM_THREADS, G), MSM_THREADS, 0, m->ctx->stream>>>(
        in, in_stride, n, L, A, R, T);
}

template <class H>
static int pippenger(cuzk_gpu_msm *m, typename H::proj *out, const typename H::C::affine *bases,
                     const cuzk_scalar *scalars, size_t others, const msm_pre_plan *pre, cuzk_err *err)
{
    typedef typename H::C C;
    typedef typename C::xyzz P;
    int rc = 0;
    cuzk_gpu_ctx *ctx = m->ctx;
    const unsigned c = pre ? pre->c : m->tune_c ? m->tune_c : choose_c(others), W = windows_for(c);
    const unsigned MW = pre ? (pre->mult < W ? pre->mult : W) : 1; // windows a round
    const unsigned G = (W + MW - 1) / MW;                              // rounds (reduction rows)
    const size_t E = (size_t)MW * others;                              // entries of a full round
    const uint32_t nb = 1u << (c - 1);
    const uint32_t K = m->tune_chunk ? m->tune_chunk : choose_chunk(E);
    const size_t chunks = (E + K - 1) / K;
    // Reduction levels: level j takes n[j] points a row (n[0] = nb buckets)
    // in segments of 2^lg[j] and leaves T[j] of them; the last has one.
    // The first level runs once over the buckets of all rounds (each
    // round's own nb of them, kept until then), so its segments are short
    // when there are few buckets in all (enough threads) and at most MSM_RUN
    // long.
    uint32_t n[MSM_LEVELS], T[MSM_LEVELS], lg[MSM_LEVELS];
    size_t off[MSM_LEVELS], red = 0; // level j's A at red + off[j], its R G T[j] points later
    unsigned K_lv = 0;
    for (uint32_t cnt = nb;; cnt = T[K_lv++]) {
        lg[K_lv] = MSM_RUN_LOG;
        if (K_lv == 0)
            for (lg[0] = 1; lg[0] < MSM_RUN_LOG && (((size_t)G * nb) >> lg[0]) > 4 * MSM_RUN_THREADS; lg[0]++)
                ;
        n[K_lv] = cnt;
        T[K_lv] = (cnt + (1u << lg[K_lv]) - 1) >> lg[K_lv];
        off[K_lv] = red;
        red += 2 * (size_t)G * T[K_lv];
        if (T[K_lv] == 1 || K_lv + 1 == MSM_LEVELS)
            break;
    }
    const unsigned KL = K_lv;
    P *host = NULL, *results = (P *)m->results, *buckets;
    m->last.c = c;
    m->last.windows = W;
    if ((size_t)KL * G > MSM_RESULTS || T[KL] != 1)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: %u windows of %u buckets", W, nb);
    if (E >= ((size_t)1 << 31))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: %zu entries a round, at most 2^31 - 1", E);
    if ((rc = msm_ensure(m, (void **)&m->digits, 1, &m->cap_digits, (size_t)W * others, 4, err)) != 0 ||
        (rc = msm_ensure_sort(m, E, err)) != 0 ||
        (rc = msm_ensure_buckets(m, (size_t)G * nb, sizeof(P), err)) != 0 ||
        (rc = msm_ensure(m, (void **)m->ends, 2, &m->cap_chunks, chunks, sizeof(P), err)) != 0 ||
        (rc = msm_ensure(m, (void **)&m->red, 1, &m->cap_red, red, sizeof(P), err)) != 0)
        return rc;
    buckets = (P *)m->buckets;
    P *A[MSM_LEVELS], *R[MSM_LEVELS];
    for (unsigned j = 0; j <= KL; j++) {
        A[j] = (P *)m->red + off[j];
        R[j] = A[j] + (size_t)G * T[j];
    }

    msm_mark(m, -1);
    digits_kernel<<<cuzk_gpu_blocks(ctx, others, 256, 8), 256, 0, ctx->stream>>>(scalars, m->idx, others, c,
                                                                                W, m->digits);
    CUZK_GPU_LAUNCHED(err, rc, out);
    msm_mark(m, CUZK_GPU_MSM_DIGITS);
    for (unsigned g = 0; g < G; g++) {
        const unsigned mw = W - g * MW < MW ? W - g * MW : MW; // windows of this round
        const size_t e = (size_t)mw * others, ch = (e + K - 1) / K;
        size_t tmp = m->cub_tmp_bytes;
        if (!pre) {
            CUZK_CUDA_TRY(cudaMemcpyAsync(m->vals[0], m->idx, others * 4, cudaMemcpyDeviceToDevice, ctx->stream),
                          err, rc, out);
        } else {
            pre_vals_kernel<<<cuzk_gpu_blocks(ctx, e, 256, 8), 256, 0, ctx->stream>>>(m->idx, others, mw,
                                                                                      pre->stride, m->vals[0]);
            CUZK_GPU_LAUNCHED(err, rc, out);
        }
        cub::DoubleBuffer<uint32_t> dk(m->digits + (size_t)g * MW * others, m->keys_alt), dv(m->vals[0], m->vals[1]);
        CUZK_CUDA_TRY(cub::DeviceRadixSort::SortPairs(m->cub_tmp, tmp, dk, dv, (int)e, 0, (int)c, ctx->stream),
                      err, rc, out);
        CUZK_CUDA_TRY(cudaMemsetAsync(m->bstart, 0, nb * 4, ctx->stream), err, rc, out);
        CUZK_CUDA_TRY(cudaMemsetAsync(m->bend, 0, nb * 4, ctx->stream), err, rc, out);
        boundaries_kernel<<<cuzk_gpu_blocks(ctx, e, 256, 8), 256, 0, ctx->stream>>>(dk.Current(), e, m->bstart,
                                                                                   m->bend);
        CUZK_GPU_LAUNCHED(err, rc, out);
        msm_mark(m, CUZK_GPU_MSM_SORT);
        // launch_accumulate writes to m->buckets: this round's nb of them
        // for the launch (it cannot fail before the pointer is put back)
        m->buckets = buckets + (size_t)g * nb;
        launch_accumulate<C>(m, (unsigned)((ch + MSM_ACC_THREADS - 1) / MSM_ACC_THREADS), bases, dk.Current(),
                             dv.Current(), e, K);
        m->buckets = buckets;
        CUZK_GPU_LAUNCHED(err, rc, out);
        fixup_kernel<C><<<(nb + MSM_THREADS - 1) / MSM_THREADS, MSM_THREADS, 0, ctx->stream>>>(
            m->bstart, m->bend, nb, K, (const P *)m->ends[0], (const P *)m->ends[1], buckets + (size_t)g * nb);
        CUZK_GPU_LAUNCHED(err, rc, out);
        msm_mark(m, CUZK_GPU_MSM_ACCUMULATE);
    }
    launch_running<C>(m, G, buckets, nb, n[0], 1u << lg[0], A[0], R[0], T[0]);
    CUZK_GPU_LAUNCHED(err, rc, out);
    for (unsigned j = 1; j <= KL; j++) {
        launch_running<C>(m, G, R[j - 1], T[j - 1], n[j], 1u << lg[j], A[j], R[j], T[j]);
        CUZK_GPU_LAUNCHED(err, rc, out);
    }
    for (unsigned j = 0; j < KL; j++)
        if ((rc = sum_rows<C>(m, A[j], G, T[j], results + (size_t)j * G, err)) != 0)
            return rc;
    msm_mark(m, CUZK_GPU_MSM_REDUCE);
    // the last level: one segment a row, so A[KL] and R[KL] hold G points each
    host = (P *)cuzk_alloc_array((size_t)(KL + 2) * G, sizeof *host);
    if (!host)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu msm: %u round sums", G);
    if ((rc = cuzk_gpu_download(ctx, host, results, (size_t)KL * G * sizeof *host, err)) != 0 ||
        (rc = cuzk_gpu_download(ctx, host + (size_t)KL * G, A[KL], 2 * (size_t)G * sizeof *host, err)) != 0)
        goto out;
    // Per round: sum_b b B_b = sum_A[0] + L0 (sum_A[1] + L1 (... + L(K-1) A[K])),
    // plus sum_b B_b = R[K]; then Horner over the rounds, top first, each
    // round MW windows (c MW bits) above the one below.
    H::inf(out);
    for (unsigned g = G; g-- > 0;) {
        typename H::proj s;
        H::from_xyzz(&s, &host[(size_t)KL * G + g]);
        for (unsigned j = KL; j-- > 0;) {
            for (unsigned i = 0; i < lg[j]; i++)
                H::dbl(&s);
            add_xyzz_host<H>(&s, &host[(size_t)j * G + g]);
        }
        add_xyzz_host<H>(&s, &host[(size_t)(KL + 1) * G + g]);
        for (unsigned i = 0; i < c * MW; i++)
            H::dbl(out);
        H::add(out, &s);
    }
out:
    cuzk_free(host);
    return rc;
}

// pre: a table of window multiples (d_bases is then the table, whose row 0
// is the bases themselves), or NULL.
template <class H>
static int msm_any(cuzk_gpu_msm *m, typename H::proj *out, const void *d_bases, const cuzk_scalar *d_scalars,
                   size_t n, cuzk_err *err, const msm_pre_plan *pre = NULL)
{
    typedef typename H::C C;
    typedef typename C::xyzz P;
    int rc = 0;
    if (!m || !out || (n && (!d_bases || !d_scalars)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: NULL argument");
    H::inf(out);
    memset(&m->last, 0, sizeof m->last);
    m->last.n = n;
    m->n_ev = 0;
    if (n == 0)
        return 0;
    if (n >= ((size_t)1 << 31))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu msm: n = %zu, at most 2^31 - 1", n);
    cuzk_gpu_ctx *ctx = m->ctx;
    const typename C::affine *bases = (const typename C::affine *)d_bases;
    int counts[2] = { 0, 0 };
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0 || (rc = msm_ensure_scalars(m, n, err)) != 0)
        return rc;

    msm_mark(m, -1);
    classify_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(d_scalars, n, m->flags[0],
                                                                             m->flags[1]);
    CUZK_GPU_LAUNCHED(err, rc, out);
    for (int f = 0; f < 2; f++) {
        size_t tmp = m->cub_tmp_bytes;
        CUZK_CUDA_TRY(cub::DeviceSelect::Flagged(m->cub_tmp, tmp, m->iota, m->flags[f], f ? m->idx1 : m->idx,
                                                 m->counters + f, (int)n, ctx->stream),
                      err, rc, out);
    }
    msm_mark(m, CUZK_GPU_MSM_CLASSIFY);
    if ((rc = cuzk_gpu_download(ctx, counts, m->counters, sizeof counts, err)) != 0)
        return rc;
    m->last.others = (size_t)counts[0];
    m->last.ones = (size_t)counts[1];

    if (m->last.others && (rc = pippenger<H>(m, out, bases, d_scalars, m->last.others, pre, err)) != 0)
        return rc;
    if (m->last.ones) {
        unsigned blocks = cuzk_gpu_blocks(ctx, m->last.ones, MSM_THREADS, 4);
        if ((rc = msm_ensure(m, (void **)&m->red, 1, &m->cap_red, blocks, sizeof(P), err)) != 0)
            return rc;
        P sum;
        msm_mark(m, -1);
        ones_kernel<C><<<blocks, MSM_THREADS, 0, ctx->stream>>>(bases, m->idx1, m->last.ones, (P *)m->red);
        CUZK_GPU_LAUNCHED(err, rc, out);
        if ((rc = sum_rows<C>(m, (P *)m->red, 1, blocks, (P *)m->results, err)) != 0)
            return rc;
        msm_mark(m, CUZK_GPU_MSM_ONES);
        if ((rc = cuzk_gpu_download(ctx, &sum, m->results, sizeof sum, err)) != 0)
            return rc;
        add_xyzz_host<H>(out, &sum);
    }
    msm_collect_phases(m);
out:
    return rc;
}


#endif
