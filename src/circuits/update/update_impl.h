/* Private helpers shared by the SnapDeals sources. */
#ifndef CUZK_UPDATE_IMPL_H
#define CUZK_UPDATE_IMPL_H

#include "cuzk/update.h"
#include "cuzk/gadgets.h"

/* Tree R's shape (also tree D's in the Poseidon variant). */
static inline cuzk_merkle_shape cuzk_update_shape_r(const cuzk_update_config *cfg)
{
    return (cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                cfg->top_arity };
}

/* Tree D's shape: SHA-256 binary over every node (standard circuit). */
static inline cuzk_merkle_shape cuzk_update_shape_d(const cuzk_update_config *cfg)
{
    if (cfg->poseidon) return cuzk_update_shape_r(cfg);
    return (cuzk_merkle_shape){ CUZK_MERKLE_SHA256, 2, cfg->challenge_bit_len, 0, 0 };
}

/* Poseidon constants for arity 2 and tree R's arities. */
int cuzk_update_poseidon_init(cuzk_poseidon_set *set, const cuzk_update_config *cfg, cuzk_err *err);

/* The siblings (path order, as Fr) and the leaf index of a path whose shape
 * was checked. */
uint64_t cuzk_update_path_values(cuzk_fr *sib, const cuzk_porep_merkle_proof *p);

/* A config sanity check for entry points that take a caller's config. */
int cuzk_update_config_check(const cuzk_update_config *cfg, cuzk_err *err);

#endif
