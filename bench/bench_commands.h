/* What the subcommands of cuzk-bench share: their entry points (argv[0] is
 * the subcommand name), the one option parser, and the benchmark report with
 * the JSON record of ARCHITECTURE.md. The one header that apps/cuzk-bench and
 * bench/ both include. */
#ifndef CUZK_BENCH_COMMANDS_H
#define CUZK_BENCH_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cuzk/util.h"

int cuzk_bench_arith_main(int argc, char **argv);
int cuzk_bench_selfcheck_main(int argc, char **argv);
int cuzk_bench_hash_main(int argc, char **argv); /* apps/cuzk-bench/cmd_hash.c */
int cuzk_bench_hashrate_main(int argc, char **argv); /* bench/hashrate.c */
/* Groth16 on circom circuits and snarkjs interop (apps/cuzk-bench/cmd_*.c) */
int cuzk_bench_setup_main(int argc, char **argv);
int cuzk_bench_prove_main(int argc, char **argv);
int cuzk_bench_verify_main(int argc, char **argv);
int cuzk_bench_export_snarkjs_main(int argc, char **argv);
int cuzk_bench_groth16_cpu_main(int argc, char **argv); /* bench/groth16_cpu.c */
int cuzk_bench_info_main(int argc, char **argv); /* apps/cuzk-bench/cmd_info.c */
int cuzk_bench_gpu_main(int argc, char **argv); /* bench/gpu.c: device NTT and MSM */
int cuzk_bench_gpu_msm_main(int argc, char **argv); /* bench/gpu_msm.c: device G1 and G2 MSM */
int cuzk_bench_gpu_ntt_main(int argc, char **argv); /* bench/gpu_ntt.c: device NTT */
int cuzk_bench_groth16_gpu_main(int argc, char **argv); /* bench/groth16_gpu.c */
int cuzk_bench_synth_main(int argc, char **argv); /* apps/cuzk-bench/cmd_synth.c */
int cuzk_bench_check_main(int argc, char **argv); /* apps/cuzk-bench/cmd_synth.c */
int cuzk_bench_seal_main(int argc, char **argv); /* apps/cuzk-bench/cmd_seal.c */
int cuzk_bench_witness_main(int argc, char **argv); /* bench/witness.c: fast vs generic PoRep witness */

/* ---- options (bench/cli.c) -------------------------------------------------------
 * Exit statuses of every subcommand: 0 success (or --help), 1 failure, 2 usage. */
enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

typedef struct {
    const char *name;     /* "--runs" */
    bool flag;            /* takes no value */
    const char *value;    /* set by the parser: the value, or "1" for a flag; NULL when absent */
} cli_opt;

/* Fills opts[i].value from argv (argv[0] is the subcommand; a later
 * repetition wins). usage: what follows "cuzk-bench <cmd>" in the usage text
 * (may hold more lines). --help / -h prints the usage to stdout and returns
 * -1; an unknown option, a missing value or a stray argument prints the
 * problem and the usage to stderr and returns CLI_EXIT_USAGE; else 0. */
int cli_parse(int argc, char **argv, cli_opt *opts, size_t n, const char *usage);
/* The same, with up to max_args plain arguments (not starting with '-')
 * collected in order into args[0 .. *n_args). */
int cli_parse_args(int argc, char **argv, cli_opt *opts, size_t n, const char *usage, const char **args,
                   size_t max_args, size_t *n_args);
/* The value of option name, NULL when it was not given. */
const char *cli_get(const cli_opt *opts, size_t n, const char *name);
/* Parses an unsigned decimal option; false (with a message) when malformed. */
bool cli_u64(const char *cmd, const char *name, const char *text, uint64_t *out);
/* The option `name` as a whole number in [min, max] into *out, which keeps
 * its value when the option is absent; false (with a message naming the
 * option and the range) when it is malformed or out of range. */
bool cli_uint(const char *cmd, const cli_opt *opts, size_t n, const char *name, unsigned min, unsigned max,
              unsigned *out);
bool cli_int(const char *cmd, const cli_opt *opts, size_t n, const char *name, int min, int max, int *out);
/* A positive number (for instance a time in ms), likewise. */
bool cli_positive(const char *cmd, const cli_opt *opts, size_t n, const char *name, double *out);
/* The options of a plain bench: --runs N (1..BENCH_MAX_RUNS), --threads N
 * (1..1024), --quick, --json, --out FILE. o holds the defaults on entry;
 * returns as cli_parse does, CLI_EXIT_USAGE also for a bad value. */
typedef struct {
    int runs;
    unsigned threads;   /* 0: one per core */
    bool quick, json;
    const char *out;
} cli_bench_opts;
int cli_parse_bench(int argc, char **argv, const char *usage, cli_bench_opts *o);
/* Prints "cuzk-bench <cmd>: <msg> (<code>)" to stderr. */
void cli_fail(const char *cmd, const cuzk_err *err);
/* A pool of n threads (0 = one per core), from --threads. */
cuzk_pool *cli_pool(const char *threads_opt);

/* ---- the benchmark report (bench/report.c) -----------------------------------------
 * Figures measured over repeated runs and the one-object JSON record:
 *   {"bench", "build_id", "device", "cpu", "date", "command", "threads",
 *    [extra integer fields,] "figures": {name: {"median", "min", "max", "unit",
 *    "runs", "samples"}}} */
#define BENCH_MAX_RUNS 64
#define BENCH_MAX_FIGURES 64
#define BENCH_MAX_EXTRAS 4

typedef struct {
    char name[48];
    char unit[8];
    double samples[BENCH_MAX_RUNS];
    int runs;
    double median, min, max;
} bench_figure;

typedef struct {
    const char *bench;      /* e.g. "arith" */
    char device[256];       /* "cpu" unless bench_report_set_device names a GPU */
    char command[1024];     /* argv joined */
    int threads;
    struct {
        const char *key;
        long long value;
    } extras[BENCH_MAX_EXTRAS];
    int n_extras;
    bench_figure figures[BENCH_MAX_FIGURES];
    int n_figures;
} bench_report;

void bench_report_init(bench_report *r, const char *bench, int argc, char **argv);
/* The device the figures were measured on (a GPU's name). */
void bench_report_set_device(bench_report *r, const char *device);
/* An integer field of the record written after "threads" (key must outlive r). */
void bench_report_set_extra(bench_report *r, const char *key, long long value);
/* Adds a figure from samples already measured; computes median/min/max and
 * prints one flushed line for it. NULL (with a message) when r is full. */
bench_figure *bench_report_add(bench_report *r, const char *name, const char *unit,
                               const double *samples, int runs);
/* Adds figure name from runs evaluations of expr (each one sample). */
#define BENCH_MEASURE(report, name, unit, runs, expr)                \
    do {                                                             \
        double samples_[BENCH_MAX_RUNS];                             \
        for (int run_ = 0; run_ < (runs); run_++)                    \
            samples_[run_] = (expr);                                 \
        bench_report_add((report), (name), (unit), samples_, (runs)); \
    } while (0)
/* The median of n samples (n in 1..BENCH_MAX_RUNS). */
double bench_median(const double *samples, int n);
void bench_report_print_table(const bench_report *r, FILE *f);
/* Writes the JSON record of r. Returns 0 on success. */
int bench_report_write_json(const bench_report *r, FILE *f);
/* One record of several reports (their figures together, in order; the rest
 * from parts[0]), for a bench with more figures than one report holds. */
int bench_report_write_json_parts(const bench_report *parts, int n_parts, FILE *f);
/* The usual ending of a bench: the record on stdout (json) or the table,
 * and the record into out_path when given. Returns 0, or 1 (with a message
 * naming cmd and the file) when the record cannot be written. */
int bench_report_emit(const bench_report *r, bool json, const char *out_path, const char *cmd);
/* The CPU model name from /proc/cpuinfo (or "unknown"). */
void bench_cpu_model(char *out, size_t cap);

#endif
