/* Modular inversion by a batched binary GCD (private to src/ff).
 *
 * Variable time: for public values only (curve points, domain constants),
 * which is all Fp and Fr inversions ever see in this code base. */
#ifndef CUZK_FF_INV_H
#define CUZK_FF_INV_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* r = x^-1 mod m as plain integers, for odd m with top limb < 2^63 and
 * 0 < x < m, n <= 6 limbs; n0 = -m^-1 mod 2^64. Returns false (r untouched)
 * if the GCD did not finish within its iteration budget or x is not
 * invertible; callers then fall back to Fermat. */
bool cuzk_ff_inv_bingcd(uint64_t *r, const uint64_t *x, const uint64_t *m, uint64_t n0, size_t n);

#endif
