/* The fast PoRep witness generator: the tape (one challenge block's matrices,
 * recorded from the generic synthesis), the densities, and the per-challenge
 * fill (value mirror + tape evaluation) into caller buffers. See
 * include/cuzk/porep_witness.h. */
#include "witness_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ff/fr_impl.h"

/* A term: low 32 bits = variable code (kind in bits 30..31, index below),
 * high 32 bits = coefficient id (0 = 1, 1 = -1, else coeffs[id]). */
enum { V_GIN = 0, V_BIN = 1, V_GAUX = 2, V_BAUX = 3 };
#define V_INDEX_MASK 0x3fffffffu
#define MAX_MARKS 4096

struct cuzk_porep_wgen {
    cuzk_porep_config cfg;
    cuzk_poseidon_set poseidon;
    wm_circuit circ;
    uint32_t n;                                  /* challenges */
    uint64_t p_in, p_aux, p_con, b_in, b_aux, b_con;
    uint64_t inputs, aux, constraints;
    uint32_t *lens;                              /* 3 per constraint: prefix then block */
    uint64_t *row_term;                          /* first term of each row, and the end */
    uint64_t *terms;
    cuzk_fr small[4];
    uint64_t n_terms, block_term0;               /* the block's first term */
    uint64_t b_native;                           /* block rows the mirror writes itself */
    cuzk_fr *coeffs;
    uint32_t n_coeffs;
    uint64_t *a_aux, *b_input, *b_aux_d;         /* densities of a whole partition */
    wm_mark *marks;                              /* prefix marks then block marks */
    uint32_t n_prefix_marks, n_marks;
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

typedef struct {
    uint32_t *slot; /* index into coeffs + 1, 0 = empty */
    uint32_t cap;
} coeff_map;

static uint32_t fr_hash(const cuzk_fr *x) { return (uint32_t)((x->l[0] ^ (x->l[1] * 0x9e3779b97f4a7c15ull)) >> 17); }

static int coeff_id(cuzk_porep_wgen *g, coeff_map *map, const cuzk_fr *c, uint32_t *id)
{
    cuzk_fr m1;
    cuzk_fr_neg(&m1, &CUZK_FR_ONE);
    if (cuzk_fr_eq(c, &CUZK_FR_ONE)) return *id = 0, 0;
    if (cuzk_fr_eq(c, &m1)) return *id = 1, 0;
    if ((uint64_t)g->n_coeffs * 2 >= map->cap) {
        uint32_t ncap = map->cap ? map->cap * 2 : 1024;
        uint32_t *ns = calloc(ncap, sizeof *ns);
        if (!ns) return CUZK_ERR_OUT_OF_MEMORY;
        for (uint32_t i = 2; i < g->n_coeffs; i++) {
            uint32_t h = fr_hash(&g->coeffs[i]) & (ncap - 1);
            while (ns[h]) h = (h + 1) & (ncap - 1);
            ns[h] = i + 1;
        }
        free(map->slot);
        map->slot = ns;
        map->cap = ncap;
        cuzk_fr *nc = realloc(g->coeffs, (size_t)ncap * sizeof *nc);
        if (!nc) return CUZK_ERR_OUT_OF_MEMORY;
        g->coeffs = nc;
    }
    uint32_t h = fr_hash(c) & (map->cap - 1);
    while (map->slot[h]) {
        if (cuzk_fr_eq(&g->coeffs[map->slot[h] - 1], c)) return *id = map->slot[h] - 1, 0;
        h = (h + 1) & (map->cap - 1);
    }
    g->coeffs[g->n_coeffs] = *c;
    map->slot[h] = g->n_coeffs + 1;
    *id = g->n_coeffs++;
    return 0;
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
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    if (!rc && !pr.seen) rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "witness generator: no challenge block seen");
    if (rc) {
        cuzk_cs_free(cs);
        return rc;
    }
    g->p_in = pr.at_block.inputs, g->p_aux = pr.at_block.aux, g->p_con = pr.at_block.constraints;
    g->b_in = st.inputs - g->p_in, g->b_aux = st.aux - g->p_aux;
    g->b_con = st.constraints - st.inputs - g->p_con;
    const uint64_t rows = g->p_con + g->b_con;
    g->lens = malloc(rows * 3 * sizeof *g->lens);
    g->row_term = malloc((rows + 1) * sizeof *g->row_term);
    const uint64_t nnz = st.nnz_a + st.nnz_b + st.nnz_c; /* bounds the non-zero terms of these rows */
    g->terms = malloc((nnz ? nnz : 1) * sizeof *g->terms);
    g->coeffs = malloc(2 * sizeof *g->coeffs);
    coeff_map map = { NULL, 0 };
    if (!g->lens || !g->row_term || !g->terms || !g->coeffs) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory (tape)");
    if (!rc) {
        g->coeffs[0] = CUZK_FR_ONE;
        cuzk_fr_neg(&g->coeffs[1], &CUZK_FR_ONE);
        g->n_coeffs = 2;
    }
    uint64_t nt = 0;
    for (uint64_t i = 0; i < rows && !rc; i++) {
        if (i == g->p_con) g->block_term0 = nt;
        g->row_term[i] = nt;
        cuzk_lc_view v[3];
        rc = cuzk_cs_recorder_constraint(cs, i, &v[0], &v[1], &v[2]);
        for (int k = 0; k < 3 && !rc; k++) {
            uint32_t len = 0;
            for (uint32_t j = 0; j < v[k].len && !rc; j++) {
                const cuzk_lc_term *t = &v[k].terms[j];
                if (cuzk_fr_is_zero(&t->coeff)) continue;
                uint32_t kind, idx;
                if (t->var.kind == CUZK_VAR_INPUT)
                    kind = t->var.index < g->p_in ? V_GIN : V_BIN, idx = (uint32_t)(t->var.index < g->p_in ? t->var.index : t->var.index - g->p_in);
                else
                    kind = t->var.index < g->p_aux ? V_GAUX : V_BAUX, idx = (uint32_t)(t->var.index < g->p_aux ? t->var.index : t->var.index - g->p_aux);
                if (idx > V_INDEX_MASK || (i < g->p_con && (kind == V_BIN || kind == V_BAUX))) {
                    rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "witness generator: constraint %llu: variable out of the tape's range", (unsigned long long)i);
                    break;
                }
                uint32_t id;
                rc = coeff_id(g, &map, &t->coeff, &id);
                if (!rc && nt < nnz) g->terms[nt++] = (uint64_t)id << 32 | (uint64_t)kind << 30 | idx;
                len++;
            }
            g->lens[3 * i + (uint64_t)k] = len;
        }
    }
    if (rows == g->p_con) g->block_term0 = nt;
    if (!rc) g->row_term[rows] = nt;
    g->n_terms = nt;
    free(map.slot);
    cuzk_cs_free(cs);
    return rc;
}

/* ---- densities of the whole partition ---------------------------------------------------- */
static inline void bset(uint64_t *w, uint64_t i) { w[i >> 6] |= 1ull << (i & 63); }

static int densities(cuzk_porep_wgen *g, cuzk_err *err)
{
    g->a_aux = calloc((g->aux + 63) / 64 + 1, sizeof(uint64_t));
    g->b_aux_d = calloc((g->aux + 63) / 64 + 1, sizeof(uint64_t));
    g->b_input = calloc((g->inputs + 63) / 64 + 1, sizeof(uint64_t));
    if (!g->a_aux || !g->b_aux_d || !g->b_input)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory (densities)");
    /* one pass over the tape marks prefix variables and block 0; blocks 1.. copy block 0's pattern */
    const uint64_t rows = g->p_con + g->b_con;
    const uint64_t *t = g->terms;
    for (uint64_t i = 0; i < rows; i++)
        for (int k = 0; k < 3; k++) {
            const uint32_t len = g->lens[3 * i + (uint64_t)k];
            for (uint32_t j = 0; j < len; j++, t++) {
                const uint32_t code = (uint32_t)*t, kind = code >> 30, idx = code & V_INDEX_MASK;
                if (k == 0 && (kind == V_GAUX || kind == V_BAUX))
                    bset(g->a_aux, kind == V_GAUX ? idx : g->p_aux + idx);
                if (k == 1) {
                    if (kind == V_GAUX || kind == V_BAUX) bset(g->b_aux_d, kind == V_GAUX ? idx : g->p_aux + idx);
                    else bset(g->b_input, kind == V_GIN ? idx : g->p_in + idx);
                }
            }
        }
    /* replicate block 0's bits (bit offsets need not be word aligned) */
    uint64_t *maps[2] = { g->a_aux, g->b_aux_d };
    for (int m = 0; m < 2; m++)
        for (uint64_t j = 0; j < g->b_aux; j++) {
            const uint64_t src = g->p_aux + j;
            if (!((maps[m][src >> 6] >> (src & 63)) & 1)) continue;
            for (uint32_t b = 1; b < g->n; b++) bset(maps[m], src + (uint64_t)b * g->b_aux);
        }
    for (uint64_t j = 0; j < g->b_in; j++) {
        const uint64_t src = g->p_in + j;
        if (!((g->b_input[src >> 6] >> (src & 63)) & 1)) continue;
        for (uint32_t b = 1; b < g->n; b++) bset(g->b_input, src + (uint64_t)b * g->b_in);
    }
    return 0;
}

/* Runs the mirror once on zero values, counting and marking; checks the counts against the tape. */
static int trace_shape(cuzk_porep_wgen *g, cuzk_err *err)
{
    g->marks = calloc(MAX_MARKS, sizeof *g->marks);
    cuzk_porep_challenge_proof *p = calloc(1, sizeof *p);
    wm_scratch *s = malloc(sizeof *s);
    int rc = 0;
    if (!g->marks || !p || !s) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory");
    } else {
        wm_ctx m = { .small = g->small, .marks = g->marks, .cap_marks = MAX_MARKS };
        wm_inputs in;
        memset(&in, 0, sizeof in);
        wm_bool rid[256];
        cuzk_fr cc, crl;
        wm_prefix(&m, &g->circ, &in, rid, &cc, &crl);
        if (m.n_aux != g->p_aux || m.n_in + 1 != g->p_in || m.n_con != g->p_con)
            rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                              "witness generator: the mirror's prefix has %llu aux / %llu inputs / %llu constraints, "
                              "the circuit %llu / %llu / %llu",
                              (unsigned long long)m.n_aux, (unsigned long long)m.n_in + 1, (unsigned long long)m.n_con,
                              (unsigned long long)g->p_aux, (unsigned long long)g->p_in, (unsigned long long)g->p_con);
        g->n_prefix_marks = m.n_marks;
        wm_ctx b = { .small = g->small, .marks = g->marks + m.n_marks, .cap_marks = MAX_MARKS - m.n_marks };
        wm_challenge(&b, &g->circ, rid, p, s);
        g->n_marks = m.n_marks + b.n_marks;
        g->b_native = b.n_native;
        if (!rc && (b.n_aux != g->b_aux || b.n_in != g->b_in || b.n_con != g->b_con))
            rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                              "witness generator: the mirror's challenge has %llu aux / %llu inputs / %llu constraints, "
                              "the circuit %llu / %llu / %llu",
                              (unsigned long long)b.n_aux, (unsigned long long)b.n_in, (unsigned long long)b.n_con,
                              (unsigned long long)g->b_aux, (unsigned long long)g->b_in, (unsigned long long)g->b_con);
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
    g->n = cfg->challenges_per_partition;
    wm_small_init(g->small);
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
        g->inputs = g->p_in + (uint64_t)g->n * g->b_in;
        g->aux = g->p_aux + (uint64_t)g->n * g->b_aux;
        g->constraints = g->p_con + (uint64_t)g->n * g->b_con + g->inputs;
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
    if (!rc) rc = densities(g, err);
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
    free(g->lens);
    free(g->row_term);
    free(g->terms);
    free(g->coeffs);
    free(g->a_aux);
    free(g->b_input);
    free(g->b_aux_d);
    free(g->marks);
    free(g);
}

void cuzk_porep_wgen_get_shape(const cuzk_porep_wgen *g, cuzk_porep_wgen_shape *s)
{
    s->inputs = g->inputs, s->aux = g->aux, s->constraints = g->constraints;
    s->prefix_inputs = g->p_in, s->prefix_aux = g->p_aux, s->prefix_constraints = g->p_con;
    s->block_inputs = g->b_in, s->block_aux = g->b_aux, s->block_constraints = g->b_con;
    s->tape_terms = g->n_terms, s->tape_coeffs = g->n_coeffs;
    s->challenges = g->n;
    s->block_native_constraints = g->b_native;
}

/* ---- evaluation ----------------------------------------------------------------------- */
static inline bool fr_zero(const cuzk_fr *x) { return (x->l[0] | x->l[1] | x->l[2] | x->l[3]) == 0; }
static inline bool fr_one(const cuzk_fr *x)
{
    return x->l[0] == CUZK_FR_ONE.l[0] && x->l[1] == CUZK_FR_ONE.l[1] && x->l[2] == CUZK_FR_ONE.l[2] &&
           x->l[3] == CUZK_FR_ONE.l[3];
}

/* rows constraints from the tape at (lens, terms) into a/b/c */
static void eval_rows(const cuzk_porep_wgen *g, const uint32_t *lens, const uint64_t *t, uint64_t rows,
                      const cuzk_fr *const base[4], cuzk_fr *a, cuzk_fr *b, cuzk_fr *c)
{
    cuzk_fr *outs[3] = { a, b, c };
    const cuzk_fr *co = g->coeffs;
    for (uint64_t i = 0; i < rows; i++)
        for (int k = 0; k < 3; k++) {
            const uint32_t len = *lens++;
            cuzk_fr acc = CUZK_FR_ZERO, x;
            for (uint32_t j = 0; j < len; j++, t++) {
                const uint32_t code = (uint32_t)*t, id = (uint32_t)(*t >> 32);
                const cuzk_fr *v = base[code >> 30] + (code & V_INDEX_MASK);
                if (fr_zero(v)) continue;
                if (id == 0) cuzk_fr_add_i(&acc, &acc, v);
                else if (id == 1) cuzk_fr_sub_i(&acc, &acc, v);
                else if (fr_one(v)) cuzk_fr_add_i(&acc, &acc, &co[id]);
                else {
                    cuzk_fr_mul_i(&x, &co[id], v);
                    cuzk_fr_add_i(&acc, &acc, &x);
                }
            }
            outs[k][i] = acc;
        }
}

/* The tape rows of a run between two native ones. */
typedef struct {
    const cuzk_porep_wgen *g;
    uint64_t row0;              /* the run's first row in the tape (0: prefix, p_con: block) */
    const cuzk_fr *base[4];
} tape_run;

static void flush_tape(wm_ctx *m, uint64_t from, uint64_t to)
{
    const tape_run *r = m->flush_arg;
    if (to > m->cap_con) to = m->cap_con;
    if (from >= to) return;
    const uint64_t row = r->row0 + from;
    eval_rows(r->g, r->g->lens + 3 * row, r->g->terms + r->g->row_term[row], to - from, r->base, m->a + from,
              m->b + from, m->c + from);
}

typedef struct {
    const cuzk_porep_wgen *g;
    const cuzk_porep_challenge_proof *proofs;
    const cuzk_porep_wgen_buffers *buf;
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
    cuzk_fr *aux = j->buf->aux + g->p_aux + i * g->b_aux, *in = j->buf->input + g->p_in + i * g->b_in;
    const uint64_t row0 = g->p_con + i * g->b_con;
    tape_run run = { g, g->p_con, { j->buf->input, in, j->buf->aux, aux } };
    wm_ctx m = { .aux = aux, .in = in, .cap_aux = g->b_aux, .cap_in = g->b_in, .a = j->buf->a + row0,
                 .b = j->buf->b + row0, .c = j->buf->c + row0, .small = g->small, .cap_con = g->b_con,
                 .flush = flush_tape, .flush_arg = &run };
    wm_challenge(&m, &g->circ, j->rid_bits, &j->proofs[i], s);
    free(s);
    if (m.n_aux != g->b_aux || m.n_in != g->b_in || m.n_con != g->b_con) {
        __atomic_store_n(&j->failed, 2, __ATOMIC_RELAXED);
        return;
    }
    flush_tape(&m, m.done, m.n_con);
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
    buf->input[0] = CUZK_FR_ONE;
    tape_run run = { g, 0, { buf->input, NULL, buf->aux, NULL } };
    wm_ctx m = { .aux = buf->aux, .in = buf->input + 1, .cap_aux = g->p_aux, .cap_in = g->p_in - 1, .a = buf->a,
                 .b = buf->b, .c = buf->c, .small = g->small, .cap_con = g->p_con, .flush = flush_tape,
                 .flush_arg = &run };
    wm_bool rid[256];
    cuzk_fr cc, crl;
    wm_prefix(&m, &g->circ, &in, rid, &cc, &crl);
    if (m.n_aux != g->p_aux || m.n_in + 1 != g->p_in || m.n_con != g->p_con)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "witness generator: prefix shape mismatch");
    flush_tape(&m, m.done, m.n_con);

    fill_job job = { g, p, buf, rid, 0 };
    cuzk_pool_run(pool, g->n, fill_block, &job);
    if (__atomic_load_n(&job.failed, __ATOMIC_RELAXED))
        return cuzk_err_set(err, job.failed == 1 ? CUZK_ERR_OUT_OF_MEMORY : CUZK_ERR_UNSUPPORTED,
                            "witness generator: challenge block %s", job.failed == 1 ? "out of memory" : "shape mismatch");
    /* bellperson's input constraints: input_i * 0 = 0 */
    const uint64_t r0 = g->p_con + (uint64_t)g->n * g->b_con;
    for (uint64_t k = 0; k < g->inputs; k++) {
        buf->a[r0 + k] = buf->input[k];
        buf->b[r0 + k] = CUZK_FR_ZERO;
        buf->c[r0 + k] = CUZK_FR_ZERO;
    }
    return 0;
}

void cuzk_porep_wgen_witness(const cuzk_porep_wgen *g, const cuzk_porep_wgen_buffers *buf, cuzk_witness *w)
{
    w->input = buf->input, w->aux = buf->aux;
    w->a = buf->a, w->b = buf->b, w->c = buf->c;
    w->num_inputs = g->inputs, w->num_aux = g->aux, w->num_constraints = g->constraints;
    w->a_aux_density = g->a_aux;
    w->b_input_density = g->b_input;
    w->b_aux_density = g->b_aux_d;
}

/* ---- debugging aid ---------------------------------------------------------------------- */
static void describe_in(const wm_mark *mk, uint32_t n, uint64_t off, char *out, size_t len, const char *where,
                        uint64_t at)
{
    const wm_mark *best = NULL;
    for (uint32_t i = 0; i < n; i++)
        if (mk[i].aux <= off) best = &mk[i];
    if (best)
        snprintf(out, len, "%s +%llu: %s %u (+%llu into it)", where, (unsigned long long)at, best->name, best->level,
                 (unsigned long long)(off - best->aux));
    else
        snprintf(out, len, "%s +%llu", where, (unsigned long long)at);
}

void cuzk_porep_wgen_describe(const cuzk_porep_wgen *g, uint64_t aux_index, char *out, size_t n)
{
    if (aux_index < g->p_aux) {
        describe_in(g->marks, g->n_prefix_marks, aux_index, out, n, "prefix", aux_index);
    } else if (aux_index < g->aux) {
        const uint64_t r = aux_index - g->p_aux, ch = r / g->b_aux, off = r % g->b_aux;
        char where[48];
        snprintf(where, sizeof where, "challenge %llu", (unsigned long long)ch);
        describe_in(g->marks + g->n_prefix_marks, g->n_marks - g->n_prefix_marks, off, out, n, where, off);
    } else {
        snprintf(out, n, "aux %llu is past the partition's %llu", (unsigned long long)aux_index,
                 (unsigned long long)g->aux);
    }
}

void cuzk_porep_wgen_describe_constraint(const cuzk_porep_wgen *g, uint64_t i, char *out, size_t n)
{
    if (i < g->p_con)
        snprintf(out, n, "prefix constraint %llu", (unsigned long long)i);
    else if (i < g->p_con + (uint64_t)g->n * g->b_con)
        snprintf(out, n, "challenge %llu constraint +%llu", (unsigned long long)((i - g->p_con) / g->b_con),
                 (unsigned long long)((i - g->p_con) % g->b_con));
    else if (i < g->constraints)
        snprintf(out, n, "input constraint %llu", (unsigned long long)(i - g->p_con - (uint64_t)g->n * g->b_con));
    else
        snprintf(out, n, "constraint %llu is past the partition's %llu", (unsigned long long)i,
                 (unsigned long long)g->constraints);
}
