/* Groth16 end to end on the SnapDeals Poseidon variant at 2 KiB (36,429
 * constraints with the input constraints: small enough for every CI run; the
 * standard 2 KiB circuit is test_update_groth16_slow): a sealed committed-
 * capacity 2 KiB sector updated with new data, parameters from the blank
 * circuit with seeded toxic waste, the proof of its one partition verified
 * against cuzk_update_public_inputs ([h_select, comm_r_old, comm_d_new,
 * comm_r_new]); each public input changed, and a tampered vanilla proof,
 * fail verification; the proof from the fast witness verifies too. */
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
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, true, NULL) == 0);
    uint8_t *zero = calloc(64, 32), *data = malloc(64 * 32);
    for (int i = 0; i < 64 * 32; i++) data[i] = (uint8_t)(i * 29 + 11);
    for (int n = 0; n < 64; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = { 7 }, ticket[32] = { 9 };
    cuzk_porep_seal s;
    cuzk_update_replica *u = NULL;
    cuzk_update_partition_proof p = { 0 };
    if (cuzk_porep_seal_init(&s, &pcfg, zero, prover, 2, ticket, NULL, &err) ||
        cuzk_update_encode(&u, &cfg, cfg.h, s.comm_c, s.tree_r, data, &err) ||
        cuzk_update_replica_prove(u, 0, &p, &err)) {
        CHECK_MSG(0, "seal / update: %s", err.msg);
        return test_finish("test_update_groth16");
    }
    uint8_t r_old[32], d_new[32], r_new[32];
    cuzk_update_replica_commitments(u, r_old, d_new, r_new);
    CHECK(memcmp(r_old, s.comm_r, 32) == 0);
    CHECK(cuzk_update_partition_verify(&p, &cfg, 0, cfg.h, r_old, d_new, r_new, &err) == 0);

    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_update_circuit *blank = NULL, *uc = NULL;
    cuzk_update_wgen *g = NULL;
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_update_circuit_new_blank(&blank, &cfg, &err) == 0);
    CHECK(cuzk_update_circuit_from_inputs(&uc, &cfg, 0, cfg.h, r_old, d_new, r_new, &p, &err) == 0);
    if (!blank || !uc) goto out;
    cuzk_circuit bc = cuzk_update_circuit_get(blank), vc = cuzk_update_circuit_get(uc);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 1818);
    CHECK_MSG(cuzk_groth16_setup(&bc, &toxic, pool, &params, &err) == 0, "setup: %s", err.msg);
    if (!params) goto out;
    CHECK(cuzk_params_vk(params)->ic_len == 5);
    cuzk_proof proof;
    CHECK_MSG(cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, NULL, &err) == 0, "prove: %s", err.msg);
    cuzk_fr in[CUZK_UPDATE_PUBLIC_INPUTS], bad[CUZK_UPDATE_PUBLIC_INPUTS];
    CHECK(cuzk_update_public_inputs(in, &cfg, 0, cfg.h, r_old, d_new, r_new, NULL) == 0);
    cuzk_fr eight;
    cuzk_fr_from_u64(&eight, 8); /* hs = [1; 6] at 2 KiB: h = 1 is position 0, h_select = 1 */
    CHECK(!cuzk_fr_eq(&in[0], &eight) && cuzk_fr_is_one(&in[0]));
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0);
    CHECK_MSG(cuzk_groth16_verify(pvk, &proof, in, 4, &err) == 0, "verify: %s", err.msg);
    for (int i = 0; i < 4; i++) {
        memcpy(bad, in, sizeof in);
        cuzk_fr_add(&bad[i], &bad[i], &CUZK_FR_ONE);
        CHECK_MSG(cuzk_groth16_verify(pvk, &proof, bad, 4, NULL) == CUZK_ERR_PROOF_INVALID, "input %d changed", i);
    }
    /* the same statement proved from the fast witness */
    CHECK(cuzk_update_wgen_new(&g, &cfg, &err) == 0);
    if (g) {
        uint64_t ni, na, nc;
        cuzk_update_wgen_sizes(g, &ni, &na, &nc);
        cuzk_update_wgen_buffers buf = { cuzk_alloc_array(ni, sizeof(cuzk_fr)), cuzk_alloc_array(na, sizeof(cuzk_fr)),
                                         cuzk_alloc_array(nc, sizeof(cuzk_fr)), cuzk_alloc_array(nc, sizeof(cuzk_fr)),
                                         cuzk_alloc_array(nc, sizeof(cuzk_fr)) };
        CHECK(cuzk_update_wgen_fill(g, uc, &buf, pool, &err) == 0);
        cuzk_witness w;
        cuzk_update_wgen_witness(g, &buf, &w);
        cuzk_proof p2;
        CHECK(cuzk_groth16_prove(params, &w, NULL, NULL, pool, &p2, NULL, &err) == 0);
        CHECK(cuzk_groth16_verify(pvk, &p2, in, 4, NULL) == 0);
        cuzk_free(buf.input), cuzk_free(buf.aux), cuzk_free(buf.a), cuzk_free(buf.b), cuzk_free(buf.c);
    }
    /* a tampered tree-D new sibling: the proof does not verify */
    cuzk_update_circuit_free(uc);
    uc = NULL;
    p.challenges[4].d_new.hashes[1][0] ^= 1;
    CHECK(cuzk_update_partition_verify(&p, &cfg, 0, cfg.h, r_old, d_new, r_new, &err) == CUZK_ERR_PROOF_INVALID &&
          strstr(err.msg, "challenge 4: proof_d_new"));
    CHECK(cuzk_update_circuit_from_inputs(&uc, &cfg, 0, cfg.h, r_old, d_new, r_new, &p, &err) == 0);
    if (uc) {
        vc = cuzk_update_circuit_get(uc);
        int rc = cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, NULL, &err);
        CHECK(rc != 0 || cuzk_groth16_verify(pvk, &proof, in, 4, NULL) == CUZK_ERR_PROOF_INVALID);
    }
out:
    cuzk_update_wgen_free(g);
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
    return test_finish("test_update_groth16");
}
