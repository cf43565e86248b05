/* Private to the library: the constraint tape of a fast witness generator.
 *
 * A circuit of a prefix and n identical blocks (PoRep: the partition's
 * commitments then one block per challenge; PoSt: no prefix, one block per
 * sector slot) is recorded once, blank, with one block. The tape keeps the
 * A, B and C rows of the prefix and of that block with relocatable variable
 * references (prefix or block variables) and a table of coefficients; block
 * i's rows are block 0's shifted by i blocks of inputs and aux. A fill runs
 * the value mirror (mirror.h) over each block into disjoint slices of the
 * output, the tape evaluating the rows the mirror does not write itself.
 *
 * Layout of a circuit with n blocks: inputs = p_in + n * b_in (ONE first),
 * aux = p_aux + n * b_aux, constraints = p_con + n * b_con + inputs
 * (bellperson's input constraints last). */
#ifndef CUZK_GADGETS_MIRROR_TAPE_H
#define CUZK_GADGETS_MIRROR_TAPE_H

#include "cuzk/r1cs.h"
#include "mirror.h"

#define WM_TAPE_MAX_MARKS 4096

typedef struct {
    uint32_t n;                                  /* blocks */
    uint64_t p_in, p_aux, p_con, b_in, b_aux, b_con;
    uint64_t inputs, aux, constraints;
    uint32_t *lens;                              /* 3 per row: prefix rows then the block's */
    uint64_t *row_term;                          /* first term of each row, and the end */
    uint64_t *terms;
    uint64_t n_terms, block_term0;               /* the block's first term */
    cuzk_fr *coeffs;
    uint32_t n_coeffs;
    cuzk_fr small[4];                            /* wm_small_init */
    uint64_t b_native;                           /* block rows the mirror writes itself */
    uint64_t *a_aux, *b_input, *b_aux_d;         /* densities of the whole circuit */
    wm_mark *marks;                              /* prefix marks then block marks */
    uint32_t n_prefix_marks, n_marks;
} wm_tape;

/* The output vectors, sized by the tape: input[inputs], aux[aux], a/b/c[constraints]. */
typedef struct {
    cuzk_fr *input, *aux, *a, *b, *c;
} wm_tape_buffers;

/* From a recorder holding the blank circuit with one block, and the
 * recorder's stats when the block began: the tape, the sizes for n blocks
 * and the densities. */
int wm_tape_record(wm_tape *t, const cuzk_cs *rec, const cuzk_cs_stats *at_block, uint32_t n_blocks,
                   cuzk_err *err);
/* Checks a counting run of the mirror (prefix run p, block run b, each with
 * its marks into t->marks) against the recorded shape and keeps the marks
 * and the block's native row count. what names the block ("challenge"). */
int wm_tape_check_mirror(wm_tape *t, const wm_ctx *p, const wm_ctx *b, const char *what, cuzk_err *err);
void wm_tape_free(wm_tape *t);

/* The tape rows between two native ones, for wm_ctx.flush. */
typedef struct {
    const wm_tape *t;
    uint64_t row0;              /* the run's first row in the tape (0: prefix, p_con: block) */
    const cuzk_fr *base[4];     /* prefix inputs, block inputs, prefix aux, block aux */
} wm_tape_run;
void wm_tape_flush(wm_ctx *m, uint64_t from, uint64_t to);
/* A writing mirror context for the prefix (after ONE) or for block i. */
void wm_tape_ctx_prefix(wm_ctx *m, wm_tape_run *run, const wm_tape *t, const wm_tape_buffers *buf);
void wm_tape_ctx_block(wm_ctx *m, wm_tape_run *run, const wm_tape *t, const wm_tape_buffers *buf, uint64_t i);
/* A finished run: its counts checked against the tape (false: a mismatch),
 * its last tape rows evaluated. */
bool wm_tape_finish_run(wm_ctx *m, bool block);
/* bellperson's input constraints input_i * 0 = 0, after the blocks. */
void wm_tape_input_constraints(const wm_tape *t, const wm_tape_buffers *buf);
void wm_tape_witness(const wm_tape *t, const wm_tape_buffers *buf, cuzk_witness *w);

/* Debugging aid: the gadget section of an aux variable / a constraint. */
void wm_tape_describe(const wm_tape *t, const char *what, uint64_t aux_index, char *out, size_t n);
void wm_tape_describe_constraint(const wm_tape *t, const char *what, uint64_t i, char *out, size_t n);

#endif
