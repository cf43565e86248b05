/* Groth16 at 2^16 constraints (label "slow"): setup, prove, verify, batch,
 * with the phase timings printed. The unit test covers the logic on small
 * circuits; this one crosses every chunk edge of setup and the prover and
 * uses the wide windows of the fixed-base tables and the MSMs. */
#include <stdlib.h>

#include "cuzk/groth16.h"
#include "r1cs/test_circuit_internal.h"
#include "test.h"

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(0);
    CHECK(pool != NULL);
    cuzk_test_circuit tc;
    cuzk_circuit c;
    cuzk_test_circuit_init(&tc, &c, (uint64_t)1 << 16, 8, 2024);
    cuzk_toxic tw;
    cuzk_toxic_from_seed(&tw, 77);
    cuzk_params *p = NULL;
    cuzk_err err = { 0 };
    uint64_t t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_setup(&c, &tw, pool, &p, &err) == 0, "%s", err.msg);
    double setup_ms = (double)(cuzk_now_ns() - t0) / 1e6;
    if (!p)
        return test_finish("test_groth16_slow");
    CHECK(cuzk_params_count(p, CUZK_PARAMS_H) == ((uint64_t)1 << 16) - 1);
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(p), &pvk, &err) == 0);

    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    CHECK(cuzk_circuit_synthesize(&c, cs, &err) == 0);
    cuzk_witness w;
    CHECK(cuzk_cs_prover_witness(cs, &w) == 0);
    const cuzk_fr *x = w.input + 1;
    size_t nx = w.num_inputs - 1;

    cuzk_fr r, s;
    cuzk_fr_from_u64(&r, 123456789);
    cuzk_fr_from_u64(&s, 987654321);
    cuzk_proof pr[3];
    cuzk_prove_timings tm;
    CHECK(cuzk_groth16_prove_circuit(p, &c, &r, &s, pool, &pr[0], &tm, &err) == 0);
    CHECK(cuzk_groth16_prove(p, &w, &r, &s, pool, &pr[1], NULL, &err) == 0);
    CHECK(cuzk_groth16_prove(p, &w, NULL, NULL, pool, &pr[2], NULL, &err) == 0);
    uint8_t b0[CUZK_PROOF_BYTES], b1[CUZK_PROOF_BYTES], b2[CUZK_PROOF_BYTES];
    cuzk_proof_serialize(b0, &pr[0]);
    cuzk_proof_serialize(b1, &pr[1]);
    cuzk_proof_serialize(b2, &pr[2]);
    CHECK(memcmp(b0, b1, sizeof b0) == 0);
    CHECK(memcmp(b0, b2, sizeof b0) != 0);

    t0 = cuzk_now_ns();
    CHECK(cuzk_groth16_verify(pvk, &pr[0], x, nx, &err) == 0);
    double verify_ms = (double)(cuzk_now_ns() - t0) / 1e6;
    CHECK(cuzk_groth16_verify(pvk, &pr[2], x, nx, &err) == 0);
    cuzk_fr *xs = malloc(3 * nx * sizeof *xs);
    for (int j = 0; j < 3; j++)
        memcpy(xs + (size_t)j * nx, x, nx * sizeof *xs);
    t0 = cuzk_now_ns();
    CHECK(cuzk_groth16_verify_batch(pvk, pr, xs, 3, nx, &err) == 0);
    double batch_ms = (double)(cuzk_now_ns() - t0) / 1e6;
    cuzk_fr_add(&xs[nx + 2], &xs[nx + 2], &CUZK_FR_ONE);
    CHECK(cuzk_groth16_verify_batch(pvk, pr, xs, 3, nx, &err) == CUZK_ERR_PROOF_INVALID);
    CHECK(cuzk_groth16_verify(pvk, &pr[1], xs + nx, nx, &err) == CUZK_ERR_PROOF_INVALID);

    printf("2^16 constraints, %u threads: setup %.0f ms; prove %.0f ms (synthesis %.0f, H %.0f, msm h %.0f l %.0f "
           "a %.0f b_g1 %.0f b_g2 %.0f); verify %.2f ms; batch of 3 %.2f ms\n",
           cuzk_pool_threads(pool), setup_ms, tm.total_ms, tm.synthesis_ms, tm.fft_ms, tm.msm_h_ms, tm.msm_l_ms,
           tm.msm_a_ms, tm.msm_b_g1_ms, tm.msm_b_g2_ms, verify_ms, batch_ms);
    free(xs);
    cuzk_cs_free(cs);
    cuzk_pvk_free(pvk);
    cuzk_params_free(p);
    cuzk_pool_destroy(pool);
    return test_finish("test_groth16_slow");
}
