/* The prover back-end choice (cuzk_prover, include/cuzk/engine.h): names parse or
 * are rejected by name; cpu proves exactly what cuzk_groth16_prove proves for
 * the same r and s; auto resolves to gpu only when a device is present (so in
 * a CPU-only build, or on a machine without a GPU, to cpu); gpu without a
 * device is a clear error, not a crash; with a device, gpu gives the same
 * bytes. Also the prover's own checks: r = s = 0 (no B_G1 MSM) and the
 * witness-shape error. Runs everywhere (label unit). */
#include "cuzk/engine.h"
#include "cuzk/gpu.h"
#include "r1cs/test_circuit_internal.h"
#include "test.h"

#include <string.h>

static void proof_bytes(const cuzk_proof *p, uint8_t out[CUZK_PROOF_BYTES]) { cuzk_proof_serialize(out, p); }

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    cuzk_err err;
    cuzk_backend_kind k = CUZK_BACKEND_GPU;

    /* names */
    CHECK(cuzk_backend_parse("cpu", &k, &err) == 0 && k == CUZK_BACKEND_CPU);
    CHECK(cuzk_backend_parse("gpu", &k, &err) == 0 && k == CUZK_BACKEND_GPU);
    CHECK(cuzk_backend_parse("auto", &k, &err) == 0 && k == CUZK_BACKEND_AUTO);
    CHECK(cuzk_backend_parse("GPU", &k, &err) == CUZK_ERR_INVALID_ARGUMENT && strstr(err.msg, "'GPU'"));
    CHECK(cuzk_backend_parse("", &k, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_backend_parse(NULL, &k, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_prover *bad = (cuzk_prover *)&k;
    CHECK(cuzk_prover_create(&bad, (cuzk_backend_kind)7, 0, &err) == CUZK_ERR_INVALID_ARGUMENT && !bad);
    CHECK(cuzk_prover_prove(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(cuzk_prover_backend(NULL), "cpu") == 0);

    /* is there a device? */
    int count = 0;
    cuzk_err probe;
    bool device = cuzk_gpu_device_count(&count, &probe) == 0 && count > 0;
    printf("CUDA in this build: %s; devices: %d\n", cuzk_gpu_built() ? "yes" : "no", count);
    if (!cuzk_gpu_built())
        CHECK(!device);

    /* a small instance */
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_test_circuit tc;
    cuzk_circuit c;
    cuzk_toxic tw;
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    cuzk_witness w;
    cuzk_test_circuit_init(&tc, &c, 1500, 4, 77);
    cuzk_toxic_from_seed(&tw, 78);
    CHECK_MSG(cuzk_groth16_setup(&c, &tw, pool, &params, &err) == 0, "%s", err.msg);
    CHECK(cs != NULL);
    if (!params || !cs)
        return test_finish("test_prover_select");
    CHECK_MSG(cuzk_circuit_synthesize(&c, cs, &err) == 0, "%s", err.msg);
    CHECK(cuzk_cs_prover_witness(cs, &w) == 0);
    CHECK_MSG(cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err) == 0, "%s", err.msg);

    cuzk_fr r, s, zero;
    cuzk_fr_from_u64(&r, 31337);
    cuzk_fr_from_u64(&s, 4242);
    memset(&zero, 0, sizeof zero);
    cuzk_proof ref, ref0, got;
    uint8_t b_ref[CUZK_PROOF_BYTES], b_ref0[CUZK_PROOF_BYTES], b_got[CUZK_PROOF_BYTES];
    CHECK_MSG(cuzk_groth16_prove(params, &w, &r, &s, pool, &ref, NULL, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_groth16_prove(params, &w, &zero, &zero, pool, &ref0, NULL, &err) == 0, "%s", err.msg);
    proof_bytes(&ref, b_ref);
    proof_bytes(&ref0, b_ref0);
    CHECK(memcmp(b_ref, b_ref0, sizeof b_ref) != 0);
    CHECK_MSG(cuzk_groth16_verify(pvk, &ref0, w.input + 1, w.num_inputs - 1, &err) == 0, "r = s = 0: %s", err.msg);

    /* cpu, auto and (with a device) gpu: same bytes, from the witness and from the circuit */
    cuzk_backend_kind kinds[3] = { CUZK_BACKEND_CPU, CUZK_BACKEND_AUTO, CUZK_BACKEND_GPU };
    for (int i = 0; i < 3; i++) {
        cuzk_prover *p = NULL;
        int rc = cuzk_prover_create(&p, kinds[i], 0, &err);
        if (kinds[i] == CUZK_BACKEND_GPU && !device) {
            CHECK_MSG(rc != 0 && !p, "gpu without a device must fail");
            CHECK_MSG(rc == CUZK_ERR_UNSUPPORTED || rc == CUZK_ERR_DEVICE || rc == CUZK_ERR_INVALID_ARGUMENT,
                      "rc %d", rc);
            printf("gpu without a device: %s\n", err.msg);
            continue;
        }
        CHECK_MSG(rc == 0 && p, "kind %d: %s", (int)kinds[i], err.msg);
        if (!p)
            continue;
        const char *name = cuzk_prover_backend(p);
        if (kinds[i] == CUZK_BACKEND_AUTO)
            CHECK_MSG(strcmp(name, device ? "gpu" : "cpu") == 0, "auto chose %s", name);
        cuzk_prove_timings tm;
        CHECK_MSG(cuzk_prover_prove(p, params, &w, &r, &s, pool, &got, &tm, &err) == 0, "%s: %s", name, err.msg);
        proof_bytes(&got, b_got);
        CHECK_MSG(memcmp(b_ref, b_got, sizeof b_ref) == 0, "%s: witness proof differs", name);
        CHECK_MSG(cuzk_prover_prove_circuit(p, params, &c, &r, &s, pool, &got, &tm, &err) == 0, "%s: %s", name,
                  err.msg);
        proof_bytes(&got, b_got);
        CHECK_MSG(memcmp(b_ref, b_got, sizeof b_ref) == 0, "%s: circuit proof differs", name);
        CHECK(tm.synthesis_ms > 0);
        CHECK_MSG(cuzk_prover_prove(p, params, &w, &zero, &zero, pool, &got, NULL, &err) == 0, "%s: %s", name,
                  err.msg);
        proof_bytes(&got, b_got);
        CHECK_MSG(memcmp(b_ref0, b_got, sizeof b_ref0) == 0, "%s: r = s = 0 proof differs", name);
        /* a witness of another shape: a named error */
        cuzk_witness w2 = w;
        w2.num_aux = w.num_aux - 1;
        CHECK(cuzk_prover_prove(p, params, &w2, &r, &s, pool, &got, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT &&
              strstr(err.msg, "l_len"));
        printf("%-4s (asked %s): same proof bytes as cuzk_groth16_prove\n", name,
               kinds[i] == CUZK_BACKEND_AUTO ? "auto" : name);
        cuzk_prover_free(p);
    }
    cuzk_cs_free(cs);
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);
    cuzk_pool_destroy(pool);
    return test_finish("test_prover_select");
}
