/* Private to src/circuits/post: a partition's sector slots after upstream's
 * padding, shared by the circuit, the checks and the fast witness. */
#ifndef CUZK_POST_IMPL_H
#define CUZK_POST_IMPL_H

#include "cuzk/post.h"

/* Slot i of a partition: the public sector it proves (comm_r) and the
 * SectorProof whose inclusion proofs [first, first + challenge_count) it
 * uses. A partial last Window partition repeats its last sector; Winning's
 * one sector gives 66 slots of one inclusion proof each. */
typedef struct {
    uint64_t sector_id;
    const uint8_t *comm_r;
    const cuzk_post_sector_proof *proof;
    uint32_t first;
    uint64_t sector_index;   /* among all challenged sectors (Window) or pseudo-sectors (Winning) */
    bool padding;            /* a repeat of the partition's last sector */
} post_slot;

/* Fills cfg->sector_count slots of partition k. The public sectors are
 * in->sectors, or when that is NULL the vanilla proofs' (sector_id, comm_r)
 * in order, as generate_window_post_with_vanilla builds them; vanilla proofs
 * are found by sector_id and their comm_r must equal the public sector's. */
int post_slots(post_slot *slots, const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t k, cuzk_err *err);

/* The Poseidon arities of cfg's circuit: 2 (comm_r), 8, sub, top. */
int post_poseidon_init(cuzk_poseidon_set *ps, const cuzk_post_config *cfg, cuzk_err *err);

#endif
