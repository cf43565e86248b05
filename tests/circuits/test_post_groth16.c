/* PoSt end to end at 2 KiB on the CPU: three sectors sealed here, vanilla
 * proofs from their trees R, Groth16 parameters from a seeded setup, then
 * WindowPoSt (V1_2: two partitions, the second padded) and WinningPoSt
 * proved and verified; tampered vanilla proofs (leaf, sibling, root,
 * randomness, comm_r) are refused with a named error before proving, and a
 * proof made without that check (or checked against other public inputs)
 * fails verification. */
#include "test.h"
#include "cuzk/groth16.h"
#include "cuzk/post.h"
#include "cuzk/porep_synth.h"

#define NS 3

static cuzk_porep_seal seals[NS];
static cuzk_pool *pool;

static int seal_all(void)
{
    cuzk_porep_config pcfg;
    if (cuzk_porep_config_init(&pcfg, CUZK_SEAL_2KIB_V1_1, NULL)) return 1;
    uint8_t *data = malloc(2048);
    cuzk_porep_rng rng;
    cuzk_porep_rng_init(&rng, "post e2e data", 1);
    uint8_t prover[32] = { 0xe8, 0x03 }, ticket[32] = { 5 };
    for (int s = 0; s < NS; s++) {
        for (int n = 0; n < 64; n++) cuzk_porep_rng_fr32(&rng, data + 32 * n);
        cuzk_err err;
        if (cuzk_porep_seal_init(&seals[s], &pcfg, data, prover, 10 + s, ticket, NULL, &err)) {
            CHECK_MSG(0, "seal: %s", err.msg);
            free(data);
            return 1;
        }
    }
    free(data);
    return 0;
}

typedef struct {
    cuzk_post_config cfg;
    cuzk_params *params;
    cuzk_pvk *pvk;
} setup_t;

static int setup(setup_t *su, cuzk_post_proof proof, uint64_t seed)
{
    memset(su, 0, sizeof *su);
    cuzk_post_circuit *blank = NULL;
    cuzk_err err;
    if (cuzk_post_config_init(&su->cfg, proof, &err) || cuzk_post_circuit_new_blank(&blank, &su->cfg, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return 1;
    }
    cuzk_circuit bc = cuzk_post_circuit_get(blank);
    cuzk_toxic toxic;
    cuzk_toxic_from_seed(&toxic, seed);
    int rc = cuzk_groth16_setup(&bc, &toxic, pool, &su->params, &err);
    CHECK_MSG(rc == 0, "setup: %s", err.msg);
    if (!rc) {
        CHECK(cuzk_params_vk(su->params)->ic_len == 1 + cuzk_post_public_input_count(&su->cfg));
        rc = cuzk_pvk_prepare(cuzk_params_vk(su->params), &su->pvk, &err);
    }
    cuzk_post_circuit_free(blank);
    return rc;
}

static void setup_free(setup_t *su)
{
    cuzk_pvk_free(su->pvk);
    cuzk_params_free(su->params);
}

/* Verifies proof against partition k's public inputs of pub_in. */
static int verify(const setup_t *su, const cuzk_proof *proof, const cuzk_post_inputs *pub_in, uint32_t k)
{
    const size_t ni = cuzk_post_public_input_count(&su->cfg);
    cuzk_fr *pub = calloc(ni, sizeof *pub);
    int rc = cuzk_post_public_inputs(pub, &su->cfg, pub_in, k, NULL);
    if (!rc) rc = cuzk_groth16_verify(su->pvk, proof, pub, ni, NULL);
    free(pub);
    return rc;
}

/* Proves partition k (check: the vanilla checks before proving) into *out
 * (may be NULL) and verifies it against the public inputs of in. Returns
 * the verify code, or -1 when the circuit was refused (err then says why). */
static int prove_verify(const setup_t *su, const cuzk_post_inputs *in, uint32_t k, bool check, cuzk_proof *out,
                        cuzk_err *err)
{
    cuzk_post_circuit *pc = NULL;
    if (cuzk_post_circuit_from_inputs(&pc, &su->cfg, in, k, check, err)) return -1;
    cuzk_circuit c = cuzk_post_circuit_get(pc);
    cuzk_proof proof;
    int rc = cuzk_groth16_prove_circuit(su->params, &c, NULL, NULL, pool, &proof, NULL, err);
    cuzk_post_circuit_free(pc);
    if (rc) return -2;
    if (out) *out = proof;
    return verify(su, &proof, in, k);
}

static void test_window(void)
{
    setup_t su;
    if (setup(&su, CUZK_POST_WINDOW_2KIB_V1_2, 31)) return;
    uint8_t rnd[32] = { 0x42, 0x17 };
    cuzk_post_vanilla v[NS];
    cuzk_post_sector sec[NS];
    for (int s = 0; s < NS; s++) {
        cuzk_err err;
        CHECK_MSG(cuzk_post_vanilla_from_seal(&v[s], &su.cfg, &seals[s], rnd, 10 + s, s, &err) == 0, "%s", err.msg);
        sec[s].sector_id = 10 + s;
        memcpy(sec[s].comm_r, seals[s].comm_r, 32);
    }
    cuzk_post_inputs in = { { 0 }, { 0xe8, 0x03 }, sec, NS, v, NS };
    memcpy(in.randomness, rnd, 32);
    cuzk_err err;
    cuzk_proof proof0;
    CHECK(cuzk_post_partitions(&su.cfg, NS) == 2);
    for (uint32_t k = 0; k < 2; k++) {
        int rc = prove_verify(&su, &in, k, true, k == 0 ? &proof0 : NULL, &err);
        CHECK_MSG(rc == 0, "window partition %u: %d %s", k, rc, err.msg);
    }
    CHECK(verify(&su, &proof0, &in, 1) == CUZK_ERR_PROOF_INVALID); /* another partition's inputs */

    /* tampering with sector 11 (partition 0, slot 1) */
    cuzk_porep_merkle_proof *p = &v[1].sectors[0].inclusion[2], keep = *p;
    p->leaf[0] ^= 1;
    CHECK(prove_verify(&su, &in, 0, true, NULL, &err) == -1 && strstr(err.msg, "sector 11 challenge 2"));
    CHECK(prove_verify(&su, &in, 0, false, NULL, &err) == CUZK_ERR_PROOF_INVALID);
    *p = keep;
    p->hashes[4][1] ^= 1;
    CHECK(prove_verify(&su, &in, 0, true, NULL, &err) == -1 && strstr(err.msg, "does not hash to its root"));
    *p = keep;
    p->root[0] ^= 1;
    CHECK(prove_verify(&su, &in, 0, true, NULL, &err) == -1 && strstr(err.msg, "sector 11"));
    *p = keep;
    /* comm_r: of the public sector (refused), and only in the verifier's inputs */
    sec[1].comm_r[3] ^= 1;
    CHECK(prove_verify(&su, &in, 0, true, NULL, &err) == -1 && strstr(err.msg, "sector 11") &&
          strstr(err.msg, "comm_r"));
    cuzk_post_inputs other = in;
    cuzk_post_sector sec2[NS];
    memcpy(sec2, sec, sizeof sec);
    sec[1].comm_r[3] ^= 1;
    other.sectors = sec2;
    CHECK(verify(&su, &proof0, &other, 0) == CUZK_ERR_PROOF_INVALID);
    /* randomness: the challenged leaves are other leaves */
    other = in;
    other.randomness[0] ^= 1;
    CHECK(prove_verify(&su, &other, 0, true, NULL, &err) == -1 && strstr(err.msg, "randomness challenges"));
    CHECK(verify(&su, &proof0, &other, 0) == CUZK_ERR_PROOF_INVALID);
    for (int s = 0; s < NS; s++) cuzk_post_vanilla_free(&v[s]);
    setup_free(&su);
}

static void test_winning(void)
{
    setup_t su;
    if (setup(&su, CUZK_POST_WINNING_2KIB_V1, 32)) return;
    uint8_t rnd[32] = { 0x99, 1, 2 }, prover[32] = { 0xe8, 0x03 };
    /* the one sector WinningPoSt picks among the three */
    const uint64_t pick = cuzk_post_winning_sector(rnd, prover, 0, NS);
    CHECK(pick < NS);
    cuzk_post_vanilla v;
    cuzk_err err;
    CHECK_MSG(cuzk_post_vanilla_from_seal(&v, &su.cfg, &seals[pick], rnd, 10 + pick, 0, &err) == 0, "%s", err.msg);
    CHECK(v.sectors[0].n_inclusion == 66);
    cuzk_post_inputs in = { { 0 }, { 0 }, NULL, 0, &v, 1 };
    memcpy(in.randomness, rnd, 32);
    memcpy(in.prover_id, prover, 32);
    cuzk_proof proof;
    int rc = prove_verify(&su, &in, 0, true, &proof, &err);
    CHECK_MSG(rc == 0, "winning: %d %s", rc, err.msg);
    v.sectors[0].inclusion[65].leaf[2] ^= 4;
    CHECK(prove_verify(&su, &in, 0, true, NULL, &err) == -1 && strstr(err.msg, "challenge 65"));
    CHECK(prove_verify(&su, &in, 0, false, NULL, &err) == CUZK_ERR_PROOF_INVALID);
    v.sectors[0].inclusion[65].leaf[2] ^= 4;
    cuzk_post_inputs other = in;
    other.randomness[5] ^= 1;
    CHECK(verify(&su, &proof, &other, 0) == CUZK_ERR_PROOF_INVALID);
    cuzk_post_vanilla_free(&v);
    setup_free(&su);
}

int main(void)
{
    pool = cuzk_pool_create(0);
    if (seal_all() == 0) {
        test_window();
        test_winning();
    }
    for (int s = 0; s < NS; s++) cuzk_porep_seal_free(&seals[s]);
    cuzk_pool_destroy(pool);
    return test_finish("test_post_groth16");
}
