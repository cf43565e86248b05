/* G1: generator, group law identities, batch affine conversion, GLV scalar
 * multiplication against the plain binary method, the endomorphism, the
 * fast subgroup check against [r]P = O, and timings. */
#include "cuzk/ec.h"
#include "test.h"
#include "ec_test_util.h"

static bool aff_eq_proj(const cuzk_g1_affine *a, const cuzk_g1_proj *p)
{
    cuzk_g1_proj q;
    cuzk_g1_proj_from_affine(&q, a);
    return cuzk_g1_proj_eq(&q, p);
}

/* acc = acc * m + a on 4 limbs (no overflow for the values used here) */
static void mul_add_u64(uint64_t acc[4], uint64_t m, uint64_t a)
{
    unsigned __int128 c = a;
    for (int i = 0; i < 4; i++) {
        c += (unsigned __int128)acc[i] * m;
        acc[i] = (uint64_t)c;
        c >>= 64;
    }
}

static void test_scalar_helpers(cuzk_rng *rng)
{
    cuzk_scalar k;
    uint64_t red[4];
    test_scalar_r_plus(&k, 5);
    cuzk_ec_scalar_reduce(red, &k);
    CHECK(red[0] == 5 && red[1] == 0 && red[2] == 0 && red[3] == 0);
    for (int i = 0; i < 4; i++) k.l[i] = ~0ULL;   /* (2^256 - 1) mod r = R - 1 (R = 2^256 mod r) */
    cuzk_ec_scalar_reduce(red, &k);
    CHECK(red[3] == 0x1824b159acc5056fULL && red[0] == 0x00000001fffffffdULL);
    for (int it = 0; it < 200; it++) {
        test_rand_scalar(&k, rng);
        cuzk_ec_scalar_reduce(red, &k);
        CHECK(red[3] < TEST_R[3] || (red[3] == TEST_R[3] && red[2] <= TEST_R[2]));
        uint64_t d[4], back[4] = {0, 0, 0, 0};
        cuzk_ec_scalar_split_x(d, red);
        bool small = true;
        for (int i = 3; i >= 0; i--) {
            small &= d[i] < CUZK_BLS_X_ABS;
            mul_add_u64(back, CUZK_BLS_X_ABS, d[i]);
        }
        CHECK(small && memcmp(back, red, sizeof back) == 0);
        unsigned w = 2 + (unsigned)(it % 6);
        int8_t naf[4 * 64 + 1];
        size_t len = cuzk_ec_scalar_wnaf(naf, k.l, 4, w);
        /* rebuild k from the digits, top down: v = 2v + d (signed, so in two's complement) */
        uint64_t v[5] = {0, 0, 0, 0, 0};
        bool shape = len <= 257 && (len == 0 || naf[len - 1] > 0);
        size_t last = (size_t)-1;
        for (size_t i = len; i-- > 0;) {
            int dd = naf[i];
            if (dd) {
                shape &= (dd & 1) && dd < (1 << (w - 1)) && -dd < (1 << (w - 1));
                shape &= last == (size_t)-1 || last - i >= w;
                last = i;
            }
            for (int j = 4; j > 0; j--) v[j] = v[j] << 1 | v[j - 1] >> 63;
            v[0] <<= 1;
            unsigned __int128 c = 0;
            uint64_t ext = dd < 0 ? ~0ULL : 0;
            for (int j = 0; j < 5; j++) {
                c += (unsigned __int128)v[j] + (j ? ext : (uint64_t)(int64_t)dd);
                v[j] = (uint64_t)c;
                c >>= 64;
            }
        }
        CHECK(shape);
        CHECK(v[4] == 0 && memcmp(v, k.l, 32) == 0);
    }
}

static void test_generator(void)
{
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    uint8_t x[48], y[48], bx[48], by[48];
    test_unhex(x, 48, "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
    test_unhex(y, 48, "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1");
    cuzk_fp_to_bytes_be(bx, &g.x);
    cuzk_fp_to_bytes_be(by, &g.y);
    CHECK_MEM(bx, x, 48);
    CHECK_MEM(by, y, 48);
    CHECK(cuzk_g1_is_on_curve(&g));
    CHECK(cuzk_g1_is_in_subgroup(&g));
    CHECK(!cuzk_g1_affine_is_infinity(&g));

    cuzk_g1_affine inf, bad = g;
    cuzk_g1_affine_infinity(&inf);
    CHECK(cuzk_g1_affine_is_infinity(&inf));
    CHECK(cuzk_g1_is_on_curve(&inf));
    CHECK(cuzk_g1_is_in_subgroup(&inf));
    cuzk_fp_add(&bad.y, &bad.y, &CUZK_FP_ONE);
    CHECK(!cuzk_g1_is_on_curve(&bad));

    cuzk_g1_affine n, nn;
    cuzk_g1_affine_neg(&n, &g);
    CHECK(!cuzk_g1_affine_eq(&n, &g));
    CHECK(cuzk_g1_is_on_curve(&n));
    cuzk_g1_affine_neg(&nn, &n);
    CHECK(cuzk_g1_affine_eq(&nn, &g));
    cuzk_g1_affine_neg(&n, &inf);
    CHECK(cuzk_g1_affine_is_infinity(&n));
}

static void test_group_law(cuzk_rng *rng)
{
    cuzk_g1_proj inf;
    cuzk_g1_proj_infinity(&inf);
    CHECK(cuzk_g1_proj_is_infinity(&inf));
    for (int it = 0; it < 20; it++) {
        cuzk_g1_affine a, b, c;
        test_g1_rand_in_group(&a, rng);
        test_g1_rand_in_group(&b, rng);
        test_g1_rand_in_group(&c, rng);
        cuzk_g1_proj pa, pb, pc, t1, t2, t3;
        cuzk_g1_proj_from_affine(&pa, &a);
        cuzk_g1_proj_from_affine(&pb, &b);
        cuzk_g1_proj_from_affine(&pc, &c);
        /* give the inputs non-trivial Z by doubling then comparing against 2a */
        cuzk_g1_proj_dbl(&pa, &pa);
        cuzk_g1_proj_add(&t1, &pb, &pb);
        cuzk_g1_proj_dbl(&pb, &pb);
        CHECK(cuzk_g1_proj_eq(&t1, &pb));                  /* add(P,P) = dbl(P) */
        /* commutativity and associativity */
        cuzk_g1_proj_add(&t1, &pa, &pb);
        cuzk_g1_proj_add(&t2, &pb, &pa);
        CHECK(cuzk_g1_proj_eq(&t1, &t2));
        cuzk_g1_proj_add(&t1, &t1, &pc);
        cuzk_g1_proj_add(&t2, &pb, &pc);
        cuzk_g1_proj_add(&t2, &pa, &t2);
        CHECK(cuzk_g1_proj_eq(&t1, &t2));
        /* mixed addition equals full addition; aliasing r = a */
        cuzk_g1_proj_add(&t1, &pa, &pc);
        t2 = pa;
        cuzk_g1_proj_add_affine(&t2, &t2, &c);
        CHECK(cuzk_g1_proj_eq(&t1, &t2));
        /* result is on the curve and in the group */
        cuzk_g1_affine r1;
        cuzk_g1_proj_to_affine(&r1, &t1);
        CHECK(cuzk_g1_is_on_curve(&r1));
        CHECK(!cuzk_g1_proj_eq(&t1, &pa));
        /* inverse, identity, doubling through the mixed path */
        cuzk_g1_proj_neg(&t3, &pa);
        cuzk_g1_proj_add(&t1, &pa, &t3);
        CHECK(cuzk_g1_proj_is_infinity(&t1));
        cuzk_g1_proj_add(&t1, &pa, &inf);
        CHECK(cuzk_g1_proj_eq(&t1, &pa));
        cuzk_g1_proj_add(&t1, &inf, &pa);
        CHECK(cuzk_g1_proj_eq(&t1, &pa));
        cuzk_g1_proj_dbl(&t1, &inf);
        CHECK(cuzk_g1_proj_is_infinity(&t1));
        cuzk_g1_proj_from_affine(&t1, &a);
        cuzk_g1_proj_dbl(&t1, &t1);
        cuzk_g1_proj_add(&t2, &t1, &pc);               /* some Z != 1 */
        cuzk_g1_proj_add(&t2, &t2, &pc);
        cuzk_g1_proj_neg(&t3, &pc);
        cuzk_g1_proj_add(&t2, &t2, &t3);
        cuzk_g1_proj_add(&t2, &t2, &t3);               /* t2 = 2a again, other Z */
        cuzk_g1_proj_add_affine(&t3, &t2, &a);
        cuzk_g1_proj_add(&t1, &t1, &pa);               /* wait: pa = 2a, so t1 = 4a */
        cuzk_g1_proj_add_affine(&t3, &t3, &a);
        CHECK(cuzk_g1_proj_eq(&t3, &t1));              /* 2a + a + a */
        cuzk_g1_affine an;
        cuzk_g1_affine_neg(&an, &a);
        cuzk_g1_proj_from_affine(&t1, &a);
        cuzk_g1_proj_dbl(&t1, &t1);
        cuzk_g1_proj_add(&t1, &t1, &t3);               /* 6a, Z != 1 */
        cuzk_g1_proj_neg(&t1, &t1);
        cuzk_g1_affine a6;
        cuzk_g1_proj_to_affine(&a6, &t1);
        cuzk_g1_affine_neg(&a6, &a6);                  /* 6a affine */
        cuzk_g1_proj_add_affine(&t2, &t1, &a6);        /* -6a + 6a */
        CHECK(cuzk_g1_proj_is_infinity(&t2));
        cuzk_g1_affine_neg(&a6, &a6);
        cuzk_g1_proj_add_affine(&t2, &t1, &a6);        /* -6a - 6a: doubling case */
        cuzk_g1_proj_dbl(&t3, &t1);
        CHECK(cuzk_g1_proj_eq(&t2, &t3));
        cuzk_g1_affine ainf;
        cuzk_g1_affine_infinity(&ainf);
        cuzk_g1_proj_add_affine(&t2, &t1, &ainf);
        CHECK(cuzk_g1_proj_eq(&t2, &t1));
        cuzk_g1_proj_add_affine(&t2, &inf, &a);
        CHECK(aff_eq_proj(&a, &t2));
        (void)an;
    }
}

static void test_batch_affine(cuzk_rng *rng)
{
    enum { N = 9 };
    cuzk_g1_proj p[N];
    cuzk_g1_affine one[N], batch[N];
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    for (int i = 0; i < N; i++) {
        cuzk_scalar k;
        test_rand_scalar(&k, rng);
        cuzk_g1_mul_affine(&p[i], &g, &k);
    }
    cuzk_g1_proj_infinity(&p[0]);
    cuzk_g1_proj_infinity(&p[4]);
    cuzk_g1_proj_infinity(&p[N - 1]);
    for (int i = 0; i < N; i++) cuzk_g1_proj_to_affine(&one[i], &p[i]);
    cuzk_g1_proj_batch_to_affine(batch, p, N);
    for (int i = 0; i < N; i++) {
        CHECK(cuzk_g1_affine_eq(&one[i], &batch[i]));
        CHECK(aff_eq_proj(&batch[i], &p[i]));
        CHECK(cuzk_g1_is_on_curve(&batch[i]));
    }
    CHECK(cuzk_g1_affine_is_infinity(&batch[4]));
    cuzk_g1_proj_batch_to_affine(batch, p, 0); /* n = 0 is a no-op */
}

/* GLV result against the plain binary method on the unreduced scalar. */
static bool mul_matches_plain(const cuzk_g1_affine *a, const cuzk_scalar *k)
{
    cuzk_g1_proj p, fast, slow;
    cuzk_g1_proj_from_affine(&p, a);
    cuzk_g1_mul(&fast, &p, k);
    cuzk_g1_mul_plain(&slow, &p, k->l, 4);
    return cuzk_g1_proj_eq(&fast, &slow);
}

static void test_scalar_mul(cuzk_rng *rng)
{
    cuzk_g1_affine g, a;
    cuzk_g1_generator(&g);
    test_g1_rand_in_group(&a, rng);
    const cuzk_g1_affine *pts[2] = {&g, &a};
    for (int pi = 0; pi < 2; pi++) {
        const cuzk_g1_affine *P = pts[pi];
        cuzk_scalar k;
        cuzk_g1_proj r, pp;
        cuzk_g1_proj_from_affine(&pp, P);
        memset(&k, 0, sizeof k);
        cuzk_g1_mul_affine(&r, P, &k);
        CHECK(cuzk_g1_proj_is_infinity(&r));                  /* k = 0 */
        k.l[0] = 1;
        cuzk_g1_mul_affine(&r, P, &k);
        CHECK(aff_eq_proj(P, &r));                            /* k = 1 */
        k.l[0] = 2;
        cuzk_g1_mul_affine(&r, P, &k);
        cuzk_g1_proj_dbl(&pp, &pp);
        CHECK(cuzk_g1_proj_eq(&r, &pp));                      /* k = 2 */
        test_scalar_r_plus(&k, -1);
        cuzk_g1_mul_affine(&r, P, &k);
        cuzk_g1_affine n;
        cuzk_g1_affine_neg(&n, P);
        CHECK(aff_eq_proj(&n, &r));                           /* k = r - 1 */
        CHECK(mul_matches_plain(P, &k));
        test_scalar_r_plus(&k, 0);
        cuzk_g1_mul_affine(&r, P, &k);
        CHECK(cuzk_g1_proj_is_infinity(&r));                  /* k = r */
        CHECK(mul_matches_plain(P, &k));
        test_scalar_r_plus(&k, 1);
        cuzk_g1_mul_affine(&r, P, &k);
        CHECK(aff_eq_proj(P, &r));                            /* k = r + 1 */
        CHECK(mul_matches_plain(P, &k));
        for (int i = 0; i < 4; i++) k.l[i] = ~0ULL;
        CHECK(mul_matches_plain(P, &k));                      /* k = 2^256 - 1 */
        memset(&k, 0, sizeof k);
        k.l[1] = 1;
        CHECK(mul_matches_plain(P, &k));                      /* k = 2^64 */
        k.l[0] = CUZK_BLS_X_ABS, k.l[1] = 0;
        CHECK(mul_matches_plain(P, &k));                      /* k = |x|: a split boundary */
    }
    /* random full-width scalars; also [a]P + [b]P = [a+b]P */
    for (int it = 0; it < 24; it++) {
        cuzk_scalar k1, k2, k3;
        test_rand_scalar(&k1, rng);
        test_rand_scalar(&k2, rng);
        if (it & 1) k1.l[3] >>= it % 7; /* vary the length */
        CHECK(mul_matches_plain(&a, &k1));
        k2.l[3] &= 0x3fffffffffffffffULL, k1.l[3] &= 0x3fffffffffffffffULL; /* no wrap in the sum */
        test_scalar_add(&k3, &k1, &k2);
        cuzk_g1_proj r1, r2, r3;
        cuzk_g1_mul_affine(&r1, &a, &k1);
        cuzk_g1_mul_affine(&r2, &a, &k2);
        cuzk_g1_mul_affine(&r3, &a, &k3);
        cuzk_g1_proj_add(&r1, &r1, &r2);
        CHECK(cuzk_g1_proj_eq(&r1, &r3));
    }
    /* aliasing r = a */
    cuzk_scalar k;
    test_rand_scalar(&k, rng);
    cuzk_g1_proj p, q;
    cuzk_g1_proj_from_affine(&p, &a);
    cuzk_g1_mul(&q, &p, &k);
    cuzk_g1_mul(&p, &p, &k);
    CHECK(cuzk_g1_proj_eq(&p, &q));
    /* infinity input */
    cuzk_g1_proj_infinity(&p);
    cuzk_g1_mul(&q, &p, &k);
    CHECK(cuzk_g1_proj_is_infinity(&q));
}

static void test_endo_and_subgroup(cuzk_rng *rng)
{
    /* phi = [lambda] with lambda = -x^2 mod r = r - x^2 */
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    unsigned __int128 x2 = (unsigned __int128)CUZK_BLS_X_ABS * CUZK_BLS_X_ABS;
    cuzk_scalar lam;
    uint64_t x2l[4] = {(uint64_t)x2, (uint64_t)(x2 >> 64), 0, 0};
    unsigned __int128 bw = 0;
    for (int i = 0; i < 4; i++) {
        unsigned __int128 d = (unsigned __int128)TEST_R[i] - x2l[i] - bw;
        lam.l[i] = (uint64_t)d;
        bw = (d >> 64) & 1;
    }
    cuzk_g1_proj pg, e, m;
    cuzk_g1_proj_from_affine(&pg, &g);
    cuzk_g1_endo(&e, &pg);
    cuzk_g1_mul_plain(&m, &pg, lam.l, 4);
    CHECK(cuzk_g1_proj_eq(&e, &m));
    /* [|x|] through mul_by_x_abs equals the plain product */
    uint64_t xa = CUZK_BLS_X_ABS;
    cuzk_g1_mul_by_x_abs(&e, &pg);
    cuzk_g1_mul_plain(&m, &pg, &xa, 1);
    CHECK(cuzk_g1_proj_eq(&e, &m));

    int outside = 0;
    for (int it = 0; it < 8; it++) {
        cuzk_g1_affine p, c;
        test_g1_rand_on_curve(&p, rng);
        CHECK(cuzk_g1_is_on_curve(&p));
        cuzk_g1_proj pp, rp;
        cuzk_g1_proj_from_affine(&pp, &p);
        cuzk_g1_mul_plain(&rp, &pp, TEST_R, 4);
        bool slow = cuzk_g1_proj_is_infinity(&rp);
        CHECK(cuzk_g1_is_in_subgroup(&p) == slow);
        outside += !slow;
        cuzk_g1_clear_cofactor(&rp, &pp);
        cuzk_g1_proj_to_affine(&c, &rp);
        CHECK(cuzk_g1_is_on_curve(&c));
        CHECK(cuzk_g1_is_in_subgroup(&c));
        cuzk_g1_mul_plain(&rp, &rp, TEST_R, 4);
        CHECK(cuzk_g1_proj_is_infinity(&rp));
        /* the fast check on a subgroup point perturbed by a non-subgroup one */
        cuzk_g1_proj_add_affine(&rp, &pp, &g);
        cuzk_g1_proj_to_affine(&c, &rp);
        CHECK(!cuzk_g1_is_in_subgroup(&c));
    }
    CHECK(outside == 8); /* the cofactor is huge: random points are never in G1 */
    /* generator multiples pass */
    for (int it = 0; it < 4; it++) {
        cuzk_g1_affine p;
        test_g1_rand_in_group(&p, rng);
        CHECK(cuzk_g1_is_in_subgroup(&p));
    }
    /* the order-3 points (0, +-2) */
    cuzk_g1_affine t;
    t.x = CUZK_FP_ZERO;
    cuzk_fp_from_u64(&t.y, 2);
    CHECK(cuzk_g1_is_on_curve(&t));
    CHECK(!cuzk_g1_is_in_subgroup(&t));
    cuzk_g1_proj tp, t3;
    cuzk_g1_proj_from_affine(&tp, &t);
    uint64_t three = 3;
    cuzk_g1_mul_plain(&t3, &tp, &three, 1);
    CHECK(cuzk_g1_proj_is_infinity(&t3));
    /* cuzk_g1_mul on it takes the exact fallback (its table meets infinity) */
    for (uint64_t v = 0; v < 5; v++) {
        cuzk_scalar k = {{v, 0, 0, 0}};
        cuzk_g1_proj fast, slow;
        cuzk_g1_mul(&fast, &tp, &k);
        cuzk_g1_mul_plain(&slow, &tp, k.l, 4);
        CHECK(cuzk_g1_proj_eq(&fast, &slow));
    }
}

static void bench(cuzk_rng *rng)
{
    cuzk_g1_affine a, b;
    test_g1_rand_in_group(&a, rng);
    test_g1_rand_in_group(&b, rng);
    cuzk_g1_proj p, q;
    cuzk_g1_proj_from_affine(&p, &a);
    cuzk_g1_proj_dbl(&p, &p);
    cuzk_g1_proj_from_affine(&q, &b);
    cuzk_g1_proj_dbl(&q, &q);
    double t_add, t_dbl, t_madd, t_mul, t_sub;
    TEST_TIME_NS(t_add, 2000, 3, cuzk_g1_proj_add(&p, &p, &q));
    TEST_TIME_NS(t_madd, 2000, 3, cuzk_g1_proj_add_affine(&p, &p, &b));
    TEST_TIME_NS(t_dbl, 2000, 3, cuzk_g1_proj_dbl(&p, &p));
    cuzk_scalar k;
    test_rand_scalar(&k, rng);
    k.l[3] &= 0x3fffffffffffffffULL; /* < r: a full 255-bit scalar */
    k.l[3] |= 0x4000000000000000ULL;
    TEST_TIME_NS(t_mul, 100, 3, cuzk_g1_mul(&p, &p, &k));
    TEST_TIME_NS(t_sub, 100, 3, (void)cuzk_g1_is_in_subgroup(&a));
    printf("g1: add %.0f ns, madd %.0f ns, dbl %.0f ns, mul %.1f us, subgroup check %.1f us\n",
           t_add, t_madd, t_dbl, t_mul / 1e3, t_sub / 1e3);
    CHECK(cuzk_g1_is_on_curve(&a));
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6731);
    test_scalar_helpers(&rng);
    test_generator();
    test_group_law(&rng);
    test_batch_affine(&rng);
    test_scalar_mul(&rng);
    test_endo_and_subgroup(&rng);
    bench(&rng);
    return test_finish("test_g1");
}
