/* Seeds of the C1 fuzzer, written into the folder given: valid 2 KiB C1
 * outputs (V1, V1_1, SyntheticPoRep), one in Curio's envelope, and a few
 * fragments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "circuits/c1_build.h"
#include "fuzz_seed_files.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    fuzz_seed_make_dirs(dir);
    static const cuzk_seal_proof KINDS[3] = {CUZK_SEAL_2KIB_V1, CUZK_SEAL_2KIB_V1_1, CUZK_SEAL_2KIB_V1_1_SYNTH};
    int bad = 0;
    for (int i = 0; i < 3; i++) {
        cuzk_porep_c1 c1;
        char *j = NULL, name[32];
        size_t n = 0;
        if (build_c1(&c1, KINDS[i], (uint64_t)i + 1) || cuzk_c1_write(&c1, &j, &n, NULL)) return 1;
        snprintf(name, sizeof name, "c1_%d.json", i);
        bad |= fuzz_seed_save(dir, name, j, n);
        bad |= fuzz_seed_save(dir, "c1_prefix.json", j, n / 3);
        free(j);
        if (i == 1) {
            if (cuzk_c1_write_envelope(&c1, 1234, &j, &n, NULL)) return 1;
            bad |= fuzz_seed_save(dir, "envelope.json", j, n);
            free(j);
        }
        cuzk_porep_c1_free(&c1);
    }
    static const char *const SMALL[] = {
        "{}", "{\"registered_proof\":\"StackedDrg2KiBV1_1\",\"vanilla_proofs\":{\"StackedDrg2KiBV1\":[[]]}}",
        "{\"SectorNum\":1,\"Phase1Out\":\"e30=\",\"SectorSize\":2048}",
    };
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "small_%d.json", i);
        bad |= fuzz_seed_save(dir, name, SMALL[i], strlen(SMALL[i]));
    }
    return bad;
}
