/* G2: generator, group law identities, batch affine conversion, GLS scalar
 * multiplication against the plain binary method, psi, the fast subgroup
 * check against [r]P = O, cofactor clearing, and timings. */
#include "cuzk/ec.h"
#include "test.h"
#include "ec_test_util.h"

static bool aff_eq_proj(const cuzk_g2_affine *a, const cuzk_g2_proj *p)
{
    cuzk_g2_proj q;
    cuzk_g2_proj_from_affine(&q, a);
    return cuzk_g2_proj_eq(&q, p);
}

static void fp_hex(cuzk_fp *r, const char *hex)
{
    uint8_t b[48];
    test_unhex(b, 48, hex);
    CHECK(cuzk_fp_from_bytes_be(r, b, NULL) == 0);
}

static void test_generator(void)
{
    cuzk_g2_affine g, want;
    cuzk_g2_generator(&g);
    fp_hex(&want.x.c0, "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8");
    fp_hex(&want.x.c1, "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e");
    fp_hex(&want.y.c0, "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801");
    fp_hex(&want.y.c1, "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be");
    CHECK(cuzk_g2_affine_eq(&g, &want));
    CHECK(cuzk_g2_is_on_curve(&g));
    CHECK(cuzk_g2_is_in_subgroup(&g));

    cuzk_g2_affine inf, bad = g, n, nn;
    cuzk_g2_affine_infinity(&inf);
    CHECK(cuzk_g2_affine_is_infinity(&inf) && !cuzk_g2_affine_is_infinity(&g));
    CHECK(cuzk_g2_is_on_curve(&inf) && cuzk_g2_is_in_subgroup(&inf));
    cuzk_fp_add(&bad.y.c1, &bad.y.c1, &CUZK_FP_ONE);
    CHECK(!cuzk_g2_is_on_curve(&bad));
    cuzk_g2_affine_neg(&n, &g);
    CHECK(!cuzk_g2_affine_eq(&n, &g) && cuzk_g2_is_on_curve(&n));
    cuzk_g2_affine_neg(&nn, &n);
    CHECK(cuzk_g2_affine_eq(&nn, &g));
}

static void test_group_law(cuzk_rng *rng)
{
    cuzk_g2_proj inf;
    cuzk_g2_proj_infinity(&inf);
    CHECK(cuzk_g2_proj_is_infinity(&inf));
    for (int it = 0; it < 10; it++) {
        cuzk_g2_affine a, b, c, ainf;
        test_g2_rand_in_group(&a, rng);
        test_g2_rand_in_group(&b, rng);
        test_g2_rand_in_group(&c, rng);
        cuzk_g2_affine_infinity(&ainf);
        cuzk_g2_proj pa, pb, pc, t1, t2, t3;
        cuzk_g2_proj_from_affine(&pa, &a);
        cuzk_g2_proj_from_affine(&pb, &b);
        cuzk_g2_proj_from_affine(&pc, &c);
        cuzk_g2_proj_dbl(&pa, &pa);                       /* Z != 1 */
        cuzk_g2_proj_add(&t1, &pb, &pb);
        cuzk_g2_proj_dbl(&pb, &pb);
        CHECK(cuzk_g2_proj_eq(&t1, &pb));
        cuzk_g2_proj_add(&t1, &pa, &pb);
        cuzk_g2_proj_add(&t2, &pb, &pa);
        CHECK(cuzk_g2_proj_eq(&t1, &t2));
        cuzk_g2_proj_add(&t1, &t1, &pc);
        cuzk_g2_proj_add(&t2, &pb, &pc);
        cuzk_g2_proj_add(&t2, &pa, &t2);
        CHECK(cuzk_g2_proj_eq(&t1, &t2));
        cuzk_g2_proj_add(&t1, &pa, &pc);
        t2 = pa;
        cuzk_g2_proj_add_affine(&t2, &t2, &c);
        CHECK(cuzk_g2_proj_eq(&t1, &t2));
        CHECK(!cuzk_g2_proj_eq(&t1, &pa));
        cuzk_g2_affine r1;
        cuzk_g2_proj_to_affine(&r1, &t1);
        CHECK(cuzk_g2_is_on_curve(&r1));
        cuzk_g2_proj_neg(&t3, &pa);
        cuzk_g2_proj_add(&t1, &pa, &t3);
        CHECK(cuzk_g2_proj_is_infinity(&t1));
        cuzk_g2_proj_add(&t1, &pa, &inf);
        CHECK(cuzk_g2_proj_eq(&t1, &pa));
        cuzk_g2_proj_add(&t1, &inf, &pa);
        CHECK(cuzk_g2_proj_eq(&t1, &pa));
        cuzk_g2_proj_dbl(&t1, &inf);
        CHECK(cuzk_g2_proj_is_infinity(&t1));
        /* mixed addition hitting P == Q and P == -Q with Z != 1 */
        cuzk_g2_affine a2;
        cuzk_g2_proj_to_affine(&a2, &pa);                 /* 2a */
        cuzk_g2_proj_add_affine(&t1, &pa, &a2);
        cuzk_g2_proj_dbl(&t2, &pa);
        CHECK(cuzk_g2_proj_eq(&t1, &t2));
        cuzk_g2_affine_neg(&a2, &a2);
        cuzk_g2_proj_add_affine(&t1, &pa, &a2);
        CHECK(cuzk_g2_proj_is_infinity(&t1));
        cuzk_g2_proj_add_affine(&t1, &pa, &ainf);
        CHECK(cuzk_g2_proj_eq(&t1, &pa));
        cuzk_g2_proj_add_affine(&t1, &inf, &a);
        CHECK(aff_eq_proj(&a, &t1));
    }
}

static void test_batch_affine(cuzk_rng *rng)
{
    enum { N = 7 };
    cuzk_g2_proj p[N];
    cuzk_g2_affine one[N], batch[N], g;
    cuzk_g2_generator(&g);
    for (int i = 0; i < N; i++) {
        cuzk_scalar k;
        test_rand_scalar(&k, rng);
        cuzk_g2_mul_affine(&p[i], &g, &k);
    }
    cuzk_g2_proj_infinity(&p[0]);
    cuzk_g2_proj_infinity(&p[3]);
    for (int i = 0; i < N; i++) cuzk_g2_proj_to_affine(&one[i], &p[i]);
    cuzk_g2_proj_batch_to_affine(batch, p, N);
    for (int i = 0; i < N; i++) {
        CHECK(cuzk_g2_affine_eq(&one[i], &batch[i]));
        CHECK(aff_eq_proj(&batch[i], &p[i]));
        CHECK(cuzk_g2_is_on_curve(&batch[i]));
    }
    CHECK(cuzk_g2_affine_is_infinity(&batch[3]));
}

static bool mul_matches_plain(const cuzk_g2_affine *a, const cuzk_scalar *k)
{
    cuzk_g2_proj p, fast, slow;
    cuzk_g2_proj_from_affine(&p, a);
    cuzk_g2_mul(&fast, &p, k);
    cuzk_g2_mul_plain(&slow, &p, k->l, 4);
    return cuzk_g2_proj_eq(&fast, &slow);
}

static void test_scalar_mul(cuzk_rng *rng)
{
    cuzk_g2_affine g, a;
    cuzk_g2_generator(&g);
    test_g2_rand_in_group(&a, rng);
    const cuzk_g2_affine *pts[2] = {&g, &a};
    for (int pi = 0; pi < 2; pi++) {
        const cuzk_g2_affine *P = pts[pi];
        cuzk_scalar k;
        cuzk_g2_proj r, pp;
        cuzk_g2_proj_from_affine(&pp, P);
        memset(&k, 0, sizeof k);
        cuzk_g2_mul_affine(&r, P, &k);
        CHECK(cuzk_g2_proj_is_infinity(&r));                  /* k = 0 */
        k.l[0] = 1;
        cuzk_g2_mul_affine(&r, P, &k);
        CHECK(aff_eq_proj(P, &r));                            /* k = 1 */
        k.l[0] = 2;
        cuzk_g2_mul_affine(&r, P, &k);
        cuzk_g2_proj_dbl(&pp, &pp);
        CHECK(cuzk_g2_proj_eq(&r, &pp));                      /* k = 2 */
        test_scalar_r_plus(&k, -1);
        cuzk_g2_mul_affine(&r, P, &k);
        cuzk_g2_affine n;
        cuzk_g2_affine_neg(&n, P);
        CHECK(aff_eq_proj(&n, &r));                           /* k = r - 1 */
        CHECK(mul_matches_plain(P, &k));
        test_scalar_r_plus(&k, 0);
        cuzk_g2_mul_affine(&r, P, &k);
        CHECK(cuzk_g2_proj_is_infinity(&r));                  /* k = r */
        CHECK(mul_matches_plain(P, &k));
        test_scalar_r_plus(&k, 1);
        cuzk_g2_mul_affine(&r, P, &k);
        CHECK(aff_eq_proj(P, &r));                            /* k = r + 1 */
        CHECK(mul_matches_plain(P, &k));
        for (int i = 0; i < 4; i++) k.l[i] = ~0ULL;
        CHECK(mul_matches_plain(P, &k));                      /* k = 2^256 - 1 */
        memset(&k, 0, sizeof k);
        k.l[0] = CUZK_BLS_X_ABS;
        CHECK(mul_matches_plain(P, &k));                      /* k = |x| */
        k.l[0] = CUZK_BLS_X_ABS - 1;
        CHECK(mul_matches_plain(P, &k));
    }
    for (int it = 0; it < 12; it++) {
        cuzk_scalar k1, k2, k3;
        test_rand_scalar(&k1, rng);
        test_rand_scalar(&k2, rng);
        if (it & 1) k1.l[3] >>= it % 7;
        CHECK(mul_matches_plain(&a, &k1));
        k2.l[3] &= 0x3fffffffffffffffULL, k1.l[3] &= 0x3fffffffffffffffULL;
        test_scalar_add(&k3, &k1, &k2);
        cuzk_g2_proj r1, r2, r3;
        cuzk_g2_mul_affine(&r1, &a, &k1);
        cuzk_g2_mul_affine(&r2, &a, &k2);
        cuzk_g2_mul_affine(&r3, &a, &k3);
        cuzk_g2_proj_add(&r1, &r1, &r2);
        CHECK(cuzk_g2_proj_eq(&r1, &r3));
    }
    cuzk_scalar k;
    test_rand_scalar(&k, rng);
    cuzk_g2_proj p, q;
    cuzk_g2_proj_from_affine(&p, &a);
    cuzk_g2_mul(&q, &p, &k);
    cuzk_g2_mul(&p, &p, &k);
    CHECK(cuzk_g2_proj_eq(&p, &q));
    cuzk_g2_proj_infinity(&p);
    cuzk_g2_mul(&q, &p, &k);
    CHECK(cuzk_g2_proj_is_infinity(&q));
}

static void test_psi_and_subgroup(cuzk_rng *rng)
{
    /* psi = [x] = -[|x|] on G2, and psi^4 - psi^2 + 1 = 0 (x^4 - x^2 + 1 = r) */
    cuzk_g2_affine g;
    cuzk_g2_generator(&g);
    cuzk_g2_proj pg, s, m, s2, s4, t;
    cuzk_g2_proj_from_affine(&pg, &g);
    cuzk_g2_psi(&s, &pg);
    uint64_t xa = CUZK_BLS_X_ABS;
    cuzk_g2_mul_plain(&m, &pg, &xa, 1);
    cuzk_g2_proj_neg(&m, &m);
    CHECK(cuzk_g2_proj_eq(&s, &m));
    cuzk_g2_mul_by_x_abs(&t, &pg);
    cuzk_g2_proj_neg(&t, &t);
    CHECK(cuzk_g2_proj_eq(&t, &m));
    cuzk_g2_psi(&s2, &s);
    cuzk_g2_psi(&s4, &s2);
    cuzk_g2_psi(&s4, &s4);
    cuzk_g2_proj_neg(&s2, &s2);
    cuzk_g2_proj_add(&t, &s4, &s2);
    cuzk_g2_proj_add(&t, &t, &pg);
    CHECK(cuzk_g2_proj_is_infinity(&t));

    int outside = 0;
    for (int it = 0; it < 4; it++) {
        cuzk_g2_affine p, c;
        test_g2_rand_on_curve(&p, rng);
        CHECK(cuzk_g2_is_on_curve(&p));
        cuzk_g2_proj pp, rp;
        cuzk_g2_proj_from_affine(&pp, &p);
        cuzk_g2_mul_plain(&rp, &pp, TEST_R, 4);
        bool slow = cuzk_g2_proj_is_infinity(&rp);
        CHECK(cuzk_g2_is_in_subgroup(&p) == slow);
        outside += !slow;
        /* psi is an endomorphism of the whole curve: it keeps points on E' */
        cuzk_g2_psi(&rp, &pp);
        cuzk_g2_proj_to_affine(&c, &rp);
        CHECK(cuzk_g2_is_on_curve(&c));
        cuzk_g2_clear_cofactor(&rp, &pp);
        CHECK(!cuzk_g2_proj_is_infinity(&rp));
        cuzk_g2_proj_to_affine(&c, &rp);
        CHECK(cuzk_g2_is_on_curve(&c));
        CHECK(cuzk_g2_is_in_subgroup(&c));
        cuzk_g2_mul_plain(&rp, &rp, TEST_R, 4);
        CHECK(cuzk_g2_proj_is_infinity(&rp));
        cuzk_g2_proj_add_affine(&rp, &pp, &g);
        cuzk_g2_proj_to_affine(&c, &rp);
        CHECK(!cuzk_g2_is_in_subgroup(&c));
    }
    CHECK(outside == 4);
    for (int it = 0; it < 4; it++) {
        cuzk_g2_affine p;
        test_g2_rand_in_group(&p, rng);
        CHECK(cuzk_g2_is_in_subgroup(&p));
    }
}

static void bench(cuzk_rng *rng)
{
    cuzk_g2_affine a, b;
    test_g2_rand_in_group(&a, rng);
    test_g2_rand_in_group(&b, rng);
    cuzk_g2_proj p, q;
    cuzk_g2_proj_from_affine(&p, &a);
    cuzk_g2_proj_dbl(&p, &p);
    cuzk_g2_proj_from_affine(&q, &b);
    cuzk_g2_proj_dbl(&q, &q);
    double t_add, t_dbl, t_madd, t_mul, t_sub;
    TEST_TIME_NS(t_add, 1000, 3, cuzk_g2_proj_add(&p, &p, &q));
    TEST_TIME_NS(t_madd, 1000, 3, cuzk_g2_proj_add_affine(&p, &p, &b));
    TEST_TIME_NS(t_dbl, 1000, 3, cuzk_g2_proj_dbl(&p, &p));
    cuzk_scalar k;
    test_rand_scalar(&k, rng);
    k.l[3] &= 0x3fffffffffffffffULL;
    k.l[3] |= 0x4000000000000000ULL;
    TEST_TIME_NS(t_mul, 50, 3, cuzk_g2_mul(&p, &p, &k));
    TEST_TIME_NS(t_sub, 50, 3, (void)cuzk_g2_is_in_subgroup(&a));
    printf("g2: add %.0f ns, madd %.0f ns, dbl %.0f ns, mul %.1f us, subgroup check %.1f us\n",
           t_add, t_madd, t_dbl, t_mul / 1e3, t_sub / 1e3);
    CHECK(cuzk_g2_is_on_curve(&a));
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6732);
    test_generator();
    test_group_law(&rng);
    test_batch_affine(&rng);
    test_scalar_mul(&rng);
    test_psi_and_subgroup(&rng);
    bench(&rng);
    return test_finish("test_g2");
}
