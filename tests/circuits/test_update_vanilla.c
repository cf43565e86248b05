/* SnapDeals vanilla proofs and the circuit with values:
 *  - a real update of a sealed 2 KiB sector (cuzk_porep_seal_*): the sector
 *    key is the seal's tree-R leaves, so comm_r_old must be the seal's
 *    comm_r and comm_d_new tree D's root of the new data (cross-checks with
 *    the PoRep code); every new replica node is key + data * rho; the
 *    partition proof verifies, round-trips through bincode and satisfies the
 *    circuit (streaming checker), also built straight from its bytes;
 *  - synthetic updates of every registered sector size: the first and last
 *    partitions verify; the 2 KiB one satisfies the circuit, and its
 *    Poseidon variant too;
 *  - tampered proofs (a flipped leaf, sibling, root, apex leaf; another
 *    comm_r_old, comm_d_new, comm_r_new) fail the vanilla verifier with a
 *    message naming what failed; three of them (a flipped old leaf, a new
 *    sibling, another comm_d_new) also fail the circuit: refused with a
 *    named error or leaving constraints unsatisfied (each check synthesizes
 *    1.7 M constraints, so the others are left to the vanilla verifier). */
#include <stdlib.h>
#include "test.h"
#include "cuzk/update.h"

static int copy_proof(cuzk_update_partition_proof *dst, const cuzk_update_partition_proof *src)
{
    *dst = *src;
    dst->challenges = cuzk_alloc_array(src->n_challenges, sizeof *src->challenges);
    if (!dst->challenges) return 1;
    memcpy(dst->challenges, src->challenges, src->n_challenges * sizeof *src->challenges);
    return 0;
}

typedef struct {
    const cuzk_update_config *cfg;
    uint32_t k;
    uint8_t r_old[32], d_new[32], r_new[32];
} pub;

/* Synthesizes partition k's circuit into a streaming checker: 0 when every
 * constraint holds, the error of a refusal, or -1 when some do not hold. */
static int circuit_check(const pub *pb, const cuzk_update_partition_proof *p, cuzk_err *err)
{
    cuzk_update_circuit *uc = NULL;
    int rc = cuzk_update_circuit_from_inputs(&uc, pb->cfg, pb->k, pb->cfg->h, pb->r_old, pb->d_new, pb->r_new, p, err);
    if (rc) return rc;
    cuzk_circuit c = cuzk_update_circuit_get(uc);
    cuzk_cs *cs = cuzk_cs_checker_new(0);
    rc = cuzk_circuit_synthesize(&c, cs, err);
    cuzk_cs_check chk = { 0 };
    if (!rc) {
        cuzk_cs_checker_result(cs, &chk);
        if (chk.failed) rc = -1;
        if (chk.checked < 1000) rc = -2;
    }
    cuzk_cs_free(cs);
    cuzk_update_circuit_free(uc);
    return rc;
}

/* The vanilla verifier refuses q with a message holding `why`; with
 * `circuit`, so does the circuit (a named refusal or unsatisfied constraints). */
static void tampered(const pub *pb, const cuzk_update_partition_proof *q, const char *why, bool circuit,
                     const char *what)
{
    cuzk_err err = { 0 };
    int rc = cuzk_update_partition_verify(q, pb->cfg, pb->k, pb->cfg->h, pb->r_old, pb->d_new, pb->r_new, &err);
    CHECK_MSG(rc == CUZK_ERR_PROOF_INVALID && strstr(err.msg, why), "%s: vanilla rc %d \"%s\", want \"%s\"", what, rc,
              err.msg, why);
    if (!circuit) return;
    memset(&err, 0, sizeof err);
    rc = circuit_check(pb, q, &err);
    CHECK_MSG(rc == -1 || (rc > 0 && err.msg[0]), "%s: circuit rc %d (%s)", what, rc, err.msg);
}

static void tamper_tests(const pub *pb0, const cuzk_update_partition_proof *p)
{
    cuzk_update_partition_proof q;
    if (copy_proof(&q, p)) return;
    pub pb = *pb0;
#define RESET() memcpy(q.challenges, p->challenges, p->n_challenges * sizeof *p->challenges), memcpy(&q.comm_c, p->comm_c, 32), memcpy(q.apex_leafs, p->apex_leafs, sizeof q.apex_leafs)
    q.challenges[2].r_old.leaf[0] ^= 1;
    tampered(&pb, &q, "challenge 2: proof_r_old does not lead to its root", true, "flipped tree-R old leaf");
    RESET();
    q.challenges[3].d_new.leaf[5] ^= 4;
    tampered(&pb, &q, "challenge 3: proof_d_new does not lead", false, "flipped tree-D leaf");
    RESET();
    q.challenges[4].r_new.hashes[3][0] ^= 1;
    tampered(&pb, &q, "challenge 4: proof_r_new does not lead", true, "flipped tree-R new sibling");
    RESET();
    q.challenges[1].d_new.hashes[0][7] ^= 2;
    tampered(&pb, &q, "challenge 1: proof_d_new does not lead", false, "flipped tree-D sibling");
    RESET();
    q.challenges[0].r_old.root[0] ^= 1;
    tampered(&pb, &q, "H(comm_c, root_r_old) is not comm_r_old", false, "flipped root_r_old");
    RESET();
    q.comm_c[1] ^= 1;
    tampered(&pb, &q, "H(comm_c, root_r_old) is not comm_r_old", false, "flipped comm_c");
    RESET();
    q.apex_leafs[3][0] ^= 1;
    tampered(&pb, &q, "is not the apex tree's", false, "flipped apex leaf");
    RESET();
    pb.r_old[0] ^= 1;
    tampered(&pb, &q, "is not comm_r_old", false, "another comm_r_old");
    pb = *pb0;
    pb.d_new[0] ^= 1;
    tampered(&pb, &q, "proof_d_new has another root than comm_d_new", true, "another comm_d_new");
    pb = *pb0;
    pb.r_new[0] ^= 1;
    tampered(&pb, &q, "is not comm_r_new", false, "another comm_r_new");
#undef RESET
    cuzk_update_partition_proof_free(&q);
}

static void test_real_2kib(void)
{
    cuzk_porep_config pcfg;
    cuzk_update_config cfg;
    cuzk_err err = { 0 };
    CHECK(cuzk_porep_config_init(&pcfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    uint8_t *old_data = calloc(64, 32), *new_data = malloc(64 * 32);
    for (int i = 0; i < 64 * 32; i++) new_data[i] = (uint8_t)(i * 131 + 7);
    for (int n = 0; n < 64; n++) new_data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = { 9 }, ticket[32] = { 1, 2, 3 };
    cuzk_porep_seal s;
    /* a committed-capacity sector: all-zero data */
    if (cuzk_porep_seal_init(&s, &pcfg, old_data, prover, 4242, ticket, NULL, &err)) {
        CHECK_MSG(0, "seal: %s", err.msg);
        return;
    }
    cuzk_update_replica *u = NULL;
    CHECK_MSG(cuzk_update_encode(&u, &cfg, cfg.h, s.comm_c, s.tree_r, new_data, &err) == 0, "encode: %s", err.msg);
    if (!u) return;
    pub pb = { &cfg, 0, { 0 }, { 0 }, { 0 } };
    cuzk_update_replica_commitments(u, pb.r_old, pb.d_new, pb.r_new);
    CHECK(memcmp(pb.r_old, s.comm_r, 32) == 0);
    cuzk_fr *tree_d = cuzk_alloc_array(127, sizeof(cuzk_fr));
    uint8_t comm_d[32];
    CHECK(cuzk_porep_tree_d_build(tree_d, comm_d, new_data, &pcfg, NULL, NULL) == 0 && !memcmp(comm_d, pb.d_new, 32));
    cuzk_free(tree_d);
    /* encode_into: new = key + data * rho(node >> (6 - h)) */
    cuzk_poseidon_constants *c2 = NULL;
    CHECK(cuzk_poseidon_constants_new(&c2, 2, CUZK_POSEIDON_STANDARD, NULL) == 0);
    cuzk_fr phi, rho, d, want, got, ro, dn;
    cuzk_fr_from_bytes_le(&ro, pb.r_old, NULL);
    cuzk_fr_from_bytes_le(&dn, pb.d_new, NULL);
    cuzk_update_phi(c2, &phi, &dn, &ro);
    size_t bad = 0;
    for (uint64_t i = 0; i < 64; i++) {
        cuzk_update_rho(c2, &rho, &phi, i >> 5);
        cuzk_fr_from_bytes_le(&d, new_data + 32 * i, NULL);
        cuzk_fr_mul(&want, &d, &rho);
        cuzk_fr_add(&want, &want, &s.tree_r[i]);
        CHECK(cuzk_update_replica_new_node(u, i, &got) == 0);
        bad += !cuzk_fr_eq(&want, &got);
        /* decoding with rho^-1 gives the data back */
        cuzk_fr_sub(&got, &got, &s.tree_r[i]);
        cuzk_fr_inv(&rho, &rho);
        cuzk_fr_mul(&got, &got, &rho);
        bad += !cuzk_fr_eq(&got, &d);
    }
    CHECK_MSG(bad == 0, "%zu new replica nodes are not key + data * rho", bad);
    cuzk_poseidon_constants_free(c2);

    cuzk_update_partition_proof p;
    CHECK(cuzk_update_replica_prove(u, 0, &p, &err) == 0);
    CHECK_MSG(cuzk_update_partition_verify(&p, &cfg, 0, cfg.h, pb.r_old, pb.d_new, pb.r_new, &err) == 0, "%s", err.msg);
    uint8_t *b = NULL;
    size_t n = 0;
    cuzk_update_partition_proof q;
    CHECK(cuzk_update_proof_write(&p, &b, &n, NULL) == 0 && cuzk_update_proof_read(&q, b, n, &cfg, NULL) == 0);
    CHECK(q.n_challenges == 10 && !memcmp(q.challenges, p.challenges, 10 * sizeof *q.challenges));
    cuzk_update_partition_proof_free(&q);
    /* the circuit straight from the bytes (it owns the proof read) */
    cuzk_update_circuit *uc = NULL;
    CHECK(cuzk_update_circuit_from_bincode(&uc, &cfg, 0, cfg.h, pb.r_old, pb.d_new, pb.r_new, b, n, &err) == 0);
    if (uc) {
        cuzk_circuit c = cuzk_update_circuit_get(uc);
        cuzk_cs *cs = cuzk_cs_checker_new(0);
        cuzk_cs_check chk = { 0 };
        CHECK(cuzk_circuit_synthesize(&c, cs, &err) == 0 && cuzk_cs_checker_result(cs, &chk) == 0 &&
              chk.checked == 1705044 && chk.failed == 0);
        cuzk_cs_free(cs);
        cuzk_update_circuit_free(uc);
    }
    uc = NULL;
    CHECK(cuzk_update_circuit_from_bincode(&uc, &cfg, 0, cfg.h, pb.r_old, pb.d_new, pb.r_new, b, n - 1, &err) ==
              CUZK_ERR_TRUNCATED && uc == NULL && strstr(err.msg, "challenge_proofs[9].proof_r_new"));
    free(b);
    int rc = circuit_check(&pb, &p, &err);
    CHECK_MSG(rc == 0, "real 2 KiB circuit: rc %d %s", rc, err.msg);
    tamper_tests(&pb, &p);
    /* a partition or h the sector does not have */
    CHECK(cuzk_update_partition_verify(&p, &cfg, 1, cfg.h, pb.r_old, pb.d_new, pb.r_new, &err) != 0 &&
          strstr(err.msg, "partition"));
    cuzk_update_partition_proof_free(&p);
    cuzk_update_replica_free(u);
    cuzk_porep_seal_free(&s);
    free(old_data);
    free(new_data);
}

static void test_synthetic(void)
{
    for (int i = 0; i < CUZK_UPDATE__COUNT; i++)
        for (int pos = 0; pos < 2; pos++) {
            /* the Poseidon variant at 2 KiB (its 1376-challenge partitions of the large
             * sizes take seconds to verify) */
            if (pos && i != CUZK_UPDATE_2KIB_V1) continue;
            cuzk_update_config cfg;
            cuzk_err err = { 0 };
            CHECK(cuzk_update_config_init(&cfg, (cuzk_update_proof)i, pos, NULL) == 0);
            cuzk_update_replica *u = NULL;
            CHECK_MSG(cuzk_update_synth(&u, &cfg, cfg.h, 100 + (uint64_t)i, &err) == 0, "%s", err.msg);
            if (!u) continue;
            pub pb = { &cfg, 0, { 0 }, { 0 }, { 0 } };
            cuzk_update_replica_commitments(u, pb.r_old, pb.d_new, pb.r_new);
            for (uint32_t k = 0; k < cfg.partitions; k += cfg.partitions > 1 ? cfg.partitions - 1 : 1) {
                cuzk_update_partition_proof p;
                CHECK(cuzk_update_replica_prove(u, k, &p, &err) == 0);
                pb.k = k;
                int rc = cuzk_update_partition_verify(&p, &cfg, k, cfg.h, pb.r_old, pb.d_new, pb.r_new, &err);
                CHECK_MSG(rc == 0, "%s%s partition %u: %s", cuzk_update_proof_name(i), pos ? " Poseidon" : "", k,
                          err.msg);
                /* another partition's public inputs */
                if (cfg.partitions > 1)
                    CHECK(cuzk_update_partition_verify(&p, &cfg, k ^ 1, cfg.h, pb.r_old, pb.d_new, pb.r_new, NULL) ==
                          CUZK_ERR_PROOF_INVALID);
                if (i == CUZK_UPDATE_2KIB_V1) {
                    rc = circuit_check(&pb, &p, &err);
                    CHECK_MSG(rc == 0, "synthetic 2 KiB%s circuit: rc %d %s", pos ? " Poseidon" : "", rc, err.msg);
                }
                if (i == CUZK_UPDATE_32GIB_V1 && !pos) {
                    /* a partition path that differs between challenges is refused */
                    cuzk_update_circuit *uc = NULL;
                    p.challenges[5].d_new.hashes[27][0] ^= 1;
                    CHECK(cuzk_update_circuit_from_inputs(&uc, &cfg, k, cfg.h, pb.r_old, pb.d_new, pb.r_new, &p,
                                                          &err) == CUZK_ERR_PROOF_INVALID &&
                          strstr(err.msg, "challenge_proofs[5].proof_d_new: partition path"));
                }
                cuzk_update_partition_proof_free(&p);
            }
            cuzk_update_replica_free(u);
        }
}

int main(void)
{
    test_real_2kib();
    test_synthetic();
    return test_finish("test_update_vanilla");
}
