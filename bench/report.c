/* The benchmark report: figures over repeated runs, their table, and the
 * JSON record every cuzk benchmark writes. */
#include "bench_commands.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void bench_report_init(bench_report *r, const char *bench, int argc, char **argv)
{
    memset(r, 0, sizeof *r);
    r->bench = bench;
    snprintf(r->device, sizeof r->device, "cpu");
    size_t used = 0;
    int n = snprintf(r->command, sizeof r->command, "cuzk-bench");
    used = n > 0 ? (size_t)n : 0;
    for (int i = 0; i < argc && used < sizeof r->command; i++) {
        n = snprintf(r->command + used, sizeof r->command - used, " %s", argv[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

void bench_report_set_device(bench_report *r, const char *device)
{
    snprintf(r->device, sizeof r->device, "%s", device);
}

void bench_report_set_extra(bench_report *r, const char *key, long long value)
{
    for (int i = 0; i < r->n_extras; i++)
        if (!strcmp(r->extras[i].key, key)) {
            r->extras[i].value = value;
            return;
        }
    if (r->n_extras == BENCH_MAX_EXTRAS) {
        fprintf(stderr, "bench: field '%s' dropped (at most %d)\n", key, BENCH_MAX_EXTRAS);
        return;
    }
    r->extras[r->n_extras].key = key;
    r->extras[r->n_extras++].value = value;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(const double *samples, int n)
{
    double s[BENCH_MAX_RUNS];
    memcpy(s, samples, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

bench_figure *bench_report_add(bench_report *r, const char *name, const char *unit,
                               const double *samples, int runs)
{
    if (r->n_figures >= BENCH_MAX_FIGURES || runs <= 0 || runs > BENCH_MAX_RUNS) {
        fprintf(stderr, "bench: figure '%s' dropped (%d figures, %d runs: at most %d and %d)\n", name,
                r->n_figures, runs, BENCH_MAX_FIGURES, BENCH_MAX_RUNS);
        return NULL;
    }
    bench_figure *f = &r->figures[r->n_figures++];
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->unit, sizeof f->unit, "%s", unit);
    memcpy(f->samples, samples, (size_t)runs * sizeof *samples);
    f->runs = runs;
    f->min = f->max = samples[0];
    for (int i = 1; i < runs; i++) {
        f->min = samples[i] < f->min ? samples[i] : f->min;
        f->max = samples[i] > f->max ? samples[i] : f->max;
    }
    f->median = bench_median(samples, runs);
    fprintf(stderr, "  %-22s median %12.3f %-3s  (min %.3f, max %.3f, %d runs)\n",
            f->name, f->median, f->unit, f->min, f->max, f->runs);
    fflush(stderr);
    return f;
}

void bench_report_print_table(const bench_report *r, FILE *f)
{
    fprintf(f, "%-22s %12s %12s %12s %5s %s\n", "figure", "median", "min", "max", "runs", "unit");
    for (int i = 0; i < r->n_figures; i++) {
        const bench_figure *x = &r->figures[i];
        fprintf(f, "%-22s %12.3f %12.3f %12.3f %5d %s\n", x->name, x->median, x->min, x->max,
                x->runs, x->unit);
    }
    fflush(f);
}

static void put_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void bench_cpu_model(char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10)) {
            char *colon = strchr(line, ':');
            if (colon) {
                colon++;
                while (*colon == ' ' || *colon == '\t')
                    colon++;
                colon[strcspn(colon, "\n")] = 0;
                snprintf(out, cap, "%s", colon);
            }
            break;
        }
    }
    fclose(f);
}

int bench_report_write_json_parts(const bench_report *parts, int n_parts, FILE *f)
{
    const bench_report *r = &parts[0];
    char cpu[256], date[64];
    bench_cpu_model(cpu, sizeof cpu);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(f, "{\"bench\": ");
    put_json_string(f, r->bench);
    fprintf(f, ", \"build_id\": ");
    put_json_string(f, cuzk_build_id());
    fprintf(f, ", \"device\": ");
    put_json_string(f, r->device);
    fprintf(f, ", \"cpu\": ");
    put_json_string(f, cpu);
    fprintf(f, ", \"date\": \"%s\", \"command\": ", date);
    put_json_string(f, r->command);
    fprintf(f, ", \"threads\": %d", r->threads);
    for (int i = 0; i < r->n_extras; i++) {
        fprintf(f, ", ");
        put_json_string(f, r->extras[i].key);
        fprintf(f, ": %lld", r->extras[i].value);
    }
    fprintf(f, ", \"figures\": {");
    int k = 0;
    for (int p = 0; p < n_parts; p++)
        for (int i = 0; i < parts[p].n_figures; i++, k++) {
            const bench_figure *x = &parts[p].figures[i];
            fprintf(f, "%s\n  ", k ? "," : "");
            put_json_string(f, x->name);
            fprintf(f, ": {\"median\": %.6g, \"min\": %.6g, \"max\": %.6g, \"unit\": ", x->median,
                    x->min, x->max);
            put_json_string(f, x->unit);
            fprintf(f, ", \"runs\": %d, \"samples\": [", x->runs);
            for (int j = 0; j < x->runs; j++)
                fprintf(f, "%s%.6g", j ? ", " : "", x->samples[j]);
            fprintf(f, "]}");
        }
    fprintf(f, "\n}}\n");
    fflush(f);
    return ferror(f) ? -1 : 0;
}

int bench_report_write_json(const bench_report *r, FILE *f)
{
    return bench_report_write_json_parts(r, 1, f);
}

int bench_report_emit(const bench_report *r, bool json, const char *out_path, const char *cmd)
{
    int rc = 0;
    if (json)
        rc = bench_report_write_json(r, stdout) != 0;
    else
        bench_report_print_table(r, stdout);
    if (out_path) {
        FILE *f = fopen(out_path, "w");
        bool ok = f && bench_report_write_json(r, f) == 0;
        if (f)
            ok &= fclose(f) == 0;
        if (!ok) {
            fprintf(stderr, "cuzk-bench %s: cannot write %s\n", cmd, out_path);
            rc = 1;
        }
    }
    return rc;
}
