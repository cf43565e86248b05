/* The checks of a C1 output before proving: its sector number against the
 * request's, its replica_id against the miner and sector, and every vanilla
 * proof it carries. */
#include "cuzk/porep.h"
#include "cuzk/porep_synth.h"

int cuzk_porep_c1_check_request(const cuzk_porep_c1 *c1, const cuzk_c1_envelope *env, const cuzk_porep_config *cfg,
                                uint64_t miner_id, bool have_sector, uint64_t sector, bool check_vanilla,
                                uint64_t *sector_out, cuzk_err *err)
{
    if (env->present) {
        if (have_sector && sector != env->sector_num)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "sector_number %llu, but the C1 output is for sector %llu",
                                (unsigned long long)sector, (unsigned long long)env->sector_num);
        sector = env->sector_num;
    } else if (!have_sector) {
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "vanilla_proof is a bare C1 JSON (no envelope): the sector number must be given");
    }
    if (sector_out) *sector_out = sector;
    if (!check_vanilla) return 0;
    uint8_t prover_id[32];
    cuzk_porep_prover_id_from_miner(prover_id, miner_id);
    int rc = cuzk_porep_c1_check_replica_id(c1, cfg, prover_id, sector, err);
    if (!rc) rc = cuzk_porep_c1_verify(c1, cfg, 0, c1->partitions, err);
    return rc;
}
