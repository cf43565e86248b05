/* Benchmark inputs of the GPU benches: distinct curve points made on the host. */
#ifndef CUZK_BENCH_POINTS_H
#define CUZK_BENCH_POINTS_H

#include <stddef.h>

#include "cuzk/ec.h"

/* n distinct affine points P + i Q of G1 / G2 (P, Q fixed multiples of the
 * generator), from cuzk_alloc_array (cuzk_free); NULL without memory. */
cuzk_g1_affine *bench_g1_points(size_t n);
cuzk_g2_affine *bench_g2_points(size_t n);

#endif
