/* SDR graph: parents of every 2 KiB node against the official parent-cache
 * digests (parent_cache.json), configs, porep_id, Feistel being a permutation. */
#include <stdio.h>
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"
#include "cuzk/hash.h"

static const char *DIGEST_2KIB_A = "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d";
static const char *DIGEST_2KIB_B = "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97";

static void cache_digest(char hex[65], const cuzk_porep_config *cfg)
{
    cuzk_porep_graph g;
    CHECK(cuzk_porep_graph_init(&g, cfg->nodes, cfg->api_version, cfg->porep_id, NULL) == 0);
    uint32_t *cache = calloc(cfg->nodes * CUZK_POREP_PARENTS, 4);
    CHECK(cuzk_porep_graph_parent_cache(&g, cache, NULL, NULL) == 0);
    uint8_t *bytes = malloc(cfg->nodes * CUZK_POREP_PARENTS * 4), d[32];
    for (uint64_t i = 0; i < cfg->nodes * CUZK_POREP_PARENTS; i++)
        for (int b = 0; b < 4; b++) bytes[4 * i + b] = (uint8_t)(cache[i] >> (8 * b));
    cuzk_sha256(d, bytes, cfg->nodes * CUZK_POREP_PARENTS * 4);
    test_hex(hex, d, 32);
    /* Every parent precedes its node (DRG) or lies in the sector (expander). */
    for (uint64_t n = 0; n < cfg->nodes; n++)
        for (int k = 0; k < CUZK_POREP_PARENTS; k++) {
            uint32_t p = cache[n * CUZK_POREP_PARENTS + k];
            if (k < CUZK_POREP_DRG_PARENTS && n > 0 && p >= n) { CHECK_MSG(0, "node %llu drg %d", (unsigned long long)n, k); }
            if (p >= cfg->nodes) { CHECK_MSG(0, "node %llu parent %d out of range", (unsigned long long)n, k); }
        }
    free(bytes);
    free(cache);
}

int main(void)
{
    cuzk_porep_config v1, v11, synth, ni;
    CHECK(cuzk_porep_config_init(&v1, CUZK_SEAL_2KIB_V1, NULL) == 0);
    CHECK(cuzk_porep_config_init(&v11, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    CHECK(cuzk_porep_config_init(&synth, CUZK_SEAL_2KIB_V1_1_SYNTH, NULL) == 0);
    CHECK(cuzk_porep_config_init(&ni, CUZK_SEAL_2KIB_V1_2_NI, NULL) == 0);

    char a[65], b[65];
    cache_digest(a, &v1);
    cache_digest(b, &v11);
    printf("2KiB V1 cache %s\n2KiB V1_1 cache %s\n", a, b);
    /* One digest per graph; which is which follows from porep_id. */
    CHECK((strcmp(a, DIGEST_2KIB_A) == 0 && strcmp(b, DIGEST_2KIB_B) == 0) ||
          (strcmp(a, DIGEST_2KIB_B) == 0 && strcmp(b, DIGEST_2KIB_A) == 0));
    /* Synthetic uses porep_id 10: a different graph from both. */
    char c[65];
    cache_digest(c, &synth);
    CHECK(strcmp(c, a) != 0 && strcmp(c, b) != 0);

    /* Configs. */
    CHECK(v1.nodes == 64 && v1.layers == 2 && v1.partitions == 1 && v1.challenges_per_partition == 2);
    CHECK(v1.base_levels == 2 && v1.sub_arity == 0 && v1.tree_d_levels == 6 && v1.api_version == CUZK_POREP_API_V1_0_0);
    CHECK(v11.porep_id[0] == 5 && v11.api_version == CUZK_POREP_API_V1_1_0);
    CHECK(synth.challenge_mode == CUZK_POREP_CHALLENGES_SYNTHETIC && synth.porep_id[0] == 10);
    CHECK(ni.challenge_mode == CUZK_POREP_CHALLENGES_NI && ni.partitions == 13 && ni.challenges_per_partition == 2);
    cuzk_porep_config c32, c64, c32ni, c512;
    CHECK(cuzk_porep_config_init(&c32, CUZK_SEAL_32GIB_V1_1, NULL) == 0);
    CHECK(c32.nodes == (1ull << 30) && c32.layers == 11 && c32.partitions == 10 && c32.challenges_per_partition == 18);
    CHECK(c32.base_levels == 9 && c32.sub_arity == 8 && c32.top_arity == 0 && c32.tree_d_levels == 30);
    CHECK(cuzk_porep_config_init(&c64, CUZK_SEAL_64GIB_V1_1, NULL) == 0);
    CHECK(c64.base_levels == 9 && c64.sub_arity == 8 && c64.top_arity == 2 && c64.tree_d_levels == 31);
    CHECK(cuzk_porep_config_init(&c32ni, CUZK_SEAL_32GIB_V1_2_NI, NULL) == 0);
    CHECK(c32ni.partitions == 126 && c32ni.challenges_per_partition == 18);
    CHECK(cuzk_porep_config_init(&c512, CUZK_SEAL_512MIB_V1_1, NULL) == 0);
    CHECK(c512.base_levels == 8 && c512.layers == 2);
    CHECK(cuzk_porep_config_init(&c512, (cuzk_seal_proof)20, NULL) != 0);
    CHECK(cuzk_porep_config_init(&c512, (cuzk_seal_proof)-1, NULL) != 0);
    CHECK(strcmp(cuzk_seal_proof_name(CUZK_SEAL_32GIB_V1_1_SYNTH), "StackedDrg32GiBV1_1_Feat_SyntheticPoRep") == 0);
    CHECK(cuzk_seal_proof_from_name("StackedDrg64GiBV1_2_Feat_NonInteractivePoRep") == CUZK_SEAL_64GIB_V1_2_NI);
    CHECK(cuzk_seal_proof_from_name("StackedDrg64GiBV2") == -1);
    CHECK(strcmp(cuzk_seal_proof_shape_name(CUZK_SEAL_8MIB_V1_1), "StackedDrg8MiBV1") == 0);
    uint8_t id[32];
    cuzk_porep_id(id, 8, 0);
    CHECK(id[0] == 8 && id[1] == 0 && id[8] == 0 && id[31] == 0);
    cuzk_porep_config bad;
    CHECK(cuzk_porep_config_custom(&bad, 96, 2, 0, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 2, NULL) != 0);
    CHECK(cuzk_porep_config_custom(&bad, 128, 2, 0, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 2, NULL) != 0); /* 128 is not 8^k */
    CHECK(cuzk_porep_config_custom(&bad, 128, 2, 2, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 2, NULL) == 0);
    CHECK(bad.base_levels == 2);

    /* Feistel permutes [0, 8 * nodes) for 2 KiB (512 indexes, a power of 4 domain? no: 4^5 = 1024). */
    cuzk_porep_graph g;
    CHECK(cuzk_porep_graph_init(&g, 64, CUZK_POREP_API_V1_1_0, v11.porep_id, NULL) == 0);
    CHECK(g.feistel_half_bits == 5);
    static unsigned char seen[512];
    int dup = 0;
    for (uint64_t i = 0; i < 512; i++) {
        uint64_t t = cuzk_porep_feistel_permute(&g, i);
        if (t >= 512 || seen[t]++) dup++;
    }
    CHECK(dup == 0);
    return test_finish("test_porep_graph");
}
