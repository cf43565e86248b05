/* noble_check: recomputes the cases that gen_cases.mjs took from @noble/curves
 * with cuzk's own arithmetic and compares the bytes.
 *
 *   noble_check CASES.json
 *
 * Prints "family: N cases, M mismatches" per family, then "N passed, N failed";
 * exits non-zero on any mismatch (the first few of each family are described
 * on stderr). The file format is documented in README.md. */
#include <jansson.h>
#include <stdarg.h>

#include "cuzk/ec.h"
#include "cuzk/ff.h"
#include "../../src/ff/ff_internal.h" /* the portable kernels, internal to cuzk */
#include "test.h"

#define MSG_CAP 8192
#define MAX_PRINTED 5 /* mismatches described per family */

/* The message of the case being checked: a mismatch writes it, the driver prints it. */
static char g_msg[MSG_CAP];

static bool fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static bool fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_msg, sizeof g_msg, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- JSON and hex ---------------------------------------------------------------- */

static const char *jstr(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static long unhex_str(uint8_t *out, size_t cap, const char *hex)
{
    return hex ? test_unhex(out, cap, hex) : -1;
}

/* Compares bytes with an expected hex string; on a difference writes the message. */
static bool same_hex(const char *what, const char *want, const uint8_t *got, size_t n)
{
    char hex[2 * 192 + 1];
    test_hex(hex, got, n);
    if (want && strcmp(want, hex) == 0)
        return true;
    return fail("%s: want %s, got %s", what, want ? want : "(missing)", hex);
}

/* ---- field elements ------------------------------------------------------------------ */

static bool get_fp(const json_t *v, cuzk_fp *r)
{
    uint8_t b[48];
    return unhex_str(b, sizeof b, json_string_value(v)) == 48 && cuzk_fp_from_bytes_be(r, b, NULL) == 0;
}

static bool get_fr(const json_t *v, cuzk_fr *r)
{
    uint8_t b[32];
    return unhex_str(b, sizeof b, json_string_value(v)) == 32 && cuzk_fr_from_bytes_be(r, b, NULL) == 0;
}

/* A 256-bit big-endian integer (not reduced) as a cuzk_scalar. */
static bool get_scalar(const json_t *v, cuzk_scalar *k)
{
    uint8_t b[32];
    if (unhex_str(b, sizeof b, json_string_value(v)) != 32)
        return false;
    for (int i = 0; i < 4; i++) {
        uint64_t w = 0;
        for (int j = 0; j < 8; j++)
            w = w << 8 | b[32 - 8 * (i + 1) + j];
        k->l[i] = w;
    }
    return true;
}

/* The coefficients of a tower element in the documented order (that of the
 * structs: c0 before c1, lower levels first), as pointers into it. */
static void fp2_coefs(cuzk_fp *out[2], cuzk_fp2 *a)
{
    out[0] = &a->c0;
    out[1] = &a->c1;
}

static void fp6_coefs(cuzk_fp *out[6], cuzk_fp6 *a)
{
    fp2_coefs(out, &a->c0);
    fp2_coefs(out + 2, &a->c1);
    fp2_coefs(out + 4, &a->c2);
}

static void fp12_coefs(cuzk_fp *out[12], cuzk_fp12 *a)
{
    fp6_coefs(out, &a->c0);
    fp6_coefs(out + 6, &a->c1);
}

static bool get_fps(const json_t *arr, cuzk_fp *const *c, size_t n)
{
    if (!json_is_array(arr) || json_array_size(arr) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!get_fp(json_array_get(arr, i), c[i]))
            return false;
    return true;
}

static bool same_fps(const char *what, const json_t *want, cuzk_fp *const *c, size_t n)
{
    if (!json_is_array(want) || json_array_size(want) != n)
        return fail("%s: expected value missing", what);
    for (size_t i = 0; i < n; i++) {
        uint8_t b[48];
        char name[64];
        cuzk_fp_to_bytes_be(b, c[i]);
        snprintf(name, sizeof name, "%s[%zu]", what, i);
        if (!same_hex(name, json_string_value(json_array_get(want, i)), b, 48))
            return false;
    }
    return true;
}

static bool get_fp2(const json_t *v, cuzk_fp2 *a) { cuzk_fp *c[2]; fp2_coefs(c, a); return get_fps(v, c, 2); }
static bool get_fp6(const json_t *v, cuzk_fp6 *a) { cuzk_fp *c[6]; fp6_coefs(c, a); return get_fps(v, c, 6); }
static bool get_fp12(const json_t *v, cuzk_fp12 *a) { cuzk_fp *c[12]; fp12_coefs(c, a); return get_fps(v, c, 12); }
static bool same_fp2(const char *w, const json_t *v, cuzk_fp2 a) { cuzk_fp *c[2]; fp2_coefs(c, &a); return same_fps(w, v, c, 2); }
static bool same_fp6(const char *w, const json_t *v, cuzk_fp6 a) { cuzk_fp *c[6]; fp6_coefs(c, &a); return same_fps(w, v, c, 6); }
static bool same_fp12(const char *w, const json_t *v, cuzk_fp12 a) { cuzk_fp *c[12]; fp12_coefs(c, &a); return same_fps(w, v, c, 12); }

static bool same_fp(const char *what, const json_t *want, cuzk_fp a)
{
    uint8_t b[48];
    cuzk_fp_to_bytes_be(b, &a);
    return same_hex(what, json_string_value(want), b, 48);
}

static bool same_fr(const char *what, const json_t *want, cuzk_fr a)
{
    uint8_t b[32];
    cuzk_fr_to_bytes_be(b, &a);
    return same_hex(what, json_string_value(want), b, 32);
}

/* ---- fields ----------------------------------------------------------------------------- */

/* Binary and unary ops are also run in place (output aliasing the first input),
 * which ff.h allows and the fast kernels must honour. */
#define BINOP(T, fn, a, b, want, same) do {                                  \
        T r_, s_ = (a);                                                      \
        fn(&r_, &(a), &(b));                                                 \
        fn(&s_, &s_, &(b));                                                  \
        if (!same("r", want, r_)) return false;                              \
        if (!same("r (in place)", want, s_)) return false;                   \
    } while (0)
#define UNOP(T, fn, a, want, same) do {                                      \
        T r_, s_ = (a);                                                      \
        fn(&r_, &(a));                                                       \
        fn(&s_, &s_);                                                        \
        if (!same("r", want, r_)) return false;                              \
        if (!same("r (in place)", want, s_)) return false;                   \
    } while (0)

#define BATCH_MAX 64

/* batch_inv over a vector, out of place and in place */
#define CHECK_BATCH_INV(T, get, same, fn)                                          \
    static bool batch_inv_##T(const json_t *c)                                     \
    {                                                                              \
        const json_t *a = json_object_get(c, "a"), *want = json_object_get(c, "r"); \
        T in[BATCH_MAX], out[BATCH_MAX];                                           \
        size_t n = json_array_size(a);                                             \
        if (n == 0 || n > BATCH_MAX || json_array_size(want) != n)                 \
            return fail("malformed case");                                         \
        for (size_t i = 0; i < n; i++)                                             \
            if (!get(json_array_get(a, i), &in[i]))                                \
                return fail("malformed case");                                     \
        fn(out, in, n);                                                            \
        for (size_t i = 0; i < n; i++)                                             \
            if (!same("r[i]", json_array_get(want, i), out[i]))                    \
                return false;                                                      \
        fn(in, in, n);                                                             \
        for (size_t i = 0; i < n; i++)                                             \
            if (!same("r[i] (in place)", json_array_get(want, i), in[i]))          \
                return false;                                                      \
        return true;                                                               \
    }

CHECK_BATCH_INV(cuzk_fp, get_fp, same_fp, cuzk_fp_batch_inv)
CHECK_BATCH_INV(cuzk_fr, get_fr, same_fr, cuzk_fr_batch_inv)

static bool check_fp(const json_t *c)
{
    const char *op = jstr(c, "op");
    const json_t *want = json_object_get(c, "r");
    cuzk_fp a, b;
    if (op && !strcmp(op, "batch_inv"))
        return batch_inv_cuzk_fp(c);
    if (!op || !get_fp(json_object_get(c, "a"), &a))
        return fail("malformed case");
    bool binary = !strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul");
    if (binary && !get_fp(json_object_get(c, "b"), &b))
        return fail("malformed case");
    if (!strcmp(op, "add")) BINOP(cuzk_fp, cuzk_fp_add, a, b, want, same_fp);
    else if (!strcmp(op, "sub")) BINOP(cuzk_fp, cuzk_fp_sub, a, b, want, same_fp);
    else if (!strcmp(op, "mul")) {
        BINOP(cuzk_fp, cuzk_fp_mul, a, b, want, same_fp);
        BINOP(cuzk_fp, cuzk_fp_mul_portable, a, b, want, same_fp);
    } else if (!strcmp(op, "sqr")) {
        UNOP(cuzk_fp, cuzk_fp_sqr, a, want, same_fp);
        UNOP(cuzk_fp, cuzk_fp_sqr_portable, a, want, same_fp);
    } else if (!strcmp(op, "inv")) UNOP(cuzk_fp, cuzk_fp_inv, a, want, same_fp);
    else if (!strcmp(op, "neg")) UNOP(cuzk_fp, cuzk_fp_neg, a, want, same_fp);
    else if (!strcmp(op, "legendre")) {
        int l = cuzk_fp_legendre(&a);
        if (!json_is_integer(want) || json_integer_value(want) != l)
            return fail("legendre: want %lld, got %d", (long long)json_integer_value(want), l);
    } else if (!strcmp(op, "sqrt")) {
        cuzk_fp r = CUZK_FP_ONE, root, neg;
        bool ok = cuzk_fp_sqrt(&r, &a);
        if (json_is_null(want)) {
            if (ok)
                return fail("sqrt: noble finds no root, cuzk returned one");
            if (!cuzk_fp_is_one(&r))
                return fail("sqrt: no root, but the output was written");
            return true;
        }
        if (!ok)
            return fail("sqrt: noble finds a root (%s), cuzk says none", json_string_value(want));
        if (!get_fp(want, &root))
            return fail("malformed case");
        cuzk_fp_neg(&neg, &root);
        if (!cuzk_fp_eq(&r, &root) && !cuzk_fp_eq(&r, &neg))
            return same_fp("sqrt (either root)", want, r);
    } else
        return fail("unknown op %s", op);
    return true;
}

static bool check_fr(const json_t *c)
{
    const char *op = jstr(c, "op");
    const json_t *want = json_object_get(c, "r");
    cuzk_fr a, b;
    if (op && !strcmp(op, "batch_inv"))
        return batch_inv_cuzk_fr(c);
    if (!op || !get_fr(json_object_get(c, "a"), &a))
        return fail("malformed case");
    bool binary = !strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul");
    if (binary && !get_fr(json_object_get(c, "b"), &b))
        return fail("malformed case");
    if (!strcmp(op, "add")) BINOP(cuzk_fr, cuzk_fr_add, a, b, want, same_fr);
    else if (!strcmp(op, "sub")) BINOP(cuzk_fr, cuzk_fr_sub, a, b, want, same_fr);
    else if (!strcmp(op, "mul")) {
        BINOP(cuzk_fr, cuzk_fr_mul, a, b, want, same_fr);
        BINOP(cuzk_fr, cuzk_fr_mul_portable, a, b, want, same_fr);
    } else if (!strcmp(op, "sqr")) UNOP(cuzk_fr, cuzk_fr_sqr, a, want, same_fr);
    else if (!strcmp(op, "inv")) UNOP(cuzk_fr, cuzk_fr_inv, a, want, same_fr);
    else if (!strcmp(op, "neg")) UNOP(cuzk_fr, cuzk_fr_neg, a, want, same_fr);
    else
        return fail("unknown op %s", op);
    return true;
}

static bool check_fp2(const json_t *c)
{
    const char *op = jstr(c, "op");
    const json_t *want = json_object_get(c, "r");
    cuzk_fp2 a, b;
    if (!op || !get_fp2(json_object_get(c, "a"), &a))
        return fail("malformed case");
    bool binary = !strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul");
    if (binary && !get_fp2(json_object_get(c, "b"), &b))
        return fail("malformed case");
    if (!strcmp(op, "add")) BINOP(cuzk_fp2, cuzk_fp2_add, a, b, want, same_fp2);
    else if (!strcmp(op, "sub")) BINOP(cuzk_fp2, cuzk_fp2_sub, a, b, want, same_fp2);
    else if (!strcmp(op, "mul")) BINOP(cuzk_fp2, cuzk_fp2_mul, a, b, want, same_fp2);
    else if (!strcmp(op, "sqr")) UNOP(cuzk_fp2, cuzk_fp2_sqr, a, want, same_fp2);
    else if (!strcmp(op, "inv")) UNOP(cuzk_fp2, cuzk_fp2_inv, a, want, same_fp2);
    else if (!strcmp(op, "conj")) UNOP(cuzk_fp2, cuzk_fp2_conj, a, want, same_fp2);
    else if (!strcmp(op, "mul_by_nonresidue")) UNOP(cuzk_fp2, cuzk_fp2_mul_by_nonresidue, a, want, same_fp2);
    else if (!strcmp(op, "sqrt")) {
        cuzk_fp2 r, root, neg;
        bool ok = cuzk_fp2_sqrt(&r, &a);
        if (json_is_null(want))
            return ok ? fail("sqrt: noble finds no root, cuzk returned one") : true;
        if (!ok)
            return fail("sqrt: noble finds a root, cuzk says none");
        if (!get_fp2(want, &root))
            return fail("malformed case");
        cuzk_fp2_neg(&neg, &root);
        if (!cuzk_fp2_eq(&r, &root) && !cuzk_fp2_eq(&r, &neg))
            return same_fp2("sqrt (either root)", want, r);
    } else
        return fail("unknown op %s", op);
    return true;
}

static bool get_power(const json_t *c, unsigned *power)
{
    json_int_t p = json_integer_value(json_object_get(c, "power"));
    *power = (unsigned)p;
    return p >= 1 && p <= 11;
}

static bool check_fp6(const json_t *c)
{
    const char *op = jstr(c, "op");
    const json_t *want = json_object_get(c, "r");
    cuzk_fp6 a, b;
    if (!op || !get_fp6(json_object_get(c, "a"), &a))
        return fail("malformed case");
    bool binary = !strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul");
    if (binary && !get_fp6(json_object_get(c, "b"), &b))
        return fail("malformed case");
    if (!strcmp(op, "add")) BINOP(cuzk_fp6, cuzk_fp6_add, a, b, want, same_fp6);
    else if (!strcmp(op, "sub")) BINOP(cuzk_fp6, cuzk_fp6_sub, a, b, want, same_fp6);
    else if (!strcmp(op, "mul")) BINOP(cuzk_fp6, cuzk_fp6_mul, a, b, want, same_fp6);
    else if (!strcmp(op, "sqr")) UNOP(cuzk_fp6, cuzk_fp6_sqr, a, want, same_fp6);
    else if (!strcmp(op, "inv")) UNOP(cuzk_fp6, cuzk_fp6_inv, a, want, same_fp6);
    else if (!strcmp(op, "mul_by_nonresidue")) UNOP(cuzk_fp6, cuzk_fp6_mul_by_nonresidue, a, want, same_fp6);
    else if (!strcmp(op, "frobenius")) {
        unsigned pw;
        cuzk_fp6 r;
        if (!get_power(c, &pw))
            return fail("malformed case");
        cuzk_fp6_frobenius(&r, &a, pw);
        return same_fp6("r", want, r);
    } else
        return fail("unknown op %s", op);
    return true;
}

static bool check_fp12(const json_t *c)
{
    const char *op = jstr(c, "op");
    const json_t *want = json_object_get(c, "r");
    cuzk_fp12 a, b;
    if (!op || !get_fp12(json_object_get(c, "a"), &a))
        return fail("malformed case");
    bool binary = !strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul");
    if (binary && !get_fp12(json_object_get(c, "b"), &b))
        return fail("malformed case");
    if (!strcmp(op, "add")) BINOP(cuzk_fp12, cuzk_fp12_add, a, b, want, same_fp12);
    else if (!strcmp(op, "sub")) BINOP(cuzk_fp12, cuzk_fp12_sub, a, b, want, same_fp12);
    else if (!strcmp(op, "mul")) BINOP(cuzk_fp12, cuzk_fp12_mul, a, b, want, same_fp12);
    else if (!strcmp(op, "sqr")) UNOP(cuzk_fp12, cuzk_fp12_sqr, a, want, same_fp12);
    else if (!strcmp(op, "inv")) UNOP(cuzk_fp12, cuzk_fp12_inv, a, want, same_fp12);
    else if (!strcmp(op, "conj")) UNOP(cuzk_fp12, cuzk_fp12_conj, a, want, same_fp12);
    else if (!strcmp(op, "cyclotomic_sqr")) UNOP(cuzk_fp12, cuzk_fp12_cyclotomic_sqr, a, want, same_fp12);
    else if (!strcmp(op, "frobenius")) {
        unsigned pw;
        cuzk_fp12 r;
        if (!get_power(c, &pw))
            return fail("malformed case");
        cuzk_fp12_frobenius(&r, &a, pw);
        return same_fp12("r", want, r);
    } else
        return fail("unknown op %s", op);
    return true;
}

/* ---- points ---------------------------------------------------------------------------------
 * One template for G1 and G2: G is the prefix, W the compressed size. */
#define DEFINE_GROUP(G, W)                                                                   \
    /* Decodes hex with the subgroup check; any error is a mismatch. */                      \
    static bool G##_decode_hex(const char *what, const char *hex, cuzk_##G##_affine *r)      \
    {                                                                                        \
        uint8_t b[2 * W];                                                                    \
        cuzk_err e;                                                                          \
        long n = unhex_str(b, sizeof b, hex);                                                \
        if (n != W && n != 2 * W)                                                            \
            return fail("%s: malformed point hex", what);                                    \
        int rc = cuzk_##G##_decode(r, b, (size_t)n, true, &e);                               \
        if (rc)                                                                              \
            return fail("%s: cuzk rejects a point noble made: %s (%s): %s", what,            \
                        cuzk_err_name(rc), e.msg, hex);                                      \
        return true;                                                                         \
    }                                                                                        \
    /* Both encodings of a point, as bytes, compared with {c, u}. */                         \
    static bool G##_same(const char *what, const json_t *want, const cuzk_##G##_affine *a)   \
    {                                                                                        \
        uint8_t c[W], u[2 * W];                                                              \
        char name[64];                                                                       \
        cuzk_##G##_compress(c, a);                                                           \
        cuzk_##G##_serialize(u, a);                                                          \
        snprintf(name, sizeof name, "%s compressed", what);                                  \
        if (!same_hex(name, jstr(want, "c"), c, W))                                          \
            return false;                                                                    \
        snprintf(name, sizeof name, "%s uncompressed", what);                                \
        return same_hex(name, jstr(want, "u"), u, 2 * W);                                    \
    }                                                                                        \
    static bool G##_same_proj(const char *what, const json_t *want, const cuzk_##G##_proj *p)\
    {                                                                                        \
        cuzk_##G##_affine a;                                                                 \
        cuzk_##G##_proj_to_affine(&a, p);                                                    \
        return G##_same(what, want, &a);                                                     \
    }                                                                                        \
    /* An input point {c, u}: both forms decode to the same point and re-encode to          \
     * the same bytes, so every input also checks the codec. */                             \
    static bool G##_input(const char *what, const json_t *pj, cuzk_##G##_affine *r)          \
    {                                                                                        \
        cuzk_##G##_affine other;                                                             \
        if (!G##_decode_hex(what, jstr(pj, "c"), r) || !G##_decode_hex(what, jstr(pj, "u"), &other)) \
            return false;                                                                    \
        if (!cuzk_##G##_affine_eq(r, &other))                                                \
            return fail("%s: compressed and uncompressed forms decode differently", what);   \
        return G##_same(what, pj, r);                                                        \
    }

DEFINE_GROUP(g1, 48)
DEFINE_GROUP(g2, 96)

#define CHECK_GROUP(G)                                                                       \
    static bool check_##G(const json_t *c)                                                   \
    {                                                                                        \
        const char *op = jstr(c, "op");                                                      \
        const json_t *want = json_object_get(c, "r");                                        \
        cuzk_##G##_affine p, q;                                                              \
        cuzk_##G##_proj pp, qp, r, s;                                                        \
        if (!op)                                                                             \
            return fail("malformed case");                                                   \
        if (!G##_input("p", json_object_get(c, "p"), &p))                                    \
            return false;                                                                    \
        cuzk_##G##_proj_from_affine(&pp, &p);                                                \
        if (!strcmp(op, "add")) {                                                            \
            if (!G##_input("q", json_object_get(c, "q"), &q))                                \
                return false;                                                                \
            cuzk_##G##_proj_from_affine(&qp, &q);                                            \
            cuzk_##G##_proj_add(&r, &pp, &qp);                                               \
            if (!G##_same_proj("p+q", want, &r))                                             \
                return false;                                                                \
            cuzk_##G##_proj_add_affine(&s, &pp, &q);                                         \
            if (!G##_same_proj("p+q (mixed)", want, &s))                                     \
                return false;                                                                \
            s = pp;                                                                          \
            cuzk_##G##_proj_add(&s, &s, &qp);                                                \
            return G##_same_proj("p+q (in place)", want, &s);                                \
        }                                                                                    \
        if (!strcmp(op, "dbl")) {                                                            \
            cuzk_##G##_proj_dbl(&r, &pp);                                                    \
            if (!G##_same_proj("2p", want, &r))                                              \
                return false;                                                                \
            cuzk_##G##_proj_dbl(&pp, &pp);                                                   \
            return G##_same_proj("2p (in place)", want, &pp);                                \
        }                                                                                    \
        if (!strcmp(op, "neg")) {                                                            \
            cuzk_##G##_affine n;                                                             \
            cuzk_##G##_affine_neg(&n, &p);                                                   \
            if (!G##_same("-p (affine)", want, &n))                                          \
                return false;                                                                \
            cuzk_##G##_proj_neg(&r, &pp);                                                    \
            return G##_same_proj("-p", want, &r);                                            \
        }                                                                                    \
        if (!strcmp(op, "mul")) {                                                            \
            cuzk_scalar k;                                                                   \
            if (!get_scalar(json_object_get(c, "k"), &k))                                    \
                return fail("malformed case");                                               \
            cuzk_##G##_mul(&r, &pp, &k);                                                     \
            if (!G##_same_proj("k*p", want, &r))                                             \
                return false;                                                                \
            cuzk_##G##_mul_affine(&s, &p, &k);                                               \
            return G##_same_proj("k*p (affine input)", want, &s);                            \
        }                                                                                    \
        if (!strcmp(op, "encode"))                                                           \
            return G##_same("p", want, &p);                                                  \
        return fail("unknown op %s", op);                                                    \
    }

CHECK_GROUP(g1)
CHECK_GROUP(g2)

/* ---- MSM ---------------------------------------------------------------------------------------- */

static cuzk_pool *g_pool;
static size_t g_case_index; /* index of the case being checked in its family */

#define MSM_MAX 64
#define CHECK_MSM(G, W)                                                                      \
    static bool msm_##G(const json_t *c, const json_t *bases, const json_t *scalars, size_t n) \
    {                                                                                        \
        cuzk_##G##_affine b[MSM_MAX];                                                        \
        cuzk_scalar k[MSM_MAX];                                                              \
        cuzk_##G##_proj r;                                                                   \
        for (size_t i = 0; i < n; i++) {                                                     \
            if (!G##_decode_hex("base", json_string_value(json_array_get(bases, i)), &b[i])) \
                return false;                                                                \
            if (!get_scalar(json_array_get(scalars, i), &k[i]))                              \
                return fail("malformed case");                                               \
        }                                                                                    \
        cuzk_##G##_msm(&r, b, k, n, NULL);                                                   \
        if (!G##_same_proj("msm", json_object_get(c, "r"), &r))                              \
            return false;                                                                    \
        /* the pooled path on a quarter of the cases: a small MSM costs as much as a   \
         * large one under ASan (each window task allocates its full scratch) */       \
        if (g_case_index % 8 >= 2) /* G1 and G2 alternate */                                \
            return true;                                                                     \
        cuzk_##G##_msm(&r, b, k, n, g_pool);                                                 \
        return G##_same_proj("msm (pool)", json_object_get(c, "r"), &r);                     \
    }

CHECK_MSM(g1, 48)
CHECK_MSM(g2, 96)

static bool check_msm(const json_t *c)
{
    const char *group = jstr(c, "group");
    const json_t *bases = json_object_get(c, "bases"), *scalars = json_object_get(c, "scalars");
    size_t n = json_array_size(bases);
    if (!group || n == 0 || n > MSM_MAX || json_array_size(scalars) != n)
        return fail("malformed case");
    if (!strcmp(group, "g1"))
        return msm_g1(c, bases, scalars, n);
    if (!strcmp(group, "g2"))
        return msm_g2(c, bases, scalars, n);
    return fail("unknown group %s", group);
}

/* ---- pairing ------------------------------------------------------------------------------------- */

#define PAIR_MAX 8

static bool check_pairing(const json_t *c)
{
    const char *kind = jstr(c, "kind");
    const json_t *want = json_object_get(c, "r");
    cuzk_g1_affine p[PAIR_MAX];
    cuzk_g2_affine q[PAIR_MAX];
    cuzk_fp12 r;
    if (!kind)
        return fail("malformed case");
    if (!strcmp(kind, "scalars")) {
        /* e(aG1, bG2): the points come from our own scalar multiplication */
        cuzk_scalar a, b;
        cuzk_g1_affine g1;
        cuzk_g2_affine g2;
        cuzk_g1_proj pa;
        cuzk_g2_proj qb;
        if (!get_scalar(json_object_get(c, "a"), &a) || !get_scalar(json_object_get(c, "b"), &b))
            return fail("malformed case");
        cuzk_g1_generator(&g1);
        cuzk_g2_generator(&g2);
        cuzk_g1_mul_affine(&pa, &g1, &a);
        cuzk_g2_mul_affine(&qb, &g2, &b);
        cuzk_g1_proj_to_affine(&p[0], &pa);
        cuzk_g2_proj_to_affine(&q[0], &qb);
        cuzk_pairing(&r, &p[0], &q[0]);
        return same_fp12("e(aG1, bG2)", want, r);
    }
    if (!strcmp(kind, "points") || !strcmp(kind, "derived") || !strcmp(kind, "infinity")) {
        if (!g1_decode_hex("p", jstr(c, "p"), &p[0]) || !g2_decode_hex("q", jstr(c, "q"), &q[0]))
            return false;
        cuzk_pairing(&r, &p[0], &q[0]);
        return same_fp12("e(p, q)", want, r);
    }
    if (!strcmp(kind, "multi")) {
        const json_t *ps = json_object_get(c, "p"), *qs = json_object_get(c, "q");
        size_t n = json_array_size(ps);
        if (n == 0 || n > PAIR_MAX || json_array_size(qs) != n)
            return fail("malformed case");
        for (size_t i = 0; i < n; i++)
            if (!g1_decode_hex("p", json_string_value(json_array_get(ps, i)), &p[i]) ||
                !g2_decode_hex("q", json_string_value(json_array_get(qs, i)), &q[i]))
                return false;
        cuzk_fp12 f;
        cuzk_multi_miller_loop(&f, p, q, n);
        cuzk_final_exponentiation(&r, &f);
        return same_fp12("prod e(p_i, q_i)", want, r);
    }
    if (!strcmp(kind, "final_exp")) {
        cuzk_fp12 f;
        if (!get_fp12(json_object_get(c, "f"), &f))
            return fail("malformed case");
        cuzk_final_exponentiation(&r, &f);
        return same_fp12("final_exp(f)", want, r);
    }
    return fail("unknown kind %s", kind);
}

/* ---- invalid encodings ------------------------------------------------------------------------------ */

static bool check_invalid(const json_t *c)
{
    const char *group = jstr(c, "group"), *form = jstr(c, "form"), *expect = jstr(c, "expect");
    const char *hex = jstr(c, "bytes");
    json_t *chk = json_object_get(c, "check_subgroup");
    uint8_t b[256];
    if (!group || !form || !expect || !hex || !json_is_boolean(chk))
        return fail("malformed case");
    long n = unhex_str(b, sizeof b, hex);
    if (n < 0)
        return fail("malformed case");
    bool g2 = !strcmp(group, "g2");
    cuzk_g1_affine a1;
    cuzk_g2_affine a2;
    cuzk_err e;
    cuzk_err_clear(&e);
    int rc = g2 ? cuzk_g2_decode(&a2, b, (size_t)n, json_is_true(chk), &e)
                : cuzk_g1_decode(&a1, b, (size_t)n, json_is_true(chk), &e);
    if (rc == 0 || strcmp(cuzk_err_name(rc), expect) != 0)
        return fail("%s %s (%s, %zu bytes) %s: want %s, got %s (%s)", group, form, jstr(c, "what"),
                    (size_t)n, hex, expect, rc ? cuzk_err_name(rc) : "accepted", rc ? e.msg : "");
    if (e.code != rc)
        return fail("%s %s: returned %s but err.code is %s", group, form, cuzk_err_name(rc),
                    cuzk_err_name(e.code));
    const char *nocheck = jstr(c, "nocheck");
    if (!nocheck)
        return true;
    /* a curve point outside the subgroup: fine without the check, and stable
     * (except (0, +-2) in G1, which blst refuses anyway) */
    uint8_t out[192];
    bool compressed = !strcmp(form, "compressed");
    if (g2) {
        rc = cuzk_g2_decode(&a2, b, (size_t)n, false, &e);
        if (rc == 0 && compressed) cuzk_g2_compress(out, &a2);
        else if (rc == 0) cuzk_g2_serialize(out, &a2);
    } else {
        rc = cuzk_g1_decode(&a1, b, (size_t)n, false, &e);
        if (rc == 0 && compressed) cuzk_g1_compress(out, &a1);
        else if (rc == 0) cuzk_g1_serialize(out, &a1);
    }
    if (strcmp(cuzk_err_name(rc), nocheck) != 0)
        return fail("%s %s outside the subgroup, no subgroup check: want %s, got %s (%s): %s",
                    group, form, nocheck, cuzk_err_name(rc), rc ? e.msg : "", hex);
    if (rc)
        return true;
    if (g2 ? !cuzk_g2_is_on_curve(&a2) || cuzk_g2_is_in_subgroup(&a2)
           : !cuzk_g1_is_on_curve(&a1) || cuzk_g1_is_in_subgroup(&a1))
        return fail("%s point %s: want on the curve and outside the subgroup", group, hex);
    return same_hex("re-encoding", hex, out, (size_t)n);
}

/* ---- driver ----------------------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    bool (*check)(const json_t *c);
} family;

static const family FAMILIES[] = {
    {"fp", check_fp},     {"fr", check_fr},           {"fp2", check_fp2}, {"fp6", check_fp6},
    {"fp12", check_fp12}, {"g1", check_g1},           {"g2", check_g2},   {"pairing", check_pairing},
    {"msm", check_msm},   {"invalid", check_invalid},
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s CASES.json  (made by tests/interop/gen_cases.mjs)\n", argv[0]);
        return 2;
    }
    json_error_t jerr;
    json_t *root = json_load_file(argv[1], 0, &jerr);
    if (!root) {
        fprintf(stderr, "noble_check: cannot read %s: %s (line %d)\n", argv[1], jerr.text, jerr.line);
        return 2;
    }
    const json_t *fams = json_object_get(root, "families");
    if (!json_is_object(fams)) {
        fprintf(stderr, "noble_check: %s has no \"families\" object\n", argv[1]);
        json_decref(root);
        return 2;
    }
    printf("noble_check: %s (@noble/curves %s, seed %lld), cuzk ff backend %s\n", argv[1],
           jstr(root, "noble_curves") ? jstr(root, "noble_curves") : "?",
           (long long)json_integer_value(json_object_get(root, "seed")), cuzk_ff_backend());
    g_pool = cuzk_pool_create(2);
    int missing = 0;
    for (size_t f = 0; f < sizeof FAMILIES / sizeof FAMILIES[0]; f++) {
        const family *fam = &FAMILIES[f];
        const json_t *cases = json_object_get(fams, fam->name);
        if (!json_is_array(cases) || json_array_size(cases) == 0) {
            /* every family must be present: a short file must not pass quietly */
            printf("%s: missing\n", fam->name);
            missing++;
            continue;
        }
        size_t n = json_array_size(cases), bad = 0;
        for (size_t i = 0; i < n; i++) {
            const json_t *c = json_array_get(cases, i);
            g_msg[0] = 0;
            g_case_index = i;
            if (fam->check(c)) {
                test_passed++;
                continue;
            }
            test_failed++;
            if (bad++ < MAX_PRINTED) {
                const char *op = jstr(c, "op") ? jstr(c, "op") : jstr(c, "kind") ? jstr(c, "kind") : jstr(c, "expect");
                fprintf(stderr, "MISMATCH %s[%zu] %s: %s\n", fam->name, i, op ? op : "", g_msg);
            }
        }
        printf("%s: %zu cases, %zu mismatches\n", fam->name, n, bad);
        fflush(stdout);
    }
    cuzk_pool_destroy(g_pool);
    json_decref(root);
    printf("%d passed, %d failed\n", test_passed, test_failed + missing);
    return test_failed == 0 && missing == 0 && test_passed > 0 ? 0 : 1;
}
