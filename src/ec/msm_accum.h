/* CPU MSM template part: per-bucket affine accumulators fed in input order
 * (private; included by msm_impl.h after msm_bucket.h).
 *
 * Why a second way to fill buckets: sorting by bucket (msm_bucket.h) reads
 * the bases in random order, which for large inputs means a cache and TLB
 * miss per point. Here the bases stream in input order and only the bucket
 * array (a few MB at most) is accessed at random. Up to `batch` points are
 * added to distinct buckets at once with one shared inversion; a point whose
 * bucket already has an addition in flight waits for the next batch. When
 * the digits crowd into few buckets (waiting points pile up), the rest of
 * the window is handed back for the sorting path, which handles that well. */
#ifndef CUZK_EC_MSM_ACCUM_H
#define CUZK_EC_MSM_ACCUM_H

/* Additions per shared inversion. */
#ifndef MSM_ACC_BATCH
#define MSM_ACC_BATCH 1024
#endif
/* Windows with fewer buckets than this many batches sort instead: with
 * few buckets too many points would collide inside a batch. */
#ifndef MSM_ACC_MIN_BATCHES
#define MSM_ACC_MIN_BATCHES 4
#endif

enum { ACC_EMPTY = 0, ACC_FULL = 1, ACC_BUSY = 2 };

typedef struct {
    MSM_AFF *acc;       /* accumulator per bucket 1..n_buckets */
    uint8_t *state;     /* ACC_* per bucket */
    MSM_AFF *pt;        /* the batch: points to add ... */
    uint32_t *bk;       /* ... to these buckets */
    MSM_F *pre;         /* prefix products of the denominators */
    uint8_t *kind;
    uint32_t *q0, *q1;  /* waiting (entry, bucket) pairs, 2 * batch words each */
    uint32_t batch;
#ifdef MSM_ADD_MANY
    MSM_F **pa;         /* the batch as pointer pairs for MSM_ADD_MANY */
    const MSM_F **pb;
    void *add_scratch;
#endif
} accum;

/* A field with a batched affine-addition kernel (msm_g1.c: the IFMA one of
 * src/ff) defines MSM_ADD_MANY(a, b, inf, n, scratch), MSM_ADD_MANY_SCRATCH(n)
 * and MSM_ADD_MANY_OK() (the kernel runs fast on this CPU); accum_batch_add
 * then hands it the batch. */
#ifdef MSM_ADD_MANY
#define ACC_EXTRA_SIZE(batch) (2 * SCRATCH_ALIGN((batch) * sizeof(void *)) + SCRATCH_ALIGN(MSM_ADD_MANY_SCRATCH(batch)))
#else
#define ACC_EXTRA_SIZE(batch) 0
#endif

/* The batch buffers alone (the accumulators and states may live elsewhere). */
static size_t accum_batch_size(uint32_t batch)
{
    return SCRATCH_ALIGN(batch * sizeof(MSM_AFF)) + SCRATCH_ALIGN(batch * sizeof(uint32_t))
           + SCRATCH_ALIGN(batch * sizeof(MSM_F)) + SCRATCH_ALIGN(batch)
           + 2 * SCRATCH_ALIGN(2 * (size_t)batch * sizeof(uint32_t)) + ACC_EXTRA_SIZE(batch);
}

static size_t accum_size(uint32_t n_buckets, uint32_t batch)
{
    size_t nb = (size_t)n_buckets + 1;
    return SCRATCH_ALIGN(nb * sizeof(MSM_AFF)) + SCRATCH_ALIGN(nb) + accum_batch_size(batch);
}

/* Accumulators acc[0..n_buckets] and their states (set EMPTY here) owned by
 * the caller; the batch buffers carved from mem (accum_batch_size bytes). */
static void accum_carve_ext(accum *a, unsigned char *mem, MSM_AFF *acc, uint8_t *state, uint32_t n_buckets,
                            uint32_t batch)
{
#define CARVE(ptr, bytes) do { ptr = (void *)mem; mem += SCRATCH_ALIGN(bytes); } while (0)
    CARVE(a->pt, batch * sizeof(MSM_AFF));
    CARVE(a->bk, batch * sizeof(uint32_t));
    CARVE(a->pre, batch * sizeof(MSM_F));
    CARVE(a->kind, batch);
    CARVE(a->q0, 2 * (size_t)batch * sizeof(uint32_t));
    CARVE(a->q1, 2 * (size_t)batch * sizeof(uint32_t));
#ifdef MSM_ADD_MANY
    CARVE(a->pa, batch * sizeof(void *));
    CARVE(a->pb, batch * sizeof(void *));
    CARVE(a->add_scratch, MSM_ADD_MANY_SCRATCH(batch));
#endif
#undef CARVE
    a->acc = acc;
    a->state = state;
    a->batch = batch;
    memset(a->state, ACC_EMPTY, (size_t)n_buckets + 1);
}

static void accum_carve(accum *a, unsigned char *mem, uint32_t n_buckets, uint32_t batch)
{
    size_t nb = (size_t)n_buckets + 1;
    MSM_AFF *acc = (MSM_AFF *)mem;
    uint8_t *state = mem + SCRATCH_ALIGN(nb * sizeof(MSM_AFF));
    accum_carve_ext(a, mem + SCRATCH_ALIGN(nb * sizeof(MSM_AFF)) + SCRATCH_ALIGN(nb), acc, state, n_buckets, batch);
}

/* acc[bk[i]] += pt[i] for the np batch entries (distinct buckets). */
static void accum_batch_add(accum *a, size_t np)
{
#ifdef MSM_ADD_MANY
    if (MSM_ADD_MANY_OK()) {
        for (size_t i = 0; i < np; i++) {
            a->pa[i] = &a->acc[a->bk[i]].x;
            a->pb[i] = &a->pt[i].x;
        }
        MSM_ADD_MANY(a->pa, a->pb, a->kind, np, a->add_scratch);
        for (size_t i = 0; i < np; i++)
            a->state[a->bk[i]] = a->kind[i] ? ACC_EMPTY : ACC_FULL;
        return;
    }
#endif
    MSM_F prod, den, inv;
    f_set_one(&prod);
    for (size_t i = 0; i < np; i++) {
        if (i + 8 < np) {
            /* the accumulators are hit at random: fetch ahead of the product chain */
            const char *pf = (const char *)&a->acc[a->bk[i + 8]];
            __builtin_prefetch(pf, 1);
            __builtin_prefetch(pf + sizeof(MSM_AFF) - 1, 1);
        }
        uint8_t kind = pair_classify(&a->acc[a->bk[i]], &a->pt[i], &den);
        a->kind[i] = kind;
        a->pre[i] = prod;
        if (kind != PAIR_INF) f_mul(&prod, &prod, &den);
    }
    f_inv(&prod, &prod);
    for (size_t i = np; i-- > 0;) {
        if (i >= 8) {
            /* the forward pass's fetches left L1 long ago (a batch of
             * accumulators is ~100 KiB): fetch again, ahead of the chain */
            const char *pf = (const char *)&a->acc[a->bk[i - 8]];
            __builtin_prefetch(pf, 1);
            __builtin_prefetch(pf + sizeof(MSM_AFF) - 1, 1);
        }
        uint32_t b = a->bk[i];
        MSM_AFF *r = &a->acc[b];
        uint8_t kind = a->kind[i];
        a->state[b] = ACC_FULL;
        if (kind == PAIR_INF) {
            a->state[b] = ACC_EMPTY;
            continue;
        }
        f_mul(&inv, &prod, &a->pre[i]);
        pair_den(&den, r, &a->pt[i], kind);
        f_mul(&prod, &prod, &den);
        pair_finish(r, r, &a->pt[i], kind, &inv);
    }
}

/* Places entry e (base index | sign) of bucket b: into an empty bucket, into
 * the batch, or onto the waiting queue. */
static inline void accum_place(accum *a, const MSM_AFF *bases, uint32_t e, uint32_t b, size_t *np,
                               size_t *nq)
{
    uint8_t st = a->state[b];
    if (st & ACC_BUSY) {
        a->q1[2 * *nq] = e;
        a->q1[2 * *nq + 1] = b;
        ++*nq;
        return;
    }
    MSM_AFF *dst = st == ACC_EMPTY ? &a->acc[b] : &a->pt[*np];
    *dst = bases[e & ~CUZK_MSM_NEG];
    if (e & CUZK_MSM_NEG) f_neg(&dst->y, &dst->y);
    if (st == ACC_EMPTY) {
        a->state[b] = ACC_FULL;
    } else {
        a->state[b] = ACC_FULL | ACC_BUSY;
        a->bk[*np] = b;
        ++*np;
    }
}

/* Accumulates window w of the points pts[0..m). Returns true if it stopped
 * early because the buckets are crowded: then the entries not yet added are
 * the nq (entry, bucket) pairs in a->q0 and the points pts[stop..m). */
static bool accum_window(accum *a, const MSM_AFF *bases, const cuzk_scalar *scalars,
                         const cuzk_msm_plan *pl, unsigned w, const uint32_t *pts, size_t m,
                         size_t *stop, size_t *nq_out)
{
    size_t i = 0, nq0 = 0;
    uint32_t batch = a->batch;
    for (;;) {
        size_t np = 0, nq = 0;
        /* the waiting entries first: at most batch of them */
        for (size_t j = 0; j < nq0; j++) accum_place(a, bases, a->q0[2 * j], a->q0[2 * j + 1], &np, &nq);
        while (np < batch && nq < batch && i < m) {
            if (i + MSM_PREFETCH < m) __builtin_prefetch(&scalars[pts[i + MSM_PREFETCH]]);
            uint32_t d = cuzk_msm_digit(pl, &scalars[pts[i]], w);
            uint32_t b = d & ~CUZK_MSM_NEG;
            if (b) accum_place(a, bases, pts[i] | (d & CUZK_MSM_NEG), b, &np, &nq);
            i++;
        }
        if (np == 0) return false; /* nothing in flight means nothing waits either */
        accum_batch_add(a, np);
        uint32_t *t = a->q0; a->q0 = a->q1; a->q1 = t;
        nq0 = nq;
        if (nq == batch && np < batch / 4) {
            *stop = i;
            *nq_out = nq;
            return true;
        }
    }
}

#endif
