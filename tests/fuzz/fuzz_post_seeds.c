/* Seeds of the PoSt vanilla-proof fuzzer, written into the folder given:
 * well-formed FallbackPoStSectorProof blobs of the Single (2 KiB Window and
 * Winning), Sub (32 GiB) and Top (64 GiB) shapes, and a cut one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuzk/post.h"
#include "fuzz_seed_files.h"

/* A blob of cfg's shape with small distinct values (parses; proves nothing). */
static int blob(const cuzk_post_config *cfg, uint8_t **out, size_t *n)
{
    cuzk_post_sector_proof sp = { cfg->vanilla_challenges, NULL, { 1 }, { 2 } };
    sp.inclusion = calloc(sp.n_inclusion, sizeof *sp.inclusion);
    if (!sp.inclusion) return 1;
    for (uint32_t i = 0; i < sp.n_inclusion; i++) {
        cuzk_porep_merkle_proof *p = &sp.inclusion[i];
        p->base_levels = cfg->base_levels;
        p->sub_levels = cfg->sub_arity ? 1 : 0;
        p->top_levels = cfg->top_arity ? 1 : 0;
        uint32_t k = 0;
        for (uint32_t l = 0; l < p->base_levels + p->sub_levels + p->top_levels; l++) {
            p->arity[l] = (uint8_t)(l < p->base_levels ? 8 : l == p->base_levels ? cfg->sub_arity : cfg->top_arity);
            p->index[l] = (uint8_t)((i + l) % p->arity[l]);
            for (uint32_t j = 0; j + 1 < p->arity[l]; j++, k++) p->hashes[k][0] = (uint8_t)(k + i);
        }
        p->root[0] = 2;
        p->leaf[0] = (uint8_t)i;
    }
    cuzk_post_vanilla v = { 7, { 3 }, 1, &sp };
    int rc = cuzk_post_vanilla_write(&v, out, n, NULL);
    free(sp.inclusion);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_post_seeds DIR\n");
        return 2;
    }
    fuzz_seed_make_dirs(argv[1]);
    static const struct {
        cuzk_post_proof proof;
        const char *name;
    } kinds[] = { { CUZK_POST_WINDOW_2KIB_V1_2, "window-2k" }, { CUZK_POST_WINNING_2KIB_V1, "winning-2k" },
                  { CUZK_POST_WINDOW_32GIB_V1_2, "window-32g" }, { CUZK_POST_WINDOW_64GIB_V1_2, "window-64g" } };
    int bad = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        cuzk_post_config cfg;
        uint8_t *b = NULL;
        size_t n = 0;
        if (cuzk_post_config_init(&cfg, kinds[i].proof, NULL) || blob(&cfg, &b, &n)) {
            bad++;
            continue;
        }
        bad += fuzz_seed_save(argv[1], kinds[i].name, b, n);
        if (i == 0) bad += fuzz_seed_save(argv[1], "cut", b, n / 2);
        free(b);
    }
    return bad != 0;
}
