/* Vanilla PoSt proofs made here: synthetic ones for any sector size (tree R
 * as a sparse tree over the challenged leaves: nothing of the sector is
 * needed), and real ones from a sealed sector held in memory. */
#include <stdlib.h>
#include <string.h>

#include "cuzk/hash.h"
#include "cuzk/porep_synth.h"
#include "post_impl.h"

static int alloc_vanilla(cuzk_post_vanilla *out, const cuzk_post_config *cfg, uint64_t sector_id, cuzk_err *err)
{
    memset(out, 0, sizeof *out);
    out->sector_id = sector_id;
    out->sectors = calloc(1, sizeof *out->sectors);
    if (out->sectors) out->sectors[0].inclusion = calloc(cfg->vanilla_challenges, sizeof(cuzk_porep_merkle_proof));
    if (!out->sectors || !out->sectors[0].inclusion) {
        cuzk_post_vanilla_free(out);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post synth: out of memory");
    }
    out->n_sectors = 1;
    out->sectors[0].n_inclusion = cfg->vanilla_challenges;
    return 0;
}

/* comm_r = Poseidon2(comm_c, comm_r_last) */
static void set_comm_r(cuzk_post_vanilla *v, const cuzk_poseidon_set *ps)
{
    cuzk_fr pair[2], cr;
    cuzk_fr_from_bytes_le(&pair[0], v->sectors[0].comm_c, NULL);
    cuzk_fr_from_bytes_le(&pair[1], v->sectors[0].comm_r_last, NULL);
    cuzk_poseidon_hash(cuzk_poseidon_set_get(ps, 2), &cr, pair);
    cuzk_fr_to_bytes_le(v->comm_r, &cr);
}

int cuzk_post_synth_vanilla(cuzk_post_vanilla *out, const cuzk_post_config *cfg, const uint8_t randomness[32],
                            uint64_t sector_id, uint64_t sector_index, uint64_t rng_seed, cuzk_err *err)
{
    if (!out || !cfg || !randomness) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post synth: NULL argument");
    const uint32_t n = cfg->vanilla_challenges;
    uint64_t *ch = calloc(n, sizeof *ch);
    cuzk_fr *leaves = calloc(n, sizeof *leaves);
    cuzk_poseidon_set ps;
    cuzk_sparse_tree *t = NULL;
    int rc = !ch || !leaves ? cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post synth: out of memory")
                            : post_poseidon_init(&ps, cfg, err);
    if (rc) {
        free(ch), free(leaves);
        return rc;
    }
    cuzk_post_sector_challenges(ch, cfg, randomness, sector_id, sector_index);
    /* a leaf's value depends on its index only, so a challenge drawn twice
     * finds the same leaf */
    for (uint32_t i = 0; i < n; i++) {
        uint8_t msg[24], b[32];
        for (int k = 0; k < 8; k++)
            msg[k] = (uint8_t)(rng_seed >> (8 * k)), msg[8 + k] = (uint8_t)(sector_id >> (8 * k)),
            msg[16 + k] = (uint8_t)(ch[i] >> (8 * k));
        cuzk_sha256_trunc254(b, msg, sizeof msg);
        cuzk_fr_from_bytes_le(&leaves[i], b, NULL);
    }
    cuzk_porep_rng rng;
    cuzk_porep_rng_init(&rng, "post synthetic tree R", rng_seed ^ sector_id * 0x9e3779b97f4a7c15ull);
    const cuzk_merkle_shape sh = { CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                   cfg->top_arity };
    rc = cuzk_sparse_tree_build(&t, &sh, &ps, ch, leaves, n, &rng, err);
    if (!rc) rc = alloc_vanilla(out, cfg, sector_id, err);
    for (uint32_t i = 0; i < n && !rc; i++) rc = cuzk_sparse_tree_proof(t, ch[i], &out->sectors[0].inclusion[i], err);
    if (!rc) {
        cuzk_fr root;
        cuzk_sparse_tree_root(t, &root);
        cuzk_fr_to_bytes_le(out->sectors[0].comm_r_last, &root);
        cuzk_porep_rng_fr32(&rng, out->sectors[0].comm_c);
        set_comm_r(out, &ps);
    } else if (out->sectors) {
        cuzk_post_vanilla_free(out);
    }
    cuzk_sparse_tree_free(t);
    cuzk_poseidon_set_free(&ps);
    free(ch), free(leaves);
    return rc;
}

int cuzk_post_vanilla_from_seal(cuzk_post_vanilla *out, const cuzk_post_config *cfg, const cuzk_porep_seal *seal,
                                const uint8_t randomness[32], uint64_t sector_id, uint64_t sector_index,
                                cuzk_err *err)
{
    if (!out || !cfg || !seal || !randomness)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post from seal: NULL argument");
    const cuzk_porep_config *pc = &seal->cfg;
    if (pc->nodes != cfg->nodes || pc->base_arity != cfg->base_arity || pc->base_levels != cfg->base_levels ||
        pc->sub_arity != cfg->sub_arity || pc->top_arity != cfg->top_arity)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "post from seal: a sector of %llu nodes, tree 8-%u-%u; the PoSt is of %llu nodes, 8-%u-%u",
                            (unsigned long long)pc->nodes, pc->sub_arity, pc->top_arity,
                            (unsigned long long)cfg->nodes, cfg->sub_arity, cfg->top_arity);
    const uint32_t n = cfg->vanilla_challenges;
    uint64_t *ch = calloc(n, sizeof *ch);
    cuzk_porep_challenge_proof *p = malloc(sizeof *p);
    int rc = !ch || !p ? cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post from seal: out of memory")
                       : alloc_vanilla(out, cfg, sector_id, err);
    if (!rc) cuzk_post_sector_challenges(ch, cfg, randomness, sector_id, sector_index);
    for (uint32_t i = 0; i < n && !rc; i++) {
        rc = cuzk_porep_seal_prove_challenge(seal, ch[i], p, err);
        if (!rc) out->sectors[0].inclusion[i] = p->comm_r_last_proof;
    }
    if (!rc) {
        memcpy(out->comm_r, seal->comm_r, 32);
        memcpy(out->sectors[0].comm_c, seal->comm_c, 32);
        memcpy(out->sectors[0].comm_r_last, seal->comm_r_last, 32);
    } else if (out->sectors) {
        cuzk_post_vanilla_free(out);
    }
    free(ch), free(p);
    return rc;
}
