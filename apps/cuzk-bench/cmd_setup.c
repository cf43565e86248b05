/* cuzk-bench setup: Groth16 parameters for a circom .r1cs, from toxic waste
 * derived from a seed. For tests and benchmarks only: whoever knows the seed
 * can forge proofs. */
#include "bench_commands.h"
#include "g16_cli.h"
#include "porep_g16.h"

#include <stdio.h>

#define USAGE "--r1cs C.r1cs --out C.params [--seed N] [--vk-out C.vk] [--threads N]"

int cuzk_bench_setup_main(int argc, char **argv)
{
    if (porep_g16_wanted(argc, argv)) /* --circuit porep: porep_g16.c */
        return porep_g16_setup_main(argc, argv);
    g16_opt o[] = { { "--r1cs", false, NULL }, { "--out", false, NULL }, { "--seed", false, NULL },
                    { "--vk-out", false, NULL }, { "--threads", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE);
    if (prc)
        return prc < 0 ? G16_EXIT_OK : prc;
    const char *r1cs_path = g16_get(o, no, "--r1cs"), *out = g16_get(o, no, "--out");
    if (!r1cs_path || !out) {
        fprintf(stderr, "cuzk-bench setup: --r1cs and --out are required\nusage: cuzk-bench setup %s\n", USAGE);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    uint64_t seed = 0;
    if (g16_get(o, no, "--seed")) {
        if (!g16_u64("setup", "--seed", g16_get(o, no, "--seed"), &seed))
            return G16_EXIT_USAGE;
    } else if (cuzk_os_random(&seed, sizeof seed, &err) != 0) {
        g16_fail("setup", &err);
        return G16_EXIT_FAIL;
    }
    cuzk_log("setup: toxic waste from seed %llu (test setup: the seed reveals it)", (unsigned long long)seed);

    uint64_t t0 = cuzk_now_ns();
    cuzk_iden3_r1cs r;
    if (cuzk_iden3_r1cs_read(r1cs_path, &r, &err) != 0) {
        g16_fail("setup", &err);
        return G16_EXIT_FAIL;
    }
    cuzk_log("setup: %s: %u constraints, %u wires, %u public, %.1f ms", r1cs_path, r.n_constraints, r.n_wires,
             cuzk_iden3_r1cs_public(&r), (double)(cuzk_now_ns() - t0) / 1e6);
    cuzk_iden3_circuit ctx;
    cuzk_circuit circuit;
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, seed);
    cuzk_pool *pool = g16_pool(g16_get(o, no, "--threads"));
    cuzk_params *params = NULL;
    int rc = cuzk_iden3_circuit_init(&ctx, &circuit, &r, NULL, &err);
    if (!rc)
        rc = cuzk_groth16_setup(&circuit, &toxic, pool, &params, &err);
    if (!rc) {
        t0 = cuzk_now_ns();
        rc = cuzk_params_write(params, out, &err);
        if (!rc)
            cuzk_log("setup: wrote %s in %.1f ms", out, (double)(cuzk_now_ns() - t0) / 1e6);
    }
    const char *vk_out = g16_get(o, no, "--vk-out");
    if (!rc && vk_out && (rc = cuzk_vk_write(cuzk_params_vk(params), vk_out, &err)) == 0)
        cuzk_log("setup: wrote %s", vk_out);
    if (rc)
        g16_fail("setup", &err);
    cuzk_params_free(params);
    cuzk_pool_destroy(pool);
    cuzk_iden3_r1cs_free(&r);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}
