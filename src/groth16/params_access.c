/* TEMPORARY (engineer groth16): minimal accessors for in-memory params so
 * setup/prove/verify can be built and tested before src/groth16/io/ lands.
 * g16io: delete this file in the commit that adds your versions. */
#include <string.h>
#include <sys/mman.h>
#include "groth16/params_impl.h"

const cuzk_vk *cuzk_params_vk(const cuzk_params *p) { return &p->vk; }

uint64_t cuzk_params_count(const cuzk_params *p, cuzk_params_vector which)
{
    return (unsigned)which < CUZK_PARAMS_NVEC ? p->count[which] : 0;
}

int cuzk_params_g1(cuzk_params *p, cuzk_params_vector which, const cuzk_g1_affine **out, cuzk_err *err)
{
    if ((unsigned)which >= CUZK_PARAMS_B_G2)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "params: vector %d is not a G1 vector", (int)which);
    if (!p->decoded[which])
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "%s: lazy decoding not available", p->name);
    *out = p->g1[which];
    return 0;
}

int cuzk_params_g2(cuzk_params *p, const cuzk_g2_affine **out, cuzk_err *err)
{
    if (!p->decoded[CUZK_PARAMS_B_G2])
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "%s: lazy decoding not available", p->name);
    *out = p->b_g2;
    return 0;
}

void cuzk_params_free(cuzk_params *p)
{
    if (!p)
        return;
    cuzk_free(p->vk.ic);
    for (int i = 0; i < CUZK_PARAMS_B_G2; i++)
        cuzk_free(p->g1[i]);
    cuzk_free(p->b_g2);
    if (p->source == CUZK_PARAMS_SRC_MMAP && p->map)
        munmap((void *)p->map, p->map_len);
    else if (p->source == CUZK_PARAMS_SRC_BUFFER)
        cuzk_free((void *)p->map);
    if (p->lock_init)
        pthread_mutex_destroy(&p->lock);
    cuzk_free(p);
}
