/* Registered seal proofs and their PoRep parameters (filecoin-proofs
 * constants.rs and filecoin-proofs-api registry.rs). */
#include <string.h>
#include "cuzk/porep.h"
#include "cuzk/util.h"

typedef struct {
    uint64_t sector_size;
    uint32_t layers, sub_arity, top_arity;
    uint32_t partitions, min_challenges;       /* interactive and synthetic */
    uint32_t ni_partitions, ni_min_challenges; /* non-interactive */
    const char *size_name;
} size_row;

/* The five published sizes, in RegisteredSealProof order. */
static const size_row SIZES[5] = {
    {2048ull, 2, 0, 0, 1, 2, 13, 26, "2KiB"},
    {8ull << 20, 2, 0, 0, 1, 2, 13, 26, "8MiB"},
    {512ull << 20, 2, 0, 0, 1, 2, 13, 26, "512MiB"},
    {32ull << 30, 11, 8, 0, 10, 176, 126, 2253, "32GiB"},
    {64ull << 30, 11, 8, 2, 10, 176, 126, 2253, "64GiB"},
};

static const char *const NAMES[CUZK_SEAL__COUNT] = {
    "StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1", "StackedDrg32GiBV1", "StackedDrg64GiBV1",
    "StackedDrg2KiBV1_1", "StackedDrg8MiBV1_1", "StackedDrg512MiBV1_1", "StackedDrg32GiBV1_1",
    "StackedDrg64GiBV1_1",
    "StackedDrg2KiBV1_1_Feat_SyntheticPoRep", "StackedDrg8MiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg512MiBV1_1_Feat_SyntheticPoRep", "StackedDrg32GiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg64GiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep", "StackedDrg8MiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg512MiBV1_2_Feat_NonInteractivePoRep", "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep",
};

const char *cuzk_seal_proof_name(int proof)
{
    return proof >= 0 && proof < CUZK_SEAL__COUNT ? NAMES[proof] : NULL;
}

int cuzk_seal_proof_from_name(const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < CUZK_SEAL__COUNT; i++)
        if (strcmp(name, NAMES[i]) == 0) return i;
    return -1;
}

const char *cuzk_seal_proof_shape_name(int proof)
{
    /* VanillaSealProof has one variant per size, named after the V1 proof. */
    return proof >= 0 && proof < CUZK_SEAL__COUNT ? NAMES[proof % 5] : NULL;
}

void cuzk_porep_id(uint8_t out[32], uint64_t registered_proof, uint64_t nonce)
{
    memset(out, 0, 32);
    for (int i = 0; i < 8; i++) {
        out[i] = (uint8_t)(registered_proof >> (8 * i));
        out[8 + i] = (uint8_t)(nonce >> (8 * i));
    }
}

static uint32_t log2_exact(uint64_t v)
{
    uint32_t k = 0;
    while (((uint64_t)1 << k) < v) k++;
    return k;
}

int cuzk_porep_config_custom(cuzk_porep_config *cfg, uint64_t nodes, uint32_t layers, uint32_t sub_arity,
                             uint32_t top_arity, cuzk_porep_api api, uint32_t features,
                             const uint8_t porep_id[32], uint32_t partitions, uint32_t challenges_per_partition,
                             cuzk_err *err)
{
    if (!cfg || !porep_id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: NULL argument");
    if (nodes < 2 || nodes > ((uint64_t)1 << 32) || (nodes & (nodes - 1)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: nodes %llu is not a power of two in [2, 2^32]",
                            (unsigned long long)nodes);
    if (layers < 1 || layers > CUZK_POREP_MAX_LAYERS)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: layers %u outside 1..%d", layers,
                            CUZK_POREP_MAX_LAYERS);
    if ((sub_arity && (sub_arity & (sub_arity - 1))) || (top_arity && (top_arity & (top_arity - 1))) ||
        (top_arity && !sub_arity) || sub_arity > 8 || top_arity > 8)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: bad tree shape 8-%u-%u", sub_arity,
                            top_arity);
    uint64_t split = (uint64_t)(sub_arity ? sub_arity : 1) * (top_arity ? top_arity : 1);
    uint64_t base = nodes / split;
    uint32_t lb = log2_exact(base);
    if (base * split != nodes || lb % 3 || lb == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "porep config: %llu nodes do not split into arity-8 trees of shape 8-%u-%u",
                            (unsigned long long)nodes, sub_arity, top_arity);
    if (api > CUZK_POREP_API_V1_2_0 || (features & ~(CUZK_POREP_FEAT_SYNTHETIC | CUZK_POREP_FEAT_NI)) ||
        features == (CUZK_POREP_FEAT_SYNTHETIC | CUZK_POREP_FEAT_NI))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: bad api version %d / features %u",
                            (int)api, features);
    if (partitions < 1 || partitions > 256 || challenges_per_partition < 1 ||
        challenges_per_partition > CUZK_POREP_MAX_CHALLENGES)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: %u partitions of %u challenges",
                            partitions, challenges_per_partition);
    memset(cfg, 0, sizeof *cfg);
    cfg->sector_size = nodes * 32;
    cfg->nodes = nodes;
    cfg->layers = layers;
    cfg->partitions = partitions;
    cfg->challenges_per_partition = challenges_per_partition;
    cfg->min_challenges = partitions * challenges_per_partition;
    cfg->base_arity = 8;
    cfg->base_levels = lb / 3;
    cfg->sub_arity = sub_arity;
    cfg->top_arity = top_arity;
    cfg->tree_d_levels = log2_exact(nodes);
    cfg->api_version = api;
    cfg->features = features;
    cfg->challenge_mode = (features & CUZK_POREP_FEAT_NI)          ? CUZK_POREP_CHALLENGES_NI
                          : (features & CUZK_POREP_FEAT_SYNTHETIC) ? CUZK_POREP_CHALLENGES_SYNTHETIC
                                                                   : CUZK_POREP_CHALLENGES_INTERACTIVE;
    cfg->seal_proof = -1;
    memcpy(cfg->porep_id, porep_id, 32);
    return 0;
}

int cuzk_porep_config_init(cuzk_porep_config *cfg, cuzk_seal_proof proof, cuzk_err *err)
{
    if ((int)proof < 0 || proof >= CUZK_SEAL__COUNT)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: unknown seal proof %d", (int)proof);
    const size_row *s = &SIZES[proof % 5];
    int variant = (int)proof / 5;
    /* SyntheticPoRep needs ApiVersion >= 1.2 in storage-proofs-core's feature
     * table; V1_1 and V1_2 build the same graph, so only V1 differs in effect. */
    static const cuzk_porep_api API[4] = {CUZK_POREP_API_V1_0_0, CUZK_POREP_API_V1_1_0, CUZK_POREP_API_V1_2_0,
                                          CUZK_POREP_API_V1_2_0};
    static const uint32_t FEAT[4] = {0, 0, CUZK_POREP_FEAT_SYNTHETIC, CUZK_POREP_FEAT_NI};
    uint32_t partitions = variant == 3 ? s->ni_partitions : s->partitions;
    uint32_t minc = variant == 3 ? s->ni_min_challenges : s->min_challenges;
    uint32_t cpp = (minc + partitions - 1) / partitions;
    uint8_t id[32];
    cuzk_porep_id(id, (uint64_t)proof, 0);
    int rc = cuzk_porep_config_custom(cfg, s->sector_size / 32, s->layers, s->sub_arity, s->top_arity, API[variant],
                                      FEAT[variant], id, partitions, cpp, err);
    if (rc) return rc;
    cfg->min_challenges = minc;
    cfg->seal_proof = (int32_t)proof;
    return 0;
}

void cuzk_porep_c1_free(cuzk_porep_c1 *c1)
{
    if (!c1) return;
    cuzk_free(c1->proofs);
    c1->proofs = NULL;
}

int cuzk_porep_config_from_params(cuzk_porep_config *cfg, uint64_t sector_size, cuzk_porep_api api,
                                  uint32_t features, const uint8_t porep_id[32], cuzk_err *err)
{
    for (int s = 0; s < 5; s++) {
        if (SIZES[s].sector_size != sector_size) continue;
        int variant = (features & CUZK_POREP_FEAT_NI) ? 3 : (features & CUZK_POREP_FEAT_SYNTHETIC) ? 2 : 1;
        int rc = cuzk_porep_config_init(cfg, (cuzk_seal_proof)(variant * 5 + s), err);
        if (rc) return rc;
        /* Keep what the caller said: a test may pair any porep_id with any version. */
        cfg->api_version = api;
        cfg->features = features;
        memcpy(cfg->porep_id, porep_id, 32);
        cfg->seal_proof = -1;
        return 0;
    }
    return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep config: unsupported sector size %llu",
                        (unsigned long long)sector_size);
}

int cuzk_seal_proof_from_size(const char *size, const char *api)
{
    static const char *sizes[5] = { "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" };
    if (!size) return -1;
    const int variant = !api || !strcmp(api, "1.1") ? 1 : !strcmp(api, "1.0") ? 0 : -1;
    for (int i = 0; i < 5 && variant >= 0; i++)
        if (!strcmp(size, sizes[i])) return variant * 5 + i;
    return -1;
}

/* The official v28 file names (parameters.json), one circuit per sector size
 * for every interactive and synthetic PoRep version. */
const char *cuzk_porep_params_stem(uint64_t sector_size)
{
    switch (sector_size) {
    case 2048ull:
        return "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
               "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f";
    case 8ull << 20:
        return "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
               "ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb";
    case 512ull << 20:
        return "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
               "6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472";
    case 32ull << 30:
        return "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
               "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820";
    case 64ull << 30:
        return "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-2-sha256_hasher-"
               "96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2";
    default:
        return NULL;
    }
}
