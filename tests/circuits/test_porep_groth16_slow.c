/* Groth16 on the PoRep partition circuit (slow): parameters from the blank
 * circuit, a proof from the circuit built from a real seal's C1 output,
 * verified against the native public inputs; a changed input or another
 * seed's challenges are rejected. The sector is the upstream test shape (8
 * nodes, 2 layers, one challenge: 1.2 M constraints, domain 2^21, 73 s on
 * the shared 2-core machine); a 2 KiB partition (2.7 M, 2^22) took 150-340 s
 * of setup and 80-90 s of proving there, too long for a test. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"
#include "cuzk/groth16.h"

int main(void)
{
    cuzk_porep_config cfg;
    cuzk_err err = {0};
    uint8_t id[32];
    memset(id, 44, 32);
    CHECK(cuzk_porep_config_custom(&cfg, 8, 2, 0, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 1, &err) == 0);
    uint8_t *data = calloc(cfg.nodes, 32);
    for (uint64_t i = 0; i < cfg.nodes * 32; i++) data[i] = (uint8_t)(i * 31 + 5);
    for (uint64_t n = 0; n < cfg.nodes; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = {3}, ticket[32] = {4}, seed[32] = {12};
    cuzk_porep_seal s;
    cuzk_porep_c1 c1;
    if (cuzk_porep_seal_init(&s, &cfg, data, prover, 77, ticket, NULL, &err) ||
        cuzk_porep_seal_commit(&s, seed, ticket, &c1, &err)) {
        CHECK_MSG(0, "seal: %s", err.msg);
        return test_finish("test_porep_groth16_slow");
    }
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_porep_circuit *blank = NULL, *pc = NULL;
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_porep_circuit_new_blank(&blank, &cfg, &err) == 0);
    CHECK(cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, 0, &err) == 0);
    if (!blank || !pc) goto out;
    cuzk_circuit bc = cuzk_porep_circuit_get(blank), vc = cuzk_porep_circuit_get(pc);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 2026);
    uint64_t t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_setup(&bc, &toxic, pool, &params, &err) == 0, "setup: %s", err.msg);
    if (!params) goto out;
    printf("setup %.1f s\n", (double)(cuzk_now_ns() - t0) / 1e9);
    /* l has one point per aux variable, h one per domain point but the last */
    cuzk_cs *cnt = cuzk_cs_counter_new();
    cuzk_cs_stats st = {0};
    CHECK(cuzk_circuit_synthesize(&bc, cnt, NULL) == 0);
    cuzk_cs_get_stats(cnt, &st);
    cuzk_cs_free(cnt);
    CHECK(cuzk_params_vk(params)->ic_len == 22 && st.constraints == 1199620 + 22);
    CHECK(cuzk_params_count(params, CUZK_PARAMS_L) == st.aux);
    CHECK(cuzk_params_count(params, CUZK_PARAMS_H) == (1u << 21) - 1);

    cuzk_proof proof;
    cuzk_prove_timings tm;
    t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_prove_circuit(params, &vc, NULL, NULL, pool, &proof, &tm, &err) == 0, "prove: %s", err.msg);
    printf("prove %.1f s (synthesis %.0f ms, fft %.0f ms)\n", (double)(cuzk_now_ns() - t0) / 1e9, tm.synthesis_ms,
           tm.fft_ms);

    cuzk_fr in[3 + 18];
    uint64_t ch[1];
    CHECK(cuzk_porep_challenges(ch, &cfg, s.replica_id, s.comm_r, seed, 0, NULL) == 0);
    CHECK(cuzk_porep_public_inputs(in, &s.graph, s.replica_id, s.comm_d, s.comm_r, ch, 1, NULL) == 0);
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0);
    CHECK_MSG(cuzk_groth16_verify(pvk, &proof, in, 21, &err) == 0, "%s", err.msg);
    /* the challenge's last (tree-C) index moved by one */
    cuzk_fr one;
    cuzk_fr_from_u64(&one, 1);
    cuzk_fr_add(&in[20], &in[20], &one);
    CHECK(cuzk_groth16_verify(pvk, &proof, in, 21, NULL) == CUZK_ERR_PROOF_INVALID);
    /* another seed's challenge (the first seed that draws another node) */
    const uint64_t first = ch[0];
    for (int i = 0; i < 64 && ch[0] == first; i++) {
        seed[0]++;
        CHECK(cuzk_porep_challenges(ch, &cfg, s.replica_id, s.comm_r, seed, 0, NULL) == 0);
    }
    CHECK(ch[0] != first);
    CHECK(cuzk_porep_public_inputs(in, &s.graph, s.replica_id, s.comm_d, s.comm_r, ch, 1, NULL) == 0);
    CHECK(cuzk_groth16_verify(pvk, &proof, in, 21, NULL) == CUZK_ERR_PROOF_INVALID);
out:
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);
    cuzk_porep_circuit_free(pc);
    cuzk_porep_circuit_free(blank);
    cuzk_pool_destroy(pool);
    cuzk_porep_c1_free(&c1);
    cuzk_porep_seal_free(&s);
    free(data);
    return test_finish("test_porep_groth16_slow");
}
