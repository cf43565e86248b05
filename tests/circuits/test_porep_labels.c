/* SDR labels (rust_fil_proofs_kat.json: last label of layer 11, 2 KiB and
 * 4 KiB, V1_0 / V1_1 / V1_2), challenges (synthetic hard-coded vectors),
 * replica_id, Fr32 padding and validity. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"

static void limbs_to_bytes(uint8_t out[32], const uint64_t l[4])
{
    for (int i = 0; i < 32; i++) out[i] = (uint8_t)(l[i / 8] >> (8 * (i % 8)));
}

static void label_kat(uint64_t nodes, cuzk_porep_api api, uint8_t porep_byte, const uint64_t want_limbs[4])
{
    uint8_t porep_id[32], rid[32], want[32];
    memset(porep_id, porep_byte, 32);
    memset(rid, 9, 32);
    limbs_to_bytes(want, want_limbs);
    cuzk_porep_graph g;
    CHECK(cuzk_porep_graph_init(&g, nodes, api, porep_id, NULL) == 0);
    uint8_t *labels = malloc(11 * nodes * 32);
    uint32_t *cache = malloc(nodes * CUZK_POREP_PARENTS * 4);
    CHECK(cuzk_porep_graph_parent_cache(&g, cache, NULL, NULL) == 0);
    CHECK(cuzk_porep_labels(labels, &g, cache, 11, rid, NULL) == 0);
    CHECK_MEM(labels + (10 * nodes + nodes - 1) * 32, want, 32);
    /* Without a cache: the same labels. */
    uint8_t *again = malloc(11 * nodes * 32);
    CHECK(cuzk_porep_labels(again, &g, NULL, 11, rid, NULL) == 0);
    CHECK_MEM(again, labels, 11 * nodes * 32);
    /* A different replica_id changes it. */
    rid[0] = 8;
    CHECK(cuzk_porep_labels(again, &g, cache, 11, rid, NULL) == 0);
    CHECK(memcmp(again + (10 * nodes + nodes - 1) * 32, want, 32) != 0);
    free(again);
    free(cache);
    free(labels);
}

int main(void)
{
    static const uint64_t L2_V10[4] = {0xd3faa96b9a0fba04ull, 0xea81a283d106485eull, 0xe3d51b9afa5ac2b3ull,
                                       0x0462f4f4f1a68d37ull};
    static const uint64_t L4_V10[4] = {0x7e191e52c4a8da86ull, 0x5ae8a1c9e6fac148ull, 0xce239f3b88a894b8ull,
                                       0x234c00d1dc1d53beull};
    static const uint64_t L2_V11[4] = {0xabb3f38bb70defcfull, 0x777a2e4d7769119full, 0x3448959d495490bcull,
                                       0x06021188c7a71cb5ull};
    static const uint64_t L4_V11[4] = {0x22ab81cf68c4676dull, 0x7a77a82fc7c9c189ull, 0xc6c03d32c1e42d23ull,
                                       0x0f777c18cc2c55bdull};
    label_kat(64, CUZK_POREP_API_V1_0_0, 0, L2_V10);
    label_kat(128, CUZK_POREP_API_V1_0_0, 0, L4_V10);
    label_kat(64, CUZK_POREP_API_V1_1_0, 123, L2_V11);
    label_kat(128, CUZK_POREP_API_V1_1_0, 123, L4_V11);
    label_kat(64, CUZK_POREP_API_V1_2_0, 123, L2_V11);
    label_kat(128, CUZK_POREP_API_V1_2_0, 123, L4_V11);

    /* Synthetic challenges: challenges.rs test_synth_challenges_against_hardcoded. */
    {
        static const uint64_t synth[21] = {178, 297, 869, 211, 875, 477, 94, 781, 124, 332, 856,
                                           801, 176, 692, 429, 691, 290, 204, 986, 210, 973};
        static const uint64_t porep[10] = {176, 781, 801, 986, 290, 211, 692, 856, 986, 332};
        uint8_t rid[32] = {55}, comm_r[32] = {101}, rand[32];
        memset(rand, 1, 32);
        uint64_t got[21], idx[10];
        CHECK(cuzk_porep_synth_challenges(got, 1024, rid, comm_r, 0, 21, NULL) == 0);
        for (int i = 0; i < 21; i++) CHECK_MSG(got[i] == synth[i], "synth %d: %llu", i, (unsigned long long)got[i]);
        CHECK(cuzk_porep_synth_select(idx, 21, rid, rand, 10, 0, NULL) == 0);
        for (int i = 0; i < 10; i++) CHECK_MSG(synth[idx[i]] == porep[i], "porep %d", i);
        /* Partition split: partition 1 of 5 = indexes 5..9 of one partition of 10. */
        uint64_t part[5];
        CHECK(cuzk_porep_synth_select(part, 21, rid, rand, 5, 1, NULL) == 0);
        CHECK_MEM(part, idx + 5, sizeof part);
        CHECK(cuzk_porep_synth_count(1024) == 1024 && cuzk_porep_synth_count(1ull << 30) == (1ull << 18));
    }
    /* Interactive / NI: partition split equivalence, range, and determinism. */
    {
        uint8_t rid[32], seed[32], comm_r[32];
        memset(rid, 3, 32); memset(seed, 4, 32); memset(comm_r, 5, 32);
        uint64_t all[36], part[18];
        CHECK(cuzk_porep_challenges_interactive(all, 1ull << 30, rid, seed, 36, 0, NULL) == 0);
        CHECK(cuzk_porep_challenges_interactive(part, 1ull << 30, rid, seed, 18, 1, NULL) == 0);
        CHECK_MEM(part, all + 18, sizeof part);
        int ok = 1;
        for (int i = 0; i < 36; i++) ok &= all[i] >= 1 && all[i] < (1ull << 30);
        CHECK(ok);
        CHECK(cuzk_porep_challenges_ni(all, 64, rid, comm_r, 26, 0, NULL) == 0);
        CHECK(cuzk_porep_challenges_ni(part, 64, rid, comm_r, 2, 12, NULL) == 0);
        CHECK_MEM(part, all + 24, 2 * sizeof *part);
        CHECK(cuzk_porep_challenges_interactive(all, 1, rid, seed, 2, 0, NULL) != 0);
        cuzk_porep_config cfg;
        CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
        CHECK(cuzk_porep_challenges(part, &cfg, rid, comm_r, seed, 1, NULL) != 0); /* one partition only */
    }
    /* Fr32. */
    {
        uint8_t in[68], out[69], want[69];
        CHECK(test_unhex(in, sizeof in, "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1fff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1fff090909ff") == 68);
        CHECK(test_unhex(want, sizeof want, "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f3f07080c1014181c2024282c3034383c4044484c5054585c6064686c7074787c3c9f9090f00f") == 69);
        CHECK(cuzk_fr32_padded_len(68) == 69);
        cuzk_fr32_pad(out, in, 68);
        CHECK_MEM(out, want, 69);
        uint8_t b[32];
        test_unhex(b, 32, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff73");
        CHECK(!cuzk_fr32_is_valid(b));
        test_unhex(b, 32, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff72");
        CHECK(cuzk_fr32_is_valid(b));
        test_unhex(b, 32, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed73");
        CHECK(!cuzk_fr32_is_valid(b));
        test_unhex(b, 32, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec73");
        CHECK(cuzk_fr32_is_valid(b));
    }
    /* replica_id: top two bits cleared, depends on every input. */
    {
        uint8_t p[32] = {1}, t[32] = {2}, d[32] = {3}, id[32] = {5}, r1[32], r2[32];
        cuzk_porep_replica_id(r1, p, 7, t, d, id);
        CHECK((r1[31] & 0xc0) == 0 && cuzk_fr32_is_valid(r1));
        cuzk_porep_replica_id(r2, p, 8, t, d, id);
        CHECK(memcmp(r1, r2, 32) != 0);
    }
    return test_finish("test_porep_labels");
}
