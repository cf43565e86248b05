/* The fast PoRep witness generator: the tape of one challenge block
 * (gadgets/mirror_tape.h, recorded from the generic synthesis) and the
 * per-challenge fill (value mirror + tape evaluation) into caller buffers.
 * See include/cuzk/porep_witness.h. */
#include "witness_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gadgets/mirror_tape.h"

struct cuzk_porep_wgen {
    cuzk_porep_config cfg;
    cuzk_poseidon_set poseidon;
    wm_circuit circ;
    wm_tape tape;
};

/* ---- tape recording ------------------------------------------------------------------- */
typedef struct {
    cuzk_cs *cs;
    cuzk_cs_stats at_block;
    bool seen;
} rec_progress;

static void on_progress(void *arg, uint32_t ch, uint32_t n)
{
    (void)n;
    rec_progress *r = arg;
    if (ch == 0 && !r->seen) {
        cuzk_cs_get_stats(r->cs, &r->at_block);
        r->seen = true;
    }
}

static int record_tape(cuzk_porep_wgen *g, cuzk_err *err)
{
    cuzk_porep_config one = g->cfg;
    one.challenges_per_partition = 1;
    cuzk_porep_circuit *pc = NULL;
    int rc = cuzk_porep_circuit_new_blank(&pc, &one, err);
    if (rc) return rc;
    cuzk_cs *cs = cuzk_cs_recorder_new(false);
    if (!cs) {
        cuzk_porep_circuit_free(pc);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory (recorder)");
    }
    rec_progress pr = { cs, { 0 }, false };
    cuzk_porep_circuit_set_progress(pc, on_progress, &pr);
    cuzk_circuit c = cuzk_porep_circuit_get(pc);
    rc = cuzk_circuit_synthesize(&c, cs, err);
    cuzk_porep_circuit_free(pc);
    if (!rc && !pr.seen) rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "witness generator: no challenge block seen");
    if (!rc) rc = wm_tape_record(&g->tape, cs, &pr.at_block, g->cfg.challenges_per_partition, err);
    cuzk_cs_free(cs);
    return rc;
}

/* Runs the mirror once on zero values, counting and marking; checks the counts against the tape. */
static int trace_shape(cuzk_porep_wgen *g, cuzk_err *err)
{
    cuzk_porep_challenge_proof *p = calloc(1, sizeof *p);
    wm_scratch *s = malloc(sizeof *s);
    int rc = 0;
    if (!p || !s) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory");
    } else {
        wm_tape *t = &g->tape;
        wm_ctx m = { .small = t->small, .marks = t->marks, .cap_marks = WM_TAPE_MAX_MARKS };
        wm_inputs in;
        memset(&in, 0, sizeof in);
        wm_bool rid[256];
        cuzk_fr cc, crl;
        wm_prefix(&m, &g->circ, &in, rid, &cc, &crl);
        wm_ctx b = { .small = t->small, .marks = t->marks + m.n_marks, .cap_marks = WM_TAPE_MAX_MARKS - m.n_marks };
        wm_challenge(&b, &g->circ, rid, p, s);
        rc = wm_tape_check_mirror(t, &m, &b, "challenge", err);
    }
    free(p);
    free(s);
    return rc;
}

int cuzk_porep_wgen_new(cuzk_porep_wgen **out, const cuzk_porep_config *cfg, cuzk_pool *pool, cuzk_err *err)
{
    (void)pool;
    if (!out || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "witness generator: NULL argument");
    *out = NULL;
    cuzk_porep_wgen *g = calloc(1, sizeof *g);
    if (!g) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory");
    g->cfg = *cfg;
    int rc = 0;
    {
        /* the circuit's own arity set: 2 (comm_r), the tree arities, the column */
        uint32_t ar[5];
        size_t na = 0;
        ar[na++] = 2;
        const uint32_t want[4] = { cfg->base_arity, cfg->sub_arity, cfg->top_arity, cfg->layers };
        for (int i = 0; i < 4; i++)
            if (want[i]) ar[na++] = want[i];
        rc = cuzk_poseidon_set_init(&g->poseidon, ar, na, err);
    }
    if (!rc) rc = record_tape(g, err);
    if (!rc) {
        const cuzk_merkle_shape d = { CUZK_MERKLE_SHA256, 2, cfg->tree_d_levels, 0, 0 };
        const cuzk_merkle_shape cr = { CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                       cfg->top_arity };
        g->circ.layers = cfg->layers;
        wm_tree_from_shape(&g->circ.tree_d, &d, &g->poseidon);
        wm_tree_from_shape(&g->circ.tree_cr, &cr, &g->poseidon);
        g->circ.poseidon2 = cuzk_poseidon_set_get(&g->poseidon, 2);
        g->circ.column = cuzk_poseidon_set_get(&g->poseidon, cfg->layers);
        rc = trace_shape(g, err);
    }
    if (rc) {
        cuzk_porep_wgen_free(g);
        return rc;
    }
    *out = g;
    return 0;
}

void cuzk_porep_wgen_free(cuzk_porep_wgen *g)
{
    if (!g) return;
    cuzk_poseidon_set_free(&g->poseidon);
    wm_tape_free(&g->tape);
    free(g);
}

void cuzk_porep_wgen_get_shape(const cuzk_porep_wgen *g, cuzk_porep_wgen_shape *s)
{
    const wm_tape *t = &g->tape;
    s->inputs = t->inputs, s->aux = t->aux, s->constraints = t->constraints;
    s->prefix_inputs = t->p_in, s->prefix_aux = t->p_aux, s->prefix_constraints = t->p_con;
    s->block_inputs = t->b_in, s->block_aux = t->b_aux, s->block_constraints = t->b_con;
    s->tape_terms = t->n_terms, s->tape_coeffs = t->n_coeffs;
    s->challenges = t->n;
    s->block_native_constraints = t->b_native;
}

/* ---- the fill ----------------------------------------------------------------------------- */
static wm_tape_buffers bufs(const cuzk_porep_wgen_buffers *b)
{
    return (wm_tape_buffers){ b->input, b->aux, b->a, b->b, b->c };
}

typedef struct {
    const cuzk_porep_wgen *g;
    const cuzk_porep_challenge_proof *proofs;
    wm_tape_buffers buf;
    const wm_bool *rid_bits;
    int failed;
} fill_job;

static void fill_block(void *ctx, size_t i)
{
    fill_job *j = ctx;
    const cuzk_porep_wgen *g = j->g;
    wm_scratch *s = malloc(sizeof *s);
    if (!s) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    wm_tape_run run;
    wm_ctx m;
    wm_tape_ctx_block(&m, &run, &g->tape, &j->buf, i);
    wm_challenge(&m, &g->circ, j->rid_bits, &j->proofs[i], s);
    free(s);
    if (!wm_tape_finish_run(&m, true)) __atomic_store_n(&j->failed, 2, __ATOMIC_RELAXED);
}

int cuzk_porep_wgen_fill(const cuzk_porep_wgen *g, const cuzk_porep_c1 *c1, uint32_t partition,
                         const cuzk_porep_wgen_buffers *buf, cuzk_pool *pool, cuzk_err *err)
{
    if (!g || !c1 || !buf || !buf->input || !buf->aux || !buf->a || !buf->b || !buf->c)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "witness generator: NULL argument");
    if (g->cfg.seal_proof >= 0 && c1->seal_proof != g->cfg.seal_proof)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "witness generator: the C1 is for seal proof %d, the generator for %d", (int)c1->seal_proof,
                            (int)g->cfg.seal_proof);
    /* the generic circuit's checks of the C1 (shapes, canonical values) */
    cuzk_porep_circuit *pc = NULL;
    int rc = cuzk_porep_circuit_from_c1(&pc, &g->cfg, c1, partition, err);
    cuzk_porep_circuit_free(pc);
    if (rc) return rc;
    const cuzk_porep_challenge_proof *p = c1->proofs + (size_t)partition * c1->challenges_per_partition;
    wm_inputs in;
    cuzk_fr_from_bytes_le(&in.replica_id, c1->replica_id, NULL);
    cuzk_fr_from_bytes_le(&in.comm_d, c1->comm_d, NULL);
    cuzk_fr_from_bytes_le(&in.comm_r, c1->comm_r, NULL);
    cuzk_fr_from_bytes_le(&in.comm_c, p[0].c_x.inclusion.root, NULL);
    cuzk_fr_from_bytes_le(&in.comm_r_last, p[0].comm_r_last_proof.root, NULL);

    /* ONE, the prefix, its constraints */
    const wm_tape_buffers tb = bufs(buf);
    wm_tape_run run;
    wm_ctx m;
    wm_tape_ctx_prefix(&m, &run, &g->tape, &tb);
    wm_bool rid[256];
    cuzk_fr cc, crl;
    wm_prefix(&m, &g->circ, &in, rid, &cc, &crl);
    if (!wm_tape_finish_run(&m, false))
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "witness generator: prefix shape mismatch");

    fill_job job = { g, p, tb, rid, 0 };
    cuzk_pool_run(pool, g->tape.n, fill_block, &job);
    if (__atomic_load_n(&job.failed, __ATOMIC_RELAXED))
        return cuzk_err_set(err, job.failed == 1 ? CUZK_ERR_OUT_OF_MEMORY : CUZK_ERR_UNSUPPORTED,
                            "witness generator: challenge block %s", job.failed == 1 ? "out of memory" : "shape mismatch");
    wm_tape_input_constraints(&g->tape, &tb);
    return 0;
}

void cuzk_porep_wgen_witness(const cuzk_porep_wgen *g, const cuzk_porep_wgen_buffers *buf, cuzk_witness *w)
{
    const wm_tape_buffers tb = bufs(buf);
    wm_tape_witness(&g->tape, &tb, w);
}

void cuzk_porep_wgen_describe(const cuzk_porep_wgen *g, uint64_t aux_index, char *out, size_t n)
{
    wm_tape_describe(&g->tape, "challenge", aux_index, out, n);
}

void cuzk_porep_wgen_describe_constraint(const cuzk_porep_wgen *g, uint64_t i, char *out, size_t n)
{
    wm_tape_describe_constraint(&g->tape, "challenge", i, out, n);
}
