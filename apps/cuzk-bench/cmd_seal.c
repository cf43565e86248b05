/* cuzk-bench seal: a real seal of a small sector in memory (tree D, labels,
 * trees C and R, comm_r; then the interactive seed's challenges and their
 * vanilla proofs), written as Curio's C1 envelope {"SectorNum", "Phase1Out"
 * (base64 of the SealCommitPhase1Output JSON), "SectorSize"}, or as the bare
 * C1 JSON with --bare.
 *
 *   cuzk-bench seal --sector-size 2KiB [--api-version 1.0|1.1] [--miner-id 1000] [--sector-id 1]
 *                   [--seed N | --data FILE] [--bare] [--threads N] --out job.json
 *
 * Sizes: the registered seal proofs a C1 output can name (2KiB, 8MiB,
 * 512MiB; the last needs about 5 GiB of memory and has not been run here).
 * --seed N: sector data, ticket and
 * interactive seed from a seeded generator (the same N gives the same file);
 * without it they come from the OS. --data FILE: the sector's unpadded bytes
 * (at most sector_size * 127 / 128, zero-filled to that), fr32-padded; ticket
 * and seed are then still drawn from --seed or the OS. The vanilla proofs are
 * checked (cuzk_porep_c1_verify) before the file is written.
 *
 * Exit status: 0 written, 1 failed, 2 usage. */
#include "bench_commands.h"
#include "g16_cli.h"
#include "cuzk/porep.h"
#include "cuzk/porep_synth.h"
#include "cuzk/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define USAGE                                                                                                      \
    "--sector-size 2KiB|8MiB|512MiB [--api-version 1.0|1.1] [--miner-id N] [--sector-id N]\n"                     \
    "                       [--seed N | --data FILE] [--bare] [--threads N] --out JOB.json"

static double sec_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e9; }

static double cpu_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int size_to_proof(const char *size, const char *api)
{
    static const char *names[3] = { "2KiB", "8MiB", "512MiB" };
    int variant = !api || !strcmp(api, "1.1") ? 1 : !strcmp(api, "1.0") ? 0 : -1;
    for (int i = 0; i < 3 && variant >= 0; i++)
        if (!strcmp(size, names[i])) return variant * 5 + i;
    return -1;
}

/* splitmix64: the test data generator (not for secrets). */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void fill(uint8_t *out, size_t len, uint64_t *state)
{
    for (size_t i = 0; i < len; i += 8) {
        uint64_t v = splitmix64(state);
        for (size_t j = 0; j < 8 && i + j < len; j++) out[i + j] = (uint8_t)(v >> (8 * j));
    }
}

static int read_data(const char *path, uint8_t *buf, size_t max, cuzk_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) return cuzk_err_set(err, CUZK_ERR_IO, "cannot open %s", path);
    size_t n = fread(buf, 1, max, f);
    int extra = fgetc(f);
    int bad = ferror(f);
    fclose(f);
    if (bad) return cuzk_err_set(err, CUZK_ERR_IO, "cannot read %s", path);
    if (extra != EOF)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: more than the %zu unpadded bytes the sector holds", path,
                            max);
    cuzk_log("seal: %zu bytes of data from %s (zero-filled to %zu)", n, path, max);
    return 0;
}

int cuzk_bench_seal_main(int argc, char **argv)
{
    g16_opt o[] = { { "--sector-size", false, NULL }, { "--api-version", false, NULL }, { "--miner-id", false, NULL },
                    { "--sector-id", false, NULL },   { "--seed", false, NULL },        { "--data", false, NULL },
                    { "--bare", true, NULL },         { "--threads", false, NULL },     { "--out", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE);
    if (prc) return prc < 0 ? G16_EXIT_OK : prc;
    const char *size = g16_get(o, no, "--sector-size"), *out = g16_get(o, no, "--out");
    const char *data_path = g16_get(o, no, "--data");
    if (!size || !out) {
        fprintf(stderr, "cuzk-bench seal: --sector-size and --out are required\nusage: cuzk-bench seal %s\n", USAGE);
        return G16_EXIT_USAGE;
    }
    const int proof = size_to_proof(size, g16_get(o, no, "--api-version"));
    if (proof < 0) {
        fprintf(stderr, "cuzk-bench seal: sector size '%s' or api version '%s' unknown: sizes 2KiB, 8MiB, 512MiB "
                        "(registered seal proofs; 4/16/32 KiB are test shapes a C1 output cannot name), api 1.0, 1.1\n",
                size, g16_get(o, no, "--api-version") ? g16_get(o, no, "--api-version") : "");
        return G16_EXIT_USAGE;
    }
    uint64_t miner = 1000, sector = 1, seed = 0;
    if ((g16_get(o, no, "--miner-id") && !g16_u64("seal", "--miner-id", g16_get(o, no, "--miner-id"), &miner)) ||
        (g16_get(o, no, "--sector-id") && !g16_u64("seal", "--sector-id", g16_get(o, no, "--sector-id"), &sector)) ||
        (g16_get(o, no, "--seed") && !g16_u64("seal", "--seed", g16_get(o, no, "--seed"), &seed)))
        return G16_EXIT_USAGE;
    cuzk_err err = { 0 };
    if (!g16_get(o, no, "--seed") && cuzk_os_random(&seed, sizeof seed, &err)) {
        g16_fail("seal", &err);
        return G16_EXIT_FAIL;
    }
    const uint64_t t0 = cuzk_now_ns();
    const double c0 = cpu_sec();
    cuzk_porep_config cfg;
    cuzk_porep_seal s = { 0 };
    cuzk_porep_c1 c1 = { 0 };
    cuzk_pool *pool = NULL;
    uint8_t *raw = NULL, *padded = NULL;
    char *json = NULL;
    size_t len = 0;
    bool sealed = false;
    int rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)proof, &err);
    const size_t unpadded = (size_t)(cfg.sector_size / 128 * 127);
    if (!rc && (!(raw = calloc(unpadded, 1)) || !(padded = calloc((size_t)cfg.sector_size, 1))))
        rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "seal: %llu-byte sector", (unsigned long long)cfg.sector_size);
    uint64_t state = seed;
    uint8_t prover_id[32], ticket[32], iseed[32];
    if (!rc) {
        if (data_path) rc = read_data(data_path, raw, unpadded, &err);
        else fill(raw, unpadded, &state);
    }
    if (!rc) {
        /* fr32 padding of sector_size * 127/128 bytes fills exactly sector_size bytes */
        if (cuzk_fr32_padded_len(unpadded) != cfg.sector_size)
            rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "seal: fr32 length %zu", cuzk_fr32_padded_len(unpadded));
        else cuzk_fr32_pad(padded, raw, unpadded);
        /* ticket and seed are chain randomness: 32 bytes, top two bits clear as Lotus takes them */
        fill(ticket, 32, &state);
        fill(iseed, 32, &state);
        ticket[31] &= 0x3f;
        iseed[31] &= 0x3f;
        cuzk_porep_prover_id_from_miner(prover_id, miner);
        pool = g16_pool(g16_get(o, no, "--threads"));
    }
    cuzk_log("seal: %s, miner %llu, sector %llu, %s seed %llu", cuzk_seal_proof_name(proof),
             (unsigned long long)miner, (unsigned long long)sector, data_path ? "ticket/seed from" : "data from",
             (unsigned long long)seed);
    if (!rc && !(rc = cuzk_porep_seal_init(&s, &cfg, padded, prover_id, sector, ticket, pool, &err))) sealed = true;
    if (!rc) {
        cuzk_log("seal: labels and trees in %.2f s", sec_since(t0));
        rc = cuzk_porep_seal_commit(&s, iseed, ticket, &c1, &err);
    }
    if (!rc) rc = cuzk_porep_c1_verify(&c1, &cfg, 0, c1.partitions, &err);
    if (!rc)
        rc = g16_get(o, no, "--bare") ? cuzk_c1_write(&c1, &json, &len, &err)
                                      : cuzk_c1_write_envelope(&c1, sector, &json, &len, &err);
    if (!rc) {
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(json, 1, len, f) != len) rc = cuzk_err_set(&err, CUZK_ERR_IO, "cannot write %s", out);
        if (f && fclose(f) && !rc) rc = cuzk_err_set(&err, CUZK_ERR_IO, "cannot write %s", out);
    }
    if (rc) {
        g16_fail("seal", &err);
    } else {
        char hex[65];
        for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", c1.comm_r[i]);
        cuzk_log("seal: %u partitions x %u challenges checked; wrote %s (%zu bytes, %s) in %.2f s (%.2f s CPU); "
                 "comm_r %s", c1.partitions, c1.challenges_per_partition, out, len,
                 g16_get(o, no, "--bare") ? "bare C1 JSON" : "envelope", sec_since(t0), cpu_sec() - c0, hex);
    }
    free(json);
    cuzk_porep_c1_free(&c1);
    if (sealed) cuzk_porep_seal_free(&s);
    cuzk_pool_destroy(pool);
    free(padded);
    free(raw);
    return rc ? G16_EXIT_FAIL : G16_EXIT_OK;
}
