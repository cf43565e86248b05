/* Private: the PoRep circuit's value mirror (witness_mirror.c, over the
 * generic gadgets' mirror gadgets/mirror.h) and its driver (witness_fast.c). */
#ifndef CUZK_POREP_WITNESS_IMPL_H
#define CUZK_POREP_WITNESS_IMPL_H

#include "cuzk/gadgets.h"
#include "gadgets/mirror.h"
#include "cuzk/porep.h"
#include "cuzk/porep_witness.h"

typedef struct {
    uint32_t layers;
    wm_tree tree_d, tree_cr;
    const cuzk_poseidon_constants *poseidon2, *column;
} wm_circuit;

typedef struct {
    cuzk_fr replica_id, comm_d, comm_r, comm_c, comm_r_last;
} wm_inputs;

/* Per-thread scratch (large: keep it off the stack). */
typedef struct {
    wm_sha_state sha;
    wm_bool msg[(2 + CUZK_LABEL_PARENTS) * 256];
    wm_bool parent_bits[CUZK_POREP_PARENTS][256];
    cuzk_fr cols[CUZK_POREP_PARENTS][CUZK_POREP_MAX_LAYERS];
    cuzk_fr labels[CUZK_POREP_MAX_LAYERS];
} wm_scratch;

void wm_prefix(wm_ctx *m, const wm_circuit *c, const wm_inputs *in, wm_bool rid_bits[256], cuzk_fr *comm_c,
               cuzk_fr *comm_r_last);
void wm_challenge(wm_ctx *m, const wm_circuit *c, const wm_bool rid_bits[256], const cuzk_porep_challenge_proof *p,
                  wm_scratch *s);

#endif
