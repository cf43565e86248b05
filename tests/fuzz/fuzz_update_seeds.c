/* Seeds of the SnapDeals PartitionProof fuzzer, written into the folder
 * given: synthetic proofs of every tree shape the reader meets (2 KiB 8-0-0
 * Single paths, 1 KiB 8-4-0 Sub, 32 KiB 8-8-2 Top, the 2 KiB Poseidon
 * variant) and a truncated one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuzk/update.h"
#include "fuzz_seed_files.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_update_seeds DIR\n");
        return 2;
    }
    fuzz_seed_make_dirs(argv[1]);
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
        bad |= fuzz_seed_save(argv[1], S[i].name, b, n);
        if (i == 0) bad |= fuzz_seed_save(argv[1], "2kib-truncated", b, n / 2);
        free(b);
        cuzk_update_partition_proof_free(&p);
        cuzk_update_replica_free(u);
    }
    return bad;
}
