/* SHA-256: the native hash against OpenSSL's EVP interface and FIPS 180-2
 * vectors, SHA256-trunc254 against rust-fil-proofs' empty comm_d, and the
 * gadget against the native hash, with bellperson's constraint counts
 * (tests/data/fil_proofs/constraint_counts.json). */
#include "bits_test_util.h"
#include "cuzk/hash.h"

#include <openssl/evp.h>

/* ---- native --------------------------------------------------------------------- */

static void evp_sha256(uint8_t out[32], const void *data, size_t len)
{
    unsigned int n = 32;
    EVP_Digest(data, len, out, &n, EVP_sha256(), NULL);
}

static bool digest_is(const uint8_t d[32], const char *hex)
{
    uint8_t want[32];
    return test_unhex(want, 32, hex) == 32 && memcmp(d, want, 32) == 0;
}

static void test_native_vectors(void)
{
    uint8_t d[32];
    /* FIPS 180-2 appendix B and the empty string */
    cuzk_sha256(d, "", 0);
    CHECK(digest_is(d, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    cuzk_sha256(d, "abc", 3);
    CHECK(digest_is(d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    cuzk_sha256(d, m448, strlen(m448));
    CHECK(digest_is(d, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    /* one million 'a', streamed in uneven pieces */
    static uint8_t a[1000];
    memset(a, 'a', sizeof a);
    cuzk_sha256_ctx ctx;
    cuzk_sha256_init(&ctx);
    size_t done = 0;
    for (size_t step = 1; done < 1000000; step = step % 997 + 1) {
        size_t n = step < 1000000 - done ? step : 1000000 - done;
        cuzk_sha256_update(&ctx, a, n);
        done += n;
    }
    cuzk_sha256_final(&ctx, d);
    CHECK(digest_is(d, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));

    /* random lengths and split points against OpenSSL EVP */
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 1);
    static uint8_t msg[700];
    bool all = true;
    for (size_t len = 0; len < sizeof msg; len += 1 + len / 8) {
        for (size_t i = 0; i < len; i++)
            msg[i] = (uint8_t)cuzk_rng_u64(&rng);
        uint8_t want[32], got[32];
        evp_sha256(want, msg, len);
        cuzk_sha256(got, msg, len);
        all = all && memcmp(got, want, 32) == 0;
        size_t cut = len ? cuzk_rng_u64(&rng) % len : 0;
        cuzk_sha256_init(&ctx);
        cuzk_sha256_update(&ctx, msg, cut);
        cuzk_sha256_update(&ctx, msg + cut, len - cut);
        cuzk_sha256_final(&ctx, got);
        all = all && memcmp(got, want, 32) == 0;
    }
    CHECK_MSG(all, "native SHA-256 equals OpenSSL EVP for 0..700 bytes");

    /* raw compression: the padded "abc" block from the IV gives its digest */
    uint8_t block[64] = { 'a', 'b', 'c', 0x80 };
    block[63] = 24;
    uint32_t st[8];
    cuzk_sha256_iv(st);
    cuzk_sha256_compress(st, block, 1);
    for (int i = 0; i < 8; i++)
        d[4 * i] = (uint8_t)(st[i] >> 24), d[4 * i + 1] = (uint8_t)(st[i] >> 16), d[4 * i + 2] = (uint8_t)(st[i] >> 8),
        d[4 * i + 3] = (uint8_t)st[i];
    CHECK(digest_is(d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    /* two blocks in one call = two calls */
    uint8_t two[128];
    for (int i = 0; i < 128; i++)
        two[i] = (uint8_t)(i * 7);
    uint32_t s1[8], s2[8];
    cuzk_sha256_iv(s1);
    cuzk_sha256_iv(s2);
    cuzk_sha256_compress(s1, two, 2);
    cuzk_sha256_compress(s2, two, 1);
    cuzk_sha256_compress(s2, two + 64, 1);
    CHECK(memcmp(s1, s2, sizeof s1) == 0);
}

/* expected_hex of a named vector in golden/fil_proofs/rust_fil_proofs_kat.json */
static bool golden_hex(const char *name, uint8_t out[32])
{
    FILE *f = fopen(CUZK_GOLDEN_DIR "/fil_proofs/rust_fil_proofs_kat.json", "rb");
    if (!f)
        return false;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char key[128];
    snprintf(key, sizeof key, "\"name\": \"%s\"", name);
    const char *p = strstr(buf, key);
    p = p ? strstr(p, "\"expected_hex\": \"") : NULL;
    if (!p)
        return false;
    char hex[65];
    memcpy(hex, p + 17, 64);
    hex[64] = 0;
    return test_unhex(out, 32, hex) == 32;
}

/* comm_d of an all-zero sector: a binary SHA256-trunc254 tree over zero leaves */
static void empty_comm_d(uint8_t out[32], size_t leaves)
{
    memset(out, 0, 32);
    for (; leaves > 1; leaves /= 2) {
        uint8_t pair[64];
        memcpy(pair, out, 32);
        memcpy(pair + 32, out, 32);
        cuzk_sha256_trunc254(out, pair, 64);
    }
}

static void test_trunc254(void)
{
    uint8_t d[32], want[32];
    cuzk_sha256_trunc254(d, "abc", 3);
    CHECK(digest_is(d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f200152d")); /* 0xad & 0x3f */
    empty_comm_d(d, 4);
    CHECK_MSG(golden_hex("comm_d_empty_128b", want) && memcmp(d, want, 32) == 0,
              "comm_d_empty_128b (filecoin-proofs/tests/pieces.rs test_compute_comm_d_empty)");
    empty_comm_d(d, 64);
    CHECK_MSG(golden_hex("comm_d_empty_2kib", want) && memcmp(d, want, 32) == 0,
              "comm_d_empty_2kib (filecoin-proofs/tests/pieces.rs test_compute_comm_d_empty)");
}

/* ---- gadget ----------------------------------------------------------------------- */

/* Message bits, byte 0 first, MSB first within each byte. */
static void msg_bits(bool *bits, const uint8_t *msg, size_t len) { cuzk_multipack_bytes_to_bits(bits, msg, len); }

static bool digest_bits_match(const cuzk_cs *cs, const cuzk_boolean out[256], const uint8_t d[32])
{
    for (int i = 0; i < 256; i++) {
        int want = (d[i / 8] >> (7 - i % 8)) & 1;
        if (out[i].value != want || (cs && boolean_witness(cs, &out[i]) != want))
            return false;
    }
    return true;
}

/* bellperson test_blank_hash: the padded empty message as constant bits costs nothing */
static void test_blank_hash(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    static cuzk_boolean in[512], out[256];
    for (int i = 0; i < 512; i++)
        in[i] = cuzk_boolean_constant(i == 0);
    CHECK(cuzk_sha256_gadget_block_no_padding(cs, out, in) == 0);
    counts c = cs_counts(cs);
    CHECK_MSG(c.constraints == 0 && c.aux == 0,
              "constraint_counts.json test_blank_hash (bellperson src/gadgets/sha256.rs): 0, got %llu",
              (unsigned long long)c.constraints);
    uint8_t d[32];
    cuzk_sha256(d, "", 0);
    CHECK(digest_bits_match(NULL, out, d));
    cuzk_cs_free(cs);
}

/* bellperson test_full_block / test_full_hash: 512 allocated bits */
static void test_full_block_and_hash(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 3);
    uint8_t msg[64];
    for (int i = 0; i < 64; i++)
        msg[i] = (uint8_t)cuzk_rng_u64(&rng);
    static bool v[512];
    static cuzk_boolean in[512], out[256];
    msg_bits(v, msg, 64);
    for (int full = 0; full < 2; full++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        alloc_bits(cs, in, v, 512);
        CHECK(cs_counts(cs).constraints == 512);
        int rc = full ? cuzk_sha256_gadget(cs, out, in, 512) : cuzk_sha256_gadget_block_no_padding(cs, out, in);
        CHECK(rc == 0);
        uint64_t n = cs_counts(cs).constraints - 512;
        if (full)
            CHECK_MSG(n == 44874, "constraint_counts.json test_full_hash (bellperson src/gadgets/sha256.rs): "
                                  "44874 beyond the 512 input bits, got %llu", (unsigned long long)n);
        else
            CHECK_MSG(n == 25840, "constraint_counts.json test_full_block (bellperson src/gadgets/sha256.rs): "
                                  "25840 beyond the 512 input bits, got %llu", (unsigned long long)n);
        uint8_t d[32];
        if (full) {
            cuzk_sha256(d, msg, 64);
        } else {
            uint32_t st[8];
            cuzk_sha256_iv(st);
            cuzk_sha256_compress(st, msg, 1);
            for (int i = 0; i < 32; i++)
                d[i] = (uint8_t)(st[i / 4] >> (24 - 8 * (i % 4)));
        }
        CHECK(digest_bits_match(cs, out, d));
        CHECK(cs_ok(cs));
        /* a flipped input bit, a flipped internal bit, a wrong carry: each fails */
        CHECK(flip_breaks(cs, in[100].var, false));
        CHECK(flip_breaks(cs, (cuzk_var){ 2000, CUZK_VAR_AUX }, false));
        CHECK(flip_breaks(cs, (cuzk_var){ (uint32_t)cs_counts(cs).aux - 1, CUZK_VAR_AUX }, false));
        cuzk_cs_free(cs);

        /* the shape does not depend on values: a counter gives the same totals */
        cuzk_cs *cc = cuzk_cs_counter_new();
        alloc_bits(cc, in, v, 512);
        full ? cuzk_sha256_gadget(cc, out, in, 512) : cuzk_sha256_gadget_block_no_padding(cc, out, in);
        CHECK(cs_counts(cc).constraints - 512 == (full ? 44874u : 25840u) && cuzk_cs_error(cc, NULL) == 0);
        cuzk_cs_free(cc);
    }
}

/* Random messages of 1 to 5 blocks (after padding): gadget = native. */
static void test_random_messages(void)
{
    static const size_t lens[] = { 1, 55, 56, 100, 183, 247 }; /* 1, 1, 2, 2, 3, 4+1 = 5 blocks */
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 11);
    static bool v[2048];
    static cuzk_boolean in[2048], out[256];
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        size_t len = lens[k];
        uint8_t msg[256];
        for (size_t i = 0; i < len; i++)
            msg[i] = (uint8_t)cuzk_rng_u64(&rng);
        msg_bits(v, msg, len);
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        alloc_bits(cs, in, v, 8 * len);
        /* some message bits constant, some negated: the folding paths get exercised */
        for (size_t i = 0; i < 8 * len; i += 5)
            in[i] = cuzk_boolean_constant(v[i]);
        for (size_t i = 2; i < 8 * len; i += 7)
            in[i] = cuzk_boolean_not(in[i]), v[i] = !v[i], msg[i / 8] ^= (uint8_t)(0x80 >> (i % 8));
        CHECK(cuzk_sha256_gadget(cs, out, in, 8 * len) == 0);
        uint8_t d[32];
        cuzk_sha256(d, msg, len);
        CHECK_MSG(digest_bits_match(cs, out, d), "gadget digest of %zu bytes", len);
        CHECK_MSG(cs_ok(cs), "gadget of %zu bytes satisfied", len);
        CHECK(flip_breaks(cs, (cuzk_var){ (uint32_t)cs_counts(cs).aux / 2, CUZK_VAR_AUX }, false));
        cuzk_cs_free(cs);
    }
    /* whole bytes only */
    cuzk_cs *cs = cuzk_cs_counter_new();
    CHECK(cuzk_sha256_gadget(cs, out, in, 7) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
}

/* One compression from an allocated (non-constant) chaining value. */
static void test_compress_state(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 12);
    uint8_t block[64];
    uint32_t st[8];
    for (int i = 0; i < 64; i++)
        block[i] = (uint8_t)cuzk_rng_u64(&rng);
    for (int i = 0; i < 8; i++)
        st[i] = (uint32_t)cuzk_rng_u64(&rng);
    static bool v[512];
    static cuzk_boolean in[512];
    msg_bits(v, block, 64);
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    alloc_bits(cs, in, v, 512);
    cuzk_uint32 cur[8], res[8];
    for (int i = 0; i < 8; i++)
        cuzk_uint32_alloc(cs, &cur[i], &st[i]);
    CHECK(cuzk_sha256_gadget_compress(cs, res, in, cur) == 0);
    cuzk_sha256_compress(st, block, 1);
    bool eq = true;
    for (int i = 0; i < 8; i++) {
        uint32_t w = 0;
        for (int b = 0; b < 32; b++)
            w |= (uint32_t)boolean_witness(cs, &res[i].bits[b]) << b;
        eq = eq && res[i].has_value && res[i].value == st[i] && w == st[i];
    }
    CHECK(eq);
    CHECK(cs_ok(cs));
    cuzk_cs_free(cs);
}

int main(void)
{
    test_native_vectors();
    test_trunc254();
    test_blank_hash();
    test_full_block_and_hash();
    test_random_messages();
    test_compress_state();
    return test_finish("gadgets/sha256");
}
