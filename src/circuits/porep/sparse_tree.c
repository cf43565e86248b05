/* Sparse Merkle trees: only the sibling groups on the paths of the known
 * leaves exist; their other children are random. Each level keeps its groups
 * sorted by group index (children of group g are nodes g*a .. g*a + a - 1),
 * so a path is one binary search per level. Also the small deterministic
 * random stream the synthetic C1 builder draws from. */
#include <stdlib.h>
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/hash.h"
#include "cuzk/porep_synth.h"

void cuzk_porep_rng_init(cuzk_porep_rng *r, const char *tag, uint64_t seed)
{
    cuzk_sha256_ctx c;
    uint8_t s[8];
    for (int i = 0; i < 8; i++) s[i] = (uint8_t)(seed >> (8 * i));
    cuzk_sha256_init(&c);
    cuzk_sha256_update(&c, tag, strlen(tag));
    cuzk_sha256_update(&c, s, sizeof s);
    cuzk_sha256_final(&c, r->key);
    r->offset = 0;
}

void cuzk_porep_rng_bytes(cuzk_porep_rng *r, void *out, size_t len)
{
    static const uint8_t nonce[12] = { 'c', 'u', 'z', 'k', '-', 's', 'y', 'n', 't', 'h', 0, 0 };
    cuzk_porep_chacha20_stream(out, len, r->key, nonce, r->offset);
    r->offset += len;
}

void cuzk_porep_rng_fr32(cuzk_porep_rng *r, uint8_t out[32])
{
    cuzk_porep_rng_bytes(r, out, 32);
    out[31] &= 0x3f;
}

typedef struct {
    uint32_t arity;
    uint64_t n;                  /* groups */
    uint64_t *group;             /* sorted group indexes */
    cuzk_fr *child;              /* n * arity children */
} sparse_level;

struct cuzk_sparse_tree {
    cuzk_merkle_shape shape;
    uint32_t levels;
    sparse_level lv[CUZK_POREP_MAX_PATH_LEVELS];
    cuzk_fr root;
};

typedef struct {
    uint64_t index;
    cuzk_fr value;
} entry;

static int entry_cmp(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    return x->index < y->index ? -1 : x->index > y->index;
}

void cuzk_sparse_tree_free(cuzk_sparse_tree *t)
{
    if (!t) return;
    for (uint32_t l = 0; l < t->levels; l++) {
        cuzk_free(t->lv[l].group);
        cuzk_free(t->lv[l].child);
    }
    free(t);
}

int cuzk_sparse_tree_build(cuzk_sparse_tree **out, const cuzk_merkle_shape *shape, const cuzk_poseidon_set *poseidon,
                           const uint64_t *index, const cuzk_fr *leaves, size_t n, cuzk_porep_rng *rng,
                           cuzk_err *err)
{
    *out = NULL;
    if (!shape || !rng || (n && (!index || !leaves)) || n == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: no leaves");
    int rc = cuzk_merkle_shape_check(shape, poseidon, err);
    if (rc) return rc;
    const uint32_t levels = cuzk_merkle_shape_levels(shape);
    const uint64_t n_leaves = cuzk_merkle_tree_leaves(shape);
    if (levels > CUZK_POREP_MAX_PATH_LEVELS || n_leaves == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: %u levels", levels);
    cuzk_sparse_tree *t = calloc(1, sizeof *t);
    entry *cur = cuzk_alloc_array(n, sizeof(entry));
    if (!t || !cur) {
        free(t);
        cuzk_free(cur);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "sparse tree of %zu leaves", n);
    }
    t->shape = *shape;
    t->levels = levels;
    for (size_t i = 0; i < n; i++) {
        if (index[i] >= n_leaves) {
            rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: leaf %llu of %llu",
                              (unsigned long long)index[i], (unsigned long long)n_leaves);
            goto done;
        }
        cur[i].index = index[i];
        cur[i].value = leaves[i];
    }
    qsort(cur, n, sizeof *cur, entry_cmp);
    size_t m = 0; /* unique entries */
    for (size_t i = 0; i < n; i++) {
        if (m && cur[m - 1].index == cur[i].index) {
            if (!cuzk_fr_eq(&cur[m - 1].value, &cur[i].value)) {
                rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: leaf %llu given two values",
                                  (unsigned long long)cur[i].index);
                goto done;
            }
            continue;
        }
        cur[m++] = cur[i];
    }
    for (uint32_t l = 0; l < levels; l++) {
        sparse_level *lv = &t->lv[l];
        const uint32_t a = cuzk_merkle_shape_arity(shape, l);
        lv->arity = a;
        uint64_t groups = 0;
        for (size_t i = 0; i < m; i++)
            if (i == 0 || cur[i].index / a != cur[i - 1].index / a) groups++;
        lv->group = cuzk_alloc_array((size_t)groups, sizeof(uint64_t));
        lv->child = cuzk_alloc_array((size_t)groups * a, sizeof(cuzk_fr));
        if (!lv->group || !lv->child) {
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "sparse tree: level %u", l);
            goto done;
        }
        lv->n = groups;
        uint64_t g = 0;
        for (size_t i = 0; i < m; g++) {
            const uint64_t gi = cur[i].index / a;
            cuzk_fr *ch = &lv->child[g * a];
            for (uint32_t k = 0; k < a; k++) {
                uint8_t b[32];
                cuzk_porep_rng_fr32(rng, b);
                cuzk_fr_from_bytes_le(&ch[k], b, NULL);
            }
            for (; i < m && cur[i].index / a == gi; i++) ch[cur[i].index % a] = cur[i].value;
            lv->group[g] = gi;
        }
        /* The next level's known nodes: one per group, in the same order. */
        for (g = 0; g < groups; g++) {
            cuzk_fr h;
            if ((rc = cuzk_merkle_node(&h, shape->hasher, poseidon, &lv->child[g * a], a))) {
                rc = cuzk_err_set(err, rc, "sparse tree: node hash of arity %u", a);
                goto done;
            }
            cur[g].index = lv->group[g];
            cur[g].value = h;
        }
        m = (size_t)groups;
    }
    if (m != 1) {
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: %zu roots", m);
        goto done;
    }
    t->root = cur[0].value;
done:
    cuzk_free(cur);
    if (rc) cuzk_sparse_tree_free(t);
    else *out = t;
    return rc;
}

void cuzk_sparse_tree_root(const cuzk_sparse_tree *t, cuzk_fr *root) { *root = t->root; }

uint64_t cuzk_sparse_tree_groups(const cuzk_sparse_tree *t)
{
    uint64_t s = 0;
    for (uint32_t l = 0; l < t->levels; l++) s += t->lv[l].n;
    return s;
}

static const cuzk_fr *find_group(const sparse_level *lv, uint64_t g)
{
    uint64_t lo = 0, hi = lv->n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (lv->group[mid] < g) lo = mid + 1;
        else hi = mid;
    }
    return lo < lv->n && lv->group[lo] == g ? &lv->child[lo * lv->arity] : NULL;
}

int cuzk_sparse_tree_proof(const cuzk_sparse_tree *t, uint64_t index, cuzk_porep_merkle_proof *out, cuzk_err *err)
{
    memset(out, 0, sizeof *out);
    cuzk_fr_to_bytes_le(out->root, &t->root);
    out->base_levels = t->shape.base_levels;
    out->sub_levels = t->shape.sub_arity ? 1 : 0;
    out->top_levels = t->shape.top_arity ? 1 : 0;
    uint32_t h = 0;
    for (uint32_t l = 0; l < t->levels; l++) {
        const sparse_level *lv = &t->lv[l];
        const uint32_t a = lv->arity, pos = (uint32_t)(index % a);
        const cuzk_fr *ch = find_group(lv, index / a);
        if (!ch)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: node %llu of level %u is not materialised",
                                (unsigned long long)index, l);
        if (h + a - 1 > CUZK_POREP_MAX_PATH_HASHES)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sparse tree: path longer than %d hashes",
                                CUZK_POREP_MAX_PATH_HASHES);
        if (l == 0) cuzk_fr_to_bytes_le(out->leaf, &ch[pos]);
        out->arity[l] = (uint8_t)a;
        out->index[l] = (uint8_t)pos;
        for (uint32_t k = 0; k < a; k++)
            if (k != pos) cuzk_fr_to_bytes_le(out->hashes[h++], &ch[k]);
        index /= a;
    }
    return 0;
}
