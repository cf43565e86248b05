/* cuzk poseidon: the native Poseidon hash over BLS12-381 Fr, bit-compatible
 * with neptune 11 (the version rust-fil-proofs pins).
 *
 * Width t = arity + 1; state[0] is the domain tag, state[1..arity] the
 * preimage; the digest is state[1] after the permutation. S-box x^5, R_F = 8
 * full rounds, R_P partial rounds from neptune's table (128-bit security),
 * Cauchy MDS matrix M[i][j] = 1/(i + j + t), round constants from the Grain
 * LFSR of the Poseidon reference scripts.
 *
 * Constants are computed once into an immutable object by
 * cuzk_poseidon_constants_new and passed to every hash; nothing is cached
 * globally. Creating one takes about a millisecond (arity 2) to a few tens of
 * milliseconds (arity 36). */
#ifndef CUZK_POSEIDON_H
#define CUZK_POSEIDON_H

#include "cuzk/ff.h"
#include "cuzk/util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CUZK_POSEIDON_MAX_ARITY 36
#define CUZK_POSEIDON_FULL_ROUNDS 8

typedef enum {
    CUZK_POSEIDON_STANDARD = 0,      /* what Filecoin uses */
    CUZK_POSEIDON_STRENGTHENED = 1,  /* R_P * 1.25, rounded up */
} cuzk_poseidon_strength;

/* Read-only after creation. Matrices are row-major, width x width. */
typedef struct {
    uint32_t arity, width;
    uint32_t full_rounds, partial_rounds;
    cuzk_poseidon_strength strength;
    cuzk_fr merkle_tag;          /* HashType::MerkleTree: 2^arity - 1 */
    const cuzk_fr *round_constants;       /* (R_F + R_P) * t, round by round (Grain output) */
    const cuzk_fr *mds;                   /* M */
    const cuzk_fr *mds_inv;               /* M^-1 */
    /* neptune's OptimizedStatic preprocessing (also what the circuit uses): */
    const cuzk_fr *compressed_constants;  /* R_F * t + R_P */
    const cuzk_fr *pre_sparse;            /* the matrix of the last first-half full round */
    const cuzk_fr *sparse_w_hat;          /* R_P rows of t: column 0 of each sparse matrix */
    const cuzk_fr *sparse_v_rest;         /* R_P rows of t - 1: row 0 without its first entry */
    void *storage;                        /* owns the arrays above */
} cuzk_poseidon_constants;

/* Number of partial rounds for width t (2 <= t <= 37) at the given strength;
 * 0 for an unsupported width. */
uint32_t cuzk_poseidon_partial_rounds(uint32_t width, cuzk_poseidon_strength strength);

/* arity 1..36. Returns 0, CUZK_ERR_INVALID_ARGUMENT or CUZK_ERR_OUT_OF_MEMORY. */
int cuzk_poseidon_constants_new(cuzk_poseidon_constants **out, uint32_t arity,
                                cuzk_poseidon_strength strength, cuzk_err *err);
void cuzk_poseidon_constants_free(cuzk_poseidon_constants *c);

/* The Grain LFSR round constants for (field = 1, sbox = 1, n = 255, t, R_F, R_P):
 * out must hold (r_f + r_p) * t values. Exposed for the known-answer test. */
int cuzk_poseidon_grain_constants(cuzk_fr *out, uint32_t t, uint32_t r_f, uint32_t r_p);

/* ---- domain tags (neptune HashType) ---- */
void cuzk_poseidon_tag_merkle(cuzk_fr *tag, uint32_t arity);            /* 2^arity - 1 */
void cuzk_poseidon_tag_constant_length(cuzk_fr *tag, uint64_t length);  /* length * 2^64 */

/* ---- permutations: state has c->width elements, permuted in place ---- */
/* The optimised permutation (compressed constants, sparse partial rounds). */
void cuzk_poseidon_permute(const cuzk_poseidon_constants *c, cuzk_fr *state);
/* The textbook permutation from the raw constants (neptune's "Correct" mode):
 * slower, kept as the reference the optimised one is tested against. */
void cuzk_poseidon_permute_reference(const cuzk_poseidon_constants *c, cuzk_fr *state);

/* ---- hashes ---- */
/* MerkleTree hash of exactly c->arity inputs (the tree-node and column hash). */
void cuzk_poseidon_hash(const cuzk_poseidon_constants *c, cuzk_fr *out, const cuzk_fr *in);
/* n independent MerkleTree hashes: out[i] = hash(in[i*arity .. i*arity + arity)).
 * One tree level when in holds the level's nodes. Split over the pool (may be NULL). */
void cuzk_poseidon_hash_many(const cuzk_poseidon_constants *c, cuzk_fr *out, const cuzk_fr *in,
                             size_t n, cuzk_pool *pool);
/* neptune's ConstantLength(len) simplex sponge with one squeeze: absorb (add)
 * arity elements at a time with a permutation after each full chunk; a partial
 * last chunk is zero padded and permuted; the output is state[1]. For
 * len <= arity it is one permutation of [len * 2^64, in..., 0...]. len >= 1. */
int cuzk_poseidon_hash_constant_length(const cuzk_poseidon_constants *c, cuzk_fr *out,
                                       const cuzk_fr *in, size_t len, cuzk_err *err);
/* filecoin-hashers hash_md (PoseidonMDArity = 36): acc = in[0]; for each chunk
 * of up to 35 further elements acc = hash(acc, chunk, zero padding). n >= 2. */
int cuzk_poseidon_hash_md(const cuzk_poseidon_constants *c36, cuzk_fr *out, const cuzk_fr *in,
                          size_t n, cuzk_err *err);

/* ---- constants for several arities ---- */
/* A set of constants by arity, for code that hashes at several arities (tree
 * shapes use 8 with 2, 4 or 8 above; columns 2 or 11; hash_md 36). */
typedef struct {
    cuzk_poseidon_constants *by_arity[CUZK_POSEIDON_MAX_ARITY + 1]; /* NULL where absent */
} cuzk_poseidon_set;

/* Creates Standard constants for each listed arity (duplicates allowed). On
 * failure everything created so far is freed. */
int cuzk_poseidon_set_init(cuzk_poseidon_set *s, const uint32_t *arities, size_t n, cuzk_err *err);
void cuzk_poseidon_set_free(cuzk_poseidon_set *s);
static inline const cuzk_poseidon_constants *cuzk_poseidon_set_get(const cuzk_poseidon_set *s,
                                                                   uint32_t arity)
{
    return arity <= CUZK_POSEIDON_MAX_ARITY ? s->by_arity[arity] : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
