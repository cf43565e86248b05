/* Groth16 on the 2 KiB SnapDeals circuit end to end (slow): a committed-
 * capacity 2 KiB sector sealed here (cuzk_porep_seal_*) is updated with new
 * data (encode_into with its sector key); parameters from the blank circuit
 * with seeded toxic waste; the proof of partition 0 from its vanilla proof
 * verifies against cuzk_update_public_inputs; another comm_r_old, comm_d_new,
 * comm_r_new or h_select is rejected, and so is the proof of a tampered
 * vanilla proof (refused before proving, or not verifying). 1,705,039
 * constraints, domain 2^21. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/update.h"
#include "cuzk/groth16.h"

int main(void)
{
    cuzk_porep_config pcfg;
    cuzk_update_config cfg;
    cuzk_err err = { 0 };
    CHECK(cuzk_porep_config_init(&pcfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    uint8_t *zero = calloc(64, 32), *data = malloc(64 * 32);
    for (int i = 0; i < 64 * 32; i++) data[i] = (uint8_t)(i * 77 + 1);
    for (int n = 0; n < 64; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = { 5 }, ticket[32] = { 6 };
    cuzk_porep_seal s;
    cuzk_update_replica *u = NULL;
    cuzk_update_partition_proof p = { 0 };
    if (cuzk_porep_seal_init(&s, &pcfg, zero, prover, 1, ticket, NULL, &err) ||
        cuzk_update_encode(&u, &cfg, cfg.h, s.comm_c, s.tree_r, data, &err) ||
        cuzk_update_replica_prove(u, 0, &p, &err)) {
        CHECK_MSG(0, "seal / update: %s", err.msg);
        return test_finish("test_update_groth16_slow");
    }
    uint8_t r_old[32], d_new[32], r_new[32];
    cuzk_update_replica_commitments(u, r_old, d_new, r_new);
    CHECK(memcmp(r_old, s.comm_r, 32) == 0);

    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_update_circuit *blank = NULL, *uc = NULL;
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_update_circuit_new_blank(&blank, &cfg, &err) == 0);
    CHECK(cuzk_update_circuit_from_inputs(&uc, &cfg, 0, cfg.h, r_old, d_new, r_new, &p, &err) == 0);
    if (!blank || !uc) goto out;
    cuzk_circuit bc = cuzk_update_circuit_get(blank), vc = cuzk_update_circuit_get(uc);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 18);
    uint64_t t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_setup(&bc, &toxic, pool, &params, &err) == 0, "setup: %s", err.msg);
    if (!params) goto out;
    printf("setup %.1f s\n", (double)(cuzk_now_ns() - t0) / 1e9);
    CHECK(cuzk_params_vk(params)->ic_len == 5);
    CHECK(cuzk_params_count(params, CUZK_PARAMS_H) == (1u << 21) - 1);

    cuzk_proof proof;
    cuzk_prove_timings tm;
    t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, &tm, &err) == 0, "prove: %s", err.msg);
    printf("prove %.1f s (synthesis %.0f ms, fft %.0f ms)\n", (double)(cuzk_now_ns() - t0) / 1e9, tm.synthesis_ms,
           tm.fft_ms);
    cuzk_fr in[CUZK_UPDATE_PUBLIC_INPUTS], bad[CUZK_UPDATE_PUBLIC_INPUTS];
    CHECK(cuzk_update_public_inputs(in, &cfg, 0, cfg.h, r_old, d_new, r_new, NULL) == 0);
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0);
    CHECK_MSG(cuzk_groth16_verify(pvk, &proof, in, 4, &err) == 0, "verify: %s", err.msg);
    /* each public input changed: k_and_h_select (h_select 2), comm_r_old, comm_d_new, comm_r_new */
    for (int i = 0; i < 4; i++) {
        memcpy(bad, in, sizeof in);
        cuzk_fr_add(&bad[i], &bad[i], &CUZK_FR_ONE);
        CHECK_MSG(cuzk_groth16_verify(pvk, &proof, bad, 4, NULL) == CUZK_ERR_PROOF_INVALID, "input %d changed", i);
    }
    /* tampered vanilla proofs: a flipped tree-R new sibling proves a statement
     * that does not verify; a flipped old leaf is refused while synthesizing */
    cuzk_update_circuit_free(uc);
    uc = NULL;
    p.challenges[7].r_new.hashes[2][0] ^= 1;
    CHECK(cuzk_update_circuit_from_inputs(&uc, &cfg, 0, cfg.h, r_old, d_new, r_new, &p, &err) == 0);
    if (uc) {
        vc = cuzk_update_circuit_get(uc);
        int rc = cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, &tm, &err);
        CHECK(rc != 0 || cuzk_groth16_verify(pvk, &proof, in, 4, NULL) == CUZK_ERR_PROOF_INVALID);
        cuzk_update_circuit_free(uc);
        uc = NULL;
    }
    p.challenges[7].r_new.hashes[2][0] ^= 1;
    p.challenges[1].r_old.leaf[0] ^= 1;
    CHECK(cuzk_update_circuit_from_inputs(&uc, &cfg, 0, cfg.h, r_old, d_new, r_new, &p, &err) == 0);
    if (uc) {
        vc = cuzk_update_circuit_get(uc);
        CHECK(cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, &tm, &err) == CUZK_ERR_PROOF_INVALID &&
              strstr(err.msg, "challenge 1: leaf_r_new"));
    }
out:
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);
    cuzk_update_circuit_free(uc);
    cuzk_update_circuit_free(blank);
    cuzk_pool_destroy(pool);
    cuzk_update_partition_proof_free(&p);
    cuzk_update_replica_free(u);
    cuzk_porep_seal_free(&s);
    free(zero);
    free(data);
    return test_finish("test_update_groth16_slow");
}
