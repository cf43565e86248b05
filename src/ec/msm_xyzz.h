/* CPU MSM template part: XYZZ point arithmetic and the running-sum bucket
 * reduction (private; included by msm_impl.h, see there for the macros). */
#ifndef CUZK_EC_MSM_XYZZ_H
#define CUZK_EC_MSM_XYZZ_H

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

#endif
