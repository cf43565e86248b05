/* Private to the library: the value mirror of the generic gadgets, for the
 * fast witness generators of the circuits (src/circuits/<kind>/witness_*.c).
 *
 * A mirror function makes the same allocations, in the same order and with
 * the same values, as the gadget it names, but builds no linear combinations.
 * Booleans keep bellpepper's Constant/Is/Not kinds because the constant
 * folding decides which variables exist (SHA-256's IV and padding words are
 * constants). The bit-level constraints (booleanity, xor/and/ch/maj, MultiEq,
 * packing, unpacking) have their A·z, B·z, C·z written here; the others are
 * only counted, and a caller's flush evaluates them (from a recorded tape). */
#ifndef CUZK_GADGETS_MIRROR_H
#define CUZK_GADGETS_MIRROR_H

#include <stdbool.h>
#include <stdint.h>

#include "cuzk/ff.h"
#include "cuzk/gadgets.h"
#include "cuzk/poseidon.h"

/* Longest Merkle path of any circuit, in levels. */
#define WM_MAX_LEVELS 32

enum { WM_CONST = 0, WM_IS = 1, WM_NOT = 2 };

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
 * n_con; the bit-level ones have their A·z, B·z, C·z written natively at
 * a/b/c[n_con] (when a is not NULL), after flush(m, done, n_con) has
 * evaluated the rows since the last native one. */
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

/* A Merkle tree shape for wm_inclusion: per level its arity and, for
 * Poseidon, the constants of that arity. */
typedef struct {
    bool sha256;
    uint32_t levels;
    uint32_t arity[WM_MAX_LEVELS];
    const cuzk_poseidon_constants *poseidon[WM_MAX_LEVELS];
} wm_tree;

/* The mirror's view of a tree shape (Poseidon constants from ps). */
void wm_tree_from_shape(wm_tree *t, const cuzk_merkle_shape *s, const cuzk_poseidon_set *ps);

/* The working state of one SHA-256 compression (per thread; sha256_rounds.h):
 * the message schedule, the deferred sums of a and e, the other words. */
typedef struct {
    wm_u32 ops[8];
    size_t n;
} wm_sha_deferred;
typedef struct {
    wm_u32 w[64];
    wm_sha_deferred a, e;
    wm_u32 b, c, d, f, g, h;
} wm_sha_state;

/* ---- allocation and constraints ------------------------------------------------- */
void wm_small_init(cuzk_fr small[4]);

static inline void wm_alloc_fr(wm_ctx *m, const cuzk_fr *v)
{
    if (m->n_aux < m->cap_aux)
        m->aux[m->n_aux] = *v;
    m->n_aux++;
}

static inline void wm_alloc_bit(wm_ctx *m, bool v)
{
    if (m->n_aux < m->cap_aux)
        m->aux[m->n_aux] = v ? CUZK_FR_ONE : CUZK_FR_ZERO;
    m->n_aux++;
}

static inline void wm_alloc_input(wm_ctx *m, const cuzk_fr *v)
{
    if (m->n_in < m->cap_in)
        m->in[m->n_in] = *v;
    m->n_in++;
}

/* A constraint evaluated later from the tape. */
static inline void wm_con(wm_ctx *m) { m->n_con++; }

/* A constraint whose evaluations are written here. */
static inline void wm_put(wm_ctx *m, const cuzk_fr *a, const cuzk_fr *b, const cuzk_fr *c)
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

/* wm_put of small constants -1, 0, 1, 2. */
static inline void wm_put_small(wm_ctx *m, int a, int b, int c)
{
    if (m->a) wm_put(m, &m->small[a + 1], &m->small[b + 1], &m->small[c + 1]);
    else m->n_con++, m->n_native++;
}

void wm_mark_section(wm_ctx *m, const char *name, uint32_t level);

/* ---- Booleans and words (boolean.c, uint32.c) ------------------------------------- */
static inline wm_bool wm_bconst(bool v) { return (wm_bool){ WM_CONST, v }; }

/* AllocatedBit::alloc: (1 - b) * b = 0 */
static inline wm_bool wm_balloc(wm_ctx *m, bool v)
{
    wm_alloc_bit(m, v);
    wm_put_small(m, !v, v, 0);
    return (wm_bool){ WM_IS, v };
}

wm_u32 wm_u32_const(uint32_t v);
void wm_u32_into_bits_be(wm_bool *bits, const wm_u32 *x);

/* ---- SHA-256 (sha256_gadget.c) ---------------------------------------------------- */
/* sha256(): constant padding, digest bits in order (n a multiple of 8). */
void wm_sha256(wm_ctx *m, wm_bool out[256], const wm_bool *in, size_t n, wm_sha_state *s);

/* ---- bits and packing (field_bits.c, multipack.c, sha256_node.c) -------------------- */
void wm_to_bits_le(wm_ctx *m, wm_bool out[255], const cuzk_fr *x);
/* cuzk_boolean_reverse_bit_numbering; returns the padded length */
size_t wm_reverse_bit_numbering(wm_bool *out, const wm_bool *in, size_t n);
/* multipack pack_bits (n clipped to 254) and pack_into_inputs */
void wm_pack_bits(wm_ctx *m, cuzk_fr *out, const wm_bool *bits, size_t n);
void wm_pack_into_inputs(wm_ctx *m, const wm_bool *bits, size_t n);
/* hash_nums (a SHA-256 tree node of n <= 8 children) */
void wm_sha256_nums(wm_ctx *m, cuzk_fr *out, const cuzk_fr *leaves, size_t n, wm_sha_state *s);

/* ---- Poseidon (poseidon_gadget.c) -------------------------------------------------- */
void wm_poseidon(wm_ctx *m, cuzk_fr *out, const cuzk_fr *pre, const cuzk_poseidon_constants *c);

/* ---- insertion and the PoR path (insertion.c, por.c) -------------------------------- */
/* out[0 .. 2^nb) = siblings s with x inserted at the index given by bits */
void wm_insert(wm_ctx *m, cuzk_fr *out, const cuzk_fr *x, const bool *bits, uint32_t nb, const cuzk_fr *s);
/* cuzk_por_circuit with leaf and root already allocated and a private root:
 * per level the index bits, the siblings (hashes: arity - 1 LE reprs per
 * level, path order), the insertion and the node hash; then the index packed
 * into one input; then computed root * 1 = root (counted). index[l] is the
 * position at level l. what names the section (marks). */
void wm_inclusion(wm_ctx *m, const wm_tree *tr, const cuzk_fr *leaf, const uint8_t *index,
                  const uint8_t (*hashes)[32], const char *what, wm_sha_state *s);

#endif
