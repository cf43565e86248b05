/* CPU MSM engine, written once for G1 and G2 (private template header).
 *
 * The including file defines, before including this:
 *   MSM_F, MSM_AFF, MSM_PROJ   the field, affine and Jacobian types
 *   f_add f_sub f_dbl f_neg f_mul f_sqr f_inv f_is_zero f_eq f_set_one
 *                              static inline field helpers
 *   MSM_NAME                   the public function to define
 *   MSM_IS_INF                 bool (*)(const void *bases, size_t i)
 *
 * Pipeline of one window (of one chunk of points):
 *   1. counting sort of the points by |digit| (the sign rides in the index);
 *   2. buckets are summed a group at a time (a run of buckets holding at most
 *      GROUP points): every round adds pairs of points of the same bucket in
 *      affine coordinates, all pairs of the round sharing one inversion;
 *   3. bucket sums feed the running-sum reduction (sum k*B_k), kept in XYZZ
 *      coordinates, from the top bucket down.
 * The windows are then combined by doubling. */
#include <string.h>

#include "ec/msm.h"

/* Points per group: large enough that the few inversions per group are
 * cheap, small enough that the group's buffers stay near the cache. */
#ifndef MSM_GROUP
#define MSM_GROUP 8192
#endif
/* A round with fewer pairs than this is not worth its inversion: the
 * leftover points go to the running sum one by one instead. */
/* How far ahead the gather of bases prefetches: far enough to cover a
 * DRAM miss, since the bases of a window are visited in random order. */
#ifndef MSM_PREFETCH
#define MSM_PREFETCH 48
#endif
/* Windows with at least this many buckets use the two-level reduction. */
#ifndef MSM_TWO_LEVEL_MIN
#define MSM_TWO_LEVEL_MIN 256
#endif
#ifndef MSM_TAIL_PAIRS
#define MSM_TAIL_PAIRS 96
#endif

/* ---- XYZZ coordinates: x = X/ZZ, y = Y/ZZZ, ZZ^3 = ZZZ^2; ZZ = 0 is infinity ---- */
typedef struct { MSM_F x, y, zz, zzz; } xyzz;

static inline bool xyzz_is_inf(const xyzz *p) { return f_is_zero(&p->zz); }
static inline void xyzz_set_inf(xyzz *p) { memset(p, 0, sizeof *p); }

static inline bool aff_is_inf(const MSM_AFF *a) { return f_is_zero(&a->x) && f_is_zero(&a->y); }

/* r = 2 (x, y), affine input, y = 0 gives infinity. */
static void xyzz_dbl_aff(xyzz *r, const MSM_F *x, const MSM_F *y)
{
    MSM_F u, v, w, s, m, t;
    f_dbl(&u, y);
    f_sqr(&v, &u);
    f_mul(&w, &u, &v);
    f_mul(&s, x, &v);
    f_sqr(&m, x);
    f_dbl(&t, &m);
    f_add(&m, &m, &t);              /* 3x^2 (a = 0) */
    f_sqr(&r->x, &m);
    f_dbl(&t, &s);
    f_sub(&r->x, &r->x, &t);
    f_sub(&t, &s, &r->x);
    f_mul(&t, &m, &t);
    f_mul(&r->y, &w, y);
    f_sub(&r->y, &t, &r->y);
    r->zz = v;
    r->zzz = w;
}

static void xyzz_dbl(xyzz *r, const xyzz *p)
{
    MSM_F u, v, w, s, m, t;
    f_dbl(&u, &p->y);
    f_sqr(&v, &u);
    f_mul(&w, &u, &v);
    f_mul(&s, &p->x, &v);
    f_sqr(&m, &p->x);
    f_dbl(&t, &m);
    f_add(&m, &m, &t);
    f_mul(&r->zz, &p->zz, &v);
    f_mul(&r->zzz, &p->zzz, &w);
    f_mul(&w, &w, &p->y);
    f_sqr(&r->x, &m);
    f_dbl(&t, &s);
    f_sub(&r->x, &r->x, &t);
    f_sub(&t, &s, &r->x);
    f_mul(&t, &m, &t);
    f_sub(&r->y, &t, &w);
}

/* r += q, q affine and not infinity. */
static void xyzz_add_aff(xyzz *r, const MSM_AFF *q)
{
    if (xyzz_is_inf(r)) {
        r->x = q->x;
        r->y = q->y;
        f_set_one(&r->zz);
        f_set_one(&r->zzz);
        return;
    }
    MSM_F u2, s2, p, rr, pp, ppp, qq, t;
    f_mul(&u2, &q->x, &r->zz);
    f_mul(&s2, &q->y, &r->zzz);
    f_sub(&p, &u2, &r->x);
    f_sub(&rr, &s2, &r->y);
    if (f_is_zero(&p)) {
        if (f_is_zero(&rr)) xyzz_dbl_aff(r, &q->x, &q->y);
        else xyzz_set_inf(r);
        return;
    }
    f_sqr(&pp, &p);
    f_mul(&ppp, &p, &pp);
    f_mul(&qq, &r->x, &pp);
    f_mul(&r->zz, &r->zz, &pp);
    f_mul(&r->zzz, &r->zzz, &ppp);
    f_sqr(&r->x, &rr);
    f_sub(&r->x, &r->x, &ppp);
    f_dbl(&t, &qq);
    f_sub(&r->x, &r->x, &t);
    f_sub(&t, &qq, &r->x);
    f_mul(&t, &rr, &t);
    f_mul(&ppp, &r->y, &ppp);
    f_sub(&r->y, &t, &ppp);
}

/* r += q (r may not alias q). */
static void xyzz_add(xyzz *r, const xyzz *q)
{
    if (xyzz_is_inf(q)) return;
    if (xyzz_is_inf(r)) {
        *r = *q;
        return;
    }
    MSM_F u1, u2, s1, s2, p, rr, pp, ppp, qq, t;
    f_mul(&u1, &r->x, &q->zz);
    f_mul(&u2, &q->x, &r->zz);
    f_mul(&s1, &r->y, &q->zzz);
    f_mul(&s2, &q->y, &r->zzz);
    f_sub(&p, &u2, &u1);
    f_sub(&rr, &s2, &s1);
    if (f_is_zero(&p)) {
        if (f_is_zero(&rr)) xyzz_dbl(r, r);
        else xyzz_set_inf(r);
        return;
    }
    f_sqr(&pp, &p);
    f_mul(&ppp, &p, &pp);
    f_mul(&qq, &u1, &pp);
    f_mul(&r->zz, &r->zz, &q->zz);
    f_mul(&r->zz, &r->zz, &pp);
    f_mul(&r->zzz, &r->zzz, &q->zzz);
    f_mul(&r->zzz, &r->zzz, &ppp);
    f_sqr(&r->x, &rr);
    f_sub(&r->x, &r->x, &ppp);
    f_dbl(&t, &qq);
    f_sub(&r->x, &r->x, &t);
    f_sub(&t, &qq, &r->x);
    f_mul(&t, &rr, &t);
    f_mul(&ppp, &s1, &ppp);
    f_sub(&r->y, &t, &ppp);
}

/* Jacobian (X, Y, Z) with Z = ZZZ: X = x ZZ^2, Y = y ZZZ^2 (uses ZZ^3 = ZZZ^2). */
static void xyzz_to_proj(MSM_PROJ *r, const xyzz *p)
{
    if (xyzz_is_inf(p)) {
        f_set_one(&r->x);
        f_set_one(&r->y);
        memset(&r->z, 0, sizeof r->z);
        return;
    }
    MSM_F t;
    f_sqr(&t, &p->zz);
    f_mul(&r->x, &p->x, &t);
    f_sqr(&t, &p->zzz);
    f_mul(&r->y, &p->y, &t);
    r->z = p->zzz;
}

/* r += |d| * P (sign in d), by double-and-add: the memory-free fallback. */
static void xyzz_add_small_mul(xyzz *r, const MSM_AFF *p, uint32_t d)
{
    uint32_t k = d & ~CUZK_MSM_NEG;
    if (k == 0) return;
    MSM_AFF q = *p;
    if (d & CUZK_MSM_NEG) f_neg(&q.y, &q.y);
    xyzz acc;
    xyzz_set_inf(&acc);
    for (int b = 31 - __builtin_clz(k); b >= 0; b--) {
        xyzz_dbl(&acc, &acc);
        if (k >> b & 1) xyzz_add_aff(&acc, &q);
    }
    xyzz_add(r, &acc);
}

/* r = k * P over all 256 bits: the memory-free fallback. */
static void xyzz_mul(xyzz *r, const MSM_AFF *p, const uint64_t k[4])
{
    xyzz_set_inf(r);
    for (int b = 255; b >= 0; b--) {
        xyzz_dbl(r, r);
        if (k[b >> 6] >> (b & 63) & 1) xyzz_add_aff(r, p);
    }
}

/* r = g * P for a small positive integer g (P in XYZZ, r != P). */
static void xyzz_mul_small(xyzz *r, const xyzz *p, uint32_t g)
{
    xyzz_set_inf(r);
    for (int b = 31 - __builtin_clz(g); b >= 0; b--) {
        xyzz_dbl(r, r);
        if (g >> b & 1) xyzz_add(r, p);
    }
}

/* ---- the running sum: total = sum_k k * B_k, fed from the top bucket down ---- */
typedef struct {
    xyzz running, total;
    uint32_t cur; /* lowest bucket id fed so far; its total += running is still owed */
} runsum;

static void runsum_init(runsum *s, uint32_t n_buckets)
{
    xyzz_set_inf(&s->running);
    xyzz_set_inf(&s->total);
    s->cur = n_buckets + 1;
}

/* Settles every bucket id in (k, cur]: each adds the running sum once. */
static void runsum_advance(runsum *s, uint32_t k)
{
    uint32_t g = s->cur - k;
    s->cur = k;
    if (xyzz_is_inf(&s->running) || g == 0) return;
    if (g < 8) {
        while (g--) xyzz_add(&s->total, &s->running);
    } else {
        /* a long run of empty buckets: one small multiple instead of g adds */
        xyzz t;
        xyzz_mul_small(&t, &s->running, g);
        xyzz_add(&s->total, &t);
    }
}

static void runsum_feed(runsum *s, uint32_t k, const MSM_AFF *p)
{
    if (k < s->cur) runsum_advance(s, k);
    if (!aff_is_inf(p)) xyzz_add_aff(&s->running, p);
}

static void runsum_finish(runsum *s) { runsum_advance(s, 0); }

/* ---- batch-affine bucket accumulation ---- */
enum { PAIR_ADD, PAIR_DBL, PAIR_INF, PAIR_COPY_A, PAIR_COPY_B };

typedef struct {
    MSM_AFF *t0, *t1;      /* ping-pong point buffers, MSM_GROUP each */
    MSM_F *pre;            /* prefix products of the denominators */
    uint32_t *pin, *pout;  /* a pair's first input and its output position */
    uint8_t *kind;
    uint32_t *cnt0, *cnt1; /* points per bucket of the group */
    uint32_t *bid;         /* bucket id per bucket of the group */
} scratch;

#define SCRATCH_ALIGN(bytes) (((bytes) + 63) & ~(size_t)63)

static size_t scratch_size(void)
{
    size_t g = MSM_GROUP, h = MSM_GROUP / 2 + 1;
    return 2 * SCRATCH_ALIGN(g * sizeof(MSM_AFF)) + SCRATCH_ALIGN(h * sizeof(MSM_F))
           + 2 * SCRATCH_ALIGN(h * sizeof(uint32_t)) + SCRATCH_ALIGN(h)
           + 3 * SCRATCH_ALIGN(g * sizeof(uint32_t));
}

static void scratch_carve(scratch *s, unsigned char *mem)
{
    size_t g = MSM_GROUP, h = MSM_GROUP / 2 + 1;
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
#undef CARVE
}

/* One round: t1[pout[i]] = t0[pin[i]] + t0[pin[i] + 1] for the np pairs,
 * with one inversion (Montgomery's trick) for all of them. */
static void batch_add(scratch *s, size_t np)
{
    MSM_F acc, den;
    f_set_one(&acc);
    for (size_t i = 0; i < np; i++) {
        const MSM_AFF *a = &s->t0[s->pin[i]], *b = a + 1;
        uint8_t kind;
        if (aff_is_inf(a)) kind = PAIR_COPY_B;
        else if (aff_is_inf(b)) kind = PAIR_COPY_A;
        else if (!f_eq(&a->x, &b->x)) kind = PAIR_ADD;
        else if (f_eq(&a->y, &b->y) && !f_is_zero(&a->y)) kind = PAIR_DBL;
        else kind = PAIR_INF; /* b = -a (or a 2-torsion point doubled) */
        s->kind[i] = kind;
        s->pre[i] = acc;
        if (kind == PAIR_ADD) {
            f_sub(&den, &b->x, &a->x);
            f_mul(&acc, &acc, &den);
        } else if (kind == PAIR_DBL) {
            f_dbl(&den, &a->y);
            f_mul(&acc, &acc, &den);
        }
    }
    f_inv(&acc, &acc);
    for (size_t i = np; i-- > 0;) {
        const MSM_AFF *a = &s->t0[s->pin[i]], *b = a + 1;
        MSM_AFF *r = &s->t1[s->pout[i]];
        MSM_F inv, lam, t, x3;
        switch (s->kind[i]) {
        case PAIR_COPY_A: *r = *a; continue;
        case PAIR_COPY_B: *r = *b; continue;
        case PAIR_INF: memset(r, 0, sizeof *r); continue;
        case PAIR_ADD:
            f_mul(&inv, &acc, &s->pre[i]);
            f_sub(&den, &b->x, &a->x);
            f_mul(&acc, &acc, &den);
            f_sub(&lam, &b->y, &a->y);
            f_mul(&lam, &lam, &inv);
            break;
        default: /* PAIR_DBL: lambda = 3x^2 / 2y */
            f_mul(&inv, &acc, &s->pre[i]);
            f_dbl(&den, &a->y);
            f_mul(&acc, &acc, &den);
            f_sqr(&lam, &a->x);
            f_dbl(&t, &lam);
            f_add(&lam, &lam, &t);
            f_mul(&lam, &lam, &inv);
            break;
        }
        /* x3 = lam^2 - xa - xb, y3 = lam (xa - x3) - ya (xb = xa when doubling) */
        f_sqr(&x3, &lam);
        f_sub(&x3, &x3, &a->x);
        f_sub(&x3, &x3, &b->x);
        f_sub(&t, &a->x, &x3);
        f_mul(&t, &lam, &t);
        f_sub(&r->y, &t, &a->y);
        r->x = x3;
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
        if (c > MSM_GROUP) {
            /* an overfull bucket is summed in slices */
            for (uint32_t at = off[p], len; at < off[p + 1]; at += len) {
                len = off[p + 1] - at < MSM_GROUP ? off[p + 1] - at : MSM_GROUP;
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
        while (end < n_buckets && off[end + 1] - off[end] <= MSM_GROUP - len) {
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
    if (n_buckets < MSM_TWO_LEVEL_MIN) {
        buckets_sum(s, out, bases, ent, off, n_buckets);
        return;
    }
    sink sk = {0};
    sk.h = (unsigned)(31 - __builtin_clz(n_buckets)) / 2;
    sk.n_hi = n_buckets >> sk.h;
    sk.n_lo = ((uint32_t)1 << sk.h) - 1;
    /* room for every bucket plus the tails of a few groups; a flush makes room */
    sk.cap = (size_t)n_buckets + n_buckets / 4 + MSM_GROUP;
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

/* Window w of the big points [lo, hi). */
static void window_task(const msm_ctx *ctx, xyzz *out, unsigned w, size_t lo, size_t hi)
{
    const cuzk_msm_plan *pl = ctx->plan;
    const uint32_t *pts = pl->big + lo;
    size_t m = hi - lo;
    uint32_t nbk = cuzk_msm_buckets(pl, w);
    size_t ss = scratch_size();
    size_t ent_bytes = SCRATCH_ALIGN(m * sizeof(uint32_t));
    size_t off_bytes = SCRATCH_ALIGN(((size_t)nbk + 1) * sizeof(uint32_t));
    unsigned char *mem = cuzk_alloc(ss + ent_bytes + 2 * off_bytes);
    if (!mem) {
        /* no memory: the window by plain double-and-add per point */
        xyzz_set_inf(out);
        for (size_t i = 0; i < m; i++)
            xyzz_add_small_mul(out, &ctx->bases[pts[i]], cuzk_msm_digit(pl, &ctx->scalars[pts[i]], w));
        return;
    }
    scratch s;
    scratch_carve(&s, mem);
    uint32_t *ent = (uint32_t *)(mem + ss);
    uint32_t *off = (uint32_t *)(mem + ss + ent_bytes);
    uint32_t *cur = (uint32_t *)(mem + ss + ent_bytes + off_bytes);

    /* counting sort, highest bucket first (slot nbk - b) */
    memset(off, 0, ((size_t)nbk + 1) * sizeof *off);
    for (size_t i = 0; i < m; i++) {
        uint32_t b = cuzk_msm_digit(pl, &ctx->scalars[pts[i]], w) & ~CUZK_MSM_NEG;
        if (b) off[nbk - b + 1]++;
    }
    for (uint32_t p = 0; p < nbk; p++) off[p + 1] += off[p];
    memcpy(cur, off, (size_t)nbk * sizeof *cur);
    for (size_t i = 0; i < m; i++) {
        uint32_t d = cuzk_msm_digit(pl, &ctx->scalars[pts[i]], w);
        uint32_t b = d & ~CUZK_MSM_NEG;
        if (b) ent[cur[nbk - b]++] = pts[i] | (d & CUZK_MSM_NEG);
    }
    window_sum(&s, out, ctx->bases, ent, off, nbk);
    cuzk_free(mem);
}

/* The plain sum of the bases listed in idx[0..m). */
static void ones_task(const msm_ctx *ctx, xyzz *out, const uint32_t *idx, size_t m)
{
    unsigned char *mem = cuzk_alloc(scratch_size());
    if (!mem) {
        xyzz_set_inf(out);
        for (size_t i = 0; i < m; i++) xyzz_add_aff(out, &ctx->bases[idx[i]]);
        return;
    }
    scratch s;
    scratch_carve(&s, mem);
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
    xyzz *res = NULL;
    if (cuzk_msm_plan_make(&plan, scalars, n, bases, msm_base_is_inf, cuzk_pool_threads(pool)) == 0) {
        size_t win_tasks = plan.n_big ? (size_t)plan.nwin * plan.big_chunks : 0;
        size_t tasks = win_tasks + plan.one_chunks;
        res = cuzk_alloc_array(tasks ? tasks : 1, sizeof *res);
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
        }
        cuzk_msm_plan_free(&plan);
    }
    if (!res) {
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
