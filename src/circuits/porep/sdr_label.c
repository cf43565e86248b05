/* SDR labeling: label(L, n) = SHA256-trunc254(replica_id || L u32 BE ||
 * n u64 BE || 0^20 || 37 parent labels), the 6 DRG parents read from layer L
 * and (L > 1) the 8 expander parents from layer L - 1, repeated in order up to
 * 37; node 0 hashes the 64-byte header alone. */
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/hash.h"

#define HDR 64
#define MSG (HDR + CUZK_POREP_LABEL_PARENTS * 32) /* 1248 bytes */
#define BLOCKS 20                                  /* MSG + padding */

static void header(uint8_t h[HDR], const uint8_t replica_id[32], uint32_t layer, uint64_t node)
{
    memcpy(h, replica_id, 32);
    cuzk_porep_put_be32(h + 32, layer);
    cuzk_porep_put_be64(h + 36, node);
    memset(h + 44, 0, 20);
}

void cuzk_porep_label_parents(uint8_t out[CUZK_POREP_LABEL_PARENTS][32], const uint8_t *labels, uint64_t nodes,
                              uint32_t layer, const uint32_t parents[CUZK_POREP_PARENTS])
{
    const uint8_t *cur = labels + (uint64_t)(layer - 1) * nodes * 32;
    const uint8_t *prev = layer > 1 ? cur - nodes * 32 : NULL;
    unsigned n_par = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
    for (unsigned i = 0; i < CUZK_POREP_LABEL_PARENTS; i++) {
        unsigned k = i % n_par;
        const uint8_t *src = k < CUZK_POREP_DRG_PARENTS ? cur : prev;
        memcpy(out[i], src + (uint64_t)parents[k] * 32, 32);
    }
}

void cuzk_porep_label_hash(uint8_t out[32], const uint8_t replica_id[32], uint32_t layer, uint64_t node,
                           const uint8_t parents[CUZK_POREP_LABEL_PARENTS][32])
{
    if (node == 0) {
        uint8_t h[HDR];
        header(h, replica_id, layer, node);
        cuzk_sha256_trunc254(out, h, HDR);
        return;
    }
    /* Whole padded message, hashed by the raw compression function. */
    uint8_t m[BLOCKS * 64];
    header(m, replica_id, layer, node);
    memcpy(m + HDR, parents, CUZK_POREP_LABEL_PARENTS * 32);
    memset(m + MSG, 0, sizeof m - MSG);
    m[MSG] = 0x80;
    cuzk_porep_put_be64(m + sizeof m - 8, (uint64_t)MSG * 8);
    uint32_t st[8];
    cuzk_sha256_iv(st);
    cuzk_sha256_compress(st, m, BLOCKS);
    for (int i = 0; i < 8; i++) cuzk_porep_put_be32(out + 4 * i, st[i]);
    cuzk_sha256_trim_fr32(out);
}

int cuzk_porep_labels(uint8_t *labels, const cuzk_porep_graph *g, const uint32_t *parent_cache, uint32_t layers,
                      const uint8_t replica_id[32], cuzk_err *err)
{
    if (!labels || !g || !replica_id || layers < 1 || layers > CUZK_POREP_MAX_LAYERS)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep labels: bad argument (layers %u)", layers);
    uint64_t nodes = g->nodes;
    for (uint32_t layer = 1; layer <= layers; layer++) {
        uint8_t *cur = labels + (uint64_t)(layer - 1) * nodes * 32;
        for (uint64_t n = 0; n < nodes; n++) {
            uint8_t par[CUZK_POREP_LABEL_PARENTS][32];
            if (n > 0) {
                uint32_t local[CUZK_POREP_PARENTS];
                const uint32_t *p = parent_cache ? parent_cache + n * CUZK_POREP_PARENTS : local;
                if (!parent_cache) {
                    cuzk_porep_graph_drg_parents(g, (uint32_t)n, local);
                    if (layer > 1) cuzk_porep_graph_exp_parents(g, (uint32_t)n, local + CUZK_POREP_DRG_PARENTS);
                }
                cuzk_porep_label_parents(par, labels, nodes, layer, p);
            }
            cuzk_porep_label_hash(cur + n * 32, replica_id, layer, n, par);
        }
    }
    return 0;
}
