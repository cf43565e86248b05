/* Test helper: the fast witness generator against the generic synthesis of
 * the same partition, byte for byte (test_porep_witness_fast and _slow). */
#ifndef CUZK_TEST_WGEN_CHECK_H
#define CUZK_TEST_WGEN_CHECK_H

#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "cuzk/porep_witness.h"

typedef struct {
    cuzk_porep_wgen_buffers b;
    cuzk_fr *mem;
} wgen_bufs;

static inline int wgen_bufs_alloc(wgen_bufs *w, const cuzk_porep_wgen *g)
{
    cuzk_porep_wgen_shape s;
    cuzk_porep_wgen_get_shape(g, &s);
    w->mem = malloc((s.inputs + s.aux + 3 * s.constraints) * sizeof(cuzk_fr));
    if (!w->mem) return -1;
    w->b.input = w->mem;
    w->b.aux = w->b.input + s.inputs;
    w->b.a = w->b.aux + s.aux;
    w->b.b = w->b.a + s.constraints;
    w->b.c = w->b.b + s.constraints;
    /* garbage in, so that a value the generator forgets shows */
    memset(w->mem, 0xa5, (s.inputs + s.aux + 3 * s.constraints) * sizeof(cuzk_fr));
    return 0;
}

/* Index of the first element that differs, or -1. */
static inline int64_t wgen_first_diff(const cuzk_fr *x, const cuzk_fr *y, uint64_t n)
{
    if (memcmp(x, y, n * sizeof *x) == 0) return -1;
    for (uint64_t i = 0; i < n; i++)
        if (memcmp(&x[i], &y[i], sizeof *x)) return (int64_t)i;
    return -1;
}

static inline bool wgen_bits_equal(const uint64_t *x, const uint64_t *y, uint64_t nbits)
{
    for (uint64_t i = 0; i < nbits; i++)
        if (((x[i >> 6] >> (i & 63)) & 1) != ((y[i >> 6] >> (i & 63)) & 1)) return false;
    return true;
}

/* Compares a filled fast witness with the generic one; returns the number of
 * vectors (of 8) that differ, naming the first difference of each. */
static inline int wgen_compare(const cuzk_porep_wgen *g, const cuzk_witness *fast, const cuzk_witness *gen)
{
    int bad = 0;
    char what[256];
    CHECK_MSG(fast->num_inputs == gen->num_inputs && fast->num_aux == gen->num_aux &&
                  fast->num_constraints == gen->num_constraints,
              "shape: fast %llu/%llu/%llu generic %llu/%llu/%llu", (unsigned long long)fast->num_inputs,
              (unsigned long long)fast->num_aux, (unsigned long long)fast->num_constraints,
              (unsigned long long)gen->num_inputs, (unsigned long long)gen->num_aux,
              (unsigned long long)gen->num_constraints);
    if (fast->num_inputs != gen->num_inputs || fast->num_aux != gen->num_aux ||
        fast->num_constraints != gen->num_constraints)
        return 8;
    int64_t d = wgen_first_diff(fast->input, gen->input, gen->num_inputs);
    CHECK_MSG(d < 0, "input %lld differs", (long long)d);
    bad += d >= 0;
    d = wgen_first_diff(fast->aux, gen->aux, gen->num_aux);
    if (d >= 0) cuzk_porep_wgen_describe(g, (uint64_t)d, what, sizeof what);
    CHECK_MSG(d < 0, "aux %lld differs (%s)", (long long)d, what);
    bad += d >= 0;
    const cuzk_fr *fv[3] = { fast->a, fast->b, fast->c }, *gv[3] = { gen->a, gen->b, gen->c };
    for (int k = 0; k < 3; k++) {
        d = wgen_first_diff(fv[k], gv[k], gen->num_constraints);
        if (d >= 0) cuzk_porep_wgen_describe_constraint(g, (uint64_t)d, what, sizeof what);
        CHECK_MSG(d < 0, "%c·z of constraint %lld differs (%s)", "ABC"[k], (long long)d, what);
        bad += d >= 0;
    }
    bool ok = wgen_bits_equal(fast->a_aux_density, gen->a_aux_density, gen->num_aux);
    CHECK_MSG(ok, "A aux density differs");
    bad += !ok;
    ok = wgen_bits_equal(fast->b_input_density, gen->b_input_density, gen->num_inputs);
    CHECK_MSG(ok, "B input density differs");
    bad += !ok;
    ok = wgen_bits_equal(fast->b_aux_density, gen->b_aux_density, gen->num_aux);
    CHECK_MSG(ok, "B aux density differs");
    bad += !ok;
    return bad;
}

/* Generic synthesis of one partition into a prover cs (freed by the caller). */
static inline cuzk_cs *wgen_generic(const cuzk_porep_config *cfg, const cuzk_porep_c1 *c1, uint32_t partition,
                                    cuzk_witness *w)
{
    cuzk_porep_circuit *pc = NULL;
    cuzk_err err = { 0 };
    if (cuzk_porep_circuit_from_c1(&pc, cfg, c1, partition, &err)) {
        CHECK_MSG(0, "generic circuit: %s", err.msg);
        return NULL;
    }
    cuzk_circuit c = cuzk_porep_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    int rc = cs ? cuzk_circuit_synthesize(&c, cs, &err) : CUZK_ERR_OUT_OF_MEMORY;
    if (!rc) rc = cuzk_cs_prover_witness(cs, w);
    cuzk_porep_circuit_free(pc);
    CHECK_MSG(rc == 0, "generic synthesis: %s", err.msg);
    if (rc) {
        cuzk_cs_free(cs);
        return NULL;
    }
    return cs;
}

#endif
