/* Shared helpers for cuzk-bench subcommands: repeated timing, figure tables,
 * and the benchmark JSON record of ARCHITECTURE.md. */
#ifndef CUZK_BENCH_UTIL_H
#define CUZK_BENCH_UTIL_H

#include <stddef.h>
#include <stdio.h>

#define BENCH_MAX_RUNS 64
#define BENCH_MAX_FIGURES 64

typedef struct {
    char name[48];
    char unit[8];
    double samples[BENCH_MAX_RUNS];
    int runs;
    double median, min, max;
} bench_figure;

typedef struct {
    const char *bench;      /* e.g. "arith" */
    char command[1024];     /* argv joined */
    int threads;
    bench_figure figures[BENCH_MAX_FIGURES];
    int n_figures;
} bench_report;

void bench_report_init(bench_report *r, const char *bench, int argc, char **argv);
/* Adds a figure from samples already measured; computes median/min/max and
 * prints one flushed line for it. */
bench_figure *bench_report_add(bench_report *r, const char *name, const char *unit,
                               const double *samples, int runs);
void bench_report_print_table(const bench_report *r, FILE *f);
/* Writes the one-object JSON record. Returns 0 on success. */
int bench_report_write_json(const bench_report *r, FILE *f);
/* The CPU model name from /proc/cpuinfo (or "unknown"). */
void bench_cpu_model(char *out, size_t cap);

#endif
