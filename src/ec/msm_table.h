/* CPU MSM template part: MSM over fixed bases with precomputed shifted
 * copies (private; included by msm_g1.c after msm_impl.h, whose tasks and
 * bucket machinery it reuses). The including file also defines
 *   MSM_TABLE                            the table's struct name
 *   MSM_TABLE_BYTES MSM_TABLE_CREATE MSM_TABLE_FREE MSM_TABLE_SIZE MSM_TABLE_RUN
 *   MSM_TABLE_RUN_MANY                   the public functions to define
 *   MSM_TABLE_MIN_POINTS                 fewer big points: the plain MSM; and
 *                                        the least points per chunk task (each
 *                                        chunk pays a full reduction)
 *
 * Why: the bases of a proving key (H above all) are the same for every
 * proof. Storing copy w = 2^(c w) B_i of every base for every window w turns
 * Pippenger's nwin windows into one: digit d_w of scalar i puts copy w of
 * base i into bucket |d_w|, all windows share one set of buckets, and there
 * is a single bucket reduction and no doubling between windows. Paying the
 * reduction once makes wide windows cheap, so there are fewer of them: with
 * c = 16 a 255-bit scalar costs 16 bucket additions instead of the 22 that
 * the c = 12 of a plain 2^16 MSM costs. The price: 16 copies of the bases
 * (1.5 KiB per G1 base) and 240 affine doublings per base, once. */
#ifndef CUZK_EC_MSM_TABLE_H
#define CUZK_EC_MSM_TABLE_H

/* The shape: signed 16-bit digits of scalars below 2^255. The top window
 * (bits 240..254 plus the carry of the signed digits below) then has digits
 * in [0, 2^15], the same bucket range as the signed windows. */
#define MSM_TABLE_C 16u
#define MSM_TABLE_BITS 255u
#define MSM_TABLE_NWIN ((MSM_TABLE_BITS + MSM_TABLE_C - 1) / MSM_TABLE_C)
/* Bases per build task: each doubling step of a chunk shares one inversion. */
#define MSM_TABLE_CHUNK 1024

struct MSM_TABLE {
    size_t n;       /* bases */
    unsigned c, nwin;
    MSM_AFF *pts;   /* copy w of base i at pts[w * n + i]; copy 0 = the bases */
};

/* ---- building: c affine doublings per copy, batched ---- */

/* p[i] = 2 p[i] for the k points with one shared inversion; pre: k scratch
 * elements. Infinity (0, 0) stays infinity, and so does a point with y = 0
 * (2-torsion: not in G1, but unchecked bases are allowed). */
static void table_batch_dbl(MSM_AFF *p, size_t k, MSM_F *pre)
{
    MSM_F acc, den, inv, lam, t, x3;
    f_set_one(&acc);
    for (size_t i = 0; i < k; i++) {
        pre[i] = acc;
        if (!f_is_zero(&p[i].y)) {
            f_dbl(&den, &p[i].y);
            f_mul(&acc, &acc, &den);
        }
    }
    f_inv(&acc, &acc);
    for (size_t i = k; i-- > 0;) {
        MSM_AFF *q = &p[i];
        if (f_is_zero(&q->y)) {
            memset(q, 0, sizeof *q);
            continue;
        }
        f_mul(&inv, &acc, &pre[i]);
        f_dbl(&den, &q->y);
        f_mul(&acc, &acc, &den);
        /* lambda = 3x^2 / 2y, x3 = lambda^2 - 2x, y3 = lambda (x - x3) - y */
        f_sqr(&lam, &q->x);
        f_dbl(&t, &lam);
        f_add(&lam, &lam, &t);
        f_mul(&lam, &lam, &inv);
        f_sqr(&x3, &lam);
        f_dbl(&t, &q->x);
        f_sub(&x3, &x3, &t);
        f_sub(&t, &q->x, &x3);
        f_mul(&t, &lam, &t);
        f_sub(&q->y, &t, &q->y);
        q->x = x3;
    }
}

typedef struct {
    struct MSM_TABLE *tb;
    const MSM_AFF *bases;
} table_build_ctx;

static void table_build_task(void *vctx, size_t j)
{
    const table_build_ctx *c = vctx;
    struct MSM_TABLE *tb = c->tb;
    size_t lo = j * MSM_TABLE_CHUNK;
    size_t k = tb->n - lo < MSM_TABLE_CHUNK ? tb->n - lo : MSM_TABLE_CHUNK;
    MSM_F pre[MSM_TABLE_CHUNK];
    memcpy(&tb->pts[lo], &c->bases[lo], k * sizeof(MSM_AFF));
    for (unsigned w = 1; w < tb->nwin; w++) {
        MSM_AFF *dst = &tb->pts[(size_t)w * tb->n + lo];
        memcpy(dst, dst - tb->n, k * sizeof(MSM_AFF));
        for (unsigned d = 0; d < tb->c; d++)
            table_batch_dbl(dst, k, pre);
    }
}

size_t MSM_TABLE_BYTES(size_t n)
{
    if (n > SIZE_MAX / sizeof(MSM_AFF) / MSM_TABLE_NWIN)
        return SIZE_MAX;
    return n * sizeof(MSM_AFF) * MSM_TABLE_NWIN + sizeof(struct MSM_TABLE);
}

int MSM_TABLE_CREATE(struct MSM_TABLE **out, const MSM_AFF *bases, size_t n, cuzk_pool *pool,
                     cuzk_err *err)
{
    if (!out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "msm table: NULL output pointer");
    *out = NULL;
    if (n && !bases)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "msm table: NULL bases for %zu points", n);
    if (n > CUZK_MSM_MAX_POINTS)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "msm table: %zu bases, at most %zu", n, (size_t)CUZK_MSM_MAX_POINTS);
    struct MSM_TABLE *tb = cuzk_alloc(sizeof *tb);
    MSM_AFF *pts = n ? cuzk_alloc_array(n * MSM_TABLE_NWIN, sizeof *pts) : NULL;
    if (!tb || (n && !pts)) {
        cuzk_free(tb);
        cuzk_free(pts);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "msm table: %zu bytes for %zu bases",
                            MSM_TABLE_BYTES(n), n);
    }
    tb->n = n;
    tb->c = MSM_TABLE_C;
    tb->nwin = MSM_TABLE_NWIN;
    tb->pts = pts;
    table_build_ctx c = {tb, bases};
    cuzk_pool_run(pool, (n + MSM_TABLE_CHUNK - 1) / MSM_TABLE_CHUNK, table_build_task, &c);
    *out = tb;
    return 0;
}

void MSM_TABLE_FREE(struct MSM_TABLE *tb)
{
    if (!tb)
        return;
    cuzk_free(tb->pts);
    cuzk_free(tb);
}

size_t MSM_TABLE_SIZE(const struct MSM_TABLE *tb) { return tb ? tb->n : 0; }

/* ---- the MSM: every window of a chunk of points into one set of buckets ----
 *
 * Several MSMs over tables whose results are summed (the prover's H and L
 * both go into C) share the buckets too: each part adds its digits to the
 * same accumulators, and the one reduction serves them all. */

typedef struct {
    msm_ctx m;      /* m.bases = copy 0 of the part's table */
    const struct MSM_TABLE *tb;
    cuzk_msm_plan plan;
} table_part;

typedef struct {
    table_part *parts;
    size_t n_parts;
    size_t chunks;      /* tasks [0, chunks): chunk j of every part's big points */
    xyzz *res;          /* one per task of the first run */
    MSM_AFF *acc;       /* chunk j's accumulators at acc[j * (nbk + 1) ..] */
    uint8_t *state;     /* and their states, likewise */
    size_t ranges;      /* the second run: bucket ranges, all chunks merged */
    xyzz *red;          /* one per range */
} table_ctx;

#define TABLE_NBK ((uint32_t)1 << (MSM_TABLE_C - 1))

/* Chunk j: every part's digits into chunk j's accumulators; *out gets what
 * the crowded-bucket fallback summed on the side. */
static void table_chunk(const table_ctx *tc, xyzz *out, size_t j)
{
    const uint32_t nbk = TABLE_NBK;
    MSM_AFF *acc = tc->acc + j * ((size_t)nbk + 1);
    uint8_t *state = tc->state + j * ((size_t)nbk + 1);
    size_t m_max = 0;
    for (size_t p = 0; p < tc->n_parts; p++) {
        size_t lo, hi;
        chunk_range(tc->parts[p].plan.n_big, tc->chunks, j, &lo, &hi);
        if (hi - lo > m_max) m_max = hi - lo;
    }
    size_t n_ent = m_max > nbk ? m_max : nbk;
    uint32_t group = scratch_group(n_ent);
    size_t ss = scratch_size(group);
    size_t ent_bytes = SCRATCH_ALIGN(n_ent * sizeof(uint32_t));
    size_t off_bytes = SCRATCH_ALIGN(((size_t)nbk + 1) * sizeof(uint32_t));
    unsigned char *mem = cuzk_alloc(ss + ent_bytes + 2 * off_bytes + accum_batch_size(MSM_ACC_BATCH));
    xyzz_set_inf(out);
    if (!mem) {
        /* no memory: plain double-and-add per (point, window); the
         * accumulators stay empty (table_msm set their states) */
        for (size_t p = 0; p < tc->n_parts; p++) {
            const table_part *tp = &tc->parts[p];
            size_t lo, hi;
            chunk_range(tp->plan.n_big, tc->chunks, j, &lo, &hi);
            for (unsigned w = 0; w < tp->plan.nwin; w++)
                for (size_t i = lo; i < hi; i++) {
                    uint32_t k = tp->plan.big[i];
                    xyzz_add_small_mul(out, &tp->tb->pts[(size_t)w * tp->tb->n + k],
                                       cuzk_msm_digit(&tp->plan, &tp->m.scalars[k], w));
                }
        }
        return;
    }
    scratch s;
    scratch_carve(&s, mem, group);
    uint32_t *ent = (uint32_t *)(mem + ss);
    uint32_t *off = (uint32_t *)(mem + ss + ent_bytes);
    uint32_t *cur = (uint32_t *)(mem + ss + ent_bytes + off_bytes);
    accum a;
    accum_carve_ext(&a, mem + ss + ent_bytes + 2 * off_bytes, acc, state, nbk, MSM_ACC_BATCH);
    for (size_t p = 0; p < tc->n_parts; p++) {
        const table_part *tp = &tc->parts[p];
        const cuzk_msm_plan *pl = &tp->plan;
        size_t lo, hi;
        chunk_range(pl->n_big, tc->chunks, j, &lo, &hi);
        const uint32_t *pts = pl->big + lo;
        size_t m = hi - lo;
        for (unsigned w = 0; m && w < pl->nwin; w++) {
            msm_ctx cw = tp->m;
            cw.bases = tp->tb->pts + (size_t)w * tp->tb->n;
            size_t stop, nq;
            if (accum_window(&a, cw.bases, cw.scalars, pl, w, pts, m, &stop, &nq)) {
                /* crowded buckets: the rest of this window by sorting, into the side sum */
                xyzz r;
                sort_entries(ent, off, cur, nbk, &cw, w, a.q0, nq, pts + stop, m - stop);
                window_sum(&s, &r, cw.bases, ent, off, nbk);
                xyzz_add(out, &r);
            }
        }
    }
    cuzk_free(mem);
}

/* Range r of the buckets: sum k * B_k over its k, where B_k merges every
 * chunk's accumulator k (the merge is the first round of the batch-affine
 * sums). True bucket ids throughout, so the ranges' results just add up. */
static void table_range(const table_ctx *tc, xyzz *out, size_t r)
{
    const uint32_t nbk = TABLE_NBK;
    const size_t nb1 = (size_t)nbk + 1;
    uint32_t lo = (uint32_t)((size_t)nbk * r / tc->ranges), hi = (uint32_t)((size_t)nbk * (r + 1) / tc->ranges);
    size_t n_ent = tc->chunks * (hi - lo);
    if (n_ent == 0) n_ent = 1;
    uint32_t group = scratch_group(n_ent);
    size_t ss = scratch_size(group);
    size_t ent_bytes = SCRATCH_ALIGN(n_ent * sizeof(uint32_t));
    unsigned char *mem = cuzk_alloc(ss + ent_bytes + nb1 * sizeof(uint32_t));
    if (!mem) {
        xyzz_set_inf(out);
        for (uint32_t b = lo + 1; b <= hi; b++)
            for (size_t c = 0; c < tc->chunks; c++)
                if (tc->state[c * nb1 + b] != ACC_EMPTY)
                    xyzz_add_small_mul(out, &tc->acc[c * nb1 + b], b);
        return;
    }
    scratch s;
    scratch_carve(&s, mem, group);
    uint32_t *ent = (uint32_t *)(mem + ss);
    uint32_t *off = (uint32_t *)(mem + ss + ent_bytes);
    /* slot p holds bucket nbk - p: empty outside (lo, hi] */
    size_t k = 0;
    for (uint32_t b = nbk; b >= 1; b--) {
        off[nbk - b] = (uint32_t)k;
        if (b > lo && b <= hi)
            for (size_t c = 0; c < tc->chunks; c++)
                if (tc->state[c * nb1 + b] != ACC_EMPTY) ent[k++] = (uint32_t)(c * nb1 + b);
    }
    off[nbk] = (uint32_t)k;
    window_sum(&s, out, tc->acc, ent, off, nbk);
    cuzk_free(mem);
}

static void table_range_task(void *vctx, size_t r)
{
    const table_ctx *tc = vctx;
    table_range(tc, &tc->red[r], r);
}

static void table_task(void *vctx, size_t t)
{
    const table_ctx *tc = vctx;
    if (t < tc->chunks) {
        table_chunk(tc, &tc->res[t], t);
        return;
    }
    /* then each part's chunks of 1-scalars */
    size_t u = t - tc->chunks;
    for (size_t p = 0; p < tc->n_parts; p++) {
        const table_part *tp = &tc->parts[p];
        if (u < tp->plan.one_chunks) {
            size_t lo, hi;
            chunk_range(tp->plan.n_ones, tp->plan.one_chunks, u, &lo, &hi);
            ones_task(&tp->m, &tc->res[t], tp->plan.ones + lo, hi - lo);
            return;
        }
        u -= tp->plan.one_chunks;
    }
}

static bool scalars_fit(const cuzk_scalar *scalars, size_t n)
{
    /* the shape covers scalars below 2^MSM_TABLE_BITS only */
    for (size_t i = 0; i < n; i++)
        if (scalars[i].l[3] >> (MSM_TABLE_BITS - 192))
            return false;
    return true;
}

/* The table path proper for the parts together; false when it does not
 * apply (too few points, scalars too wide) or has no memory: the caller
 * then runs each part on its own. */
static bool table_msm(xyzz *sum, const struct MSM_TABLE *const *tbs, const cuzk_scalar *const *scalars,
                      const size_t *ns, size_t n_parts, cuzk_pool *pool)
{
    for (size_t p = 0; p < n_parts; p++)
        if (!scalars_fit(scalars[p], ns[p]))
            return false;
    unsigned threads = cuzk_pool_threads(pool);
    table_part *parts = cuzk_alloc_array(n_parts ? n_parts : 1, sizeof *parts);
    if (!parts)
        return false;
    size_t made = 0, n_big = 0;
    bool ok = true;
    for (; made < n_parts; made++) {
        table_part *tp = &parts[made];
        if (cuzk_msm_plan_make(&tp->plan, scalars[made], ns[made], tbs[made]->pts, msm_base_is_inf,
                               threads) != 0) {
            ok = false;
            break;
        }
        n_big += tp->plan.n_big;
    }
    /* few points: the windows' own narrow reductions cost less than one wide one */
    size_t chunks = n_big / MSM_TABLE_MIN_POINTS;
    if (chunks > threads)
        chunks = threads;
    xyzz *res = NULL;
    size_t tasks = chunks, ranges = 2 * (size_t)threads;
    const size_t nb1 = (size_t)TABLE_NBK + 1;
    unsigned char *accs = NULL;
    if (ok && chunks > 0) {
        for (size_t p = 0; p < n_parts; p++) {
            cuzk_msm_plan_reshape(&parts[p].plan, MSM_TABLE_BITS, MSM_TABLE_C, (unsigned)chunks);
            tasks += parts[p].plan.one_chunks;
            parts[p].m = (msm_ctx){tbs[p]->pts, scalars[p], &parts[p].plan, NULL, 0};
            parts[p].tb = tbs[p];
        }
        res = cuzk_alloc_array(tasks + ranges, sizeof *res);
        /* every chunk's accumulators, then their states */
        accs = cuzk_alloc(SCRATCH_ALIGN(chunks * nb1 * sizeof(MSM_AFF)) + chunks * nb1);
        if (!accs) {
            cuzk_free(res);
            res = NULL;
        }
    }
    if (res) {
        MSM_AFF *acc = (MSM_AFF *)accs;
        uint8_t *state = accs + SCRATCH_ALIGN(chunks * nb1 * sizeof(MSM_AFF));
        memset(state, ACC_EMPTY, chunks * nb1);
        table_ctx tc = {parts, n_parts, chunks, res, acc, state, ranges, res + tasks};
        /* the digits into per-chunk buckets (and the 1-scalars), then the
         * buckets merged and reduced by ranges */
        cuzk_pool_run(pool, tasks, table_task, &tc);
        cuzk_pool_run(pool, ranges, table_range_task, &tc);
        /* every window already carries its weight: a plain sum, in task order */
        xyzz_set_inf(sum);
        for (size_t t = 0; t < tasks + ranges; t++)
            xyzz_add(sum, &res[t]);
        cuzk_free(res);
        cuzk_free(accs);
    }
    for (size_t p = 0; p < made; p++)
        cuzk_msm_plan_free(&parts[p].plan);
    cuzk_free(parts);
    return res != NULL;
}

int MSM_TABLE_RUN_MANY(MSM_PROJ *out, const struct MSM_TABLE *const *tbs, const cuzk_scalar *const *scalars,
                       const size_t *ns, size_t n_parts, cuzk_pool *pool, cuzk_err *err)
{
    if (!out || (n_parts && (!tbs || !scalars || !ns)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "msm table: NULL argument");
    for (size_t p = 0; p < n_parts; p++) {
        if (!tbs[p] || (ns[p] && !scalars[p]))
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "msm table: NULL table or scalars in part %zu", p);
        if (ns[p] > tbs[p]->n)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "msm table: part %zu has %zu scalars for a table of %zu bases", p, ns[p],
                                tbs[p]->n);
    }
    xyzz sum;
    if (table_msm(&sum, tbs, scalars, ns, n_parts, pool)) {
        xyzz_to_proj(out, &sum);
        return 0;
    }
    /* each part by the plain MSM on copy 0, summed */
    xyzz_set_inf(&sum);
    for (size_t p = 0; p < n_parts; p++)
        msm_part(&sum, tbs[p]->pts, scalars[p], ns[p], pool); /* ns[p] <= CUZK_MSM_MAX_POINTS */
    xyzz_to_proj(out, &sum);
    return 0;
}

int MSM_TABLE_RUN(MSM_PROJ *out, const struct MSM_TABLE *tb, const cuzk_scalar *scalars, size_t n,
                  cuzk_pool *pool, cuzk_err *err)
{
    if (!out || !tb || (n && !scalars))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "msm table: NULL argument");
    return MSM_TABLE_RUN_MANY(out, &tb, &scalars, &n, 1, pool, err);
}

#endif
