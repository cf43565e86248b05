/* A fixed pthread pool with one blocking parallel-for.
 *
 * Tasks are claimed with an atomic counter, so uneven tasks balance without a
 * queue. The calling thread works too. A run issued from a worker thread (a
 * nested parallel section) executes inline: the pool never waits on itself. */
#include "cuzk/util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct cuzk_pool {
    unsigned n_threads;          /* including the caller */
    pthread_t *workers;          /* n_threads - 1 of them */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    pthread_mutex_t run_lock;    /* one run at a time from outside */
    uint64_t generation;
    bool stopping;
    /* the current run */
    cuzk_task_fn fn;
    void *ctx;
    size_t n_tasks;
    atomic_size_t next;
    unsigned active;             /* workers still inside the current run */
};

static _Thread_local const cuzk_pool *tls_inside_pool;

static void drain(cuzk_pool *pool)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&pool->next, 1, memory_order_relaxed);
        if (i >= pool->n_tasks)
            break;
        pool->fn(pool->ctx, i);
    }
}

static void *worker_main(void *arg)
{
    cuzk_pool *pool = arg;
    tls_inside_pool = pool;
    uint64_t seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && pool->generation == seen)
            pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stopping)
            break;
        seen = pool->generation;
        pthread_mutex_unlock(&pool->lock);
        drain(pool);
        pthread_mutex_lock(&pool->lock);
        if (--pool->active == 0)
            pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

cuzk_pool *cuzk_pool_create(unsigned n_threads)
{
    if (n_threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        n_threads = n > 0 ? (unsigned)n : 1;
    }
    cuzk_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->n_threads = n_threads;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_mutex_init(&pool->run_lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    if (n_threads > 1) {
        pool->workers = calloc(n_threads - 1, sizeof *pool->workers);
        if (!pool->workers) {
            cuzk_pool_destroy(pool);
            return NULL;
        }
        for (unsigned i = 0; i + 1 < n_threads; i++) {
            if (pthread_create(&pool->workers[i], NULL, worker_main, pool) != 0) {
                pool->n_threads = i + 1; /* destroy joins only those started */
                cuzk_pool_destroy(pool);
                return NULL;
            }
        }
    }
    return pool;
}

void cuzk_pool_destroy(cuzk_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    if (pool->workers)
        for (unsigned i = 0; i + 1 < pool->n_threads; i++)
            pthread_join(pool->workers[i], NULL);
    free(pool->workers);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->run_lock);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->done);
    free(pool);
}

unsigned cuzk_pool_threads(const cuzk_pool *pool) { return pool ? pool->n_threads : 1; }

void cuzk_pool_run(cuzk_pool *pool, size_t n_tasks, cuzk_task_fn fn, void *ctx)
{
    if (!pool || pool->n_threads <= 1 || n_tasks <= 1 || tls_inside_pool == pool) {
        for (size_t i = 0; i < n_tasks; i++)
            fn(ctx, i);
        return;
    }
    pthread_mutex_lock(&pool->run_lock);
    pthread_mutex_lock(&pool->lock);
    pool->fn = fn;
    pool->ctx = ctx;
    pool->n_tasks = n_tasks;
    atomic_store(&pool->next, 0);
    pool->active = pool->n_threads - 1;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);

    const cuzk_pool *outer = tls_inside_pool;
    tls_inside_pool = pool;
    drain(pool);
    tls_inside_pool = outer;

    pthread_mutex_lock(&pool->lock);
    while (pool->active > 0)
        pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_unlock(&pool->run_lock);
}
