/* The thread pool runs every task exactly once, nested runs go inline, and the
 * deterministic rng and error helpers behave. */
#include "cuzk/util.h"
#include "test.h"

#include <stdatomic.h>

typedef struct { atomic_int *hits; cuzk_pool *pool; atomic_int *nested; } ctx_t;

static void count_task(void *arg, size_t i)
{
    ctx_t *c = arg;
    atomic_fetch_add(&c->hits[i], 1);
}

static void inner_task(void *arg, size_t i)
{
    (void)i;
    atomic_fetch_add((atomic_int *)arg, 1);
}

static void outer_task(void *arg, size_t i)
{
    ctx_t *c = arg;
    (void)i;
    cuzk_pool_run(c->pool, 10, inner_task, c->nested);
}

int main(void)
{
    for (unsigned threads = 1; threads <= 4; threads++) {
        cuzk_pool *pool = cuzk_pool_create(threads);
        CHECK(pool != NULL);
        CHECK(cuzk_pool_threads(pool) == threads);
        enum { N = 10000 };
        static atomic_int hits[N];
        for (int i = 0; i < N; i++) atomic_store(&hits[i], 0);
        ctx_t c = { hits, pool, NULL };
        for (int rep = 0; rep < 3; rep++)
            cuzk_pool_run(pool, N, count_task, &c);
        int bad = 0;
        for (int i = 0; i < N; i++) bad += atomic_load(&hits[i]) != 3;
        CHECK_MSG(bad == 0, "%d tasks not run exactly 3 times with %u threads", bad, threads);

        atomic_int nested = 0;
        c.nested = &nested;
        cuzk_pool_run(pool, 8, outer_task, &c);
        CHECK(atomic_load(&nested) == 80);
        cuzk_pool_destroy(pool);
    }
    cuzk_pool_run(NULL, 0, count_task, NULL); /* zero tasks, no pool: nothing happens */

    cuzk_rng a, b;
    cuzk_rng_seed(&a, 42);
    cuzk_rng_seed(&b, 42);
    uint64_t x = cuzk_rng_u64(&a);
    CHECK(x == cuzk_rng_u64(&b));
    CHECK(x != cuzk_rng_u64(&a));

    cuzk_err err;
    CHECK(cuzk_err_set(&err, CUZK_ERR_NOT_ON_CURVE, "point %d", 7) == CUZK_ERR_NOT_ON_CURVE);
    CHECK(strcmp(err.msg, "point 7") == 0);
    CHECK(strcmp(cuzk_err_name(CUZK_ERR_NOT_IN_SUBGROUP), "not_in_subgroup") == 0);
    CHECK(strcmp(cuzk_err_name(999), "unknown") == 0);
    CHECK(cuzk_alloc_array(SIZE_MAX / 2, 4) == NULL);
    void *p = cuzk_alloc(100);
    CHECK(p != NULL && ((uintptr_t)p & 63) == 0);
    cuzk_free(p);

    unsigned char buf[32] = {0};
    CHECK(cuzk_os_random(buf, sizeof buf, &err) == 0);
    CHECK(strstr(cuzk_build_id(), "cuzk ") == cuzk_build_id());
    return test_finish("util_pool");
}
