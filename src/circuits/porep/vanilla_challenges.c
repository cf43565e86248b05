/* PoRep challenge derivation (storage-proofs-porep challenges.rs):
 * interactive, non-interactive and synthetic. Every challenge is
 * (x mod (nodes - 1)) + 1 for a 256-bit little-endian x: node 0 is never
 * challenged. */
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/hash.h"

#define SYNTH_DEFAULT_COUNT ((uint64_t)1 << 18)
static const uint8_t SYNTH_NONCE[12] = {'s', 'y', 'n', 't', 'h', '-', 'p', 'o', 'r', 'e', 'p', 0};
static const char SYNTH_GEN_KEY[] = "filecoin.io|PoRep|1|Synthetic|1|Generation";
static const char SYNTH_SEL_KEY[] = "filecoin.io|PoRep|1|Synthetic|1|Selection";
static const char NI_TAG[] = "filecoin.io|PoRep|1|NonInteractive|1";

static uint64_t to_challenge(const uint8_t x[32], uint64_t nodes)
{
    uint64_t m = nodes - 1;
    unsigned __int128 r = 0;
    for (int i = 31; i >= 0; i--) r = ((r << 8) | x[i]) % m;
    return (uint64_t)r + 1;
}

static int check(uint64_t nodes, uint32_t cpp, uint32_t k, cuzk_err *err)
{
    if (nodes < 2 || nodes > ((uint64_t)1 << 32) || cpp == 0 || (uint64_t)cpp * (k + 1) > UINT32_MAX)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep challenges: nodes %llu, %u per partition, k %u",
                            (unsigned long long)nodes, cpp, k);
    return 0;
}

int cuzk_porep_challenges_interactive(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                                      const uint8_t seed[32], uint32_t cpp, uint32_t k, cuzk_err *err)
{
    int rc = check(nodes, cpp, k, err);
    if (rc) return rc;
    for (uint32_t i = 0; i < cpp; i++) {
        uint8_t m[68], h[32];
        memcpy(m, replica_id, 32);
        memcpy(m + 32, seed, 32);
        cuzk_porep_put_le32(m + 64, cpp * k + i);
        cuzk_sha256(h, m, sizeof m);
        out[i] = to_challenge(h, nodes);
    }
    return 0;
}

int cuzk_porep_challenges_ni(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32], const uint8_t comm_r[32],
                             uint32_t cpp, uint32_t k, cuzk_err *err)
{
    int rc = check(nodes, cpp, k, err);
    if (rc) return rc;
    const size_t t = sizeof NI_TAG - 1;
    for (uint32_t i = 0; i < cpp; i++) {
        uint8_t m[sizeof NI_TAG - 1 + 68], h[32];
        memcpy(m, NI_TAG, t);
        memcpy(m + t, replica_id, 32);
        memcpy(m + t + 32, comm_r, 32);
        cuzk_porep_put_le32(m + t + 64, cpp * k + i);
        cuzk_sha256(h, m, sizeof m);
        out[i] = to_challenge(h, nodes);
    }
    return 0;
}

static void prf_key(uint8_t key[32], const char *tag, const uint8_t a[32], const uint8_t b[32])
{
    uint8_t m[64];
    memcpy(m, a, 32);
    memcpy(m + 32, b, 32);
    cuzk_porep_blake2b(key, 32, (const uint8_t *)tag, strlen(tag), m, 64);
}

uint64_t cuzk_porep_synth_count(uint64_t nodes)
{
    return nodes < SYNTH_DEFAULT_COUNT ? nodes : SYNTH_DEFAULT_COUNT;
}

int cuzk_porep_synth_challenges(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                                const uint8_t comm_r[32], uint64_t first, uint64_t count, cuzk_err *err)
{
    if (nodes < 2 || nodes > ((uint64_t)1 << 32) || first + count > ((uint64_t)1 << 27))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "synthetic challenges: nodes %llu, range %llu+%llu",
                            (unsigned long long)nodes, (unsigned long long)first, (unsigned long long)count);
    uint8_t key[32];
    prf_key(key, SYNTH_GEN_KEY, replica_id, comm_r);
    for (uint64_t i = 0; i < count; i++) {
        uint8_t x[32];
        cuzk_porep_chacha20_stream(x, 32, key, SYNTH_NONCE, (first + i) * 32);
        out[i] = to_challenge(x, nodes);
    }
    return 0;
}

int cuzk_porep_synth_select(uint64_t *indexes, uint64_t n_synth, const uint8_t replica_id[32],
                            const uint8_t seed[32], uint32_t cpp, uint32_t k, cuzk_err *err)
{
    if (n_synth == 0 || cpp == 0 || (uint64_t)cpp * (k + 1) * 4 > UINT32_MAX)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "synthetic selection: %llu synthetic, %u per partition",
                            (unsigned long long)n_synth, cpp);
    uint8_t key[32];
    prf_key(key, SYNTH_SEL_KEY, replica_id, seed);
    for (uint32_t i = 0; i < cpp; i++) {
        uint8_t w[4];
        cuzk_porep_chacha20_stream(w, 4, key, SYNTH_NONCE, ((uint64_t)cpp * k + i) * 4);
        indexes[i] = cuzk_porep_le32(w) % n_synth;
    }
    return 0;
}

int cuzk_porep_challenges_synthetic(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                                    const uint8_t comm_r[32], const uint8_t seed[32], uint32_t cpp, uint32_t k,
                                    cuzk_err *err)
{
    int rc = check(nodes, cpp, k, err);
    if (rc) return rc;
    uint64_t idx[CUZK_POREP_MAX_CHALLENGES * 8];
    if (cpp > sizeof idx / sizeof *idx)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "synthetic challenges: %u per partition", cpp);
    rc = cuzk_porep_synth_select(idx, cuzk_porep_synth_count(nodes), replica_id, seed, cpp, k, err);
    for (uint32_t i = 0; !rc && i < cpp; i++)
        rc = cuzk_porep_synth_challenges(out + i, nodes, replica_id, comm_r, idx[i], 1, err);
    return rc;
}

int cuzk_porep_challenges(uint64_t *out, const cuzk_porep_config *cfg, const uint8_t replica_id[32],
                          const uint8_t comm_r[32], const uint8_t seed[32], uint32_t partition, cuzk_err *err)
{
    if (!cfg || partition >= cfg->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep challenges: partition %u", partition);
    /* Upstream passes the partition as a u8 (all configs have <= 126). */
    uint32_t k = partition & 0xff, cpp = cfg->challenges_per_partition;
    switch (cfg->challenge_mode) {
    case CUZK_POREP_CHALLENGES_INTERACTIVE:
        return cuzk_porep_challenges_interactive(out, cfg->nodes, replica_id, seed, cpp, k, err);
    case CUZK_POREP_CHALLENGES_SYNTHETIC:
        return cuzk_porep_challenges_synthetic(out, cfg->nodes, replica_id, comm_r, seed, cpp, k, err);
    case CUZK_POREP_CHALLENGES_NI:
        return cuzk_porep_challenges_ni(out, cfg->nodes, replica_id, comm_r, cpp, k, err);
    }
    return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep challenges: bad mode %d", (int)cfg->challenge_mode);
}
