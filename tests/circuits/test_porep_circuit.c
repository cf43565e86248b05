/* The PoRep StackedCircuit on an 8-node, 2-layer, one-challenge seal (the
 * upstream test shape, 1.2 M constraints): the prover back end's a*b = c
 * holds for every constraint, the inputs are the native public inputs, and a
 * flipped label bit in a parent column breaks it. test_porep_circuit_slow
 * does the same on a real 2 KiB partition with the recorder. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"

/* Constraints with a*b != c in the prover's evaluations. */
static uint64_t unsatisfied(const cuzk_witness *w)
{
    uint64_t bad = 0;
    for (uint64_t i = 0; i < w->num_constraints; i++) {
        cuzk_fr t;
        cuzk_fr_mul(&t, &w->a[i], &w->b[i]);
        bad += !cuzk_fr_eq(&t, &w->c[i]);
    }
    return bad;
}

/* Synthesizes partition 0 with the prover; returns the unsatisfied count or
 * UINT64_MAX on failure; checks the inputs against want when given. */
static uint64_t prove_partition(const cuzk_porep_config *cfg, const cuzk_porep_c1 *c1, const cuzk_fr *want,
                                size_t n_want)
{
    cuzk_porep_circuit *pc = NULL;
    cuzk_err err = {0};
    CHECK_MSG(cuzk_porep_circuit_from_c1(&pc, cfg, c1, 0, &err) == 0, "%s", err.msg);
    if (!pc) return UINT64_MAX;
    cuzk_circuit c = cuzk_porep_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    uint64_t bad = UINT64_MAX;
    cuzk_witness w;
    if (cuzk_circuit_synthesize(&c, cs, &err) == 0 && cuzk_cs_prover_witness(cs, &w) == 0) {
        bad = unsatisfied(&w);
        /* upstream: 1 199 620 constraints, 22 inputs (+ 22 input constraints) */
        CHECK_MSG(w.num_constraints == 1199620 + 22 && w.num_inputs == 22, "%llu %llu",
                  (unsigned long long)w.num_constraints, (unsigned long long)w.num_inputs);
        if (want) {
            size_t same = 0;
            for (size_t i = 0; i < n_want && i + 1 < w.num_inputs; i++) same += cuzk_fr_eq(&w.input[i + 1], &want[i]);
            CHECK_MSG(same == n_want && n_want + 1 == w.num_inputs, "%zu of %zu inputs equal", same, n_want);
        }
    } else {
        CHECK_MSG(0, "synthesis: %s", err.msg);
    }
    cuzk_cs_free(cs);
    cuzk_porep_circuit_free(pc);
    return bad;
}

int main(void)
{
    uint8_t id[32];
    memset(id, 44, 32);
    cuzk_porep_config cfg;
    cuzk_err err = {0};
    CHECK(cuzk_porep_config_custom(&cfg, 8, 2, 0, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 1, &err) == 0);
    uint8_t data[8 * 32];
    for (int i = 0; i < 8 * 32; i++) data[i] = (uint8_t)(i * 13 + 1);
    for (int n = 0; n < 8; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = {1}, ticket[32] = {2}, seed[32] = {3};
    cuzk_porep_seal s;
    if (cuzk_porep_seal_init(&s, &cfg, data, prover, 9, ticket, NULL, &err)) {
        CHECK_MSG(0, "seal: %s", err.msg);
        return test_finish("test_porep_circuit");
    }
    cuzk_porep_c1 c1;
    CHECK_MSG(cuzk_porep_seal_commit(&s, seed, ticket, &c1, &err) == 0, "%s", err.msg);

    cuzk_fr want[3 + 18];
    uint64_t ch[1];
    CHECK(cuzk_porep_public_input_count(&cfg) == 21);
    CHECK(cuzk_porep_challenges(ch, &cfg, s.replica_id, s.comm_r, seed, 0, NULL) == 0);
    CHECK(cuzk_porep_public_inputs(want, &s.graph, s.replica_id, s.comm_d, s.comm_r, ch, 1, NULL) == 0);
    CHECK(prove_partition(&cfg, &c1, want, 21) == 0);

    /* one bit of a DRG parent's layer-1 label: its column hash no longer
     * opens tree C, and its label input changes the challenge's label */
    c1.proofs[0].drg_parents[2].column.rows[0][3] ^= 0x10;
    uint64_t bad = prove_partition(&cfg, &c1, NULL, 0);
    CHECK_MSG(bad > 0 && bad != UINT64_MAX, "%llu", (unsigned long long)bad);
    c1.proofs[0].drg_parents[2].column.rows[0][3] ^= 0x10;
    /* a wrong data leaf */
    c1.proofs[0].comm_d_proof.leaf[0] ^= 1;
    bad = prove_partition(&cfg, &c1, NULL, 0);
    CHECK(bad > 0 && bad != UINT64_MAX);
    c1.proofs[0].comm_d_proof.leaf[0] ^= 1;
    /* a path of the wrong shape is refused before synthesis */
    cuzk_porep_circuit *pc = NULL;
    c1.proofs[0].comm_r_last_proof.arity[0] = 4;
    CHECK(cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, 0, &err) == CUZK_ERR_INVALID_ARGUMENT && pc == NULL);

    cuzk_porep_c1_free(&c1);
    cuzk_porep_seal_free(&s);
    return test_finish("test_porep_circuit");
}
