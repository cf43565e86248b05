/* SnapDeals outside the circuit: the randomness (phi, rho, challenges), the
 * public inputs, shape checks of a PartitionProof and the vanilla verifier
 * (storage-proofs-update challenges.rs, vanilla.rs, circuit.rs PublicInputs). */
#include <stdio.h>
#include <string.h>
#include "circuits/update/update_impl.h"

#define BAD(...) cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, __VA_ARGS__)

int cuzk_update_config_check(const cuzk_update_config *cfg, cuzk_err *err)
{
    if (!cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update: NULL config");
    cuzk_update_config ref;
    if (cuzk_update_config_from_nodes(&ref, cfg->nodes, cfg->poseidon, err)) return CUZK_ERR_INVALID_ARGUMENT;
    if (!cuzk_update_config_same(&ref, cfg))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "update: config of %llu nodes differs from upstream's (use cuzk_update_config_init)",
                            (unsigned long long)cfg->nodes);
    return 0;
}

bool cuzk_update_config_same(const cuzk_update_config *a, const cuzk_update_config *b)
{
    for (int i = 0; i < CUZK_UPDATE_HS; i++)
        if (a->hs[i] != b->hs[i]) return false;
    return a->sector_size == b->sector_size && a->nodes == b->nodes && a->challenge_bit_len == b->challenge_bit_len &&
           a->partitions == b->partitions && a->partition_bit_len == b->partition_bit_len &&
           a->challenges == b->challenges && a->apex_leafs == b->apex_leafs &&
           a->apex_leaf_bit_len == b->apex_leaf_bit_len && a->base_arity == b->base_arity &&
           a->base_levels == b->base_levels && a->sub_arity == b->sub_arity && a->top_arity == b->top_arity &&
           a->poseidon == b->poseidon;
}

int cuzk_update_poseidon_init(cuzk_poseidon_set *set, const cuzk_update_config *cfg, cuzk_err *err)
{
    uint32_t ar[4] = { 2, cfg->base_arity, 0, 0 };
    size_t n = 2;
    if (cfg->sub_arity) ar[n++] = cfg->sub_arity;
    if (cfg->top_arity) ar[n++] = cfg->top_arity;
    return cuzk_poseidon_set_init(set, ar, n, err);
}

uint64_t cuzk_update_path_values(cuzk_fr *sib, const cuzk_porep_merkle_proof *p)
{
    uint64_t index = 0, weight = 1;
    uint32_t k = 0;
    const uint32_t levels = p->base_levels + p->sub_levels + p->top_levels;
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t a = p->arity[l];
        for (uint32_t j = 0; j + 1 < a; j++, k++)
            if (sib) cuzk_fr_from_bytes_le(&sib[k], p->hashes[k], NULL);
        index += p->index[l] * weight;
        weight *= a;
    }
    return index;
}

/* ---- randomness ------------------------------------------------------------ */

cuzk_poseidon_constants cuzk_update_genrand_constants(const cuzk_poseidon_constants *c2)
{
    cuzk_poseidon_constants c = *c2;
    /* HashType::Custom(CType::Arbitrary(1)): 1 << 40; the round constants
     * depend only on the width, so the arity-2 tables are shared */
    const uint64_t raw[4] = { UINT64_C(1) << 40, 0, 0, 0 };
    cuzk_fr_from_raw(&c.merkle_tag, raw);
    return c;
}

void cuzk_update_genrand_hash(const cuzk_poseidon_constants *c2, cuzk_fr *out, const cuzk_fr *a, const cuzk_fr *b)
{
    const cuzk_poseidon_constants g = cuzk_update_genrand_constants(c2);
    const cuzk_fr in[2] = { *a, *b };
    cuzk_poseidon_hash(&g, out, in);
}

void cuzk_update_phi(const cuzk_poseidon_constants *c2, cuzk_fr *phi, const cuzk_fr *comm_d_new,
                     const cuzk_fr *comm_r_old)
{
    cuzk_update_genrand_hash(c2, phi, comm_d_new, comm_r_old);
}

void cuzk_update_rho(const cuzk_poseidon_constants *c2, cuzk_fr *rho, const cuzk_fr *phi, uint64_t high)
{
    cuzk_fr h;
    cuzk_fr_from_u64(&h, high);
    cuzk_update_genrand_hash(c2, rho, phi, &h);
}

int cuzk_update_challenges(uint32_t *out, const cuzk_update_config *cfg, const cuzk_poseidon_constants *c2,
                           const cuzk_fr *comm_r_new, uint32_t k, cuzk_err *err)
{
    if (!out || !cfg || !c2 || !comm_r_new || c2->arity != 2)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update challenges: NULL argument or not arity 2");
    if (k >= cfg->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update challenges: partition %u of %u", k,
                            cfg->partitions);
    const uint32_t random_bits = cfg->challenge_bit_len - cfg->partition_bit_len;
    const uint32_t per_digest = CUZK_MULTIPACK_CAPACITY / random_bits;
    const uint32_t dpp = (cfg->challenges + per_digest - 1) / per_digest;
    uint8_t digest[32];
    for (uint32_t i = 0; i < cfg->challenges; i++) {
        const uint32_t chunk = i % per_digest;
        if (chunk == 0) {
            cuzk_fr idx, d;
            cuzk_fr_from_u64(&idx, (uint64_t)k * dpp + i / per_digest);
            cuzk_update_genrand_hash(c2, &d, comm_r_new, &idx);
            cuzk_fr_to_bytes_le(digest, &d);
        }
        uint32_t c = 0;
        for (uint32_t b = 0; b < random_bits; b++) {
            const uint32_t at = chunk * random_bits + b;
            c |= (uint32_t)((digest[at / 8] >> (at % 8)) & 1) << b;
        }
        out[i] = c | (k << random_bits);
    }
    return 0;
}

/* ---- public inputs --------------------------------------------------------- */

size_t cuzk_update_public_input_count(const cuzk_update_config *cfg)
{
    (void)cfg;
    return CUZK_UPDATE_PUBLIC_INPUTS;
}

int cuzk_update_public_inputs(cuzk_fr out[CUZK_UPDATE_PUBLIC_INPUTS], const cuzk_update_config *cfg, uint32_t k,
                              uint32_t h, const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                              const uint8_t comm_r_new[32], cuzk_err *err)
{
    if (!out || !cfg || !comm_r_old || !comm_d_new || !comm_r_new)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update public inputs: NULL argument");
    if (k >= cfg->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update public inputs: partition %u of %u", k,
                            cfg->partitions);
    uint64_t h_select;
    int rc = cuzk_update_h_select(cfg, h, &h_select, err);
    if (rc) return rc;
    cuzk_fr_from_u64(&out[0], (uint64_t)k | h_select << cfg->partition_bit_len);
    if (cuzk_fr_from_bytes_le(&out[1], comm_r_old, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update public inputs: comm_r_old is not < r");
    if (cuzk_fr_from_bytes_le(&out[2], comm_d_new, NULL) || (!cfg->poseidon && (comm_d_new[31] & 0xc0)))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update public inputs: comm_d_new is not %s",
                            cfg->poseidon ? "< r" : "an Fr32 value (< 2^254)");
    if (cuzk_fr_from_bytes_le(&out[3], comm_r_new, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update public inputs: comm_r_new is not < r");
    return 0;
}

/* ---- shape checks ---------------------------------------------------------- */

void cuzk_update_partition_proof_free(cuzk_update_partition_proof *p)
{
    if (!p) return;
    cuzk_free(p->challenges);
    p->challenges = NULL;
    p->n_challenges = 0;
}

static int check_path(const cuzk_porep_merkle_proof *p, const cuzk_merkle_shape *s, uint32_t ch, const char *what,
                      cuzk_err *err)
{
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    const uint32_t want_sub = s->sub_arity ? 1 : 0, want_top = s->top_arity ? 1 : 0;
    if (p->base_levels != s->base_levels || p->sub_levels != want_sub || p->top_levels != want_top)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "update proof: challenge_proofs[%u].%s: %u+%u+%u levels, the tree has %u+%u+%u", ch, what,
                            p->base_levels, p->sub_levels, p->top_levels, s->base_levels, want_sub, want_top);
    uint32_t k = 0;
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(s, l);
        if (p->arity[l] != a || p->index[l] >= a)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "update proof: challenge_proofs[%u].%s level %u: arity %u index %u, the tree's arity %u",
                                ch, what, l, p->arity[l], p->index[l], a);
        for (uint32_t j = 0; j + 1 < a; j++, k++)
            if (!cuzk_fr32_is_valid(p->hashes[k]))
                return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update proof: challenge_proofs[%u].%s hash %u not < r",
                                    ch, what, k);
    }
    if (!cuzk_fr32_is_valid(p->leaf) || !cuzk_fr32_is_valid(p->root))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update proof: challenge_proofs[%u].%s leaf or root not < r",
                            ch, what);
    return 0;
}

int cuzk_update_partition_proof_check(const cuzk_update_partition_proof *p, const cuzk_update_config *cfg,
                                      cuzk_err *err)
{
    if (!p || !cfg) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update proof: NULL argument");
    if (p->poseidon != cfg->poseidon)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update proof: a %s PartitionProof for a %s config",
                            p->poseidon ? "Poseidon-variant" : "standard", cfg->poseidon ? "Poseidon-variant" : "standard");
    if (!cuzk_fr32_is_valid(p->comm_c))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update proof: comm_c is not < r");
    if (p->n_apex_leafs != cfg->apex_leafs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update proof: apex_leafs: %u entries, %llu-node sectors need %u",
                            p->n_apex_leafs, (unsigned long long)cfg->nodes, cfg->apex_leafs);
    for (uint32_t i = 0; i < p->n_apex_leafs; i++)
        if (!cuzk_fr32_is_valid(p->apex_leafs[i]))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update proof: apex_leafs[%u] is not < r", i);
    if (p->n_challenges != cfg->challenges || (p->n_challenges && !p->challenges))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "update proof: challenge_proofs: %u entries, %llu-node sectors need %u", p->n_challenges,
                            (unsigned long long)cfg->nodes, cfg->challenges);
    const cuzk_merkle_shape r = cuzk_update_shape_r(cfg), d = cuzk_update_shape_d(cfg);
    for (uint32_t i = 0; i < p->n_challenges; i++) {
        int rc = check_path(&p->challenges[i].r_old, &r, i, "proof_r_old", err);
        if (!rc) rc = check_path(&p->challenges[i].d_new, &d, i, "proof_d_new", err);
        if (!rc) rc = check_path(&p->challenges[i].r_new, &r, i, "proof_r_new", err);
        if (rc) return rc;
    }
    return 0;
}

/* ---- the vanilla verifier -------------------------------------------------- */

static int check_merkle(const cuzk_porep_merkle_proof *p, bool sha, const cuzk_poseidon_set *pos,
                        const uint8_t root[32], uint32_t c, uint32_t k, uint32_t i, const char *what, cuzk_err *err)
{
    uint64_t got = 0;
    cuzk_err e = { 0 };
    int rc = cuzk_porep_merkle_proof_verify(p, sha, pos, &got, &e);
    if (rc == CUZK_ERR_PROOF_INVALID)
        return BAD("update: partition %u challenge %u: %s does not lead to its root", k, i, what);
    if (rc) return cuzk_err_set(err, rc, "update: partition %u challenge %u: %s: %s", k, i, what, e.msg);
    if (memcmp(p->root, root, 32))
        return BAD("update: partition %u challenge %u: %s has another root than %s", k, i, what,
                   strcmp(what, "proof_d_new") == 0 ? "comm_d_new" : "challenge 0's");
    if (got != c)
        return BAD("update: partition %u challenge %u: %s is for node %llu, the challenge is %u", k, i, what,
                   (unsigned long long)got, c);
    return 0;
}

int cuzk_update_partition_verify(const cuzk_update_partition_proof *p, const cuzk_update_config *cfg, uint32_t k,
                                 uint32_t h, const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                                 const uint8_t comm_r_new[32], cuzk_err *err)
{
    cuzk_fr pub[CUZK_UPDATE_PUBLIC_INPUTS];
    int rc = cuzk_update_config_check(cfg, err);
    if (!rc) rc = cuzk_update_public_inputs(pub, cfg, k, h, comm_r_old, comm_d_new, comm_r_new, err);
    if (!rc) rc = cuzk_update_partition_proof_check(p, cfg, err);
    if (rc) return rc;
    cuzk_poseidon_set pos;
    if ((rc = cuzk_update_poseidon_init(&pos, cfg, err))) return rc;
    const cuzk_poseidon_constants *c2 = cuzk_poseidon_set_get(&pos, 2);

    /* comm_r = H(comm_c, root) for the old and the new replica */
    const uint8_t *root_r_old = p->challenges[0].r_old.root, *root_r_new = p->challenges[0].r_new.root;
    cuzk_fr pair[2], calc;
    cuzk_fr_from_bytes_le(&pair[0], p->comm_c, NULL);
    cuzk_fr_from_bytes_le(&pair[1], root_r_old, NULL);
    cuzk_poseidon_hash(c2, &calc, pair);
    if (!cuzk_fr_eq(&calc, &pub[1])) rc = BAD("update: partition %u: H(comm_c, root_r_old) is not comm_r_old", k);
    cuzk_fr_from_bytes_le(&pair[1], root_r_new, NULL);
    cuzk_poseidon_hash(c2, &calc, pair);
    if (!rc && !cuzk_fr_eq(&calc, &pub[3]))
        rc = BAD("update: partition %u: H(comm_c, root_r_new) is not comm_r_new", k);

    /* the apex tree of this partition */
    cuzk_fr apex[2 * CUZK_UPDATE_MAX_APEX_LEAFS];
    for (uint32_t i = 0; i < p->n_apex_leafs; i++) cuzk_fr_from_bytes_le(&apex[i], p->apex_leafs[i], NULL);
    for (uint32_t lo = 0, n = p->n_apex_leafs; n > 1; lo += n, n /= 2)
        for (uint32_t i = 0; i < n / 2; i++) cuzk_merkle_node(&apex[lo + n + i], CUZK_MERKLE_SHA256, NULL, &apex[lo + 2 * i], 2);

    uint32_t ch[CUZK_UPDATE_MAX_CHALLENGES];
    cuzk_fr phi;
    if (!rc) rc = cuzk_update_challenges(ch, cfg, c2, &pub[3], k, err);
    cuzk_update_phi(c2, &phi, &pub[2], &pub[1]);
    const uint32_t shr = cfg->challenge_bit_len - h;
    const uint32_t apex_height = cfg->challenge_bit_len - cfg->partition_bit_len - cfg->apex_leaf_bit_len;
    for (uint32_t i = 0; i < cfg->challenges && !rc; i++) {
        const cuzk_update_challenge_proof *cp = &p->challenges[i];
        rc = check_merkle(&cp->r_old, false, &pos, root_r_old, ch[i], k, i, "proof_r_old", err);
        if (!rc) rc = check_merkle(&cp->d_new, !cfg->poseidon, &pos, comm_d_new, ch[i], k, i, "proof_d_new", err);
        if (!rc) rc = check_merkle(&cp->r_new, false, &pos, root_r_new, ch[i], k, i, "proof_r_new", err);
        if (rc) break;
        cuzk_fr old, data, rho, want, got;
        cuzk_fr_from_bytes_le(&old, cp->r_old.leaf, NULL);
        cuzk_fr_from_bytes_le(&data, cp->d_new.leaf, NULL);
        cuzk_fr_from_bytes_le(&got, cp->r_new.leaf, NULL);
        cuzk_update_rho(c2, &rho, &phi, ch[i] >> shr);
        cuzk_fr_mul(&want, &data, &rho);
        cuzk_fr_add(&want, &want, &old);
        if (!cuzk_fr_eq(&want, &got)) {
            rc = BAD("update: partition %u challenge %u: the new replica label is not old + data * rho", k, i);
            break;
        }
        /* the tree-D path passes through this partition's apex tree */
        for (uint32_t l = 0, lo = 0, n = p->n_apex_leafs; l < cfg->apex_leaf_bit_len && !rc; l++, lo += n, n /= 2) {
            const uint32_t at = ((ch[i] >> (apex_height + l)) ^ 1) & (n - 1);
            uint8_t b[32];
            cuzk_fr_to_bytes_le(b, &apex[lo + at]);
            if (memcmp(b, cp->d_new.hashes[apex_height + l], 32))
                rc = BAD("update: partition %u challenge %u: proof_d_new level %u is not the apex tree's", k, i,
                         apex_height + l);
        }
    }
    cuzk_poseidon_set_free(&pos);
    return rc;
}
