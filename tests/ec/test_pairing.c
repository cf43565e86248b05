/* The optimal ate pairing: known answers (RELIC/zkcrypto, bellperson/blstrs),
 * the final exponentiation against a naive power, bilinearity, the order of
 * GT, infinity, multi and prepared Miller loops. */
#include "cuzk/ec.h"
#include "test.h"

#define GOLDEN CUZK_GOLDEN_DIR "/bls12_381/"

/* 3 (p^12 - 1) / r, big-endian hex: the exponent blst and zkcrypto apply. */
static const char FULL_EXP_HEX[] =
    "8ca592196587127a538fd40dc3e541f9dca04bb7dc671be77cf17715a2b2fe3bea73dfb468d8"
    "f473094aecb7315a664019fbd84913caba6579c08fd42009fe1bd6fcbce15eacb2cf3218a165"
    "958cb8bfdae2d2d54207282314fc0dea9d6ff3a07dbd34efb77b732ba5f994816e296a72928c"
    "fee133bdc3ca9412b984b9783d9c6aa81297ab1cd294a502304773528bbae8706979f28efa0d"
    "355b0224e2513d6e4a5d3bb4dde0523678105d9167ff1323d6e99ac312d8a7d762336370c434"
    "7bb5a7e405d6f3496b2dd38e722d4c1f3ac25e3167ec2cb543d69430c37c2f98fcdd0dd36caa"
    "9f5aa7994cec31b24ed5e515911037b376e521070d29c9d56cfa8c3574363efb20f28c19e410"
    "5ab99edd44084bd23725017931d6740bda71e5f07600ce6b407e543c4bc40bcd4c0b600e6c98"
    "003bf8548986b14d9098746dc89d154af91ad54f337b31c79222145dd3ed254fdeda0300c49e"
    "bcd2352765f533883a3513435f3ee452496f5166c25bf503bd6ec0a0679efda3b46ebf86211d"
    "458de749460d4a2a19abe6ea2accb451ab9a096b98465d044dc2a7f86c253a4ee57b6df108ef"
    "f598a8dbc483bf8b74c2789939db85ffd7e0fd55b32bc26877f5be26fa7d750500ce2fab93c0"
    "cbe7336b126a5693d0c16484f37addccc7642590dbe98538990b88637e374d545d9b34b67448"
    "d0357e60280bbd8542f1f4e813caa8e8db57364b4e0cc14f35af381dd9b71ec9292b3a3f16e4"
    "2362d2019e05f30";

#define FULL_EXP_LIMBS 68

static cuzk_rng rng;

/* ---- helpers --------------------------------------------------------------------- */

/* Big-endian hex (even length not required) -> little-endian limbs. */
static size_t hex_to_limbs(uint64_t *out, size_t cap, const char *hex)
{
    size_t n = strlen(hex), limbs = (n + 15) / 16;
    if (limbs > cap) return 0;
    memset(out, 0, cap * sizeof(*out));
    for (size_t i = 0; i < n; i++) {
        size_t digit = n - 1 - i; /* nibble index from the least significant end */
        out[digit / 16] |= (uint64_t)test_hex_nibble(hex[i]) << (4 * (digit % 16));
    }
    return limbs;
}

/* r = a^e, e little-endian limbs, plain square and multiply. */
static void fp12_pow(cuzk_fp12 *r, const cuzk_fp12 *a, const uint64_t *e, size_t limbs)
{
    cuzk_fp12 acc, base = *a;
    cuzk_fp12_one(&acc);
    for (size_t i = limbs; i-- > 0;)
        for (int b = 63; b >= 0; b--) {
            cuzk_fp12_sqr(&acc, &acc);
            if ((e[i] >> b) & 1) cuzk_fp12_mul(&acc, &acc, &base);
        }
    *r = acc;
}

static void gt_pow_scalar(cuzk_gt *r, const cuzk_gt *a, const cuzk_scalar *k)
{
    fp12_pow(r, a, k->l, 4);
}

static void rand_fp(cuzk_fp *r)
{
    uint64_t raw[6];
    for (int i = 0; i < 6; i++) raw[i] = cuzk_rng_u64(&rng);
    raw[5] &= 0x0fffffffffffffffULL; /* below p */
    CHECK(cuzk_fp_from_raw(r, raw));
}

static void rand_fp12(cuzk_fp12 *r)
{
    cuzk_fp *c = &r->c0.c0.c0;
    for (int i = 0; i < 12; i++) rand_fp(&c[i]);
}

static void rand_fr(cuzk_fr *r)
{
    uint64_t raw[4];
    for (int i = 0; i < 4; i++) raw[i] = cuzk_rng_u64(&rng);
    raw[3] &= 0x3fffffffffffffffULL; /* below r */
    CHECK(cuzk_fr_from_raw(r, raw));
}

static void g1_times(cuzk_g1_affine *r, const cuzk_fr *k)
{
    cuzk_g1_affine g;
    cuzk_g1_proj t;
    cuzk_scalar s;
    cuzk_g1_generator(&g);
    cuzk_fr_to_scalar(&s, k);
    cuzk_g1_mul_affine(&t, &g, &s);
    cuzk_g1_proj_to_affine(r, &t);
}

static void g2_times(cuzk_g2_affine *r, const cuzk_fr *k)
{
    cuzk_g2_affine g;
    cuzk_g2_proj t;
    cuzk_scalar s;
    cuzk_g2_generator(&g);
    cuzk_fr_to_scalar(&s, k);
    cuzk_g2_mul_affine(&t, &g, &s);
    cuzk_g2_proj_to_affine(r, &t);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    if (buf) buf[n] = 0;
    fclose(f);
    return buf;
}

/* The string value of the first "key" after from, copied into out; NULL if absent. */
static const char *json_str(char *out, size_t cap, const char *from, const char *key)
{
    char pat[96];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *k = strstr(from, pat);
    if (!k) return NULL;
    const char *q = strchr(k + strlen(pat), '"');
    if (!q) return NULL;
    const char *e = strchr(q + 1, '"');
    if (!e || (size_t)(e - q - 1) >= cap) return NULL;
    memcpy(out, q + 1, (size_t)(e - q - 1));
    out[e - q - 1] = 0;
    return e + 1;
}

/* ---- known answers ------------------------------------------------------------------ */

static void test_relic_generators(void)
{
    static const char *keys[12] = {"c0.c0.c0", "c0.c0.c1", "c0.c1.c0", "c0.c1.c1", "c0.c2.c0", "c0.c2.c1",
                                   "c1.c0.c0", "c1.c0.c1", "c1.c1.c0", "c1.c1.c1", "c1.c2.c0", "c1.c2.c1"};
    char *js = read_file(GOLDEN "pairing_generators_relic.json");
    CHECK(js != NULL);
    if (!js) return;
    cuzk_gt want, got, naive, m;
    cuzk_fp *w = &want.c0.c0.c0;
    for (int i = 0; i < 12; i++) {
        char hex[128];
        uint8_t be[48];
        CHECK(json_str(hex, sizeof hex, js, keys[i]) != NULL);
        CHECK(test_unhex(be, sizeof be, hex) == 48);
        CHECK(cuzk_fp_from_bytes_be(&w[i], be, NULL) == 0);
    }
    free(js);

    cuzk_g1_affine p;
    cuzk_g2_affine q;
    cuzk_g1_generator(&p);
    cuzk_g2_generator(&q);
    cuzk_pairing(&got, &p, &q);
    CHECK(cuzk_gt_eq(&got, &want));

    /* the same through the naive power: pins the exponent, easy part included */
    uint64_t e[FULL_EXP_LIMBS];
    CHECK(hex_to_limbs(e, FULL_EXP_LIMBS, FULL_EXP_HEX) == FULL_EXP_LIMBS);
    cuzk_miller_loop(&m, &p, &q);
    fp12_pow(&naive, &m, e, FULL_EXP_LIMBS);
    CHECK(cuzk_gt_eq(&naive, &want));

    /* in place */
    cuzk_final_exponentiation(&m, &m);
    CHECK(cuzk_gt_eq(&m, &want));
}

/* blstrs' compressed GT: b = (c0 + 1) / c1 in Fp6, six Fp little-endian. */
static void gt_blstrs_compress(uint8_t out[288], const cuzk_gt *g)
{
    cuzk_fp6 one, num, inv, b;
    cuzk_fp6_one(&one);
    cuzk_fp6_add(&num, &g->c0, &one);
    cuzk_fp6_inv(&inv, &g->c1);
    cuzk_fp6_mul(&b, &num, &inv);
    const cuzk_fp *c = &b.c0.c0;
    for (int i = 0; i < 6; i++) cuzk_fp_to_bytes_le(out + 48 * i, &c[i]);
}

static void test_bellperson_compat(void)
{
    char *js = read_file(GOLDEN "bellperson_pairing_compat.json");
    CHECK(js != NULL);
    if (!js) return;
    const char *at = js;
    int vectors = 0;
    for (;;) {
        char g1hex[128], g2hex[256], gthex[640];
        const char *n1 = json_str(g1hex, sizeof g1hex, at, "g1_compressed_hex");
        if (!n1) break;
        const char *n2 = json_str(g2hex, sizeof g2hex, n1, "g2_compressed_hex");
        const char *n3 = n2 ? json_str(gthex, sizeof gthex, n2, "gt_blstrs_compressed_hex") : NULL;
        CHECK(n3 != NULL);
        if (!n3) break;
        at = n3;

        uint8_t b1[48], b2[96], want[288], got[288];
        CHECK(test_unhex(b1, sizeof b1, g1hex) == 48);
        CHECK(test_unhex(b2, sizeof b2, g2hex) == 96);
        CHECK(test_unhex(want, sizeof want, gthex) == 288);
        cuzk_g1_affine p;
        cuzk_g2_affine q;
        CHECK(cuzk_g1_decode(&p, b1, 48, true, NULL) == 0);
        CHECK(cuzk_g2_decode(&q, b2, 96, true, NULL) == 0);
        cuzk_gt e;
        cuzk_pairing(&e, &p, &q);
        gt_blstrs_compress(got, &e);
        CHECK_MEM(got, want, 288);
        vectors++;
    }
    CHECK(vectors == 2);
    free(js);
}

/* ---- the final exponentiation ------------------------------------------------------- */

static void test_final_exp_naive(void)
{
    uint64_t e[FULL_EXP_LIMBS];
    CHECK(hex_to_limbs(e, FULL_EXP_LIMBS, FULL_EXP_HEX) == FULL_EXP_LIMBS);
    cuzk_fp12 f, want, got;
    rand_fp12(&f);
    fp12_pow(&want, &f, e, FULL_EXP_LIMBS);
    cuzk_final_exponentiation(&got, &f);
    CHECK(cuzk_gt_eq(&got, &want));
    CHECK(!cuzk_gt_is_one(&got));

    /* a different input gives a different value (the check can fail) */
    f.c1.c2.c1 = CUZK_FP_ONE;
    cuzk_final_exponentiation(&got, &f);
    CHECK(!cuzk_gt_eq(&got, &want));

    cuzk_fp12_one(&f);
    cuzk_final_exponentiation(&got, &f);
    CHECK(cuzk_gt_is_one(&got));
}

/* ---- group laws ------------------------------------------------------------------------ */

static void test_bilinearity(void)
{
    cuzk_g1_affine g1, ap, abp;
    cuzk_g2_affine g2, bq, abq;
    cuzk_fr a, b, ab;
    cuzk_scalar s_ab, s_r;
    cuzk_gt e, e_ab, lhs, t;

    cuzk_g1_generator(&g1);
    cuzk_g2_generator(&g2);
    cuzk_pairing(&e, &g1, &g2);
    CHECK(!cuzk_gt_is_one(&e));

    /* e^r = 1: the value lies in the order-r group */
    memcpy(s_r.l, CUZK_FR_MODULUS, sizeof s_r.l);
    gt_pow_scalar(&t, &e, &s_r);
    CHECK(cuzk_gt_is_one(&t));

    for (int iter = 0; iter < 2; iter++) {
        rand_fr(&a);
        rand_fr(&b);
        cuzk_fr_mul(&ab, &a, &b);
        cuzk_fr_to_scalar(&s_ab, &ab);
        g1_times(&ap, &a);
        g2_times(&bq, &b);
        g1_times(&abp, &ab);
        g2_times(&abq, &ab);

        cuzk_pairing(&lhs, &ap, &bq);
        gt_pow_scalar(&e_ab, &e, &s_ab);
        CHECK(cuzk_gt_eq(&lhs, &e_ab));
        cuzk_pairing(&t, &abp, &g2);
        CHECK(cuzk_gt_eq(&t, &e_ab));
        cuzk_pairing(&t, &g1, &abq);
        CHECK(cuzk_gt_eq(&t, &e_ab));

        /* a wrong exponent does not match */
        cuzk_fr_add(&ab, &ab, &CUZK_FR_ONE);
        cuzk_fr_to_scalar(&s_ab, &ab);
        gt_pow_scalar(&t, &e, &s_ab);
        CHECK(!cuzk_gt_eq(&lhs, &t));
    }

    /* e(2P, Q) = e(P, 2Q) = e(P, Q)^2 != e(P, Q) */
    cuzk_fr two;
    cuzk_fr_from_u64(&two, 2);
    g1_times(&ap, &two);
    g2_times(&bq, &two);
    cuzk_fp12_sqr(&e_ab, &e);
    cuzk_pairing(&t, &ap, &g2);
    CHECK(cuzk_gt_eq(&t, &e_ab));
    CHECK(!cuzk_gt_eq(&t, &e));
    cuzk_pairing(&t, &g1, &bq);
    CHECK(cuzk_gt_eq(&t, &e_ab));

    /* e(-P, Q) = e(P, -Q) = conj e(P, Q) */
    cuzk_g1_affine np;
    cuzk_g2_affine nq;
    cuzk_g1_affine_neg(&np, &g1);
    cuzk_g2_affine_neg(&nq, &g2);
    cuzk_fp12_conj(&e_ab, &e);
    cuzk_pairing(&t, &np, &g2);
    CHECK(cuzk_gt_eq(&t, &e_ab));
    cuzk_pairing(&t, &g1, &nq);
    CHECK(cuzk_gt_eq(&t, &e_ab));
}

static void test_infinity(void)
{
    cuzk_g1_affine g1, o1;
    cuzk_g2_affine g2, o2;
    cuzk_fp12 f;
    cuzk_gt e;

    cuzk_g1_generator(&g1);
    cuzk_g2_generator(&g2);
    cuzk_g1_affine_infinity(&o1);
    cuzk_g2_affine_infinity(&o2);

    cuzk_miller_loop(&f, &o1, &g2);
    CHECK(cuzk_fp12_is_one(&f));
    cuzk_miller_loop(&f, &g1, &o2);
    CHECK(cuzk_fp12_is_one(&f));
    cuzk_pairing(&e, &o1, &o2);
    CHECK(cuzk_gt_is_one(&e));
    cuzk_pairing(&e, &o1, &g2);
    CHECK(cuzk_gt_is_one(&e));
    cuzk_multi_miller_loop(&f, &g1, &g2, 0);
    CHECK(cuzk_fp12_is_one(&f));

    cuzk_g2_prepared *pq = malloc(sizeof *pq);
    CHECK(pq != NULL);
    if (!pq) return;
    const cuzk_g2_prepared *list[1] = {pq};
    cuzk_g2_prepare(pq, &o2);
    CHECK(pq->infinity);
    cuzk_multi_miller_loop_prepared(&f, &g1, list, 1);
    CHECK(cuzk_fp12_is_one(&f));
    cuzk_g2_prepare(pq, &g2);
    CHECK(!pq->infinity);
    cuzk_multi_miller_loop_prepared(&f, &o1, list, 1);
    CHECK(cuzk_fp12_is_one(&f));
    free(pq);
}

/* ---- multi and prepared Miller loops --------------------------------------------------- */

#define NPAIRS 11 /* more than one chunk of the multi loop */

static void test_multi_and_prepared(void)
{
    cuzk_g1_affine p[NPAIRS], pn[2];
    cuzk_g2_affine q[NPAIRS], qn[2];
    cuzk_g2_prepared *prep = malloc(NPAIRS * sizeof *prep);
    const cuzk_g2_prepared *list[NPAIRS];
    cuzk_fp12 f, prod, m;
    cuzk_gt e, eprod;

    CHECK(prep != NULL);
    if (!prep) return;

    /* (P, Q) with (-P, Q) and with (P, -Q): the product pairs to 1, the loop alone does not */
    cuzk_g1_generator(&pn[0]);
    cuzk_g2_generator(&qn[0]);
    cuzk_g1_affine_neg(&pn[1], &pn[0]);
    qn[1] = qn[0];
    cuzk_multi_miller_loop(&f, pn, qn, 2);
    CHECK(!cuzk_fp12_is_one(&f));
    cuzk_final_exponentiation(&e, &f);
    CHECK(cuzk_gt_is_one(&e));
    pn[1] = pn[0];
    cuzk_g2_affine_neg(&qn[1], &qn[0]);
    cuzk_multi_miller_loop(&f, pn, qn, 2);
    cuzk_final_exponentiation(&e, &f);
    CHECK(cuzk_gt_is_one(&e));

    for (int i = 0; i < NPAIRS; i++) {
        cuzk_fr a, b;
        rand_fr(&a);
        rand_fr(&b);
        g1_times(&p[i], &a);
        g2_times(&q[i], &b);
    }
    cuzk_g1_affine_infinity(&p[3]);
    cuzk_g2_affine_infinity(&q[9]);

    cuzk_fp12_one(&prod);
    cuzk_fp12_one(&eprod);
    for (int i = 0; i < NPAIRS; i++) {
        cuzk_miller_loop(&m, &p[i], &q[i]);
        cuzk_fp12_mul(&prod, &prod, &m);
        cuzk_pairing(&e, &p[i], &q[i]);
        cuzk_fp12_mul(&eprod, &eprod, &e);
        cuzk_g2_prepare(&prep[i], &q[i]);
        list[i] = &prep[i];
    }

    /* the loops agree exactly as Fp12 values, before any exponentiation */
    cuzk_multi_miller_loop(&f, p, q, NPAIRS);
    CHECK(cuzk_fp12_eq(&f, &prod));
    cuzk_final_exponentiation(&e, &f);
    CHECK(cuzk_gt_eq(&e, &eprod));
    CHECK(!cuzk_gt_is_one(&e));

    cuzk_multi_miller_loop_prepared(&m, p, list, NPAIRS);
    CHECK(cuzk_fp12_eq(&m, &prod));

    /* single pairs, prepared and not */
    cuzk_miller_loop(&f, &p[0], &q[0]);
    cuzk_multi_miller_loop_prepared(&m, &p[0], list, 1);
    CHECK(cuzk_fp12_eq(&f, &m));

    /* dropping a pair changes the product */
    cuzk_multi_miller_loop_prepared(&m, p, list, NPAIRS - 1);
    CHECK(!cuzk_fp12_eq(&m, &prod));
    free(prep);
}

int main(void)
{
    cuzk_rng_seed(&rng, 0x9a1e5eedULL);
    test_relic_generators();
    test_bellperson_compat();
    test_final_exp_naive();
    test_bilinearity();
    test_infinity();
    test_multi_and_prepared();
    return test_finish("test_pairing");
}
