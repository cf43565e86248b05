/* The GPU prover back end against the CPU prover: with the same r and s the
 * proofs are the same bytes, and they verify; a second proof reuses the
 * resident bases, a proof for other params uploads theirs. Skips without a
 * device. */
#include "gpu_test_util.h"
#include "r1cs/test_circuit_internal.h"
#include "test.h"

typedef struct {
    cuzk_params *params;
    cuzk_cs *cs;
    cuzk_witness w;
    cuzk_pvk *pvk;
} instance;

static int make(instance *in, uint64_t n, uint32_t n_inputs, uint64_t seed, cuzk_pool *pool)
{
    cuzk_err err;
    cuzk_test_circuit tc;
    cuzk_circuit c;
    cuzk_toxic tw;
    memset(in, 0, sizeof *in);
    cuzk_test_circuit_init(&tc, &c, n, n_inputs, seed);
    cuzk_toxic_from_seed(&tw, seed + 1);
    CHECK_MSG(cuzk_groth16_setup(&c, &tw, pool, &in->params, &err) == 0, "%s", err.msg);
    in->cs = cuzk_cs_prover_new(0, 0);
    CHECK(in->cs != NULL);
    if (!in->params || !in->cs)
        return -1;
    CHECK_MSG(cuzk_circuit_synthesize(&c, in->cs, &err) == 0, "%s", err.msg);
    CHECK(cuzk_cs_prover_witness(in->cs, &in->w) == 0);
    CHECK_MSG(cuzk_pvk_prepare(cuzk_params_vk(in->params), &in->pvk, &err) == 0, "%s", err.msg);
    return in->pvk ? 0 : -1;
}

static void release(instance *in)
{
    cuzk_cs_free(in->cs);
    cuzk_pvk_free(in->pvk);
    cuzk_params_free(in->params);
}

/* CPU and GPU proofs of one instance with fixed r and s: same bytes, valid. */
static void check_instance(cuzk_gpu_prover *gp, instance *in, uint64_t rs, cuzk_pool *pool, const char *what)
{
    cuzk_err err;
    cuzk_fr r, s;
    cuzk_proof cpu, gpu;
    cuzk_prove_timings tc, tg;
    uint8_t bc[CUZK_PROOF_BYTES], bg[CUZK_PROOF_BYTES];
    cuzk_fr_from_u64(&r, rs);
    cuzk_fr_from_u64(&s, rs * 3 + 1);
    CHECK_MSG(cuzk_groth16_prove(in->params, &in->w, &r, &s, pool, &cpu, &tc, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_gpu_groth16_prove(gp, in->params, &in->w, &r, &s, pool, &gpu, &tg, &err) == 0, "%s: %s", what,
              err.msg);
    cuzk_proof_serialize(bc, &cpu);
    cuzk_proof_serialize(bg, &gpu);
    CHECK_MSG(memcmp(bc, bg, sizeof bc) == 0, "%s: the GPU proof differs from the CPU proof", what);
    CHECK_MSG(cuzk_groth16_verify(in->pvk, &gpu, in->w.input + 1, in->w.num_inputs - 1, &err) == 0, "%s: %s", what,
              err.msg);
    printf("%-28s %6llu constraints: CPU prove %.1f ms (H %.1f, msm h %.1f), GPU prove %.1f ms (H %.1f, msm h %.1f)\n",
           what, (unsigned long long)in->w.num_constraints, tc.total_ms, tc.fft_ms, tc.msm_h_ms, tg.total_ms,
           tg.fft_ms, tg.msm_h_ms);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    cuzk_gpu_ctx *ctx;
    int rc = gt_device_or_skip(&ctx);
    if (rc != 0)
        return rc;
    cuzk_err err;
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_gpu_prover *gp = NULL;
    CHECK_MSG(cuzk_gpu_prover_create(ctx, &gp, &err) == 0, "%s", err.msg);
    instance a = { 0 }, b = { 0 };
    if (gp && make(&a, 3000, 5, 11, pool) == 0) {
        check_instance(gp, &a, 1234567, pool, "first proof");
        check_instance(gp, &a, 7654321, pool, "resident bases, other r s");
        if (make(&b, 20000, 3, 12, pool) == 0)
            check_instance(gp, &b, 42, pool, "other params");
        release(&b);
        check_instance(gp, &a, 99, pool, "back to the first params");
        /* B_G2 on the host CPUs, or a share of it there: the same proof */
        static const cuzk_gpu_prover_config cfgs[] = { { .b_g2_on_cpu = true }, { .b_g2_cpu_pct = 30 } };
        static const char *const names[] = { "B_G2 on the CPUs", "B_G2 30% on the CPUs" };
        for (size_t k = 0; k < 2; k++) {
            cuzk_gpu_prover *gk = NULL;
            CHECK_MSG(cuzk_gpu_prover_create_config(ctx, &cfgs[k], &gk, &err) == 0, "%s", err.msg);
            if (gk)
                check_instance(gk, &a, 5 + k, pool, names[k]);
            cuzk_gpu_prover_free(gk);
        }
    }
    {
        const cuzk_gpu_prover_config bad = { .b_g2_cpu_pct = CUZK_GPU_B_G2_CPU_PCT_MAX + 1 };
        cuzk_gpu_prover *gk = NULL;
        CHECK(cuzk_gpu_prover_create_config(ctx, &bad, &gk, &err) == CUZK_ERR_INVALID_ARGUMENT && !gk &&
              strstr(err.msg, "b_g2_cpu_pct"));
    }
    release(&a);
    CHECK(cuzk_gpu_groth16_prove(NULL, NULL, NULL, NULL, NULL, pool, NULL, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_gpu_prover_free(gp);
    cuzk_pool_destroy(pool);
    cuzk_gpu_ctx_free(ctx);
    return test_finish("test_gpu_groth16");
}
