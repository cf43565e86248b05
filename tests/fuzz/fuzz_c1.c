/* libFuzzer: the C1 JSON reader (cuzk_c1_parse, and the streaming parser in
 * two chunks). Both ways must agree; an accepted input writes back to JSON
 * that parses to the same structs and writes to the very same bytes. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "cuzk/porep.h"

static int same(const cuzk_porep_c1 *a, const cuzk_porep_c1 *b)
{
    size_t n = (size_t)a->partitions * a->challenges_per_partition;
    return a->seal_proof == b->seal_proof && a->partitions == b->partitions &&
           a->challenges_per_partition == b->challenges_per_partition && !memcmp(a->comm_r, b->comm_r, 32) &&
           !memcmp(a->comm_d, b->comm_d, 32) && !memcmp(a->replica_id, b->replica_id, 32) &&
           !memcmp(a->seed, b->seed, 32) && !memcmp(a->ticket, b->ticket, 32) &&
           !memcmp(a->proofs, b->proofs, n * sizeof *a->proofs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cuzk_porep_c1 c1, c2;
    cuzk_c1_envelope env, env2;
    cuzk_err err, err2;
    int rc = cuzk_c1_parse(data, size, &c1, &env, &err);

    /* the same input in two chunks, split where its first byte says */
    size_t cut = size ? (size_t)data[0] * 257 % (size + 1) : 0;
    cuzk_c1_parser *p = cuzk_c1_parser_new();
    FUZZ_ASSERT(p != NULL);
    int rc2 = cuzk_c1_parser_feed(p, data, cut, &err2);
    if (!rc2) rc2 = cuzk_c1_parser_feed(p, data + cut, size - cut, &err2);
    if (!rc2) rc2 = cuzk_c1_parser_finish(p, &c2, &env2, &err2);
    cuzk_c1_parser_free(p);
    FUZZ_ASSERT(rc == rc2);

    if (rc) {
        fuzz_check_error(rc, &err);
        fuzz_check_error(rc2, &err2);
        FUZZ_ASSERT(c1.proofs == NULL);
        return 0;
    }
    FUZZ_ASSERT(same(&c1, &c2) && env.present == env2.present && env.sector_num == env2.sector_num);
    cuzk_porep_c1_free(&c2);

    char *j = NULL, *k = NULL;
    size_t n = 0, m = 0;
    FUZZ_ASSERT(cuzk_c1_write(&c1, &j, &n, &err) == 0);
    FUZZ_ASSERT(cuzk_c1_parse(j, n, &c2, &env2, &err) == 0 && !env2.present && same(&c1, &c2));
    FUZZ_ASSERT(cuzk_c1_write(&c2, &k, &m, &err) == 0 && m == n && !memcmp(j, k, n));
    cuzk_porep_c1_free(&c2);
    free(k);
    if (env.present) {
        FUZZ_ASSERT(cuzk_c1_write_envelope(&c1, env.sector_num, &k, &m, &err) == 0);
        FUZZ_ASSERT(cuzk_c1_parse(k, m, &c2, &env2, &err) == 0 && env2.present && same(&c1, &c2));
        FUZZ_ASSERT(env2.sector_num == env.sector_num && env2.sector_size == env.sector_size);
        cuzk_porep_c1_free(&c2);
        free(k);
    }
    free(j);
    cuzk_porep_c1_free(&c1);
    return 0;
}
