/* The value mirror of the generic gadgets (mirror.h): each function names
 * the gadget it mirrors and makes its allocations and bit-level constraint
 * evaluations in the gadget's order. */
#include "mirror.h"

#include <string.h>

#include "ff/ff_internal.h"

void wm_small_init(cuzk_fr small[4])
{
    cuzk_fr_neg(&small[0], &CUZK_FR_ONE);
    small[1] = CUZK_FR_ZERO;
    small[2] = CUZK_FR_ONE;
    cuzk_fr_add(&small[3], &CUZK_FR_ONE, &CUZK_FR_ONE);
}

void wm_mark_section(wm_ctx *m, const char *name, uint32_t level)
{
    if (!m->marks || m->n_marks >= m->cap_marks)
        return;
    wm_mark *k = &m->marks[m->n_marks++];
    k->aux = m->n_aux;
    k->name = name;
    k->level = level;
}

void wm_tree_from_shape(wm_tree *t, const cuzk_merkle_shape *s, const cuzk_poseidon_set *ps)
{
    memset(t, 0, sizeof *t);
    t->sha256 = s->hasher == CUZK_MERKLE_SHA256;
    t->levels = cuzk_merkle_shape_levels(s);
    for (uint32_t l = 0; l < t->levels && l < WM_MAX_LEVELS; l++) {
        t->arity[l] = cuzk_merkle_shape_arity(s, l);
        t->poseidon[l] = t->sha256 ? NULL : cuzk_poseidon_set_get(ps, t->arity[l]);
    }
}

static inline wm_bool bnot(wm_bool b)
{
    if (b.kind != WM_CONST)
        b.kind = b.kind == WM_IS ? WM_NOT : WM_IS;
    b.value = !b.value;
    return b;
}
static inline bool is_c(wm_bool b, bool v) { return b.kind == WM_CONST && b.value == v; }

/* a Boolean's bit (Not: the allocated variable's value) */
static inline int bitval(wm_bool b) { return b.kind == WM_NOT ? !b.value : b.value; }

/* ---- Boolean operations (boolean.c) ------------------------------------------------ */
static wm_bool b_xor(wm_ctx *m, wm_bool a, wm_bool b)
{
    if (is_c(a, false)) return b;
    if (is_c(b, false)) return a;
    if (is_c(a, true)) return bnot(b);
    if (is_c(b, true)) return bnot(a);
    /* the allocated bit is the xor of the two bits; a Not operand negates the result */
    const bool negate = a.kind != b.kind;
    const bool r = a.value != b.value;
    /* x is the Is operand when the kinds differ */
    wm_bool x = a, y = b;
    if (negate && a.kind == WM_NOT) x = b, y = a;
    const int xb = bitval(x), yb = bitval(y), rb = xb ^ yb;
    wm_alloc_bit(m, rb);
    wm_put_small(m, 2 * xb, yb, xb + yb - rb); /* (2x) * y = x + y - r */
    return (wm_bool){ (uint8_t)(negate ? WM_NOT : WM_IS), r };
}

static wm_bool b_and(wm_ctx *m, wm_bool a, wm_bool b)
{
    if (is_c(a, false) || is_c(b, false)) return wm_bconst(false);
    if (is_c(a, true)) return b;
    if (is_c(b, true)) return a;
    /* and / and_not / nor all allocate the value of a & b; their A and B
     * evaluate to the operands' Boolean values, swapped for Not & Is */
    const bool r = a.value && b.value;
    wm_alloc_bit(m, r);
    if (a.kind == WM_NOT && b.kind == WM_IS) wm_put_small(m, b.value, a.value, r);
    else wm_put_small(m, a.value, b.value, r);
    return (wm_bool){ WM_IS, r };
}

static wm_bool b_ch(wm_ctx *m, wm_bool a, wm_bool b, wm_bool c)
{
    const bool v = (a.value && b.value) != (!a.value && c.value);
    if (a.kind == WM_CONST && b.kind == WM_CONST && c.kind == WM_CONST) return wm_bconst(v);
    if (is_c(a, false)) return c;
    if (is_c(b, false)) return b_and(m, bnot(a), c);
    if (is_c(c, false)) return b_and(m, a, b);
    if (is_c(c, true)) return bnot(b_and(m, a, bnot(b)));
    if (is_c(b, true)) return bnot(b_and(m, bnot(a), bnot(c)));
    wm_alloc_bit(m, v);
    wm_put_small(m, (int)b.value - (int)c.value, a.value, (int)v - (int)c.value); /* (b - c) * a = ch - c */
    return (wm_bool){ WM_IS, v };
}

static wm_bool b_maj(wm_ctx *m, wm_bool a, wm_bool b, wm_bool c)
{
    const bool v = ((a.value && b.value) != (a.value && c.value)) != (b.value && c.value);
    if (a.kind == WM_CONST && b.kind == WM_CONST && c.kind == WM_CONST) return wm_bconst(v);
    if (is_c(a, false)) return b_and(m, b, c);
    if (is_c(b, false)) return b_and(m, a, c);
    if (is_c(c, false)) return b_and(m, a, b);
    if (is_c(c, true)) return bnot(b_and(m, bnot(a), bnot(b)));
    if (is_c(b, true)) return bnot(b_and(m, bnot(a), bnot(c)));
    if (is_c(a, true)) return bnot(b_and(m, bnot(b), bnot(c)));
    wm_alloc_bit(m, v);
    const wm_bool bc = b_and(m, b, c); /* allocated after maj */
    /* (2bc - b - c) * a = bc - maj */
    wm_put_small(m, 2 * (int)bc.value - (int)b.value - (int)c.value, a.value, (int)bc.value - (int)v);
    return (wm_bool){ WM_IS, v };
}

/* ---- UInt32 (uint32.c) ------------------------------------------------------------ */
typedef wm_u32 wu32;

wm_u32 wm_u32_const(uint32_t v)
{
    wu32 r;
    for (int i = 0; i < 32; i++) r.bits[i] = wm_bconst((v >> i) & 1);
    r.value = v;
    return r;
}

static wu32 u_from_bits_be(const wm_bool *bits)
{
    wu32 r;
    r.value = 0;
    for (int i = 0; i < 32; i++) {
        r.bits[i] = bits[31 - i];
        r.value |= (uint32_t)r.bits[i].value << i;
    }
    return r;
}

void wm_u32_into_bits_be(wm_bool *bits, const wm_u32 *x)
{
    for (int i = 0; i < 32; i++) bits[i] = x->bits[31 - i];
}

static wu32 u_rotr(const wu32 *x, unsigned by)
{
    wu32 r;
    for (unsigned i = 0; i < 32; i++) r.bits[i] = x->bits[(i + by) % 32];
    r.value = by ? (x->value >> by) | (x->value << (32 - by)) : x->value;
    return r;
}

static wu32 u_shr(const wu32 *x, unsigned by)
{
    wu32 r;
    for (unsigned i = 0; i < 32; i++) r.bits[i] = i + by < 32 ? x->bits[i + by] : wm_bconst(false);
    r.value = x->value >> by;
    return r;
}

static void u_xor(wm_ctx *m, wu32 *out, const wu32 *a, const wu32 *b)
{
    wu32 r;
    for (int i = 0; i < 32; i++) r.bits[i] = b_xor(m, a->bits[i], b->bits[i]);
    r.value = a->value ^ b->value;
    *out = r;
}

static void u_ch(wm_ctx *m, wu32 *out, const wu32 *a, const wu32 *b, const wu32 *c)
{
    wu32 r;
    for (int i = 0; i < 32; i++) r.bits[i] = b_ch(m, a->bits[i], b->bits[i], c->bits[i]);
    r.value = (a->value & b->value) ^ (~a->value & c->value);
    *out = r;
}

static void u_maj(wm_ctx *m, wu32 *out, const wu32 *a, const wu32 *b, const wu32 *c)
{
    wu32 r;
    for (int i = 0; i < 32; i++) r.bits[i] = b_maj(m, a->bits[i], b->bits[i], c->bits[i]);
    r.value = (a->value & b->value) ^ (a->value & c->value) ^ (b->value & c->value);
    *out = r;
}

static bool u_is_const(const wu32 *x)
{
    for (int i = 0; i < 32; i++)
        if (x->bits[i].kind != WM_CONST) return false;
    return true;
}

/* MultiEq flush: lhs * 1 = rhs, both the packed sums */
static void meq_flush(wm_ctx *m)
{
    if (m->a) {
        cuzk_fr v;
        cuzk_fr_from_raw(&v, m->meq_acc); /* < 2^254 */
        wm_put(m, &v, &CUZK_FR_ONE, &v);
    } else {
        m->n_con++, m->n_native++;
    }
    memset(m->meq_acc, 0, sizeof m->meq_acc);
    m->meq_bits = 0;
}

/* addmany: the sum's bits (carries included) are allocated; the MultiEq adds nothing */
static void u_addmany(wm_ctx *m, wu32 *out, const wu32 *ops, size_t n)
{
    uint64_t sum = 0;
    bool all_const = true;
    for (size_t k = 0; k < n; k++) {
        sum += ops[k].value;
        all_const = all_const && u_is_const(&ops[k]);
    }
    if (all_const) {
        *out = wm_u32_const((uint32_t)sum);
        return;
    }
    uint32_t nbits = 0;
    for (uint64_t max = (uint64_t)n * UINT32_MAX; max; max >>= 1) nbits++;
    wu32 r;
    for (uint32_t i = 0; i < nbits; i++) {
        wm_bool b = wm_balloc(m, (sum >> i) & 1);
        if (i < 32) r.bits[i] = b;
    }
    /* the MultiEq: flush first when this sum would not fit below 254 bits */
    if (m->meq_bits + nbits >= 254) meq_flush(m);
    const uint32_t shift = m->meq_bits, w = shift >> 6, o = shift & 63;
    unsigned __int128 t = (unsigned __int128)(o ? sum << o : sum) + m->meq_acc[w];
    m->meq_acc[w] = (uint64_t)t;
    uint64_t carry = (uint64_t)(t >> 64) + (o ? sum >> (64 - o) : 0);
    for (uint32_t k = w + 1; k < 4 && carry; k++) {
        t = (unsigned __int128)m->meq_acc[k] + carry;
        m->meq_acc[k] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    m->meq_bits += nbits;
    r.value = (uint32_t)sum;
    *out = r;
}

/* ---- SHA-256: the round structure of sha256_rounds.h over mirror words ------------ */
static inline int ms_xor(wm_ctx *m, wu32 *o, const wu32 *a, const wu32 *b) { u_xor(m, o, a, b); return 0; }
static inline int ms_ch(wm_ctx *m, wu32 *o, const wu32 *a, const wu32 *b, const wu32 *c)
{
    u_ch(m, o, a, b, c);
    return 0;
}
static inline int ms_maj(wm_ctx *m, wu32 *o, const wu32 *a, const wu32 *b, const wu32 *c)
{
    u_maj(m, o, a, b, c);
    return 0;
}
static inline int ms_addmany(wm_ctx *m, wu32 *o, const wu32 *ops, size_t n)
{
    u_addmany(m, o, ops, n);
    return 0;
}
#define SR_WORD wm_u32
#define SR_BOOL wm_bool
#define SR_CTX wm_ctx *
#define SR_NAME(x) ms_##x
#define SR_XOR ms_xor
#define SR_CH ms_ch
#define SR_MAJ ms_maj
#define SR_ADDMANY ms_addmany
#define SR_ROTR u_rotr
#define SR_SHR u_shr
#define SR_CONST wm_u32_const
#define SR_FROM_BITS_BE u_from_bits_be
#define SR_BCONST wm_bconst
#define SR_DEFERRED wm_sha_deferred
#define SR_STATE wm_sha_state
#include "sha256_rounds.h"

/* one compression, its MultiEq flushed at the end */
static void compress(wm_ctx *m, wu32 cur[8], const wm_bool *block, wm_sha_state *s)
{
    m->meq_bits = 0;
    memset(m->meq_acc, 0, sizeof m->meq_acc);
    ms_rounds(m, cur, block, cur, s);
    if (m->meq_bits > 0) meq_flush(m);
}

void wm_sha256(wm_ctx *m, wm_bool out[256], const wm_bool *in, size_t n, wm_sha_state *s)
{
    wu32 cur[8];
    for (int k = 0; k < 8; k++) cur[k] = wm_u32_const(cuzk_sha256_h0[k]);
    wm_bool block[512];
    for (size_t at = 0; at < SR_PADDED_BITS(n); at += 512) {
        ms_block(block, in, n, at);
        compress(m, cur, block, s);
    }
    for (int k = 0; k < 8; k++) wm_u32_into_bits_be(out + 32 * k, &cur[k]);
}

/* ---- bits and packing (field_bits.c, multipack.c, sha256_node.c) -------------------- */
void wm_to_bits_le(wm_ctx *m, wm_bool out[255], const cuzk_fr *x)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, x);
    for (unsigned i = 0; i < 255; i++) out[i] = wm_balloc(m, (raw[i >> 6] >> (i & 63)) & 1);
    wm_put_small(m, 0, 0, 0); /* 0 * 0 = sum 2^i b_i - x */
}

size_t wm_reverse_bit_numbering(wm_bool *out, const wm_bool *in, size_t n)
{
    const size_t padded = (n + 7) & ~(size_t)7;
    for (size_t i = 0; i < padded; i++) {
        const size_t src = (i & ~(size_t)7) | (7 - (i & 7));
        out[i] = src < n ? in[src] : wm_bconst(false);
    }
    return padded;
}

static void pack_value(cuzk_fr *v, const wm_bool *bits, size_t n)
{
    uint64_t raw[4] = { 0, 0, 0, 0 };
    for (size_t j = 0; j < n; j++) raw[j >> 6] |= (uint64_t)bits[j].value << (j & 63);
    cuzk_fr_from_raw(v, raw); /* n <= 254: below r */
}

void wm_pack_bits(wm_ctx *m, cuzk_fr *out, const wm_bool *bits, size_t n)
{
    if (n > 254) n = 254;
    pack_value(out, bits, n);
    wm_alloc_fr(m, out);
    if (m->a) wm_put(m, out, &CUZK_FR_ONE, out); /* num * 1 = packed */
    else m->n_con++, m->n_native++;
}

void wm_pack_into_inputs(wm_ctx *m, const wm_bool *bits, size_t n)
{
    for (size_t at = 0; at < n; at += 254) {
        cuzk_fr v;
        pack_value(&v, bits + at, n - at < 254 ? n - at : 254);
        wm_alloc_input(m, &v);
        if (m->a) wm_put(m, &v, &CUZK_FR_ONE, &v);
        else m->n_con++, m->n_native++;
    }
}

/* hash_nums (a SHA-256 tree node): to_bits_le of each leaf, SHA-256 over their LE reprs, pack 254 */
void wm_sha256_nums(wm_ctx *m, cuzk_fr *out, const cuzk_fr *leaves, size_t n, wm_sha_state *s)
{
    wm_bool bits[255], digest[256], le[256], msg[8 * 256];
    if (n > 8) n = 8; /* SHA-256 trees are binary */
    for (size_t k = 0; k < n; k++) {
        wm_to_bits_le(m, bits, &leaves[k]);
        wm_reverse_bit_numbering(msg + 256 * k, bits, 255);
    }
    wm_sha256(m, digest, msg, 256 * n, s);
    wm_reverse_bit_numbering(le, digest, 256);
    wm_pack_bits(m, out, le, 254);
}

/* ---- Poseidon (poseidon_gadget.c): the S-box intermediates ----------------------------- */
/* Every Poseidon row is written here: its A, B and C are values the mirror
 * holds (the combinations evaluate to the state elements). */

/* ensure_allocated: lc * 1 = x */
static void ensure_alloc(wm_ctx *m, const cuzk_fr *x)
{
    wm_alloc_fr(m, x);
    wm_put(m, x, &CUZK_FR_ONE, x);
}

/* square_sum: s * s = y */
static void sq_alloc(wm_ctx *m, cuzk_fr *y, const cuzk_fr *x)
{
    cuzk_fr_sqr_i(y, x);
    wm_alloc_fr(m, y);
    wm_put(m, x, x, y);
}

static void sbox(wm_ctx *m, cuzk_fr *x, bool *allocated, const cuzk_fr *pre, const cuzk_fr *post)
{
    if (!*allocated) ensure_alloc(m, x);
    cuzk_fr s = *x, s2, s4, r;
    if (pre) cuzk_fr_add_i(&s, &s, pre);
    sq_alloc(m, &s2, &s);
    sq_alloc(m, &s4, &s2);
    /* mul_sum: s * s4 = x - post */
    cuzk_fr_mul_i(&r, &s, &s4);
    *x = r;
    if (post) cuzk_fr_add_i(x, x, post);
    wm_alloc_fr(m, x);
    wm_put(m, &s, &s4, &r);
    *allocated = true;
}

static void mix_dense(cuzk_fr *e, bool *alloc, const cuzk_fr *mat, uint32_t t)
{
    cuzk_fr next[CUZK_POSEIDON_MAX_ARITY + 1], x;
    for (uint32_t j = 0; j < t; j++) {
        next[j] = CUZK_FR_ZERO;
        for (uint32_t i = 0; i < t; i++) {
            cuzk_fr_mul_i(&x, &e[i], &mat[(size_t)i * t + j]);
            cuzk_fr_add_i(&next[j], &next[j], &x);
        }
    }
    for (uint32_t j = 0; j < t; j++) e[j] = next[j], alloc[j] = false;
}

void wm_poseidon(wm_ctx *m, cuzk_fr *out, const cuzk_fr *pre, const cuzk_poseidon_constants *c)
{
    const uint32_t t = c->width, h = c->full_rounds / 2, rp = c->partial_rounds;
    const cuzk_fr *k = c->compressed_constants;
    cuzk_fr e[CUZK_POSEIDON_MAX_ARITY + 1], x;
    bool al[CUZK_POSEIDON_MAX_ARITY + 1];
    cuzk_fr tag = c->merkle_tag, sq;
    cuzk_fr_add_i(&tag, &tag, &k[0]);
    cuzk_fr_sqr_i(&sq, &tag);
    cuzk_fr_sqr_i(&sq, &sq);
    cuzk_fr_mul_i(&tag, &tag, &sq);
    cuzk_fr_add_i(&tag, &tag, &k[t]);
    e[0] = tag, al[0] = false;
    for (uint32_t i = 1; i < t; i++) {
        e[i] = pre[i - 1], al[i] = true;
        sbox(m, &e[i], &al[i], &k[i], &k[t + i]);
    }
    k += 2 * t;
    mix_dense(e, al, c->mds, t);
    for (uint32_t r = 1; r < h; r++, k += t) {
        for (uint32_t i = 0; i < t; i++) sbox(m, &e[i], &al[i], NULL, &k[i]);
        mix_dense(e, al, r + 1 == h ? c->pre_sparse : c->mds, t);
    }
    for (uint32_t q = 0; q < rp; q++, k++) {
        sbox(m, &e[0], &al[0], NULL, k);
        const cuzk_fr *wh = c->sparse_w_hat + (size_t)q * t, *vr = c->sparse_v_rest + (size_t)q * (t - 1);
        cuzk_fr n0 = CUZK_FR_ZERO;
        for (uint32_t i = 0; i < t; i++) {
            cuzk_fr_mul_i(&x, &e[i], &wh[i]);
            cuzk_fr_add_i(&n0, &n0, &x);
        }
        for (uint32_t j = 1; j < t; j++) {
            cuzk_fr_mul_i(&x, &e[0], &vr[j - 1]);
            cuzk_fr_add_i(&e[j], &e[j], &x);
        }
        e[0] = n0, al[0] = false;
    }
    for (uint32_t r = 1; r < h; r++, k += t) {
        for (uint32_t i = 0; i < t; i++) sbox(m, &e[i], &al[i], NULL, &k[i]);
        mix_dense(e, al, c->mds, t);
    }
    for (uint32_t i = 0; i < t; i++) sbox(m, &e[i], &al[i], NULL, NULL);
    mix_dense(e, al, c->mds, t);
    ensure_alloc(m, &e[1]);
    *out = e[1];
}

/* ---- insertion (insertion.c) and the PoR path (por.c, merkle.c) ---------------------- */
/* num_pick: out = cond ? a : b, (b - a) * cond = b - out */
static inline void pick(wm_ctx *m, cuzk_fr *out, bool cond, const cuzk_fr *a, const cuzk_fr *b)
{
    cuzk_fr d;
    cuzk_fr_sub_i(&d, b, a);
    *out = cond ? *a : *b;
    wm_alloc_fr(m, out);
    wm_put(m, &d, cond ? &CUZK_FR_ONE : &CUZK_FR_ZERO, cond ? &d : &CUZK_FR_ZERO);
}

static void select_tree(wm_ctx *m, cuzk_fr *out, cuzk_fr *state, const bool *bits, size_t n_bits)
{
    size_t half = ((size_t)1 << n_bits) / 2;
    for (size_t i = n_bits; i-- > 0; half /= 2)
        for (size_t j = 0; j < half; j++) pick(m, &state[j], bits[i], &state[half + j], &state[j]);
    *out = state[0];
}

/* out[0 .. 2^nb) = siblings with x inserted at the index given by bits */
void wm_insert(wm_ctx *m, cuzk_fr *out, const cuzk_fr *x, const bool *bits, uint32_t nb, const cuzk_fr *s)
{
    const cuzk_fr A = *x;
    if (nb == 1) {
        pick(m, &out[0], bits[0], &s[0], &A);
        pick(m, &out[1], bits[0], &A, &s[0]);
    } else if (nb == 2) {
        const bool b0 = bits[0], b1 = bits[1];
        const cuzk_fr *b = &s[0], *c = &s[1], *d = &s[2];
        cuzk_fr p0, p1, p2, p3;
        pick(m, &p0, b0, b, &A);
        pick(m, &out[0], b1, b, &p0);
        pick(m, &p1, b0, &A, b);
        pick(m, &out[1], b1, c, &p1);
        pick(m, &p2, b0, d, &A);
        pick(m, &out[2], b1, &p2, c);
        pick(m, &p3, b0, &A, d);
        pick(m, &out[3], b1, &p3, d);
    } else if (nb == 3) {
        const bool b0 = bits[0], b1 = bits[1], b2 = bits[2];
        const bool nor = !b0 && !b1, and = b0 && b1;
        wm_alloc_bit(m, nor), wm_put_small(m, !b0, !b1, nor); /* (1 - b0) * (1 - b1) = nor */
        wm_alloc_bit(m, and), wm_put_small(m, b0, b1, and);   /* b0 * b1 = and */
        const cuzk_fr *b = &s[0], *c = &s[1], *d = &s[2], *e = &s[3], *f = &s[4], *g = &s[5], *h = &s[6];
        cuzk_fr p0_xx0, p1_x00, p1_xx0, p2_x10, p2_xx0, p3_xx0, p4_xx1, p5_x01, p5_xx1, p6_x11, p6_xx1, p7_xx1;
        pick(m, &p0_xx0, nor, &A, b);
        pick(m, &out[0], b2, b, &p0_xx0);
        pick(m, &p1_x00, b0, &A, b);
        pick(m, &p1_xx0, b1, c, &p1_x00);
        pick(m, &out[1], b2, c, &p1_xx0);
        pick(m, &p2_x10, b0, d, &A);
        pick(m, &p2_xx0, b1, &p2_x10, c);
        pick(m, &out[2], b2, d, &p2_xx0);
        pick(m, &p3_xx0, and, &A, d);
        pick(m, &out[3], b2, e, &p3_xx0);
        pick(m, &p4_xx1, nor, &A, f);
        pick(m, &out[4], b2, &p4_xx1, e);
        pick(m, &p5_x01, b0, &A, f);
        pick(m, &p5_xx1, b1, g, &p5_x01);
        pick(m, &out[5], b2, &p5_xx1, f);
        pick(m, &p6_x11, b0, h, &A);
        pick(m, &p6_xx1, b1, &p6_x11, g);
        pick(m, &out[6], b2, &p6_xx1, g);
        pick(m, &p7_xx1, and, &A, h);
        pick(m, &out[7], b2, &p7_xx1, h);
    } else {
        const size_t size = (size_t)1 << nb;
        cuzk_fr choices[16];
        for (size_t pos = 0; pos < size; pos++) {
            for (size_t index = 0; index < size; index++)
                choices[index] = pos < index ? s[pos] : pos == index ? A : s[pos - 1];
            select_tree(m, &out[pos], choices, bits, nb);
        }
    }
}

void wm_inclusion(wm_ctx *m, const wm_tree *tr, const cuzk_fr *leaf, const uint8_t *index,
                  const uint8_t (*hashes)[32], const char *what, wm_sha_state *s)
{
    cuzk_fr cur = *leaf, sib[15], row[16];
    wm_bool ibits[64];
    uint32_t bitpos = 0, k = 0;
    for (uint32_t l = 0; l < tr->levels; l++) {
        const uint32_t arity = tr->arity[l], nb = (uint32_t)__builtin_ctz(arity);
        wm_mark_section(m, what, l);
        bool bits[4];
        for (uint32_t i = 0; i < nb; i++) {
            bits[i] = (index[l] >> i) & 1;
            ibits[bitpos + i] = wm_balloc(m, bits[i]);
        }
        for (uint32_t j = 0; j + 1 < arity; j++, k++) {
            cuzk_fr_from_bytes_le(&sib[j], hashes[k], NULL);
            wm_alloc_fr(m, &sib[j]);
        }
        bitpos += nb;
        wm_insert(m, row, &cur, bits, nb, sib);
        if (tr->sha256)
            wm_sha256_nums(m, &cur, row, arity, s);
        else
            wm_poseidon(m, &cur, row, tr->poseidon[l]);
    }
    wm_pack_into_inputs(m, ibits, bitpos);
    wm_con(m); /* computed root * 1 = root */
}
