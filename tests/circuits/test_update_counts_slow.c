/* The blank 32 GiB EmptySectorUpdate circuit and its Poseidon variant against
 * upstream's BenchCS counts (storage-proofs-update tests/circuit.rs and
 * tests/circuit_poseidon.rs, test_empty_sector_update_constraints_32gib,
 * from fil_proofs/constraint_counts.json): 81,049,499 and 22,305,906
 * constraints. Counting takes ~20 s and ~85 s on a 2-core VM. */
#include "test.h"
#include "update_test_util.h"

int main(void)
{
    char *doc = golden_read("fil_proofs/constraint_counts.json");
    CHECK(doc != NULL);
    static const struct {
        const char *file;
        bool poseidon;
    } T[] = {
        { "storage-proofs-update/tests/circuit.rs", false },
        { "storage-proofs-update/tests/circuit_poseidon.rs", true },
    };
    for (size_t i = 0; i < 2 && doc; i++) {
        const long want = update_golden_count(doc, T[i].file, "test_empty_sector_update_constraints_32gib (#[ignore])");
        CHECK_MSG(want > 0, "constraint_counts.json: %s missing", T[i].file);
        cuzk_update_config c;
        cuzk_err err = { 0 };
        CHECK(cuzk_update_config_init(&c, CUZK_UPDATE_32GIB_V1, T[i].poseidon, NULL) == 0);
        cuzk_cs_stats st = { 0 };
        const uint64_t t0 = cuzk_now_ns();
        CHECK_MSG(update_count(&c, &st, &err) == 0, "%s", err.msg);
        CHECK_MSG((long)(st.constraints - st.inputs) == want && st.inputs == 5,
                  "%s 32 GiB: %llu constraints + %llu inputs, want %ld + 5", T[i].file,
                  (unsigned long long)(st.constraints - st.inputs), (unsigned long long)st.inputs, want);
        printf("%s 32 GiB: %llu constraints, %llu aux, %.1f s\n", T[i].poseidon ? "Poseidon" : "standard",
               (unsigned long long)(st.constraints - st.inputs), (unsigned long long)st.aux,
               (double)(cuzk_now_ns() - t0) / 1e9);
    }
    CHECK(doc && update_golden_count(doc, "storage-proofs-update/tests/circuit.rs",
                                     "test_empty_sector_update_constraints_32gib (#[ignore])") == 81049499);
    free(doc);
    return test_finish("test_update_counts_slow");
}
