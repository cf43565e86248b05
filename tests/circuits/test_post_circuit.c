/* The FallbackPoSt circuit's shape: registered-proof configs, parameter file
 * names against parameters.json, constraint and input counts against
 * storage-proofs-post's tests (constraint_counts.json) and the published
 * 32 GiB / 64 GiB WindowPoSt figures, challenge derivation (V1 and V1_2). */
#include "test.h"
#include "gadgets/poseidon_golden.h"
#include "cuzk/hash.h"
#include "cuzk/post.h"

static void count(const cuzk_post_config *cfg, cuzk_cs_stats *st)
{
    cuzk_post_circuit *pc = NULL;
    cuzk_err err;
    memset(st, 0, sizeof *st);
    CHECK(cuzk_post_circuit_new_blank(&pc, cfg, &err) == 0);
    if (!pc) return;
    cuzk_circuit c = cuzk_post_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_counter_new();
    CHECK_MSG(cuzk_circuit_synthesize(&c, cs, &err) == 0, "%s", err.msg);
    cuzk_cs_get_stats(cs, st);
    cuzk_cs_free(cs);
    cuzk_post_circuit_free(pc);
}

/* storage-proofs-post tests/fallback_circuit.rs: LCTree shapes, leaves = 64 x
 * base_tree_count, 5 challenges, ApiVersion V1_1_0. */
static void test_upstream_counts(const char *counts)
{
    static const struct {
        const char *test;
        uint64_t nodes;
        uint32_t sub, top, sectors;
    } cases[] = {
        { "test_fallback_post_circuit_poseidon_single_partition_base_8", 64, 0, 0, 3 },
        { "test_fallback_post_circuit_poseidon_single_partition_sub_8_4", 256, 4, 0, 3 },
        { "test_fallback_post_circuit_poseidon_single_partition_top_8_4_2", 512, 4, 2, 3 },
        { "test_fallback_post_circuit_poseidon_two_partitions_base_8", 64, 0, 0, 2 },
        { "test_fallback_post_circuit_poseidon_single_partition_smaller_base_8", 64, 0, 0, 3 },
        { "test_fallback_post_circuit_poseidon_two_partitions_smaller_base_8", 64, 0, 0, 3 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        long want_in;
        const long want = golden_count(counts, cases[i].test, &want_in);
        CHECK_MSG(want > 0 && want_in > 0, "constraint_counts.json: %s missing", cases[i].test);
        cuzk_post_config cfg;
        CHECK(cuzk_post_config_custom(&cfg, CUZK_POST_WINDOW, cases[i].nodes, cases[i].sub, cases[i].top,
                                      cases[i].sectors, 5, CUZK_POREP_API_V1_1_0, NULL) == 0);
        cuzk_cs_stats st;
        count(&cfg, &st);
        /* upstream counts what synthesis enforces (TestConstraintSystem):
         * without bellperson's one constraint per input added at proving */
        CHECK_MSG((long)(st.constraints - st.inputs) == want, "%s: %llu constraints, upstream %ld", cases[i].test,
                  (unsigned long long)(st.constraints - st.inputs), want);
        CHECK_MSG((long)st.inputs == want_in, "%s: %llu inputs, upstream %ld", cases[i].test,
                  (unsigned long long)st.inputs, want_in);
        CHECK(st.inputs == 1 + cuzk_post_public_input_count(&cfg));
    }
    /* the #[ignore]d bench: blank 32 GiB DiskTree<U8, U0, U0> (10 levels), 10 challenges, 5 sectors */
    const long want = golden_count(counts, "test_fallback_post_circuit_poseidon_base_8_bench_cs (#[ignore])", NULL);
    CHECK(want == 266665);
    cuzk_post_config cfg;
    CHECK(cuzk_post_config_custom(&cfg, CUZK_POST_WINDOW, 1ull << 30, 0, 0, 5, 10, CUZK_POREP_API_V1_1_0, NULL) == 0);
    CHECK(cfg.base_levels == 10);
    cuzk_cs_stats st;
    count(&cfg, &st);
    CHECK_MSG((long)(st.constraints - st.inputs) == want, "32 GiB base-8 bench: %llu, upstream %ld",
              (unsigned long long)(st.constraints - st.inputs), want);
}

/* filecoin-proofs constants.rs (the comment on WINDOW_POST_SECTOR_COUNT):
 * 125,279,217 constraints for 32 GiB and 129,887,900 for 64 GiB. Every
 * sector slot is the same sub-circuit, so the count is that of one slot
 * (counted, and checked linear over 1, 2 and 3 slots) times sector_count.
 * The figures, like upstream's test counts, leave out bellperson's one
 * constraint per input (ONE included) that proving adds: 25,840 more. */
static void test_published_window_counts(void)
{
    static const struct {
        cuzk_post_proof proof;
        uint64_t want;
    } cases[] = { { CUZK_POST_WINDOW_32GIB_V1_2, 125279217ull }, { CUZK_POST_WINDOW_64GIB_V1_2, 129887900ull } };
    for (int i = 0; i < 2; i++) {
        cuzk_post_config cfg, one;
        CHECK(cuzk_post_config_init(&cfg, cases[i].proof, NULL) == 0);
        uint64_t per[3];
        for (uint32_t s = 1; s <= 3; s++) {
            one = cfg;
            one.sector_count = s;
            cuzk_cs_stats st;
            count(&one, &st);
            per[s - 1] = st.constraints - st.inputs; /* synthesized constraints */
            CHECK(st.inputs == 1 + (uint64_t)s * 11);
        }
        CHECK(per[1] == 2 * per[0] && per[2] == 3 * per[0]);
        const uint64_t total = per[0] * cfg.sector_count;
        CHECK_MSG(total == cases[i].want, "%s: %llu constraints, published %llu", cuzk_post_proof_name(cases[i].proof),
                  (unsigned long long)total, (unsigned long long)cases[i].want);
    }
}

/* Registered numbers as the wire carries them (cuzk-reference §2.4) and the
 * setup parameters of filecoin-proofs (post_setup_params). */
static void test_configs(void)
{
    cuzk_post_config c;
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINDOW_32GIB_V1_2, NULL) == 0);
    CHECK(c.post_proof == 13 && c.kind == CUZK_POST_WINDOW && c.sector_count == 2349 && c.challenge_count == 10);
    CHECK(c.nodes == 1ull << 30 && c.base_levels == 9 && c.sub_arity == 8 && c.top_arity == 0);
    CHECK(c.api_version == CUZK_POREP_API_V1_2_0);
    CHECK(cuzk_post_public_input_count(&c) == 25839); /* the 32 GiB window vk: 25,840 IC points */
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINDOW_32GIB_V1, NULL) == 0 && c.api_version == CUZK_POREP_API_V1_0_0);
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINDOW_64GIB_V1_2, NULL) == 0);
    CHECK(c.sector_count == 2300 && c.base_levels == 9 && c.sub_arity == 8 && c.top_arity == 2);
    CHECK(cuzk_post_public_input_count(&c) == 25300);
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINDOW_2KIB_V1_2, NULL) == 0);
    CHECK(c.sector_count == 2 && c.base_levels == 2 && c.sub_arity == 0);
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINNING_32GIB_V1, NULL) == 0);
    CHECK(c.post_proof == 3 && c.kind == CUZK_POST_WINNING && c.sector_count == 66 && c.challenge_count == 1);
    CHECK(c.vanilla_challenges == 66 && cuzk_post_public_input_count(&c) == 132); /* 133 IC points */
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINNING_8MIB_V1, NULL) == 0 && c.base_levels == 6);
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINNING_512MIB_V1, NULL) == 0 && c.base_levels == 8);
    cuzk_err err;
    CHECK(cuzk_post_config_init(&c, (cuzk_post_proof)15, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "15") != NULL);
    CHECK(cuzk_post_config_init(&c, (cuzk_post_proof)-1, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(cuzk_post_proof_name(13), "StackedDrgWindow32GiBV1_2") == 0);
    CHECK(strcmp(cuzk_post_proof_name(3), "StackedDrgWinning32GiBV1") == 0);
    CHECK(strcmp(cuzk_post_proof_name(9), "StackedDrgWindow64GiBV1") == 0);
    CHECK(cuzk_post_proof_name(15) == NULL);
    for (int i = 0; i < CUZK_POST__COUNT; i++) CHECK(cuzk_post_proof_from_name(cuzk_post_proof_name(i)) == i);
    CHECK(cuzk_post_proof_from_name("StackedDrgWindow32GiBV1_1") == -1);
}

/* Every registered PoSt proof's parameter file is in parameters.json with
 * its sector size; Window V1 and V1_2 share one file. */
static void test_param_names(void)
{
    char *pj = golden_read("fil_proofs/parameters.json");
    CHECK(pj != NULL);
    if (!pj) return;
    int found = 0;
    for (int i = 0; i < CUZK_POST__COUNT; i++) {
        cuzk_post_config c;
        char name[160], key[200];
        CHECK(cuzk_post_config_init(&c, (cuzk_post_proof)i, NULL) == 0);
        CHECK(cuzk_post_param_name(name, sizeof name, &c, NULL) == 0);
        snprintf(key, sizeof key, "\"%s.vk\"", name);
        const char *p = strstr(pj, key);
        CHECK_MSG(p != NULL, "%s: %s not in parameters.json", cuzk_post_proof_name(i), key);
        snprintf(key, sizeof key, "\"%s.params\"", name);
        p = strstr(pj, key);
        CHECK_MSG(p != NULL, "%s: %s not in parameters.json", cuzk_post_proof_name(i), key);
        if (p) {
            char size[64];
            snprintf(size, sizeof size, "\"sector_size\": %llu", (unsigned long long)c.sector_size);
            const char *end = strchr(p, '}');
            const char *q = strstr(p, size);
            CHECK(q && end && q < end);
            found++;
        }
    }
    CHECK(found == CUZK_POST__COUNT);
    cuzk_post_config c;
    char name[160];
    CHECK(cuzk_post_config_init(&c, CUZK_POST_WINDOW_32GIB_V1_2, NULL) == 0);
    CHECK(cuzk_post_param_name(name, sizeof name, &c, NULL) == 0);
    CHECK(strcmp(name, "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-"
                       "0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc") == 0);
    CHECK(cuzk_post_param_name(name, 20, &c, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    free(pj);
}

/* get_challenge_index and the leaf challenge (storage-proofs-post
 * fallback/utils.rs, vanilla.rs). */
static void test_challenges(void)
{
    uint8_t rnd[32] = { 0 };
    CHECK(cuzk_post_challenge_index(CUZK_POREP_API_V1_0_0, 3, 10, 4) == 34);
    CHECK(cuzk_post_challenge_index(CUZK_POREP_API_V1_1_0, 3, 10, 4) == 34);
    CHECK(cuzk_post_challenge_index(CUZK_POREP_API_V1_2_0, 3, 10, 4) == 4);
    /* the leaf is SHA256(randomness || id LE || index LE)[0..8] LE mod nodes */
    uint8_t msg[48] = { 0 }, h[32];
    msg[32] = 7;  /* sector id 7 */
    msg[40] = 34; /* challenge index 34 */
    cuzk_sha256(h, msg, 48);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | h[i];
    CHECK(cuzk_post_leaf_challenge(1ull << 30, rnd, 7, 34) == v % (1ull << 30));
    cuzk_post_config v1, v12;
    CHECK(cuzk_post_config_init(&v1, CUZK_POST_WINDOW_2KIB_V1, NULL) == 0);
    CHECK(cuzk_post_config_init(&v12, CUZK_POST_WINDOW_2KIB_V1_2, NULL) == 0);
    uint64_t a[10], b[10];
    cuzk_post_sector_challenges(a, &v1, rnd, 7, 3);
    cuzk_post_sector_challenges(b, &v12, rnd, 7, 3);
    CHECK(a[4] == v % 64);
    CHECK(b[4] == cuzk_post_leaf_challenge(64, rnd, 7, 4));
    cuzk_post_sector_challenges(a, &v1, rnd, 7, 0);
    CHECK(memcmp(a, b, sizeof a) == 0); /* sector index 0: V1 and V1_2 agree */
}

int main(void)
{
    char *counts = golden_read("fil_proofs/constraint_counts.json");
    CHECK(counts != NULL);
    test_configs();
    test_challenges();
    test_param_names();
    if (counts) test_upstream_counts(counts);
    test_published_window_counts();
    free(counts);
    return test_finish("test_post_circuit");
}
