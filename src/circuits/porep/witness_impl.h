/* Private: the fast witness generator's value mirror (witness_mirror.c) and
 * its driver (witness_fast.c). */
#ifndef CUZK_POREP_WITNESS_IMPL_H
#define CUZK_POREP_WITNESS_IMPL_H

#include "cuzk/gadgets.h"
#include "cuzk/porep.h"
#include "cuzk/porep_witness.h"

/* A Boolean of the mirror: kind Constant / Is / Not and its value (already
 * negated for Not), as cuzk_boolean without the variable. */
typedef struct {
    uint8_t kind;
    uint8_t value;
} wm_bool;

/* A UInt32 of the mirror: 32 Booleans, least significant first, and its value. */
typedef struct {
    wm_bool bits[32];
    uint32_t value;
} wm_u32;

/* Start of a gadget section, for the debugging aid. */
typedef struct {
    uint64_t aux;      /* first aux of the section, relative to the run's start */
    const char *name;
    uint32_t level;
} wm_mark;

/* One run of the mirror: values are written at aux[n_aux++] / in[n_in++]
 * while below the caps (a cap of 0 only counts). Constraints are counted in
 * n_con; the bit-level ones (booleanity, xor/and/ch/maj, MultiEq, packing,
 * unpacking) have their A·z, B·z, C·z written natively at a/b/c[n_con]
 * (when a is not NULL), after flush(m, done, n_con) has evaluated the rows
 * since the last native one from the tape. */
typedef struct wm_ctx wm_ctx;
struct wm_ctx {
    cuzk_fr *aux, *in;
    uint64_t n_aux, cap_aux, n_in, cap_in;
    cuzk_fr *a, *b, *c;
    const cuzk_fr *small;   /* -1, 0, 1, 2 (wm_small_init) */
    uint64_t n_con, cap_con, done;
    uint64_t n_native;      /* constraints written natively (or that would be) */
    void (*flush)(wm_ctx *m, uint64_t from, uint64_t to);
    void *flush_arg;
    /* the MultiEq of the current compression */
    uint32_t meq_bits;
    uint64_t meq_acc[4];
    wm_mark *marks;    /* NULL: no marks */
    uint32_t n_marks, cap_marks;
};

typedef struct {
    bool sha256;
    uint32_t levels;
    uint32_t arity[CUZK_POREP_MAX_PATH_LEVELS];
    const cuzk_poseidon_constants *poseidon[CUZK_POREP_MAX_PATH_LEVELS];
} wm_tree;

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
    wm_u32 w[64];
    wm_bool msg[(2 + CUZK_LABEL_PARENTS) * 256];
    wm_bool parent_bits[CUZK_POREP_PARENTS][256];
    cuzk_fr cols[CUZK_POREP_PARENTS][CUZK_POREP_MAX_LAYERS];
    cuzk_fr labels[CUZK_POREP_MAX_LAYERS];
} wm_scratch;

void wm_small_init(cuzk_fr small[4]);
void wm_prefix(wm_ctx *m, const wm_circuit *c, const wm_inputs *in, wm_bool rid_bits[256], cuzk_fr *comm_c,
               cuzk_fr *comm_r_last);
void wm_challenge(wm_ctx *m, const wm_circuit *c, const wm_bool rid_bits[256], const cuzk_porep_challenge_proof *p,
                  wm_scratch *s);

#endif
