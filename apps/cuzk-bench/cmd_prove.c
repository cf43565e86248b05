/* cuzk-bench prove: a Groth16 proof for a circom .r1cs and .wtns with our
 * parameters. The witness is checked against the constraints first (an
 * unsatisfied witness would only give a proof that fails to verify). */
#include "bench_commands.h"
#include "g16_cli.h"
#include "porep_g16.h"
#include "cuzk/engine.h"
#include "cuzk/gpu.h"

#include <stdio.h>

#define USAGE \
    "--r1cs C.r1cs --wtns W.wtns --params C.params --out P.proof [--threads N] [--no-check] [--backend cpu|gpu|auto]"

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

int cuzk_bench_prove_main(int argc, char **argv)
{
    if (porep_g16_wanted(argc, argv)) /* --circuit porep: porep_g16.c */
        return porep_g16_prove_main(argc, argv);
    g16_opt o[] = { { "--r1cs", false, NULL }, { "--wtns", false, NULL }, { "--params", false, NULL },
                    { "--out", false, NULL }, { "--threads", false, NULL }, { "--no-check", true, NULL },
                    { "--backend", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE);
    if (prc)
        return prc < 0 ? G16_EXIT_OK : prc;
    const char *r1cs_path = g16_get(o, no, "--r1cs"), *wtns_path = g16_get(o, no, "--wtns");
    const char *params_path = g16_get(o, no, "--params"), *out = g16_get(o, no, "--out");
    if (!r1cs_path || !wtns_path || !params_path || !out) {
        fprintf(stderr, "cuzk-bench prove: --r1cs, --wtns, --params and --out are required\n"
                        "usage: cuzk-bench prove %s\n", USAGE);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_iden3_r1cs r = { 0 };
    cuzk_iden3_wtns w = { 0 };
    cuzk_params *params = NULL;
    cuzk_pool *pool = NULL;
    cuzk_prover *prover = NULL;
    cuzk_backend_kind kind = CUZK_BACKEND_AUTO;
    const char *backend = g16_get(o, no, "--backend");
    int rc;
    if (backend && cuzk_backend_parse(backend, &kind, &err)) {
        fprintf(stderr, "cuzk-bench prove: %s\nusage: cuzk-bench prove %s\n", err.msg, USAGE);
        return G16_EXIT_USAGE;
    }
    uint64_t t0 = cuzk_now_ns();
    if ((rc = cuzk_iden3_r1cs_read(r1cs_path, &r, &err)) || (rc = cuzk_iden3_wtns_read(wtns_path, &w, &err)))
        goto out;
    cuzk_log("prove: read %s (%u constraints) and %s (%u values) in %.1f ms", r1cs_path, r.n_constraints,
             wtns_path, w.n, ms_since(t0));
    if (!g16_get(o, no, "--no-check")) {
        int64_t bad = -1;
        t0 = cuzk_now_ns();
        if ((rc = cuzk_iden3_check(&r, &w, &bad, &err)))
            goto out;
        if (bad >= 0) {
            rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "%s does not satisfy constraint %lld of %s",
                              wtns_path, (long long)bad, r1cs_path);
            goto out;
        }
        cuzk_log("prove: witness satisfies all constraints (%.1f ms)", ms_since(t0));
    }
    t0 = cuzk_now_ns();
    if ((rc = cuzk_params_read(params_path, false, &params, &err)))
        goto out;
    cuzk_log("prove: mapped %s in %.1f ms", params_path, ms_since(t0));
    cuzk_iden3_circuit ctx;
    cuzk_circuit circuit;
    if ((rc = cuzk_iden3_circuit_init(&ctx, &circuit, &r, &w, &err)))
        goto out;
    pool = g16_pool(g16_get(o, no, "--threads"));
    cuzk_proof proof;
    cuzk_prove_timings tm;
    if ((rc = cuzk_prover_create(&prover, kind, 0, &err)) ||
        (rc = cuzk_prover_prove_circuit(prover, params, &circuit, NULL, NULL, pool, &proof, &tm, &err)))
        goto out;
    if ((rc = g16_write_proof(out, &proof, &err)))
        goto out;
    cuzk_log("prove [%s]: wrote %s; synthesis %.1f ms, fft %.1f ms, msm h %.1f, l %.1f, a %.1f, b_g1 %.1f, "
             "b_g2 %.1f ms, total %.1f ms", cuzk_prover_backend(prover), out, tm.synthesis_ms, tm.fft_ms,
             tm.msm_h_ms, tm.msm_l_ms, tm.msm_a_ms, tm.msm_b_g1_ms, tm.msm_b_g2_ms, tm.total_ms);
out:
    if (rc)
        g16_fail("prove", &err);
    cuzk_prover_free(prover);
    cuzk_pool_destroy(pool);
    cuzk_params_free(params);
    cuzk_iden3_wtns_free(&w);
    cuzk_iden3_r1cs_free(&r);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}
