/* Whole Merkle trees, natively: every level of a shape above given leaves,
 * hashed in parallel (Poseidon levels through cuzk_poseidon_hash_many, SHA-256
 * levels in pool tasks), and paths read back from the result. Base / sub / top
 * trees of rust-fil-proofs cover contiguous leaf ranges, so one array of
 * levels gives the same nodes and roots. */
#include "gadgets_impl.h"

uint64_t cuzk_merkle_tree_leaves(const cuzk_merkle_shape *s)
{
    cuzk_merkle_shape shape_only = *s; /* the arities alone, whatever constants exist */
    shape_only.hasher = CUZK_MERKLE_SHA256;
    if (cuzk_merkle_shape_check(&shape_only, NULL, NULL) != 0)
        return 0;
    uint32_t bits = cuzk_merkle_shape_index_bits(s);
    return bits == 0 || bits > 62 ? 0 : UINT64_C(1) << bits;
}

uint64_t cuzk_merkle_tree_nodes(const cuzk_merkle_shape *s)
{
    uint64_t n = cuzk_merkle_tree_leaves(s), total = n;
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    for (uint32_t l = 0; l < levels && n; l++) {
        n /= cuzk_merkle_shape_arity(s, l);
        total += n;
    }
    return total;
}

typedef struct {
    const cuzk_fr *in;
    cuzk_fr *out;
    uint64_t n, per;
    uint32_t arity;
    int rc;
} sha_level;

static void sha_level_task(void *arg, size_t task)
{
    sha_level *s = arg;
    uint64_t lo = task * s->per, hi = lo + s->per < s->n ? lo + s->per : s->n;
    for (uint64_t i = lo; i < hi; i++)
        if (cuzk_merkle_node(&s->out[i], CUZK_MERKLE_SHA256, NULL, s->in + i * s->arity, s->arity) != 0)
            s->rc = CUZK_ERR_INVALID_ARGUMENT; /* unreachable for a checked shape */
}

int cuzk_merkle_tree_build(cuzk_fr *nodes, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                           cuzk_pool *pool, cuzk_err *err)
{
    int rc = cuzk_merkle_shape_check(s, poseidon, err);
    if (rc)
        return rc;
    uint64_t n = cuzk_merkle_tree_leaves(s);
    if (n == 0)
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "merkle tree: %u index bits is too many to build",
                            cuzk_merkle_shape_index_bits(s));
    const cuzk_fr *in = nodes;
    cuzk_fr *out = nodes + n;
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(s, l);
        n /= a;
        if (s->hasher == CUZK_MERKLE_POSEIDON) {
            cuzk_poseidon_hash_many(cuzk_poseidon_set_get(poseidon, a), out, in, n, pool);
        } else {
            size_t tasks = cuzk_pool_threads(pool) * 4;
            sha_level sl = { in, out, n, (n + tasks - 1) / tasks, a, 0 };
            cuzk_pool_run(pool, (size_t)((n + sl.per - 1) / sl.per), sha_level_task, &sl);
            if (sl.rc)
                return cuzk_err_set(err, sl.rc, "merkle tree: SHA-256 level %u failed", l);
        }
        in = out;
        out += n;
    }
    return 0;
}

int cuzk_merkle_tree_path(cuzk_fr *siblings, const cuzk_fr *nodes, const cuzk_merkle_shape *s, uint64_t index)
{
    uint64_t n = cuzk_merkle_tree_leaves(s);
    if (n == 0 || index >= n)
        return CUZK_ERR_INVALID_ARGUMENT;
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    const cuzk_fr *level = nodes;
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(s, l);
        const uint64_t group = index / a * a;
        for (uint32_t i = 0; i < a; i++)
            if (group + i != index)
                *siblings++ = level[group + i];
        level += n;
        n /= a;
        index /= a;
    }
    return 0;
}
