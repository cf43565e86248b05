/* The constraint tape of the fast witness generators (mirror_tape.h). */
#include "mirror_tape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ff/ff_internal.h"

/* A term: low 32 bits = variable code (kind in bits 30..31, index below),
 * high 32 bits = coefficient id (0 = 1, 1 = -1, else coeffs[id]). */
enum { V_GIN = 0, V_BIN = 1, V_GAUX = 2, V_BAUX = 3 };
#define V_INDEX_MASK 0x3fffffffu

/* ---- recording ------------------------------------------------------------------------ */
typedef struct {
    uint32_t *slot; /* index into coeffs + 1, 0 = empty */
    uint32_t cap;
} coeff_map;

static uint32_t fr_hash(const cuzk_fr *x) { return (uint32_t)((x->l[0] ^ (x->l[1] * 0x9e3779b97f4a7c15ull)) >> 17); }

static int coeff_id(wm_tape *g, coeff_map *map, const cuzk_fr *c, uint32_t *id)
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

static int densities(wm_tape *g, cuzk_err *err);

int wm_tape_record(wm_tape *g, const cuzk_cs *cs, const cuzk_cs_stats *at_block, uint32_t n_blocks, cuzk_err *err)
{
    memset(g, 0, sizeof *g);
    g->n = n_blocks;
    wm_small_init(g->small);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    int rc = 0;
    g->p_in = (*at_block).inputs, g->p_aux = (*at_block).aux, g->p_con = (*at_block).constraints;
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
    if (!rc) {
        g->inputs = g->p_in + (uint64_t)g->n * g->b_in;
        g->aux = g->p_aux + (uint64_t)g->n * g->b_aux;
        g->constraints = g->p_con + (uint64_t)g->n * g->b_con + g->inputs;
        rc = densities(g, err);
    }
    if (!rc) {
        g->marks = calloc(WM_TAPE_MAX_MARKS, sizeof *g->marks);
        if (!g->marks) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness generator: out of memory");
    }
    if (rc) wm_tape_free(g);
    return rc;
}

/* ---- densities of the whole circuit ----------------------------------------------------- */
static inline void bset(uint64_t *w, uint64_t i) { w[i >> 6] |= 1ull << (i & 63); }

static int densities(wm_tape *g, cuzk_err *err)
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

/* ---- evaluation ----------------------------------------------------------------------- */
static inline bool fr_zero(const cuzk_fr *x) { return (x->l[0] | x->l[1] | x->l[2] | x->l[3]) == 0; }
static inline bool fr_one(const cuzk_fr *x)
{
    return x->l[0] == CUZK_FR_ONE.l[0] && x->l[1] == CUZK_FR_ONE.l[1] && x->l[2] == CUZK_FR_ONE.l[2] &&
           x->l[3] == CUZK_FR_ONE.l[3];
}

/* rows constraints from the tape at (lens, terms) into a/b/c */
static void eval_rows(const wm_tape *g, const uint32_t *lens, const uint64_t *t, uint64_t rows,
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

void wm_tape_flush(wm_ctx *m, uint64_t from, uint64_t to)
{
    const wm_tape_run *r = m->flush_arg;
    if (to > m->cap_con) to = m->cap_con;
    if (from >= to) return;
    const uint64_t row = r->row0 + from;
    eval_rows(r->t, r->t->lens + 3 * row, r->t->terms + r->t->row_term[row], to - from, r->base, m->a + from,
              m->b + from, m->c + from);
}

void wm_tape_ctx_prefix(wm_ctx *m, wm_tape_run *run, const wm_tape *t, const wm_tape_buffers *buf)
{
    buf->input[0] = CUZK_FR_ONE;
    *run = (wm_tape_run){ t, 0, { buf->input, NULL, buf->aux, NULL } };
    *m = (wm_ctx){ .aux = buf->aux, .in = buf->input + 1, .cap_aux = t->p_aux, .cap_in = t->p_in - 1, .a = buf->a,
                   .b = buf->b, .c = buf->c, .small = t->small, .cap_con = t->p_con, .flush = wm_tape_flush,
                   .flush_arg = run };
}

void wm_tape_ctx_block(wm_ctx *m, wm_tape_run *run, const wm_tape *t, const wm_tape_buffers *buf, uint64_t i)
{
    cuzk_fr *aux = buf->aux + t->p_aux + i * t->b_aux, *in = buf->input + t->p_in + i * t->b_in;
    const uint64_t row0 = t->p_con + i * t->b_con;
    *run = (wm_tape_run){ t, t->p_con, { buf->input, in, buf->aux, aux } };
    *m = (wm_ctx){ .aux = aux, .in = in, .cap_aux = t->b_aux, .cap_in = t->b_in, .a = buf->a + row0,
                   .b = buf->b + row0, .c = buf->c + row0, .small = t->small, .cap_con = t->b_con,
                   .flush = wm_tape_flush, .flush_arg = run };
}

bool wm_tape_finish_run(wm_ctx *m, bool block)
{
    const wm_tape_run *r = m->flush_arg;
    const wm_tape *t = r->t;
    const bool ok = block ? m->n_aux == t->b_aux && m->n_in == t->b_in && m->n_con == t->b_con
                          : m->n_aux == t->p_aux && m->n_in + 1 == t->p_in && m->n_con == t->p_con;
    if (ok) wm_tape_flush(m, m->done, m->n_con);
    return ok;
}

void wm_tape_input_constraints(const wm_tape *t, const wm_tape_buffers *buf)
{
    const uint64_t r0 = t->p_con + (uint64_t)t->n * t->b_con;
    for (uint64_t k = 0; k < t->inputs; k++) {
        buf->a[r0 + k] = buf->input[k];
        buf->b[r0 + k] = CUZK_FR_ZERO;
        buf->c[r0 + k] = CUZK_FR_ZERO;
    }
}

void wm_tape_witness(const wm_tape *t, const wm_tape_buffers *buf, cuzk_witness *w)
{
    w->input = buf->input, w->aux = buf->aux;
    w->a = buf->a, w->b = buf->b, w->c = buf->c;
    w->num_inputs = t->inputs, w->num_aux = t->aux, w->num_constraints = t->constraints;
    w->a_aux_density = t->a_aux;
    w->b_input_density = t->b_input;
    w->b_aux_density = t->b_aux_d;
}

int wm_tape_check_mirror(wm_tape *t, const wm_ctx *p, const wm_ctx *b, const char *what, cuzk_err *err)
{
    t->n_prefix_marks = p->n_marks;
    t->n_marks = p->n_marks + b->n_marks;
    t->b_native = b->n_native;
    if (p->n_aux != t->p_aux || p->n_in + 1 != t->p_in || p->n_con != t->p_con)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                            "witness generator: the mirror's prefix has %llu aux / %llu inputs / %llu constraints, "
                            "the circuit %llu / %llu / %llu",
                            (unsigned long long)p->n_aux, (unsigned long long)p->n_in + 1, (unsigned long long)p->n_con,
                            (unsigned long long)t->p_aux, (unsigned long long)t->p_in, (unsigned long long)t->p_con);
    if (b->n_aux != t->b_aux || b->n_in != t->b_in || b->n_con != t->b_con)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                            "witness generator: the mirror's %s has %llu aux / %llu inputs / %llu constraints, "
                            "the circuit %llu / %llu / %llu",
                            what, (unsigned long long)b->n_aux, (unsigned long long)b->n_in, (unsigned long long)b->n_con,
                            (unsigned long long)t->b_aux, (unsigned long long)t->b_in, (unsigned long long)t->b_con);
    return 0;
}

void wm_tape_free(wm_tape *g)
{
    if (!g) return;
    free(g->lens);
    free(g->row_term);
    free(g->terms);
    free(g->coeffs);
    free(g->a_aux);
    free(g->b_input);
    free(g->b_aux_d);
    free(g->marks);
    memset(g, 0, sizeof *g);
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

void wm_tape_describe(const wm_tape *g, const char *what, uint64_t aux_index, char *out, size_t n)
{
    if (aux_index < g->p_aux) {
        describe_in(g->marks, g->n_prefix_marks, aux_index, out, n, "prefix", aux_index);
    } else if (aux_index < g->aux) {
        const uint64_t r = aux_index - g->p_aux, ch = r / g->b_aux, off = r % g->b_aux;
        char where[48];
        snprintf(where, sizeof where, "%s %llu", what, (unsigned long long)ch);
        describe_in(g->marks + g->n_prefix_marks, g->n_marks - g->n_prefix_marks, off, out, n, where, off);
    } else {
        snprintf(out, n, "aux %llu is past the circuit's %llu", (unsigned long long)aux_index,
                 (unsigned long long)g->aux);
    }
}

void wm_tape_describe_constraint(const wm_tape *g, const char *what, uint64_t i, char *out, size_t n)
{
    if (i < g->p_con)
        snprintf(out, n, "prefix constraint %llu", (unsigned long long)i);
    else if (i < g->p_con + (uint64_t)g->n * g->b_con)
        snprintf(out, n, "%s %llu constraint +%llu", what, (unsigned long long)((i - g->p_con) / g->b_con),
                 (unsigned long long)((i - g->p_con) % g->b_con));
    else if (i < g->constraints)
        snprintf(out, n, "input constraint %llu", (unsigned long long)(i - g->p_con - (uint64_t)g->n * g->b_con));
    else
        snprintf(out, n, "constraint %llu is past the circuit's %llu", (unsigned long long)i,
                 (unsigned long long)g->constraints);
}
