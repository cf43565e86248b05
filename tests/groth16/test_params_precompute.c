/* cuzk_params_precompute: the H table (and the L table beside it, whose MSM
 * shares H's buckets) changes nothing a proof shows. On a
 * 2^14 circuit (big enough for the table path to run rather than fall back)
 * proofs for fixed r, s are byte-identical with and without the table, and
 * verify; a budget below the table's size builds nothing, and so do params
 * too small for the table to pay; a second call is a no-op that reports the
 * same memory; bad arguments are refused. */
#include <stdlib.h>
#include <string.h>

#include "cuzk/groth16.h"
#include "r1cs/test_circuit_internal.h"
#include "test.h"

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(2);
    CHECK(pool != NULL);
    cuzk_test_circuit tc;
    cuzk_circuit circuit;
    cuzk_test_circuit_init(&tc, &circuit, 16000, 4, 0x707265);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 0x707265);
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    cuzk_err err = {0};
    CHECK(cuzk_groth16_setup(&circuit, &toxic, pool, &params, &err) == 0 && params);
    CHECK(params && cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0);
    if (!params || !pvk)
        return test_finish("test_params_precompute");
    uint64_t h_len = cuzk_params_count(params, CUZK_PARAMS_H);
    CHECK(h_len == 16383);

    /* the public inputs, as the verifier wants them */
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    cuzk_witness w;
    CHECK(cuzk_circuit_synthesize(&circuit, cs, &err) == 0 && cuzk_cs_prover_witness(cs, &w) == 0);

    cuzk_fr r, s;
    cuzk_fr_from_u64(&r, 0x1234567);
    cuzk_fr_from_u64(&s, 0x89abcdef);
    cuzk_proof p0, p1, p2;
    uint8_t b0[CUZK_PROOF_BYTES], b1[CUZK_PROOF_BYTES], b2[CUZK_PROOF_BYTES];
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, &r, &s, pool, &p0, NULL, &err) == 0);
    cuzk_proof_serialize(b0, &p0);
    cuzk_fr zero = CUZK_FR_ZERO;
    cuzk_proof z0, z1;
    uint8_t bz0[CUZK_PROOF_BYTES], bz1[CUZK_PROOF_BYTES];
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, &zero, &zero, pool, &z0, NULL, &err) == 0);
    cuzk_proof_serialize(bz0, &z0);

    /* a budget one byte short: nothing built, nothing held */
    size_t need = cuzk_g1_msm_table_bytes((size_t)h_len), held = 1;
    CHECK(need >= (size_t)h_len * 16 * sizeof(cuzk_g1_affine));
    CHECK(cuzk_params_precompute(params, need - 1, pool, &held, &err) == 0 && held == 0);
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, &r, &s, pool, &p1, NULL, &err) == 0);
    cuzk_proof_serialize(b1, &p1);
    CHECK_MEM(b0, b1, sizeof b0);

    /* the table: same bytes, and the proof verifies */
    CHECK(cuzk_params_precompute(params, need, pool, &held, &err) == 0 && held == need);
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, &r, &s, pool, &p2, NULL, &err) == 0);
    cuzk_proof_serialize(b2, &p2);
    CHECK_MEM(b0, b2, sizeof b0);
    CHECK(cuzk_groth16_verify(pvk, &p2, w.input + 1, w.num_inputs - 1, &err) == 0);
    /* random r, s on the table path: valid, and another proof */
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, NULL, NULL, pool, &p1, NULL, &err) == 0);
    cuzk_proof_serialize(b1, &p1);
    CHECK(memcmp(b0, b1, sizeof b0) != 0);
    CHECK(cuzk_groth16_verify(pvk, &p1, w.input + 1, w.num_inputs - 1, &err) == 0);

    /* again: a no-op that reports the table it holds, whatever the budget */
    held = 0;
    CHECK(cuzk_params_precompute(params, 0, NULL, &held, &err) == 0 && held == need);
    CHECK(cuzk_params_precompute(params, need, NULL, NULL, &err) == 0);

    /* room for the L table too (H and L then share buckets): one byte short adds
     * nothing; the full budget adds it, and the proof keeps its bytes and verifies */
    uint64_t l_len = cuzk_params_count(params, CUZK_PARAMS_L);
    size_t need_l = cuzk_g1_msm_table_bytes((size_t)l_len);
    CHECK(l_len > 0 && need_l >= (size_t)l_len * 16 * sizeof(cuzk_g1_affine));
    CHECK(cuzk_params_precompute(params, need + need_l - 1, pool, &held, &err) == 0 && held == need);
    CHECK(cuzk_params_precompute(params, need + need_l, pool, &held, &err) == 0 && held == need + need_l);
    cuzk_prove_timings tm;
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, &r, &s, pool, &p2, &tm, &err) == 0);
    cuzk_proof_serialize(b2, &p2);
    CHECK_MEM(b0, b2, sizeof b0);
    CHECK(cuzk_groth16_verify(pvk, &p2, w.input + 1, w.num_inputs - 1, &err) == 0);
    /* r = s = 0 (no zero knowledge): C = H + L alone, still the same bytes as without tables */
    CHECK(cuzk_groth16_prove_circuit(params, &circuit, &zero, &zero, pool, &z1, NULL, &err) == 0);
    cuzk_proof_serialize(bz1, &z1);
    CHECK_MEM(bz0, bz1, sizeof bz0);
    held = 0;
    CHECK(cuzk_params_precompute(params, 0, NULL, &held, &err) == 0 && held == need + need_l);
    CHECK(cuzk_params_precompute(NULL, need, NULL, &held, &err) == CUZK_ERR_INVALID_ARGUMENT && held == 0);

    cuzk_cs_free(cs);
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);

    /* params too small for the table to pay: nothing built, whatever the budget */
    cuzk_test_circuit_init(&tc, &circuit, 4000, 2, 0x736d);
    CHECK(cuzk_groth16_setup(&circuit, &toxic, pool, &params, &err) == 0);
    CHECK(cuzk_params_count(params, CUZK_PARAMS_H) < CUZK_G1_MSM_TABLE_MIN_POINTS);
    held = 1;
    CHECK(cuzk_params_precompute(params, SIZE_MAX, pool, &held, &err) == 0 && held == 0);
    cuzk_params_free(params);
    cuzk_pool_destroy(pool);
    return test_finish("test_params_precompute");
}
