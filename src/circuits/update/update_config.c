/* SnapDeals configs (storage-proofs-update constants.rs and PublicParams),
 * the registered update proof names and the official parameter file names. */
#include <stdio.h>
#include <string.h>
#include "cuzk/update.h"
#include "cuzk/hash.h"

static const char *const NAMES[CUZK_UPDATE__COUNT] = {
    "StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1", "StackedDrg32GiBV1", "StackedDrg64GiBV1",
};
static const uint64_t PROOF_NODES[CUZK_UPDATE__COUNT] = {
    UINT64_C(1) << 6, UINT64_C(1) << 18, UINT64_C(1) << 24, UINT64_C(1) << 30, UINT64_C(1) << 31,
};

/* ALLOWED_SECTOR_SIZES (log2 of nodes) and validate_tree_r_shape's arities. */
static const struct {
    uint32_t log2_nodes, sub, top;
} SHAPES[] = {
    { 5, 4, 0 },  { 6, 0, 0 },  { 7, 2, 0 },  { 8, 4, 0 },  { 9, 8, 0 },  { 10, 8, 2 },
    { 18, 0, 0 }, { 19, 2, 0 }, { 24, 0, 0 }, { 30, 8, 0 }, { 31, 8, 2 },
};

const char *cuzk_update_proof_name(int proof)
{
    return proof >= 0 && proof < CUZK_UPDATE__COUNT ? NAMES[proof] : NULL;
}

int cuzk_update_proof_from_name(const char *name)
{
    for (int i = 0; name && i < CUZK_UPDATE__COUNT; i++)
        if (strcmp(name, NAMES[i]) == 0) return i;
    return -1;
}

int cuzk_update_config_from_nodes(cuzk_update_config *cfg, uint64_t nodes, bool poseidon, cuzk_err *err)
{
    if (!cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update config: NULL argument");
    size_t s = 0;
    while (s < sizeof SHAPES / sizeof SHAPES[0] && (UINT64_C(1) << SHAPES[s].log2_nodes) != nodes) s++;
    if (s == sizeof SHAPES / sizeof SHAPES[0])
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update config: %llu nodes is not an allowed sector size",
                            (unsigned long long)nodes);
    memset(cfg, 0, sizeof *cfg);
    const uint32_t bits = SHAPES[s].log2_nodes;
    cfg->nodes = nodes;
    cfg->sector_size = nodes * 32;
    cfg->challenge_bit_len = bits;
    /* partition_count, challenge_count, apex_leaf_count and hs by sector size */
    const uint32_t partitions = nodes <= 256 ? 1 : nodes <= 1024 ? 2 : nodes <= (UINT64_C(1) << 19) ? 4 : 16;
    const uint32_t challenges = nodes <= (UINT64_C(1) << 19) ? 10 : 86;
    for (int i = 0; i < CUZK_UPDATE_HS; i++) cfg->hs[i] = nodes <= 1024 ? 1 : 7 + (uint32_t)i;
    cfg->h = cfg->hs[3];
    cfg->poseidon = poseidon;
    if (poseidon) {
        cfg->partitions = 1;
        cfg->partition_bit_len = 0;
        cfg->challenges = challenges * partitions;
        cfg->apex_leafs = cfg->apex_leaf_bit_len = 0;
    } else {
        cfg->partitions = partitions;
        cfg->partition_bit_len = (uint32_t)__builtin_ctz(partitions);
        cfg->challenges = challenges;
        cfg->apex_leafs = nodes <= 256 ? 8 : 128;
        cfg->apex_leaf_bit_len = (uint32_t)__builtin_ctz(cfg->apex_leafs);
    }
    cfg->base_arity = 8;
    cfg->sub_arity = SHAPES[s].sub;
    cfg->top_arity = SHAPES[s].top;
    const uint32_t rest = (cfg->sub_arity ? (uint32_t)__builtin_ctz(cfg->sub_arity) : 0) +
                          (cfg->top_arity ? (uint32_t)__builtin_ctz(cfg->top_arity) : 0);
    cfg->base_levels = (bits - rest) / 3;
    cfg->update_proof = -1;
    for (int i = 0; i < CUZK_UPDATE__COUNT; i++)
        if (PROOF_NODES[i] == nodes) cfg->update_proof = i;
    return 0;
}

int cuzk_update_config_init(cuzk_update_config *cfg, cuzk_update_proof proof, bool poseidon, cuzk_err *err)
{
    if ((int)proof < 0 || proof >= CUZK_UPDATE__COUNT)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update config: unknown registered update proof %d",
                            (int)proof);
    return cuzk_update_config_from_nodes(cfg, PROOF_NODES[proof], poseidon, err);
}

int cuzk_update_h_select(const cuzk_update_config *cfg, uint32_t h, uint64_t *h_select, cuzk_err *err)
{
    for (int i = 0; i < CUZK_UPDATE_HS; i++)
        if (cfg->hs[i] == h) {
            *h_select = UINT64_C(1) << i;
            return 0;
        }
    return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update: h = %u is not allowed for %llu-node sectors", h,
                        (unsigned long long)cfg->nodes);
}

int cuzk_update_param_name(const cuzk_update_config *cfg, char *out, size_t n, cuzk_err *err)
{
    char id[96];
    uint8_t digest[32];
    snprintf(id, sizeof id, "empty_sector_update::PublicParams{ sector_nodes: %llu }", (unsigned long long)cfg->nodes);
    cuzk_sha256(digest, id, strlen(id));
    char hex[65];
    for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    int w = snprintf(out, n, "v28-empty-sector-update-%smerkletree-poseidon_hasher-%u-%u-%u-%s",
                     cfg->poseidon ? "poseidon-" : "", cfg->base_arity, cfg->sub_arity, cfg->top_arity, hex);
    if (w < 0 || (size_t)w >= n)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update param name: buffer of %zu bytes too small", n);
    return 0;
}
