/* Tiny proof kinds for the daemon's tests (test_circuit.h). */
#include "server/test_circuit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

#include "cuzk/ff.h"
#include "cuzk/groth16.h"
#include "cuzk/r1cs.h"

typedef struct {
    uint64_t x;
    uint32_t partitions;
    uint32_t delay_ms;
} tc_input;

typedef struct {
    bool fail; /* test-b */
} tc_ctx;

typedef struct {
    uint64_t x;
    bool values;
} tc_synth;

/* (x)^3 + x + 5 = y */
static int tc_synthesize(void *vctx, cuzk_cs *cs, cuzk_err *err) {
    tc_synth *t = vctx;
    cuzk_fr x, x2, x3, y, five;
    cuzk_fr_from_u64(&x, t->x);
    cuzk_fr_sqr(&x2, &x);
    cuzk_fr_mul(&x3, &x2, &x);
    cuzk_fr_from_u64(&five, 5);
    cuzk_fr_add(&y, &x3, &x);
    cuzk_fr_add(&y, &y, &five);
    cuzk_var vx, vx2, vx3, vy;
    bool v = t->values;
    cuzk_cs_alloc_input(cs, &vy, v ? &y : NULL);
    cuzk_cs_alloc(cs, &vx, v ? &x : NULL);
    cuzk_cs_alloc(cs, &vx2, v ? &x2 : NULL);
    cuzk_cs_alloc(cs, &vx3, v ? &x3 : NULL);
    cuzk_lc a, b, c;
    cuzk_lc_init(&a);
    cuzk_lc_init(&b);
    cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, vx);
    cuzk_lc_add_var(&b, vx);
    cuzk_lc_add_var(&c, vx2);
    cuzk_cs_enforce(cs, &a, &b, &c);
    cuzk_lc_clear(&a);
    cuzk_lc_clear(&b);
    cuzk_lc_clear(&c);
    cuzk_lc_add_var(&a, vx2);
    cuzk_lc_add_var(&b, vx);
    cuzk_lc_add_var(&c, vx3);
    cuzk_cs_enforce(cs, &a, &b, &c);
    cuzk_lc_clear(&a);
    cuzk_lc_clear(&b);
    cuzk_lc_clear(&c);
    cuzk_lc_add_var(&a, vx3);
    cuzk_lc_add_var(&a, vx);
    cuzk_lc_add_const(&a, &five);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&c, vy);
    cuzk_cs_enforce(cs, &a, &b, &c);
    cuzk_lc_free(&a);
    cuzk_lc_free(&b);
    cuzk_lc_free(&c);
    return cuzk_cs_error(cs, err);
}

static int parse_u64(const char *s, size_t n, uint64_t max, uint64_t *out) {
    if (n == 0 || n > 20) return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    if (v > max) return -1;
    *out = v;
    return 0;
}

static int tc_prepare(void *vctx, const cuzk_proof_request *req, void **input, cuzk_job_plan *plan, cuzk_err *err) {
    tc_ctx *ctx = vctx;
    tc_input in = {3, 1, 0};
    const char *p = (const char *)req->vanilla_proof;
    size_t n = req->vanilla_proof_len;
    if (!p || n == 0) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proof: empty (test kind)");
    if (n > 256) return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "vanilla_proof: %zu bytes, at most 256 (test kind)", n);
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && p[j] != ';') j++;
        const char *eq = memchr(p + i, '=', j - i);
        if (!eq) return cuzk_err_set(err, CUZK_ERR_PARSE, "vanilla_proof: item at byte %zu has no '='", i);
        size_t kl = (size_t)(eq - (p + i)), vl = j - i - kl - 1;
        uint64_t v;
        if (kl == 1 && p[i] == 'x' && parse_u64(eq + 1, vl, UINT64_MAX / 2, &v) == 0) in.x = v;
        else if (kl == 10 && memcmp(p + i, "partitions", 10) == 0 && parse_u64(eq + 1, vl, 8, &v) == 0 && v >= 1)
            in.partitions = (uint32_t)v;
        else if (kl == 8 && memcmp(p + i, "delay_ms", 8) == 0 && parse_u64(eq + 1, vl, 10000, &v) == 0)
            in.delay_ms = (uint32_t)v;
        else
            return cuzk_err_set(err, CUZK_ERR_PARSE, "vanilla_proof: bad item '%.*s' (test kind)", (int)(j - i),
                                p + i);
        i = j + 1;
    }
    tc_input *copy = malloc(sizeof *copy);
    if (!copy) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "out of memory");
    *copy = in;
    *input = copy;
    memset(plan, 0, sizeof *plan);
    plan->partitions = in.partitions;
    snprintf(plan->params_id, sizeof plan->params_id, "%s", ctx->fail ? "cuzk-test-b" : "cuzk-test-a");
    plan->witness_bytes = 4096;
    snprintf(plan->summary, sizeof plan->summary, "test x=%llu, %u partitions", (unsigned long long)in.x,
             in.partitions);
    return 0;
}

static void tc_input_free(void *vctx, void *input) {
    (void)vctx;
    free(input);
}

static int tc_witness(void *vctx, const void *vin, uint32_t k, cuzk_pool *pool, cuzk_witness *w, void **state,
                      cuzk_err *err) {
    (void)pool;
    tc_ctx *ctx = vctx;
    const tc_input *in = vin;
    if (in->delay_ms) {
        struct timespec ts = {in->delay_ms / 1000, (long)(in->delay_ms % 1000) * 1000000L};
        while (nanosleep(&ts, &ts) && errno == EINTR) {
        }
    }
    if (ctx->fail) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "test-b: partition %u refused by design", k);
    tc_synth t = {in->x + k, true};
    cuzk_circuit c = {"cuzk-test", tc_synthesize, &t};
    cuzk_cs *cs = cuzk_cs_prover_new(8, 8);
    if (!cs) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "out of memory");
    int rc = cuzk_circuit_synthesize(&c, cs, err);
    if (rc == 0) rc = cuzk_cs_prover_witness(cs, w);
    if (rc) {
        cuzk_cs_free(cs);
        if (err && err->code == 0) cuzk_err_set(err, rc, "test witness failed");
        return rc;
    }
    *state = cs;
    return 0;
}

static void tc_witness_free(void *vctx, void *state) {
    (void)vctx;
    cuzk_cs_free(state);
}

static int tc_public_inputs(void *vctx, const void *vin, uint32_t k, cuzk_fr **out, size_t *n, cuzk_err *err) {
    (void)vctx;
    const tc_input *in = vin;
    cuzk_fr x, x2, x3, five;
    cuzk_fr_from_u64(&x, in->x + k);
    cuzk_fr_sqr(&x2, &x);
    cuzk_fr_mul(&x3, &x2, &x);
    cuzk_fr_from_u64(&five, 5);
    cuzk_fr *y = malloc(sizeof *y);
    if (!y) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "out of memory");
    cuzk_fr_add(y, &x3, &x);
    cuzk_fr_add(y, y, &five);
    *out = y;
    *n = 1;
    return 0;
}

static int tc_load_params(void *vctx, const char *params_id, cuzk_params **out, cuzk_err *err) {
    (void)vctx;
    (void)params_id;
    tc_synth t = {3, false};
    cuzk_circuit c = {"cuzk-test", tc_synthesize, &t};
    cuzk_toxic tw;
    cuzk_toxic_from_seed(&tw, 0x7e57);
    return cuzk_groth16_setup(&c, &tw, NULL, out, err);
}

static int tc_params_of(void *vctx, const char *circuit_id, char params_id[192]) {
    tc_ctx *ctx = vctx;
    const char *mine = ctx->fail ? "test-b" : "test-a";
    if (strcmp(circuit_id, mine) != 0) return -1;
    snprintf(params_id, 192, "cuzk-%s", mine);
    return 0;
}

static void tc_ctx_free(void *vctx) { free(vctx); }

int cuzk_server_register_test_circuits(cuzk_engine *e, cuzk_err *err) {
    for (int i = 0; i < 2; i++) {
        tc_ctx *ctx = calloc(1, sizeof *ctx);
        if (!ctx) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "out of memory");
        ctx->fail = i == 1;
        cuzk_circuit_entry en = {
            .label = i ? "test-b" : "test-a",
            .kind = i ? CUZK_KIND_TEST_B : CUZK_KIND_TEST_A,
            .ctx = ctx,
            .prepare = tc_prepare,
            .input_free = tc_input_free,
            .witness = tc_witness,
            .witness_free = tc_witness_free,
            .public_inputs = tc_public_inputs,
            .load_params = tc_load_params,
            .params_of = tc_params_of,
            .ctx_free = tc_ctx_free,
        };
        int rc = cuzk_engine_register(e, &en, err);
        if (rc) {
            free(ctx);
            return rc;
        }
    }
    return 0;
}
