/* Eight-lane Fr and Fp Montgomery multiplication with AVX-512 IFMA
 * (vpmadd52luq / vpmadd52huq), for batches of independent products.
 *
 * Why: on a Zen 4 core the scalar mulx/adcx/adox kernels run at the
 * core's limit of about 1.5 cycles per 64x64 limb product with its two adds
 * (Fr mul ~57 cycles, Fp mul ~130 cycles of throughput); the 52-bit vector
 * multiplier does eight lanes at once.
 *
 * Representation (cuzk_fr_x8, cuzk_fp_x8): eight field elements, limb j of
 * lane k at l[j][k], radix 2^52 (5 limbs for Fr, 8 for Fp), each limb < 2^52,
 * holding the SAME integer as the library's Montgomery form (x * 2^256 mod r,
 * x * 2^384 mod p), fully reduced. Only the radix changes, so load/store are
 * bit shuffles and the results equal cuzk_fr_mul / cuzk_fp_mul bit for bit.
 *
 * Call these only when cuzk_ff_ifma_available() says the CPU has AVX-512F
 * and AVX-512 IFMA; the *_mul_many functions check by themselves and fall
 * back to the scalar kernels. The code is built only for x86-64 gcc/clang
 * (CUZK_FF_HAVE_IFMA); elsewhere available() is false. */
#ifndef CUZK_FF_IFMA_H
#define CUZK_FF_IFMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/ff.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define CUZK_FF_HAVE_IFMA 1
#else
#define CUZK_FF_HAVE_IFMA 0
#endif

typedef struct { _Alignas(64) uint64_t l[5][8]; } cuzk_fr_x8;
typedef struct { _Alignas(64) uint64_t l[8][8]; } cuzk_fp_x8;

/* true when this CPU runs the IFMA kernels (checked once, cached by gcc's
 * cpu model; no global state of ours). */
bool cuzk_ff_ifma_available(void);

/* AoS <-> SoA, 64-bit limbs <-> 52-bit limbs. Inputs fully reduced. */
void cuzk_fr_x8_load(cuzk_fr_x8 *r, const cuzk_fr a[8]);
void cuzk_fr_x8_store(cuzk_fr out[8], const cuzk_fr_x8 *a);
void cuzk_fp_x8_load(cuzk_fp_x8 *r, const cuzk_fp a[8]);
void cuzk_fp_x8_store(cuzk_fp out[8], const cuzk_fp_x8 *a);

/* r = a * b lane-wise (Montgomery, same result as cuzk_fr_mul); r may alias. */
void cuzk_fr_x8_mul(cuzk_fr_x8 *r, const cuzk_fr_x8 *a, const cuzk_fr_x8 *b);
void cuzk_fp_x8_mul(cuzk_fp_x8 *r, const cuzk_fp_x8 *a, const cuzk_fp_x8 *b);

/* r = a + b and r = a - b lane-wise (fully reduced); r may alias. */
void cuzk_fr_x8_add(cuzk_fr_x8 *r, const cuzk_fr_x8 *a, const cuzk_fr_x8 *b);
void cuzk_fr_x8_sub(cuzk_fr_x8 *r, const cuzk_fr_x8 *a, const cuzk_fr_x8 *b);
void cuzk_fp_x8_add(cuzk_fp_x8 *r, const cuzk_fp_x8 *a, const cuzk_fp_x8 *b);
void cuzk_fp_x8_sub(cuzk_fp_x8 *r, const cuzk_fp_x8 *a, const cuzk_fp_x8 *b);

/* The radix-2 FFT butterfly over arrays: for i < n, with v = x1[i] *
 * w[i * wstride]: x1[i] = x0[i] - v, x0[i] = x0[i] + v (the inner loop of
 * src/poly/fft.c). IFMA in blocks of 8 when available, scalar otherwise;
 * x0 and x1 must not overlap. */
void cuzk_fr_butterfly_many(cuzk_fr *x0, cuzk_fr *x1, const cuzk_fr *w, size_t wstride, size_t n);

/* Affine point additions A_i += B_i (i < n) on a short Weierstrass curve
 * over Fp, y^2 = x^3 + c, with one shared inversion (Montgomery's trick):
 * a[i] and b[i] point to (x, y) as two consecutive cuzk_fp (cuzk_g1_affine),
 * neither the point at infinity; the a[i] must be distinct (they are
 * written). Each pair is an addition (x differ), a doubling (A = B, y != 0)
 * or gives infinity (B = -A): then out_inf[i] = 1 and A_i is left as it
 * was. scratch: cuzk_fp_affine_add_scratch_bytes(n) bytes, any alignment.
 * With IFMA and n >= 8 all of it runs in blocks of 8 lanes (6 vector
 * products an addition; the last block padded with a dummy pair, so one
 * inversion in all); smaller batches and other CPUs take the scalar path. */
size_t cuzk_fp_affine_add_scratch_bytes(size_t n);
void cuzk_fp_affine_add_many(cuzk_fp *const *a, const cuzk_fp *const *b, uint8_t *out_inf, size_t n,
                             void *scratch);

/* The same over Fp2 (G2: y^2 = x^3 + c with x, y in Fp2): a[i] and b[i]
 * point to (x, y) as two consecutive cuzk_fp2 (cuzk_g2_affine); 17 vector
 * Fp products an addition (Karatsuba Fp2 products, two-product squares). */
size_t cuzk_fp2_affine_add_scratch_bytes(size_t n);
void cuzk_fp2_affine_add_many(cuzk_fp2 *const *a, const cuzk_fp2 *const *b, uint8_t *out_inf, size_t n,
                              void *scratch);

/* The portable paths of the two above on any CPU (what they fall back to,
 * and the baseline of `cuzk-bench arith`): the same results, with pre[] (n
 * elements) for the prefix products instead of scratch. */
void cuzk_fp_affine_add_many_scalar(cuzk_fp *const *a, const cuzk_fp *const *b, uint8_t *out_inf, size_t n,
                                    cuzk_fp *pre);
void cuzk_fp2_affine_add_many_scalar(cuzk_fp2 *const *a, const cuzk_fp2 *const *b, uint8_t *out_inf,
                                     size_t n, cuzk_fp2 *pre);

/* r[k * rstride] = a[k * astride] * p0 * t^k for k < n (strides in
 * elements, may be negative; r may equal a with the same stride): the coset
 * and scaling passes of the FFT (cuzk_poly_distribute_powers, the reversed
 * scaling of the inverse transform). IFMA keeps eight power chains p0 t^(8q+i)
 * stepped by t^8, so no product waits on the one before. */
void cuzk_fr_mul_powers(cuzk_fr *r, ptrdiff_t rstride, const cuzk_fr *a, ptrdiff_t astride, size_t n,
                        const cuzk_fr *p0, const cuzk_fr *t);

/* r[i] = a[i] * b[i] for i < n; IFMA in blocks of 8 when available, scalar
 * for the rest. r may alias a or b (elementwise). */
void cuzk_fr_mul_many(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b, size_t n);
void cuzk_fp_mul_many(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b, size_t n);

#endif
