/* Point encodings: the zcash/blst/blstrs known answers (1000 multiples of the
 * generators, compressed and uncompressed), byte-identical re-encoding, and
 * one or more negative cases for every decoder error code. */
#include "cuzk/ec.h"
#include "test.h"
#include "ec_test_util.h"

static const char P_HEX[] =
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

/* decode must fail with code, leave r untouched and say something */
static bool g1_rejects(const uint8_t *in, size_t len, bool check, int code)
{
    cuzk_g1_affine r, before;
    memset(&r, 0x5a, sizeof r);
    before = r;
    cuzk_err err;
    cuzk_err_clear(&err);
    int rc = cuzk_g1_decode(&r, in, len, check, &err);
    bool ok = rc == code && err.code == code && err.msg[0] != 0 && memcmp(&r, &before, sizeof r) == 0;
    if (!ok)
        fprintf(stderr, "  g1 decode: want %s, got %s (%s)\n", cuzk_err_name(code), cuzk_err_name(rc), err.msg);
    return ok;
}

static bool g2_rejects(const uint8_t *in, size_t len, bool check, int code)
{
    cuzk_g2_affine r, before;
    memset(&r, 0x5a, sizeof r);
    before = r;
    cuzk_err err;
    cuzk_err_clear(&err);
    int rc = cuzk_g2_decode(&r, in, len, check, &err);
    bool ok = rc == code && err.code == code && err.msg[0] != 0 && memcmp(&r, &before, sizeof r) == 0;
    if (!ok)
        fprintf(stderr, "  g2 decode: want %s, got %s (%s)\n", cuzk_err_name(code), cuzk_err_name(rc), err.msg);
    return ok;
}

static void test_g1_vectors(void)
{
    size_t nc = 0, nu = 0;
    unsigned char *comp = test_read_hex_lines("g1_compressed_valid_test_vectors.hex", 48, &nc);
    unsigned char *unc = test_read_hex_lines("g1_uncompressed_valid_test_vectors.hex", 96, &nu);
    CHECK(comp && unc && nc == 1000 && nu == 1000);
    if (!comp || !unc || nc != nu) {
        free(comp);
        free(unc);
        return;
    }
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_g1_proj acc;
    cuzk_g1_proj_infinity(&acc);
    int bad = 0;
    for (size_t i = 0; i < nc; i++) {
        cuzk_g1_affine a, b, want;
        cuzk_g1_proj_to_affine(&want, &acc);
        uint8_t c[48], u[96];
        if (cuzk_g1_decode(&a, comp + 48 * i, 48, true, NULL) != 0) bad++;
        if (cuzk_g1_decode(&b, unc + 96 * i, 96, true, NULL) != 0) bad++;
        if (!cuzk_g1_affine_eq(&a, &want) || !cuzk_g1_affine_eq(&b, &want)) bad++;
        cuzk_g1_compress(c, &want);
        cuzk_g1_serialize(u, &want);
        if (memcmp(c, comp + 48 * i, 48) || memcmp(u, unc + 96 * i, 96)) bad++;
        cuzk_g1_proj_add_affine(&acc, &acc, &g);
    }
    CHECK_MSG(bad == 0, "%d G1 vector mismatches", bad);
    /* the first lines: infinity and the generator */
    uint8_t gc[48];
    test_unhex(gc, 48, "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
    CHECK_MEM(comp + 48, gc, 48);
    CHECK(comp[0] == 0xc0 && unc[0] == 0x40);
    free(comp);
    free(unc);
}

static void test_g1_negative(cuzk_rng *rng)
{
    cuzk_g1_affine g, p;
    cuzk_g1_generator(&g);
    uint8_t c[48], u[96], b[96];
    cuzk_g1_compress(c, &g);
    cuzk_g1_serialize(u, &g);

    /* sign flag: G and -G differ exactly in 0x20 */
    cuzk_g1_affine ng;
    uint8_t cn[48];
    cuzk_g1_affine_neg(&ng, &g);
    cuzk_g1_compress(cn, &ng);
    CHECK((c[0] ^ cn[0]) == 0x20 && memcmp(c + 1, cn + 1, 47) == 0);
    CHECK(cuzk_g1_decode(&p, cn, 48, true, NULL) == 0 && cuzk_g1_affine_eq(&p, &ng));

    /* BAD_LENGTH */
    CHECK(g1_rejects(c, 47, false, CUZK_ERR_BAD_LENGTH));
    CHECK(g1_rejects(u, 95, false, CUZK_ERR_BAD_LENGTH));
    CHECK(g1_rejects(c, 0, false, CUZK_ERR_BAD_LENGTH));
    CHECK(g1_rejects(u, 49, false, CUZK_ERR_BAD_LENGTH));
    /* BAD_FLAGS: compression flag vs length */
    memcpy(b, c, 48);
    b[0] &= 0x7f;
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_BAD_FLAGS));
    memcpy(b, u, 96);
    b[0] |= 0x80;
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));
    /* BAD_FLAGS: infinity with other bits */
    memset(b, 0, 96);
    b[0] = 0xc0;
    CHECK(cuzk_g1_decode(&p, b, 48, true, NULL) == 0 && cuzk_g1_affine_is_infinity(&p));
    b[47] = 1;
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_BAD_FLAGS));
    b[47] = 0, b[0] = 0xc1;
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_BAD_FLAGS));
    b[0] = 0xe0; /* sign on infinity */
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_BAD_FLAGS));
    memset(b, 0, 96);
    b[0] = 0x40;
    CHECK(cuzk_g1_decode(&p, b, 96, true, NULL) == 0 && cuzk_g1_affine_is_infinity(&p));
    b[60] = 0x10;
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));
    b[60] = 0, b[0] = 0x60;
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));
    /* BAD_FLAGS: sign on an uncompressed point */
    memcpy(b, u, 96);
    b[0] |= 0x20;
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));

    /* NOT_CANONICAL: x = p, x = 2^381 - 1 (flags masked), y = p */
    test_unhex(b, 48, P_HEX);
    b[0] |= 0x80;
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_NOT_CANONICAL));
    memset(b, 0xff, 48);
    b[0] = 0x9f; /* compressed, x = 2^381 - 1 */
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_NOT_CANONICAL));
    memcpy(b, u, 96);
    test_unhex(b + 48, 48, P_HEX);
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_NOT_CANONICAL));
    /* y + p would be the same residue: still rejected, canonical only */
    test_unhex(b, 48, P_HEX);
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_NOT_CANONICAL));

    /* NOT_ON_CURVE: an x whose x^3 + 4 is not a square */
    cuzk_fp x, y2, four;
    cuzk_fp_from_u64(&four, 4);
    int found = 0;
    for (uint64_t v = 1; v < 100 && !found; v++) {
        cuzk_fp_from_u64(&x, v);
        cuzk_fp_sqr(&y2, &x);
        cuzk_fp_mul(&y2, &y2, &x);
        cuzk_fp_add(&y2, &y2, &four);
        if (cuzk_fp_legendre(&y2) == -1) {
            memset(b, 0, 48);
            b[47] = (uint8_t)v;
            b[0] |= 0x80;
            CHECK(g1_rejects(b, 48, false, CUZK_ERR_NOT_ON_CURVE));
            b[0] |= 0x20;
            CHECK(g1_rejects(b, 48, false, CUZK_ERR_NOT_ON_CURVE));
            found = 1;
        }
    }
    CHECK(found);
    memcpy(b, u, 96);
    b[95] ^= 1;
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_NOT_ON_CURVE));
    memset(b, 0, 96); /* (0, 0) without the infinity flag */
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_NOT_ON_CURVE));

    /* NOT_IN_SUBGROUP: a point of E outside G1 decodes only unchecked */
    cuzk_g1_affine q, r1;
    test_g1_rand_on_curve(&q, rng);
    CHECK(!cuzk_g1_is_in_subgroup(&q));
    cuzk_g1_compress(b, &q);
    CHECK(g1_rejects(b, 48, true, CUZK_ERR_NOT_IN_SUBGROUP));
    CHECK(cuzk_g1_decode(&r1, b, 48, false, NULL) == 0 && cuzk_g1_affine_eq(&r1, &q));
    cuzk_g1_serialize(b, &q);
    CHECK(g1_rejects(b, 96, true, CUZK_ERR_NOT_IN_SUBGROUP));
    CHECK(cuzk_g1_decode(&r1, b, 96, false, NULL) == 0 && cuzk_g1_affine_eq(&r1, &q));
    /* x = 0: (0, +-2) has order 3; refused even unchecked, as blst does */
    memset(b, 0, 96);
    b[0] = 0x80;
    CHECK(g1_rejects(b, 48, false, CUZK_ERR_NOT_IN_SUBGROUP));
    b[0] = 0xa0;
    CHECK(g1_rejects(b, 48, true, CUZK_ERR_NOT_IN_SUBGROUP));
    memset(b, 0, 96);
    b[95] = 2;
    CHECK(g1_rejects(b, 96, false, CUZK_ERR_NOT_IN_SUBGROUP));

    /* NULL err is allowed; NULL input is an argument error */
    CHECK(cuzk_g1_decode(&p, c, 47, false, NULL) == CUZK_ERR_BAD_LENGTH);
    CHECK(cuzk_g1_decode(&p, NULL, 48, false, NULL) == CUZK_ERR_INVALID_ARGUMENT);

    /* random round trips, both signs */
    for (int i = 0; i < 16; i++) {
        cuzk_g1_affine a, d;
        test_g1_rand_in_group(&a, rng);
        if (i & 1) cuzk_g1_affine_neg(&a, &a);
        cuzk_g1_compress(b, &a);
        CHECK(cuzk_g1_decode(&d, b, 48, true, NULL) == 0 && cuzk_g1_affine_eq(&a, &d));
        CHECK(((b[0] & 0x20) != 0) == cuzk_fp_is_lex_largest(&a.y));
        cuzk_g1_serialize(b, &a);
        CHECK(cuzk_g1_decode(&d, b, 96, true, NULL) == 0 && cuzk_g1_affine_eq(&a, &d));
    }
}

static void test_g2_vectors(void)
{
    size_t nc = 0, nu = 0;
    unsigned char *comp = test_read_hex_lines("g2_compressed_valid_test_vectors.hex", 96, &nc);
    unsigned char *unc = test_read_hex_lines("g2_uncompressed_valid_test_vectors.hex", 192, &nu);
    CHECK(comp && unc && nc == 1000 && nu == 1000);
    if (!comp || !unc || nc != nu) {
        free(comp);
        free(unc);
        return;
    }
    cuzk_g2_affine g;
    cuzk_g2_generator(&g);
    cuzk_g2_proj acc;
    cuzk_g2_proj_infinity(&acc);
    int bad = 0;
    for (size_t i = 0; i < nc; i++) {
        cuzk_g2_affine a, b, want;
        cuzk_g2_proj_to_affine(&want, &acc);
        uint8_t c[96], u[192];
        /* the full subgroup check on a sample keeps the test short under ASan */
        bool check = i % 10 == 0;
        if (cuzk_g2_decode(&a, comp + 96 * i, 96, check, NULL) != 0) bad++;
        if (cuzk_g2_decode(&b, unc + 192 * i, 192, !check, NULL) != 0) bad++;
        if (!cuzk_g2_affine_eq(&a, &want) || !cuzk_g2_affine_eq(&b, &want)) bad++;
        cuzk_g2_compress(c, &want);
        cuzk_g2_serialize(u, &want);
        if (memcmp(c, comp + 96 * i, 96) || memcmp(u, unc + 192 * i, 192)) bad++;
        cuzk_g2_proj_add_affine(&acc, &acc, &g);
    }
    CHECK_MSG(bad == 0, "%d G2 vector mismatches", bad);
    CHECK(comp[0] == 0xc0 && unc[0] == 0x40);
    /* the generator, c1 first: x.c1 = 0x13e02b60..., flags 0x80 | 0x20 */
    CHECK(comp[96] == 0x93 && comp[97] == 0xe0 && comp[98] == 0x2b && comp[99] == 0x60);
    free(comp);
    free(unc);
}

static void test_g2_negative(cuzk_rng *rng)
{
    cuzk_g2_affine g, p;
    cuzk_g2_generator(&g);
    uint8_t c[96], u[192], b[192];
    cuzk_g2_compress(c, &g);
    cuzk_g2_serialize(u, &g);

    cuzk_g2_affine ng;
    uint8_t cn[96];
    cuzk_g2_affine_neg(&ng, &g);
    cuzk_g2_compress(cn, &ng);
    CHECK((c[0] ^ cn[0]) == 0x20 && memcmp(c + 1, cn + 1, 95) == 0);
    CHECK(cuzk_g2_decode(&p, cn, 96, true, NULL) == 0 && cuzk_g2_affine_eq(&p, &ng));

    /* BAD_LENGTH */
    CHECK(g2_rejects(c, 48, false, CUZK_ERR_BAD_LENGTH));
    CHECK(g2_rejects(u, 191, false, CUZK_ERR_BAD_LENGTH));
    CHECK(g2_rejects(u, 97, false, CUZK_ERR_BAD_LENGTH));
    /* BAD_FLAGS */
    memcpy(b, c, 96);
    b[0] &= 0x7f;
    CHECK(g2_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));
    memcpy(b, u, 192);
    b[0] |= 0x80;
    CHECK(g2_rejects(b, 192, false, CUZK_ERR_BAD_FLAGS));
    memcpy(b, u, 192);
    b[0] |= 0x20;
    CHECK(g2_rejects(b, 192, false, CUZK_ERR_BAD_FLAGS));
    memset(b, 0, 192);
    b[0] = 0xc0;
    CHECK(cuzk_g2_decode(&p, b, 96, true, NULL) == 0 && cuzk_g2_affine_is_infinity(&p));
    b[50] = 4; /* a bit of x.c0 */
    CHECK(g2_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));
    b[50] = 0, b[0] = 0xe0;
    CHECK(g2_rejects(b, 96, false, CUZK_ERR_BAD_FLAGS));
    memset(b, 0, 192);
    b[0] = 0x40;
    CHECK(cuzk_g2_decode(&p, b, 192, true, NULL) == 0 && cuzk_g2_affine_is_infinity(&p));
    b[191] = 1;
    CHECK(g2_rejects(b, 192, false, CUZK_ERR_BAD_FLAGS));

    /* NOT_CANONICAL in each of the four coordinates */
    memcpy(b, c, 96);
    test_unhex(b, 48, P_HEX);
    b[0] |= 0x80;
    CHECK(g2_rejects(b, 96, false, CUZK_ERR_NOT_CANONICAL));    /* x.c1 = p */
    memcpy(b, c, 96);
    test_unhex(b + 48, 48, P_HEX);
    CHECK(g2_rejects(b, 96, false, CUZK_ERR_NOT_CANONICAL));    /* x.c0 = p */
    for (int part = 2; part < 4; part++) {
        memcpy(b, u, 192);
        test_unhex(b + 48 * part, 48, P_HEX);
        CHECK(g2_rejects(b, 192, false, CUZK_ERR_NOT_CANONICAL)); /* y.c1, y.c0 = p */
    }

    /* NOT_ON_CURVE: x with no y (about half of all x), a damaged y, all zeros */
    int found = 0;
    for (int i = 0; i < 64 && !found; i++) {
        cuzk_fp2 x, y2, y, bb;
        test_rand_fp(&x.c0, rng);
        test_rand_fp(&x.c1, rng);
        cuzk_fp_from_u64(&bb.c0, 4);
        bb.c1 = bb.c0;
        cuzk_fp2_sqr(&y2, &x);
        cuzk_fp2_mul(&y2, &y2, &x);
        cuzk_fp2_add(&y2, &y2, &bb);
        if (!cuzk_fp2_sqrt(&y, &y2)) {
            cuzk_fp_to_bytes_be(b, &x.c1);
            cuzk_fp_to_bytes_be(b + 48, &x.c0);
            b[0] |= 0x80;
            CHECK(g2_rejects(b, 96, false, CUZK_ERR_NOT_ON_CURVE));
            found = 1;
        }
    }
    CHECK(found);
    memcpy(b, u, 192);
    b[100] ^= 1;
    CHECK(g2_rejects(b, 192, false, CUZK_ERR_NOT_ON_CURVE));
    memset(b, 0, 192);
    CHECK(g2_rejects(b, 192, false, CUZK_ERR_NOT_ON_CURVE));

    /* NOT_IN_SUBGROUP */
    cuzk_g2_affine q, r1;
    test_g2_rand_on_curve(&q, rng);
    CHECK(!cuzk_g2_is_in_subgroup(&q));
    cuzk_g2_compress(b, &q);
    CHECK(g2_rejects(b, 96, true, CUZK_ERR_NOT_IN_SUBGROUP));
    CHECK(cuzk_g2_decode(&r1, b, 96, false, NULL) == 0 && cuzk_g2_affine_eq(&r1, &q));
    cuzk_g2_serialize(b, &q);
    CHECK(g2_rejects(b, 192, true, CUZK_ERR_NOT_IN_SUBGROUP));
    CHECK(cuzk_g2_decode(&r1, b, 192, false, NULL) == 0 && cuzk_g2_affine_eq(&r1, &q));
    CHECK(cuzk_g2_decode(&p, NULL, 96, false, NULL) == CUZK_ERR_INVALID_ARGUMENT);

    for (int i = 0; i < 8; i++) {
        cuzk_g2_affine a, d;
        test_g2_rand_in_group(&a, rng);
        if (i & 1) cuzk_g2_affine_neg(&a, &a);
        if (i == 2) a.y.c1 = CUZK_FP_ZERO; /* sign from c0 when c1 = 0 (not a curve point; encoding only) */
        cuzk_g2_compress(b, &a);
        CHECK(((b[0] & 0x20) != 0) == cuzk_fp2_is_lex_largest(&a.y));
        if (i == 2) continue;
        CHECK(cuzk_g2_decode(&d, b, 96, true, NULL) == 0 && cuzk_g2_affine_eq(&a, &d));
        cuzk_g2_serialize(b, &a);
        CHECK(cuzk_g2_decode(&d, b, 192, true, NULL) == 0 && cuzk_g2_affine_eq(&a, &d));
    }
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xe4c0de);
    test_g1_vectors();
    test_g1_negative(&rng);
    test_g2_vectors();
    test_g2_negative(&rng);
    return test_finish("test_encode");
}
