/* The FallbackPoSt partition circuit (storage-proofs-post fallback/circuit.rs):
 * for each sector slot, in this order: comm_r_last, comm_c, comm_r (aux),
 * comm_r inputized, Poseidon2(comm_c, comm_r_last) enforced equal to comm_r,
 * then one PoRCircuit per challenge (leaf a value, root comm_r_last, private)
 * whose packed index bits are the challenge's public input. bellperson's
 * parallel synthesis (synthesize_extendable) yields the same order. */
#include <stdlib.h>
#include <string.h>

#include "cuzk/gadgets.h"
#include "post_impl.h"

struct cuzk_post_circuit {
    cuzk_post_config cfg;
    cuzk_poseidon_set poseidon;
    cuzk_merkle_shape shape;
    post_slot *slots;            /* NULL when blank */
};

/* The siblings (path order) and the leaf index of a path of the circuit's shape. */
static uint64_t path_values(cuzk_fr *sib, const cuzk_porep_merkle_proof *p)
{
    uint64_t index = 0, weight = 1;
    uint32_t k = 0;
    const uint32_t levels = p->base_levels + p->sub_levels + p->top_levels;
    for (uint32_t l = 0; l < levels; l++) {
        for (uint32_t j = 0; j + 1 < p->arity[l]; j++, k++) cuzk_fr_from_bytes_le(&sib[k], p->hashes[k], NULL);
        index += p->index[l] * weight;
        weight *= p->arity[l];
    }
    return index;
}

/* Sector::synthesize; s is NULL without values. */
static int sector_synth(cuzk_cs *cs, const cuzk_post_circuit *pc, const post_slot *s)
{
    cuzk_fr v_crl, v_cc, v_cr, leaf, sib[CUZK_POREP_MAX_PATH_HASHES];
    if (s) {
        cuzk_fr_from_bytes_le(&v_crl, s->proof->comm_r_last, NULL);
        cuzk_fr_from_bytes_le(&v_cc, s->proof->comm_c, NULL);
        cuzk_fr_from_bytes_le(&v_cr, s->comm_r, NULL);
    }
    cuzk_num comm_r_last, comm_c, comm_r, comm_r_in, h;
    int rc = cuzk_num_alloc(cs, &comm_r_last, s ? &v_crl : NULL);
    if (!rc) rc = cuzk_num_alloc(cs, &comm_c, s ? &v_cc : NULL);
    if (!rc) rc = cuzk_num_alloc(cs, &comm_r, s ? &v_cr : NULL);
    if (!rc) rc = cuzk_num_inputize(cs, &comm_r_in, &comm_r);
    const cuzk_num pair[2] = { comm_c, comm_r_last };
    if (!rc) rc = cuzk_poseidon_gadget(cs, &h, pair, cuzk_poseidon_set_get(&pc->poseidon, 2));
    if (!rc) rc = cuzk_num_enforce_equal(cs, &comm_r, &h);
    for (uint32_t c = 0; c < pc->cfg.challenge_count && !rc; c++) {
        const cuzk_porep_merkle_proof *p = s ? &s->proof->inclusion[s->first + c] : NULL;
        uint64_t index = 0;
        if (p) {
            index = path_values(sib, p);
            cuzk_fr_from_bytes_le(&leaf, p->leaf, NULL);
        }
        const cuzk_por_root lr = { NULL, p ? &leaf : NULL }, rr = { &comm_r_last, NULL };
        rc = cuzk_por_circuit(cs, &pc->shape, &pc->poseidon, lr, rr, p ? sib : NULL, index, true);
    }
    return rc;
}

static int post_synthesize(void *ctx, cuzk_cs *cs, cuzk_err *err)
{
    const cuzk_post_circuit *pc = ctx;
    if (cuzk_cs_has_values(cs) && !pc->slots)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post circuit: blank circuit given a cs with values");
    const bool v = pc->slots && cuzk_cs_has_values(cs);
    int rc = 0;
    for (uint32_t i = 0; i < pc->cfg.sector_count && !rc; i++) rc = sector_synth(cs, pc, v ? &pc->slots[i] : NULL);
    if (rc && !cuzk_cs_error(cs, err))
        cuzk_err_set(err, rc, "post circuit: synthesis failed (%s)", cuzk_err_name(rc));
    return rc;
}

static int circuit_alloc(cuzk_post_circuit **out, const cuzk_post_config *cfg, cuzk_err *err)
{
    if (!out || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post circuit: NULL argument");
    *out = NULL;
    cuzk_post_circuit *pc = calloc(1, sizeof *pc);
    if (!pc) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post circuit: out of memory");
    pc->cfg = *cfg;
    pc->shape = (cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, cfg->base_arity, cfg->base_levels, cfg->sub_arity,
                                     cfg->top_arity };
    int rc = post_poseidon_init(&pc->poseidon, cfg, err);
    if (!rc) {
        rc = cuzk_merkle_shape_check(&pc->shape, &pc->poseidon, err);
        if (rc) cuzk_poseidon_set_free(&pc->poseidon);
    }
    if (rc) {
        free(pc);
        return rc;
    }
    *out = pc;
    return 0;
}

int cuzk_post_circuit_new_blank(cuzk_post_circuit **out, const cuzk_post_config *cfg, cuzk_err *err)
{
    return circuit_alloc(out, cfg, err);
}

int cuzk_post_circuit_from_inputs(cuzk_post_circuit **out, const cuzk_post_config *cfg, const cuzk_post_inputs *in,
                                  uint32_t partition, bool check, cuzk_err *err)
{
    cuzk_post_circuit *pc;
    int rc = circuit_alloc(&pc, cfg, err);
    if (rc) return rc;
    pc->slots = calloc(cfg->sector_count, sizeof *pc->slots);
    if (!pc->slots) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post circuit: out of memory");
    if (!rc) rc = post_slots(pc->slots, cfg, in, partition, err);
    if (!rc && check) rc = cuzk_post_vanilla_verify(cfg, in, partition, err);
    if (rc) {
        cuzk_post_circuit_free(pc);
        return rc;
    }
    *out = pc;
    return 0;
}

cuzk_circuit cuzk_post_circuit_get(cuzk_post_circuit *pc)
{
    return (cuzk_circuit){ pc && pc->cfg.kind == CUZK_POST_WINNING ? "winning-post" : "window-post", post_synthesize,
                           pc };
}

void cuzk_post_circuit_free(cuzk_post_circuit *pc)
{
    if (!pc) return;
    cuzk_poseidon_set_free(&pc->poseidon);
    free(pc->slots);
    free(pc);
}
