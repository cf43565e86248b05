/* Native Poseidon against neptune's known answers (tests/data/poseidon) and
 * rust-fil-proofs' Poseidon hasher answers (fil_proofs/rust_fil_proofs_kat.json). */
#include "cuzk/poseidon.h"
#include "poseidon_golden.h"

static const uint32_t ARITIES[] = { 2, 4, 8, 11, 16, 24, 36 };
#define N_ARITIES (sizeof ARITIES / sizeof ARITIES[0])

/* neptune parameters/round_numbers.txt: every width 2..37 has R_F = 8 and our R_P. */
static void test_round_numbers(void)
{
    char *doc = golden_read("poseidon/round_numbers.txt");
    CHECK(doc != NULL);
    if (!doc)
        return;
    int seen = 0;
    for (const char *line = doc; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        unsigned t, rf, rp;
        if (line[0] == '#' || sscanf(line, "%u %u %u", &t, &rf, &rp) != 3 || t > 37)
            continue;
        CHECK_MSG(rf == CUZK_POSEIDON_FULL_ROUNDS && rp == cuzk_poseidon_partial_rounds(t, CUZK_POSEIDON_STANDARD),
                  "round_numbers.txt t=%u: R_F %u R_P %u, ours %u", t, rf, rp,
                  cuzk_poseidon_partial_rounds(t, CUZK_POSEIDON_STANDARD));
        seen++;
    }
    CHECK(seen == 36); /* t = 2..37 */
    /* neptune lib.rs test_strengthened_round_numbers: arity 1 -> 69, arity 3 -> 70 */
    CHECK(cuzk_poseidon_partial_rounds(2, CUZK_POSEIDON_STRENGTHENED) == 69);
    CHECK(cuzk_poseidon_partial_rounds(4, CUZK_POSEIDON_STRENGTHENED) == 70);
    CHECK(cuzk_poseidon_partial_rounds(1, CUZK_POSEIDON_STANDARD) == 0);
    CHECK(cuzk_poseidon_partial_rounds(38, CUZK_POSEIDON_STANDARD) == 0);
    free(doc);
}

/* poseidon/round_constants-1-1-255-9-8-57-...txt (create_rcs_grain.sage output),
 * checked value for value against our Grain generator and the t = 9 constants object. */
static void test_grain_width9(const cuzk_poseidon_constants *c8)
{
    char *doc = golden_read("poseidon/round_constants-1-1-255-9-8-57-"
                            "73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001.txt");
    CHECK(doc != NULL);
    if (!doc)
        return;
    const size_t n = 585;
    cuzk_fr *mine = calloc(n, sizeof *mine);
    CHECK(cuzk_poseidon_grain_constants(mine, 9, 8, 57) == 0);
    const char *p = strstr(doc, "['");
    size_t k = 0, bad = 0;
    while (p && (p = strstr(p, "'0x")) != NULL && k < n + 1) {
        p += 3;
        unsigned char be[32];
        char hex[65];
        memcpy(hex, p, 64);
        hex[64] = 0;
        cuzk_fr want;
        if (test_unhex(be, 32, hex) != 32 || cuzk_fr_from_bytes_be(&want, be, NULL) != 0) {
            bad++;
        } else if (k < n) {
            if (!cuzk_fr_eq(&want, &mine[k]) || !cuzk_fr_eq(&want, &c8->round_constants[k]))
                bad++;
        }
        k++;
        p += 64;
    }
    CHECK_MSG(k == n, "round_constants file: %zu constants (want 585)", k);
    CHECK_MSG(bad == 0, "round_constants file: %zu of 585 constants differ", bad);
    /* the file's first constant, as quoted in the golden README */
    uint8_t be[32];
    cuzk_fr_to_bytes_be(be, &mine[0]);
    CHECK(be[0] == 0x6c && be[1] == 0xe9 && be[30] == 0xc2 && be[31] == 0xf9);
    /* a negative: different R_P gives different constants */
    cuzk_fr *other = calloc((8 + 56) * 9, sizeof *other);
    CHECK(cuzk_poseidon_grain_constants(other, 9, 8, 56) == 0);
    CHECK(!cuzk_fr_eq(&other[0], &mine[0]));
    free(other);
    free(mine);
    free(doc);
}

static void check_vector(const char *doc, const char *name, const cuzk_fr *got)
{
    cuzk_fr want;
    bool found = golden_fr_after(golden_find_named(doc, "name", name), "repr_le_bytes_hex", &want);
    CHECK_MSG(found, "neptune_hash_values.json: vector %s missing", name);
    CHECK_MSG(found && cuzk_fr_eq(&want, got), "neptune_hash_values.json %s: digest differs", name);
}

/* neptune src/poseidon.rs tests::hash_values (MerkleTree and ConstantLength(4)). */
static void test_neptune_hash_values(cuzk_poseidon_constants *const *cs, cuzk_poseidon_constants *const *strong)
{
    char *doc = golden_read("poseidon/neptune_hash_values.json");
    CHECK(doc != NULL);
    if (!doc)
        return;
    for (size_t a = 0; a < N_ARITIES; a++) {
        const cuzk_poseidon_constants *c = cs[a];
        uint32_t arity = ARITIES[a];
        cuzk_fr in[CUZK_POSEIDON_MAX_ARITY], opt, ref, st[CUZK_POSEIDON_MAX_ARITY + 1];
        for (uint32_t i = 0; i < CUZK_POSEIDON_MAX_ARITY; i++)
            cuzk_fr_from_u64(&in[i], i);
        cuzk_poseidon_hash(c, &opt, in);
        st[0] = c->merkle_tag;
        memcpy(st + 1, in, arity * sizeof *in);
        cuzk_poseidon_permute_reference(c, st);
        ref = st[1];
        char name[96];
        snprintf(name, sizeof name, "merkle_Standard_arity%u", arity);
        check_vector(doc, name, &opt);
        check_vector(doc, name, &ref);

        cuzk_fr cl;
        CHECK(cuzk_poseidon_hash_constant_length(c, &cl, in, 4, NULL) == 0);
        snprintf(name, sizeof name, "constant_length4_sponge_Standard_arity%u", arity);
        check_vector(doc, name, &cl);

        /* Strengthened (R_P * 1.25): neptune's values at the golden commit */
        cuzk_poseidon_hash(strong[a], &opt, in);
        snprintf(name, sizeof name, "merkle_Strengthened_arity%u", arity);
        check_vector(doc, name, &opt);
    }
    /* domain tags (neptune hash_type.rs test_domain_tags) */
    cuzk_fr tag;
    CHECK(golden_fr_after(strstr(doc, "\"MerkleTree_arity8\""), "repr_le_bytes_hex", &tag));
    CHECK(cuzk_fr_eq(&tag, &cs[2]->merkle_tag));
    cuzk_fr four;
    cuzk_poseidon_tag_constant_length(&four, 4);
    uint8_t le[32];
    cuzk_fr_to_bytes_le(le, &four);
    CHECK(le[8] == 4 && le[0] == 0 && le[9] == 0);
    free(doc);
}

/* filecoin-hashers poseidon.rs test_poseidon_hasher and test_hash_md. */
static void test_fil_hasher(const cuzk_poseidon_constants *c2, const cuzk_poseidon_constants *c36)
{
    char *doc = golden_read("fil_proofs/rust_fil_proofs_kat.json");
    CHECK(doc != NULL);
    if (!doc)
        return;
    const char *v = golden_find_named(doc, "name", "poseidon_binary_merkle_tree_4_leaves");
    cuzk_fr node4, root;
    CHECK(golden_fr_after(v ? strstr(v, "expected_node4") : NULL, "repr_le_bytes_hex", &node4));
    CHECK(golden_fr_after(v ? strstr(v, "expected_root_node6") : NULL, "repr_le_bytes_hex", &root));
    cuzk_fr leaves[4], level[2], got;
    cuzk_fr_from_u64(&leaves[0], 1);
    cuzk_fr_from_u64(&leaves[1], 0);
    cuzk_fr_from_u64(&leaves[2], 0);
    cuzk_fr_from_u64(&leaves[3], 1);
    cuzk_poseidon_hash_many(c2, level, leaves, 2, NULL);
    cuzk_poseidon_hash(c2, &got, level);
    CHECK_MSG(cuzk_fr_eq(&level[0], &node4), "test_poseidon_hasher: H(1,0)");
    CHECK_MSG(cuzk_fr_eq(&got, &root), "test_poseidon_hasher: root");
    CHECK(!cuzk_fr_eq(&level[0], &level[1])); /* order matters */

    v = golden_find_named(doc, "name", "poseidon_hash_md_71_ones");
    cuzk_fr want, ones[71];
    CHECK(golden_fr_after(v ? strstr(v, "\"expected\"") : NULL, "repr_le_bytes_hex", &want));
    for (int i = 0; i < 71; i++)
        ones[i] = CUZK_FR_ONE;
    CHECK(cuzk_poseidon_hash_md(c36, &got, ones, 71, NULL) == 0);
    CHECK_MSG(cuzk_fr_eq(&got, &want), "test_hash_md: 71 ones");
    CHECK(cuzk_poseidon_hash_md(c36, &got, ones, 70, NULL) == 0); /* partial chunk, zero padded */
    CHECK(!cuzk_fr_eq(&got, &want));
    cuzk_err err;
    CHECK(cuzk_poseidon_hash_md(c36, &got, ones, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    free(doc);
}

/* Structure of the constants: M M^-1 = I, the optimised permutation equals the
 * reference one on random states (every arity we build), hash_many with a pool. */
static void test_structure(cuzk_poseidon_constants *const *cs)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 5);
    for (size_t a = 0; a < N_ARITIES; a++) {
        const cuzk_poseidon_constants *c = cs[a];
        const uint32_t t = c->width;
        bool ident = true;
        for (uint32_t i = 0; i < t && ident; i++)
            for (uint32_t j = 0; j < t; j++) {
                cuzk_fr acc = CUZK_FR_ZERO, x;
                for (uint32_t k = 0; k < t; k++) {
                    cuzk_fr_mul(&x, &c->mds[i * t + k], &c->mds_inv[k * t + j]);
                    cuzk_fr_add(&acc, &acc, &x);
                }
                if (!cuzk_fr_eq(&acc, i == j ? &CUZK_FR_ONE : &CUZK_FR_ZERO))
                    ident = false;
            }
        CHECK_MSG(ident, "arity %u: M * M^-1 != I", c->arity);
        for (int trial = 0; trial < 3; trial++) {
            cuzk_fr s1[CUZK_POSEIDON_MAX_ARITY + 1], s2[CUZK_POSEIDON_MAX_ARITY + 1];
            for (uint32_t i = 0; i < t; i++) {
                uint64_t raw[4] = { cuzk_rng_u64(&rng), cuzk_rng_u64(&rng), cuzk_rng_u64(&rng),
                                    cuzk_rng_u64(&rng) >> 2 };
                (void)cuzk_fr_from_raw(&s1[i], raw);
                s2[i] = s1[i];
            }
            cuzk_poseidon_permute(c, s1);
            cuzk_poseidon_permute_reference(c, s2);
            bool same = true;
            for (uint32_t i = 0; i < t; i++)
                same = same && cuzk_fr_eq(&s1[i], &s2[i]);
            CHECK_MSG(same, "arity %u: optimised permutation differs from the reference", c->arity);
        }
    }
    /* hash_many over a pool equals one-by-one hashing */
    const cuzk_poseidon_constants *c8 = cs[2];
    enum { N = 300 };
    cuzk_fr *in = calloc((size_t)N * 8, sizeof *in), *out = calloc(N, sizeof *out);
    for (size_t i = 0; i < (size_t)N * 8; i++)
        cuzk_fr_from_u64(&in[i], cuzk_rng_u64(&rng));
    cuzk_pool *pool = cuzk_pool_create(2);
    cuzk_poseidon_hash_many(c8, out, in, N, pool);
    size_t bad = 0;
    for (size_t i = 0; i < N; i++) {
        cuzk_fr one;
        cuzk_poseidon_hash(c8, &one, in + i * 8);
        bad += !cuzk_fr_eq(&one, &out[i]);
    }
    CHECK(bad == 0);
    cuzk_pool_destroy(pool);
    free(in);
    free(out);
}

static void test_errors(void)
{
    cuzk_poseidon_constants *c = NULL;
    cuzk_err err;
    CHECK(cuzk_poseidon_constants_new(&c, 0, CUZK_POSEIDON_STANDARD, &err) == CUZK_ERR_INVALID_ARGUMENT && !c);
    CHECK(cuzk_poseidon_constants_new(&c, 37, CUZK_POSEIDON_STANDARD, &err) == CUZK_ERR_INVALID_ARGUMENT && !c);
    CHECK(cuzk_poseidon_constants_new(&c, 2, (cuzk_poseidon_strength)7, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_poseidon_grain_constants(NULL, 1, 8, 55) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_poseidon_set set;
    const uint32_t bad[] = { 2, 40 };
    CHECK(cuzk_poseidon_set_init(&set, bad, 2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(set.by_arity[2] == NULL); /* freed on failure */
    const uint32_t good[] = { 2, 8, 2 };
    CHECK(cuzk_poseidon_set_init(&set, good, 3, &err) == 0);
    CHECK(cuzk_poseidon_set_get(&set, 2) && cuzk_poseidon_set_get(&set, 8) && !cuzk_poseidon_set_get(&set, 4));
    CHECK(cuzk_poseidon_set_get(&set, 8)->partial_rounds == 57);
    cuzk_fr x = CUZK_FR_ONE, y;
    CHECK(cuzk_poseidon_hash_constant_length(cuzk_poseidon_set_get(&set, 2), &y, &x, 0, &err) ==
          CUZK_ERR_INVALID_ARGUMENT);
    cuzk_poseidon_set_free(&set);
}

int main(void)
{
    cuzk_poseidon_constants *cs[N_ARITIES], *strong[N_ARITIES];
    for (size_t a = 0; a < N_ARITIES; a++) {
        CHECK(cuzk_poseidon_constants_new(&cs[a], ARITIES[a], CUZK_POSEIDON_STANDARD, NULL) == 0);
        CHECK(cuzk_poseidon_constants_new(&strong[a], ARITIES[a], CUZK_POSEIDON_STRENGTHENED, NULL) == 0);
        CHECK(cs[a]->partial_rounds * 5 <= strong[a]->partial_rounds * 4);
    }
    test_round_numbers();
    test_grain_width9(cs[2]);
    test_neptune_hash_values(cs, strong);
    test_fil_hasher(cs[0], cs[N_ARITIES - 1]);
    test_structure(cs);
    test_errors();
    for (size_t a = 0; a < N_ARITIES; a++) {
        cuzk_poseidon_constants_free(cs[a]);
        cuzk_poseidon_constants_free(strong[a]);
    }
    return test_finish("gadgets/poseidon");
}
