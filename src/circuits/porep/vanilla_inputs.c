/* Public inputs of one PoRep partition circuit, in the order
 * StackedCompound::generate_public_inputs produces them: replica_id, comm_d,
 * comm_r, then per challenge c: c (tree D), its 6 DRG and 8 expander parents,
 * c (UInt64 packing), c (tree R), c (tree C). */
#include "circuits/porep/porep_impl.h"

size_t cuzk_porep_public_input_count(const cuzk_porep_config *cfg)
{
    return 3 + (size_t)(4 + CUZK_POREP_PARENTS) * cfg->challenges_per_partition;
}

static int read_fr(cuzk_fr *out, const uint8_t b[32], const char *what, cuzk_err *err)
{
    if (cuzk_fr_from_bytes_le(out, b, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "porep public inputs: %s is not below r", what);
    return 0;
}

int cuzk_porep_public_inputs(cuzk_fr *out, const cuzk_porep_graph *g, const uint8_t replica_id[32],
                             const uint8_t comm_d[32], const uint8_t comm_r[32], const uint64_t *challenges,
                             size_t n_challenges, cuzk_err *err)
{
    int rc;
    if ((rc = read_fr(&out[0], replica_id, "replica_id", err)) || (rc = read_fr(&out[1], comm_d, "comm_d", err)) ||
        (rc = read_fr(&out[2], comm_r, "comm_r", err)))
        return rc;
    cuzk_fr *o = out + 3;
    for (size_t i = 0; i < n_challenges; i++) {
        uint64_t c = challenges[i];
        if (c >= g->nodes)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep public inputs: challenge %zu = %llu >= nodes",
                                i, (unsigned long long)c);
        uint32_t par[CUZK_POREP_PARENTS];
        cuzk_porep_graph_parents(g, (uint32_t)c, par);
        cuzk_fr_from_u64(o++, c);
        for (int k = 0; k < CUZK_POREP_PARENTS; k++) cuzk_fr_from_u64(o++, par[k]);
        for (int k = 0; k < 3; k++) cuzk_fr_from_u64(o++, c);
    }
    return 0;
}

int cuzk_porep_public_inputs_c1(cuzk_fr *out, const cuzk_porep_config *cfg, const uint8_t prover_id[32],
                                uint64_t sector_id, const uint8_t ticket[32], const uint8_t seed[32],
                                const uint8_t comm_d[32], const uint8_t comm_r[32], uint32_t partition,
                                cuzk_err *err)
{
    if (!cfg || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep public inputs: NULL argument");
    uint8_t rid[32];
    cuzk_porep_replica_id(rid, prover_id, sector_id, ticket, comm_d, cfg->porep_id);
    uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
    int rc = cuzk_porep_challenges(ch, cfg, rid, comm_r, seed, partition, err);
    if (rc) return rc;
    cuzk_porep_graph g;
    if ((rc = cuzk_porep_graph_init(&g, cfg->nodes, cfg->api_version, cfg->porep_id, err))) return rc;
    return cuzk_porep_public_inputs(out, &g, rid, comm_d, comm_r, ch, cfg->challenges_per_partition, err);
}
