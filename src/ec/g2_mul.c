/* G2 scalar multiplication (GLS with psi), psi itself, multiplication by the
 * BLS parameter, subgroup check and cofactor clearing. */
#include "ec/curve_impl.h"
#include "ff/ff_internal.h"

/* psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y) with PSI_X = 1/(u+1)^((p-1)/3)
 * and PSI_Y = 1/(u+1)^((p-1)/2). PSI_X is purely imaginary: keep only its
 * u-coefficient, 0x1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaad. */
static const cuzk_fp PSI_X1 = {{
    0x890dc9e4867545c3ULL, 0x2af322533285a5d5ULL, 0x50880866309b7e2cULL,
    0xa20d1b8c7e881024ULL, 0x14e4f04fe2db9068ULL, 0x14e56d3f1564853aULL}};
static const cuzk_fp2 PSI_Y = {
    {{0x3e2f585da55c9ad1ULL, 0x4294213d86c18183ULL, 0x382844c88b623732ULL,
      0x92ad2afd19103e18ULL, 0x1d794e4fac7cf0b9ULL, 0x0bd592fc7d825ec8ULL}},
    {{0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL,
      0xd1ca2087da74d4a7ULL, 0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL}}};

#define G2_GLS_W 5
#define G2_GLS_TABLE (1 << (G2_GLS_W - 2))

/* conj(a) * (PSI_X1 u) = (a1 PSI_X1) + (a0 PSI_X1) u */
static void psi_x(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp t;
    cuzk_fp_mul_i(&t, &a->c1, &PSI_X1);
    cuzk_fp_mul_i(&r->c1, &a->c0, &PSI_X1);
    r->c0 = t;
}

static void psi_y(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp2_conj_i(r, a);
    cuzk_fp2_mul_i(r, r, &PSI_Y);
}

/* Frobenius commutes with the Jacobian scaling, so psi maps (X, Y, Z) to
 * (psi_x(X), psi_y(Y), conj(Z)). */
void cuzk_g2_psi(cuzk_g2_proj *r, const cuzk_g2_proj *a)
{
    psi_x(&r->x, &a->x);
    psi_y(&r->y, &a->y);
    cuzk_fp2_conj_i(&r->z, &a->z);
}

static void g2_mul_u64_affine(cuzk_g2_proj *r, const cuzk_g2_affine *a, uint64_t k)
{
    cuzk_g2_proj acc;
    cuzk_g2_proj_infinity(&acc);
    for (int i = 63; i >= 0; i--) {
        cuzk_g2_proj_dbl(&acc, &acc);
        if (k >> i & 1)
            cuzk_g2_proj_add_affine(&acc, &acc, a);
    }
    *r = acc;
}

void cuzk_g2_mul_by_x_abs(cuzk_g2_proj *r, const cuzk_g2_proj *a)
{
    uint64_t k = CUZK_BLS_X_ABS;
    cuzk_g2_mul_plain(r, a, &k, 1);
}

void cuzk_g2_mul_plain(cuzk_g2_proj *r, const cuzk_g2_proj *a, const uint64_t *k, size_t n)
{
    cuzk_g2_proj acc, base = *a;
    cuzk_g2_proj_infinity(&acc);
    for (size_t i = 64 * n; i-- > 0;) {
        cuzk_g2_proj_dbl(&acc, &acc);
        if (k[i / 64] >> (i % 64) & 1)
            cuzk_g2_proj_add(&acc, &acc, &base);
    }
    *r = acc;
}

/* Budroni-Pintore, as in the hash-to-curve draft (clear_cofactor_bls12381_g2):
 * [x^2 - x - 1] P + [x - 1] psi(P) + psi^2(2P). */
void cuzk_g2_clear_cofactor(cuzk_g2_proj *r, const cuzk_g2_proj *a)
{
    cuzk_g2_proj t1, t2, t3, na;
    cuzk_g2_mul_by_x_abs(&t1, a);
    cuzk_g2_proj_neg(&t1, &t1);          /* t1 = [x] P */
    cuzk_g2_psi(&t2, a);                 /* t2 = psi(P) */
    cuzk_g2_proj_dbl(&t3, a);
    cuzk_g2_psi(&t3, &t3);
    cuzk_g2_psi(&t3, &t3);               /* t3 = psi^2(2P) */
    cuzk_g2_proj_neg(&na, &t2);
    cuzk_g2_proj_add(&t3, &t3, &na);     /* t3 -= psi(P) */
    cuzk_g2_proj_add(&t2, &t1, &t2);
    cuzk_g2_mul_by_x_abs(&t2, &t2);
    cuzk_g2_proj_neg(&t2, &t2);          /* t2 = [x]([x] P + psi(P)) */
    cuzk_g2_proj_add(&t3, &t3, &t2);
    cuzk_g2_proj_neg(&t1, &t1);
    cuzk_g2_proj_add(&t3, &t3, &t1);     /* t3 -= [x] P */
    cuzk_g2_proj_neg(&na, a);
    cuzk_g2_proj_add(r, &t3, &na);       /* - P */
}

static void g2_odd_multiples(cuzk_g2_proj *tab, const cuzk_g2_proj *a, size_t m)
{
    cuzk_g2_proj two;
    cuzk_g2_proj_dbl(&two, a);
    tab[0] = *a;
    for (size_t i = 1; i < m; i++)
        cuzk_g2_proj_add(&tab[i], &tab[i - 1], &two);
}

/* As g1_common_z (see g1_mul.c), but the common Z is made real: with
 * P = prod Z_j, zc = P conj(P) = N(P) lies in Fp and l_i = zc / Z_i =
 * (prod_{j != i} Z_j) conj(P). A real Z survives psi (which conjugates Z), so
 * the psi images of the table share it too. */
static void g2_common_z(cuzk_g2_affine *out, cuzk_fp2 *zc, const cuzk_g2_proj *tab, size_t m)
{
    cuzk_fp2 pre[G2_GLS_TABLE], suf, l, l2, cp;
    cuzk_fp2_one(&pre[0]);
    suf = pre[0];
    for (size_t i = 1; i < m; i++)
        cuzk_fp2_mul_i(&pre[i], &pre[i - 1], &tab[i - 1].z);
    cuzk_fp2_mul_i(&cp, &pre[m - 1], &tab[m - 1].z);
    cuzk_fp2_conj_i(&cp, &cp);
    for (size_t i = m; i-- > 0;) {
        cuzk_fp2_mul_i(&l, &pre[i], &suf);
        cuzk_fp2_mul_i(&l, &l, &cp);
        cuzk_fp2_mul_i(&suf, &suf, &tab[i].z);
        cuzk_fp2_sqr_i(&l2, &l);
        cuzk_fp2_mul_i(&out[i].x, &tab[i].x, &l2);
        cuzk_fp2_mul_i(&l2, &l2, &l);
        cuzk_fp2_mul_i(&out[i].y, &tab[i].y, &l2);
    }
    cuzk_fp2_conj_i(&l, &cp);                    /* P */
    cuzk_fp2_mul_i(zc, &l, &cp);                 /* N(P), c1 = 0 */
}

static void g2_madd_digit(cuzk_g2_proj *acc, const cuzk_g2_affine *tab, int d)
{
    if (d > 0) {
        cuzk_g2_proj_add_affine(acc, acc, &tab[d >> 1]);
    } else {
        cuzk_g2_affine t;
        cuzk_g2_affine_neg(&t, &tab[(-d) >> 1]);
        cuzk_g2_proj_add_affine(acc, acc, &t);
    }
}

/* k mod r = d0 + d1 |x| + d2 |x|^2 + d3 |x|^3 with 64-bit digits, and on G2
 * [|x|] = -psi, so [k]P = sum [d_i] Q_i with Q_0 = P, Q_{i+1} = -psi(Q_i):
 * four interleaved 64-bit wNAF chains sharing 64 doublings. Valid for P in G2. */
void cuzk_g2_mul(cuzk_g2_proj *r, const cuzk_g2_proj *a, const cuzk_scalar *k)
{
    cuzk_g2_proj jt[G2_GLS_TABLE];
    cuzk_g2_affine tab[4][G2_GLS_TABLE];
    cuzk_fp2 zc;
    if (cuzk_g2_proj_is_infinity(a)) {
        cuzk_g2_proj_infinity(r);
        return;
    }
    g2_odd_multiples(jt, a, G2_GLS_TABLE);
    g2_common_z(tab[0], &zc, jt, G2_GLS_TABLE);
    if (cuzk_fp2_is_zero_i(&zc)) {
        /* a table entry is infinity: P has tiny order, not in G2 */
        cuzk_g2_mul_plain(r, a, k->l, 4);
        return;
    }
    for (int j = 1; j < 4; j++)
        for (size_t i = 0; i < G2_GLS_TABLE; i++) {
            psi_x(&tab[j][i].x, &tab[j - 1][i].x);   /* -psi: Z = zc is real */
            psi_y(&tab[j][i].y, &tab[j - 1][i].y);
            cuzk_fp2_neg_i(&tab[j][i].y, &tab[j][i].y);
        }

    uint64_t kr[4], d[4];
    cuzk_ec_scalar_reduce(kr, k);
    cuzk_ec_scalar_split_x(d, kr);
    int8_t naf[4][64 + 1];
    size_t len[4], maxlen = 0;
    for (int j = 0; j < 4; j++) {
        len[j] = cuzk_ec_scalar_wnaf(naf[j], &d[j], 1, G2_GLS_W);
        if (len[j] > maxlen) maxlen = len[j];
    }

    cuzk_g2_proj acc;
    cuzk_g2_proj_infinity(&acc);
    bool started = false;
    for (size_t i = maxlen; i-- > 0;) {
        if (started)
            cuzk_g2_proj_dbl(&acc, &acc);
        for (int j = 0; j < 4; j++)
            if (i < len[j] && naf[j][i]) {
                g2_madd_digit(&acc, tab[j], naf[j][i]);
                started = true;
            }
    }
    cuzk_fp2_mul_i(&acc.z, &acc.z, &zc);
    *r = acc;
}

void cuzk_g2_mul_affine(cuzk_g2_proj *r, const cuzk_g2_affine *a, const cuzk_scalar *k)
{
    cuzk_g2_proj p;
    cuzk_g2_proj_from_affine(&p, a);
    cuzk_g2_mul(r, &p, k);
}

/* A point of E'(Fp2) is in G2 iff psi(P) = [x] P (Scott, eprint 2021/1130),
 * i.e. [|x|] P = -psi(P). */
bool cuzk_g2_is_in_subgroup(const cuzk_g2_affine *a)
{
    if (cuzk_g2_affine_is_infinity(a))
        return true;
    cuzk_g2_proj q;
    g2_mul_u64_affine(&q, a, CUZK_BLS_X_ABS);
    if (cuzk_g2_proj_is_infinity(&q))
        return false;
    cuzk_fp2 z2, z3, t;
    cuzk_fp2_sqr_i(&z2, &q.z);
    cuzk_fp2_mul_i(&z3, &z2, &q.z);
    psi_x(&t, &a->x);
    cuzk_fp2_mul_i(&t, &t, &z2);
    if (!cuzk_fp2_eq_i(&t, &q.x))
        return false;
    psi_y(&t, &a->y);
    cuzk_fp2_mul_i(&t, &t, &z3);
    cuzk_fp2_add_i(&t, &t, &q.y);
    return cuzk_fp2_is_zero_i(&t);
}
