/* The SDR graph: DRG parents by bucket sampling (storage-proofs-core
 * BucketGraph, ChaCha8Rng per node) and expander parents through a
 * 3-round Feistel permutation keyed from porep_id (StackedGraph). */
#include <math.h>
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/hash.h"

int cuzk_porep_graph_init(cuzk_porep_graph *g, uint64_t nodes, cuzk_porep_api api, const uint8_t porep_id[32],
                          cuzk_err *err)
{
    if (!g || !porep_id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep graph: NULL argument");
    if (nodes < 2 || nodes > ((uint64_t)1 << 32))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep graph: %llu nodes", (unsigned long long)nodes);
    memset(g, 0, sizeof *g);
    g->nodes = nodes;
    g->api = api;
    uint8_t buf[64], d[32];
    static const char DRG_DST[] = "Filecoin_DRSample", FEISTEL_DST[] = "Filecoin_Feistel";
    memcpy(buf, DRG_DST, sizeof DRG_DST - 1);
    memcpy(buf + sizeof DRG_DST - 1, porep_id, 32);
    cuzk_sha256(d, buf, sizeof DRG_DST - 1 + 32);
    memcpy(g->drg_seed, d, 28);
    memcpy(buf, FEISTEL_DST, sizeof FEISTEL_DST - 1);
    memcpy(buf + sizeof FEISTEL_DST - 1, porep_id, 32);
    cuzk_sha256(d, buf, sizeof FEISTEL_DST - 1 + 32);
    for (int i = 0; i < 4; i++) g->feistel_keys[i] = cuzk_porep_le64(d + 8 * i);
    /* The Feistel domain is nodes * 8 indexes, split into two halves of
     * log4(next power of 4 >= domain) bits each (at least 1). */
    uint64_t domain = nodes * CUZK_POREP_EXP_PARENTS, pow4 = 4;
    uint32_t log4 = 1;
    while (pow4 < domain) { pow4 *= 4; log4++; }
    g->feistel_half_bits = log4;
    g->feistel_right_mask = ((uint64_t)1 << log4) - 1;
    g->feistel_left_mask = g->feistel_right_mask << log4;
    return 0;
}

/* rand_chacha's ChaCha8Rng: key = the 32-byte seed, 64-bit block counter in
 * words 12-13 from 0, stream 0; next_u64 takes two consecutive output words,
 * low word first. */
typedef struct {
    uint32_t key[8];
    uint32_t buf[16];
    uint64_t counter;
    unsigned pos;
} chacha8_rng;

static uint64_t chacha8_next_u64(chacha8_rng *r)
{
    if (r->pos >= 16) {
        uint32_t w[4] = {(uint32_t)r->counter, (uint32_t)(r->counter >> 32), 0, 0};
        cuzk_porep_chacha_block(r->buf, r->key, w, 8);
        r->counter++;
        r->pos = 0;
    }
    /* pos is always even here: only u64 draws are made. */
    uint64_t v = (uint64_t)r->buf[r->pos] | (uint64_t)r->buf[r->pos + 1] << 32;
    r->pos += 2;
    return v;
}

void cuzk_porep_graph_drg_parents(const cuzk_porep_graph *g, uint32_t node, uint32_t out[CUZK_POREP_DRG_PARENTS])
{
    if (node < 2) {
        memset(out, 0, CUZK_POREP_DRG_PARENTS * sizeof *out);
        return;
    }
    chacha8_rng rng;
    for (int i = 0; i < 7; i++) rng.key[i] = cuzk_porep_le32(g->drg_seed + 4 * i);
    rng.key[7] = node;
    rng.counter = 0;
    rng.pos = 16;
    const uint64_t m_prime = CUZK_POREP_DRG_PARENTS - 1;
    uint64_t meta = (uint64_t)node * m_prime;
    /* Upstream takes ceil(log2) in f64; meta < 2^35 so it is exact. */
    uint64_t n_buckets = (uint64_t)ceil(log2((double)meta));
    bool legacy = g->api == CUZK_POREP_API_V1_0_0;
    uint32_t *others = legacy ? out : out + 1;
    for (uint64_t k = 0; k < m_prime; k++) {
        uint64_t bucket = chacha8_next_u64(&rng) % n_buckets + 1;
        uint64_t hi = bucket >= 63 ? meta : (meta < ((uint64_t)1 << bucket) ? meta : (uint64_t)1 << bucket);
        uint64_t lo = hi >> 1 > 2 ? hi >> 1 : 2;
        uint64_t dist = lo + chacha8_next_u64(&rng) % (hi - lo + 1);
        uint64_t p = (meta - dist) / m_prime;
        others[k] = p == node ? node - 1 : (uint32_t)p;
    }
    out[legacy ? m_prime : 0] = node - 1;
}

static uint64_t feistel_round(uint64_t right, uint64_t key, uint64_t mask)
{
    uint8_t msg[16], h[64];
    cuzk_porep_put_be64(msg, right);
    cuzk_porep_put_be64(msg + 8, key);
    cuzk_porep_blake2b(h, 64, NULL, 0, msg, 16);
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) r = r << 8 | h[i];
    return r & mask;
}

static uint64_t feistel_encode(const cuzk_porep_graph *g, uint64_t index)
{
    uint64_t left = (index & g->feistel_left_mask) >> g->feistel_half_bits;
    uint64_t right = index & g->feistel_right_mask;
    for (int i = 0; i < 3; i++) {
        uint64_t l = right;
        right = left ^ feistel_round(right, g->feistel_keys[i], g->feistel_right_mask);
        left = l;
    }
    return left << g->feistel_half_bits | right;
}

uint64_t cuzk_porep_feistel_permute(const cuzk_porep_graph *g, uint64_t index)
{
    uint64_t domain = g->nodes * CUZK_POREP_EXP_PARENTS;
    uint64_t u = feistel_encode(g, index);
    while (u >= domain) u = feistel_encode(g, u); /* cycle walking */
    return u;
}

void cuzk_porep_graph_exp_parents(const cuzk_porep_graph *g, uint32_t node, uint32_t out[CUZK_POREP_EXP_PARENTS])
{
    for (uint32_t i = 0; i < CUZK_POREP_EXP_PARENTS; i++) {
        uint64_t t = cuzk_porep_feistel_permute(g, (uint64_t)node * CUZK_POREP_EXP_PARENTS + i);
        /* V1 truncated the permuted index to u32 before dividing. */
        out[i] = g->api == CUZK_POREP_API_V1_0_0 ? (uint32_t)t / CUZK_POREP_EXP_PARENTS
                                                 : (uint32_t)(t / CUZK_POREP_EXP_PARENTS);
    }
}

void cuzk_porep_graph_parents(const cuzk_porep_graph *g, uint32_t node, uint32_t out[CUZK_POREP_PARENTS])
{
    cuzk_porep_graph_drg_parents(g, node, out);
    cuzk_porep_graph_exp_parents(g, node, out + CUZK_POREP_DRG_PARENTS);
}

typedef struct {
    const cuzk_porep_graph *g;
    uint32_t *out;
    uint64_t chunk;
} cache_job;

static void cache_task(void *ctx, size_t t)
{
    const cache_job *j = ctx;
    uint64_t lo = t * j->chunk, hi = lo + j->chunk < j->g->nodes ? lo + j->chunk : j->g->nodes;
    for (uint64_t n = lo; n < hi; n++) cuzk_porep_graph_parents(j->g, (uint32_t)n, j->out + n * CUZK_POREP_PARENTS);
}

int cuzk_porep_graph_parent_cache(const cuzk_porep_graph *g, uint32_t *out, cuzk_pool *pool, cuzk_err *err)
{
    if (!g || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "parent cache: NULL argument");
    cache_job j = {g, out, 4096};
    cuzk_pool_run(pool, (size_t)((g->nodes + j.chunk - 1) / j.chunk), cache_task, &j);
    return 0;
}
