/* C1 at full size: a random 32 GiB-shaped C1 (10 partitions x 18 challenges,
 * tree 8-8-0, 11 layers) and a 64 GiB one (8-8-2) written, parsed back from
 * memory, from a file and inside the envelope; times and peak RSS printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cuzk/porep.h"
#include "test.h"
#include "circuits/c1_build.h"

static long peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

static void run(cuzk_seal_proof sp)
{
    cuzk_porep_c1 c1, back;
    cuzk_err err;
    CHECK(build_c1(&c1, sp, 7) == 0);
    char *json = NULL, *env = NULL;
    size_t len = 0, elen = 0;
    uint64_t t0 = cuzk_now_ns();
    CHECK(cuzk_c1_write(&c1, &json, &len, &err) == 0);
    uint64_t t1 = cuzk_now_ns();
    long rss0 = peak_rss_mb();
    int rc = cuzk_c1_parse(json, len, &back, NULL, &err);
    uint64_t t2 = cuzk_now_ns();
    CHECK_MSG(rc == 0, "%s", err.msg);
    CHECK(rc == 0 && c1_equal(&c1, &back));
    if (!rc) cuzk_porep_c1_free(&back);
    printf("%s: JSON %.1f MB, write %.3f s, parse from memory %.3f s (%.0f MB/s)\n", cuzk_seal_proof_name(sp),
           len / 1e6, (t1 - t0) / 1e9, (t2 - t1) / 1e9, len / 1e6 / ((t2 - t1) / 1e9));

    char path[] = "/tmp/cuzk_c1_slow_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    CHECK(f && fwrite(json, 1, len, f) == len);
    if (f) fclose(f);
    free(json);
    long rss1 = peak_rss_mb();
    t0 = cuzk_now_ns();
    rc = cuzk_c1_parse_file(path, &back, NULL, &err);
    t1 = cuzk_now_ns();
    CHECK_MSG(rc == 0, "%s", err.msg);
    CHECK(rc == 0 && c1_equal(&c1, &back));
    if (!rc) cuzk_porep_c1_free(&back);
    remove(path);
    printf("%s: parse from file %.3f s; peak RSS %ld MB before, %ld MB after (proof structs %.1f MB)\n",
           cuzk_seal_proof_name(sp), (t1 - t0) / 1e9, rss1, peak_rss_mb(),
           (double)c1.partitions * c1.challenges_per_partition * sizeof *c1.proofs / 1e6);
    (void)rss0;

    CHECK(cuzk_c1_write_envelope(&c1, 1, &env, &elen, &err) == 0);
    cuzk_c1_envelope e;
    t0 = cuzk_now_ns();
    rc = cuzk_c1_parse(env, elen, &back, &e, &err);
    t1 = cuzk_now_ns();
    CHECK_MSG(rc == 0, "%s", err.msg);
    CHECK(rc == 0 && e.present && e.sector_num == 1 && c1_equal(&c1, &back));
    if (!rc) cuzk_porep_c1_free(&back);
    printf("%s: envelope %.1f MB parsed in %.3f s\n", cuzk_seal_proof_name(sp), elen / 1e6, (t1 - t0) / 1e9);
    free(env);
    cuzk_porep_c1_free(&c1);
}

int main(void)
{
    run(CUZK_SEAL_32GIB_V1_1);
    run(CUZK_SEAL_64GIB_V1_1);
    return test_finish("test_c1_slow");
}
