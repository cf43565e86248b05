/* CPU MSM engine, written once for G1 and G2 (private template header).
 *
 * The including file defines, before including this:
 *   MSM_F, MSM_AFF, MSM_PROJ   the field, affine and Jacobian types
 *   MSM_NAME                   the public function to define
 *   f_add f_sub f_dbl f_neg f_mul f_sqr f_inv f_is_zero f_eq f_set_one
 *                              static inline field helpers
 *
 * One task sums one window of one chunk of the points (or a chunk of the
 * points whose scalar is 1):
 *   1. counting sort of the points by |digit| (the sign rides in the index);
 *   2. buckets are summed a group at a time (msm_bucket.h): each round adds
 *      pairs of points of the same bucket in affine coordinates, all pairs
 *      of a round sharing one inversion;
 *   3. sum k * B_k by running sums in XYZZ coordinates (msm_xyzz.h), or for
 *      wide windows by the two-level split of k into high and low halves.
 * The caller thread then combines the windows by doubling, in a fixed order,
 * so the result does not depend on the thread count. */
#include <string.h>

#include "ec/msm.h"
#include "ec/msm_xyzz.h"
#include "ec/msm_bucket.h"
#include "ec/msm_accum.h"

/* ---- tasks ---- */
typedef struct {
    const MSM_AFF *bases;
    const cuzk_scalar *scalars;
    const cuzk_msm_plan *plan;
    xyzz *res;        /* one per task */
    size_t win_tasks; /* nwin * big_chunks; the 1-scalar tasks follow */
} msm_ctx;

static void chunk_range(size_t n, size_t chunks, size_t j, size_t *lo, size_t *hi)
{
    *lo = n * j / chunks;
    *hi = n * (j + 1) / chunks;
}

/* Counting sort of window w's entries, highest bucket first (slot nbk - b):
 * the (entry, bucket) pairs q[0..nq) and then the points pts[0..m). Fills
 * ent[] and off[0..nbk]; cur[] is scratch of nbk words. */
static void sort_entries(uint32_t *ent, uint32_t *off, uint32_t *cur, uint32_t nbk, const msm_ctx *ctx,
                         unsigned w, const uint32_t *q, size_t nq, const uint32_t *pts, size_t m)
{
    const cuzk_msm_plan *pl = ctx->plan;
    memset(off, 0, ((size_t)nbk + 1) * sizeof *off);
    for (size_t i = 0; i < nq; i++) off[nbk - q[2 * i + 1] + 1]++;
    for (size_t i = 0; i < m; i++) {
        uint32_t b = cuzk_msm_digit(pl, &ctx->scalars[pts[i]], w) & ~CUZK_MSM_NEG;
        if (b) off[nbk - b + 1]++;
    }
    for (uint32_t p = 0; p < nbk; p++) off[p + 1] += off[p];
    memcpy(cur, off, (size_t)nbk * sizeof *cur);
    for (size_t i = 0; i < nq; i++) ent[cur[nbk - q[2 * i + 1]]++] = q[2 * i];
    for (size_t i = 0; i < m; i++) {
        uint32_t d = cuzk_msm_digit(pl, &ctx->scalars[pts[i]], w);
        uint32_t b = d & ~CUZK_MSM_NEG;
        if (b) ent[cur[nbk - b]++] = pts[i] | (d & CUZK_MSM_NEG);
    }
}

/* Window w of the big points [lo, hi): buckets filled by accumulators
 * (msm_accum.h) when there are many buckets and points, else by sorting. */
static void window_task(const msm_ctx *ctx, xyzz *out, unsigned w, size_t lo, size_t hi)
{
    const cuzk_msm_plan *pl = ctx->plan;
    const uint32_t *pts = pl->big + lo;
    size_t m = hi - lo;
    uint32_t nbk = cuzk_msm_buckets(pl, w);
    bool use_acc = nbk >= MSM_ACC_MIN_BATCHES * MSM_ACC_BATCH && m >= nbk;
    size_t n_ent = m > nbk ? m : nbk;
    uint32_t group = scratch_group(n_ent);
    size_t ss = scratch_size(group);
    size_t ent_bytes = SCRATCH_ALIGN(n_ent * sizeof(uint32_t));
    size_t off_bytes = SCRATCH_ALIGN(((size_t)nbk + 1) * sizeof(uint32_t));
    size_t acc_bytes = use_acc ? accum_size(nbk, MSM_ACC_BATCH) : 0;
    unsigned char *mem = cuzk_alloc(ss + ent_bytes + 2 * off_bytes + acc_bytes);
    if (!mem) {
        /* no memory: the window by plain double-and-add per point */
        xyzz_set_inf(out);
        for (size_t i = 0; i < m; i++)
            xyzz_add_small_mul(out, &ctx->bases[pts[i]], cuzk_msm_digit(pl, &ctx->scalars[pts[i]], w));
        return;
    }
    scratch s;
    scratch_carve(&s, mem, group);
    uint32_t *ent = (uint32_t *)(mem + ss);
    uint32_t *off = (uint32_t *)(mem + ss + ent_bytes);
    uint32_t *cur = (uint32_t *)(mem + ss + ent_bytes + off_bytes);
    if (!use_acc) {
        sort_entries(ent, off, cur, nbk, ctx, w, NULL, 0, pts, m);
        window_sum(&s, out, ctx->bases, ent, off, nbk);
        cuzk_free(mem);
        return;
    }
    accum a;
    accum_carve(&a, mem + ss + ent_bytes + 2 * off_bytes, nbk, MSM_ACC_BATCH);
    size_t stop, nq;
    xyzz rest;
    xyzz_set_inf(&rest);
    if (accum_window(&a, ctx->bases, ctx->scalars, pl, w, pts, m, &stop, &nq)) {
        /* crowded buckets: the waiting entries and the unread points by sorting */
        sort_entries(ent, off, cur, nbk, ctx, w, a.q0, nq, pts + stop, m - stop);
        window_sum(&s, &rest, ctx->bases, ent, off, nbk);
    }
    /* the accumulators: one point per filled bucket, highest first */
    size_t k = 0;
    for (uint32_t b = nbk; b >= 1; b--) {
        off[nbk - b] = (uint32_t)k;
        if (a.state[b] != ACC_EMPTY) ent[k++] = b;
    }
    off[nbk] = (uint32_t)k;
    window_sum(&s, out, a.acc, ent, off, nbk);
    xyzz_add(out, &rest);
    cuzk_free(mem);
}

/* The plain sum of the bases listed in idx[0..m). */
static void ones_task(const msm_ctx *ctx, xyzz *out, const uint32_t *idx, size_t m)
{
    uint32_t group = scratch_group(m);
    unsigned char *mem = cuzk_alloc(scratch_size(group));
    if (!mem) {
        xyzz_set_inf(out);
        for (size_t i = 0; i < m; i++) xyzz_add_aff(out, &ctx->bases[idx[i]]);
        return;
    }
    scratch s;
    scratch_carve(&s, mem, group);
    uint32_t off[2] = {0, (uint32_t)m};
    buckets_sum(&s, out, ctx->bases, idx, off, 1);
    cuzk_free(mem);
}

static void msm_task(void *vctx, size_t t)
{
    const msm_ctx *ctx = vctx;
    const cuzk_msm_plan *pl = ctx->plan;
    size_t lo, hi;
    if (t < ctx->win_tasks) {
        unsigned w = (unsigned)(t / pl->big_chunks);
        chunk_range(pl->n_big, pl->big_chunks, t % pl->big_chunks, &lo, &hi);
        window_task(ctx, &ctx->res[t], w, lo, hi);
    } else {
        chunk_range(pl->n_ones, pl->one_chunks, t - ctx->win_tasks, &lo, &hi);
        ones_task(ctx, &ctx->res[t], pl->ones + lo, hi - lo);
    }
}

static bool msm_base_is_inf(const void *bases, size_t i)
{
    return aff_is_inf(&((const MSM_AFF *)bases)[i]);
}

/* acc += sum of the n (<= CUZK_MSM_MAX_POINTS) products. */
static void msm_part(xyzz *acc, const MSM_AFF *bases, const cuzk_scalar *scalars, size_t n,
                     cuzk_pool *pool)
{
    cuzk_msm_plan plan;
    bool done = false;
    if (cuzk_msm_plan_make(&plan, scalars, n, bases, msm_base_is_inf, cuzk_pool_threads(pool)) == 0) {
        size_t win_tasks = plan.n_big ? (size_t)plan.nwin * plan.big_chunks : 0;
        size_t tasks = win_tasks + plan.one_chunks;
        xyzz *res = cuzk_alloc_array(tasks ? tasks : 1, sizeof *res);
        if (res) {
            msm_ctx ctx = {bases, scalars, &plan, res, win_tasks};
            cuzk_pool_run(pool, tasks, msm_task, &ctx);
            /* Horner over the windows, top first; a fixed order keeps the
             * result independent of the thread count. */
            xyzz sum;
            xyzz_set_inf(&sum);
            for (unsigned w = plan.n_big ? plan.nwin : 0; w-- > 0;) {
                if (w + 1 < plan.nwin)
                    for (unsigned i = 0; i < plan.c; i++) xyzz_dbl(&sum, &sum);
                for (unsigned j = 0; j < plan.big_chunks; j++)
                    xyzz_add(&sum, &res[(size_t)w * plan.big_chunks + j]);
            }
            for (size_t t = win_tasks; t < tasks; t++) xyzz_add(&sum, &res[t]);
            xyzz_add(acc, &sum);
            cuzk_free(res);
            done = true;
        }
        cuzk_msm_plan_free(&plan);
    }
    if (!done) {
        /* out of memory: one scalar multiplication per point, no allocation */
        for (size_t i = 0; i < n; i++) {
            if (aff_is_inf(&bases[i])) continue;
            xyzz t;
            xyzz_mul(&t, &bases[i], scalars[i].l);
            xyzz_add(acc, &t);
        }
    }
}

void MSM_NAME(MSM_PROJ *out, const MSM_AFF *bases, const cuzk_scalar *scalars, size_t n,
              cuzk_pool *pool)
{
    xyzz acc;
    xyzz_set_inf(&acc);
    for (size_t at = 0; at < n; at += CUZK_MSM_MAX_POINTS) {
        size_t len = n - at < CUZK_MSM_MAX_POINTS ? n - at : CUZK_MSM_MAX_POINTS;
        msm_part(&acc, bases + at, scalars + at, len, pool);
    }
    xyzz_to_proj(out, &acc);
}
