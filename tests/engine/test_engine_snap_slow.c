/* SnapDeals through the engine at 2 KiB on the CPU, as the daemon receives it:
 * the registered update proof, comm_r_old, comm_d_new, comm_r_new and one
 * bincode PartitionProof per partition (a synthetic update) in, one verified
 * proof per partition out; a tampered commitment or vanilla proof fails alone
 * with a named error.
 * Label slow: the 2 KiB update circuit has 1.7 M constraints, so its setup
 * and proof take minutes on two cores. */
#include "cuzk/engine.h"
#include "cuzk/update.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int main(void)
{
    char dir[512], name[192], path[768];
    snprintf(dir, sizeof dir, "%s/engine_snap", CUZK_TEST_DATA_DIR);
    mkdir(CUZK_TEST_DATA_DIR, 0755);
    mkdir(dir, 0755);
    cuzk_err err = { 0 };
    cuzk_update_config cfg;
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, &err) == 0);
    CHECK(cuzk_update_param_name(&cfg, name, sizeof name, &err) == 0);
    snprintf(path, sizeof path, "%s/%s.params", dir, name);
    struct stat st;
    if (stat(path, &st)) {
        cuzk_update_circuit *uc = NULL;
        cuzk_params *params = NULL;
        cuzk_toxic toxic;
        cuzk_toxic_from_seed(&toxic, 4242);
        cuzk_pool *pool = cuzk_pool_create(0);
        int rc = cuzk_update_circuit_new_blank(&uc, &cfg, &err);
        cuzk_circuit c;
        if (!rc) c = cuzk_update_circuit_get(uc);
        if (!rc) rc = cuzk_groth16_setup(&c, &toxic, pool, &params, &err);
        if (!rc) rc = cuzk_params_write(params, path, &err);
        CHECK_MSG(rc == 0, "setup: %s", err.msg);
        cuzk_params_free(params);
        cuzk_update_circuit_free(uc);
        cuzk_pool_destroy(pool);
        if (rc) return test_finish("engine_snap");
    }

    /* a synthetic update and its partition proofs as bincode */
    cuzk_update_replica *u = NULL;
    CHECK(cuzk_update_synth(&u, &cfg, cfg.h, 9, &err) == 0);
    if (!u) return test_finish("engine_snap");
    uint8_t r_old[32], d_new[32], r_new[32];
    cuzk_update_replica_commitments(u, r_old, d_new, r_new);
    uint8_t *blobs[16] = { 0 };
    size_t lens[16] = { 0 };
    const uint8_t *ptrs[16];
    for (uint32_t k = 0; k < cfg.partitions && k < 16; k++) {
        cuzk_update_partition_proof p;
        CHECK(cuzk_update_replica_prove(u, k, &p, &err) == 0);
        CHECK(cuzk_update_proof_write(&p, &blobs[k], &lens[k], &err) == 0);
        ptrs[k] = blobs[k];
        cuzk_update_partition_proof_free(&p);
    }
    cuzk_proof_request req;
    memset(&req, 0, sizeof req);
    req.kind = CUZK_KIND_SNAP;
    req.registered_proof = CUZK_UPDATE_2KIB_V1;
    req.vanilla_proofs = ptrs;
    req.vanilla_proof_lens = lens;
    req.n_vanilla_proofs = cfg.partitions;
    req.comm_r_old = r_old, req.comm_r_old_len = 32;
    req.comm_d_new = d_new, req.comm_d_new_len = 32;
    req.comm_r_new = r_new, req.comm_r_new_len = 32;

    cuzk_engine_config ec;
    cuzk_engine_config_default(&ec);
    ec.backend = CUZK_BACKEND_CPU;
    ec.param_dir = dir;
    cuzk_engine *e = NULL;
    CHECK(cuzk_engine_create(&e, &ec, &err) == 0);
    if (!e) return test_finish("engine_snap");
    cuzk_job_result r;
    CHECK(cuzk_engine_prove(e, &req, 0, NULL, &r, &err) == 0);
    CHECK_MSG(r.state == CUZK_JOB_COMPLETED && r.proof_len == (size_t)cfg.partitions * CUZK_PROOF_BYTES, "state %d: %s",
              r.state, r.error);
    CHECK_MSG(cuzk_engine_verify(e, &req, NULL, r.proof, r.proof_len, &err) == 0, "verify: %s", err.msg);
    uint8_t d2[32];
    memcpy(d2, d_new, 32);
    d2[0] ^= 1;
    cuzk_job_result_free(&r);

    /* tampered inputs fail alone, by name */
    cuzk_proof_request bad = req;
    bad.comm_d_new = d2;
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "vanilla_proofs[0]") != NULL, "comm_d_new: %s", r.error);
    bad = req;
    bad.comm_r_new_len = 31;
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "comm_r_new: 31 bytes") != NULL, "%s", r.error);
    blobs[0][lens[0] / 2] ^= 1;
    CHECK(cuzk_engine_prove(e, &req, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "vanilla_proofs[0]") != NULL, "flipped byte: %s", r.error);
    bad = req;
    bad.n_vanilla_proofs = 0;
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "vanilla_proofs: 0") != NULL, "%s", r.error);
    for (uint32_t k = 0; k < cfg.partitions && k < 16; k++) free(blobs[k]);
    cuzk_update_replica_free(u);
    cuzk_engine_destroy(e);
    return test_finish("engine_snap");
}
