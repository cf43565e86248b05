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

/* The circuit's state (update_circuit.c), shared with the fast witness. */
struct cuzk_update_circuit {
    cuzk_update_config cfg;
    cuzk_poseidon_set poseidon;      /* 2 (comm_r), tree R arities */
    cuzk_poseidon_constants genrand; /* arity 2, tag Custom(Arbitrary(1)) */
    bool has_values;
    uint64_t k_and_h_select;         /* h_select alone in the Poseidon variant */
    cuzk_fr comm_r_old, comm_d_new, comm_r_new;
    const cuzk_update_partition_proof *p; /* borrowed or owned; NULL when blank */
    cuzk_update_partition_proof owned;    /* read from bincode (challenges NULL otherwise) */
};

/* Synthesis with recording hooks (the fast witness's tape): the cs stats as
 * challenge 0 begins, the aux index of every generated challenge bit
 * (challenges * (challenge_bit_len - partition_bit_len), when gen_aux is
 * not NULL), and at most max_challenges challenge blocks synthesized. The
 * cs is not finished. */
typedef struct {
    uint32_t max_challenges;
    uint32_t *gen_aux;
    cuzk_cs_stats at_block;
} cuzk_update_hooks;
int cuzk_update_circuit_synth_hooked(const cuzk_update_circuit *uc, cuzk_cs *cs, cuzk_update_hooks *hooks,
                                     cuzk_err *err);

/* Two configs of the same circuit (h and update_proof aside). */
bool cuzk_update_config_same(const cuzk_update_config *a, const cuzk_update_config *b);

/* A config sanity check for entry points that take a caller's config. */
int cuzk_update_config_check(const cuzk_update_config *cfg, cuzk_err *err);

#endif
