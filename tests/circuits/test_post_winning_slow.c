/* A 32 GiB WinningPoSt proof on the CPU: synthetic vanilla proof, Groth16
 * parameters from a seeded setup (kept loaded), then the proof end to end
 * (fast witness, prove) timed, and verified. */
#include "test.h"
#include "cuzk/groth16.h"
#include "cuzk/post.h"

int main(void)
{
    cuzk_post_config cfg;
    CHECK(cuzk_post_config_init(&cfg, CUZK_POST_WINNING_32GIB_V1, NULL) == 0);
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_err err;
    cuzk_post_circuit *blank = NULL;
    CHECK(cuzk_post_circuit_new_blank(&blank, &cfg, &err) == 0);
    cuzk_circuit bc = cuzk_post_circuit_get(blank);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 66);
    cuzk_params *params = NULL;
    uint64_t t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_groth16_setup(&bc, &toxic, pool, &params, &err) == 0, "setup: %s", err.msg);
    printf("setup %.1f s\n", (double)(cuzk_now_ns() - t0) / 1e9);
    cuzk_post_circuit_free(blank);
    if (!params) return test_finish("test_post_winning_slow");

    uint8_t rnd[32] = { 1, 2, 3 };
    cuzk_post_vanilla v;
    CHECK(cuzk_post_synth_vanilla(&v, &cfg, rnd, 77, 0, 3, NULL) == 0);
    cuzk_post_inputs in = { { 1, 2, 3 }, { 1 }, NULL, 0, &v, 1 };
    cuzk_post_wgen *g = NULL;
    CHECK(cuzk_post_wgen_new(&g, &cfg, &err) == 0);
    uint64_t ni, na, nc;
    cuzk_post_wgen_size(g, &ni, &na, &nc);
    cuzk_fr *mem = malloc((ni + na + 3 * nc) * sizeof *mem);
    cuzk_post_wgen_buffers b = { mem, mem + ni, mem + ni + na, mem + ni + na + nc, mem + ni + na + 2 * nc };
    cuzk_proof proof;
    cuzk_prove_timings tm;
    for (int run = 0; run < 2; run++) { /* the second run: parameters' tables decoded, pages warm */
        t0 = cuzk_now_ns();
        CHECK_MSG(cuzk_post_wgen_fill(g, &in, 0, true, &b, pool, &err) == 0, "%s", err.msg);
        const uint64_t t1 = cuzk_now_ns();
        cuzk_witness w;
        cuzk_post_wgen_witness(g, &b, &w);
        CHECK_MSG(cuzk_groth16_prove(params, &w, NULL, NULL, pool, &proof, &tm, &err) == 0, "%s", err.msg);
        const uint64_t t2 = cuzk_now_ns();
        printf("run %d: 32 GiB WinningPoSt (%llu constraints): witness %.2f s, prove %.2f s, total %.2f s\n", run,
               (unsigned long long)nc, (double)(t1 - t0) / 1e9, (double)(t2 - t1) / 1e9, (double)(t2 - t0) / 1e9);
    }
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, NULL) == 0);
    cuzk_fr *pub = calloc(ni - 1, sizeof *pub);
    CHECK(cuzk_post_public_inputs(pub, &cfg, &in, 0, NULL) == 0);
    CHECK(cuzk_groth16_verify(pvk, &proof, pub, ni - 1, NULL) == 0);
    pub[3].l[0] ^= 1;
    CHECK(cuzk_groth16_verify(pvk, &proof, pub, ni - 1, NULL) != 0);
    free(pub);
    cuzk_pvk_free(pvk);
    free(mem);
    cuzk_post_wgen_free(g);
    cuzk_post_vanilla_free(&v);
    cuzk_params_free(params);
    cuzk_pool_destroy(pool);
    return test_finish("test_post_winning_slow");
}
