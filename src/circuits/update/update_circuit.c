/* The SnapDeals partition circuit: storage-proofs-update
 * EmptySectorUpdateCircuit::synthesize (circuit.rs, gadgets.rs) and the
 * Poseidon variant's (poseidon/circuit.rs). Variables and constraints are
 * created in exactly upstream's order (storage-proofs-update circuit.rs): the
 * official parameters are tied to that order, not only to the relation. */
#include <stdlib.h>
#include <string.h>
#include "circuits/update/update_impl.h"
#include "gadgets/gadgets_impl.h"

/* Per-challenge scratch. */
typedef struct {
    cuzk_boolean c_bits[64];
    cuzk_num sib[CUZK_POREP_MAX_PATH_HASHES];
    cuzk_fr sib_v[CUZK_POREP_MAX_PATH_HASHES];
} challenge_scratch;

#define TRY(x) do { if (rc == 0) rc = (x); } while (0)

static const cuzk_fr *val(bool v, const cuzk_fr *x) { return v ? x : NULL; }

static int alloc_in(cuzk_cs *cs, cuzk_num *num, bool v, const cuzk_fr *value)
{
    cuzk_num in;
    int rc = cuzk_num_alloc(cs, num, val(v, value));
    TRY(cuzk_num_inputize(cs, &in, num));
    return rc;
}

/* n AllocatedBits of x, least significant first, then
 * (sum 2^i bit_i) * 1 = x (upstream's binary decomposition, not
 * AllocatedNum::to_bits_le's unpacking constraint). */
static int decompose(cuzk_cs *cs, cuzk_boolean *bits, size_t n, const cuzk_num *x)
{
    uint64_t raw[4] = { 0, 0, 0, 0 };
    if (x->has_value) cuzk_fr_to_raw(raw, &x->value);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const bool b = (raw[i / 64] >> (i % 64)) & 1;
        rc = cuzk_boolean_alloc(cs, &bits[i], x->has_value ? &b : NULL);
    }
    if (rc) return rc;
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_fr pow2 = CUZK_FR_ONE;
    for (size_t i = 0; i < n && rc == 0; i++) {
        rc = cuzk_lc_add(&a, bits[i].var, &pow2);
        cuzk_fr_dbl(&pow2, &pow2);
    }
    TRY(cuzk_lc_add_var(&b, cuzk_var_one()));
    TRY(cuzk_lc_add_var(&c, x->var));
    if (rc) {
        cuzk_lc_free(&a), cuzk_lc_free(&b), cuzk_lc_free(&c);
        return rc;
    }
    return gadget_enforce(cs, &a, &b, &c);
}

/* a * 1 = c for an LC a built by the caller (freed here). */
static int enforce_lc_eq(cuzk_cs *cs, cuzk_lc *a, cuzk_var c_var)
{
    cuzk_lc b, c;
    cuzk_lc_init(&b), cuzk_lc_init(&c);
    int rc = cuzk_lc_add_var(&b, cuzk_var_one());
    TRY(cuzk_lc_add_var(&c, c_var));
    if (rc) {
        cuzk_lc_free(a), cuzk_lc_free(&b), cuzk_lc_free(&c);
        return rc;
    }
    return gadget_enforce(cs, a, &b, &c);
}

/* gen_challenge_bits: the digests H(comm_r_new, k * dpp + j), each
 * decomposed into 255 bits, cut into challenges of `rb` bits. */
static int gen_challenge_bits(cuzk_cs *cs, const cuzk_update_circuit *uc, cuzk_boolean *out, const cuzk_num *comm_r_new,
                              const cuzk_num *partition, uint32_t challenges, uint32_t rb)
{
    const uint32_t per = CUZK_MULTIPACK_CAPACITY / rb;
    const uint32_t dpp = (challenges + per - 1) / per;
    cuzk_boolean bits[255];
    int rc = 0;
    uint32_t done = 0;
    for (uint32_t j = 0; j < dpp && rc == 0; j++) {
        cuzk_fr fdpp, fj, idx_v;
        cuzk_fr_from_u64(&fdpp, dpp);
        cuzk_fr_from_u64(&fj, j);
        cuzk_fr_mul(&idx_v, &partition->value, &fdpp);
        cuzk_fr_add(&idx_v, &idx_v, &fj);
        cuzk_num idx, digest;
        TRY(cuzk_num_alloc(cs, &idx, partition->has_value ? &idx_v : NULL));
        /* (dpp * partition + j * ONE) * ONE = digest_index */
        cuzk_lc a;
        cuzk_lc_init(&a);
        TRY(cuzk_lc_add(&a, partition->var, &fdpp));
        TRY(cuzk_lc_add(&a, cuzk_var_one(), &fj));
        if (rc) cuzk_lc_free(&a);
        else rc = enforce_lc_eq(cs, &a, idx.var);
        const cuzk_num pre[2] = { *comm_r_new, idx };
        TRY(cuzk_poseidon_gadget(cs, &digest, pre, &uc->genrand));
        TRY(decompose(cs, bits, 255, &digest));
        const uint32_t take = j == dpp - 1 ? challenges - done : per;
        for (uint32_t t = 0; t < take && rc == 0; t++, done++) memcpy(&out[(size_t)done * rb], &bits[t * rb], rb * sizeof bits[0]);
    }
    return rc;
}

/* get_challenge_high_bits: for each allowed h, the top h challenge bits
 * packed, times its h_select bit; their sum is the selected high part. */
static int challenge_high(cuzk_cs *cs, const cuzk_update_circuit *uc, cuzk_num *out, const cuzk_boolean *c_bits,
                          uint32_t bit_len, const cuzk_boolean *h_select_bits)
{
    cuzk_num or_zero[CUZK_UPDATE_HS];
    int rc = 0;
    for (int t = 0; t < CUZK_UPDATE_HS && rc == 0; t++) {
        const uint32_t h = uc->cfg.hs[t];
        cuzk_num high;
        TRY(cuzk_multipack_pack_bits(cs, &high, c_bits + bit_len - h, h));
        const bool known = high.has_value && h_select_bits[t].has_value;
        const cuzk_fr *v = h_select_bits[t].value ? &high.value : &CUZK_FR_ZERO;
        TRY(cuzk_num_alloc(cs, &or_zero[t], known ? v : NULL));
        /* c_high * h_select_bit = c_high_or_zero */
        cuzk_lc a, b, c;
        cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
        TRY(cuzk_lc_add_var(&a, high.var));
        TRY(cuzk_lc_add_var(&b, h_select_bits[t].var));
        TRY(cuzk_lc_add_var(&c, or_zero[t].var));
        if (rc) cuzk_lc_free(&a), cuzk_lc_free(&b), cuzk_lc_free(&c);
        else rc = gadget_enforce(cs, &a, &b, &c);
    }
    if (rc) return rc;
    cuzk_fr sum = CUZK_FR_ZERO;
    bool known = true;
    for (int t = 0; t < CUZK_UPDATE_HS; t++) {
        known = known && or_zero[t].has_value;
        cuzk_fr_add(&sum, &sum, &or_zero[t].value);
    }
    TRY(cuzk_num_alloc(cs, out, known ? &sum : NULL));
    cuzk_lc a;
    cuzk_lc_init(&a);
    for (int t = 0; t < CUZK_UPDATE_HS && rc == 0; t++) rc = cuzk_lc_add_var(&a, or_zero[t].var);
    if (rc) {
        cuzk_lc_free(&a);
        return rc;
    }
    return enforce_lc_eq(cs, &a, out->var);
}

/* label_r_new: leaf_d_new * rho, then (leaf_r_old + that) * 1 = leaf_r_new. */
static int label_r_new(cuzk_cs *cs, cuzk_num *out, const cuzk_num *old, const cuzk_num *data, const cuzk_num *rho)
{
    cuzk_num prod;
    int rc = cuzk_num_mul(cs, &prod, data, rho);
    cuzk_fr v;
    cuzk_fr_add(&v, &old->value, &prod.value);
    TRY(cuzk_num_alloc(cs, out, old->has_value && prod.has_value ? &v : NULL));
    cuzk_lc a;
    cuzk_lc_init(&a);
    TRY(cuzk_lc_add_var(&a, old->var));
    TRY(cuzk_lc_add_var(&a, prod.var));
    if (rc) {
        cuzk_lc_free(&a);
        return rc;
    }
    return enforce_lc_eq(cs, &a, out->var);
}

/* Allocates the first `n` siblings of a path (values from p when given). */
static int alloc_siblings(cuzk_cs *cs, challenge_scratch *w, const cuzk_porep_merkle_proof *p, uint32_t n)
{
    if (p) cuzk_update_path_values(w->sib_v, p);
    int rc = 0;
    for (uint32_t j = 0; j < n && rc == 0; j++) rc = cuzk_num_alloc(cs, &w->sib[j], p ? &w->sib_v[j] : NULL);
    return rc;
}

/* por_no_challenge_input; a path of no levels is computed_root * 1 = root. */
static int por(cuzk_cs *cs, const cuzk_update_circuit *uc, const cuzk_merkle_shape *s, const cuzk_boolean *bits,
               const cuzk_num *leaf, const cuzk_num *sib, const cuzk_num *root)
{
    if (s->base_levels == 0 && !s->sub_arity) return cuzk_num_enforce_equal(cs, leaf, root);
    return cuzk_por_no_challenge_input(cs, s, &uc->poseidon, bits, leaf, sib, root);
}

/* The new replica label must follow from the old one (upstream asserts it). */
static int check_label(const cuzk_num *got, const cuzk_porep_merkle_proof *r_new, uint32_t i, cuzk_err *err)
{
    if (!got->has_value || !r_new) return 0;
    uint8_t b[32];
    cuzk_fr_to_bytes_le(b, &got->value);
    if (memcmp(b, r_new->leaf, 32))
        return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                            "update circuit: challenge %u: leaf_r_new is not leaf_r_old + leaf_d_new * rho", i);
    return 0;
}

static int synth(const cuzk_update_circuit *uc, cuzk_cs *cs, bool v, cuzk_boolean *gen, challenge_scratch *w,
                 cuzk_update_hooks *hooks, cuzk_err *err)
{
    const cuzk_update_config *cfg = &uc->cfg;
    const cuzk_update_partition_proof *p = v ? uc->p : NULL;
    const bool pos_variant = cfg->poseidon;
    const uint32_t bits = cfg->challenge_bit_len, pb = cfg->partition_bit_len, ab = cfg->apex_leaf_bit_len;
    int rc = 0;
    cuzk_fr tmp;

    /* k_and_h_select (h_select alone in the Poseidon variant) and its bits */
    cuzk_num khs, comm_r_old, comm_d_new, comm_r_new, phi, partition;
    cuzk_boolean kh_bits[4 + CUZK_UPDATE_HS];
    cuzk_fr_from_u64(&tmp, uc->k_and_h_select);
    TRY(alloc_in(cs, &khs, v, &tmp));
    TRY(decompose(cs, kh_bits, pb + CUZK_UPDATE_HS, &khs));
    const cuzk_boolean *h_select_bits = kh_bits + pb;
    if (!pos_variant) TRY(cuzk_multipack_pack_bits(cs, &partition, kh_bits, pb));

    TRY(alloc_in(cs, &comm_r_old, v, &uc->comm_r_old));
    TRY(alloc_in(cs, &comm_d_new, v, &uc->comm_d_new));
    TRY(alloc_in(cs, &comm_r_new, v, &uc->comm_r_new));
    const cuzk_num phi_in[2] = { comm_d_new, comm_r_old };
    TRY(cuzk_poseidon_gadget(cs, &phi, phi_in, &uc->genrand));

    /* private inputs other than the challenges' paths */
    cuzk_num comm_c, root_r_old, root_r_new;
    cuzk_num apex[2 * CUZK_UPDATE_MAX_APEX_LEAFS], ppath[4];
    if (p) cuzk_fr_from_bytes_le(&tmp, p->comm_c, NULL);
    TRY(cuzk_num_alloc(cs, &comm_c, val(v, &tmp)));
    if (p) cuzk_fr_from_bytes_le(&tmp, p->challenges[0].r_old.root, NULL);
    TRY(cuzk_num_alloc(cs, &root_r_old, val(v, &tmp)));
    if (p) cuzk_fr_from_bytes_le(&tmp, p->challenges[0].r_new.root, NULL);
    TRY(cuzk_num_alloc(cs, &root_r_new, val(v, &tmp)));
    for (uint32_t i = 0; i < cfg->apex_leafs && rc == 0; i++) {
        if (p) cuzk_fr_from_bytes_le(&tmp, p->apex_leafs[i], NULL);
        rc = cuzk_num_alloc(cs, &apex[i], val(v, &tmp));
    }
    for (uint32_t i = 0; i < pb && !pos_variant && rc == 0; i++) {
        if (p) cuzk_fr_from_bytes_le(&tmp, p->challenges[0].d_new.hashes[bits - pb + i], NULL);
        rc = cuzk_num_alloc(cs, &ppath[i], val(v, &tmp));
    }

    /* comm_r = H(comm_c, root) for old and new */
    const cuzk_poseidon_constants *c2 = cuzk_poseidon_set_get(&uc->poseidon, 2);
    cuzk_num calc;
    const cuzk_num old_in[2] = { comm_c, root_r_old }, new_in[2] = { comm_c, root_r_new };
    TRY(cuzk_poseidon_gadget(cs, &calc, old_in, c2));
    TRY(cuzk_num_enforce_equal(cs, &calc, &comm_r_old));
    TRY(cuzk_poseidon_gadget(cs, &calc, new_in, c2));
    TRY(cuzk_num_enforce_equal(cs, &calc, &comm_r_new));

    if (!pos_variant) {
        /* apex_por: the apex tree row by row, then the partition path to comm_d_new */
        uint32_t lo = 0;
        for (uint32_t n = cfg->apex_leafs; n > 1 && rc == 0; lo += n, n /= 2)
            for (uint32_t i = 0; i < n / 2 && rc == 0; i++)
                rc = cuzk_sha256_gadget_hash_nums(cs, &apex[lo + n + i], &apex[lo + 2 * i], 2);
        const cuzk_merkle_shape ps = { CUZK_MERKLE_SHA256, 2, pb, 0, 0 };
        TRY(por(cs, uc, &ps, kh_bits, &apex[lo], ppath, &comm_d_new));
    } else {
        TRY(cuzk_num_alloc(cs, &partition, &CUZK_FR_ZERO));
    }

    const uint32_t rb = bits - pb;
    TRY(gen_challenge_bits(cs, uc, gen, &comm_r_new, &partition, cfg->challenges, rb));

    const cuzk_merkle_shape rs = cuzk_update_shape_r(cfg);
    const uint32_t r_sibs = cuzk_merkle_shape_siblings(&rs);
    const uint32_t to_apex = bits - pb - ab;
    const cuzk_merkle_shape ds = pos_variant ? rs : (cuzk_merkle_shape){ CUZK_MERKLE_SHA256, 2, to_apex, 0, 0 };
    uint32_t blocks = cfg->challenges;
    if (hooks && rc == 0) {
        if (hooks->gen_aux)
            for (size_t j = 0; j < (size_t)cfg->challenges * rb; j++) hooks->gen_aux[j] = gen[j].var.index;
        cuzk_cs_get_stats(cs, &hooks->at_block);
        if (hooks->max_challenges < blocks) blocks = hooks->max_challenges;
    }
    for (uint32_t i = 0; i < blocks && rc == 0; i++) {
        const cuzk_update_challenge_proof *cp = p ? &p->challenges[i] : NULL;
        memcpy(w->c_bits, &gen[(size_t)i * rb], rb * sizeof w->c_bits[0]);
        memcpy(w->c_bits + rb, kh_bits, pb * sizeof w->c_bits[0]);
        cuzk_num high, rho, leaf_r_old, leaf_d_new, leaf_r_new, apex_leaf;
        TRY(challenge_high(cs, uc, &high, w->c_bits, bits, h_select_bits));
        const cuzk_num rho_in[2] = { phi, high };
        TRY(cuzk_poseidon_gadget(cs, &rho, rho_in, &uc->genrand));
        if (cp) cuzk_fr_from_bytes_le(&tmp, cp->r_old.leaf, NULL);
        TRY(cuzk_num_alloc(cs, &leaf_r_old, val(v, &tmp)));
        if (cp) cuzk_fr_from_bytes_le(&tmp, cp->d_new.leaf, NULL);
        TRY(cuzk_num_alloc(cs, &leaf_d_new, val(v, &tmp)));
        TRY(label_r_new(cs, &leaf_r_new, &leaf_r_old, &leaf_d_new, &rho));
        if (rc == 0 && (rc = check_label(&leaf_r_new, cp ? &cp->r_new : NULL, i, err))) return rc;

        TRY(alloc_siblings(cs, w, cp ? &cp->r_old : NULL, r_sibs));
        TRY(por(cs, uc, &rs, w->c_bits, &leaf_r_old, w->sib, &root_r_old));
        TRY(alloc_siblings(cs, w, cp ? &cp->r_new : NULL, r_sibs));
        TRY(por(cs, uc, &rs, w->c_bits, &leaf_r_new, w->sib, &root_r_new));
        if (pos_variant) {
            TRY(alloc_siblings(cs, w, cp ? &cp->d_new : NULL, r_sibs));
            TRY(por(cs, uc, &rs, w->c_bits, &leaf_d_new, w->sib, &comm_d_new));
        } else {
            TRY(cuzk_insertion_select(cs, &apex_leaf, apex, w->c_bits + to_apex, ab));
            TRY(alloc_siblings(cs, w, cp ? &cp->d_new : NULL, to_apex));
            TRY(por(cs, uc, &ds, w->c_bits, &leaf_d_new, w->sib, &apex_leaf));
        }
    }
    return rc;
}

int cuzk_update_circuit_synth_hooked(const cuzk_update_circuit *uc, cuzk_cs *cs, cuzk_update_hooks *hooks,
                                     cuzk_err *err)
{
    if (cuzk_cs_has_values(cs) && !uc->has_values)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update circuit: blank circuit given a cs with values");
    const bool v = uc->has_values && cuzk_cs_has_values(cs);
    const uint32_t rb = uc->cfg.challenge_bit_len - uc->cfg.partition_bit_len;
    cuzk_boolean *gen = malloc((size_t)uc->cfg.challenges * rb * sizeof *gen);
    challenge_scratch *w = malloc(sizeof *w);
    int rc = gen && w ? 0 : cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update circuit: out of memory");
    cuzk_err e = { 0 };
    if (rc == 0) rc = synth(uc, cs, v, gen, w, hooks, &e);
    free(gen);
    free(w);
    if (rc && e.code) {
        if (err) *err = e;
    } else if (rc && !cuzk_cs_error(cs, err)) {
        cuzk_err_set(err, rc, "update circuit: synthesis failed (%s)", cuzk_err_name(rc));
    }
    return rc;
}
#undef TRY

static int update_synthesize(void *ctx, cuzk_cs *cs, cuzk_err *err)
{
    return cuzk_update_circuit_synth_hooked(ctx, cs, NULL, err);
}

static int circuit_alloc(cuzk_update_circuit **out, const cuzk_update_config *cfg, cuzk_err *err)
{
    if (!out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update circuit: NULL argument");
    *out = NULL;
    int rc = cuzk_update_config_check(cfg, err);
    if (rc) return rc;
    cuzk_update_circuit *uc = calloc(1, sizeof *uc);
    if (!uc) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update circuit: out of memory");
    uc->cfg = *cfg;
    if ((rc = cuzk_update_poseidon_init(&uc->poseidon, cfg, err))) {
        free(uc);
        return rc;
    }
    uc->genrand = cuzk_update_genrand_constants(cuzk_poseidon_set_get(&uc->poseidon, 2));
    *out = uc;
    return 0;
}

int cuzk_update_circuit_new_blank(cuzk_update_circuit **out, const cuzk_update_config *cfg, cuzk_err *err)
{
    return circuit_alloc(out, cfg, err);
}

int cuzk_update_circuit_from_inputs(cuzk_update_circuit **out, const cuzk_update_config *cfg, uint32_t k, uint32_t h,
                                    const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                                    const uint8_t comm_r_new[32], const cuzk_update_partition_proof *p,
                                    cuzk_err *err)
{
    if (!out || !p) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update circuit: NULL argument");
    *out = NULL;
    cuzk_fr pub[CUZK_UPDATE_PUBLIC_INPUTS];
    int rc = cuzk_update_config_check(cfg, err);
    if (!rc) rc = cuzk_update_public_inputs(pub, cfg, k, h, comm_r_old, comm_d_new, comm_r_new, err);
    if (!rc) rc = cuzk_update_partition_proof_check(p, cfg, err);
    if (rc) return rc;
    /* every challenge's tree-D path shares the partition path above the apex */
    const uint32_t bits = cfg->challenge_bit_len, pb = cfg->partition_bit_len;
    for (uint32_t i = 1; i < p->n_challenges && !cfg->poseidon; i++)
        if (memcmp(p->challenges[i].d_new.hashes[bits - pb], p->challenges[0].d_new.hashes[bits - pb], 32 * (size_t)pb))
            return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                                "update circuit: challenge_proofs[%u].proof_d_new: partition path differs from challenge 0's",
                                i);
    cuzk_update_circuit *uc;
    if ((rc = circuit_alloc(&uc, cfg, err))) return rc;
    uc->has_values = true;
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, &pub[0]);
    uc->k_and_h_select = raw[0];
    uc->comm_r_old = pub[1];
    uc->comm_d_new = pub[2];
    uc->comm_r_new = pub[3];
    uc->p = p;
    *out = uc;
    return 0;
}

int cuzk_update_circuit_from_bincode(cuzk_update_circuit **out, const cuzk_update_config *cfg, uint32_t k, uint32_t h,
                                     const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                                     const uint8_t comm_r_new[32], const void *proof, size_t len, cuzk_err *err)
{
    if (!out || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update circuit: NULL argument");
    *out = NULL;
    cuzk_update_partition_proof p;
    int rc = cuzk_update_proof_read(&p, proof, len, cfg, err);
    if (rc) return rc;
    cuzk_update_circuit *uc;
    if ((rc = cuzk_update_circuit_from_inputs(&uc, cfg, k, h, comm_r_old, comm_d_new, comm_r_new, &p, err))) {
        cuzk_update_partition_proof_free(&p);
        return rc;
    }
    uc->owned = p;
    uc->p = &uc->owned;
    *out = uc;
    return 0;
}

cuzk_circuit cuzk_update_circuit_get(cuzk_update_circuit *uc)
{
    return (cuzk_circuit){ uc && uc->cfg.poseidon ? "empty-sector-update-poseidon" : "empty-sector-update",
                           update_synthesize, uc };
}

void cuzk_update_circuit_free(cuzk_update_circuit *uc)
{
    if (!uc) return;
    cuzk_update_partition_proof_free(&uc->owned);
    cuzk_poseidon_set_free(&uc->poseidon);
    free(uc);
}
