/* The SnapDeals PartitionProof bincode (storage_proofs_update::vanilla::PartitionProof in bincode 1.x): synthetic
 * proofs of the three ProofData kinds (2 KiB Single, 32 GiB Sub, 64 GiB Top)
 * and of the Poseidon variant's layout (no apex_leafs) write, read back and
 * write to the same bytes, with the enum tag and the u64 lengths where
 * bincode puts them; malformed inputs (every truncation,
 * huge lengths, bad enum tags, wrong counts and shapes, trailing bytes,
 * non-canonical values) are refused with a message naming the field. */
#include "test.h"
#include "cuzk/update.h"

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* A synthetic partition proof of cfg and its bytes. */
static uint8_t *proof_bytes(const cuzk_update_config *cfg, uint32_t k, size_t *n, cuzk_update_partition_proof *out)
{
    cuzk_update_replica *u = NULL;
    cuzk_update_partition_proof p;
    cuzk_err err = { 0 };
    uint8_t *b = NULL;
    CHECK_MSG(cuzk_update_synth(&u, cfg, cfg->h, 11, &err) == 0, "%s", err.msg);
    if (!u) return NULL;
    CHECK(cuzk_update_replica_prove(u, k, &p, &err) == 0);
    CHECK(cuzk_update_proof_write(&p, &b, n, &err) == 0);
    cuzk_update_replica_free(u);
    if (out) *out = p;
    else cuzk_update_partition_proof_free(&p);
    return b;
}

/* Expects a refusal with `code` (0: any) whose message holds `field`. */
static void refused(const uint8_t *b, size_t n, const cuzk_update_config *cfg, int code, const char *field,
                    const char *what)
{
    cuzk_update_partition_proof p;
    cuzk_err err = { 0 };
    int rc = cuzk_update_proof_read(&p, b, n, cfg, &err);
    CHECK_MSG(rc != 0 && (code == 0 || rc == code) && strstr(err.msg, field) && p.challenges == NULL,
              "%s: rc %d (want %d), message \"%s\" should name %s", what, rc, code, err.msg, field);
}

static void test_round_trips(void)
{
    static const struct {
        cuzk_update_proof proof;
        uint32_t tag, levels;
    } T[] = { { CUZK_UPDATE_2KIB_V1, 0, 2 }, { CUZK_UPDATE_32GIB_V1, 1, 9 }, { CUZK_UPDATE_64GIB_V1, 2, 9 } };
    for (size_t i = 0; i < 3; i++) {
        cuzk_update_config cfg;
        CHECK(cuzk_update_config_init(&cfg, T[i].proof, false, NULL) == 0);
        size_t n = 0;
        cuzk_update_partition_proof orig;
        uint8_t *b = proof_bytes(&cfg, cfg.partitions - 1, &n, &orig);
        if (!b) continue;
        /* layout: comm_c, apex_leafs (u64 count), challenge_proofs (u64 count), then
         * challenge 0's proof_r_old: u32 tag, and the base path's u64 length first
         * (Sub, Top) or after root and leaf (Single) */
        CHECK(get64(b + 32) == cfg.apex_leafs);
        const size_t ch = 32 + 8 + 32 * (size_t)cfg.apex_leafs;
        CHECK(get64(b + ch) == cfg.challenges);
        CHECK(b[ch + 8] == T[i].tag && b[ch + 9] == 0 && b[ch + 10] == 0 && b[ch + 11] == 0);
        CHECK(get64(b + ch + 12 + (T[i].tag == 0 ? 64 : 0)) == T[i].levels);
        CHECK(memcmp(b, orig.comm_c, 32) == 0);
        cuzk_update_partition_proof p;
        cuzk_err err = { 0 };
        CHECK_MSG(cuzk_update_proof_read(&p, b, n, &cfg, &err) == 0, "%s", err.msg);
        CHECK(p.n_challenges == cfg.challenges && p.n_apex_leafs == cfg.apex_leafs);
        CHECK(p.n_challenges && memcmp(p.challenges, orig.challenges, cfg.challenges * sizeof *p.challenges) == 0);
        uint8_t *b2 = NULL;
        size_t n2 = 0;
        CHECK(cuzk_update_proof_write(&p, &b2, &n2, NULL) == 0 && n2 == n && memcmp(b, b2, n) == 0);
        /* read with another size's config: the path shapes are named */
        cuzk_update_config other;
        CHECK(cuzk_update_config_init(&other, i == 0 ? CUZK_UPDATE_8MIB_V1 : CUZK_UPDATE_512MIB_V1, false, NULL) == 0);
        refused(b, n, &other, CUZK_ERR_INVALID_ARGUMENT, i == 0 ? "apex_leafs" : "challenge_proofs[0].proof_r_old", "other size");
        free(b2);
        free(b);
        cuzk_update_partition_proof_free(&p);
        cuzk_update_partition_proof_free(&orig);
    }
}

/* The Poseidon variant's PartitionProof: comm_c then challenge_proofs. */
static void test_poseidon_layout(void)
{
    cuzk_update_config cfg, std;
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, true, NULL) == 0);
    CHECK(cuzk_update_config_init(&std, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    size_t n = 0;
    uint8_t *b = proof_bytes(&cfg, 0, &n, NULL);
    if (!b) return;
    CHECK(get64(b + 32) == cfg.challenges && b[40] == 0); /* then challenge 0's proof_r_old tag: Single */
    cuzk_update_partition_proof p;
    cuzk_err err = { 0 };
    CHECK_MSG(cuzk_update_proof_read(&p, b, n, &cfg, &err) == 0, "%s", err.msg);
    CHECK(p.poseidon && p.n_apex_leafs == 0 && p.n_challenges == cfg.challenges);
    uint8_t *b2 = NULL;
    size_t n2 = 0;
    CHECK(cuzk_update_proof_write(&p, &b2, &n2, NULL) == 0 && n2 == n && memcmp(b, b2, n) == 0);
    free(b2);
    /* the standard layout reads the challenge count as apex_leafs' length */
    refused(b, n, &std, 0, "update proof: ", "Poseidon bytes as the standard layout");
    /* a standard proof checked against the Poseidon config */
    p.poseidon = false;
    CHECK(cuzk_update_partition_proof_check(&p, &cfg, &err) == CUZK_ERR_INVALID_ARGUMENT &&
          strstr(err.msg, "standard PartitionProof for a Poseidon-variant config"));
    cuzk_update_partition_proof_free(&p);
    free(b);
}

static void test_malformed(void)
{
    cuzk_update_config cfg;
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    size_t n = 0;
    uint8_t *b = proof_bytes(&cfg, 0, &n, NULL);
    if (!b) return;
    uint8_t *m = malloc(n + 64);
    const size_t apex = 32, chs = 32 + 8 + 32 * 8, c0 = chs + 8;
    /* one challenge proof's bytes: three Single proofs */
    const size_t single_r = 4 + 64 + 8 + 2 * (8 + 7 * 32 + 8), single_d = 4 + 64 + 8 + 6 * (8 + 32 + 8);
    const size_t cp_len = 2 * single_r + single_d;
    CHECK(n == c0 + 10 * cp_len);

    /* every truncation is refused, and names a field */
    size_t bad = 0;
    for (size_t cut = 0; cut < n; cut++) {
        cuzk_update_partition_proof p;
        cuzk_err err = { 0 };
        int rc = cuzk_update_proof_read(&p, b, cut, NULL, &err);
        if (!(rc == CUZK_ERR_TRUNCATED || rc == CUZK_ERR_TOO_LARGE) || !strstr(err.msg, "update proof: ") ||
            p.challenges)
            bad++;
    }
    CHECK_MSG(bad == 0, "%zu truncations not refused as truncated", bad);
    refused(b, 20, NULL, CUZK_ERR_TRUNCATED, "comm_c", "truncated comm_c");
    refused(b, apex + 8 + 100, NULL, CUZK_ERR_TOO_LARGE, "apex_leafs", "truncated apex leaves");
    refused(b, c0 + 3 * cp_len + single_r + 70, NULL, 0, "challenge_proofs[3].proof_d_new.Single.path",
            "truncated challenge 3");
    refused(b, c0 + 5 * cp_len + 2, NULL, CUZK_ERR_TRUNCATED, "challenge_proofs[5].proof_r_old.data", "cut tag");

    /* huge lengths: refused before any allocation */
    memcpy(m, b, n);
    put64(m + apex, UINT64_C(1) << 60);
    refused(m, n, NULL, CUZK_ERR_TOO_LARGE, "apex_leafs: length 1152921504606846976", "huge apex_leafs");
    memcpy(m, b, n);
    put64(m + chs, UINT64_MAX);
    refused(m, n, NULL, CUZK_ERR_TOO_LARGE, "challenge_proofs: length", "huge challenge_proofs");
    memcpy(m, b, n);
    put64(m + c0 + 4 + 64, UINT64_C(1) << 40); /* challenge 0's tree-R path length */
    refused(m, n, NULL, CUZK_ERR_TOO_LARGE, "challenge_proofs[0].proof_r_old.Single.path", "huge path");
    memcpy(m, b, n);
    put64(m + c0 + 4 + 64 + 8, 1000); /* its first element's hash count */
    refused(m, n, NULL, CUZK_ERR_TOO_LARGE, "challenge_proofs[0].proof_r_old.Single.path[0].hashes", "huge hashes");
    memcpy(m, b, n);
    put64(m + apex, 129); /* more apex leaves than any sector has, within the bytes */
    refused(m, n, NULL, CUZK_ERR_TOO_LARGE, "apex_leafs", "129 apex leaves");

    /* bad enum tags */
    memcpy(m, b, n);
    m[c0] = 3;
    refused(m, n, NULL, CUZK_ERR_PARSE, "challenge_proofs[0].proof_r_old.data: enum tag 3", "tag 3");
    memcpy(m, b, n);
    m[c0 + 4 * cp_len + single_r + 3] = 0x80;
    refused(m, n, NULL, CUZK_ERR_PARSE, "challenge_proofs[4].proof_d_new.data: enum tag", "tag 2^31");
    memcpy(m, b, n);
    m[c0] = 1; /* Sub where Single was written: the bytes no longer parse as a path */
    refused(m, n, NULL, 0, "challenge_proofs[0].proof_r_old.Sub", "Single read as Sub");

    /* path element shapes */
    memcpy(m, b, n);
    put64(m + c0 + 4 + 64 + 8, 2); /* two hashes: arity 3 */
    refused(m, n, NULL, CUZK_ERR_PARSE, "challenge_proofs[0].proof_r_old.Single.path[0].hashes: 2 hashes", "arity 3");
    memcpy(m, b, n);
    put64(m + c0 + 4 + 64 + 8 + 8 + 7 * 32, 8); /* index 8 of arity 8 */
    refused(m, n, NULL, CUZK_ERR_PARSE, "challenge_proofs[0].proof_r_old.Single.path[0].index", "index 8");

    /* wrong counts, read with the config */
    cuzk_update_partition_proof p;
    cuzk_err err = { 0 };
    CHECK(cuzk_update_proof_read(&p, b, n, &cfg, &err) == 0);
    uint8_t *w = NULL;
    size_t wn = 0;
    p.n_apex_leafs = 7;
    CHECK(cuzk_update_proof_write(&p, &w, &wn, NULL) == 0);
    refused(w, wn, &cfg, CUZK_ERR_INVALID_ARGUMENT, "apex_leafs: 7 entries", "7 apex leaves");
    cuzk_update_partition_proof_free(&p);
    free(w);
    CHECK(cuzk_update_proof_read(&p, b, n, &cfg, &err) == 0);
    p.n_challenges = 9;
    CHECK(cuzk_update_proof_write(&p, &w, &wn, NULL) == 0);
    refused(w, wn, &cfg, CUZK_ERR_INVALID_ARGUMENT, "challenge_proofs: 9 entries", "9 challenges");
    p.n_challenges = 10;
    free(w);
    p.challenges[6].d_new.base_levels = 5; /* a tree-D path one level short */
    CHECK(cuzk_update_proof_write(&p, &w, &wn, NULL) == 0);
    refused(w, wn, &cfg, CUZK_ERR_INVALID_ARGUMENT, "challenge_proofs[6].proof_d_new", "short tree-D path");
    free(w);
    cuzk_update_partition_proof_free(&p);

    /* trailing bytes, non-canonical values */
    memcpy(m, b, n);
    m[n] = 0;
    refused(m, n + 1, NULL, CUZK_ERR_PARSE, "1 bytes after challenge_proofs", "trailing byte");
    memcpy(m, b, n);
    memset(m, 0xff, 32);
    CHECK(cuzk_update_proof_read(&p, m, n, NULL, NULL) == 0); /* raw bytes without a config */
    cuzk_update_partition_proof_free(&p);
    refused(m, n, &cfg, CUZK_ERR_NOT_CANONICAL, "comm_c", "comm_c >= r");
    memcpy(m, b, n);
    memset(m + apex + 8 + 32 * 2, 0xff, 32);
    refused(m, n, &cfg, CUZK_ERR_NOT_CANONICAL, "apex_leafs[2]", "apex leaf >= r");
    memcpy(m, b, n);
    memset(m + c0 + 4, 0xff, 32); /* challenge 0's tree-R old root */
    refused(m, n, &cfg, CUZK_ERR_NOT_CANONICAL, "challenge_proofs[0].proof_r_old", "root >= r");
    refused(NULL, 0, NULL, CUZK_ERR_TRUNCATED, "comm_c", "empty input");
    free(m);
    free(b);
}

int main(void)
{
    test_round_trips();
    test_poseidon_layout();
    test_malformed();
    return test_finish("test_update_bincode");
}
