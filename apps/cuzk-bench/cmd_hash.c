/* cuzk-bench hash: native hashes of a message given in hex, and their speed.
 *
 *   cuzk-bench hash sha256 [--trunc254] HEX
 *   cuzk-bench hash sha256 --bench [--runs N] [--json]
 *   cuzk-bench hash poseidon --arity N HEX...
 *
 * One sub-table entry per hash function; the poseidon one goes beside sha256. */
#include "bench_commands.h"
#include "cuzk/hash.h"
#include "cuzk/poseidon.h"
#include "cuzk/util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Decodes hex (optional 0x) into a new buffer; returns NULL on bad input. */
static uint8_t *unhex(const char *hex, size_t *len)
{
    if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
        hex += 2;
    size_t n = strlen(hex);
    if (n % 2)
        return NULL;
    uint8_t *out = malloc(n / 2 + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1 || !strchr("0123456789abcdefABCDEF", hex[2 * i]) ||
            !strchr("0123456789abcdefABCDEF", hex[2 * i + 1])) {
            free(out);
            return NULL;
        }
        out[i] = (uint8_t)v;
    }
    *len = n / 2;
    return out;
}

static void print_hex(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    printf("\n");
}

/* A volatile sink keeps the compiler from discarding timed work. */
static volatile uint8_t sink;

/* The thread's CPU time: a single-core rate that other processes sharing the
 * machine do not distort (wall time would count their slices too). */
static uint64_t cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Single-core rates: bulk compression (MB/s, compressions/s) and the two
 * message sizes Filecoin hashes most: 64-byte tree-D nodes, 1248-byte labels. */
static int sha256_bench(int runs, bool json, int argc, char **argv)
{
    bench_report rep;
    bench_report_init(&rep, "hash-sha256", argc, argv);
    rep.threads = 1;
    enum { BULK = 1 << 22 };
    uint8_t *buf = malloc(BULK);
    if (!buf) {
        fprintf(stderr, "cuzk-bench hash: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < BULK; i++)
        buf[i] = (uint8_t)(i * 131 + 7);
    double mbs[BENCH_MAX_RUNS], cps[BENCH_MAX_RUNS], node[BENCH_MAX_RUNS], label[BENCH_MAX_RUNS];
    for (int r = 0; r < runs; r++) {
        uint32_t st[8];
        cuzk_sha256_iv(st);
        uint64_t t0 = cpu_ns();
        cuzk_sha256_compress(st, buf, BULK / 64);
        double s = (double)(cpu_ns() - t0) * 1e-9;
        sink ^= (uint8_t)st[0];
        mbs[r] = BULK / s / 1e6;
        cps[r] = BULK / 64 / s / 1e6;

        uint8_t d[32];
        const long nodes = 200000;
        t0 = cpu_ns();
        for (long i = 0; i < nodes; i++)
            cuzk_sha256_trunc254(d, buf + (i & 1023) * 64, 64);
        node[r] = (double)(cpu_ns() - t0) / nodes;
        sink ^= d[0];

        const long labels = 20000;
        t0 = cpu_ns();
        for (long i = 0; i < labels; i++)
            cuzk_sha256_trunc254(d, buf + (i & 1023) * 1248, 1248);
        label[r] = (double)(cpu_ns() - t0) / labels;
        sink ^= d[0];
    }
    bench_report_add(&rep, "sha256_bulk", "MB/s", mbs, runs);
    bench_report_add(&rep, "sha256_compress", "M/s", cps, runs);
    bench_report_add(&rep, "sha256_64B", "ns", node, runs);
    bench_report_add(&rep, "sha256_1248B", "ns", label, runs);
    free(buf);
    if (json)
        return bench_report_write_json(&rep, stdout) != 0;
    printf("sha256 (%s, one core, thread CPU time)\n", cuzk_sha256_backend());
    bench_report_print_table(&rep, stdout);
    return 0;
}

#define SHA256_USAGE "[--trunc254] HEX | --bench [--runs N] [--json]"

static int hash_sha256(int argc, char **argv)
{
    cli_opt opt[] = { { "--trunc254", true, NULL }, { "--bench", true, NULL }, { "--json", true, NULL },
                      { "--runs", false, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    const char *hex = NULL;
    size_t n_args = 0;
    int prc = cli_parse_args(argc, argv, opt, no, SHA256_USAGE, &hex, 1, &n_args);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    const bool trunc = cli_get(opt, no, "--trunc254");
    int runs = 5;
    if (cli_get(opt, no, "--bench")) {
        if (!cli_int("hash sha256", opt, no, "--runs", 1, BENCH_MAX_RUNS, &runs))
            return CLI_EXIT_USAGE;
        return sha256_bench(runs, cli_get(opt, no, "--json"), argc, argv);
    }
    if (!hex) {
        fprintf(stderr, "usage: cuzk-bench hash sha256 %s\n", SHA256_USAGE);
        return CLI_EXIT_USAGE;
    }
    size_t len = 0;
    uint8_t *msg = unhex(hex, &len);
    if (!msg) {
        fprintf(stderr, "cuzk-bench hash sha256: '%s' is not hex (an even number of hex digits)\n", hex);
        return 2;
    }
    uint8_t d[32];
    if (trunc)
        cuzk_sha256_trunc254(d, msg, len);
    else
        cuzk_sha256(d, msg, len);
    free(msg);
    print_hex(d, 32);
    return 0;
}

/* Poseidon (neptune 11, MerkleTree tag) of exactly `arity` field elements,
 * each given and printed as 32 bytes little-endian, the way rust-fil-proofs
 * serialises PoseidonDomain values. */
#define POSEIDON_USAGE "--arity N HEX... (N inputs, each 32 bytes LE hex)"

static int hash_poseidon(int argc, char **argv)
{
    cli_opt opt[] = { { "--arity", false, NULL } };
    const char *hexes[CUZK_POSEIDON_MAX_ARITY + 1];
    size_t n = 0;
    int prc = cli_parse_args(argc, argv, opt, 1, POSEIDON_USAGE, hexes, CUZK_POSEIDON_MAX_ARITY + 1, &n);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    unsigned arity = 0;
    if (!cli_uint("hash poseidon", opt, 1, "--arity", 1, CUZK_POSEIDON_MAX_ARITY, &arity))
        return CLI_EXIT_USAGE;
    if (arity == 0 || n != arity) {
        fprintf(stderr, "usage: cuzk-bench hash poseidon %s%s\n", POSEIDON_USAGE,
                arity && n != arity ? ": wrong number of inputs" : "");
        return CLI_EXIT_USAGE;
    }
    cuzk_fr in[CUZK_POSEIDON_MAX_ARITY], out;
    for (size_t k = 0; k < n; k++) {
        size_t len = 0;
        uint8_t *b = unhex(hexes[k], &len);
        cuzk_err err;
        if (!b || len != 32 || cuzk_fr_from_bytes_le(&in[k], b, &err) != 0) {
            fprintf(stderr, "cuzk-bench hash poseidon: input %zu '%s' is not a field element (32 bytes LE hex, < r)\n",
                    k + 1, hexes[k]);
            free(b);
            return 2;
        }
        free(b);
    }
    cuzk_poseidon_constants *c;
    cuzk_err err;
    if (cuzk_poseidon_constants_new(&c, (uint32_t)arity, CUZK_POSEIDON_STANDARD, &err) != 0) {
        fprintf(stderr, "cuzk-bench hash poseidon: %s\n", err.msg);
        return 1;
    }
    cuzk_poseidon_hash(c, &out, in);
    cuzk_poseidon_constants_free(c);
    uint8_t le[32];
    cuzk_fr_to_bytes_le(le, &out);
    print_hex(le, 32);
    return 0;
}

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} hashes[] = {
    { "sha256", hash_sha256, SHA256_USAGE },
    { "poseidon", hash_poseidon, "--arity N HEX... (each input and the output 32 bytes LE hex)" },
};

int cuzk_bench_hash_main(int argc, char **argv)
{
    size_t n = sizeof hashes / sizeof hashes[0];
    if (argc >= 2)
        for (size_t i = 0; i < n; i++)
            if (!strcmp(argv[1], hashes[i].name))
                return hashes[i].run(argc - 1, argv + 1);
    fprintf(stderr, "usage: cuzk-bench hash <function> ...\n");
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "  %-8s %s\n", hashes[i].name, hashes[i].help);
    return 2;
}
