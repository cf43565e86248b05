/* The engine over small test circuits (engine_test_circuit.h) on the CPU
 * back end: mixed jobs from several client threads, priority classes at the
 * partition level, cancel, request-id deduplication, bad input failing
 * alone, the memory budget, parameter residency under eviction, await
 * timeouts, result expiry, fixed r and s against the plain prover, and the
 * pipeline's overlap of witness k+1 with proof k. Every proof is verified. */
#include "engine_test_circuit.h"
#include "test.h"

#include <pthread.h>
#include <unistd.h>

static cuzk_engine *make_engine(uint64_t mem_budget, uint64_t param_budget, unsigned synth_workers)
{
    cuzk_engine_config cfg;
    cuzk_engine_config_default(&cfg);
    cfg.backend = CUZK_BACKEND_CPU;
    cfg.synth_workers = synth_workers;
    cfg.synth_threads = 2;
    cfg.prove_threads = 2;
    cfg.mem_budget_bytes = mem_budget;
    cfg.param_budget_bytes = param_budget;
    cfg.quiet = true;
    cfg.kind_class[CUZK_KIND_TEST_B] = CUZK_PRIORITY_CRITICAL;
    cuzk_engine *e = NULL;
    cuzk_err err = { 0 };
    int rc = cuzk_engine_create(&e, &cfg, &err);
    CHECK_MSG(rc == 0, "create: %s", err.msg);
    if (rc) return NULL;
    cuzk_circuit_entry a = tc_entry(CUZK_KIND_TEST_A, "test-a"), b = tc_entry(CUZK_KIND_TEST_B, "test-b");
    CHECK(cuzk_engine_register(e, &a, &err) == 0);
    CHECK(cuzk_engine_register(e, &b, &err) == 0);
    return e;
}

/* Proof bytes of a completed test request verify (and fail for another x). */
static bool verifies(cuzk_engine *e, const cuzk_proof_request *req, const cuzk_job_result *r)
{
    cuzk_err err = { 0 };
    if (r->state != CUZK_JOB_COMPLETED) return false;
    return cuzk_engine_verify(e, req, NULL, r->proof, r->proof_len, &err) == 0;
}

/* ---- 20 mixed jobs from 4 client threads ------------------------------------------------ */
typedef struct {
    cuzk_engine *e;
    int t;
    int ok;
} client_arg;

static void *client(void *p)
{
    client_arg *a = p;
    for (int i = 0; i < 5; i++) {
        uint8_t buf[24];
        const int kind = (a->t + i) % 2 ? CUZK_KIND_TEST_B : CUZK_KIND_TEST_A;
        cuzk_proof_request req = tc_request(kind, buf, 1 + (uint32_t)(i % 3), 6 + (uint32_t)(i % 2),
                                            (uint64_t)(100 * a->t + i), 5, 0);
        cuzk_job_result r;
        cuzk_err err = { 0 };
        if (cuzk_engine_prove(a->e, &req, CUZK_PRIORITY_DEFAULT, NULL, &r, &err) == 0 && verifies(a->e, &req, &r))
            a->ok++;
        cuzk_job_result_free(&r);
    }
    return NULL;
}

static void test_mixed_clients(void)
{
    cuzk_engine *e = make_engine(0, 0, 2);
    if (!e) return;
    pthread_t th[4];
    client_arg args[4];
    for (int t = 0; t < 4; t++) {
        args[t] = (client_arg){ e, t, 0 };
        pthread_create(&th[t], NULL, client, &args[t]);
    }
    int ok = 0;
    for (int t = 0; t < 4; t++) {
        pthread_join(th[t], NULL);
        ok += args[t].ok;
    }
    CHECK_MSG(ok == 20, "%d of 20 jobs completed with verifying proofs", ok);
    cuzk_engine_status st;
    cuzk_engine_get_status(e, &st);
    CHECK(st.completed == 20 && st.failed == 0);
    CHECK(st.mem_used == 0);
    cuzk_engine_destroy(e);
}

/* ---- a critical job behind 10 queued normal ones ----------------------------------------- */
static double ended_ms(cuzk_engine *e, const char *id)
{
    char *json = NULL;
    cuzk_err err = { 0 };
    double v = -1;
    if (cuzk_engine_timeline_json(e, id, &json, &err) == 0) {
        const char *p = strstr(json, "\"ended_ms\":");
        if (p) v = atof(p + 11);
    }
    free(json);
    return v;
}

static void test_priority(void)
{
    cuzk_engine *e = make_engine(0, 0, 1);
    if (!e) return;
    cuzk_err err = { 0 };
    char ids[11][CUZK_JOB_ID_MAX];
    uint8_t bufs[11][24];
    /* parameters of both kinds resident first, so that loading them does not order the jobs */
    cuzk_job_result w;
    cuzk_proof_request warm = tc_request(CUZK_KIND_TEST_A, bufs[0], 1, 11, 1000, 0, 0);
    CHECK(cuzk_engine_prove(e, &warm, 0, NULL, &w, &err) == 0 && w.state == CUZK_JOB_COMPLETED);
    cuzk_job_result_free(&w);
    warm = tc_request(CUZK_KIND_TEST_B, bufs[0], 1, 6, 1000, 0, 0);
    CHECK(cuzk_engine_prove(e, &warm, 0, NULL, &w, &err) == 0 && w.state == CUZK_JOB_COMPLETED);
    cuzk_job_result_free(&w);
    for (int i = 0; i < 10; i++) {
        /* witnesses fast, proofs slow: the queue between the stages fills with normal partitions */
        cuzk_proof_request req = tc_request(CUZK_KIND_TEST_A, bufs[i], 1, 11, (uint64_t)i + 2, 0, 0);
        CHECK(cuzk_engine_submit(e, &req, CUZK_PRIORITY_DEFAULT, NULL, ids[i], NULL, &err) == 0);
    }
    usleep(30000);
    cuzk_proof_request crit = tc_request(CUZK_KIND_TEST_B, bufs[10], 1, 6, 777, 0, 0);
    uint32_t pos = 0;
    CHECK(cuzk_engine_submit(e, &crit, CUZK_PRIORITY_DEFAULT, NULL, ids[10], &pos, &err) == 0);
    CHECK_MSG(pos == 0, "a critical job has %u partitions ahead of it", pos);
    cuzk_job_result r;
    CHECK(cuzk_engine_await(e, ids[10], 0, &r, &err) == 0 && verifies(e, &crit, &r));
    cuzk_job_result_free(&r);
    for (int i = 0; i < 10; i++) {
        CHECK(cuzk_engine_await(e, ids[i], 0, &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
        cuzk_job_result_free(&r);
    }
    const double crit_end = ended_ms(e, ids[10]), second_end = ended_ms(e, ids[1]), first_end = ended_ms(e, ids[0]);
    CHECK_MSG(crit_end > 0 && crit_end < second_end, "critical ended at %.1f ms, the second normal job at %.1f ms",
              crit_end, second_end);
    (void)first_end;
    if (!(crit_end < second_end))
        for (int i = 0; i < 11; i++) {
            char *json = NULL;
            cuzk_engine_timeline_json(e, ids[i], &json, &err);
            fprintf(stderr, "%s\n", json);
            free(json);
        }
    cuzk_engine_destroy(e);
}

/* ---- cancel -------------------------------------------------------------------------------- */
static void test_cancel(void)
{
    cuzk_engine *e = make_engine(0, 0, 1);
    if (!e) return;
    cuzk_err err = { 0 };
    uint8_t b1[24], b2[24];
    char big[CUZK_JOB_ID_MAX], other[CUZK_JOB_ID_MAX];
    cuzk_proof_request r1 = tc_request(CUZK_KIND_TEST_A, b1, 8, 6, 5, 80, 0);
    cuzk_proof_request r2 = tc_request(CUZK_KIND_TEST_A, b2, 2, 6, 9, 10, 0);
    CHECK(cuzk_engine_submit(e, &r1, CUZK_PRIORITY_DEFAULT, "to-cancel", big, NULL, &err) == 0);
    CHECK(cuzk_engine_submit(e, &r2, CUZK_PRIORITY_DEFAULT, NULL, other, NULL, &err) == 0);
    usleep(150000);
    bool running = false;
    CHECK(cuzk_engine_cancel(e, big, &running, &err) == 0);
    CHECK(running);
    cuzk_job_result r;
    CHECK(cuzk_engine_await(e, big, 0, &r, &err) == 0 && r.state == CUZK_JOB_CANCELLED && !r.proof);
    cuzk_job_result_free(&r);
    CHECK(cuzk_engine_await(e, other, 0, &r, &err) == 0 && verifies(e, &r2, &r));
    cuzk_job_result_free(&r);
    /* the cancelled job's witnesses are freed once its running partition stops */
    cuzk_engine_status st;
    for (int i = 0; i < 100; i++) {
        cuzk_engine_get_status(e, &st);
        if (!st.mem_used) break;
        usleep(20000);
    }
    CHECK_MSG(st.mem_used == 0, "%llu bytes still held", (unsigned long long)st.mem_used);
    CHECK(st.cancelled == 1 && st.completed == 1);
    /* cancelling it again is a no-op; an unknown id is an error */
    CHECK(cuzk_engine_cancel(e, big, &running, &err) == 0 && !running);
    CHECK(cuzk_engine_cancel(e, "no-such-job", NULL, &err) != 0 && strstr(err.msg, "no-such-job"));
    cuzk_engine_destroy(e);
}

/* ---- request ids, bad input, timeouts ---------------------------------------------------------- */
static void test_ids_and_errors(void)
{
    cuzk_engine *e = make_engine(0, 0, 2);
    if (!e) return;
    cuzk_err err = { 0 };
    uint8_t b1[24], b2[24], b3[24];
    cuzk_proof_request r1 = tc_request(CUZK_KIND_TEST_A, b1, 2, 6, 42, 100, 0);
    cuzk_proof_request r2 = tc_request(CUZK_KIND_TEST_A, b2, 2, 6, 43, 0, 0);
    char id1[CUZK_JOB_ID_MAX], id2[CUZK_JOB_ID_MAX], id3[CUZK_JOB_ID_MAX];
    CHECK(cuzk_engine_submit(e, &r1, 0, "req-1", id1, NULL, &err) == 0 && !strcmp(id1, "req-1"));
    CHECK(cuzk_engine_submit(e, &r1, 0, "req-1", id2, NULL, &err) == 0 && !strcmp(id2, "req-1"));
    CHECK(cuzk_engine_submit(e, &r2, 0, "req-1", id3, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK_MSG(strstr(err.msg, "req-1") != NULL, "%s", err.msg);
    cuzk_job_result r;
    /* a look without waiting, and a short await of a running job, see it unfinished */
    CHECK(cuzk_engine_peek(e, "req-1", &r, &err) == 0 && (r.state == CUZK_JOB_RUNNING || r.state == CUZK_JOB_QUEUED));
    CHECK(cuzk_engine_peek(e, "nope", &r, &err) != 0);
    CHECK(cuzk_engine_await(e, "req-1", 20, &r, &err) == 0 && r.state == CUZK_JOB_TIMEOUT);
    CHECK(cuzk_engine_await(e, "req-1", 0, &r, &err) == 0 && verifies(e, &r1, &r));
    cuzk_job_result_free(&r);
    cuzk_engine_status st;
    cuzk_engine_get_status(e, &st);
    CHECK_MSG(st.completed == 1, "the duplicate made %llu jobs", (unsigned long long)st.completed);

    /* bad input fails alone, with the reason; a failing witness too */
    uint8_t bad[5] = { 1, 2, 3, 4, 5 };
    cuzk_proof_request rb = tc_request(CUZK_KIND_TEST_A, b3, 1, 6, 1, 0, 0);
    rb.vanilla_proof = bad;
    rb.vanilla_proof_len = sizeof bad;
    cuzk_proof_request rf = tc_request(CUZK_KIND_TEST_B, b3, 3, 6, 1, 0, 1);
    char idb[CUZK_JOB_ID_MAX], idf[CUZK_JOB_ID_MAX], idg[CUZK_JOB_ID_MAX];
    CHECK(cuzk_engine_submit(e, &rb, 0, NULL, idb, NULL, &err) == 0);
    CHECK(cuzk_engine_submit(e, &rf, 0, NULL, idf, NULL, &err) == 0);
    CHECK(cuzk_engine_submit(e, &r2, 0, NULL, idg, NULL, &err) == 0);
    CHECK(cuzk_engine_await(e, idb, 0, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "vanilla_proof: 5 bytes") != NULL, "%s", r.error);
    CHECK(cuzk_engine_await(e, idf, 0, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "partition 1") != NULL, "%s", r.error);
    /* a failed job's id is proved again when resubmitted, here with input that works */
    char idr[CUZK_JOB_ID_MAX];
    uint8_t b4[24];
    cuzk_proof_request rf_ok = tc_request(CUZK_KIND_TEST_B, b4, 3, 6, 1, 0, 0);
    CHECK(cuzk_engine_submit(e, &rf_ok, 0, idf, idr, NULL, &err) == 0 && !strcmp(idr, idf));
    CHECK(cuzk_engine_await(e, idr, 0, &r, &err) == 0 && verifies(e, &rf_ok, &r));
    cuzk_job_result_free(&r);
    CHECK(cuzk_engine_await(e, idg, 0, &r, &err) == 0 && verifies(e, &r2, &r));
    cuzk_job_result_free(&r);
    /* an unknown kind and an unknown id */
    cuzk_proof_request ru = r2;
    ru.kind = 57;
    CHECK(cuzk_engine_submit(e, &ru, 0, NULL, idb, NULL, &err) == CUZK_ERR_UNSUPPORTED);
    ru.kind = 0;
    CHECK(cuzk_engine_submit(e, &ru, 0, NULL, idb, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_engine_await(e, "nope", 0, &r, &err) != 0);
    CHECK(cuzk_engine_submit(e, &r2, 0, "bad id with spaces", idb, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    /* a tampered proof does not verify */
    CHECK(cuzk_engine_prove(e, &r2, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
    cuzk_proof_request other = tc_request(CUZK_KIND_TEST_A, b3, 2, 6, 44, 0, 0);
    CHECK(cuzk_engine_verify(e, &other, NULL, r.proof, r.proof_len, &err) == CUZK_ERR_PROOF_INVALID);
    r.proof[200] ^= 1;
    CHECK(cuzk_engine_verify(e, &r2, NULL, r.proof, r.proof_len, &err) != 0);
    cuzk_job_result_free(&r);
    cuzk_engine_destroy(e);
}

/* ---- the memory budget, result expiry --------------------------------------------------------- */
static void test_budget(void)
{
    /* room for one partition's witness (2^8 constraints: 40 KiB) at a time */
    const uint64_t one = (1u << 8) * 5 * sizeof(cuzk_fr);
    cuzk_engine *e = make_engine(one + one / 2, 0, 3);
    if (!e) return;
    cuzk_err err = { 0 };
    uint8_t b[3][24];
    char ids[3][CUZK_JOB_ID_MAX];
    cuzk_proof_request reqs[3];
    for (int i = 0; i < 3; i++) {
        reqs[i] = tc_request(CUZK_KIND_TEST_A, b[i], 2, 8, (uint64_t)(10 + i), 40, 0);
        CHECK(cuzk_engine_submit(e, &reqs[i], 0, NULL, ids[i], NULL, &err) == 0);
    }
    uint64_t peak = 0;
    for (int i = 0; i < 200; i++) {
        cuzk_engine_status st;
        cuzk_engine_get_status(e, &st);
        if (st.mem_used > peak) peak = st.mem_used;
        if (st.completed == 3) break;
        usleep(5000);
    }
    CHECK_MSG(peak <= one + one / 2, "peak %llu bytes over a budget of %llu", (unsigned long long)peak,
              (unsigned long long)(one + one / 2));
    for (int i = 0; i < 3; i++) {
        cuzk_job_result r;
        CHECK(cuzk_engine_await(e, ids[i], 0, &r, &err) == 0 && verifies(e, &reqs[i], &r));
        cuzk_job_result_free(&r);
    }
    /* a witness larger than the whole budget fails by name instead of waiting for ever */
    uint8_t bb[24];
    cuzk_proof_request huge = tc_request(CUZK_KIND_TEST_A, bb, 1, 12, 1, 0, 0);
    cuzk_job_result r;
    CHECK(cuzk_engine_prove(e, &huge, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "budget") != NULL, "%s", r.error);
    cuzk_engine_destroy(e);

    /* results expire */
    cuzk_engine_config cfg;
    cuzk_engine_config_default(&cfg);
    cfg.backend = CUZK_BACKEND_CPU;
    cfg.result_ttl_ms = 50;
    cfg.quiet = true;
    CHECK(cuzk_engine_create(&e, &cfg, &err) == 0);
    cuzk_circuit_entry a = tc_entry(CUZK_KIND_TEST_A, "test-a");
    CHECK(cuzk_engine_register(e, &a, &err) == 0);
    CHECK(cuzk_engine_prove(e, &reqs[0], 0, "expiring", &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
    cuzk_job_result_free(&r);
    usleep(100000);
    char id[CUZK_JOB_ID_MAX];
    CHECK(cuzk_engine_submit(e, &reqs[1], 0, NULL, id, NULL, &err) == 0); /* submit collects old results */
    CHECK(cuzk_engine_await(e, "expiring", 0, &r, &err) != 0);
    CHECK(cuzk_engine_await(e, id, 0, &r, &err) == 0 && r.state == CUZK_JOB_COMPLETED);
    cuzk_job_result_free(&r);
    cuzk_engine_destroy(e);
}

/* ---- residency: a set in use is never evicted ---------------------------------------------------- */
static void test_residency(void)
{
    /* a budget of one byte: every new set evicts every idle one */
    cuzk_engine *e = make_engine(0, 1, 2);
    if (!e) return;
    cuzk_err err = { 0 };
    uint8_t b1[24], b2[24], b3[24];
    cuzk_proof_request slow = tc_request(CUZK_KIND_TEST_A, b1, 3, 7, 1, 150, 0);
    cuzk_proof_request other = tc_request(CUZK_KIND_TEST_B, b2, 1, 6, 2, 0, 0);
    cuzk_proof_request third = tc_request(CUZK_KIND_TEST_A, b3, 1, 5, 3, 0, 0);
    char id1[CUZK_JOB_ID_MAX], id2[CUZK_JOB_ID_MAX], id3[CUZK_JOB_ID_MAX];
    CHECK(cuzk_engine_submit(e, &slow, 0, NULL, id1, NULL, &err) == 0);
    /* until the slow job holds its parameters */
    bool held = false;
    for (int i = 0; i < 1000 && !held; i++) {
        cuzk_engine_status st;
        cuzk_engine_get_status(e, &st);
        for (size_t k = 0; k < st.n_params; k++)
            if (!strcmp(st.params[k].id, "test-100-7") && st.params[k].ref_count) held = true;
        if (!held) usleep(10000);
    }
    CHECK(held);
    CHECK(cuzk_engine_submit(e, &other, 0, NULL, id2, NULL, &err) == 0);
    CHECK(cuzk_engine_submit(e, &third, 0, NULL, id3, NULL, &err) == 0);
    bool was = false;
    uint64_t freed = 1;
    CHECK(cuzk_engine_evict(e, "test-100-7", &was, &freed, &err) == 0);
    CHECK_MSG(was && freed == 0, "a set in use: loaded %d, freed %llu", was, (unsigned long long)freed);
    cuzk_job_result r, rs;
    CHECK(cuzk_engine_await(e, id1, 0, &rs, &err) == 0 && rs.state == CUZK_JOB_COMPLETED);
    CHECK(cuzk_engine_await(e, id2, 0, &r, &err) == 0 && verifies(e, &other, &r));
    cuzk_job_result_free(&r);
    CHECK(cuzk_engine_await(e, id3, 0, &r, &err) == 0 && verifies(e, &third, &r));
    cuzk_job_result_free(&r);
    /* verifying loads the set again (evicting the others); idle now, it can go */
    CHECK(verifies(e, &slow, &rs));
    cuzk_job_result_free(&rs);
    CHECK(cuzk_engine_evict(e, "test-100-7", &was, &freed, &err) == 0 && was && freed > 0);
    CHECK(cuzk_engine_evict(e, "test-100-7", &was, &freed, &err) == 0 && !was);
    cuzk_engine_destroy(e);
}

/* ---- fixed r, s: the same bytes as the plain prover; the timeline overlaps ----------------------- */
static void test_fixed_rs_and_overlap(void)
{
    cuzk_engine *e = make_engine(0, 0, 1);
    if (!e) return;
    cuzk_err err = { 0 };
    uint8_t b[24];
    cuzk_proof_request req = tc_request(CUZK_KIND_TEST_A, b, 4, 12, 7, 250, 0);
    req.fixed_rs = true;
    req.rs_seed = 99;
    char id[CUZK_JOB_ID_MAX];
    CHECK(cuzk_engine_submit(e, &req, 0, NULL, id, NULL, &err) == 0);
    cuzk_job_result r;
    CHECK(cuzk_engine_await(e, id, 0, &r, &err) == 0 && verifies(e, &req, &r));

    /* partition 2 by hand */
    const cuzk_circuit_entry *c = cuzk_engine_entry(e, CUZK_KIND_TEST_A);
    cuzk_params *params = NULL;
    CHECK(c && c->load_params(c->ctx, "test-100-12", &params, &err) == 0);
    tc_synth t = { 7 + 2, 1u << 12 };
    cuzk_circuit circ = { "engine-test", tc_synthesize, &t };
    cuzk_fr rr, ss;
    cuzk_engine_fixed_rs(99, 2, &rr, &ss);
    cuzk_proof proof;
    uint8_t bytes[CUZK_PROOF_BYTES];
    CHECK(cuzk_groth16_prove_circuit(params, &circ, &rr, &ss, NULL, &proof, NULL, &err) == 0);
    cuzk_proof_serialize(bytes, &proof);
    CHECK_MSG(r.proof && !memcmp(bytes, r.proof + 2 * CUZK_PROOF_BYTES, CUZK_PROOF_BYTES),
              "partition 2 differs from the plain prover's proof");
    cuzk_params_free(params);
    cuzk_job_result_free(&r);

    /* witness of k+1 runs while k is proved */
    char *json = NULL;
    CHECK(cuzk_engine_timeline_json(e, id, &json, &err) == 0);
    double w[4][2] = { { 0 } }, p[4][2] = { { 0 } };
    const char *s = json;
    for (int k = 0; k < 4 && s; k++) {
        s = strstr(s, "\"witness\":[");
        if (s && sscanf(s, "\"witness\":[%lf,%lf]", &w[k][0], &w[k][1]) != 2) s = NULL;
        if (s) s = strstr(s, "\"prove\":[");
        if (s && sscanf(s, "\"prove\":[%lf,%lf]", &p[k][0], &p[k][1]) != 2) s = NULL;
    }
    /* one after another, witness k+1 would start after proof k ends */
    int overlaps = 0;
    for (int k = 0; k < 3; k++)
        if (w[k + 1][0] > 0 && w[k + 1][0] < p[k][1] && p[k][0] > 0) overlaps++;
    CHECK_MSG(overlaps == 3, "witness k+1 started before proof k ended %d times of 3: %s", overlaps, json ? json : "");
    free(json);
    cuzk_engine_destroy(e);
}

/* ---- several provers; a device fault moves the partition to another prover -------------------- */
static cuzk_engine *provers_engine(unsigned provers, int fault_worker, uint32_t fault_after)
{
    cuzk_engine_config cfg;
    cuzk_engine_config_default(&cfg);
    cfg.backend = CUZK_BACKEND_CPU;
    cfg.cpu_provers = provers;
    cfg.synth_workers = 2;
    cfg.synth_threads = 1;
    cfg.prove_threads = 1;
    cfg.quiet = true;
    cfg.fault_worker = fault_worker;
    cfg.fault_after = fault_after;
    cuzk_engine *e = NULL;
    cuzk_err err = { 0 };
    CHECK_MSG(cuzk_engine_create(&e, &cfg, &err) == 0, "create: %s", err.msg);
    cuzk_circuit_entry a = tc_entry(CUZK_KIND_TEST_A, "test-a");
    if (e) CHECK(cuzk_engine_register(e, &a, &err) == 0);
    return e;
}

static void test_provers_and_faults(void)
{
    cuzk_err err = { 0 };
    /* two provers work at once, and every proof verifies */
    cuzk_engine *e = provers_engine(2, 0, 0);
    if (!e) return;
    uint8_t b[4][24];
    char ids[4][CUZK_JOB_ID_MAX];
    cuzk_proof_request reqs[4];
    for (int i = 0; i < 4; i++) {
        reqs[i] = tc_request(CUZK_KIND_TEST_A, b[i], 2, 10, (uint64_t)(3 + i), 0, 0);
        CHECK(cuzk_engine_submit(e, &reqs[i], 0, NULL, ids[i], NULL, &err) == 0);
    }
    double iv[8][2];
    int n_iv = 0, workers_seen = 0;
    char first_worker[32] = "";
    for (int i = 0; i < 4; i++) {
        cuzk_job_result r;
        CHECK(cuzk_engine_await(e, ids[i], 0, &r, &err) == 0 && verifies(e, &reqs[i], &r));
        cuzk_job_result_free(&r);
        char *json = NULL;
        CHECK(cuzk_engine_timeline_json(e, ids[i], &json, &err) == 0);
        for (const char *s = json; s && (s = strstr(s, "\"prove\":[")) && n_iv < 8; s++) {
            if (sscanf(s, "\"prove\":[%lf,%lf]", &iv[n_iv][0], &iv[n_iv][1]) == 2) n_iv++;
            const char *w = strstr(s, "\"prover\":\"");
            if (w && !*first_worker) sscanf(w, "\"prover\":\"%31[^\"]", first_worker);
            else if (w && strncmp(w + 10, first_worker, strlen(first_worker))) workers_seen = 2;
        }
        free(json);
    }
    int overlapping = 0;
    for (int i = 0; i < n_iv; i++)
        for (int k = i + 1; k < n_iv; k++)
            if (iv[i][0] < iv[k][1] && iv[k][0] < iv[i][1]) overlapping++;
    CHECK_MSG(workers_seen == 2 && overlapping > 0, "two provers: %d seen, %d overlapping proofs", workers_seen,
              overlapping);
    cuzk_engine_destroy(e);

    /* prover 1 fails on its second partition: it leaves service, the job still completes */
    e = provers_engine(2, 1, 1);
    if (!e) return;
    uint8_t bb[24];
    cuzk_proof_request req = tc_request(CUZK_KIND_TEST_A, bb, 6, 8, 11, 0, 0);
    cuzk_job_result r;
    CHECK(cuzk_engine_prove(e, &req, 0, NULL, &r, &err) == 0 && verifies(e, &req, &r));
    cuzk_job_result_free(&r);
    cuzk_engine_status st;
    cuzk_engine_get_status(e, &st);
    CHECK(st.n_workers == 2 && !st.workers[0].in_service && st.workers[1].in_service);
    CHECK_MSG(strstr(st.workers[0].fault, "injected device fault") != NULL, "fault: %s", st.workers[0].fault);
    CHECK(st.workers[0].partitions_proved == 1 && st.workers[1].partitions_proved == 5);
    char *m = NULL;
    CHECK(cuzk_engine_metrics_text(e, &m, &err) == 0 && strstr(m, "cuzk_worker_in_service{worker=\"0\",device=\"-1\"} 0"));
    free(m);
    cuzk_engine_destroy(e);

    /* the only prover fails: the job fails by name, and new jobs are refused */
    e = provers_engine(1, 1, 0);
    if (!e) return;
    CHECK(cuzk_engine_prove(e, &req, 0, NULL, &r, &err) == 0 && r.state == CUZK_JOB_FAILED);
    CHECK_MSG(strstr(r.error, "device fault") != NULL, "%s", r.error);
    char id[CUZK_JOB_ID_MAX];
    CHECK(cuzk_engine_submit(e, &req, 0, NULL, id, NULL, &err) == CUZK_ERR_DEVICE);
    CHECK_MSG(strstr(err.msg, "no prover left") != NULL, "%s", err.msg);
    cuzk_engine_destroy(e);
}

int main(void)
{
    test_mixed_clients();
    test_priority();
    test_cancel();
    test_ids_and_errors();
    test_budget();
    test_residency();
    test_fixed_rs_and_overlap();
    test_provers_and_faults();
    return test_finish("engine");
}
