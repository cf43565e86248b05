/* cuzk r1cs: a rank-1 constraint system with bellperson semantics.
 *
 * Variables live in two index spaces, inputs and aux, each numbered from 0 in
 * allocation order. Input 0 is the constant ONE and is allocated by the
 * constraint system itself at creation, as bellperson's prover and parameter
 * generator both do before synthesis. enforce(A, B, C) appends the constraint
 * <A,z>·<B,z> = <C,z>. cuzk_cs_finish appends, for every input i in index
 * order (ONE included), the constraint Input(i) · 0 = 0 that bellperson adds
 * after synthesis, so a circuit synthesized here has exactly bellperson's shape.
 *
 * One circuit-facing API, three back ends:
 *  - recorder: stores the matrices (and the assignment when values are given):
 *    setup, inspection, is_satisfied;
 *  - prover:   stores the assignment and each constraint's A·z, B·z, C·z plus
 *    the density bitmaps, but not the matrices;
 *  - counter:  counts constraints, inputs, aux, non-zeros and densities,
 *    allocating nothing per constraint. */
#ifndef CUZK_R1CS_H
#define CUZK_R1CS_H

#include "cuzk/ff.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { CUZK_VAR_INPUT = 0, CUZK_VAR_AUX = 1 } cuzk_var_kind;

typedef struct {
    uint32_t index;
    uint32_t kind; /* cuzk_var_kind */
} cuzk_var;

static inline cuzk_var cuzk_var_one(void) { return (cuzk_var){ 0, CUZK_VAR_INPUT }; }

/* ---- linear combinations ----------------------------------------------------
 * Adding a variable that is already present adds to its coefficient
 * (bellpepper's Indexer); terms whose merged coefficient is zero are kept but
 * ignored for evaluation and density. Merging happens lazily (cuzk_lc_normalize,
 * called by enforce), so appending is O(1).
 * An LC owns heap storage once it outgrows its inline terms: do not copy the
 * struct, use cuzk_lc_copy; release with cuzk_lc_free. */
typedef struct {
    cuzk_var var;
    cuzk_fr coeff;
} cuzk_lc_term;

#define CUZK_LC_INLINE 4

typedef struct {
    cuzk_lc_term *heap;   /* NULL while the inline storage suffices */
    uint32_t len, cap;
    bool normalized;      /* sorted by (kind, index) with no repeated variable */
    cuzk_lc_term small[CUZK_LC_INLINE];
} cuzk_lc;

void cuzk_lc_init(cuzk_lc *lc);
void cuzk_lc_free(cuzk_lc *lc);
void cuzk_lc_clear(cuzk_lc *lc);                 /* keeps storage */
static inline cuzk_lc_term *cuzk_lc_terms(cuzk_lc *lc) { return lc->heap ? lc->heap : lc->small; }
static inline const cuzk_lc_term *cuzk_lc_terms_c(const cuzk_lc *lc) { return lc->heap ? lc->heap : lc->small; }
/* Each returns 0, or CUZK_ERR_OUT_OF_MEMORY. */
int cuzk_lc_add(cuzk_lc *lc, cuzk_var v, const cuzk_fr *coeff);   /* + coeff·v */
int cuzk_lc_add_var(cuzk_lc *lc, cuzk_var v);                      /* + v */
int cuzk_lc_sub_var(cuzk_lc *lc, cuzk_var v);                      /* - v */
int cuzk_lc_add_const(cuzk_lc *lc, const cuzk_fr *c);              /* + c·ONE */
int cuzk_lc_add_scaled(cuzk_lc *lc, const cuzk_lc *other, const cuzk_fr *k); /* + k·other */
int cuzk_lc_copy(cuzk_lc *dst, const cuzk_lc *src);
/* Sorts by (kind, index) and merges repeated variables. */
void cuzk_lc_normalize(cuzk_lc *lc);

/* ---- the constraint system ------------------------------------------------- */
typedef struct cuzk_cs cuzk_cs;

/* Allocation of a variable: value may be NULL exactly when the cs has no values
 * (setup / counting); a cs with values records a sticky error otherwise. */
int cuzk_cs_alloc(cuzk_cs *cs, cuzk_var *out, const cuzk_fr *value);
int cuzk_cs_alloc_input(cuzk_cs *cs, cuzk_var *out, const cuzk_fr *value);
/* Normalizes the three LCs (they are modified: merged and sorted) and appends
 * the constraint. Failures are sticky: see cuzk_cs_error. */
void cuzk_cs_enforce(cuzk_cs *cs, cuzk_lc *a, cuzk_lc *b, cuzk_lc *c);
/* Namespaces label nothing and change nothing (bellperson's prover ignores them). */
static inline void cuzk_cs_push_namespace(cuzk_cs *cs, const char *name) { (void)cs; (void)name; }
static inline void cuzk_cs_pop_namespace(cuzk_cs *cs) { (void)cs; }
/* True when variables carry values (proving, satisfaction checks). */
bool cuzk_cs_has_values(const cuzk_cs *cs);
/* The value of an allocated variable (requires has_values). */
const cuzk_fr *cuzk_cs_value(const cuzk_cs *cs, cuzk_var v);
/* Evaluates <lc, z> (requires has_values). */
void cuzk_cs_eval_lc(const cuzk_cs *cs, const cuzk_lc *lc, cuzk_fr *out);
/* Appends the input constraints; after it no more allocation or enforce is allowed.
 * Returns the sticky error if any step failed. */
int cuzk_cs_finish(cuzk_cs *cs, cuzk_err *err);
/* First error recorded (0 if none), with its message in *err when non-NULL. */
int cuzk_cs_error(const cuzk_cs *cs, cuzk_err *err);
void cuzk_cs_free(cuzk_cs *cs);

typedef struct {
    uint64_t constraints;       /* after finish: includes the input constraints */
    uint64_t inputs;            /* ONE included */
    uint64_t aux;
    uint64_t nnz_a, nnz_b, nnz_c;               /* non-zero merged terms per matrix */
    uint64_t a_aux_density;                     /* aux with a non-zero A coefficient somewhere */
    uint64_t b_input_density, b_aux_density;    /* inputs / aux occurring in some B */
} cuzk_cs_stats;

void cuzk_cs_get_stats(const cuzk_cs *cs, cuzk_cs_stats *stats);

/* ---- back ends --------------------------------------------------------------- */
/* Counter: counts only; no values. */
cuzk_cs *cuzk_cs_counter_new(void);
/* Recorder: matrices; with_values = true records the assignment too. */
cuzk_cs *cuzk_cs_recorder_new(bool with_values);
/* Prover: assignment, a/b/c evaluations and densities. The hints pre-size the
 * vectors (0 = unknown) so large circuits do not regrow. */
cuzk_cs *cuzk_cs_prover_new(uint64_t constraints_hint, uint64_t aux_hint);

/* Checker: stores the assignment only; each constraint is evaluated and
 * checked (A·z · B·z = C·z) when enforced, without keeping the matrices or
 * the evaluations (satisfaction checks of circuits too big to record).
 * aux_hint pre-sizes the assignment (0 = unknown). */
cuzk_cs *cuzk_cs_checker_new(uint64_t aux_hint);
typedef struct {
    uint64_t checked;           /* constraints enforced so far */
    uint64_t failed;            /* how many of them do not hold */
    int64_t first_failed;       /* index of the first that does not, -1 if none */
    cuzk_fr first_abc[3];       /* its A·z, B·z, C·z */
} cuzk_cs_check;
int cuzk_cs_checker_result(const cuzk_cs *cs, cuzk_cs_check *out);

/* Recorder access: constraint i's three LCs as term arrays (normalized). */
typedef struct {
    const cuzk_lc_term *terms;
    uint32_t len;
} cuzk_lc_view;
int cuzk_cs_recorder_constraint(const cuzk_cs *cs, uint64_t i, cuzk_lc_view *a, cuzk_lc_view *b,
                                cuzk_lc_view *c);
/* Index of the first constraint not satisfied by the recorded assignment, -1
 * when all are, -2 when cs is not a recorder with values. */
int64_t cuzk_cs_recorder_first_unsatisfied(const cuzk_cs *cs);
/* Replaces one recorded value (for negative tests and tooling). */
int cuzk_cs_set_value(cuzk_cs *cs, cuzk_var v, const cuzk_fr *value);

/* Prover access (valid after finish): the vectors the Groth16 prover consumes. */
typedef struct {
    const cuzk_fr *input;       /* num_inputs values, ONE first */
    const cuzk_fr *aux;         /* num_aux values */
    const cuzk_fr *a, *b, *c;   /* one per constraint */
    uint64_t num_inputs, num_aux, num_constraints;
    const uint64_t *a_aux_density;    /* bitmaps, bit j of word j/64 */
    const uint64_t *b_input_density;
    const uint64_t *b_aux_density;
} cuzk_witness;
int cuzk_cs_prover_witness(const cuzk_cs *cs, cuzk_witness *w);

/* Density bitmaps of a counter or prover (NULL for other back ends). */
const uint64_t *cuzk_cs_a_aux_density(const cuzk_cs *cs);
const uint64_t *cuzk_cs_b_input_density(const cuzk_cs *cs);
const uint64_t *cuzk_cs_b_aux_density(const cuzk_cs *cs);

/* ---- circuits ------------------------------------------------------------------ */
typedef struct {
    const char *name;
    /* Must work with and without values (cuzk_cs_has_values). */
    int (*synthesize)(void *ctx, cuzk_cs *cs, cuzk_err *err);
    void *ctx;
} cuzk_circuit;

/* Synthesizes the circuit into cs and finishes it. */
int cuzk_circuit_synthesize(const cuzk_circuit *circuit, cuzk_cs *cs, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
