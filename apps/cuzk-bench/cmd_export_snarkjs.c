/* cuzk-bench export-snarkjs: our verifying key, proof and public inputs as
 * snarkjs JSON, so `snarkjs groth16 verify` can check them. */
#include "bench_commands.h"
#include "g16_cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define USAGE "(--params C.params | --vk C.vk) --proof P.proof (--wtns W.wtns | --public public.json) --out DIR"

int cuzk_bench_export_snarkjs_main(int argc, char **argv)
{
    g16_opt o[] = { { "--params", false, NULL }, { "--vk", false, NULL }, { "--proof", false, NULL },
                    { "--wtns", false, NULL }, { "--public", false, NULL }, { "--out", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE);
    if (prc)
        return prc < 0 ? G16_EXIT_OK : prc;
    const char *params = g16_get(o, no, "--params"), *vkp = g16_get(o, no, "--vk");
    const char *proofp = g16_get(o, no, "--proof"), *wtns = g16_get(o, no, "--wtns");
    const char *pub = g16_get(o, no, "--public"), *dir = g16_get(o, no, "--out");
    if (!params == !vkp || !proofp || !wtns == !pub || !dir) {
        fprintf(stderr, "cuzk-bench export-snarkjs: one key, the proof, one input source and --out are required\n"
                        "usage: cuzk-bench export-snarkjs %s\n", USAGE);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_vk vk = { 0 };
    cuzk_proof proof;
    cuzk_fr *inputs = NULL;
    size_t n = 0;
    char path[4096];
    int rc;
    if ((rc = g16_load_vk(params, vkp, &vk, &err)) || (rc = g16_load_proof(proofp, &proof, &err)) ||
        (rc = g16_load_inputs(wtns, pub, vk.ic_len - 1, &inputs, &n, &err)))
        goto out;
    if (n + 1 != vk.ic_len) {
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "%zu public inputs given, the key expects %u", n,
                          vk.ic_len - 1);
        goto out;
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        rc = cuzk_err_set(&err, CUZK_ERR_IO, "%s: %s", dir, strerror(errno));
        goto out;
    }
    snprintf(path, sizeof path, "%s/verification_key.json", dir);
    if ((rc = cuzk_snarkjs_write_vk(path, &vk, &err)))
        goto out;
    snprintf(path, sizeof path, "%s/proof.json", dir);
    if ((rc = cuzk_snarkjs_write_proof(path, &proof, &err)))
        goto out;
    snprintf(path, sizeof path, "%s/public.json", dir);
    if ((rc = cuzk_snarkjs_write_public(path, inputs, n, &err)))
        goto out;
    cuzk_log("export-snarkjs: wrote %s/{verification_key,proof,public}.json (%zu public inputs)", dir, n);
out:
    if (rc)
        g16_fail("export-snarkjs", &err);
    cuzk_free(inputs);
    cuzk_vk_free(&vk);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}
