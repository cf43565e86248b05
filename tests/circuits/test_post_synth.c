/* Synthetic vanilla PoSt proofs for every registered PoSt proof: they pass
 * the vanilla checks, survive a bincode round trip, and the circuit built
 * from them is satisfied (streaming checker) with the computed public
 * inputs; a partial Window partition is padded with its last sector. */
#include "test.h"
#include "cuzk/post.h"

static void check_satisfied(const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t k, const char *what)
{
    cuzk_post_circuit *pc = NULL;
    cuzk_err err;
    int rc = cuzk_post_circuit_from_inputs(&pc, cfg, in, k, true, &err);
    CHECK_MSG(rc == 0, "%s: %s", what, err.msg);
    if (rc) return;
    cuzk_circuit c = cuzk_post_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_checker_new(0);
    rc = cuzk_circuit_synthesize(&c, cs, &err);
    CHECK_MSG(rc == 0, "%s: %s", what, err.msg);
    cuzk_cs_check chk;
    CHECK(cuzk_cs_checker_result(cs, &chk) == 0);
    CHECK_MSG(chk.failed == 0 && chk.checked > 0, "%s: %llu of %llu fail", what, (unsigned long long)chk.failed,
              (unsigned long long)chk.checked);
    const size_t ni = cuzk_post_public_input_count(cfg);
    cuzk_fr *pub = calloc(ni, sizeof *pub);
    CHECK(cuzk_post_public_inputs(pub, cfg, in, k, NULL) == 0);
    int same = 1;
    for (size_t i = 0; i < ni; i++)
        same &= cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ (uint32_t)(i + 1), CUZK_VAR_INPUT }), &pub[i]);
    CHECK_MSG(same, "%s: circuit inputs differ from the public inputs", what);
    free(pub);
    cuzk_cs_free(cs);
    cuzk_post_circuit_free(pc);
}

static void test_every_size(void)
{
    uint8_t rnd[32];
    for (int i = 0; i < 32; i++) rnd[i] = (uint8_t)(17 * i + 3);
    rnd[31] &= 0x3f;
    for (int proof = 0; proof < CUZK_POST__COUNT; proof++) {
        cuzk_post_config cfg;
        CHECK(cuzk_post_config_init(&cfg, (cuzk_post_proof)proof, NULL) == 0);
        /* Window: two sectors in a partition of three slots (the third pads);
         * the big sizes' 2,349 / 2,300 slots are the same sub-circuit */
        if (cfg.kind == CUZK_POST_WINDOW) cfg.sector_count = 3;
        const size_t ns = cfg.kind == CUZK_POST_WINDOW ? 2 : 1;
        cuzk_post_vanilla v[2];
        cuzk_post_sector sec[2];
        int ok = 1;
        for (size_t s = 0; s < ns; s++) {
            cuzk_err err;
            int rc = cuzk_post_synth_vanilla(&v[s], &cfg, rnd, 100 + s, s, 7 + (uint64_t)proof, &err);
            CHECK_MSG(rc == 0, "%s: %s", cuzk_post_proof_name(proof), err.msg);
            ok &= rc == 0;
            sec[s].sector_id = 100 + s;
            memcpy(sec[s].comm_r, v[s].comm_r, 32);
        }
        if (!ok) continue;
        /* bincode round trip */
        uint8_t *b = NULL;
        size_t n = 0;
        cuzk_post_vanilla back;
        CHECK(cuzk_post_vanilla_write(&v[0], &b, &n, NULL) == 0);
        CHECK(cuzk_post_vanilla_read(&back, b, n, &cfg, NULL) == 0);
        uint8_t *b2 = NULL;
        size_t n2 = 0;
        CHECK(cuzk_post_vanilla_write(&back, &b2, &n2, NULL) == 0);
        CHECK(n2 == n && memcmp(b, b2, n) == 0);
        cuzk_post_vanilla_free(&back);
        free(b), free(b2);

        cuzk_post_inputs in = { { 0 }, { 0 }, sec, ns, v, ns };
        memcpy(in.randomness, rnd, 32);
        in.prover_id[0] = 1;
        cuzk_err err;
        int rc = cuzk_post_vanilla_verify(&cfg, &in, 0, &err);
        CHECK_MSG(rc == 0, "%s: %s", cuzk_post_proof_name(proof), err.msg);
        check_satisfied(&cfg, &in, 0, cuzk_post_proof_name(proof));
        /* the sectors may also come from the vanilla proofs themselves */
        cuzk_post_inputs in2 = in;
        in2.sectors = NULL;
        CHECK(cuzk_post_vanilla_verify(&cfg, &in2, 0, NULL) == 0);
        for (size_t s = 0; s < ns; s++) cuzk_post_vanilla_free(&v[s]);
    }
}

/* Window V1 against V1_2: the second sector's challenges differ (V1 counts
 * the sector index into the challenge index), so a proof made for one is
 * refused by the other. */
static void test_versions(void)
{
    uint8_t rnd[32] = { 9 };
    cuzk_post_config v1, v12;
    CHECK(cuzk_post_config_init(&v1, CUZK_POST_WINDOW_8MIB_V1, NULL) == 0);
    CHECK(cuzk_post_config_init(&v12, CUZK_POST_WINDOW_8MIB_V1_2, NULL) == 0);
    cuzk_post_vanilla v[2];
    cuzk_post_sector sec[2];
    for (int s = 0; s < 2; s++) {
        CHECK(cuzk_post_synth_vanilla(&v[s], &v1, rnd, 5 + s, s, 1, NULL) == 0);
        sec[s].sector_id = 5 + s;
        memcpy(sec[s].comm_r, v[s].comm_r, 32);
    }
    cuzk_post_inputs in = { { 9 }, { 1 }, sec, 2, v, 2 };
    cuzk_err err;
    CHECK(cuzk_post_vanilla_verify(&v1, &in, 0, NULL) == 0);
    CHECK(cuzk_post_vanilla_verify(&v12, &in, 0, &err) == CUZK_ERR_PROOF_INVALID);
    CHECK(strstr(err.msg, "sector 6") != NULL);
    /* three sectors in partitions of two: partition 1 is sector 7 and its copy */
    cuzk_post_vanilla v3;
    CHECK(cuzk_post_synth_vanilla(&v3, &v1, rnd, 7, 2, 1, NULL) == 0);
    cuzk_post_vanilla all[3] = { v[0], v[1], v3 };
    cuzk_post_sector s3[3] = { sec[0], sec[1], { 7, { 0 } } };
    memcpy(s3[2].comm_r, v3.comm_r, 32);
    cuzk_post_inputs in3 = { { 9 }, { 1 }, s3, 3, all, 3 };
    CHECK(cuzk_post_partitions(&v1, 3) == 2);
    CHECK(cuzk_post_vanilla_verify(&v1, &in3, 1, NULL) == 0);
    check_satisfied(&v1, &in3, 1, "8 MiB V1 partition 1 (padded)");
    cuzk_fr pub[22];
    CHECK(cuzk_post_public_inputs(pub, &v1, &in3, 1, NULL) == 0);
    cuzk_fr want;
    cuzk_fr_from_u64(&want, cuzk_post_leaf_challenge(v1.nodes, rnd, 7, 2 * 10 + 3));
    CHECK(cuzk_fr_eq(&pub[4], &want) && cuzk_fr_eq(&pub[15], &want));
    CHECK(cuzk_post_public_inputs(pub, &v1, &in3, 2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    /* a vanilla proof missing for a sector of the partition */
    in3.n_vanilla = 2;
    CHECK(cuzk_post_vanilla_verify(&v1, &in3, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "sector 7: no vanilla proof") != NULL);
    cuzk_post_vanilla_free(&v[0]), cuzk_post_vanilla_free(&v[1]), cuzk_post_vanilla_free(&v3);
}

int main(void)
{
    test_every_size();
    test_versions();
    return test_finish("test_post_synth");
}
