/* cuzk-bench groth16-gpu: the Groth16 prover on the device against the CPU
 * prover, on the generated test circuit of 2^--log constraints (the circuit
 * of groth16-cpu for the same size: same seed, same inputs).
 *
 * Setup runs on this host's CPUs. The witness is synthesized once; then the
 * GPU prover (cuzk_gpu_prover) proves it --runs times after one
 * first proof (which also uploads the G1 bases to the device: reported apart
 * as gpu_first_prove), and the CPU prover proves it --cpu-runs times, all with
 * the same fixed r and s. Every proof must be byte-identical to the first CPU
 * proof and verify; a difference is a failure (exit 1). Per-phase figures are
 * the prover's own timings (cuzk_prove_timings): H (upload + NTTs), each MSM,
 * B_G2 (on its own thread beside the H and G1 work), total. --b-g2 lists
 * where B_G2 runs, one prover each, all timed in the same run: "gpu" (the
 * device, the default), "cpu" (the host CPUs), "gpuK" (the device with the
 * first K% of the points on the CPUs), given to each prover in its
 * cuzk_gpu_prover_config. The first is reported as
 * gpu_* (every phase), the others as gpu_bg2_<name>_{first_prove,msm_b_g2,
 * prove}. --cpu-ref-ms
 * adds the ratio of a CPU prove time measured elsewhere (the 2-core
 * development machine) to the GPU prove here. */
#include "bench_commands.h"
#include "cuzk/gpu.h"
#include "cuzk/groth16.h"
#include "../src/r1cs/test_circuit_internal.h" /* deliberately internal: the generated test circuit */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEED_BASE 0x6c7a67ull /* groth16-cpu's circuit seeds: SEED_BASE + log */

typedef struct {
    unsigned log, threads;
    int runs, cpu_runs;
    uint32_t inputs;
    double cpu_ref_ms;
    bool json;
    const char *out;
    char b_g2[8][8]; /* --b-g2 configurations */
    int n_b_g2;
} opts;

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

#define USAGE                                                                                               \
    "[--log 24] [--runs 3] [--cpu-runs 1] [--inputs 8] [--threads N] [--cpu-ref-ms MS] [--b-g2 LIST]\n"      \
    "                        [--json] [--out FILE]\n"                                                         \
    "  --log L        circuit of 2^L constraints (10..26)\n"                                                  \
    "  --runs N       GPU proofs timed after the first one (1..64)\n"                                         \
    "  --cpu-runs N   CPU proofs on this host, the reference bytes (0..64; 0 skips the CPU and the\n"         \
    "                 byte check: GPU proofs are then only verified and compared with each other)\n"          \
    "  --cpu-ref-ms   a CPU prove time measured elsewhere, for the ratio cpu_ref / gpu\n"                     \
    "  --b-g2 LIST    where B_G2 runs, comma-separated, each timed: gpu (default), cpu, gpuK\n"               \
    "                 (K% of the points on the CPUs, 1..90); the first is the main figure"

/* "gpu", "cpu" or "gpuK" (K in 1..90), comma-separated, at most 8. */
static int parse_b_g2(opts *o, const char *v)
{
    o->n_b_g2 = 0;
    for (const char *p = v; *p;) {
        size_t len = strcspn(p, ",");
        char name[8];
        if (len == 0 || len >= sizeof name || o->n_b_g2 == 8) {
            fprintf(stderr, "groth16-gpu: --b-g2 %s: at most 8 names of gpu, cpu, gpuK\n", v);
            return -1;
        }
        memcpy(name, p, len);
        name[len] = 0;
        char *end = NULL;
        long k = !strncmp(name, "gpu", 3) && name[3] ? strtol(name + 3, &end, 10) : 0;
        if (strcmp(name, "gpu") && strcmp(name, "cpu") && !(end && *end == 0 && k >= 1 && k <= 90)) {
            fprintf(stderr, "groth16-gpu: --b-g2: '%s' is not gpu, cpu or gpuK (K in 1..90)\n", name);
            return -1;
        }
        memcpy(o->b_g2[o->n_b_g2++], name, len + 1);
        p += len;
        if (*p == ',')
            p++;
    }
    return o->n_b_g2 ? 0 : -1;
}

/* The prover config of a --b-g2 name. */
static cuzk_gpu_prover_config b_g2_config(const char *name)
{
    cuzk_gpu_prover_config cfg = { .b_g2_on_cpu = !strcmp(name, "cpu") };
    if (!strncmp(name, "gpu", 3) && name[3])
        cfg.b_g2_cpu_pct = (unsigned)strtoul(name + 3, NULL, 10);
    return cfg;
}

/* 0, or the exit status: CLI_EXIT_USAGE, or -1 after --help. */
static int parse(opts *o, int argc, char **argv)
{
    *o = (opts){ .log = 24, .runs = 3, .cpu_runs = 1, .inputs = 8, .b_g2 = { "gpu" }, .n_b_g2 = 1 };
    cli_opt opt[] = { { "--log", false, NULL }, { "--runs", false, NULL }, { "--cpu-runs", false, NULL },
                      { "--inputs", false, NULL }, { "--threads", false, NULL }, { "--cpu-ref-ms", false, NULL },
                      { "--b-g2", false, NULL }, { "--json", true, NULL }, { "--out", false, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int rc = cli_parse(argc, argv, opt, no, USAGE);
    if (rc)
        return rc;
    const char *cmd = "groth16-gpu";
    if (!cli_uint(cmd, opt, no, "--log", 10, 26, &o->log) ||
        !cli_int(cmd, opt, no, "--runs", 1, BENCH_MAX_RUNS, &o->runs) ||
        !cli_int(cmd, opt, no, "--cpu-runs", 0, BENCH_MAX_RUNS, &o->cpu_runs) ||
        !cli_uint(cmd, opt, no, "--inputs", 1, 1000, &o->inputs) ||
        !cli_uint(cmd, opt, no, "--threads", 0, 1024, &o->threads) ||
        !cli_positive(cmd, opt, no, "--cpu-ref-ms", &o->cpu_ref_ms) ||
        (cli_get(opt, no, "--b-g2") && parse_b_g2(o, cli_get(opt, no, "--b-g2"))))
        return CLI_EXIT_USAGE;
    o->json = cli_get(opt, no, "--json");
    o->out = cli_get(opt, no, "--out");
    return 0;
}

static const char *const phase_names[8] = { "h", "msm_h", "msm_l", "msm_a", "msm_b_g1", "msm_b_g2", "prove", NULL };

static void phases(const cuzk_prove_timings *t, double v[7])
{
    v[0] = t->fft_ms;
    v[1] = t->msm_h_ms;
    v[2] = t->msm_l_ms;
    v[3] = t->msm_a_ms;
    v[4] = t->msm_b_g1_ms;
    v[5] = t->msm_b_g2_ms;
    v[6] = t->total_ms;
}

static void add_phases(bench_report *rep, const char *prefix, double s[7][BENCH_MAX_RUNS], int runs)
{
    char name[48];
    for (int k = 0; phase_names[k]; k++) {
        snprintf(name, sizeof name, "%s_%s", prefix, phase_names[k]);
        bench_report_add(rep, name, "ms", s[k], runs);
    }
}

/* One proof by the device prover gp, or by the CPU when gp is NULL, checked:
 * same bytes as ref (when ref is set; else it becomes ref), and valid. */
static int prove_checked(cuzk_gpu_prover *gp, cuzk_params *params, const cuzk_witness *w, const cuzk_fr *r,
                         const cuzk_fr *s, cuzk_pool *pool, const cuzk_pvk *pvk, uint8_t ref[CUZK_PROOF_BYTES],
                         bool *have_ref, cuzk_prove_timings *tm, cuzk_err *err)
{
    cuzk_proof proof;
    uint8_t bytes[CUZK_PROOF_BYTES];
    const char *backend = gp ? "gpu" : "cpu";
    int rc = gp ? cuzk_gpu_groth16_prove(gp, params, w, r, s, pool, &proof, tm, err)
                : cuzk_groth16_prove(params, w, r, s, pool, &proof, tm, err);
    if (rc)
        return rc;
    uint64_t t0 = cuzk_now_ns();
    if ((rc = cuzk_groth16_verify(pvk, &proof, w->input + 1, w->num_inputs - 1, err)))
        return rc;
    cuzk_log("groth16-gpu: %s proof verifies (%.1f ms)", backend, ms_since(t0));
    cuzk_proof_serialize(bytes, &proof);
    if (!*have_ref) {
        memcpy(ref, bytes, sizeof bytes);
        *have_ref = true;
    } else if (memcmp(ref, bytes, sizeof bytes)) {
        return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "the %s proof differs from the first proof (same r, s)",
                            backend);
    }
    return 0;
}

int cuzk_bench_groth16_gpu_main(int argc, char **argv)
{
    opts o;
    int prc = parse(&o, argc, argv);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    cuzk_err err = { 0 };
    cuzk_gpu_device_info info;
    if (cuzk_gpu_device_info_get(0, &info, &err)) {
        fprintf(stderr, "groth16-gpu: no device: %s\n", err.msg);
        return 1;
    }
    bench_report rep;
    bench_report_init(&rep, "groth16_gpu", argc, argv);
    bench_report_set_device(&rep, info.name);
    cuzk_pool *pool = cuzk_pool_create(o.threads);
    rep.threads = (int)cuzk_pool_threads(pool);
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    cuzk_cs *cs = NULL;
    cuzk_gpu_ctx *ctx = NULL;
    cuzk_gpu_prover *gpu = NULL;
    cuzk_witness w;
    uint8_t ref[CUZK_PROOF_BYTES];
    bool have_ref = false;
    int rc;

    /* the circuit, its parameters (CPU), the witness */
    cuzk_test_circuit tc;
    cuzk_circuit circuit;
    cuzk_test_circuit_init(&tc, &circuit, (uint64_t)1 << o.log, o.inputs, SEED_BASE + o.log);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, SEED_BASE + o.log);
    cuzk_log("groth16-gpu: %s; 2^%u constraints, %u inputs; setup on %d threads", info.name, o.log, o.inputs,
             rep.threads);
    uint64_t t0 = cuzk_now_ns();
    if ((rc = cuzk_groth16_setup(&circuit, &toxic, pool, &params, &err)))
        goto out;
    double setup_ms = ms_since(t0);
    bench_report_add(&rep, "setup", "ms", &setup_ms, 1);
    t0 = cuzk_now_ns();
    if (!(cs = cuzk_cs_prover_new(cuzk_params_count(params, CUZK_PARAMS_H) + 1,
                                  cuzk_params_count(params, CUZK_PARAMS_L)))) {
        rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "no memory for the witness");
        goto out;
    }
    if ((rc = cuzk_circuit_synthesize(&circuit, cs, &err)))
        goto out;
    if (cuzk_cs_prover_witness(cs, &w)) {
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "synthesis left no witness");
        goto out;
    }
    double synth_ms = ms_since(t0);
    bench_report_add(&rep, "synthesis", "ms", &synth_ms, 1);
    if ((rc = cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, &err)))
        goto out;

    cuzk_fr r, s;
    cuzk_fr_from_u64(&r, 0x1234567890abcdefull);
    cuzk_fr_from_u64(&s, 0x0fedcba987654321ull);
    cuzk_prove_timings tm;
    double v[7], sg[7][BENCH_MAX_RUNS], sc[7][BENCH_MAX_RUNS];

    /* CPU first: its proof is the reference */
    if (o.cpu_runs > 0) {
        for (int i = 0; i < o.cpu_runs; i++) {
            cuzk_log("groth16-gpu: CPU prove %d/%d", i + 1, o.cpu_runs);
            if ((rc = prove_checked(NULL, params, &w, &r, &s, pool, pvk, ref, &have_ref, &tm, &err)))
                goto out;
            phases(&tm, v);
            for (int k = 0; k < 7; k++)
                sc[k][i] = v[k];
        }
    }

    /* GPU: per B_G2 configuration, a first proof (bases go to the device),
     * then the timed ones */
    double gpu_ms = 0;
    for (int g = 0; g < o.n_b_g2; g++) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, g ? "gpu_bg2_%s" : "gpu", o.b_g2[g]);
        const cuzk_gpu_prover_config cfg = b_g2_config(o.b_g2[g]);
        t0 = cuzk_now_ns();
        if ((!ctx && (rc = cuzk_gpu_ctx_create(&ctx, 0, &err))) ||
            (rc = cuzk_gpu_prover_create_config(ctx, &cfg, &gpu, &err)))
            goto out;
        double ctx_ms = ms_since(t0);
        if (g == 0)
            bench_report_add(&rep, "gpu_context", "ms", &ctx_ms, 1);
        cuzk_log("groth16-gpu: GPU first prove, B_G2 %s (uploads the bases)", o.b_g2[g]);
        if ((rc = prove_checked(gpu, params, &w, &r, &s, pool, pvk, ref, &have_ref, &tm, &err)))
            goto out;
        char name[48];
        snprintf(name, sizeof name, "%s_first_prove", prefix);
        bench_report_add(&rep, name, "ms", &tm.total_ms, 1);
        for (int i = 0; i < o.runs; i++) {
            cuzk_log("groth16-gpu: GPU prove %d/%d, B_G2 %s", i + 1, o.runs, o.b_g2[g]);
            if ((rc = prove_checked(gpu, params, &w, &r, &s, pool, pvk, ref, &have_ref, &tm, &err)))
                goto out;
            phases(&tm, v);
            for (int k = 0; k < 7; k++)
                sg[k][i] = v[k];
        }
        if (g == 0) {
            add_phases(&rep, prefix, sg, o.runs);
            gpu_ms = rep.figures[rep.n_figures - 1].median;
        } else { /* B_G2 and the whole proof (the report holds BENCH_MAX_FIGURES) */
            snprintf(name, sizeof name, "%s_msm_b_g2", prefix);
            bench_report_add(&rep, name, "ms", sg[5], o.runs);
            snprintf(name, sizeof name, "%s_prove", prefix);
            bench_report_add(&rep, name, "ms", sg[6], o.runs);
        }
        cuzk_gpu_prover_free(gpu);
        gpu = NULL;
    }
    if (o.cpu_runs > 0) {
        add_phases(&rep, "cpu", sc, o.cpu_runs);
        double ratio = rep.figures[rep.n_figures - 1].median / gpu_ms;
        bench_report_add(&rep, "ratio_cpu_same_host", "x", &ratio, 1);
    }
    if (o.cpu_ref_ms > 0) {
        double ratio = o.cpu_ref_ms / gpu_ms;
        bench_report_add(&rep, "cpu_ref_prove", "ms", &o.cpu_ref_ms, 1);
        bench_report_add(&rep, "ratio_cpu_ref", "x", &ratio, 1);
    }
    double same = have_ref && o.cpu_runs > 0 ? 1 : 0;
    bench_report_add(&rep, "bytes_equal_cpu", "bool", &same, 1);
    cuzk_log("groth16-gpu: all proofs verify%s", o.cpu_runs > 0 ? " and are byte-identical to the CPU proof" : "");

out:
    if (rc)
        fprintf(stderr, "groth16-gpu: %s\n", err.msg);
    cuzk_gpu_prover_free(gpu);
    cuzk_gpu_ctx_free(ctx);
    cuzk_cs_free(cs);
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);
    cuzk_pool_destroy(pool);
    if (rc == 0)
        rc = bench_report_emit(&rep, o.json, o.out, "groth16-gpu");
    return rc ? 1 : 0;
}
