/* CPU MSM template part: bucket sums by batch-affine additions (private;
 * included by msm_impl.h after msm_xyzz.h). */
#ifndef CUZK_EC_MSM_BUCKET_H
#define CUZK_EC_MSM_BUCKET_H

/* Points per group: large enough that the few inversions per group are
 * cheap, small enough that the group's buffers stay in L2. */
#ifndef MSM_GROUP
#define MSM_GROUP 4096
#endif
/* How far ahead the gather of bases prefetches: far enough to cover a
 * DRAM miss, since the bases of a window are visited in random order. */
#ifndef MSM_PREFETCH
#define MSM_PREFETCH 48
#endif
/* A round with fewer pairs than this is not worth its inversion (about
 * 100 multiplications with the binary-GCD inverse; a pair costs 6 in a
 * round, 10 when fed to the running sum as it is): the leftover points go
 * to the running sum one by one instead. */
#ifndef MSM_TAIL_PAIRS
#define MSM_TAIL_PAIRS 32
#endif

/* ---- batch-affine bucket accumulation ---- */
enum { PAIR_ADD, PAIR_DBL, PAIR_INF, PAIR_COPY_A, PAIR_COPY_B };

typedef struct {
    uint32_t group;        /* points per group: MSM_GROUP, less for small inputs */
    MSM_AFF *t0, *t1;      /* ping-pong point buffers, group points each */
    MSM_F *pre;            /* prefix products of the denominators */
    uint32_t *pin, *pout;  /* a pair's first input and its output position */
    uint8_t *kind;
    uint32_t *cnt0, *cnt1; /* points per bucket of the group */
    uint32_t *bid;         /* bucket id per bucket of the group */
#ifdef MSM_ADD_MANY
    MSM_F **pa;            /* a round's additions as pointer pairs for MSM_ADD_MANY */
    const MSM_F **pb;
    void *add_scratch;
#endif
} scratch;

#define SCRATCH_ALIGN(bytes) (((bytes) + 63) & ~(size_t)63)

/* Scratch for groups of up to min(MSM_GROUP, points) points: small inputs
 * should not pay for (and page-fault in) buffers they never fill. */
static uint32_t scratch_group(size_t points)
{
    return points < MSM_GROUP ? (uint32_t)(points > 1 ? points : 1) : MSM_GROUP;
}

static size_t scratch_size(uint32_t group)
{
    size_t g = group, h = group / 2 + 1;
    return 2 * SCRATCH_ALIGN(g * sizeof(MSM_AFF)) + SCRATCH_ALIGN(h * sizeof(MSM_F))
           + 2 * SCRATCH_ALIGN(h * sizeof(uint32_t)) + SCRATCH_ALIGN(h)
           + 3 * SCRATCH_ALIGN(g * sizeof(uint32_t))
#ifdef MSM_ADD_MANY
           + 2 * SCRATCH_ALIGN(h * sizeof(void *)) + SCRATCH_ALIGN(MSM_ADD_MANY_SCRATCH(h))
#endif
        ;
}

static void scratch_carve(scratch *s, unsigned char *mem, uint32_t group)
{
    size_t g = group, h = group / 2 + 1;
    s->group = group;
#define CARVE(ptr, bytes) do { ptr = (void *)mem; mem += SCRATCH_ALIGN(bytes); } while (0)
    CARVE(s->t0, g * sizeof(MSM_AFF));
    CARVE(s->t1, g * sizeof(MSM_AFF));
    CARVE(s->pre, h * sizeof(MSM_F));
    CARVE(s->pin, h * sizeof(uint32_t));
    CARVE(s->pout, h * sizeof(uint32_t));
    CARVE(s->kind, h);
    CARVE(s->cnt0, g * sizeof(uint32_t));
    CARVE(s->cnt1, g * sizeof(uint32_t));
    CARVE(s->bid, g * sizeof(uint32_t));
#ifdef MSM_ADD_MANY
    CARVE(s->pa, h * sizeof(void *));
    CARVE(s->pb, h * sizeof(void *));
    CARVE(s->add_scratch, MSM_ADD_MANY_SCRATCH(h));
#endif
#undef CARVE
}

/* a + b for affine a, b, neither infinity: the kind of the sum and, unless
 * it is infinity (b = -a), the denominator of its slope. */
static inline uint8_t pair_classify(const MSM_AFF *a, const MSM_AFF *b, MSM_F *den)
{
    if (!f_eq(&a->x, &b->x)) {
        f_sub(den, &b->x, &a->x);
        return PAIR_ADD;
    }
    if (f_eq(&a->y, &b->y) && !f_is_zero(&a->y)) {
        f_dbl(den, &a->y);
        return PAIR_DBL;
    }
    return PAIR_INF; /* b = -a (or a 2-torsion point doubled) */
}

static inline void pair_den(MSM_F *den, const MSM_AFF *a, const MSM_AFF *b, uint8_t kind)
{
    if (kind == PAIR_ADD) f_sub(den, &b->x, &a->x);
    else f_dbl(den, &a->y);
}

/* r = a + b given inv = 1 / denominator (r may alias a or b). */
static inline void pair_finish(MSM_AFF *r, const MSM_AFF *a, const MSM_AFF *b, uint8_t kind,
                               const MSM_F *inv)
{
    MSM_F lam, t, x3;
    if (kind == PAIR_ADD) {
        f_sub(&lam, &b->y, &a->y);
    } else { /* doubling: lambda = 3x^2 / 2y */
        f_sqr(&lam, &a->x);
        f_dbl(&t, &lam);
        f_add(&lam, &lam, &t);
    }
    f_mul(&lam, &lam, inv);
    /* x3 = lam^2 - xa - xb, y3 = lam (xa - x3) - ya (xb = xa when doubling) */
    f_sqr(&x3, &lam);
    f_sub(&x3, &x3, &a->x);
    f_sub(&x3, &x3, &b->x);
    f_sub(&t, &a->x, &x3);
    f_mul(&t, &lam, &t);
    f_sub(&r->y, &t, &a->y);
    r->x = x3;
}

/* One round: t1[pout[i]] = t0[pin[i]] + t0[pin[i] + 1] for the np pairs,
 * with one inversion (Montgomery's trick) for all of them. */
static void batch_add(scratch *s, size_t np)
{
#ifdef MSM_ADD_MANY
    if (MSM_ADD_MANY_OK()) {
        /* r = a, then r += b for the pairs with neither at infinity */
        size_t k = 0;
        for (size_t i = 0; i < np; i++) {
            const MSM_AFF *a = &s->t0[s->pin[i]], *b = a + 1;
            MSM_AFF *r = &s->t1[s->pout[i]];
            if (aff_is_inf(a)) {
                *r = *b;
            } else if (aff_is_inf(b)) {
                *r = *a;
            } else {
                *r = *a;
                s->pa[k] = &r->x;
                s->pb[k] = &b->x;
                k++;
            }
        }
        MSM_ADD_MANY(s->pa, s->pb, s->kind, k, s->add_scratch);
        for (size_t i = 0; i < k; i++)
            if (s->kind[i]) memset(s->pa[i], 0, sizeof(MSM_AFF)); /* b = -a: infinity */
        return;
    }
#endif
    MSM_F acc, den;
    f_set_one(&acc);
    for (size_t i = 0; i < np; i++) {
        const MSM_AFF *a = &s->t0[s->pin[i]], *b = a + 1;
        uint8_t kind;
        if (aff_is_inf(a)) kind = PAIR_COPY_B;
        else if (aff_is_inf(b)) kind = PAIR_COPY_A;
        else kind = pair_classify(a, b, &den);
        s->kind[i] = kind;
        s->pre[i] = acc;
        if (kind == PAIR_ADD || kind == PAIR_DBL) f_mul(&acc, &acc, &den);
    }
    f_inv(&acc, &acc);
    for (size_t i = np; i-- > 0;) {
        const MSM_AFF *a = &s->t0[s->pin[i]], *b = a + 1;
        MSM_AFF *r = &s->t1[s->pout[i]];
        uint8_t kind = s->kind[i];
        MSM_F inv;
        switch (kind) {
        case PAIR_COPY_A: *r = *a; continue;
        case PAIR_COPY_B: *r = *b; continue;
        case PAIR_INF: memset(r, 0, sizeof *r); continue;
        default:
            f_mul(&inv, &acc, &s->pre[i]);
            pair_den(&den, a, b, kind);
            f_mul(&acc, &acc, &den);
            pair_finish(r, a, b, kind, &inv);
        }
    }
}

/* Where bucket sums go: straight into a running sum, or, for the two-level
 * reduction of a wide window, into a list of (bucket, point) pieces. */
typedef struct {
    runsum *rs;          /* direct mode when non-NULL */
    MSM_AFF *pt;         /* pieces: cap points ... */
    uint32_t *bucket;    /* ... and their bucket ids, in descending order */
    size_t n, cap;
    uint32_t *ent, *off; /* cap entries; 2 * (max(H, L) + 1) offsets */
    unsigned h;          /* bucket k = hi * 2^h + lo */
    uint32_t n_hi, n_lo; /* hi runs 1..n_hi, lo 1..n_lo */
    xyzz acc;            /* the flushed part of sum k * B_k */
} sink;

/* Sums a group of nb buckets (ids s->bid[], counts s->cnt0[], highest id
 * first) whose entries are ent[0..len) in the same order, and hands the
 * bucket sums to the sink: at most nb + 2 * MSM_TAIL_PAIRS points (a round
 * stops once fewer pairs than that remain). */
static void group_sum(scratch *s, sink *out, const MSM_AFF *bases, const uint32_t *ent, size_t len,
                      size_t nb)
{
    for (size_t k = 0; k < len; k++) {
        if (k + MSM_PREFETCH < len) {
            const char *pf = (const char *)&bases[ent[k + MSM_PREFETCH] & ~CUZK_MSM_NEG];
            __builtin_prefetch(pf);
            __builtin_prefetch(pf + sizeof(MSM_AFF) - 1);
        }
        uint32_t e = ent[k];
        s->t0[k] = bases[e & ~CUZK_MSM_NEG];
        if (e & CUZK_MSM_NEG) f_neg(&s->t0[k].y, &s->t0[k].y);
    }
    uint32_t *cnt = s->cnt0, *ncnt = s->cnt1;
    for (;;) {
        size_t np = 0, in = 0, out = 0;
        for (size_t j = 0; j < nb; j++) {
            uint32_t c = cnt[j], pairs = c / 2;
            for (uint32_t t = 0; t < pairs; t++) {
                s->pin[np] = (uint32_t)(in + 2 * t);
                s->pout[np] = (uint32_t)(out + t);
                np++;
            }
            ncnt[j] = pairs + (c & 1);
            in += c;
            out += ncnt[j];
        }
        if (np < MSM_TAIL_PAIRS) break; /* t0 and cnt still hold the current state */
        /* carry the odd points over, then add the pairs */
        in = out = 0;
        for (size_t j = 0; j < nb; j++) {
            uint32_t c = cnt[j];
            if (c & 1) s->t1[out + c / 2] = s->t0[in + c - 1];
            in += c;
            out += ncnt[j];
        }
        batch_add(s, np);
        MSM_AFF *tp = s->t0; s->t0 = s->t1; s->t1 = tp;
        uint32_t *cp = cnt; cnt = ncnt; ncnt = cp;
    }
    size_t in = 0;
    for (size_t j = 0; j < nb; j++) {
        for (uint32_t t = 0; t < cnt[j]; t++) {
            const MSM_AFF *p = &s->t0[in + t];
            if (out->rs) {
                runsum_feed(out->rs, s->bid[j], p);
            } else if (!aff_is_inf(p)) {
                out->pt[out->n] = *p;
                out->bucket[out->n++] = s->bid[j];
            }
        }
        in += cnt[j];
    }
}

static void sink_flush(scratch *s, sink *sk);

/* Walks the buckets of ent[] (sorted by bucket id descending; slot p in
 * 0..n_buckets-1 holds bucket n_buckets - p in ent[off[p] .. off[p+1]))
 * a group at a time into the sink. */
static void buckets_walk(scratch *s, sink *sk, const MSM_AFF *bases, const uint32_t *ent,
                         const uint32_t *off, uint32_t n_buckets)
{
    uint32_t p = 0;
    while (p < n_buckets) {
        uint32_t c = off[p + 1] - off[p];
        if (c == 0) {
            p++;
            continue;
        }
        if (c > s->group) {
            /* an overfull bucket is summed in slices */
            for (uint32_t at = off[p], len; at < off[p + 1]; at += len) {
                len = off[p + 1] - at < s->group ? off[p + 1] - at : s->group;
                if (!sk->rs && sk->n + len > sk->cap) sink_flush(s, sk);
                s->bid[0] = n_buckets - p;
                s->cnt0[0] = len;
                group_sum(s, sk, bases, ent + at, len, 1);
            }
            p++;
            continue;
        }
        /* the longest run of buckets from p that fits a group */
        uint32_t end = p, len = 0;
        while (end < n_buckets && off[end + 1] - off[end] <= s->group - len) {
            len += off[end + 1] - off[end];
            end++;
        }
        /* a flush reuses s->bid and s->cnt0: make room before filling them */
        if (!sk->rs && sk->n + len > sk->cap) sink_flush(s, sk);
        size_t nb = 0;
        for (uint32_t q = p; q < end; q++) {
            uint32_t ck = off[q + 1] - off[q];
            if (!ck) continue;
            s->bid[nb] = n_buckets - q;
            s->cnt0[nb] = ck;
            nb++;
        }
        group_sum(s, sk, bases, ent + off[p], len, nb);
        p = end;
    }
}

/* sum k * B_k of one window by running sums from the top bucket down. */
static void buckets_sum(scratch *s, xyzz *out, const MSM_AFF *bases, const uint32_t *ent,
                        const uint32_t *off, uint32_t n_buckets)
{
    runsum rs;
    runsum_init(&rs, n_buckets);
    sink sk = {.rs = &rs};
    buckets_walk(s, &sk, bases, ent, off, n_buckets);
    runsum_finish(&rs);
    *out = rs.total;
}

/* The two-level reduction of the pieces collected so far. With k = hi 2^h
 * + lo, sum k B_k = 2^h sum_hi hi C_hi + sum_lo lo D_lo, where C_hi (D_lo)
 * is the plain sum of the pieces with that hi (lo). Plain sums are cheap
 * batch-affine additions, and the two running sums left are short, so this
 * costs about two affine additions per bucket instead of two XYZZ ones. */
static void sink_flush(scratch *s, sink *sk)
{
    if (sk->n == 0) return;
    uint32_t mask = ((uint32_t)1 << sk->h) - 1;
    uint32_t *off = sk->off, *cur = sk->off + (sk->n_hi > sk->n_lo ? sk->n_hi : sk->n_lo) + 1;
    xyzz shi, slo;
    /* the pieces are in descending bucket order, so already grouped by hi */
    memset(off, 0, ((size_t)sk->n_hi + 1) * sizeof *off);
    size_t m = 0;
    for (size_t i = 0; i < sk->n; i++) {
        uint32_t hi = sk->bucket[i] >> sk->h;
        if (hi) {
            off[sk->n_hi - hi + 1]++;
            sk->ent[m++] = (uint32_t)i;
        }
    }
    for (uint32_t p = 0; p < sk->n_hi; p++) off[p + 1] += off[p];
    buckets_sum(s, &shi, sk->pt, sk->ent, off, sk->n_hi);
    /* by lo: a counting sort */
    memset(off, 0, ((size_t)sk->n_lo + 1) * sizeof *off);
    for (size_t i = 0; i < sk->n; i++) {
        uint32_t lo = sk->bucket[i] & mask;
        if (lo) off[sk->n_lo - lo + 1]++;
    }
    for (uint32_t p = 0; p < sk->n_lo; p++) off[p + 1] += off[p];
    memcpy(cur, off, (size_t)sk->n_lo * sizeof *cur);
    for (size_t i = 0; i < sk->n; i++) {
        uint32_t lo = sk->bucket[i] & mask;
        if (lo) sk->ent[cur[sk->n_lo - lo]++] = (uint32_t)i;
    }
    buckets_sum(s, &slo, sk->pt, sk->ent, off, sk->n_lo);
    for (unsigned i = 0; i < sk->h; i++) xyzz_dbl(&shi, &shi);
    xyzz_add(&shi, &slo);
    xyzz_add(&sk->acc, &shi);
    sk->n = 0;
}

/* sum k * B_k of one window, two-level when the window is wide enough for
 * it to pay, falling back to plain running sums without memory for it. */
static void window_sum(scratch *s, xyzz *out, const MSM_AFF *bases, const uint32_t *ent,
                       const uint32_t *off, uint32_t n_buckets)
{
    if (n_buckets < (uint32_t)1 << CUZK_MSM_TWO_LEVEL_LOG) {
        buckets_sum(s, out, bases, ent, off, n_buckets);
        return;
    }
    sink sk = {0};
    sk.h = (unsigned)(31 - __builtin_clz(n_buckets)) / 2;
    sk.n_hi = n_buckets >> sk.h;
    sk.n_lo = ((uint32_t)1 << sk.h) - 1;
    /* room for every bucket plus the tails of a few groups; a flush makes room */
    sk.cap = (size_t)n_buckets + n_buckets / 4 + s->group;
    size_t noff = 2 * ((size_t)(sk.n_hi > sk.n_lo ? sk.n_hi : sk.n_lo) + 1);
    size_t pt_bytes = SCRATCH_ALIGN(sk.cap * sizeof(MSM_AFF));
    size_t ix_bytes = SCRATCH_ALIGN(sk.cap * sizeof(uint32_t));
    unsigned char *mem = cuzk_alloc(pt_bytes + 2 * ix_bytes + noff * sizeof(uint32_t));
    if (!mem) {
        buckets_sum(s, out, bases, ent, off, n_buckets);
        return;
    }
    sk.pt = (MSM_AFF *)mem;
    sk.bucket = (uint32_t *)(mem + pt_bytes);
    sk.ent = (uint32_t *)(mem + pt_bytes + ix_bytes);
    sk.off = (uint32_t *)(mem + pt_bytes + 2 * ix_bytes);
    xyzz_set_inf(&sk.acc);
    buckets_walk(s, &sk, bases, ent, off, n_buckets);
    sink_flush(s, &sk);
    *out = sk.acc;
    cuzk_free(mem);
}

#endif
