/* Seeds of the SnapDeals PartitionProof fuzzer, written into the folder
 * given: synthetic proofs of every tree shape the reader meets (2 KiB 8-0-0
 * Single paths, 1 KiB 8-4-0 Sub, 32 KiB 8-8-2 Top, the 2 KiB Poseidon
 * variant) and a truncated one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuzk/update.h"

static int save(const char *dir, const char *name, const uint8_t *b, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b, 1, n, f) != n) {
        fprintf(stderr, "cannot write %s\n", path);
        if (f) fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

static void make_dirs(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s", dir);
    for (char *q = path + 1; *q; q++) {
        if (*q != '/') continue;
        *q = 0;
        mkdir(path, 0755);
        *q = '/';
    }
    mkdir(path, 0755);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_update_seeds DIR\n");
        return 2;
    }
    make_dirs(argv[1]);
    static const struct {
        uint64_t nodes;
        bool poseidon;
        const char *name;
    } S[] = { { 64, false, "2kib" }, { 32, false, "1kib-sub" }, { 1024, false, "32kib-top" }, { 64, true, "2kib-poseidon" } };
    int bad = 0;
    for (size_t i = 0; i < sizeof S / sizeof S[0]; i++) {
        cuzk_update_config cfg;
        cuzk_update_replica *u = NULL;
        cuzk_update_partition_proof p;
        cuzk_err err = { 0 };
        uint8_t *b = NULL;
        size_t n = 0;
        if (cuzk_update_config_from_nodes(&cfg, S[i].nodes, S[i].poseidon, &err) ||
            cuzk_update_synth(&u, &cfg, cfg.h, i + 1, &err) || cuzk_update_replica_prove(u, 0, &p, &err) ||
            cuzk_update_proof_write(&p, &b, &n, &err)) {
            fprintf(stderr, "%s: %s\n", S[i].name, err.msg);
            return 1;
        }
        bad |= save(argv[1], S[i].name, b, n);
        if (i == 0) bad |= save(argv[1], "2kib-truncated", b, n / 2);
        free(b);
        cuzk_update_partition_proof_free(&p);
        cuzk_update_replica_free(u);
    }
    return bad;
}
