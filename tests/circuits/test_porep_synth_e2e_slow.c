/* End to end on a synthetic 2 KiB C1 output (slow): parameters from the
 * blank partition circuit, the C1 written as JSON and read back, a proof from
 * it, verified against the public inputs computed from the sector's identity
 * (prover_id, sector_id, ticket, seed, comm_d, comm_r: replica_id and the
 * challenges derived again, nothing taken from the C1's vanilla proofs).
 * Rejected: another seed's inputs, a changed comm_r, and the proof of a C1
 * with one tampered parent label (the prover does not check satisfaction,
 * so the proof is made and must not verify). On the loaded 2-core machine:
 * setup 349 s, prove 243 s and 194 s wall (13 min in all but 170 s of CPU: load 9-12; 2.2 GB RSS). */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"
#include "cuzk/porep_synth.h"
#include "cuzk/groth16.h"

static double sec(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e9; }

int main(void)
{
    cuzk_porep_config cfg;
    cuzk_porep_c1 made, c1 = { 0 };
    cuzk_porep_synth_opts o;
    cuzk_err err = { 0 };
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    cuzk_porep_synth_opts_default(&o, 2026);
    o.sector_id = 4242;
    CHECK(cuzk_porep_synth_c1(&made, &cfg, &o, NULL, NULL, &err) == 0);
    char *json = NULL;
    size_t n = 0;
    CHECK(cuzk_c1_write(&made, &json, &n, NULL) == 0);
    CHECK(json && cuzk_c1_parse(json, n, &c1, NULL, &err) == 0);
    free(json);
    cuzk_porep_c1_free(&made);
    if (!c1.proofs) return test_finish("test_porep_synth_e2e_slow");

    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_porep_circuit *blank = NULL, *pc = NULL;
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    const size_t n_in = cuzk_porep_public_input_count(&cfg);
    cuzk_fr *in = calloc(n_in, sizeof *in);
    CHECK(cuzk_porep_circuit_new_blank(&blank, &cfg, &err) == 0);
    if (!blank) goto out;
    cuzk_circuit bc = cuzk_porep_circuit_get(blank);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 7);
    uint64_t t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_setup(&bc, &toxic, pool, &params, &err) == 0, "setup: %s", err.msg);
    if (!params) goto out;
    printf("setup %.1f s\n", sec(t0));
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0);
    CHECK(cuzk_porep_public_inputs_c1(in, &cfg, o.prover_id, o.sector_id, o.ticket, o.seed, c1.comm_d, c1.comm_r, 0,
                                      &err) == 0);

    cuzk_proof proof;
    cuzk_prove_timings tm;
    CHECK(cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, 0, &err) == 0);
    if (!pc) goto out;
    cuzk_circuit vc = cuzk_porep_circuit_get(pc);
    t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, &tm, &err) == 0, "prove: %s", err.msg);
    printf("prove %.1f s (synthesis %.0f ms)\n", sec(t0), tm.synthesis_ms);
    CHECK_MSG(cuzk_groth16_verify(pvk, &proof, in, n_in, &err) == 0, "verify: %s", err.msg);
    /* the proof bytes round trip and still verify */
    uint8_t bytes[CUZK_PROOF_BYTES];
    cuzk_proof back;
    cuzk_proof_serialize(bytes, &proof);
    CHECK(cuzk_proof_deserialize(&back, bytes, sizeof bytes, NULL) == 0);
    CHECK(cuzk_groth16_verify(pvk, &back, in, n_in, NULL) == 0);

    /* another seed: other challenges, other inputs */
    cuzk_fr *in2 = calloc(n_in, sizeof *in2);
    uint8_t seed2[32];
    memcpy(seed2, o.seed, 32);
    seed2[5] ^= 0x40;
    CHECK(cuzk_porep_public_inputs_c1(in2, &cfg, o.prover_id, o.sector_id, o.ticket, seed2, c1.comm_d, c1.comm_r, 0,
                                      NULL) == 0);
    CHECK(cuzk_groth16_verify(pvk, &proof, in2, n_in, NULL) == CUZK_ERR_PROOF_INVALID);
    /* another comm_r */
    uint8_t cr2[32];
    memcpy(cr2, c1.comm_r, 32);
    cr2[0] ^= 1;
    CHECK(cuzk_porep_public_inputs_c1(in2, &cfg, o.prover_id, o.sector_id, o.ticket, o.seed, c1.comm_d, cr2, 0,
                                      NULL) == 0);
    CHECK(cuzk_groth16_verify(pvk, &proof, in2, n_in, NULL) == CUZK_ERR_PROOF_INVALID);
    free(in2);

    /* one tampered parent label: the proof does not verify */
    cuzk_porep_circuit_free(pc);
    pc = NULL;
    c1.proofs[1].exp_parents[3].column.rows[1][2] ^= 0x20;
    CHECK(cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, 0, &err) == 0);
    if (pc) {
        vc = cuzk_porep_circuit_get(pc);
        t0 = cuzk_now_ns();
        int rc = cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, &tm, &err);
        printf("prove (tampered) %.1f s: rc %d\n", sec(t0), rc);
        CHECK(rc != 0 || cuzk_groth16_verify(pvk, &proof, in, n_in, NULL) == CUZK_ERR_PROOF_INVALID);
    }
out:
    free(in);
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);
    cuzk_porep_circuit_free(pc);
    cuzk_porep_circuit_free(blank);
    cuzk_pool_destroy(pool);
    cuzk_porep_c1_free(&c1);
    return test_finish("test_porep_synth_e2e_slow");
}
