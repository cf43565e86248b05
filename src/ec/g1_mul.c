/* G1 scalar multiplication (GLV), the endomorphism, multiplication by the
 * BLS parameter, subgroup check and cofactor clearing. */
#include "ec/curve_impl.h"
#include "ff/ff_internal.h"

/* beta, a primitive cube root of unity in Fp (Montgomery form), chosen so
 * that (x, y) -> (beta x, y) equals [lambda] with lambda = -x^2 mod r on G1.
 * Canonical: 0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe */
static const cuzk_fp G1_BETA = {{
    0x30f1361b798a64e8ULL, 0xf3b8ddab7ece5a2aULL, 0x16a8ca3ac61577f7ULL,
    0xc26a2ff874fd029bULL, 0x3636b76660701c6eULL, 0x051ba4ab241b6160ULL}};

/* wNAF window of the two GLV halves: 2^(W-2) table entries per half. */
#define G1_GLV_W 5
#define G1_GLV_TABLE (1 << (G1_GLV_W - 2))

void cuzk_g1_endo(cuzk_g1_proj *r, const cuzk_g1_proj *a)
{
    cuzk_fp_mul_i(&r->x, &a->x, &G1_BETA);
    r->y = a->y;
    r->z = a->z;
}

/* Left-to-right double-and-add over the bits of one 64-bit word, with an
 * affine base (mixed additions). */
static void g1_mul_u64_affine(cuzk_g1_proj *r, const cuzk_g1_affine *a, uint64_t k)
{
    cuzk_g1_proj acc;
    cuzk_g1_proj_infinity(&acc);
    for (int i = 63; i >= 0; i--) {
        cuzk_g1_proj_dbl(&acc, &acc);
        if (k >> i & 1)
            cuzk_g1_proj_add_affine(&acc, &acc, a);
    }
    *r = acc;
}

void cuzk_g1_mul_by_x_abs(cuzk_g1_proj *r, const cuzk_g1_proj *a)
{
    uint64_t k = CUZK_BLS_X_ABS;
    cuzk_g1_mul_plain(r, a, &k, 1);
}

/* odd multiples tab[i] = (2i+1) a, i < m */
static void g1_odd_multiples(cuzk_g1_proj *tab, const cuzk_g1_proj *a, size_t m)
{
    cuzk_g1_proj two;
    cuzk_g1_proj_dbl(&two, a);
    tab[0] = *a;
    for (size_t i = 1; i < m; i++)
        cuzk_g1_proj_add(&tab[i], &tab[i - 1], &two);
}

/* Left-to-right binary method: any length, any point on the curve. Used for
 * sparse or test scalars, where a window table would not pay off. */
void cuzk_g1_mul_plain(cuzk_g1_proj *r, const cuzk_g1_proj *a, const uint64_t *k, size_t n)
{
    cuzk_g1_proj acc, base = *a;
    cuzk_g1_proj_infinity(&acc);
    for (size_t i = 64 * n; i-- > 0;) {
        cuzk_g1_proj_dbl(&acc, &acc);
        if (k[i / 64] >> (i % 64) & 1)
            cuzk_g1_proj_add(&acc, &acc, &base);
    }
    *r = acc;
}

void cuzk_g1_clear_cofactor(cuzk_g1_proj *r, const cuzk_g1_proj *a)
{
    cuzk_g1_proj t;
    cuzk_g1_mul_by_x_abs(&t, a);
    cuzk_g1_proj_add(r, &t, a); /* [1 - x] = [1 + |x|] */
}

/* Brings the table points (none at infinity) to one common Z without an
 * inversion: with zc = prod Z_j and l_i = zc / Z_i = prod_{j != i} Z_j,
 * (X_i l_i^2, Y_i l_i^3, zc) is the same point. Since the a = 0 formulas never
 * use b, the (X_i l_i^2, Y_i l_i^3) can then serve as affine points of the
 * isomorphic curve y^2 = x^3 + 4 zc^6, so the main loop uses mixed additions
 * (7M + 4S instead of 11M + 5S); the result goes back by Z <- Z zc. */
static void g1_common_z(cuzk_g1_affine *out, cuzk_fp *zc, const cuzk_g1_proj *tab, size_t m)
{
    cuzk_fp pre[G1_GLV_TABLE], suf = CUZK_FP_ONE, l, l2;
    pre[0] = CUZK_FP_ONE;
    for (size_t i = 1; i < m; i++)
        cuzk_fp_mul_i(&pre[i], &pre[i - 1], &tab[i - 1].z);
    cuzk_fp_mul_i(zc, &pre[m - 1], &tab[m - 1].z);
    for (size_t i = m; i-- > 0;) {
        cuzk_fp_mul_i(&l, &pre[i], &suf);
        cuzk_fp_mul_i(&suf, &suf, &tab[i].z);
        cuzk_fp_sqr_i(&l2, &l);
        cuzk_fp_mul_i(&out[i].x, &tab[i].x, &l2);
        cuzk_fp_mul_i(&l2, &l2, &l);
        cuzk_fp_mul_i(&out[i].y, &tab[i].y, &l2);
    }
}

static void g1_madd_digit(cuzk_g1_proj *acc, const cuzk_g1_affine *tab, int d)
{
    if (d > 0) {
        cuzk_g1_proj_add_affine(acc, acc, &tab[d >> 1]);
    } else {
        cuzk_g1_affine t;
        cuzk_g1_affine_neg(&t, &tab[(-d) >> 1]);
        cuzk_g1_proj_add_affine(acc, acc, &t);
    }
}

/* [k]P = [k0]P + [k1][x^2]P = [k0]P - [k1]phi(P), where k = k0 + k1 x^2 with
 * k0, k1 < x^2 < 2^128 come from the base-|x| digits of k mod r. Valid for P
 * in G1 (phi acts as [-x^2] only there). */
void cuzk_g1_mul(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_scalar *k)
{
    cuzk_g1_proj jt[G1_GLV_TABLE];
    cuzk_g1_affine t0[G1_GLV_TABLE], t1[G1_GLV_TABLE];
    cuzk_fp zc;
    if (cuzk_g1_proj_is_infinity(a)) {
        cuzk_g1_proj_infinity(r);
        return;
    }
    g1_odd_multiples(jt, a, G1_GLV_TABLE);
    g1_common_z(t0, &zc, jt, G1_GLV_TABLE);
    if (cuzk_fp_is_zero(&zc)) {
        /* some (2i+1)P = O: P has tiny order, so it is not in G1; the
         * binary method still gives the exact answer */
        cuzk_g1_mul_plain(r, a, k->l, 4);
        return;
    }
    for (size_t i = 0; i < G1_GLV_TABLE; i++) {
        cuzk_fp_mul_i(&t1[i].x, &t0[i].x, &G1_BETA);  /* -phi: (beta x, -y) */
        cuzk_fp_neg_i(&t1[i].y, &t0[i].y);
    }

    uint64_t kr[4], d[4], k0[2], k1[2];
    cuzk_ec_scalar_reduce(kr, k);
    cuzk_ec_scalar_split_x(d, kr);
    cuzk_u128 h0 = (cuzk_u128)d[1] * CUZK_BLS_X_ABS + d[0];
    cuzk_u128 h1 = (cuzk_u128)d[3] * CUZK_BLS_X_ABS + d[2];
    k0[0] = (uint64_t)h0, k0[1] = (uint64_t)(h0 >> 64);
    k1[0] = (uint64_t)h1, k1[1] = (uint64_t)(h1 >> 64);
    int8_t n0[2 * 64 + 1], n1[2 * 64 + 1];
    size_t l0 = cuzk_ec_scalar_wnaf(n0, k0, 2, G1_GLV_W);
    size_t l1 = cuzk_ec_scalar_wnaf(n1, k1, 2, G1_GLV_W);

    cuzk_g1_proj acc;
    cuzk_g1_proj_infinity(&acc);
    bool started = false;
    for (size_t i = (l0 > l1 ? l0 : l1); i-- > 0;) {
        if (started)
            cuzk_g1_proj_dbl(&acc, &acc);
        if (i < l0 && n0[i]) {
            g1_madd_digit(&acc, t0, n0[i]);
            started = true;
        }
        if (i < l1 && n1[i]) {
            g1_madd_digit(&acc, t1, n1[i]);
            started = true;
        }
    }
    cuzk_fp_mul_i(&acc.z, &acc.z, &zc);
    *r = acc;
}

void cuzk_g1_mul_affine(cuzk_g1_proj *r, const cuzk_g1_affine *a, const cuzk_scalar *k)
{
    cuzk_g1_proj p;
    cuzk_g1_proj_from_affine(&p, a);
    cuzk_g1_mul(r, &p, k);
}

/* Scott's test (eprint 2021/1130, proved for BLS12-381 in 2022/352): a point
 * of E is in G1 iff phi(P) = [-x^2] P, i.e. [x^2] P = -phi(P). */
bool cuzk_g1_is_in_subgroup(const cuzk_g1_affine *a)
{
    if (cuzk_g1_affine_is_infinity(a))
        return true;
    cuzk_g1_proj q;
    g1_mul_u64_affine(&q, a, CUZK_BLS_X_ABS);
    cuzk_g1_mul_by_x_abs(&q, &q);
    if (cuzk_g1_proj_is_infinity(&q))
        return false;
    /* compare (Xq/Zq^2, Yq/Zq^3) with (beta x, -y) without inverting */
    cuzk_fp z2, z3, t;
    cuzk_fp_sqr_i(&z2, &q.z);
    cuzk_fp_mul_i(&z3, &z2, &q.z);
    cuzk_fp_mul_i(&t, &a->x, &G1_BETA);
    cuzk_fp_mul_i(&t, &t, &z2);
    if (!cuzk_fp_eq(&t, &q.x))
        return false;
    cuzk_fp_mul_i(&t, &a->y, &z3);
    cuzk_fp_add_i(&t, &t, &q.y);
    return cuzk_fp_is_zero(&t);
}
