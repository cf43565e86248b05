/* Private: the in-memory proving key shared by setup/prove/verify and the
 * file formats in src/groth16/io/.
 *
 * Who uses what:
 *  - setup, prove, verify: this header and cuzk_params_new_in_memory
 *    (params_mem.c).
 *  - src/groth16/io/: cuzk_params_read/_read_buffer/_write, the lazy decoding
 *    and the accessors cuzk_params_vk/_count/_g1/_g2/_free, cuzk_vk_*.
 *
 * Memory: vk.ic and every decoded vector come from cuzk_alloc / cuzk_alloc_array
 * and are released with cuzk_free. */
#ifndef CUZK_GROTH16_PARAMS_IMPL_H
#define CUZK_GROTH16_PARAMS_IMPL_H

#include <pthread.h>
#include "cuzk/groth16.h"

#define CUZK_PARAMS_NVEC 5   /* H, L, A, B_G1, B_G2 (cuzk_params_vector order) */

typedef enum {
    CUZK_PARAMS_SRC_MEMORY = 0,  /* built by setup: all vectors decoded, no backing bytes */
    CUZK_PARAMS_SRC_MMAP,        /* map is an mmap of a .params file (munmap on free) */
    CUZK_PARAMS_SRC_BUFFER,      /* map is a heap copy owned by the params (cuzk_free) */
    CUZK_PARAMS_SRC_BORROWED,    /* map belongs to the caller and outlives the params */
} cuzk_params_source;

struct cuzk_params {
    cuzk_vk vk;                              /* decoded eagerly (checked) */

    /* Decoded vectors; NULL until decoded (always set for in-memory params).
     * g1[CUZK_PARAMS_B_G2] is unused: B_G2 lives in b_g2. */
    cuzk_g1_affine *g1[CUZK_PARAMS_NVEC];
    cuzk_g2_affine *b_g2;
    uint64_t count[CUZK_PARAMS_NVEC];        /* points in each vector */

    /* Lazy decoding from the file bytes. */
    cuzk_params_source source;
    const uint8_t *map;                      /* whole file, NULL for in-memory params */
    size_t map_len;
    uint64_t offset[CUZK_PARAMS_NVEC];       /* file offset of each vector's first point */
    bool checked;                            /* subgroup-check every decoded point */
    bool decoded[CUZK_PARAMS_NVEC];          /* set under lock once the vector is ready */
    pthread_mutex_t lock;                    /* guards decoding and decoded[] */
    bool lock_init;                          /* lock was initialised (free destroys it) */
    char name[128];                          /* file path or "<buffer>", for messages */
    cuzk_err decode_err[CUZK_PARAMS_NVEC];   /* a failed lazy decode, repeated to later calls */
    uint64_t decode_chunk;                   /* points per parallel decode task; 0: default */

    /* The CPU prover's precomputed H and L tables (params_tables.c); NULL
     * unless cuzk_params_precompute built them (L only beside H: its MSM
     * shares H's buckets). Immutable once set (under lock). */
    cuzk_g1_msm_table *h_table;
    cuzk_g1_msm_table *l_table;
};

/* Builds params that own vk (its ic included) and the five vectors (each
 * moved in: the pointers become the params'; pass NULL arrays only with a
 * zero count). Returns NULL when allocation fails; on failure the moved-in
 * arrays are freed too, so the caller never frees them. */
cuzk_params *cuzk_params_new_in_memory(cuzk_vk *vk, cuzk_g1_affine *h, uint64_t h_len,
                                       cuzk_g1_affine *l, uint64_t l_len, cuzk_g1_affine *a,
                                       uint64_t a_len, cuzk_g1_affine *b_g1, uint64_t b_g1_len,
                                       cuzk_g2_affine *b_g2, uint64_t b_g2_len);

/* The H table if cuzk_params_precompute built one, else NULL (read under the lock). */
const cuzk_g1_msm_table *cuzk_params_h_table(cuzk_params *p);
/* The L table, likewise; only ever set when the H table is. */
const cuzk_g1_msm_table *cuzk_params_l_table(cuzk_params *p);

#endif
