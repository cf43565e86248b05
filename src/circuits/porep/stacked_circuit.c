/* The PoRep partition circuit (rust-fil-proofs storage-proofs-porep:
 * StackedCircuit in src/stacked/circuit/proof.rs and the per-challenge
 * Proof::synthesize in src/stacked/circuit/params.rs). Variables and
 * constraints are created in exactly the upstream order: the official
 * parameters are tied to that order, not only to the relation. */
#include <stdlib.h>
#include <string.h>
#include "cuzk/porep.h"
#include "cuzk/gadgets.h"

struct cuzk_porep_circuit {
    cuzk_porep_config cfg;
    cuzk_poseidon_set poseidon;  /* 2 (comm_r), tree arities, column arity */
    bool has_values;
    cuzk_fr replica_id, comm_d, comm_r, comm_c, comm_r_last;
    const cuzk_porep_challenge_proof *proofs; /* borrowed; NULL when blank */
    cuzk_porep_circuit_progress progress;
    void *progress_arg;
};

/* Scratch of one challenge: parent columns and their per-layer bit vectors. */
typedef struct {
    cuzk_num cols[CUZK_POREP_PARENTS][CUZK_POREP_MAX_LAYERS];
    cuzk_num labels[CUZK_POREP_MAX_LAYERS];
    cuzk_boolean bits_le[255];
    cuzk_boolean parent_bits[CUZK_POREP_PARENTS][256];
} challenge_scratch;

static cuzk_merkle_shape tree_d_shape(const cuzk_porep_config *cfg)
{
    return (cuzk_merkle_shape){ CUZK_MERKLE_SHA256, 2, cfg->tree_d_levels, 0, 0 };
}

static cuzk_merkle_shape tree_cr_shape(const cuzk_porep_config *cfg)
{
    return (cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                cfg->top_arity };
}

static int fr_of(cuzk_fr *out, const uint8_t b[32], const char *what, cuzk_err *err)
{
    if (cuzk_fr_from_bytes_le(out, b, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "stacked circuit: %s is not a canonical Fr", what);
    return 0;
}

/* A vanilla path must have the circuit's shape: the blank circuit (and so the
 * parameters) is built from the shape alone. */
static int check_path(const cuzk_porep_merkle_proof *p, const cuzk_merkle_shape *s, uint32_t ch, const char *what,
                      cuzk_err *err)
{
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    if (p->base_levels + p->sub_levels + p->top_levels != levels)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: challenge %u: %s path has %u levels, shape %u",
                            ch, what, p->base_levels + p->sub_levels + p->top_levels, levels);
    uint32_t k = 0;
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(s, l);
        if (p->arity[l] != a || p->index[l] >= a)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "stacked circuit: challenge %u: %s level %u: arity %u index %u, shape arity %u", ch,
                                what, l, p->arity[l], p->index[l], a);
        for (uint32_t j = 0; j + 1 < a; j++, k++)
            if (!cuzk_fr32_is_valid(p->hashes[k]))
                return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "stacked circuit: challenge %u: %s hash %u not < r",
                                    ch, what, k);
    }
    return cuzk_fr32_is_valid(p->leaf) ? 0
                                       : cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL,
                                                      "stacked circuit: challenge %u: %s leaf not < r", ch, what);
}

static int check_column(const cuzk_porep_column_proof *c, const cuzk_porep_config *cfg, const cuzk_merkle_shape *s,
                        uint32_t ch, cuzk_err *err)
{
    if (c->column.n_rows != cfg->layers)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: challenge %u: column of %u rows, %u layers",
                            ch, c->column.n_rows, cfg->layers);
    for (uint32_t r = 0; r < cfg->layers; r++)
        if (!cuzk_fr32_is_valid(c->column.rows[r]))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "stacked circuit: challenge %u: column row not < r", ch);
    return check_path(&c->inclusion, s, ch, "tree-C", err);
}

static int check_proof(const cuzk_porep_challenge_proof *p, const cuzk_porep_config *cfg, uint32_t ch, cuzk_err *err)
{
    const cuzk_merkle_shape d = tree_d_shape(cfg), cr = tree_cr_shape(cfg);
    int rc = check_path(&p->comm_d_proof, &d, ch, "tree-D", err);
    if (!rc) rc = check_path(&p->comm_r_last_proof, &cr, ch, "tree-R", err);
    if (!rc) rc = check_path(&p->c_x.inclusion, &cr, ch, "tree-C", err);
    for (int k = 0; k < CUZK_POREP_DRG_PARENTS && !rc; k++) rc = check_column(&p->drg_parents[k], cfg, &cr, ch, err);
    for (int k = 0; k < CUZK_POREP_EXP_PARENTS && !rc; k++) rc = check_column(&p->exp_parents[k], cfg, &cr, ch, err);
    if (!rc && p->n_labeling < 1)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: challenge %u: no labeling proof", ch);
    return rc;
}

/* The siblings (path order) and the leaf index of a checked path. */
static uint64_t path_values(cuzk_fr *sib, const cuzk_porep_merkle_proof *p, const cuzk_merkle_shape *s)
{
    uint64_t index = 0, weight = 1;
    uint32_t k = 0;
    for (uint32_t l = 0; l < cuzk_merkle_shape_levels(s); l++) {
        const uint32_t a = p->arity[l];
        for (uint32_t j = 0; j + 1 < a; j++, k++) cuzk_fr_from_bytes_le(&sib[k], p->hashes[k], NULL);
        index += p->index[l] * weight;
        weight *= a;
    }
    return index;
}

/* enforce_inclusion: leaf and root already allocated, root private. */
static int inclusion(cuzk_cs *cs, const cuzk_porep_circuit *pc, const cuzk_merkle_shape *s, const cuzk_num *leaf,
                     const cuzk_num *root, const cuzk_porep_merkle_proof *p)
{
    cuzk_fr sib[CUZK_POREP_MAX_PATH_HASHES];
    const uint64_t index = p ? path_values(sib, p, s) : 0;
    const cuzk_por_root l = { leaf, NULL }, r = { root, NULL };
    return cuzk_por_circuit(cs, s, &pc->poseidon, l, r, p ? sib : NULL, index, true);
}

static const cuzk_fr *row_value(cuzk_fr *tmp, const cuzk_porep_column_proof *c, uint32_t r)
{
    if (!c) return NULL;
    cuzk_fr_from_bytes_le(tmp, c->column.rows[r], NULL);
    return tmp;
}

/* Proof::synthesize for one challenge; p is NULL without values. */
static int challenge_synth(cuzk_cs *cs, const cuzk_porep_circuit *pc, const cuzk_porep_challenge_proof *p,
                           challenge_scratch *w, const cuzk_boolean replica_bits[256], const cuzk_num *comm_d,
                           const cuzk_num *comm_c, const cuzk_num *comm_r_last)
{
    const uint32_t layers = pc->cfg.layers;
    const cuzk_merkle_shape d = tree_d_shape(&pc->cfg), cr = tree_cr_shape(&pc->cfg);
    cuzk_fr tmp;
    int rc = 0;
#define TRY(x) do { if (rc == 0) rc = (x); } while (0)

    cuzk_num data_leaf;
    if (p) cuzk_fr_from_bytes_le(&tmp, p->comm_d_proof.leaf, NULL);
    TRY(cuzk_num_alloc(cs, &data_leaf, p ? &tmp : NULL));
    TRY(inclusion(cs, pc, &d, &data_leaf, comm_d, p ? &p->comm_d_proof : NULL));

    /* 6 DRG then 8 expander parent columns: rows, column hash, tree-C path */
    for (int k = 0; k < CUZK_POREP_PARENTS && rc == 0; k++) {
        const cuzk_porep_column_proof *c =
            !p ? NULL : k < CUZK_POREP_DRG_PARENTS ? &p->drg_parents[k] : &p->exp_parents[k - CUZK_POREP_DRG_PARENTS];
        for (uint32_t r = 0; r < layers; r++) TRY(cuzk_num_alloc(cs, &w->cols[k][r], row_value(&tmp, c, r)));
        cuzk_num h;
        TRY(cuzk_column_hash_gadget(cs, &h, w->cols[k], layers, &pc->poseidon));
        TRY(inclusion(cs, pc, &cr, &h, comm_c, c ? &c->inclusion : NULL));
    }

    /* the challenge as a public UInt64 (upstream takes it from labeling proof 0) */
    cuzk_uint64 chal;
    const uint64_t node = p ? p->labeling[0].node : 0;
    TRY(cuzk_uint64_alloc(cs, &chal, p ? &node : NULL));
    TRY(cuzk_uint64_pack_into_input(cs, &chal));

    for (uint32_t layer = 1; layer <= layers && rc == 0; layer++) {
        /* fresh bits of every parent in every layer, as upstream */
        const int n = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
        for (int k = 0; k < n && rc == 0; k++) {
            const uint32_t row = k < CUZK_POREP_DRG_PARENTS ? layer - 1 : layer - 2;
            TRY(cuzk_num_to_bits_le(cs, w->bits_le, &w->cols[k][row]));
            cuzk_boolean_reverse_bit_numbering(w->parent_bits[k], w->bits_le, 255);
        }
        /* 37 entries: layer 1 = 6 x the 6 DRG parents + the first; later
         * layers = 2 x the 14 parents + the first 9 */
        const cuzk_boolean *par[CUZK_LABEL_PARENTS];
        for (int i = 0; i < CUZK_LABEL_PARENTS; i++) par[i] = w->parent_bits[i % n];
        const cuzk_uint32 layer_num = cuzk_uint32_constant(layer);
        TRY(cuzk_label_gadget(cs, &w->labels[layer - 1], replica_bits, 256, par, 256, &layer_num, &chal));
    }

    cuzk_num replica, cx;
    TRY(cuzk_encode_gadget(cs, &replica, &w->labels[layers - 1], &data_leaf));
    TRY(inclusion(cs, pc, &cr, &replica, comm_r_last, p ? &p->comm_r_last_proof : NULL));
    TRY(cuzk_column_hash_gadget(cs, &cx, w->labels, layers, &pc->poseidon));
    TRY(inclusion(cs, pc, &cr, &cx, comm_c, p ? &p->c_x.inclusion : NULL));
#undef TRY
    return rc;
}

static int stacked_synthesize(void *ctx, cuzk_cs *cs, cuzk_err *err)
{
    const cuzk_porep_circuit *pc = ctx;
    if (cuzk_cs_has_values(cs) && !pc->has_values)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: blank circuit given a cs with values");
    const bool v = pc->has_values && cuzk_cs_has_values(cs);
    challenge_scratch *w = malloc(sizeof *w);
    if (!w) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "stacked circuit: out of memory");
    int rc = 0;
#define TRY(x) do { if (rc == 0) rc = (x); } while (0)
    cuzk_num rid, rid_in, comm_d, comm_d_in, comm_r, comm_r_in, comm_r_last, comm_c, h;
    cuzk_boolean rid_le[255], rid_bits[256];
    TRY(cuzk_num_alloc(cs, &rid, v ? &pc->replica_id : NULL));
    TRY(cuzk_num_inputize(cs, &rid_in, &rid));
    TRY(cuzk_num_to_bits_le(cs, rid_le, &rid));
    cuzk_boolean_reverse_bit_numbering(rid_bits, rid_le, 255);
    TRY(cuzk_num_alloc(cs, &comm_d, v ? &pc->comm_d : NULL));
    TRY(cuzk_num_inputize(cs, &comm_d_in, &comm_d));
    TRY(cuzk_num_alloc(cs, &comm_r, v ? &pc->comm_r : NULL));
    TRY(cuzk_num_inputize(cs, &comm_r_in, &comm_r));
    TRY(cuzk_num_alloc(cs, &comm_r_last, v ? &pc->comm_r_last : NULL));
    TRY(cuzk_num_alloc(cs, &comm_c, v ? &pc->comm_c : NULL));
    /* comm_r = Poseidon2(comm_c, comm_r_last) */
    const cuzk_num pair[2] = { comm_c, comm_r_last };
    TRY(cuzk_poseidon_gadget(cs, &h, pair, cuzk_poseidon_set_get(&pc->poseidon, 2)));
    TRY(cuzk_num_enforce_equal(cs, &comm_r, &h));
    const uint32_t n = pc->cfg.challenges_per_partition;
    for (uint32_t i = 0; i < n && rc == 0; i++) {
        if (pc->progress) pc->progress(pc->progress_arg, i, n);
        TRY(challenge_synth(cs, pc, v ? &pc->proofs[i] : NULL, w, rid_bits, &comm_d, &comm_c, &comm_r_last));
    }
#undef TRY
    free(w);
    if (rc && !cuzk_cs_error(cs, err))
        cuzk_err_set(err, rc, "stacked circuit: synthesis failed (%s)", cuzk_err_name(rc));
    return rc;
}

static int circuit_alloc(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, cuzk_err *err)
{
    if (!out || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: NULL argument");
    *out = NULL;
    if (cfg->layers < 1 || cfg->layers > CUZK_POREP_MAX_LAYERS || cfg->challenges_per_partition < 1 ||
        cfg->challenges_per_partition > CUZK_POREP_MAX_CHALLENGES)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: %u layers, %u challenges", cfg->layers,
                            cfg->challenges_per_partition);
    cuzk_porep_circuit *pc = calloc(1, sizeof *pc);
    if (!pc) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "stacked circuit: out of memory");
    pc->cfg = *cfg;
    uint32_t ar[5];
    size_t na = 0;
    ar[na++] = 2;
    const uint32_t want[4] = { cfg->base_arity, cfg->sub_arity, cfg->top_arity, cfg->layers };
    for (int i = 0; i < 4; i++)
        if (want[i]) ar[na++] = want[i];
    int rc = cuzk_poseidon_set_init(&pc->poseidon, ar, na, err);
    if (!rc) {
        const cuzk_merkle_shape d = tree_d_shape(cfg), cr = tree_cr_shape(cfg);
        rc = cuzk_merkle_shape_check(&d, &pc->poseidon, err);
        if (!rc) rc = cuzk_merkle_shape_check(&cr, &pc->poseidon, err);
        if (!rc && cuzk_merkle_shape_index_bits(&d) != cuzk_merkle_shape_index_bits(&cr))
            rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: trees D and C/R differ in size");
        if (rc) cuzk_poseidon_set_free(&pc->poseidon);
    }
    if (rc) {
        free(pc);
        return rc;
    }
    *out = pc;
    return 0;
}

int cuzk_porep_circuit_new_blank(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, cuzk_err *err)
{
    return circuit_alloc(out, cfg, err);
}

int cuzk_porep_circuit_new(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, const uint8_t replica_id[32],
                           const uint8_t comm_d[32], const uint8_t comm_r[32], const uint8_t comm_c[32],
                           const uint8_t comm_r_last[32], const cuzk_porep_challenge_proof *proofs, cuzk_err *err)
{
    if (!replica_id || !comm_d || !comm_r || !comm_c || !comm_r_last || !proofs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: NULL argument");
    cuzk_porep_circuit *pc;
    int rc = circuit_alloc(&pc, cfg, err);
    if (rc) return rc;
    rc = fr_of(&pc->replica_id, replica_id, "replica_id", err);
    if (!rc) rc = fr_of(&pc->comm_d, comm_d, "comm_d", err);
    if (!rc) rc = fr_of(&pc->comm_r, comm_r, "comm_r", err);
    if (!rc) rc = fr_of(&pc->comm_c, comm_c, "comm_c", err);
    if (!rc) rc = fr_of(&pc->comm_r_last, comm_r_last, "comm_r_last", err);
    for (uint32_t i = 0; i < cfg->challenges_per_partition && !rc; i++) rc = check_proof(&proofs[i], cfg, i, err);
    if (rc) {
        cuzk_porep_circuit_free(pc);
        return rc;
    }
    pc->has_values = true;
    pc->proofs = proofs;
    *out = pc;
    return 0;
}

int cuzk_porep_circuit_from_c1(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, const cuzk_porep_c1 *c1,
                               uint32_t partition, cuzk_err *err)
{
    if (!out || !cfg || !c1 || !c1->proofs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "stacked circuit: NULL argument");
    if (c1->partitions != cfg->partitions || c1->challenges_per_partition != cfg->challenges_per_partition ||
        partition >= c1->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "stacked circuit: partition %u of a C1 with %u x %u proofs, config %u x %u", partition,
                            c1->partitions, c1->challenges_per_partition, cfg->partitions, cfg->challenges_per_partition);
    const cuzk_porep_challenge_proof *p = c1->proofs + (size_t)partition * c1->challenges_per_partition;
    return cuzk_porep_circuit_new(out, cfg, c1->replica_id, c1->comm_d, c1->comm_r, p[0].c_x.inclusion.root,
                                  p[0].comm_r_last_proof.root, p, err);
}

void cuzk_porep_circuit_set_progress(cuzk_porep_circuit *pc, cuzk_porep_circuit_progress fn, void *arg)
{
    if (!pc) return;
    pc->progress = fn;
    pc->progress_arg = arg;
}

cuzk_circuit cuzk_porep_circuit_get(cuzk_porep_circuit *pc)
{
    return (cuzk_circuit){ "porep-stacked", stacked_synthesize, pc };
}

void cuzk_porep_circuit_free(cuzk_porep_circuit *pc)
{
    if (!pc) return;
    cuzk_poseidon_set_free(&pc->poseidon);
    free(pc);
}
