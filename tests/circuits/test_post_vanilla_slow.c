/* The whole 32 GiB WindowPoSt partition circuit (2,349 slots: Curio's real
 * vanilla proof of one sector and 2,348 padding copies) built from the real
 * vanilla proof is satisfied, checked constraint by constraint as it is
 * synthesized (the assignment only is kept: ~4 GB), with the published
 * 125,279,217 constraints and the public inputs computed for it. */
#include "test.h"
#include "gadgets/poseidon_golden.h"
#include "cuzk/post.h"

int main(void)
{
    char *doc = golden_read("fil_proofs/window_post_vanilla_32gib_curio.json");
    const char *p = doc ? strstr(doc, "\"vproof_hex\": \"") : NULL;
    CHECK(p != NULL);
    if (!p) return test_finish("test_post_vanilla_slow");
    p += strlen("\"vproof_hex\": \"");
    const size_t n = (size_t)(strchr(p, '"') - p);
    char *hex = malloc(n + 1);
    uint8_t *blob = malloc(n / 2);
    memcpy(hex, p, n);
    hex[n] = 0;
    const long len = test_unhex(blob, n / 2, hex);
    cuzk_post_config cfg;
    CHECK(cuzk_post_config_init(&cfg, CUZK_POST_WINDOW_32GIB_V1, NULL) == 0);
    cuzk_post_vanilla v;
    cuzk_err err;
    CHECK(len == 24960 && cuzk_post_vanilla_read(&v, blob, (size_t)len, &cfg, &err) == 0);
    cuzk_post_inputs in = { { 0 }, { 0xe8, 0x03 }, NULL, 0, &v, 1 };
    cuzk_post_circuit *pc = NULL;
    int rc = cuzk_post_circuit_from_inputs(&pc, &cfg, &in, 0, true, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (pc) {
        cuzk_circuit c = cuzk_post_circuit_get(pc);
        cuzk_cs *cs = cuzk_cs_checker_new(0);
        const uint64_t t0 = cuzk_now_ns();
        CHECK(cuzk_circuit_synthesize(&c, cs, &err) == 0);
        cuzk_cs_check chk;
        CHECK(cuzk_cs_checker_result(cs, &chk) == 0);
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        printf("%llu constraints checked in %.1f s, %llu fail\n", (unsigned long long)chk.checked,
               (double)(cuzk_now_ns() - t0) / 1e9, (unsigned long long)chk.failed);
        CHECK(chk.failed == 0);
        CHECK(st.constraints - st.inputs == 125279217ull && st.inputs == 25840);
        const size_t ni = cuzk_post_public_input_count(&cfg);
        cuzk_fr *pub = calloc(ni, sizeof *pub);
        CHECK(cuzk_post_public_inputs(pub, &cfg, &in, 0, NULL) == 0);
        int same = 1;
        for (size_t i = 0; i < ni; i++)
            same &= cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ (uint32_t)(i + 1), CUZK_VAR_INPUT }), &pub[i]);
        CHECK(same);
        free(pub);
        cuzk_cs_free(cs);
        cuzk_post_circuit_free(pc);
    }
    cuzk_post_vanilla_free(&v);
    free(hex), free(blob), free(doc);
    return test_finish("test_post_vanilla_slow");
}
