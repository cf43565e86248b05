/* The optimal ate Miller loop of BLS12-381: single, multi and prepared-G2.
 *
 * The loop runs over |x| = 0xd201000000010000 (x is negative, so the result is
 * conjugated at the end). Q stays on the M-type twist y^2 = x^3 + 4(1+u) in
 * homogeneous projective coordinates (x = X/Z, y = Y/Z), so no step inverts.
 *
 * Untwisting (x', y') -> (x' / w^2, y' / w^3), a line through twist points,
 * evaluated at P = (xP, yP) and scaled by w^3 and an Fp2 factor (both die in
 * the final exponentiation), has the shape
 *     l = c0 + (c1 * xP) v + (c4 * yP) v w,   c0, c1, c4 in Fp2,
 * i.e. only Fp12 slots 0, 1 and 4 are set: a "014" sparse element. The three
 * Fp2 coefficients do not depend on P, which is what cuzk_g2_prepare stores. */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

/* |x|, the BLS12-381 parameter; its top bit is 63. */
#define PAIRING_X_ABS 0xd201000000010000ULL
#define PAIRING_X_TOP 63

/* Pairs handled together by the unprepared multi loop: their Q's live on the
 * stack, and each further chunk only costs one more run of Fp12 squarings. */
#define PAIRING_CHUNK 8

/* Q in homogeneous projective coordinates (private: ec.h's cuzk_g2_proj is Jacobian). */
typedef struct { cuzk_fp2 x, y, z; } hom_g2;

/* a / 2 on the Montgomery limbs (halving commutes with the factor R). */
static inline void fp_half(cuzk_fp *r, const cuzk_fp *a)
{
    uint64_t t[6], pm[6];
    uint64_t odd = (uint64_t)0 - (a->l[0] & 1);
    for (int i = 0; i < 6; i++) pm[i] = cuzk_fp_p_i[i] & odd;
    (void)cuzk_ff_add_n(t, a->l, pm, 6); /* a + p < 2^382: no carry out */
    for (int i = 0; i < 5; i++) r->l[i] = (t[i] >> 1) | (t[i + 1] << 63);
    r->l[5] = t[5] >> 1;
}

static inline void fp2_half(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    fp_half(&r->c0, &a->c0);
    fp_half(&r->c1, &a->c1);
}

/* Tangent at T, then T <- 2T (Costello-Lange-Naehrig 2010 for a = 0). With
 * B = Y^2, C = Z^2, E = 3 b' C (b' = 4(1+u)), the slope is 3X^2 / 2YZ and the
 * line, times -2YZ, is (E - B) + 3X^2 xP v - 2YZ yP vw: the curve equation
 * Y^2 Z = X^3 + b' Z^3 turned its X^3/Z term into B - E/3. */
static void dbl_step(cuzk_fp2 ell[3], hom_g2 *t)
{
    cuzk_fp2 a, b, c, e, f, g, h, s;

    cuzk_fp2_mul_i(&a, &t->x, &t->y);
    fp2_half(&a, &a);                      /* A = XY/2 */
    cuzk_fp2_sqr_i(&b, &t->y);             /* B = Y^2 */
    cuzk_fp2_sqr_i(&c, &t->z);             /* C = Z^2 */
    cuzk_fp2_mul_by_nonresidue_i(&e, &c);  /* E = 12 (1+u) C */
    cuzk_fp2_add_i(&s, &e, &e);
    cuzk_fp2_add_i(&e, &s, &e);            /* 3 */
    cuzk_fp2_dbl_i(&e, &e);
    cuzk_fp2_dbl_i(&e, &e);                /* 12 */
    cuzk_fp2_dbl_i(&f, &e);
    cuzk_fp2_add_i(&f, &f, &e);            /* F = 3E */
    cuzk_fp2_add_i(&g, &b, &f);
    fp2_half(&g, &g);                      /* G = (B + F)/2 */
    cuzk_fp2_add_i(&h, &t->y, &t->z);
    cuzk_fp2_sqr_i(&h, &h);
    cuzk_fp2_add_i(&s, &b, &c);
    cuzk_fp2_sub_i(&h, &h, &s);            /* H = 2YZ */

    cuzk_fp2_sub_i(&ell[0], &e, &b);
    cuzk_fp2_sqr_i(&s, &t->x);
    cuzk_fp2_dbl_i(&ell[1], &s);
    cuzk_fp2_add_i(&ell[1], &ell[1], &s);  /* 3X^2 */
    cuzk_fp2_neg_i(&ell[2], &h);

    cuzk_fp2_sub_i(&s, &b, &f);
    cuzk_fp2_mul_i(&t->x, &a, &s);         /* X3 = A (B - F) */
    cuzk_fp2_sqr_i(&s, &e);
    cuzk_fp2_dbl_i(&e, &s);
    cuzk_fp2_add_i(&e, &e, &s);            /* 3E^2 */
    cuzk_fp2_sqr_i(&g, &g);
    cuzk_fp2_sub_i(&t->y, &g, &e);         /* Y3 = G^2 - 3E^2 */
    cuzk_fp2_mul_i(&t->z, &b, &h);         /* Z3 = B H */
}

/* Chord through T and the affine Q, then T <- T + Q. With
 * theta = Y - yQ Z and lambda = X - xQ Z the slope is theta / lambda, and
 * the line (times lambda) is (theta xQ - lambda yQ) - theta xP v + lambda yP vw. */
static void add_step(cuzk_fp2 ell[3], hom_g2 *t, const cuzk_g2_affine *q)
{
    cuzk_fp2 th, la, c, d, e, f, g, h, s;

    cuzk_fp2_mul_i(&s, &q->y, &t->z);
    cuzk_fp2_sub_i(&th, &t->y, &s);
    cuzk_fp2_mul_i(&s, &q->x, &t->z);
    cuzk_fp2_sub_i(&la, &t->x, &s);

    cuzk_fp2_mul_i(&ell[0], &th, &q->x);
    cuzk_fp2_mul_i(&s, &la, &q->y);
    cuzk_fp2_sub_i(&ell[0], &ell[0], &s);
    cuzk_fp2_neg_i(&ell[1], &th);
    ell[2] = la;

    cuzk_fp2_sqr_i(&c, &th);               /* C = theta^2 */
    cuzk_fp2_sqr_i(&d, &la);               /* D = lambda^2 */
    cuzk_fp2_mul_i(&e, &d, &la);           /* E = lambda^3 */
    cuzk_fp2_mul_i(&f, &t->z, &c);         /* F = Z C */
    cuzk_fp2_mul_i(&g, &t->x, &d);         /* G = X D */
    cuzk_fp2_add_i(&h, &e, &f);
    cuzk_fp2_dbl_i(&s, &g);
    cuzk_fp2_sub_i(&h, &h, &s);            /* H = E + F - 2G */
    cuzk_fp2_mul_i(&t->x, &la, &h);        /* X3 = lambda H */
    cuzk_fp2_sub_i(&s, &g, &h);
    cuzk_fp2_mul_i(&s, &th, &s);
    cuzk_fp2_mul_i(&g, &t->y, &e);
    cuzk_fp2_sub_i(&t->y, &s, &g);         /* Y3 = theta (G - H) - Y E */
    cuzk_fp2_mul_i(&t->z, &t->z, &e);      /* Z3 = Z E */
}

/* ec.h's affine infinity is x = y = 0 (never on a curve since b != 0); tested
 * here directly so this file needs nothing of the curve code. */
static inline bool g1_is_inf(const cuzk_g1_affine *p)
{
    return cuzk_ff_is_zero_n(p->x.l, 6) & cuzk_ff_is_zero_n(p->y.l, 6);
}

static inline bool g2_is_inf(const cuzk_g2_affine *q)
{
    return cuzk_fp2_is_zero_i(&q->x) & cuzk_fp2_is_zero_i(&q->y);
}

/* Miller accumulator: starts as 1, which the first line simply replaces
 * (saving a squaring and a product of 1). */
typedef struct {
    cuzk_fp12 f;
    bool is_one;
} miller_acc;

static void acc_init(miller_acc *a)
{
    cuzk_fp12_one(&a->f);
    a->is_one = true;
}

/* Multiplies the line ell, evaluated at p, into the accumulator. */
static void acc_line(miller_acc *a, const cuzk_fp2 ell[3], const cuzk_g1_affine *p)
{
    cuzk_fp2 c1, c4;

    cuzk_fp2_mul_fp_i(&c1, &ell[1], &p->x);
    cuzk_fp2_mul_fp_i(&c4, &ell[2], &p->y);
    if (a->is_one) {
        cuzk_fp12_zero(&a->f);
        a->f.c0.c0 = ell[0];
        a->f.c0.c1 = c1;
        a->f.c1.c1 = c4;
        a->is_one = false;
    } else {
        cuzk_fp12_mul_by_014(&a->f, &a->f, &ell[0], &c1, &c4);
    }
}

static void acc_sqr(miller_acc *a)
{
    if (!a->is_one) cuzk_fp12_sqr(&a->f, &a->f);
}

/* Multiplies the Miller functions f_{|x|} of up to PAIRING_CHUNK finite pairs
 * (idx into p, q) into acc, one Fp12 squaring per bit for all of them. */
static void miller_chunk(miller_acc *acc, const cuzk_g1_affine *p, const cuzk_g2_affine *q,
                         const size_t *idx, size_t n)
{
    hom_g2 t[PAIRING_CHUNK];
    cuzk_fp2 ell[3];

    for (size_t j = 0; j < n; j++) {
        t[j].x = q[idx[j]].x;
        t[j].y = q[idx[j]].y;
        cuzk_fp2_one(&t[j].z);
    }
    for (int i = PAIRING_X_TOP - 1; i >= 0; i--) {
        acc_sqr(acc);
        for (size_t j = 0; j < n; j++) {
            dbl_step(ell, &t[j]);
            acc_line(acc, ell, &p[idx[j]]);
        }
        if ((PAIRING_X_ABS >> i) & 1) {
            for (size_t j = 0; j < n; j++) {
                add_step(ell, &t[j], &q[idx[j]]);
                acc_line(acc, ell, &p[idx[j]]);
            }
        }
    }
}

void cuzk_multi_miller_loop(cuzk_fp12 *r, const cuzk_g1_affine *p, const cuzk_g2_affine *q, size_t n)
{
    cuzk_fp12 out;
    size_t idx[PAIRING_CHUNK];
    size_t k = 0, i = 0;
    bool have = false;

    cuzk_fp12_one(&out);
    while (i < n || k > 0) {
        /* gather the next chunk of pairs with no point at infinity (they contribute 1) */
        while (i < n && k < PAIRING_CHUNK) {
            if (!g1_is_inf(&p[i]) && !g2_is_inf(&q[i]))
                idx[k++] = i;
            i++;
        }
        if (k == 0) break;
        miller_acc acc;
        acc_init(&acc);
        miller_chunk(&acc, p, q, idx, k);
        if (have) {
            cuzk_fp12_mul(&out, &out, &acc.f);
        } else {
            out = acc.f;
            have = true;
        }
        k = 0;
    }
    /* x < 0: f_{x} and the conjugate of f_{|x|} agree after the final exponentiation */
    cuzk_fp12_conj(r, &out);
}

void cuzk_miller_loop(cuzk_fp12 *r, const cuzk_g1_affine *p, const cuzk_g2_affine *q)
{
    cuzk_multi_miller_loop(r, p, q, 1);
}

void cuzk_g2_prepare(cuzk_g2_prepared *r, const cuzk_g2_affine *q)
{
    hom_g2 t;
    size_t k = 0;

    r->infinity = g2_is_inf(q);
    if (r->infinity) {
        /* keep the struct fully defined: lines of an absent Q are never read */
        for (size_t i = 0; i < CUZK_G2_PREPARED_LINES; i++)
            for (int j = 0; j < 3; j++) cuzk_fp2_zero(&r->ell[i][j]);
        return;
    }
    t.x = q->x;
    t.y = q->y;
    cuzk_fp2_one(&t.z);
    for (int i = PAIRING_X_TOP - 1; i >= 0; i--) {
        dbl_step(r->ell[k++], &t);
        if ((PAIRING_X_ABS >> i) & 1) add_step(r->ell[k++], &t, q);
    }
}

void cuzk_multi_miller_loop_prepared(cuzk_fp12 *r, const cuzk_g1_affine *p,
                                     const cuzk_g2_prepared *const *q, size_t n)
{
    miller_acc acc;
    size_t k = 0;

    acc_init(&acc);
    for (int i = PAIRING_X_TOP - 1; i >= 0; i--) {
        acc_sqr(&acc);
        size_t steps = 1 + ((PAIRING_X_ABS >> i) & 1);
        for (size_t s = 0; s < steps; s++, k++) {
            for (size_t j = 0; j < n; j++) {
                if (q[j]->infinity || g1_is_inf(&p[j])) continue;
                acc_line(&acc, q[j]->ell[k], &p[j]);
            }
        }
    }
    cuzk_fp12_conj(r, &acc.f);
}

void cuzk_pairing(cuzk_gt *r, const cuzk_g1_affine *p, const cuzk_g2_affine *q)
{
    cuzk_fp12 f;

    cuzk_miller_loop(&f, p, q);
    cuzk_final_exponentiation(r, &f);
}

bool cuzk_gt_eq(const cuzk_gt *a, const cuzk_gt *b)
{
    return cuzk_fp12_eq(a, b);
}

bool cuzk_gt_is_one(const cuzk_gt *a)
{
    return cuzk_fp12_is_one(a);
}
