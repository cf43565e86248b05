/* A partition's sectors, public inputs and vanilla checks
 * (FallbackPoStCompound::generate_public_inputs and circuit, FallbackPoSt::
 * verify, filecoin-proofs single_partition_vanilla_proofs). */
#include <stdlib.h>
#include <string.h>

#include "post_impl.h"

int post_poseidon_init(cuzk_poseidon_set *ps, const cuzk_post_config *cfg, cuzk_err *err)
{
    uint32_t ar[4];
    size_t n = 0;
    ar[n++] = 2;
    ar[n++] = cfg->base_arity;
    if (cfg->sub_arity) ar[n++] = cfg->sub_arity;
    if (cfg->top_arity) ar[n++] = cfg->top_arity;
    return cuzk_poseidon_set_init(ps, ar, n, err);
}

size_t cuzk_post_public_input_count(const cuzk_post_config *cfg)
{
    return (size_t)cfg->sector_count * (1 + cfg->challenge_count);
}

/* The public sectors: given, or the vanilla proofs'. */
static size_t n_public(const cuzk_post_inputs *in) { return in->sectors ? in->n_sectors : in->n_vanilla; }

static void public_sector(const cuzk_post_inputs *in, size_t i, uint64_t *id, const uint8_t **comm_r)
{
    if (in->sectors) *id = in->sectors[i].sector_id, *comm_r = in->sectors[i].comm_r;
    else *id = in->vanilla[i].sector_id, *comm_r = in->vanilla[i].comm_r;
}

static int check_inputs(const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t k, cuzk_err *err)
{
    if (!cfg || !in) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post inputs: NULL argument");
    if (!cuzk_fr32_is_valid(in->randomness))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "post inputs: randomness is not a canonical Fr (>= r)");
    if (!cuzk_fr32_is_valid(in->prover_id))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "post inputs: prover_id is not a canonical Fr (>= r)");
    const size_t n = n_public(in);
    if ((!in->sectors && !in->vanilla) || n == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post inputs: sectors: none");
    if (cfg->kind == CUZK_POST_WINNING && n != 1)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post inputs: sectors: %zu, WinningPoSt proves 1", n);
    if (k >= cuzk_post_partitions(cfg, n))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post inputs: partition %u of %u", k,
                            cuzk_post_partitions(cfg, n));
    for (size_t i = 0; i < n; i++) {
        uint64_t id;
        const uint8_t *cr;
        public_sector(in, i, &id, &cr);
        if (!cuzk_fr32_is_valid(cr))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "post inputs: sectors[%zu].comm_r is not < r", i);
    }
    return 0;
}

/* A path must have the circuit's shape (the parameters are built from the
 * shape alone) and canonical values. */
static int check_path(const cuzk_porep_merkle_proof *p, const cuzk_post_config *cfg, uint64_t id, uint32_t c,
                      cuzk_err *err)
{
    const uint32_t sub = cfg->sub_arity ? 1 : 0, top = cfg->top_arity ? 1 : 0;
    if (p->base_levels != cfg->base_levels || p->sub_levels != sub || p->top_levels != top)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "post inputs: sector %llu inclusion_proofs[%u]: path of %u-%u-%u levels, tree R %u-%u-%u",
                            (unsigned long long)id, c, p->base_levels, p->sub_levels, p->top_levels,
                            cfg->base_levels, sub, top);
    uint32_t k = 0;
    for (uint32_t l = 0; l < cfg->base_levels + sub + top; l++) {
        const uint32_t a = l < cfg->base_levels ? cfg->base_arity : l == cfg->base_levels ? cfg->sub_arity
                                                                                         : cfg->top_arity;
        if (p->arity[l] != a || p->index[l] >= a)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "post inputs: sector %llu inclusion_proofs[%u]: level %u arity %u index %u, tree R "
                                "arity %u",
                                (unsigned long long)id, c, l, p->arity[l], p->index[l], a);
        for (uint32_t j = 0; j + 1 < a; j++, k++)
            if (!cuzk_fr32_is_valid(p->hashes[k]))
                return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL,
                                    "post inputs: sector %llu inclusion_proofs[%u]: hash %u not < r",
                                    (unsigned long long)id, c, k);
    }
    if (!cuzk_fr32_is_valid(p->leaf) || !cuzk_fr32_is_valid(p->root))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "post inputs: sector %llu inclusion_proofs[%u]: leaf or root not < r",
                            (unsigned long long)id, c);
    return 0;
}

int post_slots(post_slot *slots, const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t k, cuzk_err *err)
{
    int rc = check_inputs(cfg, in, k, err);
    if (rc) return rc;
    const size_t n = n_public(in), first = cfg->kind == CUZK_POST_WINNING ? 0 : (size_t)k * cfg->sector_count;
    const size_t in_chunk = cfg->kind == CUZK_POST_WINNING ? 1
                            : n - first < cfg->sector_count ? n - first
                                                            : cfg->sector_count;
    for (size_t i = 0; i < in_chunk; i++) {
        uint64_t id;
        const uint8_t *cr;
        public_sector(in, first + i, &id, &cr);
        const cuzk_post_vanilla *v = NULL;
        for (size_t j = 0; j < in->n_vanilla && !v; j++)
            if (in->vanilla[j].sector_id == id) v = &in->vanilla[j];
        if (!v)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post inputs: sector %llu: no vanilla proof",
                                (unsigned long long)id);
        if (v->n_sectors != 1 || !v->sectors || v->sectors[0].n_inclusion != cfg->vanilla_challenges)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "post inputs: sector %llu: vanilla proof of %u sector proofs, %u inclusion proofs "
                                "(needs 1 and %u)",
                                (unsigned long long)id, v->n_sectors, v->sectors ? v->sectors[0].n_inclusion : 0,
                                cfg->vanilla_challenges);
        for (uint32_t c = 0; c < cfg->vanilla_challenges; c++)
            if ((rc = check_path(&v->sectors[0].inclusion[c], cfg, id, c, err))) return rc;
        if (!cuzk_fr32_is_valid(v->sectors[0].comm_c) || !cuzk_fr32_is_valid(v->sectors[0].comm_r_last))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "post inputs: sector %llu: comm_c or comm_r_last not < r",
                                (unsigned long long)id);
        if (memcmp(v->comm_r, cr, 32) != 0)
            return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                                "post inputs: sector %llu: vanilla comm_r differs from the public comm_r",
                                (unsigned long long)id);
        if (cfg->kind == CUZK_POST_WINNING) {
            for (uint32_t s = 0; s < cfg->sector_count; s++)
                slots[s] = (post_slot){ id, cr, &v->sectors[0], s, s, false };
        } else {
            slots[i] = (post_slot){ id, cr, &v->sectors[0], 0, first + i, false };
        }
    }
    if (cfg->kind == CUZK_POST_WINDOW)
        for (size_t i = in_chunk; i < cfg->sector_count; i++) {
            slots[i] = slots[in_chunk - 1];
            slots[i].padding = true;
        }
    return 0;
}

/* Slot i's challenged leaf n, as the verifier derives it. */
static uint64_t slot_leaf(const cuzk_post_config *cfg, const cuzk_post_inputs *in, const post_slot *s, uint32_t n)
{
    return cuzk_post_leaf_challenge(
        cfg->nodes, in->randomness, s->sector_id,
        cuzk_post_challenge_index(cfg->api_version, s->sector_index, cfg->challenge_count, n));
}

int cuzk_post_public_inputs(cuzk_fr *out, const cuzk_post_config *cfg, const cuzk_post_inputs *in,
                            uint32_t partition, cuzk_err *err)
{
    int rc = check_inputs(cfg, in, partition, err);
    if (rc) return rc;
    if (!out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post public inputs: NULL output");
    /* the slots without the vanilla proofs: only the public sectors matter */
    const size_t n = n_public(in), first = cfg->kind == CUZK_POST_WINNING ? 0 : (size_t)partition * cfg->sector_count;
    const size_t in_chunk = cfg->kind == CUZK_POST_WINNING ? cfg->sector_count
                            : n - first < cfg->sector_count ? n - first
                                                            : cfg->sector_count;
    const size_t per = 1 + cfg->challenge_count;
    for (size_t i = 0; i < in_chunk; i++) {
        post_slot s = { 0 };
        const uint8_t *cr;
        public_sector(in, cfg->kind == CUZK_POST_WINNING ? 0 : first + i, &s.sector_id, &cr);
        s.sector_index = first + i;
        cuzk_fr *o = out + i * per;
        cuzk_fr_from_bytes_le(&o[0], cr, NULL);
        for (uint32_t c = 0; c < cfg->challenge_count; c++) cuzk_fr_from_u64(&o[1 + c], slot_leaf(cfg, in, &s, c));
    }
    /* a partial partition repeats its last sector's inputs */
    for (size_t i = in_chunk; i < cfg->sector_count; i++) memcpy(out + i * per, out + (in_chunk - 1) * per, per * sizeof *out);
    return 0;
}

int cuzk_post_vanilla_verify(const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t partition,
                             cuzk_err *err)
{
    if (!cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post verify: NULL config");
    post_slot *slots = calloc(cfg->sector_count, sizeof *slots);
    if (!slots) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post verify: out of memory");
    cuzk_poseidon_set ps;
    int rc = post_slots(slots, cfg, in, partition, err);
    if (rc) {
        free(slots);
        return rc;
    }
    if ((rc = post_poseidon_init(&ps, cfg, err))) {
        free(slots);
        return rc;
    }
    for (uint32_t i = 0; i < cfg->sector_count && !rc; i++) {
        const post_slot *s = &slots[i];
        if (s->padding) continue;
        const cuzk_post_sector_proof *sp = s->proof;
        cuzk_fr pair[2], h;
        uint8_t hb[32];
        cuzk_fr_from_bytes_le(&pair[0], sp->comm_c, NULL);
        cuzk_fr_from_bytes_le(&pair[1], sp->comm_r_last, NULL);
        cuzk_poseidon_hash(cuzk_poseidon_set_get(&ps, 2), &h, pair);
        cuzk_fr_to_bytes_le(hb, &h);
        if (memcmp(hb, s->comm_r, 32) != 0) {
            rc = cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                              "post verify: sector %llu: comm_r is not Poseidon2(comm_c, comm_r_last)",
                              (unsigned long long)s->sector_id);
            break;
        }
        for (uint32_t c = 0; c < cfg->challenge_count && !rc; c++) {
            const cuzk_porep_merkle_proof *p = &sp->inclusion[s->first + c];
            const uint64_t want = slot_leaf(cfg, in, s, c);
            uint64_t idx;
            cuzk_err e2;
            if (cuzk_porep_merkle_proof_verify(p, false, &ps, &idx, &e2))
                rc = cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                                  "post verify: sector %llu challenge %u: inclusion path does not hash to its root",
                                  (unsigned long long)s->sector_id, s->first + c);
            else if (memcmp(p->root, sp->comm_r_last, 32) != 0)
                rc = cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                                  "post verify: sector %llu challenge %u: path root is not comm_r_last",
                                  (unsigned long long)s->sector_id, s->first + c);
            else if (idx != want)
                rc = cuzk_err_set(err, CUZK_ERR_PROOF_INVALID,
                                  "post verify: sector %llu challenge %u: leaf %llu, the randomness challenges %llu",
                                  (unsigned long long)s->sector_id, s->first + c, (unsigned long long)idx,
                                  (unsigned long long)want);
        }
    }
    cuzk_poseidon_set_free(&ps);
    free(slots);
    return rc;
}
