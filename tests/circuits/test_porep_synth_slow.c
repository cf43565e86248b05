/* Synthetic C1 outputs of 8 MiB and 512 MiB (slow): the 8 MiB one written
 * and read back, its public inputs from the C1 fields equal to the
 * circuit's, the recorder's is_satisfied and the checker agree; the 512 MiB
 * one through the checker (4.4 M constraints); a tampered tree-R sibling is
 * caught by both. */
#include <stdlib.h>
#include "test.h"
#include "synth_check.h"
#include "cuzk/porep.h"
#include "cuzk/porep_synth.h"
#include "cuzk/r1cs.h"

static void one(cuzk_seal_proof sp, bool recorder, uint64_t want_constraints)
{
    cuzk_porep_config cfg;
    cuzk_porep_c1 c1, back;
    cuzk_porep_synth_opts o;
    cuzk_err err = { 0 };
    CHECK(cuzk_porep_config_init(&cfg, sp, NULL) == 0);
    cuzk_porep_synth_opts_default(&o, 77);
    uint64_t t0 = cuzk_now_ns();
    CHECK_MSG(cuzk_porep_synth_c1(&c1, &cfg, &o, NULL, NULL, &err) == 0, "%s", err.msg);
    if (!c1.proofs) return;
    char where[128] = "";
    CHECK_MSG(synth_native_check(&c1, &cfg, &o, where, sizeof where) == 0, "%s", where);
    char *json = NULL;
    size_t n = 0;
    CHECK(cuzk_c1_write(&c1, &json, &n, NULL) == 0);
    CHECK_MSG(json && cuzk_c1_parse(json, n, &back, NULL, &err) == 0, "%s", err.msg);
    free(json);
    cuzk_porep_c1_free(&c1);
    if (!back.proofs) return;
    const size_t n_in = cuzk_porep_public_input_count(&cfg);
    cuzk_fr *want = calloc(n_in, sizeof *want);
    CHECK(cuzk_porep_public_inputs_c1(want, &cfg, o.prover_id, o.sector_id, o.ticket, o.seed, back.comm_d, back.comm_r,
                                      0, NULL) == 0);
    for (int tamper = 0; tamper < 2; tamper++) {
        if (tamper) back.proofs[1].comm_r_last_proof.hashes[2][1] ^= 8;
        cuzk_porep_circuit *pc = NULL;
        CHECK(cuzk_porep_circuit_from_c1(&pc, &cfg, &back, 0, &err) == 0);
        if (!pc) break;
        cuzk_circuit c = cuzk_porep_circuit_get(pc);
        cuzk_cs *cs = cuzk_cs_checker_new(0);
        cuzk_cs_check chk;
        CHECK(cuzk_circuit_synthesize(&c, cs, &err) == 0 && cuzk_cs_checker_result(cs, &chk) == 0);
        CHECK(chk.checked == want_constraints);
        int same = 1;
        for (size_t j = 0; j < n_in; j++)
            same &= cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ (uint32_t)(j + 1), CUZK_VAR_INPUT }), &want[j]);
        CHECK(same);
        cuzk_cs_free(cs);
        CHECK(tamper ? chk.failed > 0 : chk.failed == 0);
        int64_t rec = -3;
        if (recorder) {
            cuzk_cs *r = cuzk_cs_recorder_new(true);
            CHECK(cuzk_circuit_synthesize(&c, r, &err) == 0);
            rec = cuzk_cs_recorder_first_unsatisfied(r);
            CHECK(rec == chk.first_failed);
            cuzk_cs_free(r);
        }
        printf("%s%s: %llu constraints, %llu fail (first %lld, recorder %lld), %.1f s\n", cuzk_seal_proof_name(sp),
               tamper ? " with a tampered tree-R sibling" : "", (unsigned long long)chk.checked,
               (unsigned long long)chk.failed, (long long)chk.first_failed, (long long)rec,
               (double)(cuzk_now_ns() - t0) / 1e9);
        cuzk_porep_circuit_free(pc);
    }
    free(want);
    cuzk_porep_c1_free(&back);
}

int main(void)
{
    one(CUZK_SEAL_8MIB_V1_1, true, 3844929 + 40);
    one(CUZK_SEAL_512MIB_V1_1, false, 4423433 + 40);
    return test_finish("test_porep_synth_slow");
}
