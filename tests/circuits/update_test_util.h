/* Helpers of the SnapDeals tests: known answers from constraint_counts.json
 * (whose test names repeat between upstream files, so an entry is found by
 * its source file and test name). */
#ifndef CUZK_TESTS_UPDATE_TEST_UTIL_H
#define CUZK_TESTS_UPDATE_TEST_UTIL_H

#include "gadgets/poseidon_golden.h"
#include "cuzk/update.h"

/* num_constraints of the entry whose "source" ends in `file` and whose
 * "test" is exactly `test`; -1 if there is none. */
static inline long update_golden_count(const char *doc, const char *file, const char *test)
{
    char want_test[160];
    snprintf(want_test, sizeof want_test, "\"test\": \"%s\"", test);
    for (const char *p = doc ? strstr(doc, "\"source\": \"") : NULL; p; p = strstr(p + 1, "\"source\": \"")) {
        const char *end = strchr(p, '}');
        const char *src_end = strchr(p + 11, '"');
        if (!end || !src_end) return -1;
        const size_t fl = strlen(file);
        const bool src_ok = (size_t)(src_end - (p + 11)) >= fl && memcmp(src_end - fl, file, fl) == 0;
        const char *t = strstr(p, want_test);
        if (src_ok && t && t < end) {
            const char *q = strstr(p, "\"num_constraints\": ");
            if (q && q < end) return strtol(q + strlen("\"num_constraints\": "), NULL, 10);
        }
    }
    return -1;
}

/* Synthesizes the blank circuit of cfg into a counter. */
static inline int update_count(const cuzk_update_config *cfg, cuzk_cs_stats *st, cuzk_err *err)
{
    cuzk_update_circuit *uc = NULL;
    int rc = cuzk_update_circuit_new_blank(&uc, cfg, err);
    if (rc) return rc;
    cuzk_circuit c = cuzk_update_circuit_get(uc);
    cuzk_cs *cs = cuzk_cs_counter_new();
    rc = cuzk_circuit_synthesize(&c, cs, err);
    cuzk_cs_get_stats(cs, st);
    cuzk_cs_free(cs);
    cuzk_update_circuit_free(uc);
    return rc;
}

#endif
