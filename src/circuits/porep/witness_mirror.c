/* The value mirror of the PoRep circuit's gadgets: the same allocations, in
 * the same order and with the same values as the generic synthesis
 * (stacked_circuit.c over src/gadgets), but no linear combinations and no
 * constraints. Booleans keep bellpepper's Constant/Is/Not kinds because the
 * constant folding decides which variables exist (SHA-256's IV, padding and
 * layer words are constants). Each function names the gadget it mirrors. */
#include "witness_impl.h"

#include <string.h>

#include "ff/fr_impl.h"

enum { K_CONST = 0, K_IS = 1, K_NOT = 2 };

/* ---- allocation ------------------------------------------------------------------ */
static inline void alloc_fr(wm_ctx *m, const cuzk_fr *v)
{
    if (m->n_aux < m->cap_aux)
        m->aux[m->n_aux] = *v;
    m->n_aux++;
}

static inline void alloc_bit(wm_ctx *m, bool v)
{
    if (m->n_aux < m->cap_aux)
        m->aux[m->n_aux] = v ? CUZK_FR_ONE : CUZK_FR_ZERO;
    m->n_aux++;
}

static inline void alloc_input(wm_ctx *m, const cuzk_fr *v)
{
    if (m->n_in < m->cap_in)
        m->in[m->n_in] = *v;
    m->n_in++;
}

void wm_small_init(cuzk_fr small[4])
{
    cuzk_fr_neg(&small[0], &CUZK_FR_ONE);
    small[1] = CUZK_FR_ZERO;
    small[2] = CUZK_FR_ONE;
    cuzk_fr_add(&small[3], &CUZK_FR_ONE, &CUZK_FR_ONE);
}

/* A constraint evaluated later from the tape. */
static inline void con(wm_ctx *m) { m->n_con++; }

/* A constraint whose evaluations are written here. */
static inline void put(wm_ctx *m, const cuzk_fr *a, const cuzk_fr *b, const cuzk_fr *c)
{
    if (m->a) {
        if (m->done < m->n_con) m->flush(m, m->done, m->n_con);
        if (m->n_con < m->cap_con) {
            m->a[m->n_con] = *a;
            m->b[m->n_con] = *b;
            m->c[m->n_con] = *c;
        }
        m->done = m->n_con + 1;
    }
    m->n_con++;
    m->n_native++;
}

static inline void put_small(wm_ctx *m, int a, int b, int c)
{
    if (m->a) put(m, &m->small[a + 1], &m->small[b + 1], &m->small[c + 1]);
    else m->n_con++, m->n_native++;
}

static void mark(wm_ctx *m, const char *name, uint32_t level)
{
    if (!m->marks || m->n_marks >= m->cap_marks)
        return;
    wm_mark *k = &m->marks[m->n_marks++];
    k->aux = m->n_aux;
    k->name = name;
    k->level = level;
}

static inline wm_bool bconst(bool v) { return (wm_bool){ K_CONST, v }; }
static inline wm_bool bnot(wm_bool b)
{
    if (b.kind != K_CONST)
        b.kind = b.kind == K_IS ? K_NOT : K_IS;
    b.value = !b.value;
    return b;
}
static inline bool is_c(wm_bool b, bool v) { return b.kind == K_CONST && b.value == v; }
/* AllocatedBit::alloc: (1 - b) * b = 0 */
static inline wm_bool balloc(wm_ctx *m, bool v)
{
    alloc_bit(m, v);
    put_small(m, !v, v, 0);
    return (wm_bool){ K_IS, v };
}

/* a Boolean's bit (Not: the allocated variable's value) */
static inline int bitval(wm_bool b) { return b.kind == K_NOT ? !b.value : b.value; }

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
    if (negate && a.kind == K_NOT) x = b, y = a;
    const int xb = bitval(x), yb = bitval(y), rb = xb ^ yb;
    alloc_bit(m, rb);
    put_small(m, 2 * xb, yb, xb + yb - rb); /* (2x) * y = x + y - r */
    return (wm_bool){ (uint8_t)(negate ? K_NOT : K_IS), r };
}

static wm_bool b_and(wm_ctx *m, wm_bool a, wm_bool b)
{
    if (is_c(a, false) || is_c(b, false)) return bconst(false);
    if (is_c(a, true)) return b;
    if (is_c(b, true)) return a;
    /* and / and_not / nor all allocate the value of a & b; their A and B
     * evaluate to the operands' Boolean values, swapped for Not & Is */
    const bool r = a.value && b.value;
    alloc_bit(m, r);
    if (a.kind == K_NOT && b.kind == K_IS) put_small(m, b.value, a.value, r);
    else put_small(m, a.value, b.value, r);
    return (wm_bool){ K_IS, r };
}

static wm_bool b_ch(wm_ctx *m, wm_bool a, wm_bool b, wm_bool c)
{
    const bool v = (a.value && b.value) != (!a.value && c.value);
    if (a.kind == K_CONST && b.kind == K_CONST && c.kind == K_CONST) return bconst(v);
    if (is_c(a, false)) return c;
    if (is_c(b, false)) return b_and(m, bnot(a), c);
    if (is_c(c, false)) return b_and(m, a, b);
    if (is_c(c, true)) return bnot(b_and(m, a, bnot(b)));
    if (is_c(b, true)) return bnot(b_and(m, bnot(a), bnot(c)));
    alloc_bit(m, v);
    put_small(m, (int)b.value - (int)c.value, a.value, (int)v - (int)c.value); /* (b - c) * a = ch - c */
    return (wm_bool){ K_IS, v };
}

static wm_bool b_maj(wm_ctx *m, wm_bool a, wm_bool b, wm_bool c)
{
    const bool v = ((a.value && b.value) != (a.value && c.value)) != (b.value && c.value);
    if (a.kind == K_CONST && b.kind == K_CONST && c.kind == K_CONST) return bconst(v);
    if (is_c(a, false)) return b_and(m, b, c);
    if (is_c(b, false)) return b_and(m, a, c);
    if (is_c(c, false)) return b_and(m, a, b);
    if (is_c(c, true)) return bnot(b_and(m, bnot(a), bnot(b)));
    if (is_c(b, true)) return bnot(b_and(m, bnot(a), bnot(c)));
    if (is_c(a, true)) return bnot(b_and(m, bnot(b), bnot(c)));
    alloc_bit(m, v);
    const wm_bool bc = b_and(m, b, c); /* allocated after maj */
    /* (2bc - b - c) * a = bc - maj */
    put_small(m, 2 * (int)bc.value - (int)b.value - (int)c.value, a.value, (int)bc.value - (int)v);
    return (wm_bool){ K_IS, v };
}

/* ---- UInt32 (uint32.c) ------------------------------------------------------------ */
typedef wm_u32 wu32;

static wu32 u_const(uint32_t v)
{
    wu32 r;
    for (int i = 0; i < 32; i++) r.bits[i] = bconst((v >> i) & 1);
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

static void u_into_bits_be(wm_bool *bits, const wu32 *x)
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
    for (unsigned i = 0; i < 32; i++) r.bits[i] = i + by < 32 ? x->bits[i + by] : bconst(false);
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
        if (x->bits[i].kind != K_CONST) return false;
    return true;
}

/* MultiEq flush: lhs * 1 = rhs, both the packed sums */
static void meq_flush(wm_ctx *m)
{
    if (m->a) {
        cuzk_fr v;
        cuzk_fr_from_raw(&v, m->meq_acc); /* < 2^254 */
        put(m, &v, &CUZK_FR_ONE, &v);
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
        *out = u_const((uint32_t)sum);
        return;
    }
    uint32_t nbits = 0;
    for (uint64_t max = (uint64_t)n * UINT32_MAX; max; max >>= 1) nbits++;
    wu32 r;
    for (uint32_t i = 0; i < nbits; i++) {
        wm_bool b = balloc(m, (sum >> i) & 1);
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

/* ---- SHA-256 (sha256_gadget.c) ----------------------------------------------------- */
static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};
static const uint32_t IV256[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static void sigma(wm_ctx *m, wu32 *out, const wu32 *x, unsigned r1, unsigned r2, unsigned r3, bool shift)
{
    wu32 a = u_rotr(x, r1), b = u_rotr(x, r2);
    wu32 c = shift ? u_shr(x, r3) : u_rotr(x, r3);
    u_xor(m, &a, &a, &b);
    u_xor(m, out, &a, &c);
}

typedef struct {
    wu32 ops[8];
    size_t n;
} deferred;

static void materialise(wm_ctx *m, wu32 *out, deferred *d, const wu32 *extra)
{
    if (d->n == 0) {
        *out = d->ops[0];
        return;
    }
    if (extra) d->ops[d->n++] = *extra;
    u_addmany(m, out, d->ops, d->n);
}

static void compress(wm_ctx *m, wu32 out[8], const wm_bool *block, const wu32 cur[8], wm_scratch *s)
{
    wu32 *w = s->w;
    m->meq_bits = 0;
    memset(m->meq_acc, 0, sizeof m->meq_acc);
    for (int t = 0; t < 16; t++) w[t] = u_from_bits_be(block + 32 * t);
    for (int t = 16; t < 64; t++) {
        wu32 ops[4];
        ops[0] = w[t - 16];
        ops[2] = w[t - 7];
        sigma(m, &ops[1], &w[t - 15], 7, 18, 3, true);
        sigma(m, &ops[3], &w[t - 2], 17, 19, 10, true);
        u_addmany(m, &w[t], ops, 4);
    }
    deferred a, e;
    wu32 b = cur[1], c = cur[2], d = cur[3], f = cur[5], g = cur[6], h = cur[7];
    a.n = 0, a.ops[0] = cur[0];
    e.n = 0, e.ops[0] = cur[4];
    for (int i = 0; i < 64; i++) {
        wu32 new_e, new_a, s1, ch, s0, maj;
        materialise(m, &new_e, &e, NULL);
        sigma(m, &s1, &new_e, 6, 11, 25, false);
        u_ch(m, &ch, &new_e, &f, &g);
        materialise(m, &new_a, &a, NULL);
        sigma(m, &s0, &new_a, 2, 13, 22, false);
        u_maj(m, &maj, &new_a, &b, &c);
        const wu32 k = u_const(K256[i]);
        const wu32 *temp1[5] = { &h, &s1, &ch, &k, &w[i] };
        for (int q = 0; q < 5; q++) e.ops[q] = *temp1[q], a.ops[q] = *temp1[q];
        h = g;
        g = f;
        f = new_e;
        e.ops[5] = d;
        e.n = 6;
        d = c;
        c = b;
        b = new_a;
        a.ops[5] = s0;
        a.ops[6] = maj;
        a.n = 7;
    }
    const wu32 *rest[8] = { NULL, &b, &c, &d, NULL, &f, &g, &h };
    wu32 res[8], pair[2];
    for (int k = 0; k < 8; k++) {
        if (k == 0) {
            materialise(m, &res[0], &a, &cur[0]);
        } else if (k == 4) {
            materialise(m, &res[4], &e, &cur[4]);
        } else {
            pair[0] = cur[k];
            pair[1] = *rest[k];
            u_addmany(m, &res[k], pair, 2);
        }
    }
    if (m->meq_bits > 0) meq_flush(m);
    for (int k = 0; k < 8; k++) out[k] = res[k];
}

/* sha256(): constant padding, digest bits in order. in may be s->msg. */
static void sha256(wm_ctx *m, wm_bool out[256], const wm_bool *in, size_t n, wm_scratch *s)
{
    wu32 cur[8];
    for (int k = 0; k < 8; k++) cur[k] = u_const(IV256[k]);
    const size_t total = (n + 1 + 64 + 511) / 512 * 512;
    wm_bool block[512];
    for (size_t at = 0; at < total; at += 512) {
        for (size_t j = 0; j < 512; j++) {
            const size_t i = at + j;
            if (i < n) block[j] = in[i];
            else if (i == n) block[j] = bconst(true);
            else if (i < total - 64) block[j] = bconst(false);
            else block[j] = bconst(((uint64_t)n >> (total - 1 - i)) & 1);
        }
        compress(m, cur, block, cur, s);
    }
    for (int k = 0; k < 8; k++) u_into_bits_be(out + 32 * k, &cur[k]);
}

/* ---- bits and packing (field_bits.c, multipack.c, sha256_node.c) -------------------- */
static void to_bits_le(wm_ctx *m, wm_bool out[255], const cuzk_fr *x)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, x);
    for (unsigned i = 0; i < 255; i++) out[i] = balloc(m, (raw[i >> 6] >> (i & 63)) & 1);
    put_small(m, 0, 0, 0); /* 0 * 0 = sum 2^i b_i - x */
}

static size_t reverse_bit_numbering(wm_bool *out, const wm_bool *in, size_t n)
{
    const size_t padded = (n + 7) & ~(size_t)7;
    for (size_t i = 0; i < padded; i++) {
        const size_t src = (i & ~(size_t)7) | (7 - (i & 7));
        out[i] = src < n ? in[src] : bconst(false);
    }
    return padded;
}

static void pack_value(cuzk_fr *v, const wm_bool *bits, size_t n)
{
    uint64_t raw[4] = { 0, 0, 0, 0 };
    for (size_t j = 0; j < n; j++) raw[j >> 6] |= (uint64_t)bits[j].value << (j & 63);
    cuzk_fr_from_raw(v, raw); /* n <= 254: below r */
}

static void pack_bits(wm_ctx *m, cuzk_fr *out, const wm_bool *bits, size_t n)
{
    if (n > 254) n = 254;
    pack_value(out, bits, n);
    alloc_fr(m, out);
    if (m->a) put(m, out, &CUZK_FR_ONE, out); /* num * 1 = packed */
    else m->n_con++, m->n_native++;
}

static void pack_into_inputs(wm_ctx *m, const wm_bool *bits, size_t n)
{
    for (size_t at = 0; at < n; at += 254) {
        cuzk_fr v;
        pack_value(&v, bits + at, n - at < 254 ? n - at : 254);
        alloc_input(m, &v);
        if (m->a) put(m, &v, &CUZK_FR_ONE, &v);
        else m->n_con++, m->n_native++;
    }
}

/* hash_nums (tree-D node): to_bits_le of each leaf, SHA-256 over their LE reprs, pack 254 */
static void sha256_nums(wm_ctx *m, cuzk_fr *out, const cuzk_fr *leaves, size_t n, wm_scratch *s)
{
    wm_bool bits[255], digest[256], le[256];
    for (size_t k = 0; k < n; k++) {
        to_bits_le(m, bits, &leaves[k]);
        reverse_bit_numbering(s->msg + 256 * k, bits, 255);
    }
    sha256(m, digest, s->msg, 256 * n, s);
    reverse_bit_numbering(le, digest, 256);
    pack_bits(m, out, le, 254);
}

/* ---- Poseidon (poseidon_gadget.c): the S-box intermediates ----------------------------- */
static void sq_alloc(wm_ctx *m, cuzk_fr *y, const cuzk_fr *x)
{
    cuzk_fr_sqr_i(y, x);
    alloc_fr(m, y);
    con(m);
}

static void sbox(wm_ctx *m, cuzk_fr *x, bool *allocated, const cuzk_fr *pre, const cuzk_fr *post)
{
    if (!*allocated) alloc_fr(m, x), con(m); /* ensure_allocated */
    cuzk_fr s = *x, s2, s4;
    if (pre) cuzk_fr_add_i(&s, &s, pre);
    sq_alloc(m, &s2, &s);
    sq_alloc(m, &s4, &s2);
    cuzk_fr_mul_i(x, &s, &s4);
    if (post) cuzk_fr_add_i(x, x, post);
    alloc_fr(m, x);
    con(m);
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

static void poseidon(wm_ctx *m, cuzk_fr *out, const cuzk_fr *pre, const cuzk_poseidon_constants *c)
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
    alloc_fr(m, &e[1]);
    con(m);
    *out = e[1];
}

/* ---- insertion (insertion.c) and the PoR path (por.c, merkle.c) ---------------------- */
static inline void pick(wm_ctx *m, cuzk_fr *out, bool cond, const cuzk_fr *a, const cuzk_fr *b)
{
    *out = cond ? *a : *b;
    alloc_fr(m, out);
    con(m);
}

static void select_tree(wm_ctx *m, cuzk_fr *out, cuzk_fr *state, const bool *bits, size_t n_bits)
{
    size_t half = ((size_t)1 << n_bits) / 2;
    for (size_t i = n_bits; i-- > 0; half /= 2)
        for (size_t j = 0; j < half; j++) pick(m, &state[j], bits[i], &state[half + j], &state[j]);
    *out = state[0];
}

/* out[0 .. 2^nb) = siblings with x inserted at the index given by bits */
static void insert(wm_ctx *m, cuzk_fr *out, const cuzk_fr *x, const bool *bits, uint32_t nb, const cuzk_fr *s)
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
        alloc_bit(m, nor), con(m);
        alloc_bit(m, and), con(m);
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

/* enforce_inclusion (cuzk_por_circuit with leaf and root allocated, private root):
 * per level the index bits, the siblings, the insertion and the node hash;
 * then the index packed into one input. */
static void inclusion(wm_ctx *m, const wm_tree *tr, const cuzk_fr *leaf, const cuzk_porep_merkle_proof *p,
                      const char *what, wm_scratch *s)
{
    cuzk_fr cur = *leaf, sib[15], row[16];
    wm_bool ibits[64];
    uint32_t bitpos = 0, k = 0;
    for (uint32_t l = 0; l < tr->levels; l++) {
        const uint32_t arity = tr->arity[l], nb = (uint32_t)__builtin_ctz(arity);
        mark(m, what, l);
        bool bits[4];
        for (uint32_t i = 0; i < nb; i++) {
            bits[i] = (p->index[l] >> i) & 1;
            ibits[bitpos + i] = balloc(m, bits[i]);
        }
        for (uint32_t j = 0; j + 1 < arity; j++, k++) {
            cuzk_fr_from_bytes_le(&sib[j], p->hashes[k], NULL);
            alloc_fr(m, &sib[j]);
        }
        bitpos += nb;
        insert(m, row, &cur, bits, nb, sib);
        if (tr->sha256)
            sha256_nums(m, &cur, row, arity, s);
        else
            poseidon(m, &cur, row, tr->poseidon[l]);
    }
    pack_into_inputs(m, ibits, bitpos);
    con(m); /* computed root * 1 = root */
}

/* ---- the circuit: prefix and one challenge (stacked_circuit.c) ------------------------ */
void wm_prefix(wm_ctx *m, const wm_circuit *c, const wm_inputs *in, wm_bool rid_bits[256], cuzk_fr *comm_c,
               cuzk_fr *comm_r_last)
{
    wm_bool rid_le[255];
    mark(m, "replica_id, comm_d, comm_r, comm_r_last, comm_c", 0);
    alloc_fr(m, &in->replica_id);
    alloc_input(m, &in->replica_id), con(m); /* inputize */
    to_bits_le(m, rid_le, &in->replica_id);
    reverse_bit_numbering(rid_bits, rid_le, 255);
    alloc_fr(m, &in->comm_d);
    alloc_input(m, &in->comm_d), con(m);
    alloc_fr(m, &in->comm_r);
    alloc_input(m, &in->comm_r), con(m);
    alloc_fr(m, &in->comm_r_last);
    alloc_fr(m, &in->comm_c);
    *comm_c = in->comm_c;
    *comm_r_last = in->comm_r_last;
    mark(m, "comm_r = Poseidon2(comm_c, comm_r_last)", 0);
    const cuzk_fr pair[2] = { in->comm_c, in->comm_r_last };
    cuzk_fr h;
    poseidon(m, &h, pair, c->poseidon2);
    con(m); /* comm_r * 1 = h */
}

void wm_challenge(wm_ctx *m, const wm_circuit *c, const wm_bool rid_bits[256], const cuzk_porep_challenge_proof *p,
                  wm_scratch *s)
{
    const uint32_t layers = c->layers;
    cuzk_fr data_leaf;
    mark(m, "data leaf", 0);
    cuzk_fr_from_bytes_le(&data_leaf, p->comm_d_proof.leaf, NULL);
    alloc_fr(m, &data_leaf);
    inclusion(m, &c->tree_d, &data_leaf, &p->comm_d_proof, "tree-D inclusion level", s);

    for (int k = 0; k < CUZK_POREP_PARENTS; k++) {
        const cuzk_porep_column_proof *col =
            k < CUZK_POREP_DRG_PARENTS ? &p->drg_parents[k] : &p->exp_parents[k - CUZK_POREP_DRG_PARENTS];
        mark(m, "parent column rows and hash, parent", (uint32_t)k);
        for (uint32_t r = 0; r < layers; r++) {
            cuzk_fr_from_bytes_le(&s->cols[k][r], col->column.rows[r], NULL);
            alloc_fr(m, &s->cols[k][r]);
        }
        cuzk_fr h;
        poseidon(m, &h, s->cols[k], c->column);
        inclusion(m, &c->tree_cr, &h, &col->inclusion, "tree-C inclusion (parent column) level", s);
    }

    mark(m, "challenge UInt64", 0);
    const uint64_t node = p->labeling[0].node;
    wm_bool chal[64];
    for (int i = 0; i < 64; i++) chal[i] = balloc(m, (node >> i) & 1);
    pack_into_inputs(m, chal, 64);

    for (uint32_t layer = 1; layer <= layers; layer++) {
        const int n = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
        mark(m, "labeling: parent bits and label SHA-256, layer", layer);
        for (int k = 0; k < n; k++) {
            const uint32_t row = k < CUZK_POREP_DRG_PARENTS ? layer - 1 : layer - 2;
            wm_bool le[255];
            to_bits_le(m, le, &s->cols[k][row]);
            reverse_bit_numbering(s->parent_bits[k], le, 255);
        }
        /* message: replica id | layer BE | node BE | zeros to 512 | 37 parents */
        wm_bool *msg = s->msg;
        size_t q = 0;
        for (size_t i = 0; i < 256; i++) msg[q++] = rid_bits[i];
        const wu32 lw = u_const(layer);
        u_into_bits_be(msg + q, &lw);
        q += 32;
        for (int i = 0; i < 64; i++) msg[q++] = chal[63 - i];
        while (q < 512) msg[q++] = bconst(false);
        for (int k = 0; k < CUZK_LABEL_PARENTS; k++) {
            memcpy(msg + q, s->parent_bits[k % n], 256 * sizeof *msg);
            q += 256;
        }
        wm_bool digest[256], le[256];
        sha256(m, digest, msg, q, s);
        reverse_bit_numbering(le, digest, 256);
        pack_bits(m, &s->labels[layer - 1], le, 254);
    }

    mark(m, "encoding", 0);
    cuzk_fr replica;
    cuzk_fr_add_i(&replica, &s->labels[layers - 1], &data_leaf);
    alloc_fr(m, &replica);
    con(m); /* (key + value) * 1 = replica */
    inclusion(m, &c->tree_cr, &replica, &p->comm_r_last_proof, "tree-R inclusion level", s);
    mark(m, "column hash of the challenge", 0);
    cuzk_fr cx;
    poseidon(m, &cx, s->labels, c->column);
    inclusion(m, &c->tree_cr, &cx, &p->c_x.inclusion, "tree-C inclusion (challenge column) level", s);
}
