/* The fast SnapDeals witness generator (include/cuzk/update.h): values from
 * the gadgets' value mirror, A/B/C evaluations from a tape of the prefix and
 * of challenge block 0, densities from one counting run of the blank circuit. */
#include <stdlib.h>
#include <string.h>
#include "circuits/update/update_impl.h"
#include "gadgets/mirror.h"

/* A term: low 32 bits = variable (kind in bits 30..31, index below), high
 * 32 bits = coefficient id (an index into coeffs). */
enum { V_INPUT = 0, V_PAUX = 1, V_BAUX = 2, V_CBIT = 3 };
#define V_INDEX_MASK 0x3fffffffu

struct cuzk_update_wgen {
    cuzk_update_config cfg;
    cuzk_update_circuit *blank;          /* poseidon constants and genrand for the mirror */
    uint32_t n, rb;                      /* challenge blocks, random bits per challenge */
    uint64_t p_in, p_aux, p_con, b_aux, b_con;
    uint64_t inputs, aux, constraints;
    uint32_t *gen_aux;                   /* n * rb: aux index of each challenge bit */
    uint64_t *row_term;                  /* 3 * (p_con + b_con) + 1 term offsets */
    uint64_t *terms;
    cuzk_fr *coeffs;
    uint32_t n_coeffs, cap_coeffs;
    uint32_t *slot;                      /* coefficient hash table */
    uint32_t cap_slot;
    uint64_t *a_aux, *b_input, *b_aux_d; /* densities */
    cuzk_fr small[4];                    /* wm_small_init */
};

static uint32_t coeff_id(cuzk_update_wgen *g, const cuzk_fr *c)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, c);
    uint64_t h = (raw[0] ^ raw[1] * 31 ^ raw[2] * 131 ^ raw[3] * 1031) * UINT64_C(0x9e3779b97f4a7c15);
    for (uint32_t s = (uint32_t)(h >> 32) & (g->cap_slot - 1);; s = (s + 1) & (g->cap_slot - 1)) {
        if (!g->slot[s]) {
            if (g->n_coeffs == g->cap_coeffs || 2 * (g->n_coeffs + 1) > g->cap_slot) return UINT32_MAX;
            g->coeffs[g->n_coeffs] = *c;
            g->slot[s] = ++g->n_coeffs;
            return g->n_coeffs - 1;
        }
        if (cuzk_fr_eq(&g->coeffs[g->slot[s] - 1], c)) return g->slot[s] - 1;
    }
}

void cuzk_update_wgen_free(cuzk_update_wgen *g)
{
    if (!g) return;
    cuzk_update_circuit_free(g->blank);
    free(g->gen_aux);
    free(g->row_term);
    free(g->terms);
    free(g->coeffs);
    free(g->slot);
    free(g->a_aux);
    free(g->b_input);
    free(g->b_aux_d);
    free(g);
}

static uint64_t *copy_bits(const uint64_t *src, uint64_t n)
{
    const size_t words = (size_t)(n + 63) / 64;
    uint64_t *d = calloc(words ? words : 1, 8);
    if (d && src) memcpy(d, src, words * 8);
    return d;
}

/* Terms of the recorded rows [0, rows) as variable codes. */
static int take_rows(cuzk_update_wgen *g, const cuzk_cs *rec, uint64_t rows, cuzk_err *err)
{
    uint64_t total = 0;
    cuzk_lc_view v[3];
    for (uint64_t r = 0; r < rows; r++) {
        cuzk_cs_recorder_constraint(rec, r, &v[0], &v[1], &v[2]);
        total += v[0].len + v[1].len + v[2].len;
    }
    g->row_term = malloc((3 * rows + 1) * sizeof *g->row_term);
    g->terms = malloc((total ? total : 1) * sizeof *g->terms);
    g->cap_coeffs = 1u << 16;
    g->cap_slot = 1u << 18;
    g->coeffs = malloc(g->cap_coeffs * sizeof *g->coeffs);
    g->slot = calloc(g->cap_slot, sizeof *g->slot);
    if (!g->row_term || !g->terms || !g->coeffs || !g->slot)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    const uint32_t cbit0 = g->gen_aux[0];
    uint64_t t = 0;
    for (uint64_t r = 0; r < rows; r++) {
        cuzk_cs_recorder_constraint(rec, r, &v[0], &v[1], &v[2]);
        for (int k = 0; k < 3; k++) {
            g->row_term[3 * r + (uint64_t)k] = t;
            for (uint32_t j = 0; j < v[k].len; j++) {
                const cuzk_lc_term *x = &v[k].terms[j];
                uint32_t code;
                if (x->var.kind == CUZK_VAR_INPUT) code = (uint32_t)V_INPUT << 30 | x->var.index;
                else if (x->var.index >= g->p_aux) code = (uint32_t)V_BAUX << 30 | (uint32_t)(x->var.index - g->p_aux);
                else if (r >= g->p_con && x->var.index >= cbit0 && x->var.index < cbit0 + g->rb)
                    code = (uint32_t)V_CBIT << 30 | (x->var.index - cbit0);
                else code = (uint32_t)V_PAUX << 30 | x->var.index;
                const uint32_t id = coeff_id(g, &x->coeff);
                if (id == UINT32_MAX)
                    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "update witness: more than %u distinct coefficients",
                                        g->cap_coeffs / 2);
                g->terms[t++] = (uint64_t)id << 32 | code;
            }
        }
    }
    g->row_term[3 * rows] = t;
    return 0;
}

int cuzk_update_wgen_new(cuzk_update_wgen **out, const cuzk_update_config *cfg, cuzk_err *err)
{
    if (!out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update witness: NULL argument");
    *out = NULL;
    cuzk_update_wgen *g = calloc(1, sizeof *g);
    if (!g) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    int rc = cuzk_update_circuit_new_blank(&g->blank, cfg, err);
    if (rc) {
        free(g);
        return rc;
    }
    g->cfg = *cfg;
    wm_small_init(g->small);
    g->n = cfg->challenges;
    g->rb = cfg->challenge_bit_len - cfg->partition_bit_len;
    g->gen_aux = malloc((size_t)g->n * g->rb * sizeof *g->gen_aux);
    if (!g->gen_aux) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");

    /* the densities and sizes of the whole circuit */
    cuzk_cs *cnt = rc ? NULL : cuzk_cs_counter_new();
    cuzk_circuit bc = cuzk_update_circuit_get(g->blank);
    if (!rc && !cnt) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    if (!rc) rc = cuzk_circuit_synthesize(&bc, cnt, err);
    if (!rc) {
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cnt, &st);
        g->inputs = st.inputs, g->aux = st.aux, g->constraints = st.constraints;
        g->a_aux = copy_bits(cuzk_cs_a_aux_density(cnt), st.aux);
        g->b_input = copy_bits(cuzk_cs_b_input_density(cnt), st.inputs);
        g->b_aux_d = copy_bits(cuzk_cs_b_aux_density(cnt), st.aux);
        if (!g->a_aux || !g->b_input || !g->b_aux_d)
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    }
    cuzk_cs_free(cnt);

    /* the tape: the prefix and challenge block 0 */
    cuzk_cs *rec = rc ? NULL : cuzk_cs_recorder_new(false);
    if (!rc && !rec) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    cuzk_update_hooks hooks = { 1, g->gen_aux, { 0 } };
    if (!rc) rc = cuzk_update_circuit_synth_hooked(g->blank, rec, &hooks, err);
    if (!rc) {
        cuzk_cs_stats st;
        cuzk_cs_get_stats(rec, &st);
        g->p_in = hooks.at_block.inputs, g->p_aux = hooks.at_block.aux, g->p_con = hooks.at_block.constraints;
        g->b_aux = st.aux - g->p_aux, g->b_con = st.constraints - g->p_con;
        if (st.inputs != g->p_in || g->p_in != g->inputs || g->p_aux + g->n * g->b_aux != g->aux ||
            g->p_con + g->n * g->b_con + g->inputs != g->constraints)
            rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update witness: the circuit is not a prefix and %u like blocks",
                              g->n);
    }
    if (!rc) rc = take_rows(g, rec, g->p_con + g->b_con, err);
    cuzk_cs_free(rec);
    if (rc) {
        cuzk_update_wgen_free(g);
        return rc;
    }
    *out = g;
    return 0;
}

void cuzk_update_wgen_sizes(const cuzk_update_wgen *g, uint64_t *inputs, uint64_t *aux, uint64_t *constraints)
{
    if (inputs) *inputs = g->inputs;
    if (aux) *aux = g->aux;
    if (constraints) *constraints = g->constraints;
}

void cuzk_update_wgen_witness(const cuzk_update_wgen *g, const cuzk_update_wgen_buffers *buf, cuzk_witness *w)
{
    *w = (cuzk_witness){ buf->input, buf->aux, buf->a, buf->b, buf->c, g->inputs, g->aux, g->constraints,
                         g->a_aux, g->b_input, g->b_aux_d };
}

/* ---- evaluation of the tape ------------------------------------------------------- */

static void eval_rows(const cuzk_update_wgen *g, const cuzk_update_wgen_buffers *buf, uint64_t row0, uint64_t rows,
                      uint64_t out0, uint64_t block)
{
    const cuzk_fr *baux = buf->aux + g->p_aux + block * g->b_aux;
    const uint32_t *cbits = g->gen_aux + block * g->rb;
    cuzk_fr *dst[3] = { buf->a, buf->b, buf->c };
    for (uint64_t r = 0; r < rows; r++)
        for (int k = 0; k < 3; k++) {
            const uint64_t s = g->row_term[3 * (row0 + r) + (uint64_t)k], e = g->row_term[3 * (row0 + r) + (uint64_t)k + 1];
            cuzk_fr acc = CUZK_FR_ZERO, t;
            for (uint64_t j = s; j < e; j++) {
                const uint32_t code = (uint32_t)g->terms[j], idx = code & V_INDEX_MASK;
                const cuzk_fr *c = &g->coeffs[g->terms[j] >> 32];
                const cuzk_fr *v;
                switch (code >> 30) {
                case V_INPUT: v = &buf->input[idx]; break;
                case V_PAUX: v = &buf->aux[idx]; break;
                case V_BAUX: v = &baux[idx]; break;
                default: v = &buf->aux[cbits[idx]]; break;
                }
                if (cuzk_fr_is_one(c)) t = *v;
                else cuzk_fr_mul(&t, v, c);
                cuzk_fr_add(&acc, &acc, &t);
            }
            dst[k][out0 + r] = acc;
        }
}

/* A mirror run over the prefix (block = UINT64_MAX) or block i: the mirror
 * writes the bit-level rows itself, the tape the rows between them. */
typedef struct {
    const cuzk_update_wgen *g;
    const cuzk_update_wgen_buffers *buf;
    uint64_t row0, out0, block;
} run;

static void run_flush(wm_ctx *m, uint64_t from, uint64_t to)
{
    const run *r = m->flush_arg;
    eval_rows(r->g, r->buf, r->row0 + from, to - from, r->out0 + from, r->block == UINT64_MAX ? 0 : r->block);
}

static void run_ctx(wm_ctx *m, run *r, const cuzk_update_wgen *g, const cuzk_update_wgen_buffers *buf, uint64_t block)
{
    const bool prefix = block == UINT64_MAX;
    *r = (run){ g, buf, prefix ? 0 : g->p_con, prefix ? 0 : g->p_con + block * g->b_con, block };
    memset(m, 0, sizeof *m);
    m->aux = buf->aux + (prefix ? 0 : g->p_aux + block * g->b_aux);
    m->cap_aux = prefix ? g->p_aux : g->b_aux;
    if (prefix) {
        m->in = buf->input + 1;
        m->cap_in = g->inputs - 1;
    }
    m->a = buf->a + r->out0;
    m->b = buf->b + r->out0;
    m->c = buf->c + r->out0;
    m->cap_con = prefix ? g->p_con : g->b_con;
    m->small = g->small;
    m->flush = run_flush;
    m->flush_arg = r;
}

/* ---- the value mirror of the circuit ---------------------------------------------- */

/* n bits of x allocated, then the decomposition constraint. */
static void m_decompose(wm_ctx *m, wm_bool *bits, size_t n, const cuzk_fr *x)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, x);
    for (size_t i = 0; i < n; i++) bits[i] = wm_balloc(m, (raw[i / 64] >> (i % 64)) & 1);
    wm_con(m);
}

static void m_alloc_in(wm_ctx *m, const cuzk_fr *v)
{
    wm_alloc_fr(m, v);
    wm_alloc_input(m, v);
    wm_con(m);
}

/* por_no_challenge_input: per level insert and hash, then root equality. */
static void m_por(wm_ctx *m, const cuzk_merkle_shape *s, const cuzk_poseidon_set *ps, const bool *bits,
                  const cuzk_fr *leaf, const cuzk_fr *sib, wm_sha_state *st)
{
    const uint32_t levels = s->base_levels == 0 && !s->sub_arity ? 0 : cuzk_merkle_shape_levels(s);
    cuzk_fr cur = *leaf, row[16];
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(s, l), nb = (uint32_t)__builtin_ctz(a);
        wm_insert(m, row, &cur, bits, nb, sib);
        if (s->hasher == CUZK_MERKLE_SHA256) wm_sha256_nums(m, &cur, row, a, st);
        else wm_poseidon(m, &cur, row, cuzk_poseidon_set_get(ps, a));
        bits += nb;
        sib += a - 1;
    }
    wm_con(m);
}

typedef struct {
    const cuzk_update_wgen *g;
    const cuzk_update_circuit *uc;
    const cuzk_update_wgen_buffers *buf;
    const uint32_t *ch;           /* challenge node indexes */
    cuzk_fr phi, root_r_old, root_r_new, comm_d_new;
    const cuzk_fr *apex;          /* the apex leaves' values (in aux) */
    bool kh_bits[4 + CUZK_UPDATE_HS];
    int failed;                   /* a failing block + 1 (-1: out of memory) */
    int bad_label;                /* a block whose new label is not old + data * rho, + 1 */
} fill_ctx;

static void fill_prefix(fill_ctx *f, wm_sha_state *st, wm_ctx *m)
{
    const cuzk_update_circuit *uc = f->uc;
    const cuzk_update_config *cfg = &uc->cfg;
    const cuzk_update_partition_proof *p = uc->p;
    const uint32_t bits = cfg->challenge_bit_len, pb = cfg->partition_bit_len;
    cuzk_fr v, khs, partition = CUZK_FR_ZERO, comm_c;
    wm_bool kb[4 + CUZK_UPDATE_HS];
    cuzk_fr_from_u64(&khs, uc->k_and_h_select);
    m_alloc_in(m, &khs);
    m_decompose(m, kb, pb + CUZK_UPDATE_HS, &khs);
    for (uint32_t i = 0; i < pb + CUZK_UPDATE_HS; i++) f->kh_bits[i] = kb[i].value;
    if (!cfg->poseidon) wm_pack_bits(m, &partition, kb, pb);
    m_alloc_in(m, &uc->comm_r_old);
    m_alloc_in(m, &uc->comm_d_new);
    m_alloc_in(m, &uc->comm_r_new);
    const cuzk_fr phi_in[2] = { uc->comm_d_new, uc->comm_r_old };
    wm_poseidon(m, &f->phi, phi_in, &uc->genrand);
    cuzk_fr_from_bytes_le(&comm_c, p->comm_c, NULL);
    cuzk_fr_from_bytes_le(&f->root_r_old, p->challenges[0].r_old.root, NULL);
    cuzk_fr_from_bytes_le(&f->root_r_new, p->challenges[0].r_new.root, NULL);
    wm_alloc_fr(m, &comm_c);
    wm_alloc_fr(m, &f->root_r_old);
    wm_alloc_fr(m, &f->root_r_new);
    cuzk_fr apex[2 * CUZK_UPDATE_MAX_APEX_LEAFS], ppath[4];
    f->apex = m->aux + m->n_aux;
    for (uint32_t i = 0; i < cfg->apex_leafs; i++) {
        cuzk_fr_from_bytes_le(&apex[i], p->apex_leafs[i], NULL);
        wm_alloc_fr(m, &apex[i]);
    }
    for (uint32_t i = 0; i < pb && !cfg->poseidon; i++) {
        cuzk_fr_from_bytes_le(&ppath[i], p->challenges[0].d_new.hashes[bits - pb + i], NULL);
        wm_alloc_fr(m, &ppath[i]);
    }
    const cuzk_poseidon_constants *c2 = cuzk_poseidon_set_get(&uc->poseidon, 2);
    const cuzk_fr old_in[2] = { comm_c, f->root_r_old }, new_in[2] = { comm_c, f->root_r_new };
    wm_poseidon(m, &v, old_in, c2);
    wm_con(m);
    wm_poseidon(m, &v, new_in, c2);
    wm_con(m);
    if (!cfg->poseidon) {
        uint32_t lo = 0;
        for (uint32_t n = cfg->apex_leafs; n > 1; lo += n, n /= 2)
            for (uint32_t i = 0; i < n / 2; i++) wm_sha256_nums(m, &apex[lo + n + i], &apex[lo + 2 * i], 2, st);
        const cuzk_merkle_shape ps = { CUZK_MERKLE_SHA256, 2, pb, 0, 0 };
        m_por(m, &ps, NULL, f->kh_bits, &apex[lo], ppath, st);
    } else {
        wm_alloc_fr(m, &partition);
    }
    /* gen_challenge_bits */
    const uint32_t rb = bits - pb, per = CUZK_MULTIPACK_CAPACITY / rb, dpp = (cfg->challenges + per - 1) / per;
    for (uint32_t j = 0; j < dpp; j++) {
        cuzk_fr fdpp, fj, idx, digest;
        wm_bool db[255];
        cuzk_fr_from_u64(&fdpp, dpp);
        cuzk_fr_from_u64(&fj, j);
        cuzk_fr_mul(&idx, &partition, &fdpp);
        cuzk_fr_add(&idx, &idx, &fj);
        wm_alloc_fr(m, &idx);
        wm_con(m);
        const cuzk_fr pre[2] = { uc->comm_r_new, idx };
        wm_poseidon(m, &digest, pre, &uc->genrand);
        m_decompose(m, db, 255, &digest);
    }
}

static void fill_block(fill_ctx *f, uint32_t i, wm_sha_state *st, wm_ctx *m)
{
    const cuzk_update_circuit *uc = f->uc;
    const cuzk_update_config *cfg = &uc->cfg;
    const cuzk_update_challenge_proof *cp = &uc->p->challenges[i];
    const uint32_t bits = cfg->challenge_bit_len, pb = cfg->partition_bit_len, ab = cfg->apex_leaf_bit_len;
    bool cb[64];
    wm_bool cbw[64];
    for (uint32_t t = 0; t < bits; t++) {
        cb[t] = (f->ch[i] >> t) & 1;
        cbw[t] = (wm_bool){ WM_IS, cb[t] };
    }
    /* get_challenge_high_bits */
    cuzk_fr high = CUZK_FR_ZERO, part, oz;
    for (int t = 0; t < CUZK_UPDATE_HS; t++) {
        wm_pack_bits(m, &part, cbw + bits - cfg->hs[t], cfg->hs[t]);
        oz = f->kh_bits[pb + (uint32_t)t] ? part : CUZK_FR_ZERO;
        wm_alloc_fr(m, &oz);
        wm_con(m);
        cuzk_fr_add(&high, &high, &oz);
    }
    wm_alloc_fr(m, &high);
    wm_con(m);
    cuzk_fr rho, old, data, prod, neu;
    const cuzk_fr rho_in[2] = { f->phi, high };
    wm_poseidon(m, &rho, rho_in, &uc->genrand);
    cuzk_fr_from_bytes_le(&old, cp->r_old.leaf, NULL);
    cuzk_fr_from_bytes_le(&data, cp->d_new.leaf, NULL);
    wm_alloc_fr(m, &old);
    wm_alloc_fr(m, &data);
    cuzk_fr_mul(&prod, &data, &rho);
    wm_alloc_fr(m, &prod);
    wm_con(m);
    cuzk_fr_add(&neu, &old, &prod);
    wm_alloc_fr(m, &neu);
    wm_con(m);
    uint8_t nb[32];
    cuzk_fr_to_bytes_le(nb, &neu);
    if (memcmp(nb, cp->r_new.leaf, 32)) {
        int z = 0;
        __atomic_compare_exchange_n(&f->bad_label, &z, (int)i + 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    }
    const cuzk_merkle_shape rs = cuzk_update_shape_r(cfg);
    const uint32_t r_sibs = cuzk_merkle_shape_siblings(&rs);
    cuzk_fr sib[CUZK_POREP_MAX_PATH_HASHES];
    cuzk_update_path_values(sib, &cp->r_old);
    for (uint32_t j = 0; j < r_sibs; j++) wm_alloc_fr(m, &sib[j]);
    m_por(m, &rs, &uc->poseidon, cb, &old, sib, st);
    cuzk_update_path_values(sib, &cp->r_new);
    for (uint32_t j = 0; j < r_sibs; j++) wm_alloc_fr(m, &sib[j]);
    m_por(m, &rs, &uc->poseidon, cb, &neu, sib, st);
    cuzk_update_path_values(sib, &cp->d_new);
    if (cfg->poseidon) {
        for (uint32_t j = 0; j < r_sibs; j++) wm_alloc_fr(m, &sib[j]);
        m_por(m, &rs, &uc->poseidon, cb, &data, sib, st);
        return;
    }
    /* insertion::select of the apex leaf, most significant bit first */
    const uint32_t to_apex = bits - pb - ab;
    cuzk_fr state[CUZK_UPDATE_MAX_APEX_LEAFS];
    memcpy(state, f->apex, cfg->apex_leafs * sizeof *state);
    for (uint32_t b = ab, half = cfg->apex_leafs / 2; b-- > 0; half /= 2)
        for (uint32_t j = 0; j < half; j++) {
            state[j] = cb[to_apex + b] ? state[half + j] : state[j];
            wm_alloc_fr(m, &state[j]);
            wm_con(m);
        }
    for (uint32_t j = 0; j < to_apex; j++) wm_alloc_fr(m, &sib[j]);
    const cuzk_merkle_shape ds = { CUZK_MERKLE_SHA256, 2, to_apex, 0, 0 };
    m_por(m, &ds, NULL, cb, &data, sib, st);
}

static void block_task(void *arg, size_t i)
{
    fill_ctx *f = arg;
    const cuzk_update_wgen *g = f->g;
    wm_sha_state *st = malloc(sizeof *st);
    if (!st) {
        __atomic_store_n(&f->failed, -1, __ATOMIC_RELAXED);
        return;
    }
    wm_ctx m;
    run r;
    run_ctx(&m, &r, g, f->buf, i);
    fill_block(f, (uint32_t)i, st, &m);
    free(st);
    if (m.n_aux != g->b_aux || m.n_con != g->b_con || m.n_in != 0) {
        int z = 0;
        __atomic_compare_exchange_n(&f->failed, &z, (int)i + 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        return;
    }
    if (m.done < m.n_con) run_flush(&m, m.done, m.n_con);
}

int cuzk_update_wgen_fill(const cuzk_update_wgen *g, const cuzk_update_circuit *uc,
                          const cuzk_update_wgen_buffers *buf, cuzk_pool *pool, cuzk_err *err)
{
    if (!g || !uc || !buf || !buf->input || !buf->aux || !buf->a || !buf->b || !buf->c)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update witness: NULL argument");
    if (!uc->has_values || !uc->p || !cuzk_update_config_same(&uc->cfg, &g->cfg))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "update witness: the circuit has no values or another config than the generator");
    uint32_t ch[CUZK_UPDATE_MAX_CHALLENGES];
    const uint32_t k = (uint32_t)(uc->k_and_h_select & ((UINT64_C(1) << uc->cfg.partition_bit_len) - 1));
    int rc = cuzk_update_challenges(ch, &uc->cfg, cuzk_poseidon_set_get(&uc->poseidon, 2), &uc->comm_r_new, k, err);
    if (rc) return rc;
    fill_ctx f = { .g = g, .uc = uc, .buf = buf, .ch = ch };
    wm_sha_state *st = malloc(sizeof *st);
    if (!st) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    buf->input[0] = CUZK_FR_ONE;
    wm_ctx m;
    run r;
    run_ctx(&m, &r, g, buf, UINT64_MAX);
    fill_prefix(&f, st, &m);
    free(st);
    if (m.n_aux != g->p_aux || m.n_con != g->p_con || m.n_in + 1 != g->inputs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update witness: the prefix mirror disagrees with the tape");
    if (m.done < m.n_con) run_flush(&m, m.done, m.n_con);
    cuzk_pool_run(pool, g->n, block_task, &f);
    if (f.failed < 0) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update witness: out of memory");
    if (f.failed)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update witness: the mirror of challenge %d disagrees with the tape",
                            f.failed - 1);
    /* as the generic path refuses it */
    if (f.bad_label)
        return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                            "update witness: challenge %d: leaf_r_new is not leaf_r_old + leaf_d_new * rho", f.bad_label - 1);
    /* bellperson's input constraints: input_i * 0 = 0 */
    const uint64_t c0 = g->p_con + (uint64_t)g->n * g->b_con;
    for (uint64_t i = 0; i < g->inputs; i++) {
        buf->a[c0 + i] = buf->input[i];
        buf->b[c0 + i] = CUZK_FR_ZERO;
        buf->c[c0 + i] = CUZK_FR_ZERO;
    }
    return 0;
}
