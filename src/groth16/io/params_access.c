/* Accessors of cuzk_params and the lazy decoding of file-backed vectors.
 *
 * The first cuzk_params_g1/_g2 call for a vector decodes it under p->lock
 * (on-curve always, the subgroup too when the params were read checked,
 * infinity refused), in parallel on a pool made for the occasion when the
 * vector is large: the API has no pool argument and decoding the production
 * files one point at a time would take minutes. A failed decode is
 * remembered, and every later call for that vector gets the same error. */
#include <inttypes.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "groth16/io/io_impl.h"
#include "groth16/params_impl.h"

const cuzk_vk *cuzk_params_vk(const cuzk_params *p) { return &p->vk; }

uint64_t cuzk_params_count(const cuzk_params *p, cuzk_params_vector which)
{
    return (unsigned)which < CUZK_PARAMS_NVEC ? p->count[which] : 0;
}

typedef struct {
    const cuzk_params *p;
    int which;
    uint64_t chunk, n;
    void *out;                   /* cuzk_g1_affine[n] or cuzk_g2_affine[n] */
    _Atomic uint64_t first_bad;  /* lowest failing index seen, UINT64_MAX if none */
} decode_job;

static bool decode_one(const decode_job *j, uint64_t i, cuzk_err *err)
{
    const cuzk_params *p = j->p;
    uint64_t size = cuzk_params_point_bytes(j->which);
    uint64_t off = p->offset[j->which] + i * size;
    const char *field = cuzk_params_field(j->which);
    if (j->which == CUZK_PARAMS_B_G2)
        return cuzk_io_g2_at((cuzk_g2_affine *)j->out + i, p->map + off, p->checked, false, p->name,
                             field, (int64_t)i, off, err) == 0;
    return cuzk_io_g1_at((cuzk_g1_affine *)j->out + i, p->map + off, p->checked, false, p->name,
                         field, (int64_t)i, off, err) == 0;
}

static void decode_task(void *ctx, size_t t)
{
    decode_job *j = ctx;
    uint64_t lo = (uint64_t)t * j->chunk, hi = lo + j->chunk < j->n ? lo + j->chunk : j->n;
    /* a failure earlier in the vector decides the error: skip work past it */
    if (lo > atomic_load_explicit(&j->first_bad, memory_order_relaxed))
        return;
    for (uint64_t i = lo; i < hi; i++) {
        if (decode_one(j, i, NULL))
            continue;
        uint64_t cur = atomic_load(&j->first_bad);
        while (i < cur && !atomic_compare_exchange_weak(&j->first_bad, &cur, i)) {
        }
        return;
    }
}

/* Drops the decoded range of an mmap from this process: the points now live
 * in the decoded array, and the pages are re-read from the file if needed. */
static void release_pages(const cuzk_params *p, uint64_t off, uint64_t len)
{
    if (p->source != CUZK_PARAMS_SRC_MMAP || len == 0)
        return;
    long pg = sysconf(_SC_PAGESIZE);
    if (pg <= 0)
        return;
    uintptr_t a = ((uintptr_t)(p->map + off) + (uintptr_t)pg - 1) & ~((uintptr_t)pg - 1);
    uintptr_t b = (uintptr_t)(p->map + off + len) & ~((uintptr_t)pg - 1);
    if (b > a)
        madvise((void *)a, b - a, MADV_DONTNEED);
}

int cuzk_params_decode_vector(cuzk_params *p, int which, cuzk_err *err)
{
    uint64_t n = p->count[which];
    size_t elem = which == CUZK_PARAMS_B_G2 ? sizeof(cuzk_g2_affine) : sizeof(cuzk_g1_affine);
    /* n was checked against the file size when the params were read */
    void *out = cuzk_alloc_array(n ? (size_t)n : 1, elem);
    if (!out)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory to decode %s (%" PRIu64 " points)",
                            p->name, cuzk_params_field(which), n);
    decode_job j = { .p = p, .which = which, .chunk = p->decode_chunk ? p->decode_chunk : 4096, .n = n, .out = out };
    atomic_init(&j.first_bad, UINT64_MAX);
    uint64_t tasks = (n + j.chunk - 1) / j.chunk;
    if (p->source == CUZK_PARAMS_SRC_MMAP && n > 0) {
        /* start reading the whole vector now: the tasks touch it in parallel */
        long pg = sysconf(_SC_PAGESIZE);
        uintptr_t a = (uintptr_t)(p->map + p->offset[which]), e = a + n * cuzk_params_point_bytes(which);
        if (pg > 0)
            madvise((void *)(a & ~((uintptr_t)pg - 1)), e - (a & ~((uintptr_t)pg - 1)), MADV_WILLNEED);
    }
    cuzk_pool *pool = tasks >= 2 ? cuzk_pool_create(0) : NULL;   /* NULL: runs inline */
    cuzk_pool_run(pool, (size_t)tasks, decode_task, &j);
    cuzk_pool_destroy(pool);
    uint64_t bad = atomic_load(&j.first_bad);
    if (bad != UINT64_MAX) {
        decode_one(&j, bad, err);   /* again, serially, for the message */
        cuzk_free(out);
        return err ? err->code : CUZK_ERR_PARSE;
    }
    if (which == CUZK_PARAMS_B_G2)
        p->b_g2 = out;
    else
        p->g1[which] = out;
    p->decoded[which] = true;
    release_pages(p, p->offset[which], n * cuzk_params_point_bytes(which));
    return 0;
}

/* The vector, decoding it first if needed; the lock makes concurrent first
 * calls decode once. */
static int params_vector(cuzk_params *p, int which, cuzk_err *err)
{
    if (p->lock_init)
        pthread_mutex_lock(&p->lock);
    int rc = 0;
    if (!p->decoded[which]) {
        if (p->decode_err[which].code) {
            rc = p->decode_err[which].code;
            if (err)
                *err = p->decode_err[which];
        } else if (!p->map) {
            rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "%s: vector %s is not available",
                              p->name, cuzk_params_field(which));
        } else {
            rc = cuzk_params_decode_vector(p, which, &p->decode_err[which]);
            if (rc && err)
                *err = p->decode_err[which];
        }
    }
    if (p->lock_init)
        pthread_mutex_unlock(&p->lock);
    return rc;
}

int cuzk_params_g1(cuzk_params *p, cuzk_params_vector which, const cuzk_g1_affine **out, cuzk_err *err)
{
    if (!p || !out || (unsigned)which >= CUZK_PARAMS_B_G2)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_params_g1: bad argument (vector %d)", (int)which);
    int rc = params_vector(p, which, err);
    *out = rc ? NULL : p->g1[which];
    return rc;
}

int cuzk_params_g2(cuzk_params *p, const cuzk_g2_affine **out, cuzk_err *err)
{
    if (!p || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_params_g2: NULL argument");
    int rc = params_vector(p, CUZK_PARAMS_B_G2, err);
    *out = rc ? NULL : p->b_g2;
    return rc;
}

void cuzk_params_free(cuzk_params *p)
{
    if (!p)
        return;
    cuzk_vk_free(&p->vk);
    for (int i = 0; i < CUZK_PARAMS_B_G2; i++)
        cuzk_free(p->g1[i]);
    cuzk_free(p->b_g2);
    cuzk_g1_msm_table_free(p->h_table);
    cuzk_g1_msm_table_free(p->l_table);
    if (p->source == CUZK_PARAMS_SRC_MMAP)
        cuzk_io_unmap_file(p->map, p->map_len);
    else if (p->source == CUZK_PARAMS_SRC_BUFFER)
        cuzk_free((void *)p->map);
    if (p->lock_init)
        pthread_mutex_destroy(&p->lock);
    cuzk_free(p);
}
