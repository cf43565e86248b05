/* Synthetic C1 outputs: every value a partition circuit checks, for any
 * sector size, without the sector (see include/cuzk/porep_synth.h for the
 * construction). The order is forced by the derivations: tree D (periodic
 * data) -> comm_d -> replica_id -> challenges (interactive: replica_id and
 * seed) -> parents -> labels -> trees C and R -> comm_r. */
#include <stdlib.h>
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/hash.h"
#include "cuzk/porep_synth.h"

#define DEFAULT_BLOCK_LOG2 16

void cuzk_porep_prover_id_from_miner(uint8_t out[32], uint64_t miner_id)
{
    memset(out, 0, 32);
    int i = 0;
    do {
        uint8_t b = miner_id & 0x7f;
        miner_id >>= 7;
        out[i++] = (uint8_t)(b | (miner_id ? 0x80 : 0));
    } while (miner_id);
}

void cuzk_porep_synth_opts_default(cuzk_porep_synth_opts *o, uint64_t rng_seed)
{
    memset(o, 0, sizeof *o);
    o->rng_seed = rng_seed;
    cuzk_porep_prover_id_from_miner(o->prover_id, 1000);
    o->sector_id = 1;
    cuzk_porep_rng r;
    cuzk_porep_rng_init(&r, "cuzk synth ticket+seed", rng_seed);
    cuzk_porep_rng_bytes(&r, o->ticket, 32);
    cuzk_porep_rng_bytes(&r, o->seed, 32);
    /* rust-fil-proofs draws both as 32 random bytes and keeps them < r for
     * the Fr conversions of the ticket in tests: clear the top bits. */
    o->ticket[31] &= 0x3f;
    o->seed[31] &= 0x3f;
}

/* ---- tree D over periodic data --------------------------------------------- */

typedef struct {
    uint32_t levels, block_levels;
    uint64_t block_nodes;
    cuzk_fr *block_tree;         /* cuzk_merkle_tree_build layout over the block */
    cuzk_fr upper[CUZK_POREP_MAX_PATH_LEVELS + 1]; /* upper[l]: every node of level l >= block_levels */
} tree_d;

static void tree_d_free(tree_d *d) { cuzk_free(d->block_tree); }

static int tree_d_build(tree_d *d, const cuzk_porep_config *cfg, const cuzk_porep_synth_opts *o, cuzk_err *err)
{
    memset(d, 0, sizeof *d);
    d->levels = cfg->tree_d_levels;
    uint32_t b = o->data_block_log2 ? o->data_block_log2 : DEFAULT_BLOCK_LOG2;
    if (b > d->levels) b = d->levels;
    if (b > 24) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "synth: data block of 2^%u nodes", b);
    d->block_levels = b;
    d->block_nodes = 1ull << b;
    const cuzk_merkle_shape sh = { CUZK_MERKLE_SHA256, 2, b, 0, 0 };
    const uint64_t tn = b ? cuzk_merkle_tree_nodes(&sh) : 1;
    d->block_tree = cuzk_alloc_array((size_t)tn, sizeof(cuzk_fr));
    if (!d->block_tree) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "synth: tree D block");
    cuzk_porep_rng r;
    cuzk_porep_rng_init(&r, "cuzk synth data", o->rng_seed);
    for (uint64_t i = 0; i < d->block_nodes; i++) {
        uint8_t v[32] = { 0 };
        if (!o->zero_data) cuzk_porep_rng_fr32(&r, v);
        cuzk_fr_from_bytes_le(&d->block_tree[i], v, NULL);
    }
    if (b) {
        int rc = cuzk_merkle_tree_build(d->block_tree, &sh, NULL, NULL, err);
        if (rc) return rc;
    }
    d->upper[b] = d->block_tree[tn - 1];
    for (uint32_t l = b; l < d->levels; l++) {
        cuzk_fr row[2] = { d->upper[l], d->upper[l] };
        int rc = cuzk_merkle_node(&d->upper[l + 1], CUZK_MERKLE_SHA256, NULL, row, 2);
        if (rc) return cuzk_err_set(err, rc, "synth: tree D node");
    }
    return 0;
}

static const cuzk_fr *tree_d_leaf(const tree_d *d, uint64_t node) { return &d->block_tree[node % d->block_nodes]; }

static void tree_d_proof(const tree_d *d, uint64_t node, cuzk_porep_merkle_proof *p)
{
    memset(p, 0, sizeof *p);
    cuzk_fr_to_bytes_le(p->root, &d->upper[d->levels]);
    cuzk_fr_to_bytes_le(p->leaf, tree_d_leaf(d, node));
    p->base_levels = d->levels;
    cuzk_fr sib[CUZK_POREP_MAX_PATH_HASHES];
    if (d->block_levels) {
        const cuzk_merkle_shape sh = { CUZK_MERKLE_SHA256, 2, d->block_levels, 0, 0 };
        cuzk_merkle_tree_path(sib, d->block_tree, &sh, node % d->block_nodes);
    }
    for (uint32_t l = d->block_levels; l < d->levels; l++) sib[l] = d->upper[l];
    for (uint32_t l = 0; l < d->levels; l++) {
        p->arity[l] = 2;
        p->index[l] = (uint8_t)((node >> l) & 1);
        cuzk_fr_to_bytes_le(p->hashes[l], &sib[l]);
    }
}

/* ---- columns of the touched nodes -------------------------------------------- */

typedef struct {
    uint64_t node;
    bool challenged;
    uint8_t rows[CUZK_POREP_MAX_LAYERS][32];
} column;

static int u64_cmp(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static column *find_column(column *cols, size_t n, uint64_t node)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cols[mid].node < node) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && cols[lo].node == node ? &cols[lo] : NULL;
}

static void progress(const cuzk_porep_synth_opts *o, const char *stage)
{
    if (o->progress) o->progress(o->progress_arg, stage);
}

static void fill_column_proof(cuzk_porep_column_proof *cp, const column *c, uint32_t layers,
                              const cuzk_sparse_tree *tc, cuzk_err *err, int *rc)
{
    cp->column.index = (uint32_t)c->node;
    cp->column.n_rows = layers;
    memcpy(cp->column.rows, c->rows, sizeof c->rows);
    if (!*rc) *rc = cuzk_sparse_tree_proof(tc, c->node, &cp->inclusion, err);
}

int cuzk_porep_synth_c1(cuzk_porep_c1 *out, const cuzk_porep_config *cfg, const cuzk_porep_synth_opts *o,
                        uint8_t comm_c_out[32], uint8_t comm_r_last_out[32], cuzk_err *err)
{
    if (!out || !cfg || !o) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "synth: NULL argument");
    memset(out, 0, sizeof *out);
    if (cfg->challenge_mode != CUZK_POREP_CHALLENGES_INTERACTIVE)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                            "synth: %s: its challenges are derived from comm_r, which depends on the challenged "
                            "paths; only interactive PoRep can be synthesized",
                            cfg->seal_proof >= 0 ? cuzk_seal_proof_name(cfg->seal_proof) : "this config");
    if (cfg->layers < 1 || cfg->layers > CUZK_POREP_MAX_LAYERS || cfg->nodes < 2 || cfg->nodes > (1ull << 32))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "synth: %u layers, %llu nodes", cfg->layers,
                            (unsigned long long)cfg->nodes);
    const uint32_t layers = cfg->layers, cpp = cfg->challenges_per_partition;
    const size_t n_ch = (size_t)cfg->partitions * cpp;
    tree_d td;
    cuzk_porep_graph g;
    cuzk_poseidon_set pos;
    memset(&pos, 0, sizeof pos);
    cuzk_sparse_tree *tc = NULL, *tr = NULL;
    uint64_t *chal = NULL, *touched = NULL;
    column *cols = NULL;
    cuzk_fr *leaves = NULL;
    uint32_t (*par)[CUZK_POREP_PARENTS] = NULL;
    size_t n_cols = 0;
    cuzk_porep_rng rng;
    cuzk_porep_rng_init(&rng, "cuzk synth trees", o->rng_seed);

    progress(o, "tree D");
    int rc = tree_d_build(&td, cfg, o, err);
    if (rc) goto done;
    out->seal_proof = cfg->seal_proof;
    cuzk_fr_to_bytes_le(out->comm_d, &td.upper[td.levels]);
    cuzk_porep_replica_id(out->replica_id, o->prover_id, o->sector_id, o->ticket, out->comm_d, cfg->porep_id);
    memcpy(out->seed, o->seed, 32);
    memcpy(out->ticket, o->ticket, 32);
    out->partitions = cfg->partitions;
    out->challenges_per_partition = cpp;

    progress(o, "challenges and parents");
    chal = cuzk_alloc_array(n_ch, sizeof(uint64_t));
    par = cuzk_alloc_array(n_ch, sizeof *par);
    touched = cuzk_alloc_array(n_ch * (CUZK_POREP_PARENTS + 1), sizeof(uint64_t));
    if (!chal || !par || !touched) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "synth: %zu challenges", n_ch);
        goto done;
    }
    if ((rc = cuzk_porep_graph_init(&g, cfg->nodes, cfg->api_version, cfg->porep_id, err))) goto done;
    const uint8_t no_comm_r[32] = { 0 };
    for (uint32_t k = 0; k < cfg->partitions; k++)
        if ((rc = cuzk_porep_challenges(chal + (size_t)k * cpp, cfg, out->replica_id, no_comm_r, o->seed, k, err)))
            goto done;
    size_t nt = 0;
    for (size_t i = 0; i < n_ch; i++) {
        cuzk_porep_graph_parents(&g, (uint32_t)chal[i], par[i]);
        touched[nt++] = chal[i];
        for (int k = 0; k < CUZK_POREP_PARENTS; k++) touched[nt++] = par[i][k];
    }
    qsort(touched, nt, sizeof *touched, u64_cmp);
    for (size_t i = 0; i < nt; i++)
        if (!n_cols || touched[n_cols - 1] != touched[i]) touched[n_cols++] = touched[i];
    cols = cuzk_alloc_array(n_cols, sizeof(column));
    if (!cols) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "synth: %zu columns", n_cols);
        goto done;
    }
    /* Random labels everywhere first; the challenged nodes' are replaced. */
    cuzk_porep_rng lrng;
    cuzk_porep_rng_init(&lrng, "cuzk synth labels", o->rng_seed);
    for (size_t i = 0; i < n_cols; i++) {
        memset(&cols[i], 0, sizeof cols[i]);
        cols[i].node = touched[i];
        for (uint32_t l = 0; l < layers; l++) cuzk_porep_rng_fr32(&lrng, cols[i].rows[l]);
    }
    for (size_t i = 0; i < n_ch; i++) find_column(cols, n_cols, chal[i])->challenged = true;

    /* Labels: layer by layer, challenged nodes in increasing order (a DRG
     * parent is always a smaller node, so a challenged DRG parent's label of
     * this layer is final before it is read; expander parents read the
     * previous layer, which is final). */
    progress(o, "labels");
    for (uint32_t layer = 1; layer <= layers; layer++) {
        for (size_t i = 0; i < n_cols; i++) {
            if (!cols[i].challenged) continue;
            uint32_t p[CUZK_POREP_PARENTS];
            cuzk_porep_graph_parents(&g, (uint32_t)cols[i].node, p);
            uint8_t pl[CUZK_POREP_LABEL_PARENTS][32];
            const unsigned n_par = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
            for (unsigned j = 0; j < CUZK_POREP_LABEL_PARENTS; j++) {
                const unsigned k = j % n_par;
                const column *pc = find_column(cols, n_cols, p[k]);
                memcpy(pl[j], pc->rows[k < CUZK_POREP_DRG_PARENTS ? layer - 1 : layer - 2], 32);
            }
            cuzk_porep_label_hash(cols[i].rows[layer - 1], out->replica_id, layer, cols[i].node, pl);
        }
    }

    /* Tree C over the touched columns, tree R over the challenged replica nodes. */
    progress(o, "tree C");
    uint32_t ar[5] = { 2, cfg->base_arity, layers, cfg->sub_arity ? cfg->sub_arity : 8,
                       cfg->top_arity ? cfg->top_arity : 2 };
    if ((rc = cuzk_poseidon_set_init(&pos, ar, 5, err))) goto done;
    leaves = cuzk_alloc_array(n_cols, sizeof(cuzk_fr));
    if (!leaves) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "synth: tree C leaves");
        goto done;
    }
    const cuzk_poseidon_constants *colh = cuzk_poseidon_set_get(&pos, layers);
    for (size_t i = 0; i < n_cols; i++) {
        cuzk_fr rows[CUZK_POREP_MAX_LAYERS];
        for (uint32_t l = 0; l < layers; l++) cuzk_fr_from_bytes_le(&rows[l], cols[i].rows[l], NULL);
        if (layers == 1) leaves[i] = rows[0];
        else cuzk_poseidon_hash(colh, &leaves[i], rows);
    }
    const cuzk_merkle_shape scr = { CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                    cfg->top_arity };
    if ((rc = cuzk_sparse_tree_build(&tc, &scr, &pos, touched, leaves, n_cols, &rng, err))) goto done;
    progress(o, "tree R");
    size_t n_r = 0;
    for (size_t i = 0; i < n_cols; i++) {
        if (!cols[i].challenged) continue;
        cuzk_fr last;
        cuzk_fr_from_bytes_le(&last, cols[i].rows[layers - 1], NULL);
        cuzk_fr_add(&leaves[n_r], &last, tree_d_leaf(&td, cols[i].node));
        touched[n_r++] = cols[i].node;
    }
    if ((rc = cuzk_sparse_tree_build(&tr, &scr, &pos, touched, leaves, n_r, &rng, err))) goto done;
    cuzk_fr pair[2], cr;
    cuzk_sparse_tree_root(tc, &pair[0]);
    cuzk_sparse_tree_root(tr, &pair[1]);
    cuzk_poseidon_hash(cuzk_poseidon_set_get(&pos, 2), &cr, pair);
    cuzk_fr_to_bytes_le(out->comm_r, &cr);
    if (comm_c_out) cuzk_fr_to_bytes_le(comm_c_out, &pair[0]);
    if (comm_r_last_out) cuzk_fr_to_bytes_le(comm_r_last_out, &pair[1]);

    progress(o, "vanilla proofs");
    out->proofs = cuzk_alloc_array(n_ch, sizeof(cuzk_porep_challenge_proof));
    if (!out->proofs) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "synth: vanilla proofs");
        goto done;
    }
    memset(out->proofs, 0, n_ch * sizeof(cuzk_porep_challenge_proof));
    for (size_t i = 0; i < n_ch && !rc; i++) {
        cuzk_porep_challenge_proof *pr = &out->proofs[i];
        const column *cx = find_column(cols, n_cols, chal[i]);
        tree_d_proof(&td, chal[i], &pr->comm_d_proof);
        rc = cuzk_sparse_tree_proof(tr, chal[i], &pr->comm_r_last_proof, err);
        fill_column_proof(&pr->c_x, cx, layers, tc, err, &rc);
        for (int k = 0; k < CUZK_POREP_DRG_PARENTS; k++)
            fill_column_proof(&pr->drg_parents[k], find_column(cols, n_cols, par[i][k]), layers, tc, err, &rc);
        for (int k = 0; k < CUZK_POREP_EXP_PARENTS; k++)
            fill_column_proof(&pr->exp_parents[k], find_column(cols, n_cols, par[i][CUZK_POREP_DRG_PARENTS + k]),
                              layers, tc, err, &rc);
        pr->n_labeling = layers;
        for (uint32_t layer = 1; layer <= layers; layer++) {
            cuzk_porep_labeling_proof *lp = &pr->labeling[layer - 1];
            const unsigned n_par = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
            for (unsigned j = 0; j < CUZK_POREP_LABEL_PARENTS; j++) {
                const unsigned k = j % n_par;
                const column *pc = find_column(cols, n_cols, par[i][k]);
                memcpy(lp->parents[j], pc->rows[k < CUZK_POREP_DRG_PARENTS ? layer - 1 : layer - 2], 32);
            }
            lp->layer_index = layer;
            lp->node = chal[i];
        }
        pr->encoding = pr->labeling[layers - 1];
    }
done:
    if (rc) cuzk_porep_c1_free(out);
    cuzk_sparse_tree_free(tc);
    cuzk_sparse_tree_free(tr);
    cuzk_poseidon_set_free(&pos);
    cuzk_free(leaves);
    cuzk_free(cols);
    cuzk_free(touched);
    cuzk_free(par);
    cuzk_free(chal);
    tree_d_free(&td);
    return rc;
}
