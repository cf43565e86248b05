/* WindowPoSt and WinningPoSt through the engine at 2 KiB on the CPU, as the
 * daemon receives them: bincode vanilla proofs (synthetic, valid), randomness,
 * miner id, registered proof number and partition index in, 192 proof bytes
 * out, verified with the parameters' key. Tampered inputs fail by name, and a
 * WinningPoSt submitted behind queued NORMAL jobs (a test kind standing in for
 * PoRep, whose proofs cost minutes here) finishes before the second of them. */
#include "engine_test_circuit.h"
#include "cuzk/post.h"
#include "test.h"

#include <sys/stat.h>
#include <unistd.h>

static char dir[512];

/* Test parameters under their official name in dir. */
static int make_params(cuzk_post_proof proof)
{
    cuzk_post_config cfg;
    cuzk_err err = { 0 };
    char name[192], path[768];
    if (cuzk_post_config_init(&cfg, proof, &err) || cuzk_post_param_name(name, sizeof name, &cfg, &err)) return -1;
    snprintf(path, sizeof path, "%s/%s.params", dir, name);
    struct stat st;
    if (!stat(path, &st)) return 0;
    cuzk_post_circuit *pc = NULL;
    cuzk_params *params = NULL;
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, 77 + proof);
    int rc = cuzk_post_circuit_new_blank(&pc, &cfg, &err);
    cuzk_circuit c;
    if (!rc) c = cuzk_post_circuit_get(pc);
    if (!rc) rc = cuzk_groth16_setup(&c, &toxic, NULL, &params, &err);
    if (!rc) rc = cuzk_params_write(params, path, &err);
    CHECK_MSG(rc == 0, "setup %s: %s", name, err.msg);
    cuzk_params_free(params);
    cuzk_post_circuit_free(pc);
    return rc;
}

typedef struct {
    uint8_t *blobs[4];
    size_t lens[4];
    const uint8_t *ptrs[4];
    size_t n;
    uint8_t randomness[32];
} post_req;

static void post_req_free(post_req *p)
{
    for (size_t i = 0; i < p->n; i++) free(p->blobs[i]);
}

/* n synthetic sectors' vanilla proofs of partition `partition` */
static cuzk_proof_request make_req(post_req *p, int kind, cuzk_post_proof proof, size_t n, uint32_t partition,
                                   uint64_t seed)
{
    memset(p, 0, sizeof *p);
    cuzk_post_config cfg;
    cuzk_err err = { 0 };
    CHECK(cuzk_post_config_init(&cfg, proof, &err) == 0);
    for (int i = 0; i < 32; i++) p->randomness[i] = (uint8_t)(seed * 31 + (uint64_t)i * 7);
    p->randomness[31] &= 0x3f;
    for (size_t i = 0; i < n; i++) {
        cuzk_post_vanilla v;
        const uint64_t index = (uint64_t)partition * cfg.sector_count + i;
        CHECK(cuzk_post_synth_vanilla(&v, &cfg, p->randomness, 100 + index, index, seed + i, &err) == 0);
        CHECK(cuzk_post_vanilla_write(&v, &p->blobs[i], &p->lens[i], &err) == 0);
        p->ptrs[i] = p->blobs[i];
        cuzk_post_vanilla_free(&v);
    }
    p->n = n;
    cuzk_proof_request r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.registered_proof = proof;
    r.vanilla_proofs = p->ptrs;
    r.vanilla_proof_lens = p->lens;
    r.n_vanilla_proofs = n;
    r.randomness = p->randomness;
    r.randomness_len = 32;
    r.miner_id = 1000;
    r.partition_index = partition;
    return r;
}

static bool prove_and_verify(cuzk_engine *e, const cuzk_proof_request *req, cuzk_job_result *r)
{
    cuzk_err err = { 0 };
    if (cuzk_engine_prove(e, req, 0, NULL, r, &err)) return false;
    if (r->state != CUZK_JOB_COMPLETED || r->proof_len != CUZK_PROOF_BYTES) {
        fprintf(stderr, "state %d: %s\n", r->state, r->error);
        return false;
    }
    return cuzk_engine_verify(e, req, NULL, r->proof, r->proof_len, &err) == 0;
}

int main(void)
{
    snprintf(dir, sizeof dir, "%s/engine_post", CUZK_TEST_DATA_DIR);
    mkdir(CUZK_TEST_DATA_DIR, 0755);
    mkdir(dir, 0755);
    if (make_params(CUZK_POST_WINDOW_2KIB_V1_2) || make_params(CUZK_POST_WINNING_2KIB_V1))
        return test_finish("engine_post");
    cuzk_engine_config cfg;
    cuzk_engine_config_default(&cfg);
    cfg.backend = CUZK_BACKEND_CPU;
    cfg.param_dir = dir;
    cfg.synth_workers = 1;
    cfg.quiet = true;
    cuzk_engine *e = NULL;
    cuzk_err err = { 0 };
    CHECK(cuzk_engine_create(&e, &cfg, &err) == 0);
    if (!e) return test_finish("engine_post");
    cuzk_circuit_entry a = tc_entry(CUZK_KIND_TEST_A, "test-a");
    CHECK(cuzk_engine_register(e, &a, &err) == 0);

    /* WindowPoSt V1_2: partition 0 of two sectors, and partition 1 of one (padded) */
    post_req w0, w1, win;
    cuzk_job_result r;
    cuzk_proof_request rw0 = make_req(&w0, CUZK_KIND_WINDOW_POST, CUZK_POST_WINDOW_2KIB_V1_2, 2, 0, 1);
    CHECK_MSG(prove_and_verify(e, &rw0, &r), "WindowPoSt partition 0");
    /* the same proof against other randomness or another partition does not verify */
    cuzk_proof_request other = rw0;
    uint8_t rnd[32];
    memcpy(rnd, w0.randomness, 32);
    rnd[0] ^= 1;
    other.randomness = rnd;
    CHECK(cuzk_engine_verify(e, &other, NULL, r.proof, r.proof_len, &err) != 0);
    cuzk_job_result_free(&r);
    cuzk_proof_request rw1 = make_req(&w1, CUZK_KIND_WINDOW_POST, CUZK_POST_WINDOW_2KIB_V1_2, 1, 1, 2);
    CHECK_MSG(prove_and_verify(e, &rw1, &r), "WindowPoSt partition 1 (one sector, padded)");
    cuzk_job_result_free(&r);

    /* WinningPoSt */
    cuzk_proof_request rwin = make_req(&win, CUZK_KIND_WINNING_POST, CUZK_POST_WINNING_2KIB_V1, 1, 0, 3);
    CHECK_MSG(prove_and_verify(e, &rwin, &r), "WinningPoSt");
    cuzk_job_result_free(&r);

    /* tampered or wrong inputs fail alone, named */
    cuzk_proof_request bad = rw0;
    uint8_t rnd2[32];
    memcpy(rnd2, w0.randomness, 32);
    rnd2[5] ^= 0x10;
    bad.randomness = rnd2; /* the vanilla proofs answer other challenges */
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "sector") != NULL, "randomness: %s", r.error);
    bad = rw0;
    w0.blobs[1][8 + 5] ^= 1; /* comm_r of the second sector */
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "comm_r") != NULL || strstr(r.error, "sector") != NULL, "comm_r: %s", r.error);
    w0.blobs[1][8 + 5] ^= 1;
    bad = rw0;
    bad.vanilla_proof_lens = (size_t[]){ w0.lens[0], 40 };
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "vanilla_proofs[1]") != NULL, "truncated: %s", r.error);
    bad = rw0;
    bad.registered_proof = CUZK_POST_WINNING_2KIB_V1;
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "registered_proof") != NULL, "kind: %s", r.error);
    bad = rw0;
    bad.randomness_len = 31;
    CHECK(cuzk_engine_prove(e, &bad, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "randomness: 31 bytes") != NULL, "%s", r.error);

    /* a WinningPoSt behind 10 queued NORMAL jobs finishes before the second of them */
    char ids[10][CUZK_JOB_ID_MAX], wid[CUZK_JOB_ID_MAX];
    uint8_t bufs[10][24];
    cuzk_proof_request warm = tc_request(CUZK_KIND_TEST_A, bufs[0], 1, 12, 5, 0, 0);
    CHECK(cuzk_engine_prove(e, &warm, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
    cuzk_job_result_free(&r);
    for (int i = 0; i < 10; i++) {
        cuzk_proof_request q = tc_request(CUZK_KIND_TEST_A, bufs[i], 1, 12, (uint64_t)i + 2, 0, 0);
        CHECK(cuzk_engine_submit(e, &q, 0, NULL, ids[i], NULL, &err) == 0);
    }
    usleep(50000);
    CHECK(cuzk_engine_submit(e, &rwin, 0, "winning-now", wid, NULL, &err) == 0);
    CHECK(cuzk_engine_await(e, wid, 0, &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
    cuzk_job_result_free(&r);
    cuzk_job_result second;
    cuzk_err e2 = { 0 };
    CHECK(cuzk_engine_await(e, ids[1], 1, &second, &e2) == 0);
    CHECK_MSG(second.state == CUZK_JOB_TIMEOUT, "the second NORMAL job was done before the WinningPoSt");
    for (int i = 0; i < 10; i++) {
        CHECK(cuzk_engine_await(e, ids[i], 0, &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
        cuzk_job_result_free(&r);
    }
    post_req_free(&w0);
    post_req_free(&w1);
    post_req_free(&win);
    cuzk_engine_destroy(e);
    return test_finish("engine_post");
}
