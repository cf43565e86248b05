/* cuzk-bench groth16-cpu: Groth16 setup, prove and verify on the CPU for
 * generated circuits of 2^min-log .. 2^max-log constraints (the test circuit:
 * about half the aux values bits, the rest full field elements, like
 * Filecoin's), with per-phase medians over --runs proofs.
 *
 * --snarkjs also times snarkjs 0.7.6 (tests/interop/node_modules) proving the
 * same 2^16 circuit, exported as .r1cs/.wtns, with a zkey from snarkjs's own
 * setup, two ways: groth16.prove inside one node process (start-up, curve
 * build and a first warm-up proof excluded) against our in-process prove, and
 * `snarkjs groth16 prove` as a command against `cuzk-bench prove` as a command
 * on the same files (both read their inputs from disk). snarkjs's proofs are
 * checked by our verifier, so both provers provably ran the same circuit. The
 * powers-of-tau file and the zkey are cached in --work (the zkey keyed by the
 * r1cs contents): snarkjs takes tens of minutes to make them on 2 cores. */
#include "bench_commands.h"
#include "cuzk/groth16.h"
#include "cuzk/iden3.h"
#include "../src/r1cs/test_circuit_internal.h" /* deliberately internal: the generated test circuit */

#include <errno.h>
#include <jansson.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SEED_BASE 0x6c7a67ull   /* circuit of 2^k constraints: seed SEED_BASE + k */

typedef struct {
    unsigned min_log, max_log, threads, snarkjs_log;
    unsigned long precompute_mb;   /* memory for the params' precomputed tables (0: none) */
    int runs, snarkjs_runs;
    uint32_t inputs;
    bool json, snarkjs;
    const char *out, *node, *interop, *work;
} opts;

typedef struct {
    bench_report *parts;    /* one per size, then one for snarkjs (<= 32 figures each) */
    int n;
    double prove_ms[32];    /* our prove median by log size, 0 when not run */
} results;

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

/* ---- our prover ------------------------------------------------------------------ */
static int public_inputs(const cuzk_circuit *c, cuzk_fr **out, size_t *n, cuzk_err *err)
{
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    if (!cs)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "no memory for a prover cs");
    cuzk_witness w;
    int rc = cuzk_circuit_synthesize(c, cs, err);
    if (!rc && cuzk_cs_prover_witness(cs, &w) != 0)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "no witness");
    if (!rc) {
        *n = w.num_inputs - 1;
        *out = cuzk_alloc_array(*n ? *n : 1, sizeof **out);
        if (!*out)
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "no memory for inputs");
        else
            memcpy(*out, w.input + 1, *n * sizeof **out);
    }
    cuzk_cs_free(cs);
    return rc;
}

static void add(bench_report *r, unsigned lg, const char *what, const char *unit, const double *s, int n)
{
    char name[48];
    snprintf(name, sizeof name, "log%u.%s", lg, what);
    bench_report_add(r, name, unit, s, n);
}

static int bench_size(const opts *o, unsigned lg, cuzk_pool *pool, bench_report *rep, double *prove_median,
                      cuzk_err *err)
{
    cuzk_test_circuit tc;
    cuzk_circuit circuit;
    cuzk_test_circuit_init(&tc, &circuit, (uint64_t)1 << lg, o->inputs, SEED_BASE + lg);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, SEED_BASE + lg);
    fprintf(stderr, "groth16-cpu: 2^%u constraints, %u public inputs: setup\n", lg, o->inputs);
    fflush(stderr);
    cuzk_params *params = NULL;
    cuzk_pvk *pvk = NULL;
    cuzk_fr *inputs = NULL;
    size_t n_inputs = 0;
    uint64_t t0 = cuzk_now_ns();
    int rc = cuzk_groth16_setup(&circuit, &toxic, pool, &params, err);
    double setup_ms = ms_since(t0);
    if (rc)
        return rc;
    if ((rc = public_inputs(&circuit, &inputs, &n_inputs, err)) ||
        (rc = cuzk_pvk_prepare(cuzk_params_vk(params), &pvk, err)))
        goto out;
    /* The tables a resident prover keeps (cuzk_params_precompute), built once
     * per params like the setup and timed apart from the proofs. */
    size_t table_bytes = 0;
    t0 = cuzk_now_ns();
    if ((rc = cuzk_params_precompute(params, (size_t)o->precompute_mb << 20, pool, &table_bytes, err)))
        goto out;
    double precompute_ms = ms_since(t0);
    if (table_bytes)
        fprintf(stderr, "groth16-cpu: 2^%u: precomputed tables %.1f MiB in %.0f ms\n", lg,
                (double)table_bytes / (1 << 20), precompute_ms);
    double s[9][BENCH_MAX_RUNS], cpu[BENCH_MAX_RUNS];
    for (int r = 0; r < o->runs; r++) {
        fprintf(stderr, "groth16-cpu: 2^%u: prove %d/%d\n", lg, r + 1, o->runs);
        fflush(stderr);
        cuzk_proof proof;
        cuzk_prove_timings tm;
        /* process CPU time too (all threads): on a machine shared with other
         * jobs it moves much less than the wall time */
        struct timespec c0, c1;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        if ((rc = cuzk_groth16_prove_circuit(params, &circuit, NULL, NULL, pool, &proof, &tm, err)))
            goto out;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        cpu[r] = (double)(c1.tv_sec - c0.tv_sec) * 1e3 + (double)(c1.tv_nsec - c0.tv_nsec) / 1e6;
        t0 = cuzk_now_ns();
        if ((rc = cuzk_groth16_verify(pvk, &proof, inputs, n_inputs, err)))
            goto out;
        s[8][r] = ms_since(t0);
        double v[8] = { tm.synthesis_ms, tm.fft_ms, tm.msm_h_ms, tm.msm_l_ms, tm.msm_a_ms, tm.msm_b_g1_ms,
                        tm.msm_b_g2_ms, tm.total_ms };
        for (int k = 0; k < 8; k++)
            s[k][r] = v[k];
    }
    static const char *const names[9] = { "synthesis", "fft", "msm_h", "msm_l", "msm_a", "msm_b_g1", "msm_b_g2",
                                          "prove", "verify" };
    add(rep, lg, "setup", "ms", &setup_ms, 1);
    double table_mib = (double)table_bytes / (1 << 20);
    if (table_bytes) {
        add(rep, lg, "precompute", "ms", &precompute_ms, 1);
        add(rep, lg, "table_mem", "MiB", &table_mib, 1);
    }
    for (int k = 0; k < 9; k++)
        add(rep, lg, names[k], "ms", s[k], o->runs);
    *prove_median = rep->figures[rep->n_figures - 2].median;
    add(rep, lg, "prove_cpu", "ms", cpu, o->runs);
out:
    cuzk_free(inputs);
    cuzk_pvk_free(pvk);
    cuzk_params_free(params);
    return rc;
}

/* ---- snarkjs ------------------------------------------------------------------------- */
/* Runs argv, stdout into capture when given (else inherited). Returns the exit status or -1. */
static int run(char *const argv[], char *capture, size_t cap, double *ms)
{
    int fd[2] = { -1, -1 };
    if (capture && pipe(fd) != 0)
        return -1;
    uint64_t t0 = cuzk_now_ns();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (capture) {
            dup2(fd[1], STDOUT_FILENO);
            close(fd[0]);
            close(fd[1]);
        }
        execvp(argv[0], argv);
        fprintf(stderr, "groth16-cpu: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    if (capture) {
        close(fd[1]);
        size_t used = 0;
        while (used + 1 < cap) {
            ssize_t k = read(fd[0], capture + used, cap - 1 - used);
            if (k < 0 && errno == EINTR)
                continue;
            if (k <= 0)
                break;
            used += (size_t)k;
        }
        capture[used] = 0;
        char sink[256];   /* drain the rest so the child never blocks on a full pipe */
        while (read(fd[0], sink, sizeof sink) > 0)
            ;
        close(fd[0]);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (ms)
        *ms = ms_since(t0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static bool file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* FNV-1a of a file: names the zkey after the r1cs it was made from. */
static uint64_t file_hash(const char *path)
{
    uint64_t h = 0xcbf29ce484222325ull;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    unsigned char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t i = 0; i < n; i++)
            h = (h ^ buf[i]) * 0x100000001b3ull;
    fclose(f);
    return h;
}

static int check_snarkjs_proof(const char *vk_path, const char *dir, cuzk_err *err)
{
    char p[4096];
    cuzk_vk vk;
    cuzk_proof proof;
    cuzk_fr *in = NULL;
    size_t n = 0;
    cuzk_pvk *pvk = NULL;
    int rc = cuzk_snarkjs_read_vk(vk_path, &vk, err);
    if (rc)
        return rc;
    snprintf(p, sizeof p, "%.4000s/proof.json", dir);
    if (!(rc = cuzk_snarkjs_read_proof(p, &proof, err))) {
        snprintf(p, sizeof p, "%.4000s/public.json", dir);
        rc = cuzk_snarkjs_read_public(p, &in, &n, err);
    }
    if (!rc && !(rc = cuzk_pvk_prepare(&vk, &pvk, err)))
        rc = cuzk_groth16_verify(pvk, &proof, in, n, err);
    cuzk_pvk_free(pvk);
    cuzk_free(in);
    cuzk_vk_free(&vk);
    return rc;
}

/* Our own command on the same files, for a like-for-like comparison with
 * snarkjs's command: params for the exported r1cs, then `cuzk-bench prove`
 * (this very binary) timed from the outside, then `cuzk-bench verify`. */
static int time_our_command(const opts *o, const char *r1cs, const char *wtns, double *ms, cuzk_err *err)
{
    char exe[4096], params[4096], proof[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return cuzk_err_set(err, CUZK_ERR_IO, "cannot find this program (/proc/self/exe)");
    exe[n] = 0;
    snprintf(params, sizeof params, "%.4000s.params", r1cs);
    snprintf(proof, sizeof proof, "%.4000s.proof", r1cs);
    cuzk_iden3_r1cs r;
    int rc = cuzk_iden3_r1cs_read(r1cs, &r, err);
    if (rc)
        return rc;
    cuzk_iden3_circuit ctx;
    cuzk_circuit circuit;
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, SEED_BASE);
    cuzk_params *p = NULL;
    cuzk_pool *pool = cuzk_pool_create(o->threads);
    if (!(rc = cuzk_iden3_circuit_init(&ctx, &circuit, &r, NULL, err)) &&
        !(rc = cuzk_groth16_setup(&circuit, &toxic, pool, &p, err)))
        rc = cuzk_params_write(p, params, err);
    cuzk_params_free(p);
    cuzk_pool_destroy(pool);
    cuzk_iden3_r1cs_free(&r);
    if (rc)
        return rc;
    char threads[16];
    snprintf(threads, sizeof threads, "%u", o->threads);
    for (int i = 0; i < o->snarkjs_runs; i++) {
        char *a[] = { exe, "prove", "--r1cs", (char *)r1cs, "--wtns", (char *)wtns, "--params", params, "--out", proof,
                      "--threads", threads, NULL };
        if (run(a, NULL, 0, &ms[i]) != 0)
            return cuzk_err_set(err, CUZK_ERR_IO, "cuzk-bench prove failed on %s", r1cs);
        cuzk_log("groth16-cpu: cuzk-bench prove (command): %.0f ms", ms[i]);
    }
    char *v[] = { exe, "verify", "--params", params, "--proof", proof, "--wtns", (char *)wtns, NULL };
    if (run(v, NULL, 0, NULL) != 0)
        return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "cuzk-bench verify rejects the command's proof");
    return 0;
}

static int bench_snarkjs(const opts *o, bench_report *rep, double ours_ms, cuzk_err *err)
{
    const unsigned lg = o->snarkjs_log;
    char r1cs[4096], wtns[4096], ptau[4096], zkey[4096], vk[4096], dir[4096], tool[4096], cli[4096], pw[16], runs[16];
    if (strlen(o->work) > 3000 || strlen(o->interop) > 3000)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--work or --interop path too long");
    if (mkdir(o->work, 0755) != 0 && errno != EEXIST)
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: %s", o->work, strerror(errno));
    snprintf(tool, sizeof tool, "%s/snarkjs_tool.mjs", o->interop);
    snprintf(cli, sizeof cli, "%s/node_modules/snarkjs/build/cli.cjs", o->interop);
    if (!file_exists(tool) || !file_exists(cli))
        return cuzk_err_set(err, CUZK_ERR_IO, "%s or %s missing: give --interop DIR (tests/interop, after npm ci)",
                            tool, cli);
    snprintf(r1cs, sizeof r1cs, "%s/c%u-i%u.r1cs", o->work, lg, o->inputs);
    snprintf(wtns, sizeof wtns, "%s/c%u-i%u.wtns", o->work, lg, o->inputs);
    snprintf(dir, sizeof dir, "%s/snarkjs-proof", o->work);

    /* our circuit, as circom would hand it to snarkjs */
    cuzk_test_circuit tc;
    cuzk_circuit circuit;
    cuzk_test_circuit_init(&tc, &circuit, (uint64_t)1 << lg, o->inputs, SEED_BASE + lg);
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    if (!rec)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "no memory for a recorder");
    int rc = cuzk_circuit_synthesize(&circuit, rec, err);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(rec, &st);
    if (!rc)
        rc = cuzk_iden3_export(rec, r1cs, wtns, err);
    cuzk_cs_free(rec);
    if (rc)
        return rc;
    /* snarkjs's domain: its constraints plus one per public input and ONE */
    unsigned power = 0;
    while (((uint64_t)1 << power) < st.constraints)
        power++;
    snprintf(ptau, sizeof ptau, "%s/pot%u.ptau", o->work, power);
    snprintf(zkey, sizeof zkey, "%s/c%u-i%u-%016llx.zkey", o->work, lg, o->inputs,
             (unsigned long long)file_hash(r1cs));
    snprintf(vk, sizeof vk, "%.4000s.vk.json", zkey);
    snprintf(pw, sizeof pw, "%u", power);
    snprintf(runs, sizeof runs, "%d", o->snarkjs_runs);
    char *node = (char *)o->node;
    if (!file_exists(ptau)) {
        cuzk_log("groth16-cpu: snarkjs powers of tau 2^%u (once, cached in %s; minutes)", power, o->work);
        char *a[] = { node, tool, "ptau", "--power", pw, "--out", ptau, NULL };
        if (run(a, NULL, 0, NULL) != 0)
            return cuzk_err_set(err, CUZK_ERR_IO, "snarkjs powers of tau failed");
    }
    if (!file_exists(zkey)) {
        cuzk_log("groth16-cpu: snarkjs groth16 setup of %s (once, cached; minutes)", r1cs);
        char *a[] = { node, tool, "zkey", "--r1cs", r1cs, "--ptau", ptau, "--out", zkey, "--vk", vk, NULL };
        if (run(a, NULL, 0, NULL) != 0)
            return cuzk_err_set(err, CUZK_ERR_IO, "snarkjs groth16 setup failed");
    }
    double cli_ms[BENCH_MAX_RUNS], in_ms[BENCH_MAX_RUNS];
    char proof_json[4096], public_json[4096];
    snprintf(proof_json, sizeof proof_json, "%.4000s/proof.json", dir);
    snprintf(public_json, sizeof public_json, "%.4000s/public.json", dir);
    mkdir(dir, 0755);
    for (int r = 0; r < o->snarkjs_runs; r++) {
        cuzk_log("groth16-cpu: snarkjs groth16 prove (command) %d/%d", r + 1, o->snarkjs_runs);
        char *a[] = { node, cli, "groth16", "prove", zkey, wtns, proof_json, public_json, NULL };
        if (run(a, NULL, 0, &cli_ms[r]) != 0)
            return cuzk_err_set(err, CUZK_ERR_IO, "snarkjs groth16 prove failed");
        cuzk_log("groth16-cpu: snarkjs groth16 prove: %.0f ms", cli_ms[r]);
    }
    if ((rc = check_snarkjs_proof(vk, dir, err)))
        return cuzk_err_set(err, rc, "our verifier rejects snarkjs's proof of the same circuit: %s", err->msg);
    cuzk_log("groth16-cpu: snarkjs groth16.prove in one process, %d runs after a warm-up", o->snarkjs_runs);
    char out[4096];
    char *a[] = { node, tool, "time-prove", "--zkey", zkey, "--wtns", wtns, "--runs", runs, "--dir", dir, NULL };
    if (run(a, out, sizeof out, NULL) != 0)
        return cuzk_err_set(err, CUZK_ERR_IO, "snarkjs time-prove failed");
    json_error_t je;
    json_t *root = json_loads(out, 0, &je), *arr = json_object_get(root, "prove_ms");
    size_t k = json_array_size(arr);
    if (!root || k != (size_t)o->snarkjs_runs) {
        json_decref(root);
        return cuzk_err_set(err, CUZK_ERR_PARSE, "snarkjs time-prove printed '%s'", out);
    }
    for (size_t i = 0; i < k; i++)
        in_ms[i] = json_number_value(json_array_get(arr, i));
    json_decref(root);
    if ((rc = check_snarkjs_proof(vk, dir, err)))
        return cuzk_err_set(err, rc, "our verifier rejects snarkjs's in-process proof: %s", err->msg);
    cuzk_log("groth16-cpu: our verifier accepts snarkjs's proofs of the same circuit");
    double ours_cmd_ms[BENCH_MAX_RUNS];
    if ((rc = time_our_command(o, r1cs, wtns, ours_cmd_ms, err)))
        return rc;
    double cmd = bench_median(cli_ms, o->snarkjs_runs), inproc = bench_median(in_ms, o->snarkjs_runs);
    double ours_cmd = bench_median(ours_cmd_ms, o->snarkjs_runs);
    add(rep, lg, "snarkjs_prove_cmd", "ms", cli_ms, o->snarkjs_runs);
    add(rep, lg, "snarkjs_prove_inproc", "ms", in_ms, o->snarkjs_runs);
    add(rep, lg, "cuzk_prove_cmd", "ms", ours_cmd_ms, o->snarkjs_runs);
    double r[3] = { inproc / ours_ms, cmd / ours_cmd, cmd / ours_ms };
    add(rep, lg, "ratio_snarkjs_inproc_to_ours", "x", &r[0], 1);
    add(rep, lg, "ratio_snarkjs_cmd_to_ours_cmd", "x", &r[1], 1);
    add(rep, lg, "ratio_snarkjs_cmd_to_ours", "x", &r[2], 1);
    return 0;
}

/* ---- output ----------------------------------------------------------------------------- */
static const bench_figure *find(const results *res, const char *name)
{
    for (int p = 0; p < res->n; p++)
        for (int i = 0; i < res->parts[p].n_figures; i++)
            if (!strcmp(res->parts[p].figures[i].name, name))
                return &res->parts[p].figures[i];
    return NULL;
}

static void print_table(const results *res, const opts *o, FILE *f)
{
    static const char *const cols[] = { "setup", "precompute", "synthesis", "fft", "msm_h", "msm_l", "msm_a", "msm_b_g1",
                                        "msm_b_g2", "prove", "verify" };
    const size_t nc = sizeof cols / sizeof cols[0];
    fprintf(f, "\nmedian ms (%d prove runs)\n%-6s", o->runs, "log2");
    for (size_t c = 0; c < nc; c++)
        fprintf(f, " %10s", cols[c]);
    fputc('\n', f);
    for (unsigned lg = 0; lg < 32; lg++) {
        if (res->prove_ms[lg] <= 0)
            continue;
        fprintf(f, "%-6u", lg);
        for (size_t c = 0; c < nc; c++) {
            char name[48];
            snprintf(name, sizeof name, "log%u.%s", lg, cols[c]);
            const bench_figure *x = find(res, name);
            fprintf(f, " %10.1f", x ? x->median : 0.0);
        }
        fputc('\n', f);
    }
    char name[48];
    snprintf(name, sizeof name, "log%u.snarkjs_prove_cmd", o->snarkjs_log);
    const bench_figure *cmd = find(res, name);
    snprintf(name, sizeof name, "log%u.snarkjs_prove_inproc", o->snarkjs_log);
    const bench_figure *inp = find(res, name);
    snprintf(name, sizeof name, "log%u.cuzk_prove_cmd", o->snarkjs_log);
    const bench_figure *ocmd = find(res, name);
    if (cmd && inp && ocmd) {
        double ours = res->prove_ms[o->snarkjs_log];
        fprintf(f, "\n2^%u constraints, in-process: cuzk %.1f ms, snarkjs %.1f ms (%.1fx)\n", o->snarkjs_log, ours,
                inp->median, inp->median / ours);
        fprintf(f, "2^%u constraints, as commands on the same .r1cs/.wtns: cuzk-bench prove %.1f ms, "
                   "snarkjs groth16 prove %.1f ms (%.1fx)\n", o->snarkjs_log, ocmd->median, cmd->median,
                cmd->median / ocmd->median);
    }
    fflush(f);
}

/* ---- main ----------------------------------------------------------------------------- */
#define USAGE                                                                                                   \
    "[--min-log 10] [--max-log 20] [--runs 3] [--inputs 8] [--threads N]\n"                                      \
    "                              [--json] [--out FILE] [--snarkjs] [--snarkjs-log 16] [--snarkjs-runs 3]\n"    \
    "                              [--node node] [--interop tests/interop] [--work DIR]\n"                       \
    "                              [--precompute-mb 256]  (memory for the params' precomputed\n"                 \
    "                              tables, built once after setup and timed apart; 0: none)"

int cuzk_bench_groth16_cpu_main(int argc, char **argv)
{
    opts o = { .min_log = 10, .max_log = 20, .runs = 3, .inputs = 8, .snarkjs_log = 16, .snarkjs_runs = 3, .precompute_mb = 256,
               .node = "node", .interop = "tests/interop", .work = "/tmp/cuzk-bench-groth16-cpu" };
    cli_opt opt[] = { { "--min-log", false, NULL }, { "--max-log", false, NULL }, { "--runs", false, NULL },
                      { "--inputs", false, NULL }, { "--threads", false, NULL }, { "--precompute-mb", false, NULL },
                      { "--snarkjs-log", false, NULL }, { "--snarkjs-runs", false, NULL }, { "--out", false, NULL },
                      { "--node", false, NULL }, { "--interop", false, NULL }, { "--work", false, NULL },
                      { "--json", true, NULL }, { "--snarkjs", true, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int prc = cli_parse(argc, argv, opt, no, USAGE);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    const char *cmd = "groth16-cpu";
    unsigned precompute_mb = (unsigned)o.precompute_mb;
    if (!cli_uint(cmd, opt, no, "--min-log", 0, 28, &o.min_log) ||
        !cli_uint(cmd, opt, no, "--max-log", 0, 28, &o.max_log) ||
        !cli_int(cmd, opt, no, "--runs", 1, BENCH_MAX_RUNS, &o.runs) ||
        !cli_uint(cmd, opt, no, "--inputs", 0, 1000, &o.inputs) ||
        !cli_uint(cmd, opt, no, "--threads", 0, 1024, &o.threads) ||
        !cli_uint(cmd, opt, no, "--precompute-mb", 0, 1u << 20, &precompute_mb) ||
        !cli_uint(cmd, opt, no, "--snarkjs-log", 4, 24, &o.snarkjs_log) ||
        !cli_int(cmd, opt, no, "--snarkjs-runs", 1, BENCH_MAX_RUNS, &o.snarkjs_runs))
        return CLI_EXIT_USAGE;
    o.precompute_mb = precompute_mb;
    o.json = cli_get(opt, no, "--json");
    o.snarkjs = cli_get(opt, no, "--snarkjs");
    o.out = cli_get(opt, no, "--out");
    if (cli_get(opt, no, "--node"))
        o.node = cli_get(opt, no, "--node");
    if (cli_get(opt, no, "--interop"))
        o.interop = cli_get(opt, no, "--interop");
    if (cli_get(opt, no, "--work"))
        o.work = cli_get(opt, no, "--work");
    /* the generated circuit needs room for its inputs' constraints */
    if (o.min_log > o.max_log || ((uint64_t)1 << o.min_log) < 4 * (uint64_t)o.inputs + 8) {
        fprintf(stderr, "cuzk-bench %s: --min-log must be at most --max-log, and 2^min-log at least 4 inputs + 8\n"
                        "usage: cuzk-bench %s %s\n", cmd, cmd, USAGE);
        return CLI_EXIT_USAGE;
    }
    /* A resident prover reuses its working memory from proof to proof. Here
     * that is glibc's heap keeping what a proof frees (no mmap per big buffer,
     * no trim), so the next proof does not first-touch ~27 MiB of fresh pages
     * again (~6800 page faults, ~16 ms of CPU per 2^16 proof on this VM).
     * Reuse, not pre-faulting: the first proof still pays. */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    cuzk_pool *pool = cuzk_pool_create(o.threads);
    results res;
    memset(&res, 0, sizeof res);
    res.parts = calloc(o.max_log - o.min_log + 3, sizeof *res.parts);
    if (!pool || !res.parts) {
        fprintf(stderr, "groth16-cpu: out of memory\n");
        cuzk_pool_destroy(pool);
        free(res.parts);
        return 1;
    }
    unsigned threads = cuzk_pool_threads(pool);
    int rc = 0;
    cuzk_err err = { 0 };
    /* the snarkjs size is measured even when it lies outside the range */
    unsigned sizes[32], n_sizes = 0;
    for (unsigned lg = o.min_log; lg <= o.max_log; lg++)
        sizes[n_sizes++] = lg;
    if (o.snarkjs && (o.snarkjs_log < o.min_log || o.snarkjs_log > o.max_log))
        sizes[n_sizes++] = o.snarkjs_log;
    for (unsigned i = 0; i < n_sizes && !rc; i++) {
        bench_report *rep = &res.parts[res.n++];
        bench_report_init(rep, "groth16_cpu", argc, argv);
        rep->threads = (int)threads;
        bench_report_set_extra(rep, "public_inputs", o.inputs);
        rc = bench_size(&o, sizes[i], pool, rep, &res.prove_ms[sizes[i]], &err);
    }
    if (!rc && o.snarkjs) {
        bench_report *rep = &res.parts[res.n++];
        bench_report_init(rep, "groth16_cpu", argc, argv);
        rc = bench_snarkjs(&o, rep, res.prove_ms[o.snarkjs_log], &err);
    }
    if (rc) {
        fprintf(stderr, "groth16-cpu: %s (%s)\n", err.msg, cuzk_err_name(rc));
    } else {
        print_table(&res, &o, stdout);
        if (o.json)
            bench_report_write_json_parts(res.parts, res.n, stdout);
        if (o.out) {
            FILE *f = fopen(o.out, "w");
            bool ok = f && bench_report_write_json_parts(res.parts, res.n, f) == 0;
            if (f)
                ok &= fclose(f) == 0;
            if (!ok) {
                fprintf(stderr, "groth16-cpu: cannot write %s\n", o.out);
                rc = 1;
            }
        }
    }
    free(res.parts);
    cuzk_pool_destroy(pool);
    return rc ? 1 : 0;
}
