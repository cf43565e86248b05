/* cuzk-bench verify: checks a Groth16 proof with our verifier, either ours
 * (a .params or .vk, a 192-byte proof, inputs from a .wtns or public.json) or
 * a snarkjs triple (--snarkjs DIR: verification_key.json, proof.json,
 * public.json). Exit 0 only when the proof verifies. */
#include "bench_commands.h"
#include "g16_cli.h"
#include "porep_g16.h"
#include "snarkjs_json.h"

#include <stdio.h>

#define USAGE "(--params C.params | --vk C.vk) --proof P.proof (--wtns W.wtns | --public public.json)\n" \
              "       cuzk-bench verify --snarkjs DIR"

static int load_snarkjs(const char *dir, cuzk_vk *vk, cuzk_proof *proof, cuzk_fr **inputs, size_t *n,
                        cuzk_err *err)
{
    char path[4096];
    int rc;
    snprintf(path, sizeof path, "%s/verification_key.json", dir);
    if ((rc = snarkjs_read_vk(path, vk, err)))
        return rc;
    snprintf(path, sizeof path, "%s/proof.json", dir);
    if ((rc = snarkjs_read_proof(path, proof, err)))
        return rc;
    snprintf(path, sizeof path, "%s/public.json", dir);
    return snarkjs_read_public(path, inputs, n, err);
}

int cuzk_bench_verify_main(int argc, char **argv)
{
    if (porep_g16_wanted(argc, argv)) /* --circuit porep: porep_g16.c */
        return porep_g16_verify_main(argc, argv);
    g16_opt o[] = { { "--params", false, NULL }, { "--vk", false, NULL }, { "--proof", false, NULL },
                    { "--wtns", false, NULL }, { "--public", false, NULL }, { "--snarkjs", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE);
    if (prc)
        return prc < 0 ? G16_EXIT_OK : prc;
    const char *params = g16_get(o, no, "--params"), *vkp = g16_get(o, no, "--vk");
    const char *proofp = g16_get(o, no, "--proof"), *wtns = g16_get(o, no, "--wtns");
    const char *pub = g16_get(o, no, "--public"), *sj = g16_get(o, no, "--snarkjs");
    bool ours = (!params != !vkp) && proofp && (!wtns != !pub);
    if (sj ? (params || vkp || proofp || wtns || pub) : !ours) {
        fprintf(stderr, "cuzk-bench verify: give one key, the proof and one input source, or --snarkjs DIR alone\n"
                        "usage: cuzk-bench verify %s\n", USAGE);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_vk vk = { 0 };
    cuzk_proof proof;
    cuzk_fr *inputs = NULL;
    size_t n = 0;
    cuzk_pvk *pvk = NULL;
    int rc;
    uint64_t t0 = cuzk_now_ns();
    if (sj)
        rc = load_snarkjs(sj, &vk, &proof, &inputs, &n, &err);
    else if (!(rc = g16_load_vk(params, vkp, &vk, &err)) && !(rc = g16_load_proof(proofp, &proof, &err)))
        rc = g16_load_inputs(wtns, pub, vk.ic_len - 1, &inputs, &n, &err);
    if (!rc && n + 1 != vk.ic_len)
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "%zu public inputs given, the key expects %u", n,
                          vk.ic_len - 1);
    if (!rc && !(rc = cuzk_pvk_prepare(&vk, &pvk, &err)))
        rc = cuzk_groth16_verify(pvk, &proof, inputs, n, &err);
    double ms = (double)(cuzk_now_ns() - t0) / 1e6;
    if (rc == 0) {
        printf("proof OK (%zu public inputs, %.1f ms)\n", n, ms);
    } else {
        if (rc == CUZK_ERR_PROOF_INVALID)
            printf("proof INVALID\n");
        g16_fail("verify", &err);
    }
    fflush(stdout);
    cuzk_pvk_free(pvk);
    cuzk_free(inputs);
    cuzk_vk_free(&vk);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}
