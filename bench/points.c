/* Distinct host-made curve points for the GPU benches (bench_points.h). */
#include "bench_points.h"

static const cuzk_scalar START = { { 0x1234567890abcdefull, 0x0fedcba987654321ull, 0x1111222233334444ull,
                                     0x0555666677778888ull } };

cuzk_g1_affine *bench_g1_points(size_t n)
{
    cuzk_g1_affine *out = cuzk_alloc_array(n, sizeof *out), g;
    cuzk_g1_proj *tmp = cuzk_alloc_array(n, sizeof *tmp), acc, step;
    cuzk_scalar k = START;
    if (out && tmp) {
        cuzk_g1_generator(&g);
        cuzk_g1_mul_affine(&acc, &g, &k);
        k.l[0] ^= 0xffff;
        cuzk_g1_mul_affine(&step, &g, &k);
        for (size_t i = 0; i < n; i++) {
            tmp[i] = acc;
            cuzk_g1_proj_add(&acc, &acc, &step);
        }
        cuzk_g1_proj_batch_to_affine(out, tmp, n);
    } else {
        cuzk_free(out);
        out = NULL;
    }
    cuzk_free(tmp);
    return out;
}

cuzk_g2_affine *bench_g2_points(size_t n)
{
    cuzk_g2_affine *out = cuzk_alloc_array(n, sizeof *out), g;
    cuzk_g2_proj *tmp = cuzk_alloc_array(n, sizeof *tmp), acc, step;
    cuzk_scalar k = START;
    if (out && tmp) {
        cuzk_g2_generator(&g);
        cuzk_g2_mul_affine(&acc, &g, &k);
        k.l[0] ^= 0xffff;
        cuzk_g2_mul_affine(&step, &g, &k);
        for (size_t i = 0; i < n; i++) {
            tmp[i] = acc;
            cuzk_g2_proj_add(&acc, &acc, &step);
        }
        cuzk_g2_proj_batch_to_affine(out, tmp, n);
    } else {
        cuzk_free(out);
        out = NULL;
    }
    cuzk_free(tmp);
    return out;
}
