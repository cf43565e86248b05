/* The fast PoSt witness generator: one sector slot is the tape's block (no
 * prefix), recorded from the generic circuit with one slot; each slot is
 * filled by the value mirror of Sector::synthesize below and the tape. */
#include <stdlib.h>
#include <string.h>

#include "gadgets/mirror_tape.h"
#include "post_impl.h"

struct cuzk_post_wgen {
    cuzk_post_config cfg;
    cuzk_poseidon_set poseidon;
    wm_tree tree;
    const cuzk_poseidon_constants *poseidon2;
    wm_tape tape;
};

/* The mirror of one slot (post_circuit.c sector_synth): comm_r_last, comm_c,
 * comm_r, comm_r inputized, Poseidon2(comm_c, comm_r_last) = comm_r, then per
 * challenge the leaf and its inclusion in tree R. s NULL: zero values. */
static void slot_mirror(wm_ctx *m, const cuzk_post_wgen *g, const post_slot *s, wm_sha_state *sha)
{
    static const uint8_t zero_path[CUZK_POREP_MAX_PATH_HASHES][32];
    static const uint8_t zero_index[CUZK_POREP_MAX_PATH_LEVELS];
    cuzk_fr crl = CUZK_FR_ZERO, cc = CUZK_FR_ZERO, cr = CUZK_FR_ZERO, h;
    if (s) {
        cuzk_fr_from_bytes_le(&crl, s->proof->comm_r_last, NULL);
        cuzk_fr_from_bytes_le(&cc, s->proof->comm_c, NULL);
        cuzk_fr_from_bytes_le(&cr, s->comm_r, NULL);
    }
    wm_mark_section(m, "comm_r_last, comm_c, comm_r", 0);
    wm_alloc_fr(m, &crl);
    wm_alloc_fr(m, &cc);
    wm_alloc_fr(m, &cr);
    wm_alloc_input(m, &cr), wm_con(m); /* inputize */
    wm_mark_section(m, "comm_r = Poseidon2(comm_c, comm_r_last)", 0);
    const cuzk_fr pair[2] = { cc, crl };
    wm_poseidon(m, &h, pair, g->poseidon2);
    wm_con(m); /* comm_r * 1 = h */
    for (uint32_t c = 0; c < g->cfg.challenge_count; c++) {
        const cuzk_porep_merkle_proof *p = s ? &s->proof->inclusion[s->first + c] : NULL;
        cuzk_fr leaf = CUZK_FR_ZERO;
        if (p) cuzk_fr_from_bytes_le(&leaf, p->leaf, NULL);
        wm_mark_section(m, "challenge leaf", c);
        wm_alloc_fr(m, &leaf);
        wm_inclusion(m, &g->tree, &leaf, p ? p->index : zero_index, p ? (const uint8_t(*)[32])p->hashes : zero_path,
                     "tree-R inclusion level", sha);
    }
}

static int record_tape(cuzk_post_wgen *g, cuzk_err *err)
{
    cuzk_post_config one = g->cfg;
    one.sector_count = 1;
    cuzk_post_circuit *pc = NULL;
    int rc = cuzk_post_circuit_new_blank(&pc, &one, err);
    if (rc) return rc;
    cuzk_cs *cs = cuzk_cs_recorder_new(false);
    if (!cs) {
        cuzk_post_circuit_free(pc);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post witness generator: out of memory (recorder)");
    }
    cuzk_cs_stats at_block;
    cuzk_cs_get_stats(cs, &at_block); /* no prefix: the slot starts after ONE */
    cuzk_circuit c = cuzk_post_circuit_get(pc);
    rc = cuzk_circuit_synthesize(&c, cs, err);
    cuzk_post_circuit_free(pc);
    if (!rc) rc = wm_tape_record(&g->tape, cs, &at_block, g->cfg.sector_count, err);
    cuzk_cs_free(cs);
    return rc;
}

int cuzk_post_wgen_new(cuzk_post_wgen **out, const cuzk_post_config *cfg, cuzk_err *err)
{
    if (!out || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post witness generator: NULL argument");
    *out = NULL;
    cuzk_post_wgen *g = calloc(1, sizeof *g);
    if (!g) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post witness generator: out of memory");
    g->cfg = *cfg;
    int rc = post_poseidon_init(&g->poseidon, cfg, err);
    if (!rc) rc = record_tape(g, err);
    if (!rc) {
        const cuzk_merkle_shape sh = { CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                       cfg->top_arity };
        wm_tree_from_shape(&g->tree, &sh, &g->poseidon);
        g->poseidon2 = cuzk_poseidon_set_get(&g->poseidon, 2);
        wm_sha_state *sha = malloc(sizeof *sha);
        if (!sha) {
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post witness generator: out of memory");
        } else {
            /* a counting run of the mirror, against the recorded shape */
            wm_ctx p = { .small = g->tape.small, .marks = g->tape.marks, .cap_marks = WM_TAPE_MAX_MARKS };
            wm_ctx b = { .small = g->tape.small, .marks = g->tape.marks, .cap_marks = WM_TAPE_MAX_MARKS };
            slot_mirror(&b, g, NULL, sha);
            rc = wm_tape_check_mirror(&g->tape, &p, &b, "sector slot", err);
            free(sha);
        }
    }
    if (rc) {
        cuzk_post_wgen_free(g);
        return rc;
    }
    *out = g;
    return 0;
}

void cuzk_post_wgen_free(cuzk_post_wgen *g)
{
    if (!g) return;
    cuzk_poseidon_set_free(&g->poseidon);
    wm_tape_free(&g->tape);
    free(g);
}

void cuzk_post_wgen_size(const cuzk_post_wgen *g, uint64_t *inputs, uint64_t *aux, uint64_t *constraints)
{
    *inputs = g->tape.inputs, *aux = g->tape.aux, *constraints = g->tape.constraints;
}

static wm_tape_buffers bufs(const cuzk_post_wgen_buffers *b)
{
    return (wm_tape_buffers){ b->input, b->aux, b->a, b->b, b->c };
}

typedef struct {
    const cuzk_post_wgen *g;
    const post_slot *slots;
    wm_tape_buffers buf;
    int failed;
} fill_job;

static void fill_slot(void *ctx, size_t i)
{
    fill_job *j = ctx;
    wm_sha_state *sha = malloc(sizeof *sha);
    if (!sha) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    wm_tape_run run;
    wm_ctx m;
    wm_tape_ctx_block(&m, &run, &j->g->tape, &j->buf, i);
    slot_mirror(&m, j->g, &j->slots[i], sha);
    free(sha);
    if (!wm_tape_finish_run(&m, true)) __atomic_store_n(&j->failed, 2, __ATOMIC_RELAXED);
}

int cuzk_post_wgen_fill(const cuzk_post_wgen *g, const cuzk_post_inputs *in, uint32_t partition, bool check,
                        const cuzk_post_wgen_buffers *buf, cuzk_pool *pool, cuzk_err *err)
{
    if (!g || !in || !buf || !buf->input || !buf->aux || !buf->a || !buf->b || !buf->c)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post witness generator: NULL argument");
    post_slot *slots = calloc(g->cfg.sector_count, sizeof *slots);
    if (!slots) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post witness generator: out of memory");
    /* the generic circuit's checks */
    int rc = post_slots(slots, &g->cfg, in, partition, err);
    if (!rc && check) rc = cuzk_post_vanilla_verify(&g->cfg, in, partition, err);
    if (!rc) {
        const wm_tape_buffers tb = bufs(buf);
        buf->input[0] = CUZK_FR_ONE;
        fill_job job = { g, slots, tb, 0 };
        cuzk_pool_run(pool, g->cfg.sector_count, fill_slot, &job);
        if (__atomic_load_n(&job.failed, __ATOMIC_RELAXED))
            rc = cuzk_err_set(err, job.failed == 1 ? CUZK_ERR_OUT_OF_MEMORY : CUZK_ERR_UNSUPPORTED,
                              "post witness generator: sector slot %s",
                              job.failed == 1 ? "out of memory" : "shape mismatch");
        else
            wm_tape_input_constraints(&g->tape, &tb);
    }
    free(slots);
    return rc;
}

void cuzk_post_wgen_witness(const cuzk_post_wgen *g, const cuzk_post_wgen_buffers *buf, cuzk_witness *w)
{
    const wm_tape_buffers tb = bufs(buf);
    wm_tape_witness(&g->tape, &tb, w);
}

void cuzk_post_wgen_describe(const cuzk_post_wgen *g, uint64_t aux_index, char *out, size_t n)
{
    wm_tape_describe(&g->tape, "sector slot", aux_index, out, n);
}

void cuzk_post_wgen_describe_constraint(const cuzk_post_wgen *g, uint64_t i, char *out, size_t n)
{
    wm_tape_describe_constraint(&g->tape, "sector slot", i, out, n);
}
