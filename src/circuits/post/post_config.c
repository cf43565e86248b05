/* PoSt configs: the registered proofs (filecoin-proofs constants and
 * post_setup_params / winning_post_setup_params), names, parameter file
 * names (storage-proofs-core parameter_cache) and the challenges
 * (storage-proofs-post fallback/vanilla.rs and utils.rs). */
#include <stdio.h>
#include <string.h>

#include "cuzk/hash.h"
#include "cuzk/post.h"

static const uint64_t SIZES[5] = { 2048ull, 8ull << 20, 512ull << 20, 32ull << 30, 64ull << 30 };
/* WINDOW_POST_SECTOR_COUNT of the published sizes */
static const uint32_t WINDOW_SECTORS[5] = { 2, 2, 2, 2349, 2300 };
/* tree R shapes: sub and top arity */
static const uint32_t SUB[5] = { 0, 0, 0, 8, 8 }, TOP[5] = { 0, 0, 0, 0, 2 };

static int shape(cuzk_post_config *cfg, uint64_t nodes, uint32_t sub, uint32_t top, cuzk_err *err)
{
    if (nodes < 2 || (nodes & (nodes - 1)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: %llu nodes, not a power of two",
                            (unsigned long long)nodes);
    if ((sub && (sub & (sub - 1))) || (top && (top & (top - 1))) || (top && !sub) || sub > 16 || top > 16)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: tree 8-%u-%u", sub, top);
    uint64_t base = nodes / (sub ? sub : 1) / (top ? top : 1);
    uint32_t levels = 0;
    while (base > 1 && base % 8 == 0) base /= 8, levels++;
    if (base != 1 || levels == 0 || levels + 2 > 32)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: %llu nodes do not fit tree 8-%u-%u",
                            (unsigned long long)nodes, sub, top);
    cfg->nodes = nodes;
    cfg->sector_size = nodes * 32;
    cfg->base_arity = 8;
    cfg->base_levels = levels;
    cfg->sub_arity = sub;
    cfg->top_arity = top;
    return 0;
}

int cuzk_post_config_custom(cuzk_post_config *cfg, cuzk_post_kind kind, uint64_t nodes, uint32_t sub_arity,
                            uint32_t top_arity, uint32_t sector_count, uint32_t challenge_count, cuzk_porep_api api,
                            cuzk_err *err)
{
    if (!cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: NULL");
    memset(cfg, 0, sizeof *cfg);
    if (kind != CUZK_POST_WINNING && kind != CUZK_POST_WINDOW)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: kind %d", (int)kind);
    if (sector_count < 1 || sector_count > 100000 || challenge_count < 1 || challenge_count > 1000 ||
        (uint64_t)sector_count * challenge_count > 1000000)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: %u sectors x %u challenges", sector_count,
                            challenge_count);
    if (api != CUZK_POREP_API_V1_0_0 && api != CUZK_POREP_API_V1_1_0 && api != CUZK_POREP_API_V1_2_0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: api version %d", (int)api);
    int rc = shape(cfg, nodes, sub_arity, top_arity, err);
    if (rc) return rc;
    cfg->kind = kind;
    cfg->post_proof = -1;
    cfg->sector_count = sector_count;
    cfg->challenge_count = challenge_count;
    cfg->vanilla_challenges = kind == CUZK_POST_WINDOW ? challenge_count : sector_count * challenge_count;
    cfg->api_version = api;
    return 0;
}

int cuzk_post_config_init(cuzk_post_config *cfg, cuzk_post_proof proof, cuzk_err *err)
{
    if ((int)proof < 0 || proof >= CUZK_POST__COUNT)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post config: registered PoSt proof %d unknown (0..14)",
                            (int)proof);
    const int s = (int)proof % 5;
    int rc;
    if (proof < CUZK_POST_WINDOW_2KIB_V1)
        /* winning_post_setup_params: 66 challenges of 1 sector become 66 sectors of 1 challenge */
        rc = cuzk_post_config_custom(cfg, CUZK_POST_WINNING, SIZES[s] / 32, SUB[s], TOP[s],
                                     CUZK_POST_WINNING_CHALLENGES, 1, CUZK_POREP_API_V1_0_0, err);
    else
        rc = cuzk_post_config_custom(cfg, CUZK_POST_WINDOW, SIZES[s] / 32, SUB[s], TOP[s], WINDOW_SECTORS[s],
                                     CUZK_POST_WINDOW_CHALLENGES,
                                     proof < CUZK_POST_WINDOW_2KIB_V1_2 ? CUZK_POREP_API_V1_0_0 : CUZK_POREP_API_V1_2_0,
                                     err);
    if (!rc) cfg->post_proof = (int32_t)proof;
    return rc;
}

static const char *const NAMES[CUZK_POST__COUNT] = {
    "StackedDrgWinning2KiBV1", "StackedDrgWinning8MiBV1", "StackedDrgWinning512MiBV1",
    "StackedDrgWinning32GiBV1", "StackedDrgWinning64GiBV1",
    "StackedDrgWindow2KiBV1", "StackedDrgWindow8MiBV1", "StackedDrgWindow512MiBV1",
    "StackedDrgWindow32GiBV1", "StackedDrgWindow64GiBV1",
    "StackedDrgWindow2KiBV1_2", "StackedDrgWindow8MiBV1_2", "StackedDrgWindow512MiBV1_2",
    "StackedDrgWindow32GiBV1_2", "StackedDrgWindow64GiBV1_2",
};

const char *cuzk_post_proof_name(int proof)
{
    return proof < 0 || proof >= CUZK_POST__COUNT ? NULL : NAMES[proof];
}

int cuzk_post_proof_from_name(const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < CUZK_POST__COUNT; i++)
        if (strcmp(cuzk_post_proof_name(i), name) == 0) return i;
    return -1;
}

int cuzk_post_param_name(char *out, size_t cap, const cuzk_post_config *cfg, cuzk_err *err)
{
    if (!out || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post param name: NULL");
    char id[160];
    const int n = snprintf(id, sizeof id, "FallbackPoSt::PublicParams{sector_size: %llu, challenge_count: %u, "
                                          "sector_count: %u}",
                           (unsigned long long)cfg->sector_size, cfg->challenge_count, cfg->sector_count);
    uint8_t h[32];
    cuzk_sha256(h, id, (size_t)n);
    char hex[65];
    for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", h[i]);
    const int m = snprintf(out, cap, "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-%u-%u-%u-%s",
                           cfg->base_arity, cfg->sub_arity, cfg->top_arity, hex);
    if (m < 0 || (size_t)m >= cap)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post param name: buffer of %zu bytes too small", cap);
    return 0;
}

uint32_t cuzk_post_partitions(const cuzk_post_config *cfg, size_t n_sectors)
{
    if (cfg->kind == CUZK_POST_WINNING) return 1;
    return (uint32_t)((n_sectors + cfg->sector_count - 1) / cfg->sector_count);
}

/* ---- challenges ---------------------------------------------------------------------- */
static uint64_t u64_le(const uint8_t *b)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | b[i];
    return v;
}

static void put_u64_le(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
}

uint64_t cuzk_post_challenge_index(cuzk_porep_api api, uint64_t sector_index, uint32_t challenge_count, uint32_t n)
{
    return api == CUZK_POREP_API_V1_2_0 ? n : sector_index * challenge_count + n;
}

uint64_t cuzk_post_leaf_challenge(uint64_t nodes, const uint8_t randomness[32], uint64_t sector_id,
                                  uint64_t challenge_index)
{
    uint8_t msg[48], h[32];
    memcpy(msg, randomness, 32);
    put_u64_le(msg + 32, sector_id);
    put_u64_le(msg + 40, challenge_index);
    cuzk_sha256(h, msg, sizeof msg);
    return u64_le(h) % nodes;
}

void cuzk_post_sector_challenges(uint64_t *out, const cuzk_post_config *cfg, const uint8_t randomness[32],
                                 uint64_t sector_id, uint64_t sector_index)
{
    /* Winning: generate_fallback_sector_challenges over the one sector (index 0) */
    const uint64_t si = cfg->kind == CUZK_POST_WINNING ? 0 : sector_index;
    for (uint32_t n = 0; n < cfg->vanilla_challenges; n++)
        out[n] = cuzk_post_leaf_challenge(
            cfg->nodes, randomness, sector_id,
            cuzk_post_challenge_index(cfg->api_version, si, cfg->vanilla_challenges, n));
}

uint64_t cuzk_post_winning_sector(const uint8_t randomness[32], const uint8_t prover_id[32], uint64_t n,
                                  uint64_t sector_set_len)
{
    uint8_t msg[72], h[32];
    memcpy(msg, prover_id, 32);
    memcpy(msg + 32, randomness, 32);
    put_u64_le(msg + 64, n);
    cuzk_sha256(h, msg, sizeof msg);
    return sector_set_len ? u64_le(h) % sector_set_len : 0;
}
