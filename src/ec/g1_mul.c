/* G1 scalar multiplication (GLV), the endomorphism, multiplication by the
 * BLS parameter, subgroup check and cofactor clearing. */
#include "ec/curve_impl.h"
#include "ff/fp_impl.h"

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

/* acc += sign(d) tab[|d| / 2] for a nonzero odd wNAF digit d */
static void g1_add_digit(cuzk_g1_proj *acc, const cuzk_g1_proj *tab, int d)
{
    if (d > 0) {
        cuzk_g1_proj_add(acc, acc, &tab[d >> 1]);
    } else {
        cuzk_g1_proj t;
        cuzk_g1_proj_neg(&t, &tab[(-d) >> 1]);
        cuzk_g1_proj_add(acc, acc, &t);
    }
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

/* [k]P = [k0]P + [k1][x^2]P = [k0]P - [k1]phi(P), where k = k0 + k1 x^2 with
 * k0, k1 < x^2 < 2^128 come from the base-|x| digits of k mod r. */
void cuzk_g1_mul(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_scalar *k)
{
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

    cuzk_g1_proj t0[G1_GLV_TABLE], t1[G1_GLV_TABLE];
    g1_odd_multiples(t0, a, G1_GLV_TABLE);
    for (size_t i = 0; i < G1_GLV_TABLE; i++) {
        cuzk_g1_endo(&t1[i], &t0[i]);
        cuzk_g1_proj_neg(&t1[i], &t1[i]);
    }

    cuzk_g1_proj acc;
    cuzk_g1_proj_infinity(&acc);
    bool started = false;
    for (size_t i = (l0 > l1 ? l0 : l1); i-- > 0;) {
        if (started)
            cuzk_g1_proj_dbl(&acc, &acc);
        if (i < l0 && n0[i]) {
            g1_add_digit(&acc, t0, n0[i]);
            started = true;
        }
        if (i < l1 && n1[i]) {
            g1_add_digit(&acc, t1, n1[i]);
            started = true;
        }
    }
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
