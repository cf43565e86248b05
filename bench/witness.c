/* cuzk-bench witness: one PoRep partition's witness (inputs, aux, A·z, B·z,
 * C·z and densities) from a C1 output, by the fast generator and by the
 * generic synthesis (prover back end), timed one after the other (their
 * outputs never coexist: a 32 GiB partition's vectors are ~17 GB each) and
 * cross-checked by a 64-bit digest of every vector.
 *
 *   cuzk-bench witness --c1 C1.json [--partition K] [--threads N] [--runs N]
 *                      [--no-generic] [--json] [--out FILE]
 *
 * Wall and CPU seconds (getrusage: all threads) are reported for each path;
 * "per core" is CPU seconds per partition. The fast path writes into buffers
 * allocated once and pre-faulted before timing (the production use: reused
 * buffers); the generic path allocates its vectors itself, pre-sized from the
 * shape, as cuzk_cs_prover_new does in the prover. */
#include "bench_commands.h"
#include "cuzk/porep.h"
#include "cuzk/porep_witness.h"
#include "cuzk/util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

/* MemAvailable in bytes (0 when unknown). */
static uint64_t mem_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return 0;
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
    fclose(f);
    return (uint64_t)kb * 1024;
}

/* Refuses (rather than risk the OOM killer on a shared machine) when the
 * buffers would not fit in the available memory with 1 GiB to spare. */
static int check_memory(uint64_t need, const char *what, cuzk_err *err)
{
    const uint64_t avail = mem_available();
    if (avail && need + (1ull << 30) > avail)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s needs %llu MiB, %llu MiB available: not started", what,
                            (unsigned long long)(need >> 20), (unsigned long long)(avail >> 20));
    return 0;
}

static double wall_s(void) { return (double)cuzk_now_ns() * 1e-9; }

/* A digest of n field elements (64-bit multiply-xor), to compare paths without both in memory. */
static uint64_t digest(const cuzk_fr *v, uint64_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    const uint64_t *w = (const uint64_t *)v;
    for (uint64_t i = 0; i < 4 * n; i++) {
        h ^= w[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    return h;
}

static uint64_t digest_bits(const uint64_t *w, uint64_t nbits)
{
    uint64_t h = 0xc4ceb9fe1a85ec53ull ^ nbits;
    for (uint64_t i = 0; i < nbits / 64; i++) {
        h ^= w[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    if (nbits % 64) {
        h ^= w[nbits / 64] & ((1ull << (nbits % 64)) - 1);
        h *= 0xff51afd7ed558ccdull;
    }
    return h;
}

static void digests(uint64_t d[8], const cuzk_witness *w)
{
    d[0] = digest(w->input, w->num_inputs);
    d[1] = digest(w->aux, w->num_aux);
    d[2] = digest(w->a, w->num_constraints);
    d[3] = digest(w->b, w->num_constraints);
    d[4] = digest(w->c, w->num_constraints);
    d[5] = digest_bits(w->a_aux_density, w->num_aux);
    d[6] = digest_bits(w->b_input_density, w->num_inputs);
    d[7] = digest_bits(w->b_aux_density, w->num_aux);
}

int cuzk_bench_witness_main(int argc, char **argv)
{
    cli_opt opt[] = { { "--c1", false, NULL }, { "--partition", false, NULL }, { "--threads", false, NULL },
                      { "--runs", false, NULL }, { "--out", false, NULL }, { "--no-generic", true, NULL },
                      { "--json", true, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int prc = cli_parse(argc, argv, opt, no,
                        "--c1 C1.json [--partition K] [--threads N] [--runs N] [--no-generic] [--json] [--out FILE]");
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    const char *path = cli_get(opt, no, "--c1"), *out_path = cli_get(opt, no, "--out");
    unsigned threads = 0;
    int runs = 3;
    uint32_t part = 0;
    const bool generic = !cli_get(opt, no, "--no-generic"), json = cli_get(opt, no, "--json");
    if (!cli_uint("witness", opt, no, "--partition", 0, UINT32_MAX, &part) ||
        !cli_uint("witness", opt, no, "--threads", 0, 1024, &threads) ||
        !cli_int("witness", opt, no, "--runs", 1, BENCH_MAX_RUNS, &runs))
        return CLI_EXIT_USAGE;
    if (!path) {
        fprintf(stderr, "cuzk-bench witness: --c1 is required\n");
        return CLI_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_porep_c1 c1 = { 0 };
    cuzk_porep_config cfg;
    int rc = cuzk_c1_parse_file(path, &c1, NULL, &err);
    if (!rc) rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)c1.seal_proof, &err);
    if (!rc && part >= c1.partitions)
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "--partition %u: the C1 has %u partitions", part,
                          c1.partitions);
    if (rc) {
        fprintf(stderr, "cuzk-bench witness: %s\n", err.msg);
        cuzk_porep_c1_free(&c1);
        return 1;
    }
    cuzk_pool *pool = cuzk_pool_create(threads);
    const unsigned nt = cuzk_pool_threads(pool);
    bench_report rep;
    bench_report_init(&rep, "witness", argc, argv);
    rep.threads = (int)nt;
    cuzk_log("witness: %s, partition %u of %u, %u challenges, %u threads (build %s)", cuzk_seal_proof_name(c1.seal_proof),
             part, c1.partitions, c1.challenges_per_partition, nt, cuzk_build_id());

    /* fast: the tape once per shape, then fills into pre-faulted buffers */
    double w0 = wall_s(), c0 = cpu_s();
    cuzk_porep_wgen *g = NULL;
    rc = cuzk_porep_wgen_new(&g, &cfg, pool, &err);
    const double tape_wall = wall_s() - w0, tape_cpu = cpu_s() - c0;
    cuzk_porep_wgen_shape sh = { 0 };
    uint64_t dfast[8] = { 0 }, dgen[8] = { 0 };
    double fw[BENCH_MAX_RUNS], fc[BENCH_MAX_RUNS], gw = 0, gc = 0;
    if (!rc) {
        cuzk_porep_wgen_get_shape(g, &sh);
        cuzk_log("witness: shape %llu inputs, %llu aux, %llu constraints; block %llu aux, %llu constraints (%.1f%% "
                 "native); tape %llu terms, %llu coefficients, recorded in %.1f s (%.1f CPU s)",
                 (unsigned long long)sh.inputs, (unsigned long long)sh.aux, (unsigned long long)sh.constraints,
                 (unsigned long long)sh.block_aux, (unsigned long long)sh.block_constraints,
                 100.0 * (double)sh.block_native_constraints / (double)sh.block_constraints,
                 (unsigned long long)sh.tape_terms, (unsigned long long)sh.tape_coeffs, tape_wall, tape_cpu);
        const uint64_t n = sh.inputs + sh.aux + 3 * sh.constraints;
        rc = check_memory(n * sizeof(cuzk_fr), "the fast path's buffers", &err);
        cuzk_fr *mem = rc ? NULL : malloc(n * sizeof *mem);
        if (!rc && !mem) rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "out of memory (%llu MB of buffers)",
                                    (unsigned long long)(n * sizeof *mem >> 20));
        if (!rc) {
            memset(mem, 0, n * sizeof *mem); /* pre-fault */
            cuzk_porep_wgen_buffers b = { mem, mem + sh.inputs, mem + sh.inputs + sh.aux,
                                          mem + sh.inputs + sh.aux + sh.constraints,
                                          mem + sh.inputs + sh.aux + 2 * sh.constraints };
            for (int r = 0; r < runs && !rc; r++) {
                w0 = wall_s(), c0 = cpu_s();
                rc = cuzk_porep_wgen_fill(g, &c1, part, &b, pool, &err);
                fw[r] = wall_s() - w0, fc[r] = cpu_s() - c0;
                cuzk_log("witness: fast run %d: %.2f s, %.2f CPU s", r + 1, fw[r], fc[r]);
            }
            if (!rc) {
                cuzk_witness w;
                cuzk_porep_wgen_witness(g, &b, &w);
                digests(dfast, &w);
            }
        }
        free(mem);
    }
    if (!rc && generic) {
        cuzk_porep_circuit *pc = NULL;
        rc = check_memory((sh.inputs + sh.aux + 3 * sh.constraints) * sizeof(cuzk_fr) + sh.aux / 2,
                          "the generic path's vectors", &err);
        if (!rc) rc = cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, part, &err);
        if (!rc) {
            w0 = wall_s(), c0 = cpu_s();
            cuzk_cs *cs = cuzk_cs_prover_new(sh.constraints, sh.aux);
            cuzk_circuit c = cuzk_porep_circuit_get(pc);
            rc = cs ? cuzk_circuit_synthesize(&c, cs, &err) : cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "out of memory");
            gw = wall_s() - w0, gc = cpu_s() - c0;
            cuzk_log("witness: generic: %.2f s, %.2f CPU s", gw, gc);
            cuzk_witness w;
            if (!rc && !(rc = cuzk_cs_prover_witness(cs, &w))) digests(dgen, &w);
            cuzk_cs_free(cs);
        }
        cuzk_porep_circuit_free(pc);
    }
    int same = 1;
    if (!rc && generic) {
        static const char *names[8] = { "input", "aux", "A·z", "B·z", "C·z", "A aux density", "B input density",
                                        "B aux density" };
        for (int k = 0; k < 8; k++)
            if (dfast[k] != dgen[k]) {
                same = 0;
                cuzk_log("witness: %s differs between the paths (digest %016llx vs %016llx)", names[k],
                         (unsigned long long)dfast[k], (unsigned long long)dgen[k]);
            }
        cuzk_log("witness: the two paths' vectors are %s (64-bit digests of all 8)", same ? "equal" : "DIFFERENT");
    }
    if (!rc) {
        bench_report_add(&rep, "fast_fill_wall", "s", fw, runs);
        bench_figure *fcpu = bench_report_add(&rep, "fast_fill_cpu", "s", fc, runs);
        bench_report_add(&rep, "fast_tape_wall", "s", &tape_wall, 1);
        bench_report_add(&rep, "fast_tape_cpu", "s", &tape_cpu, 1);
        if (generic) {
            bench_report_add(&rep, "generic_wall", "s", &gw, 1);
            bench_report_add(&rep, "generic_cpu", "s", &gc, 1);
            const double ratio = gc / fcpu->median, ratio_tape = gc / (fcpu->median + tape_cpu);
            bench_report_add(&rep, "ratio_cpu_generic_over_fast", "x", &ratio, 1);
            bench_report_add(&rep, "ratio_cpu_incl_tape", "x", &ratio_tape, 1);
            const double eq = same;
            bench_report_add(&rep, "vectors_equal", "bool", &eq, 1);
        }
        if (bench_report_emit(&rep, json, out_path, "witness"))
            rc = CUZK_ERR_IO;
    } else {
        fprintf(stderr, "cuzk-bench witness: %s\n", err.msg);
    }
    cuzk_porep_wgen_free(g);
    cuzk_pool_destroy(pool);
    cuzk_porep_c1_free(&c1);
    return rc ? 1 : (same ? 0 : 1);
}
