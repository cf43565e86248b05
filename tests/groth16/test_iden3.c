/* The iden3 .r1cs / .wtns reader, the circuit replay and the exporter.
 *
 * Known answer: mul.circom (c <== a*b; d <== c*c + a; a = 3, b = 11), compiled
 * by circom 2.2.3 (-p bls12381) and its witness computed by snarkjs 0.7.6; the
 * file keeps the constraints section before the header, as circom writes it.
 * Every prefix and a set of single-field corruptions must be refused with the
 * right code; the circuit must set up, prove and verify with public signals
 * (33, 1092); a generated circuit exported and read back must replay to the
 * same matrices and values and prove against the original's params. */
#include <stdlib.h>
#include <unistd.h>

#include "cuzk/groth16.h"
#include "r1cs/test_circuit_internal.h"
#include "cuzk/iden3.h"
#include "test.h"

static const char *const mul_r1cs_hex[] = {
    "723163730100000003000000020000001401000000000000010000000300000000000000fffffffffe5bfeff02a4bd53",
    "05d8a10908d83933487d9d2953a7ed730100000004000000010000000000000000000000000000000000000000000000",
    "0000000000000000010000000100000000000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73",
    "010000000100000000000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed730100000001000000",
    "0100000000000000000000000000000000000000000000000000000000000000020000000200000000000000ffffffff",
    "fe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73030000000100000000000000000000000000000000000000",
    "0000000000000000000000000100000040000000000000002000000001000000fffffffffe5bfeff02a4bd5305d8a109",
    "08d83933487d9d2953a7ed73050000000200000000000000020000000500000000000000020000000300000028000000",
    "0000000000000000000000000100000000000000020000000000000003000000000000000400000000000000",
};

static const char *const mul_wtns_hex[] = {
    "77746e7302000000020000000100000028000000000000002000000001000000fffffffffe5bfeff02a4bd5305d8a109",
    "08d83933487d9d2953a7ed730500000002000000a0000000000000000100000000000000000000000000000000000000",
    "000000000000000000000000210000000000000000000000000000000000000000000000000000000000000044040000",
    "000000000000000000000000000000000000000000000000000000000300000000000000000000000000000000000000",
    "0000000000000000000000000b00000000000000000000000000000000000000000000000000000000000000",
};

/* Offsets in the files above (section table: r1cs constraints at 24, header
 * at 312, wire map at 388; wtns header at 24, values at 76). */
enum {
    R1CS_LEN = 428, WTNS_LEN = 236,
    R1CS_C0_A_COUNT = 24, R1CS_C0_A_WIRE = 28, R1CS_C0_A_COEFF = 32,
    R1CS_MAP_TYPE = 376, R1CS_N8 = 312, R1CS_PRIME = 316, R1CS_NWIRES = 348, R1CS_M = 372,
    WTNS_COUNT = 60, WTNS_V0 = 76, WTNS_V1 = 108,
};

static uint8_t mul_r1cs[R1CS_LEN], mul_wtns[WTNS_LEN];
static cuzk_pool *pool;

static size_t unhex_lines(uint8_t *out, size_t cap, const char *const *lines, size_t n)
{
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        long k = test_unhex(out + used, cap - used, lines[i]);
        if (k < 0)
            return 0;
        used += (size_t)k;
    }
    return used;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void fr_u64(cuzk_fr *r, uint64_t v) { cuzk_fr_from_u64(r, v); }

static int r1cs_code(const uint8_t *buf, size_t len)
{
    cuzk_iden3_r1cs r;
    cuzk_err err;
    int rc = cuzk_iden3_r1cs_read_buffer(buf, len, "mul.r1cs", &r, &err);
    if (rc == 0)
        cuzk_iden3_r1cs_free(&r);
    return rc;
}

static int wtns_code(const uint8_t *buf, size_t len)
{
    cuzk_iden3_wtns w;
    int rc = cuzk_iden3_wtns_read_buffer(buf, len, "mul.wtns", &w, NULL);
    if (rc == 0)
        cuzk_iden3_wtns_free(&w);
    return rc;
}

/* ---- the known file ------------------------------------------------------------ */
static void test_read_mul(void)
{
    cuzk_iden3_r1cs r;
    cuzk_iden3_wtns w;
    cuzk_err err;
    int rc = cuzk_iden3_r1cs_read_buffer(mul_r1cs, R1CS_LEN, "mul.r1cs", &r, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (rc)
        return;
    CHECK(r.n_wires == 5 && r.n_pub_out == 2 && r.n_pub_in == 0 && r.n_prv_in == 2);
    CHECK(r.n_labels == 5 && r.n_constraints == 2 && r.n_terms == 7);
    CHECK(cuzk_iden3_r1cs_public(&r) == 2);
    /* constraint 0: (-a) * b = -c, i.e. wires 3, 4, 1 with coefficients -1, 1, -1 */
    cuzk_fr one = CUZK_FR_ONE, minus_one;
    cuzk_fr_neg(&minus_one, &one);
    CHECK(r.lc_start[0] == 0 && r.lc_start[1] == 1 && r.lc_start[2] == 2 && r.lc_start[3] == 3);
    CHECK(r.wire[0] == 3 && cuzk_fr_eq(&r.coeff[0], &minus_one));
    CHECK(r.wire[1] == 4 && cuzk_fr_eq(&r.coeff[1], &one));
    CHECK(r.wire[2] == 1 && cuzk_fr_eq(&r.coeff[2], &minus_one));
    /* constraint 1: (-c) * c = a - d: C has two terms */
    CHECK(r.lc_start[5] == 5 && r.lc_start[6] == 7);
    CHECK(r.wire[5] == 2 && cuzk_fr_eq(&r.coeff[5], &minus_one));
    CHECK(r.wire[6] == 3 && cuzk_fr_eq(&r.coeff[6], &one));

    rc = cuzk_iden3_wtns_read_buffer(mul_wtns, WTNS_LEN, "mul.wtns", &w, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (rc) {
        cuzk_iden3_r1cs_free(&r);
        return;
    }
    static const uint64_t want[5] = { 1, 33, 1092, 3, 11 };
    CHECK(w.n == 5);
    for (uint32_t i = 0; i < w.n && i < 5; i++) {
        cuzk_fr x;
        fr_u64(&x, want[i]);
        CHECK(cuzk_fr_eq(&w.value[i], &x));
    }
    int64_t bad = -2;
    CHECK(cuzk_iden3_check(&r, &w, &bad, &err) == 0 && bad == -1);
    fr_u64(&w.value[1], 34);               /* c wrong: constraint 0 breaks first */
    CHECK(cuzk_iden3_check(&r, &w, &bad, &err) == 0 && bad == 0);
    fr_u64(&w.value[1], 33);
    fr_u64(&w.value[2], 1093);             /* d wrong: only constraint 1 */
    CHECK(cuzk_iden3_check(&r, &w, &bad, &err) == 0 && bad == 1);
    fr_u64(&w.value[2], 1092);
    w.value[0] = CUZK_FR_ZERO;
    CHECK(cuzk_iden3_check(&r, &w, &bad, &err) == CUZK_ERR_INVALID_ARGUMENT);
    w.value[0] = CUZK_FR_ONE;
    w.n = 4;
    CHECK(cuzk_iden3_check(&r, &w, &bad, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_iden3_circuit ctx;
    cuzk_circuit circuit;
    CHECK(cuzk_iden3_circuit_init(&ctx, &circuit, &r, &w, &err) == CUZK_ERR_INVALID_ARGUMENT);
    w.n = 5;
    cuzk_iden3_wtns_free(&w);
    cuzk_iden3_r1cs_free(&r);
}

static void test_truncations(void)
{
    int bad = 0;
    for (size_t n = 0; n < R1CS_LEN; n++)
        bad += r1cs_code(mul_r1cs, n) == 0;
    CHECK_MSG(bad == 0, "%d r1cs prefixes accepted", bad);
    bad = 0;
    for (size_t n = 0; n < WTNS_LEN; n++)
        bad += wtns_code(mul_wtns, n) == 0;
    CHECK_MSG(bad == 0, "%d wtns prefixes accepted", bad);
    uint8_t longer[R1CS_LEN + 1];
    memcpy(longer, mul_r1cs, R1CS_LEN);
    longer[R1CS_LEN] = 0;
    CHECK(r1cs_code(longer, R1CS_LEN + 1) == CUZK_ERR_BAD_LENGTH);
    CHECK(r1cs_code(mul_r1cs, 5) == CUZK_ERR_TRUNCATED);
    CHECK(r1cs_code(NULL, 0) == CUZK_ERR_TRUNCATED);
}

typedef struct {
    const char *what;
    size_t off;
    uint32_t value;     /* written as u32 LE at off */
    int want;
} mutation;

static void test_r1cs_corruptions(void)
{
    static const mutation ms[] = {
        { "magic", 0, 0x73633178, CUZK_ERR_PARSE },
        { "version", 4, 2, CUZK_ERR_UNSUPPORTED },
        { "section count", 8, 4, CUZK_ERR_TRUNCATED },
        { "section size", 16, 0x10000, CUZK_ERR_TRUNCATED },
        { "n8", R1CS_N8, 48, CUZK_ERR_UNSUPPORTED },
        { "prime", R1CS_PRIME, 2, CUZK_ERR_UNSUPPORTED },
        { "nWires below the named wires", R1CS_NWIRES, 4, CUZK_ERR_PARSE },
        { "nWires against the wire map", R1CS_NWIRES, 6, CUZK_ERR_BAD_LENGTH },
        { "one constraint more", R1CS_M, 3, CUZK_ERR_TRUNCATED },
        { "huge constraint count", R1CS_M, 0xffffffffu, CUZK_ERR_TOO_LARGE },
        { "one constraint less", R1CS_M, 1, CUZK_ERR_BAD_LENGTH },
        { "huge term count", R1CS_C0_A_COUNT, 0x7fffffff, CUZK_ERR_TRUNCATED },
        { "wire out of range", R1CS_C0_A_WIRE, 5, CUZK_ERR_PARSE },
        { "coefficient = r", R1CS_C0_A_COEFF, 1, CUZK_ERR_NOT_CANONICAL },
        { "custom gates section", R1CS_MAP_TYPE, 4, CUZK_ERR_UNSUPPORTED },
        { "repeated header section", R1CS_MAP_TYPE, 1, CUZK_ERR_PARSE },
        { "missing constraints section", 12, 7, CUZK_ERR_PARSE },
    };
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        uint8_t buf[R1CS_LEN];
        memcpy(buf, mul_r1cs, R1CS_LEN);
        put32(buf + ms[i].off, ms[i].value);
        cuzk_iden3_r1cs r;
        cuzk_err err = { 0 };
        int rc = cuzk_iden3_r1cs_read_buffer(buf, R1CS_LEN, "mul.r1cs", &r, &err);
        CHECK_MSG(rc == ms[i].want, "%s: got %s (%s), want %s", ms[i].what, cuzk_err_name(rc), err.msg,
                  cuzk_err_name(ms[i].want));
        if (rc == 0)
            cuzk_iden3_r1cs_free(&r);
        else
            CHECK_MSG(strstr(err.msg, "mul.r1cs") != NULL, "%s: message does not name the input: %s", ms[i].what,
                      err.msg);
    }
    /* an unknown section type is skipped */
    uint8_t buf[R1CS_LEN];
    memcpy(buf, mul_r1cs, R1CS_LEN);
    put32(buf + R1CS_MAP_TYPE, 9);
    CHECK(r1cs_code(buf, R1CS_LEN) == 0);
}

static void test_wtns_corruptions(void)
{
    static const mutation ms[] = {
        { "magic", 0, 0x736e7478, CUZK_ERR_PARSE },
        { "version 1", 4, 1, CUZK_ERR_UNSUPPORTED },
        { "count one more", WTNS_COUNT, 6, CUZK_ERR_TRUNCATED },
        { "count one less", WTNS_COUNT, 4, CUZK_ERR_BAD_LENGTH },
        { "n8", 24, 48, CUZK_ERR_UNSUPPORTED },
        { "value high limb", WTNS_V1 + 28, 0xffffffffu, CUZK_ERR_NOT_CANONICAL },
    };
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        uint8_t buf[WTNS_LEN];
        memcpy(buf, mul_wtns, WTNS_LEN);
        put32(buf + ms[i].off, ms[i].value);
        int rc = wtns_code(buf, WTNS_LEN);
        CHECK_MSG(rc == ms[i].want, "%s: got %s, want %s", ms[i].what, cuzk_err_name(rc), cuzk_err_name(ms[i].want));
    }
    /* a value equal to r itself */
    uint8_t buf[WTNS_LEN];
    memcpy(buf, mul_wtns, WTNS_LEN);
    memcpy(buf + WTNS_V1, mul_wtns + 28, 32);
    CHECK(wtns_code(buf, WTNS_LEN) == CUZK_ERR_NOT_CANONICAL);
    /* r - 1 is fine */
    buf[WTNS_V1] = 0;
    CHECK(wtns_code(buf, WTNS_LEN) == 0);
}

/* ---- replay, setup, prove, verify ---------------------------------------------------- */
static void test_prove_mul(void)
{
    cuzk_iden3_r1cs r;
    cuzk_iden3_wtns w;
    cuzk_err err;
    if (cuzk_iden3_r1cs_read_buffer(mul_r1cs, R1CS_LEN, "mul.r1cs", &r, &err) ||
        cuzk_iden3_wtns_read_buffer(mul_wtns, WTNS_LEN, "mul.wtns", &w, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return;
    }
    cuzk_iden3_circuit ctx;
    cuzk_circuit circuit;
    CHECK(cuzk_iden3_circuit_init(&ctx, &circuit, &r, &w, &err) == 0);

    /* the replay: inputs ONE, c, d; aux a, b; finish adds one constraint per input */
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    CHECK(cuzk_circuit_synthesize(&circuit, rec, &err) == 0);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(rec, &st);
    CHECK(st.inputs == 3 && st.aux == 2 && st.constraints == 5);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);
    cuzk_lc_view a, b, c;
    CHECK(cuzk_cs_recorder_constraint(rec, 0, &a, &b, &c) == 0);
    CHECK(a.len == 1 && a.terms[0].var.kind == CUZK_VAR_AUX && a.terms[0].var.index == 0);
    CHECK(b.len == 1 && b.terms[0].var.kind == CUZK_VAR_AUX && b.terms[0].var.index == 1);
    CHECK(c.len == 1 && c.terms[0].var.kind == CUZK_VAR_INPUT && c.terms[0].var.index == 1);
    cuzk_fr x;
    fr_u64(&x, 1092);
    CHECK(cuzk_fr_eq(cuzk_cs_value(rec, (cuzk_var){ 2, CUZK_VAR_INPUT }), &x));
    cuzk_cs_free(rec);

    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 7);
    cuzk_params *params = NULL;
    int rc = cuzk_groth16_setup(&circuit, &toxic, pool, &params, &err);
    CHECK_MSG(rc == 0, "setup: %s", err.msg);
    if (rc) {
        cuzk_iden3_wtns_free(&w);
        cuzk_iden3_r1cs_free(&r);
        return;
    }
    CHECK(cuzk_params_vk(params)->ic_len == 3);
    cuzk_proof proof;
    rc = cuzk_groth16_prove_circuit(params, &circuit, NULL, NULL, pool, &proof, NULL, &err);
    CHECK_MSG(rc == 0, "prove: %s", err.msg);
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0);
    cuzk_fr inputs[2];
    fr_u64(&inputs[0], 33);
    fr_u64(&inputs[1], 1092);
    CHECK(cuzk_groth16_verify(pvk, &proof, inputs, 2, &err) == 0);
    fr_u64(&inputs[1], 1093);
    CHECK(cuzk_groth16_verify(pvk, &proof, inputs, 2, &err) == CUZK_ERR_PROOF_INVALID);
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);

    /* a setup without the witness has the same shape */
    CHECK(cuzk_iden3_circuit_init(&ctx, &circuit, &r, NULL, &err) == 0);
    cuzk_cs *cnt = cuzk_cs_counter_new();
    CHECK(cuzk_circuit_synthesize(&circuit, cnt, &err) == 0);
    cuzk_cs_get_stats(cnt, &st);
    CHECK(st.inputs == 3 && st.aux == 2 && st.constraints == 5);
    cuzk_cs_free(cnt);
    /* and proving with it must fail cleanly */
    rec = cuzk_cs_recorder_new(true);
    CHECK(cuzk_circuit_synthesize(&circuit, rec, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(rec);
    cuzk_iden3_wtns_free(&w);
    cuzk_iden3_r1cs_free(&r);
}

/* ---- export and read back --------------------------------------------------------------- */
static bool same_view(const cuzk_lc_view *x, const cuzk_lc_view *y)
{
    if (x->len != y->len)
        return false;
    for (uint32_t j = 0; j < x->len; j++)
        if (x->terms[j].var.index != y->terms[j].var.index || x->terms[j].var.kind != y->terms[j].var.kind ||
            !cuzk_fr_eq(&x->terms[j].coeff, &y->terms[j].coeff))
            return false;
    return true;
}

static void test_export_roundtrip(void)
{
    char dir[] = "/tmp/cuzk_iden3_XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK_MSG(0, "mkdtemp failed");
        return;
    }
    char r1cs_path[64], wtns_path[64];
    snprintf(r1cs_path, sizeof r1cs_path, "%s/c.r1cs", dir);
    snprintf(wtns_path, sizeof wtns_path, "%s/c.wtns", dir);
    cuzk_err err;
    cuzk_test_circuit tc;
    cuzk_circuit orig;
    cuzk_test_circuit_init(&tc, &orig, 700, 3, 11);
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    CHECK(cuzk_circuit_synthesize(&orig, rec, &err) == 0);
    int rc = cuzk_iden3_export(rec, r1cs_path, wtns_path, &err);
    CHECK_MSG(rc == 0, "export: %s", err.msg);
    cuzk_cs_stats st0, st1;
    cuzk_cs_get_stats(rec, &st0);

    cuzk_iden3_r1cs r;
    cuzk_iden3_wtns w;
    rc = cuzk_iden3_r1cs_read(r1cs_path, &r, &err);
    CHECK_MSG(rc == 0, "read back: %s", err.msg);
    rc |= cuzk_iden3_wtns_read(wtns_path, &w, &err);
    CHECK_MSG(rc == 0, "read back: %s", err.msg);
    if (rc == 0) {
        CHECK(r.n_wires == st0.inputs + st0.aux && r.n_pub_in == st0.inputs - 1 && r.n_pub_out == 0);
        CHECK(r.n_constraints == st0.constraints - st0.inputs);
        int64_t bad = -2;
        CHECK(cuzk_iden3_check(&r, &w, &bad, &err) == 0 && bad == -1);
        cuzk_iden3_circuit ctx;
        cuzk_circuit back;
        CHECK(cuzk_iden3_circuit_init(&ctx, &back, &r, &w, &err) == 0);
        cuzk_cs *rec2 = cuzk_cs_recorder_new(true);
        CHECK(cuzk_circuit_synthesize(&back, rec2, &err) == 0);
        cuzk_cs_get_stats(rec2, &st1);
        CHECK(st1.inputs == st0.inputs && st1.aux == st0.aux && st1.constraints == st0.constraints);
        CHECK(st1.a_aux_density == st0.a_aux_density && st1.b_aux_density == st0.b_aux_density &&
              st1.b_input_density == st0.b_input_density);
        uint64_t diff = 0;
        for (uint64_t i = 0; i < st0.constraints && st1.constraints == st0.constraints; i++) {
            cuzk_lc_view x[3], y[3];
            cuzk_cs_recorder_constraint(rec, i, &x[0], &x[1], &x[2]);
            cuzk_cs_recorder_constraint(rec2, i, &y[0], &y[1], &y[2]);
            for (int k = 0; k < 3; k++)
                diff += !same_view(&x[k], &y[k]);
        }
        CHECK_MSG(diff == 0, "%llu linear combinations differ after the round trip", (unsigned long long)diff);
        for (uint32_t i = 0; i < st0.inputs + st0.aux; i++) {
            cuzk_var v = i < st0.inputs ? (cuzk_var){ i, CUZK_VAR_INPUT }
                                        : (cuzk_var){ (uint32_t)(i - st0.inputs), CUZK_VAR_AUX };
            diff += !cuzk_fr_eq(cuzk_cs_value(rec, v), &w.value[i]);
        }
        CHECK_MSG(diff == 0, "%llu values differ", (unsigned long long)diff);
        cuzk_cs_free(rec2);

        /* params from the original circuit prove the re-read one */
        cuzk_toxic toxic;
        cuzk_toxic_from_seed(&toxic, 3);
        cuzk_params *params = NULL;
        CHECK(cuzk_groth16_setup(&orig, &toxic, pool, &params, &err) == 0);
        cuzk_proof proof;
        rc = params ? cuzk_groth16_prove_circuit(params, &back, NULL, NULL, pool, &proof, NULL, &err) : -1;
        CHECK_MSG(rc == 0, "prove: %s", err.msg);
        cuzk_pvk *pvk = NULL;
        if (rc == 0 && cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0) {
            CHECK(cuzk_groth16_verify(pvk, &proof, w.value + 1, 3, &err) == 0);
            CHECK(cuzk_groth16_verify(pvk, &proof, w.value + 2, 3, &err) == CUZK_ERR_PROOF_INVALID);
            cuzk_pvk_free(pvk);
        }
        cuzk_params_free(params);
        cuzk_iden3_wtns_free(&w);
        cuzk_iden3_r1cs_free(&r);
    }
    /* a counter is not a recorder; a recorder without values has no witness */
    cuzk_cs *cnt = cuzk_cs_counter_new();
    CHECK(cuzk_circuit_synthesize(&orig, cnt, &err) == 0);
    CHECK(cuzk_iden3_export(cnt, r1cs_path, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cnt);
    cuzk_cs *shape = cuzk_cs_recorder_new(false);
    CHECK(cuzk_circuit_synthesize(&orig, shape, &err) == 0);
    CHECK(cuzk_iden3_export(shape, r1cs_path, wtns_path, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_iden3_export(shape, r1cs_path, NULL, &err) == 0);
    cuzk_cs_free(shape);
    CHECK(cuzk_iden3_r1cs_read("/nonexistent/x.r1cs", &r, &err) == CUZK_ERR_IO);
    cuzk_cs_free(rec);
    unlink(r1cs_path);
    unlink(wtns_path);
    rmdir(dir);
}

int main(void)
{
    pool = cuzk_pool_create(2);
    CHECK(unhex_lines(mul_r1cs, sizeof mul_r1cs, mul_r1cs_hex, sizeof mul_r1cs_hex / sizeof *mul_r1cs_hex) == R1CS_LEN);
    CHECK(unhex_lines(mul_wtns, sizeof mul_wtns, mul_wtns_hex, sizeof mul_wtns_hex / sizeof *mul_wtns_hex) == WTNS_LEN);
    test_read_mul();
    test_truncations();
    test_r1cs_corruptions();
    test_wtns_corruptions();
    test_prove_mul();
    test_export_roundtrip();
    cuzk_pool_destroy(pool);
    return test_finish("iden3");
}
