/* A small circuit kind for engine tests, registered as CUZK_KIND_TEST_A or
 * _B. The request's vanilla_proof is 24 bytes: u32 partitions, u32
 * constraints (log2), u64 x, u32 witness delay in ms, u32 flags (bit 0: the
 * witness of partition 1 fails). Partition k proves knowledge of the chain
 * y_0 = x + k, y_{i+1} = y_i^2 (2^log constraints); its one public input is
 * x + k. Parameters come from a seeded setup per size ("test-<kind>-<log>"). */
#ifndef CUZK_ENGINE_TEST_CIRCUIT_H
#define CUZK_ENGINE_TEST_CIRCUIT_H

#include "cuzk/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    uint32_t partitions, log, delay_ms, flags;
    uint64_t x;
} tc_input;

typedef struct {
    uint64_t x;
    uint32_t n;
} tc_synth;

static int tc_synthesize(void *ctx, cuzk_cs *cs, cuzk_err *err)
{
    const tc_synth *t = ctx;
    const bool vals = cuzk_cs_has_values(cs);
    cuzk_fr v;
    cuzk_fr_from_u64(&v, t->x);
    cuzk_var in, y;
    int rc = cuzk_cs_alloc_input(cs, &in, vals ? &v : NULL);
    if (!rc) rc = cuzk_cs_alloc(cs, &y, vals ? &v : NULL);
    if (rc) return cuzk_cs_error(cs, err);
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, in);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&c, y);
    cuzk_cs_enforce(cs, &a, &b, &c);
    for (uint32_t i = 1; i < t->n; i++) {
        cuzk_fr nv;
        cuzk_fr_sqr(&nv, &v);
        cuzk_var ny;
        if (cuzk_cs_alloc(cs, &ny, vals ? &nv : NULL)) break;
        cuzk_lc_clear(&a), cuzk_lc_clear(&b), cuzk_lc_clear(&c);
        cuzk_lc_add_var(&a, y);
        cuzk_lc_add_var(&b, y);
        cuzk_lc_add_var(&c, ny);
        cuzk_cs_enforce(cs, &a, &b, &c);
        y = ny;
        v = nv;
    }
    cuzk_lc_free(&a), cuzk_lc_free(&b), cuzk_lc_free(&c);
    return cuzk_cs_error(cs, err);
}

static int tc_prepare(void *ctx, const cuzk_proof_request *req, void **input, cuzk_job_plan *plan, cuzk_err *err)
{
    const int kind = (int)(intptr_t)ctx;
    if (req->vanilla_proof_len != 24)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "vanilla_proof: %zu bytes, want 24", req->vanilla_proof_len);
    tc_input *in = calloc(1, sizeof *in);
    if (!in) return CUZK_ERR_OUT_OF_MEMORY;
    memcpy(&in->partitions, req->vanilla_proof, 4);
    memcpy(&in->log, req->vanilla_proof + 4, 4);
    memcpy(&in->x, req->vanilla_proof + 8, 8);
    memcpy(&in->delay_ms, req->vanilla_proof + 16, 4);
    memcpy(&in->flags, req->vanilla_proof + 20, 4);
    if (in->log < 2 || in->log > 16 || !in->partitions) {
        const uint32_t log = in->log;
        free(in);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proof: constraints 2^%u (want 2..16)", log);
    }
    plan->partitions = in->partitions;
    snprintf(plan->params_id, sizeof plan->params_id, "test-%d-%u", kind, in->log);
    plan->witness_bytes = ((uint64_t)1 << in->log) * 5 * sizeof(cuzk_fr);
    snprintf(plan->summary, sizeof plan->summary, "test circuit 2^%u, %u partitions", in->log, in->partitions);
    *input = in;
    return 0;
}

static void tc_input_free(void *ctx, void *input)
{
    (void)ctx;
    free(input);
}

static int tc_witness(void *ctx, const void *input, uint32_t k, cuzk_pool *pool, cuzk_witness *w, void **state,
                      cuzk_err *err)
{
    (void)ctx, (void)pool;
    const tc_input *in = input;
    if (in->delay_ms) {
        struct timespec ts = { in->delay_ms / 1000, (long)(in->delay_ms % 1000) * 1000000L };
        nanosleep(&ts, NULL);
    }
    if ((in->flags & 1) && k == 1) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "test: partition 1 refused");
    tc_synth t = { in->x + k, 1u << in->log };
    cuzk_circuit c = { "engine-test", tc_synthesize, &t };
    cuzk_cs *cs = cuzk_cs_prover_new(t.n, t.n);
    if (!cs) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "cs");
    int rc = cuzk_circuit_synthesize(&c, cs, err);
    if (!rc) rc = cuzk_cs_finish(cs, err);
    if (!rc) rc = cuzk_cs_prover_witness(cs, w);
    if (rc) {
        cuzk_cs_free(cs);
        return rc;
    }
    *state = cs;
    return 0;
}

static void tc_witness_free(void *ctx, void *state)
{
    (void)ctx;
    cuzk_cs_free(state);
}

static int tc_public_inputs(void *ctx, const void *input, uint32_t k, cuzk_fr **out, size_t *n, cuzk_err *err)
{
    (void)ctx, (void)err;
    const tc_input *in = input;
    *out = calloc(1, sizeof **out);
    if (!*out) return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_fr_from_u64(*out, in->x + k);
    *n = 1;
    return 0;
}

static int tc_load_params(void *ctx, const char *id, cuzk_params **out, cuzk_err *err)
{
    (void)ctx;
    unsigned kind = 0, log = 0;
    if (sscanf(id, "test-%u-%u", &kind, &log) != 2) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "id %s", id);
    tc_synth t = { 1, 1u << log };
    cuzk_circuit c = { "engine-test", tc_synthesize, &t };
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 1000 + log);
    return cuzk_groth16_setup(&c, &toxic, NULL, out, err);
}

static cuzk_circuit_entry tc_entry(int kind, const char *label)
{
    cuzk_circuit_entry e;
    memset(&e, 0, sizeof e);
    e.label = label;
    e.kind = kind;
    e.ctx = (void *)(intptr_t)kind;
    e.prepare = tc_prepare;
    e.input_free = tc_input_free;
    e.witness = tc_witness;
    e.witness_free = tc_witness_free;
    e.public_inputs = tc_public_inputs;
    e.load_params = tc_load_params;
    return e;
}

/* A request of the test kind; buf (24 bytes) holds its input. */
static cuzk_proof_request tc_request(int kind, uint8_t buf[24], uint32_t partitions, uint32_t log, uint64_t x,
                                     uint32_t delay_ms, uint32_t flags)
{
    memcpy(buf, &partitions, 4);
    memcpy(buf + 4, &log, 4);
    memcpy(buf + 8, &x, 8);
    memcpy(buf + 16, &delay_ms, 4);
    memcpy(buf + 20, &flags, 4);
    cuzk_proof_request r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.vanilla_proof = buf;
    r.vanilla_proof_len = 24;
    return r;
}

#endif
