/* cuzk-bench's shared kit (bench/bench_commands.h): the option parser every
 * subcommand uses and the JSON record every benchmark writes. The two sources
 * are compiled into this test, as they are into cuzk-bench. */
#include "../../bench/cli.c"
#include "../../bench/report.c"

#include <jansson.h>

#include "test.h"

#define N(a) (sizeof a / sizeof a[0])

static void test_parse(void)
{
    /* values, flags, a repeated option (the last wins), a plain argument */
    {
        char *argv[] = { "cmd", "--runs", "7", "--json", "ARG", "--out", "a.json", "--out", "b.json" };
        cli_opt o[] = { { "--runs", false, NULL }, { "--json", true, NULL }, { "--out", false, NULL },
                        { "--quick", true, NULL } };
        const char *args[2];
        size_t n_args = 9;
        CHECK(cli_parse_args((int)N(argv), argv, o, N(o), "usage", args, 2, &n_args) == 0);
        CHECK(n_args == 1 && !strcmp(args[0], "ARG"));
        CHECK(!strcmp(cli_get(o, N(o), "--runs"), "7"));
        CHECK(!strcmp(cli_get(o, N(o), "--json"), "1"));
        CHECK(!strcmp(cli_get(o, N(o), "--out"), "b.json"));
        CHECK(cli_get(o, N(o), "--quick") == NULL);
        CHECK(cli_get(o, N(o), "--nothing") == NULL);
    }
    /* refused: an unknown option, a value missing, a plain argument where none is taken */
    {
        char *a1[] = { "cmd", "--bogus" }, *a2[] = { "cmd", "--runs" }, *a3[] = { "cmd", "stray" };
        cli_opt o[] = { { "--runs", false, NULL } };
        CHECK(cli_parse((int)N(a1), a1, o, N(o), "usage") == CLI_EXIT_USAGE);
        CHECK(cli_parse((int)N(a2), a2, o, N(o), "usage") == CLI_EXIT_USAGE);
        CHECK(cli_parse((int)N(a3), a3, o, N(o), "usage") == CLI_EXIT_USAGE);
    }
    /* --help: -1, the usage on stdout */
    {
        char *argv[] = { "cmd", "-h" };
        cli_opt o[] = { { "--runs", false, NULL } };
        CHECK(cli_parse((int)N(argv), argv, o, N(o), "usage") == -1);
    }
}

static void test_numbers(void)
{
    char *argv[] = { "cmd", "--a", "12", "--b", "99", "--c", "x1", "--d", "-3", "--e", "2.5", "--f", "0" };
    cli_opt o[] = { { "--a", false, NULL }, { "--b", false, NULL }, { "--c", false, NULL }, { "--d", false, NULL },
                    { "--e", false, NULL }, { "--f", false, NULL }, { "--g", false, NULL } };
    CHECK(cli_parse((int)N(argv), argv, o, N(o), "usage") == 0);
    unsigned u = 5;
    int i = 5;
    double d = 1;
    CHECK(cli_uint("t", o, N(o), "--a", 1, 64, &u) && u == 12);
    u = 5;
    CHECK(!cli_uint("t", o, N(o), "--b", 1, 64, &u) && u == 5);   /* above the range */
    CHECK(!cli_uint("t", o, N(o), "--c", 1, 64, &u) && u == 5);   /* not a number */
    CHECK(!cli_uint("t", o, N(o), "--d", 0, 64, &u) && u == 5);   /* negative */
    CHECK(cli_int("t", o, N(o), "--d", -5, 5, &i) && i == -3);
    CHECK(cli_uint("t", o, N(o), "--g", 1, 64, &u) && u == 5);    /* absent: the default stays */
    CHECK(cli_positive("t", o, N(o), "--e", &d) && d == 2.5);
    CHECK(!cli_positive("t", o, N(o), "--f", &d) && d == 2.5);
    uint64_t v = 0;
    CHECK(cli_u64("t", "--x", "18446744073709551615", &v) && v == UINT64_MAX);
    CHECK(!cli_u64("t", "--x", "18446744073709551616", &v));
    CHECK(!cli_u64("t", "--x", "-1", &v));

    char *b1[] = { "hashrate", "--runs", "3", "--quick", "--threads", "2" }, *b2[] = { "hashrate", "--runs", "65" };
    cli_bench_opts bo = { .runs = 5 };
    CHECK(cli_parse_bench((int)N(b1), b1, "usage", &bo) == 0);
    CHECK(bo.runs == 3 && bo.threads == 2 && bo.quick && !bo.json && !bo.out);
    bo = (cli_bench_opts){ .runs = 5 };
    CHECK(cli_parse_bench((int)N(b2), b2, "usage", &bo) == CLI_EXIT_USAGE);
}

/* The record written by bench_report_write_json_parts, read back. */
static json_t *record(const bench_report *parts, int n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    int rc = bench_report_write_json_parts(parts, n, f);
    fclose(f);
    json_error_t je;
    json_t *root = rc == 0 ? json_loads(buf, 0, &je) : NULL;
    free(buf);
    return root;
}

static double num(json_t *o, const char *a, const char *b)
{
    json_t *x = json_object_get(json_object_get(json_object_get(o, "figures"), a), b);
    return json_is_number(x) ? json_number_value(x) : -1;
}

static void test_report(void)
{
    char *argv[] = { "gpu", "--runs", "4" };
    bench_report parts[2];
    bench_report_init(&parts[0], "gpu", (int)N(argv), argv);
    bench_report_init(&parts[1], "gpu", (int)N(argv), argv);
    CHECK(!strcmp(parts[0].command, "cuzk-bench gpu --runs 4"));
    parts[0].threads = 16;
    const double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 }, one = 7.5;
    bench_figure *f = bench_report_add(&parts[0], "odd_ms", "ms", odd, 3);
    CHECK(f && f->median == 2 && f->min == 1 && f->max == 3);
    f = bench_report_add(&parts[0], "even_ms", "ms", even, 4);
    CHECK(f && f->median == 2.5 && f->min == 1 && f->max == 4);
    CHECK(bench_report_add(&parts[0], "none", "ms", odd, 0) == NULL);
    bench_report_add(&parts[1], "second_part", "x", &one, 1);

    /* the device is "cpu" unless named; the name is escaped as JSON */
    json_t *r = record(parts, 1);
    CHECK(r && !strcmp(json_string_value(json_object_get(r, "device")), "cpu"));
    json_decref(r);
    bench_report_set_device(&parts[0], "NVIDIA \"H200\"");
    bench_report_set_extra(&parts[0], "public_inputs", 8);
    bench_report_set_extra(&parts[0], "public_inputs", 9);
    r = record(parts, 2);
    CHECK(r != NULL);
    if (r) {
        CHECK(!strcmp(json_string_value(json_object_get(r, "bench")), "gpu"));
        CHECK(!strcmp(json_string_value(json_object_get(r, "device")), "NVIDIA \"H200\""));
        CHECK(!strcmp(json_string_value(json_object_get(r, "build_id")), cuzk_build_id()));
        CHECK(!strcmp(json_string_value(json_object_get(r, "command")), "cuzk-bench gpu --runs 4"));
        CHECK(json_is_string(json_object_get(r, "cpu")) && json_is_string(json_object_get(r, "date")));
        CHECK(json_integer_value(json_object_get(r, "threads")) == 16);
        CHECK(json_integer_value(json_object_get(r, "public_inputs")) == 9);
        CHECK(json_object_size(json_object_get(r, "figures")) == 3);
        CHECK(num(r, "odd_ms", "median") == 2 && num(r, "odd_ms", "min") == 1 && num(r, "odd_ms", "max") == 3);
        CHECK(num(r, "even_ms", "median") == 2.5 && num(r, "even_ms", "runs") == 4);
        CHECK(num(r, "second_part", "median") == 7.5);
        json_t *fig = json_object_get(json_object_get(r, "figures"), "even_ms");
        CHECK(!strcmp(json_string_value(json_object_get(fig, "unit")), "ms"));
        CHECK(json_array_size(json_object_get(fig, "samples")) == 4 &&
              json_number_value(json_array_get(json_object_get(fig, "samples"), 0)) == 4);
        /* the keys in the order of the record's documented shape */
        static const char *const keys[] = { "bench", "build_id", "device", "cpu", "date", "command", "threads",
                                            "public_inputs", "figures" };
        const char *k;
        json_t *v;
        size_t at = 0;
        bool in_order = true;
        json_object_foreach(r, k, v) {
            (void)v;
            in_order &= at < N(keys) && !strcmp(k, keys[at++]);
        }
        CHECK(in_order && at == N(keys));
        json_decref(r);
    }
}

int main(void)
{
    test_parse();
    test_numbers();
    test_report();
    return test_finish("test_bench_kit");
}
