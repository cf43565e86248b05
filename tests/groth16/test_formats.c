/* The bellperson file formats: .params, .vk and proofs.
 *
 * Round trips on params built by hand from known multiples of the generators
 * (byte-identical rewrites, the .vk equal to the head of the .params, mmap and
 * buffer readers agreeing), a setup -> write -> read -> prove -> verify run,
 * and the negative cases: truncation at many offsets, trailing bytes, huge
 * counts, and points off the curve, outside the subgroup, non-canonical, with
 * wrong flags or at infinity, each reported with its code, field and offset. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuzk/groth16.h"
#include "r1cs/test_circuit_internal.h"
#include "groth16/params_impl.h"
#include "test.h"

#define G1B 96
#define G2B 192

static char dir[512];
static cuzk_rng rng;

/* ---- points --------------------------------------------------------------------- */
static cuzk_g1_affine g1_rand(void)
{
    cuzk_g1_affine g, r;
    cuzk_g1_proj p;
    cuzk_scalar k = { { cuzk_rng_u64(&rng) | 1, cuzk_rng_u64(&rng), 0, 0 } };
    cuzk_g1_generator(&g);
    cuzk_g1_mul_affine(&p, &g, &k);
    cuzk_g1_proj_to_affine(&r, &p);
    return r;
}

static cuzk_g2_affine g2_rand(void)
{
    cuzk_g2_affine g, r;
    cuzk_g2_proj p;
    cuzk_scalar k = { { cuzk_rng_u64(&rng) | 1, cuzk_rng_u64(&rng), 0, 0 } };
    cuzk_g2_generator(&g);
    cuzk_g2_mul_affine(&p, &g, &k);
    cuzk_g2_proj_to_affine(&r, &p);
    return r;
}

/* A point on y^2 = x^3 + 4 outside G1: the first x = 1, 2, ... with a root
 * (the cofactor is huge, so such a point is almost never in G1; checked). */
static cuzk_g1_affine g1_off_subgroup(void)
{
    cuzk_g1_affine p;
    for (uint64_t x = 1;; x++) {
        cuzk_fp y2, four;
        cuzk_fp_from_u64(&p.x, x);
        cuzk_fp_from_u64(&four, 4);
        cuzk_fp_sqr(&y2, &p.x);
        cuzk_fp_mul(&y2, &y2, &p.x);
        cuzk_fp_add(&y2, &y2, &four);
        if (cuzk_fp_sqrt(&p.y, &y2) && !cuzk_g1_is_in_subgroup(&p))
            return p;
    }
}

/* The same on the twist y^2 = x^3 + 4(1 + u), x = 1 + c u. */
static cuzk_g2_affine g2_off_subgroup(void)
{
    cuzk_g2_affine p;
    cuzk_fp2 b;
    cuzk_fp_from_u64(&b.c0, 4);
    cuzk_fp_from_u64(&b.c1, 4);
    for (uint64_t c = 1;; c++) {
        cuzk_fp2 y2;
        cuzk_fp_from_u64(&p.x.c0, 1);
        cuzk_fp_from_u64(&p.x.c1, c);
        cuzk_fp2_sqr(&y2, &p.x);
        cuzk_fp2_mul(&y2, &y2, &p.x);
        cuzk_fp2_add(&y2, &y2, &b);
        if (cuzk_fp2_sqrt(&p.y, &y2) && cuzk_g2_is_on_curve(&p) && !cuzk_g2_is_in_subgroup(&p))
            return p;
    }
}

/* ---- hand-made params ------------------------------------------------------------- */
typedef struct {
    uint32_t ic, n[CUZK_PARAMS_NVEC];
} shape;

static const shape SMALL = { 3, { 7, 3, 4, 2, 2 } };

static void vk_rand(cuzk_vk *vk, uint32_t ic_len)
{
    vk->alpha_g1 = g1_rand();
    vk->beta_g1 = g1_rand();
    vk->beta_g2 = g2_rand();
    vk->gamma_g2 = g2_rand();
    vk->delta_g1 = g1_rand();
    vk->delta_g2 = g2_rand();
    vk->ic_len = ic_len;
    vk->ic = cuzk_alloc_array(ic_len, sizeof *vk->ic);
    for (uint32_t i = 0; i < ic_len; i++)
        vk->ic[i] = g1_rand();
}

static cuzk_params *params_rand(const shape *s)
{
    cuzk_vk vk;
    vk_rand(&vk, s->ic);
    cuzk_g1_affine *v[4];
    for (int k = 0; k < 4; k++) {
        v[k] = cuzk_alloc_array(s->n[k] ? s->n[k] : 1, sizeof(cuzk_g1_affine));
        for (uint32_t i = 0; i < s->n[k]; i++)
            v[k][i] = g1_rand();
    }
    cuzk_g2_affine *b2 = cuzk_alloc_array(s->n[4] ? s->n[4] : 1, sizeof *b2);
    for (uint32_t i = 0; i < s->n[4]; i++)
        b2[i] = g2_rand();
    return cuzk_params_new_in_memory(&vk, v[0], s->n[0], v[1], s->n[1], v[2], s->n[2], v[3], s->n[3],
                                     b2, s->n[4]);
}

/* File offsets of a shape: count header and first point of each vector. */
typedef struct {
    size_t vk_len, count_off[CUZK_PARAMS_NVEC], point_off[CUZK_PARAMS_NVEC], len;
} layout;

static layout layout_of(const shape *s)
{
    layout l;
    l.vk_len = 868 + (size_t)G1B * s->ic;
    size_t pos = l.vk_len;
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++) {
        l.count_off[k] = pos;
        l.point_off[k] = pos + 4;
        pos += 4 + (size_t)s->n[k] * (k == CUZK_PARAMS_B_G2 ? G2B : G1B);
    }
    l.len = pos;
    return l;
}

/* ---- files ------------------------------------------------------------------------ */
static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    *len = fread(b, 1, (size_t)n, f);
    fclose(f);
    return b;
}

static void spit(const char *path, const uint8_t *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    fwrite(b, 1, len, f);
    fclose(f);
}

static bool has(const cuzk_err *e, const char *s)
{
    return strstr(e->msg, s) != NULL;
}

static bool vk_eq(const cuzk_vk *a, const cuzk_vk *b)
{
    if (a->ic_len != b->ic_len || !cuzk_g1_affine_eq(&a->alpha_g1, &b->alpha_g1) ||
        !cuzk_g1_affine_eq(&a->beta_g1, &b->beta_g1) || !cuzk_g2_affine_eq(&a->beta_g2, &b->beta_g2) ||
        !cuzk_g2_affine_eq(&a->gamma_g2, &b->gamma_g2) || !cuzk_g1_affine_eq(&a->delta_g1, &b->delta_g1) ||
        !cuzk_g2_affine_eq(&a->delta_g2, &b->delta_g2))
        return false;
    for (uint32_t i = 0; i < a->ic_len; i++)
        if (!cuzk_g1_affine_eq(&a->ic[i], &b->ic[i]))
            return false;
    return true;
}

/* Every vector of a equals b's (decoding both). */
static bool params_eq(cuzk_params *a, cuzk_params *b)
{
    cuzk_err err;
    if (!vk_eq(cuzk_params_vk(a), cuzk_params_vk(b)))
        return false;
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
        if (cuzk_params_count(a, k) != cuzk_params_count(b, k))
            return false;
    for (int k = 0; k < CUZK_PARAMS_B_G2; k++) {
        const cuzk_g1_affine *x, *y;
        if (cuzk_params_g1(a, k, &x, &err) || cuzk_params_g1(b, k, &y, &err))
            return false;
        for (uint64_t i = 0; i < cuzk_params_count(a, k); i++)
            if (!cuzk_g1_affine_eq(&x[i], &y[i]))
                return false;
    }
    const cuzk_g2_affine *x, *y;
    if (cuzk_params_g2(a, &x, &err) || cuzk_params_g2(b, &y, &err))
        return false;
    for (uint64_t i = 0; i < cuzk_params_count(a, CUZK_PARAMS_B_G2); i++)
        if (!cuzk_g2_affine_eq(&x[i], &y[i]))
            return false;
    return true;
}

/* ---- round trips ------------------------------------------------------------------- */
static uint8_t *golden;        /* SMALL params as written */
static size_t golden_len;
static layout glay;

static void check_round_trip(void)
{
    cuzk_err err = { 0 };
    char p1[600], p2[600], p3[600], pv[600];
    path_of(p1, sizeof p1, "rt1.params");
    path_of(p2, sizeof p2, "rt2.params");
    path_of(p3, sizeof p3, "rt3.params");
    path_of(pv, sizeof pv, "rt.vk");

    cuzk_params *mem = params_rand(&SMALL);
    CHECK(mem != NULL);
    CHECK_MSG(cuzk_params_write(mem, p1, &err) == 0, "%s", err.msg);
    golden = slurp(p1, &golden_len);
    glay = layout_of(&SMALL);
    CHECK(golden && golden_len == glay.len);
    /* the counts as u32 big-endian at their offsets */
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++) {
        const uint8_t *c = golden + glay.count_off[k];
        CHECK(((uint32_t)c[0] << 24 | (uint32_t)c[1] << 16 | (uint32_t)c[2] << 8 | c[3]) == SMALL.n[k]);
    }
    CHECK(golden[864] == 0 && golden[867] == SMALL.ic);
    /* and a point where it belongs: l[1], uncompressed */
    {
        const cuzk_g1_affine *l;
        uint8_t enc[G1B];
        CHECK(cuzk_params_g1(mem, CUZK_PARAMS_L, &l, &err) == 0);
        cuzk_g1_serialize(enc, &l[1]);
        CHECK_MEM(golden + glay.point_off[CUZK_PARAMS_L] + G1B, enc, G1B);
    }

    /* mmap reader: same content; rewrite before any decoding (raw copy path) */
    cuzk_params *rd = NULL;
    CHECK_MSG(cuzk_params_read(p1, true, &rd, &err) == 0, "%s", err.msg);
    if (!rd)
        return;
    CHECK(rd->source == CUZK_PARAMS_SRC_MMAP);
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
        CHECK(cuzk_params_count(rd, k) == SMALL.n[k] && !rd->decoded[k]);
    CHECK(cuzk_params_write(rd, p2, &err) == 0);
    size_t n2 = 0;
    uint8_t *b2 = slurp(p2, &n2);
    CHECK(n2 == golden_len && b2 && memcmp(b2, golden, golden_len) == 0);
    free(b2);
    /* decoded: equal points, and rewritten from the points, identical bytes */
    CHECK(params_eq(rd, mem));
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
        CHECK(rd->decoded[k]);
    CHECK(cuzk_params_write(rd, p3, &err) == 0);
    b2 = slurp(p3, &n2);
    CHECK(n2 == golden_len && b2 && memcmp(b2, golden, golden_len) == 0);
    free(b2);

    /* buffer reader: copies, so the caller's bytes can go at once */
    uint8_t *tmp = malloc(golden_len);
    memcpy(tmp, golden, golden_len);
    cuzk_params *rb = NULL;
    CHECK(cuzk_params_read_buffer(tmp, golden_len, false, &rb, &err) == 0);
    memset(tmp, 0, golden_len);
    free(tmp);
    CHECK(rb && rb->source == CUZK_PARAMS_SRC_BUFFER && params_eq(rb, mem));

    /* the .vk is the head of the .params */
    const cuzk_vk *vk = cuzk_params_vk(mem);
    CHECK(cuzk_vk_size(vk) == glay.vk_len);
    CHECK(cuzk_vk_write(vk, pv, &err) == 0);
    size_t nv = 0;
    uint8_t *bv = slurp(pv, &nv);
    CHECK(bv && nv == glay.vk_len && memcmp(bv, golden, nv) == 0);
    uint8_t *ser = malloc(cuzk_vk_size(vk));
    cuzk_vk_serialize(vk, ser);
    CHECK(memcmp(ser, golden, glay.vk_len) == 0);
    free(ser);
    cuzk_vk v1, v2, v3;
    CHECK(cuzk_vk_read(pv, &v1, &err) == 0 && vk_eq(&v1, vk));
    CHECK(cuzk_vk_read_buffer(bv, nv, &v2, &err) == 0 && vk_eq(&v2, vk));
    CHECK(cuzk_vk_copy(&v3, &v2) == 0 && vk_eq(&v3, vk) && v3.ic != v2.ic);
    cuzk_vk_free(&v2);
    CHECK(v2.ic == NULL && v2.ic_len == 0);
    CHECK(vk_eq(&v3, vk));
    cuzk_vk_free(&v1);
    cuzk_vk_free(&v3);
    free(bv);

    /* a proof: 192 bytes, compressed A | B | C */
    cuzk_proof pr = { g1_rand(), g2_rand(), g1_rand() }, back;
    uint8_t pb[CUZK_PROOF_BYTES], pb2[CUZK_PROOF_BYTES], enc[96];
    cuzk_proof_serialize(pb, &pr);
    cuzk_g2_compress(enc, &pr.b);
    CHECK(memcmp(pb + 48, enc, 96) == 0 && (pb[0] & 0x80) && (pb[144] & 0x80));
    CHECK(cuzk_proof_deserialize(&back, pb, sizeof pb, &err) == 0);
    CHECK(cuzk_g1_affine_eq(&back.a, &pr.a) && cuzk_g2_affine_eq(&back.b, &pr.b) &&
          cuzk_g1_affine_eq(&back.c, &pr.c));
    cuzk_proof_serialize(pb2, &back);
    CHECK_MEM(pb, pb2, sizeof pb);

    /* empty vectors are legal and round-trip */
    shape empty = { 1, { 0, 0, 0, 0, 0 } };
    cuzk_params *pe = params_rand(&empty);
    CHECK(cuzk_params_write(pe, p2, &err) == 0);
    cuzk_params *re = NULL;
    CHECK_MSG(cuzk_params_read(p2, true, &re, &err) == 0, "%s", err.msg);
    CHECK(re && params_eq(re, pe));
    b2 = slurp(p2, &n2);
    CHECK(n2 == 868 + 96 + 20);
    free(b2);
    cuzk_params_free(pe);
    cuzk_params_free(re);

    cuzk_params_free(rb);
    cuzk_params_free(rd);
    cuzk_params_free(mem);
    unlink(p1);
    unlink(p2);
    unlink(p3);
    unlink(pv);
}

/* ---- truncation, trailing bytes, counts --------------------------------------------- */
static int read_buf(const uint8_t *b, size_t len, bool checked, cuzk_err *err)
{
    cuzk_params *p = NULL;
    int rc = cuzk_params_read_buffer(b, len, checked, &p, err);
    if (rc == 0 && p == NULL)
        rc = -1;
    if (rc != 0 && p != NULL)
        rc = -2;
    cuzk_params_free(p);
    return rc;
}

static void check_truncation(void)
{
    cuzk_err err;
    /* every field boundary, one either side, and a stride through the rest */
    size_t fails = 0, tries = 0;
    for (size_t t = 0; t < golden_len; t++) {
        bool edge = t % 29 == 0 || t == golden_len - 1 || t == glay.vk_len || t + 1 == glay.vk_len ||
                    (t < 868 && t % 96 < 2) || t == 864 || t == 866;
        for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
            edge |= t + 1 >= glay.count_off[k] && t <= glay.point_off[k] + 1;
        if (!edge)
            continue;
        tries++;
        int rc = read_buf(golden, t, true, &err);
        if (rc != CUZK_ERR_TRUNCATED) {
            fails++;
            fprintf(stderr, "truncated at %zu: rc %d (%s)\n", t, rc, err.msg);
        }
    }
    CHECK(tries > 150 && fails == 0);
    /* the message says where the input ended: 4-byte l_len header cut in half */
    CHECK(read_buf(golden, glay.count_off[CUZK_PARAMS_L] + 2, true, &err) == CUZK_ERR_TRUNCATED);
    char want[96];
    snprintf(want, sizeof want, "l_len at offset %zu", glay.count_off[CUZK_PARAMS_L]);
    CHECK_MSG(has(&err, "<buffer>") && has(&err, want), "%s", err.msg);
    /* and through a file, naming the path */
    char pt[600];
    path_of(pt, sizeof pt, "trunc.params");
    spit(pt, golden, golden_len - 100);
    cuzk_params *p = NULL;
    CHECK(cuzk_params_read(pt, false, &p, &err) == CUZK_ERR_TRUNCATED && p == NULL);
    CHECK(has(&err, pt) && has(&err, "b_g2_len"));
    spit(pt, golden, 0);
    CHECK(cuzk_params_read(pt, false, &p, &err) == CUZK_ERR_TRUNCATED && p == NULL);
    unlink(pt);
    CHECK(cuzk_params_read(pt, false, &p, &err) == CUZK_ERR_IO && has(&err, pt));

    /* the vk alone: every cut is TRUNCATED */
    fails = 0;
    for (size_t t = 0; t < glay.vk_len; t += (t < 860 ? 43 : 1)) {
        cuzk_vk vk;
        if (cuzk_vk_read_buffer(golden, t, &vk, &err) != CUZK_ERR_TRUNCATED)
            fails++;
    }
    CHECK(fails == 0);

    /* one trailing byte */
    uint8_t *b = malloc(golden_len + 1);
    memcpy(b, golden, golden_len);
    b[golden_len] = 0;
    CHECK(read_buf(b, golden_len + 1, true, &err) == CUZK_ERR_BAD_LENGTH);
    snprintf(want, sizeof want, "1 trailing bytes after the last b_g2 point, at offset %zu", golden_len);
    CHECK_MSG(has(&err, want), "%s", err.msg);
    cuzk_vk vk;
    CHECK(cuzk_vk_read_buffer(b, glay.vk_len + 1, &vk, &err) == CUZK_ERR_BAD_LENGTH);
    CHECK(vk.ic == NULL);
    CHECK(cuzk_vk_read_buffer(golden, glay.vk_len, &vk, &err) == 0);
    cuzk_vk_free(&vk);
    /* the vk with a params tail is not a vk */
    CHECK(cuzk_vk_read_buffer(golden, golden_len, &vk, &err) == CUZK_ERR_BAD_LENGTH);
    free(b);
}

static void check_counts(void)
{
    cuzk_err err;
    uint8_t *b = malloc(golden_len);
    char want[96];
    /* 0xffffffff in every count: TOO_LARGE, caught before any allocation */
    size_t offs[1 + CUZK_PARAMS_NVEC] = { 864 };
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
        offs[1 + k] = glay.count_off[k];
    static const char *names[] = { "ic_len", "h_len", "l_len", "a_len", "b_g1_len", "b_g2_len" };
    for (int k = 0; k < 1 + CUZK_PARAMS_NVEC; k++) {
        memcpy(b, golden, golden_len);
        memset(b + offs[k], 0xff, 4);
        CHECK(read_buf(b, golden_len, true, &err) == CUZK_ERR_TOO_LARGE);
        snprintf(want, sizeof want, "%s = 4294967295 at offset %zu", names[k], offs[k] + 4);
        CHECK_MSG(has(&err, want), "%s (want %s)", err.msg, want);
    }
    /* a count one too large for what is left: the data runs out (b_g2 is last) */
    memcpy(b, golden, golden_len);
    b[glay.count_off[CUZK_PARAMS_B_G2] + 3]++;
    CHECK(read_buf(b, golden_len, true, &err) == CUZK_ERR_TRUNCATED);
    /* one too small: trailing bytes */
    memcpy(b, golden, golden_len);
    b[glay.count_off[CUZK_PARAMS_B_G2] + 3]--;
    CHECK(read_buf(b, golden_len, true, &err) == CUZK_ERR_BAD_LENGTH);
    /* ic_len 0 */
    memcpy(b, golden, golden_len);
    memset(b + 864, 0, 4);
    CHECK(read_buf(b, golden_len, true, &err) == CUZK_ERR_PARSE && has(&err, "ic_len"));
    free(b);
}

/* ---- bad points --------------------------------------------------------------------- */
/* Reads b (always succeeds: the vectors are decoded lazily), then decodes
 * vector k and returns its error. */
static int decode_vec(const uint8_t *b, bool checked, int k, cuzk_err *err)
{
    cuzk_params *p = NULL;
    int rc = cuzk_params_read_buffer(b, golden_len, checked, &p, err);
    CHECK_MSG(rc == 0, "read: %s", err->msg);
    if (rc)
        return -1;
    const cuzk_g1_affine *g1 = NULL;
    const cuzk_g2_affine *g2 = NULL;
    rc = k == CUZK_PARAMS_B_G2 ? cuzk_params_g2(p, &g2, err) : cuzk_params_g1(p, k, &g1, err);
    if (rc) {
        /* the failure is remembered: same code and message again, no pointer */
        cuzk_err again;
        int rc2 = k == CUZK_PARAMS_B_G2 ? cuzk_params_g2(p, &g2, &again) : cuzk_params_g1(p, k, &g1, &again);
        CHECK(rc2 == rc && strcmp(again.msg, err->msg) == 0 && g1 == NULL && g2 == NULL);
        /* and the other vectors still decode */
        int other = k == CUZK_PARAMS_H ? CUZK_PARAMS_L : CUZK_PARAMS_H;
        CHECK(cuzk_params_g1(p, other, &g1, &again) == 0 && g1 != NULL);
    }
    cuzk_params_free(p);
    return rc;
}

static void put_g1(uint8_t *at, const cuzk_g1_affine *a) { cuzk_g1_serialize(at, a); }
static void put_g2(uint8_t *at, const cuzk_g2_affine *a) { cuzk_g2_serialize(at, a); }

static void check_bad_points(void)
{
    cuzk_err err;
    uint8_t *b = malloc(golden_len);
    char want[96];
    const cuzk_g1_affine off1 = g1_off_subgroup();
    const cuzk_g2_affine off2 = g2_off_subgroup();
    cuzk_g1_affine inf1;
    cuzk_g2_affine inf2;
    cuzk_g1_affine_infinity(&inf1);
    cuzk_g2_affine_infinity(&inf2);

    /* l[1] off the curve (last byte of y changed) */
    size_t at = glay.point_off[CUZK_PARAMS_L] + G1B;
    memcpy(b, golden, golden_len);
    b[at + G1B - 1] ^= 1;
    for (int checked = 0; checked < 2; checked++) {
        CHECK(decode_vec(b, checked, CUZK_PARAMS_L, &err) == CUZK_ERR_NOT_ON_CURVE);
        snprintf(want, sizeof want, "<buffer>: l[1] at offset %zu:", at);
        CHECK_MSG(has(&err, want), "%s", err.msg);
    }

    /* a[2] on the curve, outside G1: only the checked read refuses it */
    at = glay.point_off[CUZK_PARAMS_A] + 2 * G1B;
    memcpy(b, golden, golden_len);
    put_g1(b + at, &off1);
    CHECK(decode_vec(b, false, CUZK_PARAMS_A, &err) == 0);
    CHECK(decode_vec(b, true, CUZK_PARAMS_A, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    snprintf(want, sizeof want, "a[2] at offset %zu:", at);
    CHECK_MSG(has(&err, want), "%s", err.msg);

    /* b_g2[1] outside G2 */
    at = glay.point_off[CUZK_PARAMS_B_G2] + G2B;
    memcpy(b, golden, golden_len);
    put_g2(b + at, &off2);
    CHECK(decode_vec(b, false, CUZK_PARAMS_B_G2, &err) == 0);
    CHECK(decode_vec(b, true, CUZK_PARAMS_B_G2, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    snprintf(want, sizeof want, "b_g2[1] at offset %zu:", at);
    CHECK_MSG(has(&err, want), "%s", err.msg);

    /* infinity anywhere in the vectors, checked or not */
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++) {
        size_t last = SMALL.n[k] - 1;
        at = glay.point_off[k] + last * (k == CUZK_PARAMS_B_G2 ? G2B : G1B);
        memcpy(b, golden, golden_len);
        if (k == CUZK_PARAMS_B_G2)
            put_g2(b + at, &inf2);
        else
            put_g1(b + at, &inf1);
        CHECK(b[at] == 0x40);
        for (int checked = 0; checked < 2; checked++) {
            CHECK(decode_vec(b, checked, k, &err) == CUZK_ERR_BAD_FLAGS);
            static const char *nm[] = { "h", "l", "a", "b_g1", "b_g2" };
            snprintf(want, sizeof want, "%s[%zu] at offset %zu: point at infinity", nm[k], last, at);
            CHECK_MSG(has(&err, want), "%s", err.msg);
        }
    }

    /* a coordinate equal to p: NOT_CANONICAL; a compressed flag: BAD_FLAGS */
    static const uint8_t P[48] = {
        0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
        0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
        0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab };
    at = glay.point_off[CUZK_PARAMS_B_G1];
    memcpy(b, golden, golden_len);
    memcpy(b + at + 48, P, 48);
    CHECK(decode_vec(b, false, CUZK_PARAMS_B_G1, &err) == CUZK_ERR_NOT_CANONICAL);
    snprintf(want, sizeof want, "b_g1[0] at offset %zu", at);
    CHECK_MSG(has(&err, want), "%s", err.msg);
    memcpy(b, golden, golden_len);
    b[at] |= 0x80;
    CHECK(decode_vec(b, false, CUZK_PARAMS_B_G1, &err) == CUZK_ERR_BAD_FLAGS);

    /* the vk: always subgroup-checked, ic at infinity refused, fixed points may be infinity */
    memcpy(b, golden, golden_len);
    put_g2(b + 192, &off2);   /* beta_g2 */
    CHECK(read_buf(b, golden_len, false, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    CHECK_MSG(has(&err, "beta_g2 at offset 192:"), "%s", err.msg);
    memcpy(b, golden, golden_len);
    b[576 + 95] ^= 1;         /* delta_g1 */
    CHECK(read_buf(b, golden_len, false, &err) == CUZK_ERR_NOT_ON_CURVE);
    CHECK_MSG(has(&err, "delta_g1 at offset 576:"), "%s", err.msg);
    memcpy(b, golden, golden_len);
    put_g1(b + 868 + 2 * G1B, &off1);
    CHECK(read_buf(b, golden_len, false, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    CHECK_MSG(has(&err, "ic[2] at offset 1060:"), "%s", err.msg);
    memcpy(b, golden, golden_len);
    put_g1(b + 868 + G1B, &inf1);
    CHECK(read_buf(b, golden_len, false, &err) == CUZK_ERR_BAD_FLAGS);
    CHECK_MSG(has(&err, "ic[1] at offset 964: point at infinity"), "%s", err.msg);
    cuzk_vk vk;
    CHECK(cuzk_vk_read_buffer(b, glay.vk_len, &vk, &err) == CUZK_ERR_BAD_FLAGS && vk.ic == NULL);
    memcpy(b, golden, golden_len);
    put_g1(b + 0, &inf1);      /* alpha_g1 at infinity: bellperson reads it */
    CHECK(cuzk_vk_read_buffer(b, glay.vk_len, &vk, &err) == 0 && cuzk_g1_affine_is_infinity(&vk.alpha_g1));
    cuzk_vk_free(&vk);
    free(b);
}

/* Decoding in parallel (tiny tasks) gives the same points, and the error of
 * the lowest bad index whichever task finds it first. */
static void check_parallel_decode(void)
{
    cuzk_err err;
    shape s = { 1, { 41, 1, 1, 1, 9 } };
    cuzk_params *mem = params_rand(&s);
    char pp[600];
    path_of(pp, sizeof pp, "par.params");
    CHECK(cuzk_params_write(mem, pp, &err) == 0);
    size_t len;
    uint8_t *b = slurp(pp, &len);
    layout l = layout_of(&s);
    cuzk_params *p = NULL;
    CHECK(cuzk_params_read_buffer(b, len, true, &p, &err) == 0);
    if (p) {
        p->decode_chunk = 2;
        CHECK(params_eq(p, mem));
        cuzk_params_free(p);
    }
    b[l.point_off[CUZK_PARAMS_H] + 37 * G1B + 95] ^= 1;
    b[l.point_off[CUZK_PARAMS_H] + 11 * G1B + 95] ^= 1;
    b[l.point_off[CUZK_PARAMS_H] + 3 * G1B] = 0xc0;   /* compressed flag on h[3] */
    for (uint64_t chunk = 1; chunk <= 8; chunk++) {
        p = NULL;
        CHECK(cuzk_params_read_buffer(b, len, false, &p, &err) == 0);
        if (!p)
            continue;
        p->decode_chunk = chunk;
        const cuzk_g1_affine *h;
        CHECK(cuzk_params_g1(p, CUZK_PARAMS_H, &h, &err) == CUZK_ERR_BAD_FLAGS);
        CHECK_MSG(has(&err, "h[3] at offset"), "%s", err.msg);
        cuzk_params_free(p);
    }
    free(b);
    unlink(pp);
    cuzk_params_free(mem);
}

/* Two threads asking for the same vector at once get the one decoded copy. */
typedef struct {
    cuzk_params *p;
    const cuzk_g1_affine *out;
    int rc;
} race_arg;

static void *race(void *a)
{
    race_arg *r = a;
    r->rc = cuzk_params_g1(r->p, CUZK_PARAMS_H, &r->out, NULL);
    return NULL;
}

static void check_concurrent_decode(void)
{
    cuzk_params *p = NULL;
    cuzk_err err;
    CHECK(cuzk_params_read_buffer(golden, golden_len, true, &p, &err) == 0);
    if (!p)
        return;
    race_arg a = { p, NULL, -1 }, c = { p, NULL, -1 };
    pthread_t t1, t2;
    pthread_create(&t1, NULL, race, &a);
    pthread_create(&t2, NULL, race, &c);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    CHECK(a.rc == 0 && c.rc == 0 && a.out != NULL && a.out == c.out);
    cuzk_params_free(p);
}

/* ---- proofs --------------------------------------------------------------------------- */
static void check_bad_proofs(void)
{
    cuzk_err err;
    cuzk_proof pr = { g1_rand(), g2_rand(), g1_rand() }, q;
    uint8_t good[CUZK_PROOF_BYTES + 1], b[CUZK_PROOF_BYTES + 1];
    cuzk_proof_serialize(good, &pr);
    good[CUZK_PROOF_BYTES] = 0;
#define RESET() memcpy(b, good, sizeof b)
    RESET();
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == 0);
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES - 1, &err) == CUZK_ERR_TRUNCATED);
    CHECK(cuzk_proof_deserialize(&q, b, 0, &err) == CUZK_ERR_TRUNCATED);
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES + 1, &err) == CUZK_ERR_BAD_LENGTH);
    /* A without its compression flag */
    b[0] &= 0x7f;
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_BAD_FLAGS);
    CHECK_MSG(has(&err, "proof: A at offset 0:"), "%s", err.msg);
    /* B with the infinity flag over non-zero bytes */
    RESET();
    b[48] |= 0x40;
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_BAD_FLAGS);
    CHECK_MSG(has(&err, "proof: B at offset 48:"), "%s", err.msg);
    /* C at infinity (a valid encoding that bellperson refuses in a proof) */
    RESET();
    memset(b + 144, 0, 48);
    b[144] = 0xc0;
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_BAD_FLAGS);
    CHECK_MSG(has(&err, "proof: C at offset 144: point at infinity"), "%s", err.msg);
    /* B at infinity */
    RESET();
    memset(b + 48, 0, 96);
    b[48] = 0xc0;
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_BAD_FLAGS);
    CHECK_MSG(has(&err, "B at offset 48: point at infinity"), "%s", err.msg);
    /* A outside G1 */
    RESET();
    cuzk_g1_affine off1 = g1_off_subgroup();
    cuzk_g1_compress(b, &off1);
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    CHECK_MSG(has(&err, "A at offset 0:"), "%s", err.msg);
    /* C outside G1, with A and B fine */
    RESET();
    cuzk_g1_compress(b + 144, &off1);
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    CHECK_MSG(has(&err, "C at offset 144:"), "%s", err.msg);
    /* B outside G2 */
    RESET();
    cuzk_g2_affine off2 = g2_off_subgroup();
    cuzk_g2_compress(b + 48, &off2);
    CHECK(cuzk_proof_deserialize(&q, b, CUZK_PROOF_BYTES, &err) == CUZK_ERR_NOT_IN_SUBGROUP);
    /* the output is untouched on failure */
    CHECK(cuzk_g1_affine_eq(&q.a, &pr.a));
#undef RESET
}

/* ---- writers --------------------------------------------------------------------------- */
static void check_writers(void)
{
    cuzk_err err;
    char bad[600], pp[600];
    path_of(bad, sizeof bad, "no-such-dir/x.params");
    cuzk_params *mem = params_rand(&SMALL);
    CHECK(cuzk_params_write(mem, bad, &err) == CUZK_ERR_IO && has(&err, bad));
    CHECK(cuzk_vk_write(cuzk_params_vk(mem), bad, &err) == CUZK_ERR_IO);
    /* params mapped from a file can be written back over that very file */
    path_of(pp, sizeof pp, "self.params");
    CHECK(cuzk_params_write(mem, pp, &err) == 0);
    size_t n0 = 0, n1 = 0;
    uint8_t *b0 = slurp(pp, &n0);
    cuzk_params *rd = NULL;
    CHECK(cuzk_params_read(pp, false, &rd, &err) == 0);
    if (rd) {
        CHECK_MSG(cuzk_params_write(rd, pp, &err) == 0, "%s", err.msg);
        uint8_t *b1 = slurp(pp, &n1);
        CHECK(b0 && b1 && n0 == n1 && memcmp(b0, b1, n0) == 0);
        free(b1);
        CHECK(params_eq(rd, mem));   /* the mapping still reads the old bytes */
        cuzk_params_free(rd);
    }

    /* a point that no reader accepts is refused; an existing file stays as it was */
    cuzk_g1_affine_infinity(&mem->g1[CUZK_PARAMS_L][2]);
    CHECK(cuzk_params_write(mem, pp, &err) == CUZK_ERR_INVALID_ARGUMENT && has(&err, "l[2]"));
    uint8_t *b2 = slurp(pp, &n1);
    CHECK(b0 && b2 && n0 == n1 && memcmp(b0, b2, n0) == 0);
    free(b2);
    free(b0);
    unlink(pp);
    path_of(pp, sizeof pp, "inf.vk");
    cuzk_g1_affine_infinity(&mem->vk.ic[0]);
    CHECK(cuzk_vk_write(&mem->vk, pp, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(access(pp, F_OK) != 0);
    cuzk_params_free(mem);
    /* and no temporary file is left behind */
    DIR *d = opendir(dir);
    int stray = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        stray += strstr(e->d_name, ".tmp-") != NULL;
    if (d)
        closedir(d);
    CHECK(d != NULL && stray == 0);

    /* a long path keeps its tail in messages */
    char lp[600];
    int k = snprintf(lp, sizeof lp, "%s/", dir);
    memset(lp + k, 'x', 300);
    strcpy(lp + k + 300, "-tail.params");
    cuzk_params *none = NULL;
    CHECK(cuzk_params_read(lp, true, &none, &err) == CUZK_ERR_IO && none == NULL);
    CHECK_MSG(has(&err, "...") && has(&err, "xx-tail.params: open"), "%s", err.msg);
}

/* ---- setup -> file -> prove -> verify ----------------------------------------------- */
static void check_end_to_end(void)
{
    cuzk_err err = { 0 };
    cuzk_circuit circuit;
    cuzk_test_circuit tc;
    cuzk_toxic toxic;
    cuzk_test_circuit_init(&tc, &circuit, 60, 2, 5);
    cuzk_toxic_from_seed(&toxic, 77);
    cuzk_params *mem = NULL, *rd = NULL;
    CHECK_MSG(cuzk_groth16_setup(&circuit, &toxic, NULL, &mem, &err) == 0, "%s", err.msg);
    if (!mem)
        return;
    char pp[600], pv[600];
    path_of(pp, sizeof pp, "e2e.params");
    path_of(pv, sizeof pv, "e2e.vk");
    CHECK(cuzk_params_write(mem, pp, &err) == 0);
    CHECK(cuzk_vk_write(cuzk_params_vk(mem), pv, &err) == 0);
    CHECK_MSG(cuzk_params_read(pp, true, &rd, &err) == 0, "%s", err.msg);
    cuzk_vk vk;
    CHECK(cuzk_vk_read(pv, &vk, &err) == 0);
    if (!rd)
        return;
    cuzk_fr r, s;
    cuzk_fr_from_u64(&r, 12345);
    cuzk_fr_from_u64(&s, 67890);
    cuzk_proof p1, p2, p3;
    CHECK(cuzk_groth16_prove_circuit(mem, &circuit, &r, &s, NULL, &p1, NULL, &err) == 0);
    CHECK_MSG(cuzk_groth16_prove_circuit(rd, &circuit, &r, &s, NULL, &p2, NULL, &err) == 0, "%s", err.msg);
    uint8_t b1[CUZK_PROOF_BYTES], b2[CUZK_PROOF_BYTES];
    cuzk_proof_serialize(b1, &p1);
    cuzk_proof_serialize(b2, &p2);
    CHECK_MEM(b1, b2, CUZK_PROOF_BYTES);
    CHECK(cuzk_proof_deserialize(&p3, b2, sizeof b2, &err) == 0);

    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    cuzk_witness w;
    CHECK(cuzk_circuit_synthesize(&circuit, cs, &err) == 0);
    CHECK(cuzk_cs_prover_witness(cs, &w) == 0);
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_pvk_prepare(&vk, &pvk, &err) == 0);
    CHECK_MSG(cuzk_groth16_verify(pvk, &p3, w.input + 1, w.num_inputs - 1, &err) == 0, "%s", err.msg);
    /* and a wrong input fails, so the check above means something */
    cuzk_fr bad[8];
    memcpy(bad, w.input + 1, (w.num_inputs - 1) * sizeof *bad);
    cuzk_fr_add(&bad[0], &bad[0], &CUZK_FR_ONE);
    CHECK(cuzk_groth16_verify(pvk, &p3, bad, w.num_inputs - 1, &err) == CUZK_ERR_PROOF_INVALID);
    cuzk_pvk_free(pvk);
    cuzk_cs_free(cs);
    cuzk_vk_free(&vk);
    cuzk_params_free(rd);
    cuzk_params_free(mem);
    unlink(pp);
    unlink(pv);
}

int main(void)
{
    cuzk_rng_seed(&rng, 2024);
    snprintf(dir, sizeof dir, "%s/formats-%ld", CUZK_TEST_DATA_DIR, (long)getpid());
    mkdir(CUZK_TEST_DATA_DIR, 0755);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "cannot create %s\n", dir);
        return 1;
    }
    check_round_trip();
    if (golden) {
        check_truncation();
        check_counts();
        check_bad_points();
        check_concurrent_decode();
    }
    check_parallel_decode();
    check_bad_proofs();
    check_writers();
    check_end_to_end();
    free(golden);
    rmdir(dir);
    return test_finish("test_formats");
}
