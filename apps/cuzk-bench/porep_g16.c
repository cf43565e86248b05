/* cuzk-bench setup / prove / verify --circuit porep: parameters from the
 * blank partition circuit, proofs from a C1 output (one 192-byte proof per
 * partition, concatenated in partition order, as Filecoin stores them), and
 * verification against the public inputs derived from the C1 output.
 *
 *   setup  --circuit porep --sector-size 2KiB [--api-version 1.1] --out P.params [--seed N] [--threads N]
 *   prove  --circuit porep --c1 C1.json --params P.params --out P.proof [--partition K] [--threads N]
 *   verify --circuit porep --c1 C1.json (--params P.params | --vk P.vk) --proof P.proof [--partition K] */
#include "porep_g16.h"
#include "porep_wgen.h"
#include "porep_check.h"
#include "cuzk/engine.h"
#include "cuzk/gpu.h"
#include "g16_cli.h"
#include "cuzk/porep.h"
#include "cuzk/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE_SETUP "--circuit porep --sector-size SIZE [--api-version 1.0|1.1] --out P.params [--seed N] [--vk-out P.vk] [--threads N]"
#define USAGE_PROVE \
    "--circuit porep --c1 C1.json --params P.params --out P.proof [--partition K] [--threads N] [--witness fast|generic] [--backend cpu|gpu|auto]"
#define USAGE_VERIFY "--circuit porep --c1 C1.json (--params P.params | --vk P.vk) --proof P.proof [--partition K]" \
    POREP_C1_USAGE "\n       cuzk-bench verify " POREP_REGRESSION_USAGE

bool porep_g16_wanted(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--circuit") || !strcmp(argv[i], "--c1") || !strcmp(argv[i], "--regression"))
            return true;
    return false;
}

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

static int size_to_proof(const char *size, const char *api)
{
    static const char *names[5] = { "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" };
    int variant = !api || !strcmp(api, "1.1") ? 1 : !strcmp(api, "1.0") ? 0 : -1;
    for (int i = 0; i < 5 && variant >= 0; i++)
        if (!strcmp(size, names[i])) return variant * 5 + i;
    return -1;
}

static bool circuit_is_porep(const g16_opt *o, size_t no, const char *cmd)
{
    const char *c = g16_get(o, no, "--circuit");
    if (!c && strcmp(cmd, "setup")) return true; /* --c1 alone means the porep circuit */
    if (c && !strcmp(c, "porep")) return true;
    fprintf(stderr, "cuzk-bench %s: --circuit %s: only 'porep' is known\n", cmd, c ? c : "");
    return false;
}

int porep_g16_setup_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--sector-size", false, NULL }, { "--api-version", false, NULL },
                    { "--out", false, NULL }, { "--seed", false, NULL }, { "--vk-out", false, NULL },
                    { "--threads", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_SETUP);
    if (prc) return prc < 0 ? G16_EXIT_OK : prc;
    const char *size = g16_get(o, no, "--sector-size"), *out = g16_get(o, no, "--out");
    if (!circuit_is_porep(o, no, "setup") || !size || !out) {
        fprintf(stderr, "usage: cuzk-bench setup %s\n", USAGE_SETUP);
        return G16_EXIT_USAGE;
    }
    int proof = size_to_proof(size, g16_get(o, no, "--api-version"));
    if (proof < 0) {
        fprintf(stderr, "cuzk-bench setup: unknown sector size '%s' or api version\n", size);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    uint64_t seed = 0;
    if (g16_get(o, no, "--seed")) {
        if (!g16_u64("setup", "--seed", g16_get(o, no, "--seed"), &seed)) return G16_EXIT_USAGE;
    } else if (cuzk_os_random(&seed, sizeof seed, &err) != 0) {
        g16_fail("setup", &err);
        return G16_EXIT_FAIL;
    }
    cuzk_log("setup: porep %s, toxic waste from seed %llu (test setup: the seed reveals it)", size,
             (unsigned long long)seed);
    cuzk_porep_config cfg;
    cuzk_porep_circuit *pc = NULL;
    cuzk_params *params = NULL;
    cuzk_pool *pool = NULL;
    int rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)proof, &err);
    if (!rc) rc = cuzk_porep_circuit_new_blank(&pc, &cfg, &err);
    if (!rc) {
        cuzk_toxic toxic;
        cuzk_toxic_from_seed(&toxic, seed);
        pool = g16_pool(g16_get(o, no, "--threads"));
        cuzk_circuit c = cuzk_porep_circuit_get(pc);
        uint64_t t0 = cuzk_now_ns();
        rc = cuzk_groth16_setup(&c, &toxic, pool, &params, &err);
        if (!rc) cuzk_log("setup: parameters in %.1f ms", ms_since(t0));
    }
    if (!rc && !(rc = cuzk_params_write(params, out, &err))) cuzk_log("setup: wrote %s", out);
    const char *vk_out = g16_get(o, no, "--vk-out");
    if (!rc && vk_out && !(rc = cuzk_vk_write(cuzk_params_vk(params), vk_out, &err))) cuzk_log("setup: wrote %s", vk_out);
    if (rc) g16_fail("setup", &err);
    cuzk_params_free(params);
    cuzk_porep_circuit_free(pc);
    cuzk_pool_destroy(pool);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}

/* The C1 output, its config and the partition range [*first, *end). */
static int load_c1(const g16_opt *o, size_t no, const char *cmd, cuzk_porep_c1 *c1, cuzk_porep_config *cfg,
                   uint32_t *first, uint32_t *end, cuzk_err *err)
{
    const char *path = g16_get(o, no, "--c1");
    uint64_t t0 = cuzk_now_ns();
    cuzk_c1_envelope env = { 0 };
    int rc = cuzk_c1_parse_file(path, c1, &env, err);
    if (rc) return rc;
    cuzk_log("%s: read %s (%s, %u partitions) in %.1f ms", cmd, path, cuzk_seal_proof_name(c1->seal_proof),
             c1->partitions, ms_since(t0));
    if ((rc = cuzk_porep_config_init(cfg, (cuzk_seal_proof)c1->seal_proof, err))) return rc;
    if ((rc = porep_c1_check(cmd, path, &env, c1, cfg, g16_get(o, no, "--miner-id"), g16_get(o, no, "--sector-id"),
                             g16_get(o, no, "--no-check") != NULL, err)))
        return rc;
    *first = 0;
    *end = c1->partitions;
    const char *k = g16_get(o, no, "--partition");
    if (k) {
        uint64_t v;
        if (!g16_u64(cmd, "--partition", k, &v) || v >= c1->partitions)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--partition %s: the C1 output has %u", k,
                                c1->partitions);
        *first = (uint32_t)v;
        *end = (uint32_t)v + 1;
    }
    return 0;
}

int porep_g16_prove_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--c1", false, NULL }, { "--params", false, NULL },
                    POREP_C1_OPTS
                    { "--out", false, NULL }, { "--partition", false, NULL }, { "--threads", false, NULL }, { "--witness", false, NULL },
                    { "--backend", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_PROVE);
    if (prc) return prc < 0 ? G16_EXIT_OK : prc;
    const char *params_path = g16_get(o, no, "--params"), *out = g16_get(o, no, "--out");
    if (!circuit_is_porep(o, no, "prove") || !g16_get(o, no, "--c1") || !params_path || !out) {
        fprintf(stderr, "usage: cuzk-bench prove %s\n", USAGE_PROVE);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_porep_c1 c1 = { 0 };
    cuzk_porep_config cfg;
    cuzk_params *params = NULL;
    cuzk_pool *pool = NULL;
    cuzk_prover *prover = NULL;
    cuzk_backend_kind kind = CUZK_BACKEND_AUTO;
    FILE *f = NULL;
    uint32_t first = 0, end = 0;
    if (g16_get(o, no, "--backend") && cuzk_backend_parse(g16_get(o, no, "--backend"), &kind, &err)) {
        fprintf(stderr, "cuzk-bench prove: %s\nusage: cuzk-bench prove %s\n", err.msg, USAGE_PROVE);
        return G16_EXIT_USAGE;
    }
    int rc = load_c1(o, no, "prove", &c1, &cfg, &first, &end, &err);
    if (!rc) rc = cuzk_params_read(params_path, false, &params, &err);
    if (!rc && !(f = fopen(out, "wb"))) rc = cuzk_err_set(&err, CUZK_ERR_IO, "cannot create %s", out);
    if (!rc) pool = g16_pool(g16_get(o, no, "--threads"));
    /* the fast witness generator by default; the generic synthesis defines it */
    const char *wit = g16_get(o, no, "--witness");
    const bool fast = !wit || !strcmp(wit, "fast");
    porep_wgen wg = { 0 };
    if (!rc && !fast && strcmp(wit, "generic"))
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "--witness %s: fast or generic", wit);
    if (!rc && fast) rc = porep_wgen_init(&wg, &cfg, pool, &err);
    if (!rc) rc = cuzk_prover_create(&prover, kind, 0, &err);
    for (uint32_t k = first; k < end && !rc; k++) {
        cuzk_porep_circuit *pc = NULL;
        cuzk_proof proof;
        cuzk_prove_timings t;
        if (fast) {
            cuzk_witness w;
            double ms = 0;
            if (!(rc = porep_wgen_fill(&wg, &c1, k, pool, &w, &ms, &err)))
                rc = cuzk_prover_prove(prover, params, &w, NULL, NULL, pool, &proof, &t, &err);
            t.synthesis_ms = ms;
            t.total_ms += ms;
        } else if (!(rc = cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, k, &err))) {
            cuzk_circuit c = cuzk_porep_circuit_get(pc);
            rc = cuzk_prover_prove_circuit(prover, params, &c, NULL, NULL, pool, &proof, &t, &err);
        }
        cuzk_porep_circuit_free(pc);
        if (rc) break;
        cuzk_log("prove: partition %u: synthesis %.0f ms, fft %.0f ms, msm h %.0f l %.0f a %.0f b_g1 %.0f b_g2 %.0f, "
                 "total %.0f ms", k, t.synthesis_ms, t.fft_ms, t.msm_h_ms, t.msm_l_ms, t.msm_a_ms, t.msm_b_g1_ms,
                 t.msm_b_g2_ms, t.total_ms);
        uint8_t bytes[CUZK_PROOF_BYTES];
        cuzk_proof_serialize(bytes, &proof);
        if (fwrite(bytes, 1, sizeof bytes, f) != sizeof bytes) rc = cuzk_err_set(&err, CUZK_ERR_IO, "write %s", out);
    }
    if (f && fclose(f) && !rc) rc = cuzk_err_set(&err, CUZK_ERR_IO, "write %s", out);
    if (!rc) cuzk_log("prove: wrote %u proofs to %s", end - first, out);
    if (rc) g16_fail("prove", &err);
    cuzk_prover_free(prover);
    porep_wgen_free(&wg);
    cuzk_params_free(params);
    cuzk_pool_destroy(pool);
    cuzk_porep_c1_free(&c1);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}

int porep_g16_verify_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--c1", false, NULL }, { "--params", false, NULL },
                    POREP_C1_OPTS POREP_REGRESSION_OPTS
                    { "--vk", false, NULL }, { "--proof", false, NULL }, { "--partition", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_VERIFY);
    if (prc) return prc < 0 ? G16_EXIT_OK : prc;
    if (g16_get(o, no, "--regression")) return porep_regression_main(o, no);
    const char *proof_path = g16_get(o, no, "--proof");
    if (!circuit_is_porep(o, no, "verify") || !g16_get(o, no, "--c1") || !proof_path ||
        !g16_get(o, no, "--params") == !g16_get(o, no, "--vk")) {
        fprintf(stderr, "usage: cuzk-bench verify %s\n", USAGE_VERIFY);
        return G16_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_porep_c1 c1 = { 0 };
    cuzk_porep_config cfg;
    cuzk_porep_graph g;
    cuzk_vk vk = { 0 };
    cuzk_pvk *pvk = NULL;
    uint8_t *bytes = NULL;
    cuzk_fr *inputs = NULL;
    uint32_t first = 0, end = 0, bad = 0;
    size_t len = 0;
    int rc = load_c1(o, no, "verify", &c1, &cfg, &first, &end, &err);
    if (!rc) rc = g16_load_vk(g16_get(o, no, "--params"), g16_get(o, no, "--vk"), &vk, &err);
    if (!rc) rc = cuzk_pvk_prepare(&vk, &pvk, &err);
    if (!rc) rc = cuzk_porep_graph_init(&g, cfg.nodes, cfg.api_version, cfg.porep_id, &err);
    if (!rc) {
        FILE *f = fopen(proof_path, "rb");
        bytes = malloc((size_t)(end - first) * CUZK_PROOF_BYTES + 1);
        if (!f || !bytes) rc = cuzk_err_set(&err, CUZK_ERR_IO, "cannot read %s", proof_path);
        else len = fread(bytes, 1, (size_t)(end - first) * CUZK_PROOF_BYTES + 1, f);
        if (f) fclose(f);
        if (!rc && len != (size_t)(end - first) * CUZK_PROOF_BYTES)
            rc = cuzk_err_set(&err, CUZK_ERR_BAD_LENGTH, "%s: %zu bytes, want %u proofs of 192", proof_path, len,
                              end - first);
    }
    const size_t n_in = cuzk_porep_public_input_count(&cfg);
    if (!rc && !(inputs = calloc(n_in, sizeof *inputs))) rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "inputs");
    for (uint32_t k = first; k < end && !rc; k++) {
        uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
        cuzk_proof proof;
        if ((rc = cuzk_porep_challenges(ch, &cfg, c1.replica_id, c1.comm_r, c1.seed, k, &err)) ||
            (rc = cuzk_porep_public_inputs(inputs, &g, c1.replica_id, c1.comm_d, c1.comm_r, ch,
                                           cfg.challenges_per_partition, &err)) ||
            (rc = cuzk_proof_deserialize(&proof, bytes + (size_t)(k - first) * CUZK_PROOF_BYTES, CUZK_PROOF_BYTES,
                                         &err)))
            break;
        int v = cuzk_groth16_verify(pvk, &proof, inputs, n_in, &err);
        if (v == CUZK_ERR_PROOF_INVALID) {
            bad++;
            printf("partition %u: proof INVALID\n", k);
        } else if (v) {
            rc = v;
        } else {
            printf("partition %u: proof OK (%zu public inputs)\n", k, n_in);
        }
    }
    if (!rc && !bad && g16_get(o, no, "--record-out"))
        rc = porep_record_write(o, no, &c1, &cfg, bytes, len, &err);
    if (rc) g16_fail("verify", &err);
    free(inputs);
    free(bytes);
    cuzk_pvk_free(pvk);
    cuzk_vk_free(&vk);
    cuzk_porep_c1_free(&c1);
    return rc || bad ? G16_EXIT_FAIL : G16_EXIT_OK;
}
