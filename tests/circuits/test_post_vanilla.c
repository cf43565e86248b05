/* Vanilla PoSt proofs as Curio sends them: the real 32 GiB WindowPoSt sector
 * proof (curio lib/proof/testgolden/post.vproof) parses, writes back to the
 * same bytes, passes the vanilla checks, and the circuit built from it is
 * satisfied (streaming checker); the public inputs of the real 32 GiB
 * WindowPoSt proof (rust-filecoin-proofs-api verify_window_post_test.rs)
 * have the count and layout its verifying key expects; malformed bincode is
 * refused with a message naming the field. */
#include "test.h"
#include "gadgets/poseidon_golden.h"
#include "cuzk/groth16.h"
#include "cuzk/post.h"

/* `"key": "hex"` of doc into a malloc'd buffer. */
static uint8_t *json_hex(const char *doc, const char *key, size_t *len)
{
    char pat[96];
    snprintf(pat, sizeof pat, "\"%s\": \"", key);
    const char *p = strstr(doc, pat);
    if (!p) return NULL;
    p += strlen(pat);
    const char *e = strchr(p, '"');
    size_t n = (size_t)(e - p);
    char *hex = malloc(n + 1);
    uint8_t *out = malloc(n / 2 + 1);
    memcpy(hex, p, n);
    hex[n] = 0;
    long got = test_unhex(out, n / 2 + 1, hex);
    free(hex);
    if (got < 0) {
        free(out);
        return NULL;
    }
    *len = (size_t)got;
    return out;
}

static uint8_t *vproof;
static size_t vproof_len;
static uint8_t comm_r_golden[32];

/* Reads a copy of the golden blob with one change: 4 or 8 bytes at off. */
static int read_patched(size_t off, uint64_t v, int width, const cuzk_post_config *cfg, cuzk_err *err)
{
    uint8_t *b = malloc(vproof_len);
    memcpy(b, vproof, vproof_len);
    for (int i = 0; i < width; i++) b[off + i] = (uint8_t)(v >> (8 * i));
    cuzk_post_vanilla v2;
    int rc = cuzk_post_vanilla_read(&v2, b, vproof_len, cfg, err);
    if (!rc) cuzk_post_vanilla_free(&v2);
    free(b);
    return rc;
}

static void test_real_vanilla(void)
{
    cuzk_post_config cfg;
    CHECK(cuzk_post_config_init(&cfg, CUZK_POST_WINDOW_32GIB_V1, NULL) == 0); /* Go's PoStProof 8 */
    cuzk_post_vanilla v;
    cuzk_err err;
    int rc = cuzk_post_vanilla_read(&v, vproof, vproof_len, &cfg, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (rc) return;
    CHECK(v.sector_id == 1);
    CHECK_MEM(v.comm_r, comm_r_golden, 32);
    CHECK(v.n_sectors == 1 && v.sectors[0].n_inclusion == 10);
    CHECK(v.sectors[0].inclusion[0].base_levels == 9 && v.sectors[0].inclusion[0].sub_levels == 1);
    CHECK_MEM(v.sectors[0].inclusion[3].root, v.sectors[0].comm_r_last, 32);

    /* the writer gives back Curio's bytes */
    uint8_t *w = NULL;
    size_t wn = 0;
    CHECK(cuzk_post_vanilla_write(&v, &w, &wn, NULL) == 0);
    CHECK(wn == vproof_len && w && memcmp(w, vproof, wn) == 0);
    free(w);

    /* public info of postpub.json: randomness zero, sector 1, prover actor 1000 */
    cuzk_post_inputs in = { { 0 }, { 0 }, NULL, 0, &v, 1 };
    in.prover_id[0] = 0xe8, in.prover_id[1] = 0x03;
    rc = cuzk_post_vanilla_verify(&cfg, &in, 0, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    /* the same proof under V1_2 (one sector: the same challenges) */
    cuzk_post_config cfg12;
    CHECK(cuzk_post_config_init(&cfg12, CUZK_POST_WINDOW_32GIB_V1_2, NULL) == 0);
    CHECK(cuzk_post_vanilla_verify(&cfg12, &in, 0, NULL) == 0);
    /* other randomness challenges other leaves */
    in.randomness[0] = 1;
    rc = cuzk_post_vanilla_verify(&cfg, &in, 0, &err);
    CHECK(rc == CUZK_ERR_PROOF_INVALID && strstr(err.msg, "randomness challenges"));
    in.randomness[0] = 0;

    /* The circuit from it, checked constraint by constraint as it is
     * synthesized. Every slot is the same sub-circuit and the 2,348 padding
     * slots repeat this sector (test_post_circuit counts the full shape), so
     * three slots (one sector, two padding) check everything a partition
     * holds in seconds. */
    cuzk_post_config small = cfg;
    small.sector_count = 3;
    cuzk_post_circuit *pc = NULL;
    rc = cuzk_post_circuit_from_inputs(&pc, &small, &in, 0, true, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (pc) {
        cuzk_circuit c = cuzk_post_circuit_get(pc);
        cuzk_cs *cs = cuzk_cs_checker_new(0);
        rc = cuzk_circuit_synthesize(&c, cs, &err);
        CHECK_MSG(rc == 0, "%s", err.msg);
        cuzk_cs_check chk;
        CHECK(cuzk_cs_checker_result(cs, &chk) == 0);
        CHECK_MSG(chk.failed == 0 && chk.checked > 3 * 53000, "%llu of %llu constraints fail, first %lld",
                  (unsigned long long)chk.failed, (unsigned long long)chk.checked, (long long)chk.first_failed);
        /* the inputs the circuit assigned are the verifier's public inputs */
        const size_t ni = cuzk_post_public_input_count(&small);
        cuzk_fr *pub = calloc(ni, sizeof *pub);
        CHECK(cuzk_post_public_inputs(pub, &small, &in, 0, NULL) == 0);
        int same = 1;
        for (size_t i = 0; i < ni; i++) {
            const cuzk_fr *got = cuzk_cs_value(cs, (cuzk_var){ (uint32_t)(i + 1), CUZK_VAR_INPUT });
            same &= cuzk_fr_eq(got, &pub[i]);
        }
        CHECK(same);
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        CHECK(st.inputs == 1 + ni);
        free(pub);
        cuzk_cs_free(cs);
        cuzk_post_circuit_free(pc);

        /* a changed comm_c value (vanilla checks off) leaves the circuit unsatisfied */
        cuzk_post_vanilla bad = v;
        cuzk_post_sector_proof sp = v.sectors[0];
        sp.comm_c[0] ^= 1;
        bad.sectors = &sp;
        cuzk_post_inputs in2 = in;
        in2.vanilla = &bad;
        CHECK(cuzk_post_circuit_from_inputs(&pc, &small, &in2, 0, true, &err) == CUZK_ERR_PROOF_INVALID);
        CHECK(strstr(err.msg, "comm_r is not Poseidon2") != NULL);
        CHECK(cuzk_post_circuit_from_inputs(&pc, &small, &in2, 0, false, &err) == 0);
        cs = cuzk_cs_checker_new(0);
        c = cuzk_post_circuit_get(pc);
        cuzk_circuit_synthesize(&c, cs, NULL);
        CHECK(cuzk_cs_checker_result(cs, &chk) == 0 && chk.failed > 0);
        cuzk_cs_free(cs);
        cuzk_post_circuit_free(pc);
    }
    cuzk_post_vanilla_free(&v);
}

/* The real 32 GiB WindowPoSt proof: its 192 bytes decode, and the public
 * inputs of its one sector padded to 2,349 fill the 25,840-point vk. */
static void test_real_window_proof(void)
{
    char *doc = golden_read("fil_proofs/window_post_32gib_real.json");
    CHECK(doc != NULL);
    if (!doc) return;
    size_t n;
    uint8_t *proof = json_hex(doc, "proof_hex", &n), *rnd = json_hex(doc, "randomness_hex", &n);
    uint8_t *pid = json_hex(doc, "prover_id_hex", &n), *cr = json_hex(doc, "comm_r_hex", &n);
    CHECK(proof && rnd && pid && cr);
    if (!proof || !rnd || !pid || !cr) return;
    cuzk_proof p;
    CHECK(cuzk_proof_deserialize(&p, proof, 192, NULL) == 0);
    for (int proof_no = CUZK_POST_WINDOW_32GIB_V1; proof_no <= CUZK_POST_WINDOW_32GIB_V1_2; proof_no += 5) {
        cuzk_post_config cfg;
        CHECK(cuzk_post_config_init(&cfg, (cuzk_post_proof)proof_no, NULL) == 0);
        const cuzk_post_sector sec = { 132, { 0 } };
        cuzk_post_sector s = sec;
        memcpy(s.comm_r, cr, 32);
        cuzk_post_inputs in = { { 0 }, { 0 }, &s, 1, NULL, 0 };
        memcpy(in.randomness, rnd, 32);
        memcpy(in.prover_id, pid, 32);
        const size_t ni = cuzk_post_public_input_count(&cfg);
        CHECK(ni + 1 == 25840); /* the vk's IC points */
        cuzk_fr *pub = calloc(ni, sizeof *pub);
        cuzk_err err;
        int rc = cuzk_post_public_inputs(pub, &cfg, &in, 0, &err);
        CHECK_MSG(rc == 0, "%s", err.msg);
        cuzk_fr want;
        cuzk_fr_from_bytes_le(&want, cr, NULL);
        CHECK(cuzk_fr_eq(&pub[0], &want));
        int ok = 1;
        for (uint32_t c = 0; c < 10; c++) {
            cuzk_fr_from_u64(&want, cuzk_post_leaf_challenge(1ull << 30, rnd, 132, c));
            ok &= cuzk_fr_eq(&pub[1 + c], &want);
        }
        for (size_t i = 11; i < ni; i++) ok &= cuzk_fr_eq(&pub[i], &pub[i % 11]); /* padding repeats sector 132 */
        CHECK(ok);
        /* a second partition does not exist for one sector */
        CHECK(cuzk_post_public_inputs(pub, &cfg, &in, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
        free(pub);
    }
    free(proof), free(rnd), free(pid), free(cr), free(doc);
}

static void expect_field(int rc, int code, const cuzk_err *err, const char *field)
{
    CHECK_MSG(rc == code && strstr(err->msg, field) != NULL, "rc %d (want %d), message \"%s\", want field %s", rc,
              code, err->msg, field);
}

static void test_malformed(void)
{
    cuzk_post_config cfg;
    cuzk_err err;
    CHECK(cuzk_post_config_init(&cfg, CUZK_POST_WINDOW_32GIB_V1, NULL) == 0);
    /* layout: sector_id 0..8, comm_r 8..40, sectors len 40..48, inclusion len 48..56, tag 56..60, base len 60..68 */
    cuzk_post_vanilla v;
    /* truncated anywhere: an error naming a field, never a crash */
    int all = 1;
    for (size_t n = 0; n < vproof_len; n += n < 200 ? 1 : 997) {
        int rc = cuzk_post_vanilla_read(&v, vproof, n, &cfg, &err);
        /* cut inside a value, or after a length the rest cannot hold */
        const int ok = (rc == CUZK_ERR_TRUNCATED && strstr(err.msg, "truncated")) ||
                       (rc == CUZK_ERR_TOO_LARGE && strstr(err.msg, "bytes left"));
        if (!ok) fprintf(stderr, "prefix %zu: rc %d %s\n", n, rc, err.msg);
        all &= ok;
    }
    CHECK(all);
    expect_field(cuzk_post_vanilla_read(&v, vproof, 20, &cfg, &err), CUZK_ERR_TRUNCATED, &err, "comm_r");
    expect_field(cuzk_post_vanilla_read(&v, vproof, vproof_len - 1, &cfg, &err), CUZK_ERR_TRUNCATED, &err,
                 "comm_r_last");
    /* huge lengths: refused against the input left */
    expect_field(read_patched(40, 1ull << 60, 8, &cfg, &err), CUZK_ERR_TOO_LARGE, &err, "vanilla_proof.sectors");
    expect_field(read_patched(48, 1ull << 40, 8, &cfg, &err), CUZK_ERR_TOO_LARGE, &err,
                 "vanilla_proof.sectors[0].inclusion_proofs");
    expect_field(read_patched(60, UINT64_MAX, 8, &cfg, &err), CUZK_ERR_TOO_LARGE, &err,
                 "inclusion_proofs[0].Sub.base_proof");
    expect_field(read_patched(68, 1ull << 33, 8, &cfg, &err), CUZK_ERR_TOO_LARGE, &err,
                 "inclusion_proofs[0].Sub.base_proof[0].hashes");
    /* bad enum tag; a variant of another tree shape */
    expect_field(read_patched(56, 3, 4, &cfg, &err), CUZK_ERR_PARSE, &err, "inclusion_proofs[0] (enum tag)");
    expect_field(read_patched(56, 0, 4, &cfg, &err), CUZK_ERR_PARSE, &err, "needs Sub");
    /* wrong sector and challenge counts */
    expect_field(read_patched(40, 2, 8, &cfg, &err), CUZK_ERR_PARSE, &err, "vanilla_proof.sectors");
    CHECK(strstr(err.msg, "holds 1") != NULL);
    expect_field(read_patched(48, 9, 8, &cfg, &err), CUZK_ERR_PARSE, &err, "inclusion_proofs");
    expect_field(read_patched(60, 8, 8, &cfg, &err), CUZK_ERR_PARSE, &err, "base_proof");
    expect_field(read_patched(68, 6, 8, &cfg, &err), CUZK_ERR_PARSE, &err, "base_proof[0].hashes");
    /* an index beyond the arity: after the 7 hashes of level 0 */
    expect_field(read_patched(76 + 7 * 32, 8, 8, &cfg, &err), CUZK_ERR_PARSE, &err, "base_proof[0].index");
    /* a value >= r */
    expect_field(read_patched(8 + 24, UINT64_MAX, 8, &cfg, &err), CUZK_ERR_NOT_CANONICAL, &err, "comm_r");
    /* trailing bytes */
    uint8_t *b = malloc(vproof_len + 1);
    memcpy(b, vproof, vproof_len);
    b[vproof_len] = 0;
    expect_field(cuzk_post_vanilla_read(&v, b, vproof_len + 1, &cfg, &err), CUZK_ERR_PARSE, &err, "after the proof");
    free(b);
    /* the blob of a 32 GiB sector against the 2 KiB and 64 GiB shapes, and WinningPoSt's 66 challenges */
    cuzk_post_config c2;
    CHECK(cuzk_post_config_init(&c2, CUZK_POST_WINDOW_2KIB_V1, NULL) == 0);
    expect_field(cuzk_post_vanilla_read(&v, vproof, vproof_len, &c2, &err), CUZK_ERR_PARSE, &err, "needs Single");
    CHECK(cuzk_post_config_init(&c2, CUZK_POST_WINDOW_64GIB_V1, NULL) == 0);
    expect_field(cuzk_post_vanilla_read(&v, vproof, vproof_len, &c2, &err), CUZK_ERR_PARSE, &err, "needs Top");
    CHECK(cuzk_post_config_init(&c2, CUZK_POST_WINNING_32GIB_V1, NULL) == 0);
    expect_field(cuzk_post_vanilla_read(&v, vproof, vproof_len, &c2, &err), CUZK_ERR_PARSE, &err,
                 "answers 66 challenges");
    CHECK(cuzk_post_vanilla_read(NULL, vproof, vproof_len, &cfg, &err) == CUZK_ERR_INVALID_ARGUMENT);
}

int main(void)
{
    char *doc = golden_read("fil_proofs/window_post_vanilla_32gib_curio.json");
    CHECK(doc != NULL);
    size_t n = 0;
    uint8_t *cr = doc ? json_hex(doc, "sealed_cid_comm_r_le_hex", &n) : NULL;
    vproof = doc ? json_hex(doc, "vproof_hex", &vproof_len) : NULL;
    CHECK(vproof && vproof_len == 24960 && cr && n == 32);
    if (vproof && cr) {
        memcpy(comm_r_golden, cr, 32);
        test_real_vanilla();
        test_malformed();
    }
    test_real_window_proof();
    free(cr);
    free(vproof);
    free(doc);
    return test_finish("test_post_vanilla");
}
