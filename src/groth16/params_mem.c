/* Params built in memory (by setup): every vector decoded, no backing file. */
#include <string.h>
#include "groth16/params_impl.h"

cuzk_params *cuzk_params_new_in_memory(cuzk_vk *vk, cuzk_g1_affine *h, uint64_t h_len,
                                       cuzk_g1_affine *l, uint64_t l_len, cuzk_g1_affine *a,
                                       uint64_t a_len, cuzk_g1_affine *b_g1, uint64_t b_g1_len,
                                       cuzk_g2_affine *b_g2, uint64_t b_g2_len)
{
    cuzk_params *p = cuzk_alloc(sizeof *p);
    if (!p) {
        cuzk_free(vk->ic);
        vk->ic = NULL;
        cuzk_free(h);
        cuzk_free(l);
        cuzk_free(a);
        cuzk_free(b_g1);
        cuzk_free(b_g2);
        return NULL;
    }
    memset(p, 0, sizeof *p);
    p->vk = *vk;
    vk->ic = NULL;   /* moved */
    vk->ic_len = 0;
    p->g1[CUZK_PARAMS_H] = h;
    p->g1[CUZK_PARAMS_L] = l;
    p->g1[CUZK_PARAMS_A] = a;
    p->g1[CUZK_PARAMS_B_G1] = b_g1;
    p->b_g2 = b_g2;
    p->count[CUZK_PARAMS_H] = h_len;
    p->count[CUZK_PARAMS_L] = l_len;
    p->count[CUZK_PARAMS_A] = a_len;
    p->count[CUZK_PARAMS_B_G1] = b_g1_len;
    p->count[CUZK_PARAMS_B_G2] = b_g2_len;
    for (int i = 0; i < CUZK_PARAMS_NVEC; i++)
        p->decoded[i] = true;
    p->source = CUZK_PARAMS_SRC_MEMORY;
    /* Accessors take the lock uniformly, so in-memory params get one too. */
    p->lock_init = pthread_mutex_init(&p->lock, NULL) == 0;
    strcpy(p->name, "<memory>");
    return p;
}
