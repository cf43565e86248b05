/* The option parser of every cuzk-bench subcommand. */
#include "bench_commands.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_parse_args(int argc, char **argv, cli_opt *opts, size_t n, const char *usage, const char **args,
                   size_t max_args, size_t *n_args)
{
    if (n_args)
        *n_args = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fprintf(stdout, "usage: cuzk-bench %s %s\n", argv[0], usage);
            return -1;
        }
        if (argv[i][0] != '-' && n_args && *n_args < max_args) {
            args[(*n_args)++] = argv[i];
            continue;
        }
        size_t k = 0;
        while (k < n && strcmp(argv[i], opts[k].name) != 0)
            k++;
        if (k == n) {
            fprintf(stderr, "cuzk-bench %s: %s '%s'\nusage: cuzk-bench %s %s\n", argv[0],
                    argv[i][0] == '-' ? "unknown option" : "unexpected argument", argv[i], argv[0], usage);
            return CLI_EXIT_USAGE;
        }
        if (opts[k].flag) {
            opts[k].value = "1";
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "cuzk-bench %s: %s needs a value\nusage: cuzk-bench %s %s\n", argv[0], argv[i], argv[0],
                    usage);
            return CLI_EXIT_USAGE;
        }
        opts[k].value = argv[++i];
    }
    return 0;
}

int cli_parse(int argc, char **argv, cli_opt *opts, size_t n, const char *usage)
{
    return cli_parse_args(argc, argv, opts, n, usage, NULL, 0, NULL);
}

const char *cli_get(const cli_opt *opts, size_t n, const char *name)
{
    for (size_t k = 0; k < n; k++)
        if (!strcmp(opts[k].name, name))
            return opts[k].value;
    return NULL;
}

bool cli_u64(const char *cmd, const char *name, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = text && *text != '-' ? strtoull(text, &end, 10) : 0;
    if (!text || *text == '-' || errno || end == text || *end) {
        fprintf(stderr, "cuzk-bench %s: %s expects an unsigned integer, got '%s'\n", cmd, name, text ? text : "");
        return false;
    }
    *out = v;
    return true;
}

/* The option as an integer in [min, max]; true and *out untouched when absent. */
static bool ranged(const char *cmd, const cli_opt *opts, size_t n, const char *name, long long min, long long max,
                   long long *out)
{
    const char *v = cli_get(opts, n, name);
    if (!v)
        return true;
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno || end == v || *end || x < min || x > max) {
        fprintf(stderr, "cuzk-bench %s: %s must be %lld..%lld, got '%s'\n", cmd, name, min, max, v);
        return false;
    }
    *out = x;
    return true;
}

bool cli_uint(const char *cmd, const cli_opt *opts, size_t n, const char *name, unsigned min, unsigned max,
              unsigned *out)
{
    long long x = *out;
    bool ok = ranged(cmd, opts, n, name, min, max, &x);
    *out = (unsigned)x;
    return ok;
}

bool cli_int(const char *cmd, const cli_opt *opts, size_t n, const char *name, int min, int max, int *out)
{
    long long x = *out;
    bool ok = ranged(cmd, opts, n, name, min, max, &x);
    *out = (int)x;
    return ok;
}

bool cli_positive(const char *cmd, const cli_opt *opts, size_t n, const char *name, double *out)
{
    const char *v = cli_get(opts, n, name);
    if (!v)
        return true;
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end || !(x > 0)) {
        fprintf(stderr, "cuzk-bench %s: %s must be a positive number, got '%s'\n", cmd, name, v);
        return false;
    }
    *out = x;
    return true;
}

int cli_parse_bench(int argc, char **argv, const char *usage, cli_bench_opts *o)
{
    cli_opt opt[] = { { "--runs", false, NULL }, { "--quick", true, NULL }, { "--threads", false, NULL },
                      { "--json", true, NULL }, { "--out", false, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int rc = cli_parse(argc, argv, opt, no, usage);
    if (rc)
        return rc;
    if (!cli_int(argv[0], opt, no, "--runs", 1, BENCH_MAX_RUNS, &o->runs) ||
        !cli_uint(argv[0], opt, no, "--threads", 1, 1024, &o->threads))
        return CLI_EXIT_USAGE;
    o->quick |= cli_get(opt, no, "--quick") != NULL;
    o->json |= cli_get(opt, no, "--json") != NULL;
    if (cli_get(opt, no, "--out"))
        o->out = cli_get(opt, no, "--out");
    return 0;
}

void cli_fail(const char *cmd, const cuzk_err *err)
{
    fprintf(stderr, "cuzk-bench %s: %s (%s)\n", cmd, err->msg[0] ? err->msg : "failed", cuzk_err_name(err->code));
    fflush(stderr);
}

cuzk_pool *cli_pool(const char *threads_opt)
{
    uint64_t t = 0;
    if (threads_opt && !cli_u64("threads", "--threads", threads_opt, &t))
        t = 0;
    return cuzk_pool_create((unsigned)t);
}
