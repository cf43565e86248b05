/* SnapDeals configs, names and counts against upstream:
 *  - every registered update proof's constants (storage-proofs-update
 *    constants.rs) and the official parameter file
 *    names of fil_proofs/parameters.json (§3.2);
 *  - the constraint counts of the blank EmptySectorUpdate circuit for every
 *    test size of storage-proofs-update tests/circuit.rs and of the Poseidon
 *    variant of tests/circuit_poseidon.rs (fil_proofs/constraint_counts.json;
 *    TestConstraintSystem counts exclude the input constraints the counter
 *    adds, one per input, ONE included), and 5 inputs (ONE + 4);
 *  - the public inputs (§6.2 example: 32 GiB, h = 10, partition 3 -> 131);
 *  - the challenges: the vectors of storage-proofs-update src/challenges.rs
 *    test_challenges_against_hardcoded (rust-fil-proofs 87348a7), drawn from
 *    comm_r_new = Fr::random(XorShiftRng::from_seed(TEST_SEED)). */
#include "test.h"
#include "update_test_util.h"

static void test_configs(void)
{
    static const struct {
        uint64_t size;
        uint32_t partitions, challenges, apex, h, sub, top;
    } T[CUZK_UPDATE__COUNT] = {
        { 2048, 1, 10, 8, 1, 0, 0 },
        { UINT64_C(8) << 20, 4, 10, 128, 10, 0, 0 },
        { UINT64_C(512) << 20, 16, 86, 128, 10, 0, 0 },
        { UINT64_C(32) << 30, 16, 86, 128, 10, 8, 0 },
        { UINT64_C(64) << 30, 16, 86, 128, 10, 8, 2 },
    };
    for (int i = 0; i < CUZK_UPDATE__COUNT; i++) {
        cuzk_update_config c;
        CHECK(cuzk_update_config_init(&c, (cuzk_update_proof)i, false, NULL) == 0);
        CHECK_MSG(c.sector_size == T[i].size && c.partitions == T[i].partitions && c.challenges == T[i].challenges &&
                      c.apex_leafs == T[i].apex && c.h == T[i].h && c.sub_arity == T[i].sub &&
                      c.top_arity == T[i].top && c.update_proof == i && c.base_arity == 8,
                  "config %s", cuzk_update_proof_name(i));
        CHECK(cuzk_update_proof_from_name(cuzk_update_proof_name(i)) == i);
        /* the Poseidon variant: one partition with every challenge */
        cuzk_update_config p;
        CHECK(cuzk_update_config_init(&p, (cuzk_update_proof)i, true, NULL) == 0);
        CHECK(p.partitions == 1 && p.challenges == T[i].partitions * T[i].challenges && p.apex_leafs == 0);
    }
    cuzk_update_config c;
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_32GIB_V1, false, NULL) == 0);
    CHECK(c.base_levels == 9 && c.challenge_bit_len == 30 && c.partition_bit_len == 4 && c.apex_leaf_bit_len == 7);
    uint64_t hs = 0;
    CHECK(cuzk_update_h_select(&c, 10, &hs, NULL) == 0 && hs == 8);
    cuzk_err err = { 0 };
    CHECK(cuzk_update_h_select(&c, 13, &hs, &err) != 0 && strstr(err.msg, "h = 13"));
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE__COUNT, false, &err) != 0);
    CHECK(cuzk_update_config_from_nodes(&c, 4096, false, &err) != 0 && strstr(err.msg, "4096"));
    CHECK(cuzk_update_proof_name(5) == NULL && cuzk_update_proof_from_name("StackedDrg4KiBV1") == -1);
}

/* The official .params and .vk names, with the sector size beside them. */
static void test_param_names(void)
{
    char *doc = golden_read("fil_proofs/parameters.json");
    CHECK(doc != NULL);
    if (!doc) return;
    for (int i = 0; i < CUZK_UPDATE__COUNT; i++)
        for (int pos = 0; pos < 2; pos++) {
            cuzk_update_config c;
            CHECK(cuzk_update_config_init(&c, (cuzk_update_proof)i, pos, NULL) == 0);
            char name[160], key[200];
            CHECK(cuzk_update_param_name(&c, name, sizeof name, NULL) == 0);
            /* the Poseidon variant is published for 32 and 64 GiB only */
            const bool published = !pos || i >= CUZK_UPDATE_32GIB_V1;
            for (int ext = 0; ext < 2; ext++) {
                snprintf(key, sizeof key, "\"%s.%s\": {", name, ext ? "vk" : "params");
                const char *at = strstr(doc, key);
                CHECK_MSG(published == (at != NULL), "parameters.json: %s", key);
                if (!at) continue;
                char size[64];
                snprintf(size, sizeof size, "\"sector_size\": %llu", (unsigned long long)c.sector_size);
                const char *s = strstr(at, size), *end = strchr(at, '}');
                CHECK_MSG(s && s < end, "%s: sector_size", key);
            }
        }
    cuzk_update_config c;
    char small[16];
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    CHECK(cuzk_update_param_name(&c, small, sizeof small, NULL) != 0);
    free(doc);
}

static void test_counts(void)
{
    char *doc = golden_read("fil_proofs/constraint_counts.json");
    CHECK(doc != NULL);
    if (!doc) return;
    static const struct {
        const char *file, *test;
        uint64_t nodes;
        bool poseidon;
    } T[] = {
        { "storage-proofs-update/tests/circuit.rs (feature isolated-testing)", "test_empty_sector_update_circuit_1kib", 32, false },
        { "storage-proofs-update/tests/circuit.rs (feature isolated-testing)", "test_empty_sector_update_circuit_2kib", 64, false },
        { "storage-proofs-update/tests/circuit.rs (feature isolated-testing)", "test_empty_sector_update_circuit_4kib", 128, false },
        { "storage-proofs-update/tests/circuit.rs (feature isolated-testing)", "test_empty_sector_update_circuit_8kib", 256, false },
        { "storage-proofs-update/tests/circuit.rs (feature isolated-testing)", "test_empty_sector_update_circuit_16kib", 512, false },
        { "storage-proofs-update/tests/circuit.rs (feature isolated-testing)", "test_empty_sector_update_circuit_32kib", 1024, false },
        { "storage-proofs-update/tests/circuit_poseidon.rs", "test_empty_sector_update_circuit_1kib", 32, true },
        { "storage-proofs-update/tests/circuit_poseidon.rs", "test_empty_sector_update_circuit_8kib", 256, true },
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        const long want = update_golden_count(doc, T[i].file, T[i].test);
        CHECK_MSG(want > 0, "constraint_counts.json: %s %s missing", T[i].file, T[i].test);
        cuzk_update_config c;
        cuzk_err err = { 0 };
        CHECK(cuzk_update_config_from_nodes(&c, T[i].nodes, T[i].poseidon, NULL) == 0);
        cuzk_cs_stats st = { 0 };
        CHECK_MSG(update_count(&c, &st, &err) == 0, "%s", err.msg);
        CHECK_MSG((long)(st.constraints - st.inputs) == want && st.inputs == 5,
                  "%s %s: %llu constraints + %llu inputs, want %ld + 5", T[i].file, T[i].test,
                  (unsigned long long)(st.constraints - st.inputs), (unsigned long long)st.inputs, want);
    }
    /* the 2 KiB count the issue names */
    CHECK(update_golden_count(doc, "storage-proofs-update/tests/circuit.rs (feature isolated-testing)",
                              "test_empty_sector_update_circuit_2kib") == 1705039);
    free(doc);
    /* a changed config is refused */
    cuzk_update_config c;
    cuzk_update_circuit *uc = NULL;
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    c.challenges = 9;
    CHECK(cuzk_update_circuit_new_blank(&uc, &c, NULL) != 0 && uc == NULL);
}

static void test_public_inputs(void)
{
    cuzk_update_config c;
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_32GIB_V1, false, NULL) == 0);
    uint8_t r_old[32] = { 1 }, d_new[32] = { 2 }, r_new[32] = { 3 };
    cuzk_fr in[CUZK_UPDATE_PUBLIC_INPUTS], want;
    CHECK(cuzk_update_public_input_count(&c) == 4);
    CHECK(cuzk_update_public_inputs(in, &c, 3, 10, r_old, d_new, r_new, NULL) == 0);
    cuzk_fr_from_u64(&want, 131);
    CHECK(cuzk_fr_eq(&in[0], &want));
    cuzk_fr_from_u64(&want, 1);
    CHECK(cuzk_fr_eq(&in[1], &want));
    cuzk_fr_from_u64(&want, 2);
    CHECK(cuzk_fr_eq(&in[2], &want));
    cuzk_fr_from_u64(&want, 3);
    CHECK(cuzk_fr_eq(&in[3], &want));
    cuzk_err err = { 0 };
    CHECK(cuzk_update_public_inputs(in, &c, 16, 10, r_old, d_new, r_new, &err) != 0 && strstr(err.msg, "partition"));
    d_new[31] = 0x40; /* not an Fr32 value */
    CHECK(cuzk_update_public_inputs(in, &c, 3, 10, r_old, d_new, r_new, &err) == CUZK_ERR_NOT_CANONICAL &&
          strstr(err.msg, "comm_d_new"));
    memset(r_new, 0xff, 32);
    d_new[31] = 0;
    CHECK(cuzk_update_public_inputs(in, &c, 3, 10, r_old, d_new, r_new, &err) == CUZK_ERR_NOT_CANONICAL &&
          strstr(err.msg, "comm_r_new"));
    /* 2 KiB: hs = [1; 6], h = 1 selects bit 0; the Poseidon variant puts h_select alone */
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    memset(r_new, 0, 32);
    CHECK(cuzk_update_public_inputs(in, &c, 0, 1, r_old, d_new, r_new, NULL) == 0);
    cuzk_fr_from_u64(&want, 1);
    CHECK(cuzk_fr_eq(&in[0], &want));
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_64GIB_V1, true, NULL) == 0);
    CHECK(cuzk_update_public_inputs(in, &c, 0, 10, r_old, d_new, r_new, NULL) == 0);
    cuzk_fr_from_u64(&want, 8);
    CHECK(cuzk_fr_eq(&in[0], &want));
}

/* rand_xorshift's XorShiftRng and blstrs' Scalar::random (4 u64 LE, top bit
 * masked, rejected when >= r). */
static uint32_t xs[4];
static uint32_t xs_u32(void)
{
    const uint32_t t = xs[0] ^ (xs[0] << 11);
    xs[0] = xs[1], xs[1] = xs[2], xs[2] = xs[3];
    xs[3] = xs[3] ^ (xs[3] >> 19) ^ (t ^ (t >> 8));
    return xs[3];
}
static uint64_t xs_u64(void)
{
    const uint64_t lo = xs_u32();
    return (uint64_t)xs_u32() << 32 | lo;
}

static void test_challenges(void)
{
    static const uint8_t seed[16] = { 0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d,
                                      0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5 };
    for (int i = 0; i < 4; i++)
        xs[i] = (uint32_t)seed[4 * i] | (uint32_t)seed[4 * i + 1] << 8 | (uint32_t)seed[4 * i + 2] << 16 |
                (uint32_t)seed[4 * i + 3] << 24;
    cuzk_fr comm_r_new;
    for (;;) {
        uint8_t b[32];
        for (int i = 0; i < 4; i++) {
            uint64_t w = xs_u64();
            if (i == 3) w &= UINT64_MAX >> 1;
            for (int j = 0; j < 8; j++) b[8 * i + j] = (uint8_t)(w >> (8 * j));
        }
        if (cuzk_fr_from_bytes_le(&comm_r_new, b, NULL) == 0) break;
    }
    static const struct {
        uint64_t nodes;
        uint32_t k, c[5];
    } T[] = {
        { 1 << 5, 0, { 21, 7, 3, 31, 0 } },
        { 1 << 6, 0, { 53, 51, 56, 3, 0 } },
        { 1 << 7, 0, { 117, 25, 62, 0, 72 } },
        { 1 << 8, 0, { 245, 140, 15, 128, 28 } },
        { 1 << 9, 0, { 245, 140, 15, 128, 28 } },
        { 1 << 9, 1, { 286, 308, 493, 510, 508 } },
        { 1 << 10, 0, { 245, 454, 3, 400, 193 } },
        { 1 << 10, 1, { 542, 666, 955, 927, 911 } },
        { 1 << 18, 0, { 36085, 32783, 44060, 10950, 3731 } },
        { 1 << 18, 1, { 78878, 130797, 112892, 93994, 78379 } },
        { 1 << 19, 0, { 101621, 16391, 109319, 25944, 41193 } },
        { 1 << 19, 1, { 209950, 163702, 175679, 224741, 197410 } },
        { 1 << 24, 0, { 1019125, 116736, 706220, 59698, 799498 } },
        { 1 << 24, 1, { 2092548, 1213276, 1185483, 1164598, 1095197 } },
        { 1 << 24, 14, { 15212432, 15665918, 15015423, 15012912, 15495223 } },
        { 1 << 24, 15, { 16388544, 15794686, 16637142, 16319148, 16328348 } },
        { UINT64_C(1) << 30, 0, { 1019125, 27985696, 15282860, 11586600, 44651330 } },
        { UINT64_C(1) << 30, 1, { 109168525, 127316247, 80331041, 97065716, 72310052 } },
        { UINT64_C(1) << 30, 14, { 990420169, 955146989, 968005601, 976863263, 944650706 } },
        { UINT64_C(1) << 30, 15, { 1038629497, 1053983614, 1030421316, 1027373887, 1068685433 } },
        { UINT64_C(1) << 31, 0, { 1019125, 13992848, 3820715, 18225541, 57316660 } },
        { UINT64_C(1) << 31, 1, { 243386253, 197875851, 204632136, 171516766, 247789010 } },
        { UINT64_C(1) << 31, 14, { 1997053129, 1920414070, 2003609080, 1900492803, 1963254685 } },
        { UINT64_C(1) << 31, 15, { 2045262457, 2036941247, 2136653521, 2091356007, 2147167623 } },
    };
    cuzk_poseidon_constants *c2 = NULL;
    CHECK(cuzk_poseidon_constants_new(&c2, 2, CUZK_POSEIDON_STANDARD, NULL) == 0);
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        cuzk_update_config c;
        CHECK(cuzk_update_config_from_nodes(&c, T[i].nodes, false, NULL) == 0);
        uint32_t ch[CUZK_UPDATE_MAX_CHALLENGES];
        CHECK(cuzk_update_challenges(ch, &c, c2, &comm_r_new, T[i].k, NULL) == 0);
        CHECK_MSG(memcmp(ch, T[i].c, sizeof T[i].c) == 0, "challenges of %llu nodes, partition %u: %u %u %u %u %u",
                  (unsigned long long)T[i].nodes, T[i].k, ch[0], ch[1], ch[2], ch[3], ch[4]);
        /* test_challenge_bucketing: every challenge lies in partition k */
        bool inside = true;
        for (uint32_t j = 0; j < c.challenges; j++)
            inside = inside && (ch[j] >> (c.challenge_bit_len - c.partition_bit_len)) == T[i].k;
        CHECK(inside);
    }
    cuzk_update_config c;
    uint32_t ch[16];
    CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    CHECK(cuzk_update_challenges(ch, &c, c2, &comm_r_new, 1, NULL) != 0);
    cuzk_poseidon_constants_free(c2);
}

int main(void)
{
    test_configs();
    test_param_names();
    test_public_inputs();
    test_challenges();
    test_counts();
    return test_finish("test_update_counts");
}
