/* Double-width Fp values for lazy reduction in the tower (private header).
 *
 * A sum of products such as a0 b0 - a1 b1 costs one Montgomery reduction
 * instead of one per product when the products are kept at full width (768
 * bits) and reduced once at the end. cuzk_fpw values live in [0, p 2^384):
 * that is the input range of the reduction below (it returns < p), and it is
 * closed under add/sub mod p 2^384 (a multiple of p, so values mod p are kept).
 * A product of two values < 2p is < 4p^2 < p 2^384 since 4p < 2^384, which is
 * why operands may be unreduced sums of two reduced values (cuzk_fp_add_nr).
 *
 * On x86-64 with CUZK_ASM the product and the reduction use mulx/adcx/adox;
 * elsewhere __int128 loops. */
#ifndef CUZK_FF_FP_WIDE_H
#define CUZK_FF_FP_WIDE_H

#include <stdint.h>

#include "cuzk/ff.h"
#include "mont.h"

typedef struct { uint64_t l[12]; } cuzk_fpw;

static const uint64_t cuzk_fpw_p[6] = {
    0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
    0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL};
static const uint64_t cuzk_fpw_n0 = 0x89f3fffcfffcfffdULL; /* -p^-1 mod 2^64 */

/* Not at -O0: unoptimized code cannot find the 13 registers the product needs. */
#if defined(CUZK_ASM) && defined(__x86_64__) && defined(__GNUC__) && defined(__OPTIMIZE__)
#define CUZK_FPW_ADX 1
#else
#define CUZK_FPW_ADX 0
#endif

#if CUZK_FPW_ADX
/* One row of the schoolbook product: t(r0..r5) += a * b[off/8], the top word
 * going to r6 (written, not read). Low halves ride the CF chain (adcx), high
 * halves the OF chain (adox); rdx doubles as the zero that closes both. */
#define CUZK_FPW_ROW(off, r0, r1, r2, r3, r4, r5, r6)                                     \
    "movq " #off "(%[b]), %%rdx\n\t"                                                    \
    "xorl %k[lo], %k[lo]\n\t"                                                           \
    "mulxq 0(%[a]), %[lo], %[hi]\n\t"  "adcxq %[lo], %[" #r0 "]\n\t"                     \
                                       "adoxq %[hi], %[" #r1 "]\n\t"                     \
    "mulxq 8(%[a]), %[lo], %[hi]\n\t"  "adcxq %[lo], %[" #r1 "]\n\t"                     \
                                       "adoxq %[hi], %[" #r2 "]\n\t"                     \
    "mulxq 16(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r2 "]\n\t"                     \
                                       "adoxq %[hi], %[" #r3 "]\n\t"                     \
    "mulxq 24(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r3 "]\n\t"                     \
                                       "adoxq %[hi], %[" #r4 "]\n\t"                     \
    "mulxq 32(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r4 "]\n\t"                     \
                                       "adoxq %[hi], %[" #r5 "]\n\t"                     \
    "mulxq 40(%[a]), %[lo], %[" #r6 "]\n\t"                                             \
    "adcxq %[lo], %[" #r5 "]\n\t"                                                       \
    "movl $0, %%edx\n\t"                                                                \
    "adoxq %%rdx, %[" #r6 "]\n\t"                                                       \
    "adcxq %%rdx, %[" #r6 "]\n\t"

/* r = a * b, 12 limbs. */
static inline void cuzk_fpw_mul(cuzk_fpw *r, const cuzk_fp *a, const cuzk_fp *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, d;
    __asm__(
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %[t0], %[t1]\n\t"
        "mulxq 8(%[a]), %[lo], %[t2]\n\t"  "addq %[lo], %[t1]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t" "adcq %[lo], %[t2]\n\t"
        "mulxq 24(%[a]), %[lo], %[t4]\n\t" "adcq %[lo], %[t3]\n\t"
        "mulxq 32(%[a]), %[lo], %[t5]\n\t" "adcq %[lo], %[t4]\n\t"
        "mulxq 40(%[a]), %[lo], %[t6]\n\t" "adcq %[lo], %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        "movq %[t0], 0(%[r])\n\t"
        CUZK_FPW_ROW(8, t1, t2, t3, t4, t5, t6, t0)
        "movq %[t1], 8(%[r])\n\t"
        CUZK_FPW_ROW(16, t2, t3, t4, t5, t6, t0, t1)
        "movq %[t2], 16(%[r])\n\t"
        CUZK_FPW_ROW(24, t3, t4, t5, t6, t0, t1, t2)
        "movq %[t3], 24(%[r])\n\t"
        CUZK_FPW_ROW(32, t4, t5, t6, t0, t1, t2, t3)
        "movq %[t4], 32(%[r])\n\t"
        CUZK_FPW_ROW(40, t5, t6, t0, t1, t2, t3, t4)
        "movq %[t5], 40(%[r])\n\t"
        "movq %[t6], 48(%[r])\n\t"
        "movq %[t0], 56(%[r])\n\t"
        "movq %[t1], 64(%[r])\n\t"
        "movq %[t2], 72(%[r])\n\t"
        "movq %[t3], 80(%[r])\n\t"
        "movq %[t4], 88(%[r])\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d),
          "=m"(*(uint64_t(*)[12])r->l)
        : [a] "r"(a->l), [b] "r"(b->l), [r] "r"(r->l),
          "m"(*(const uint64_t(*)[6])a->l), "m"(*(const uint64_t(*)[6])b->l)
        : "cc");
    (void)t0; (void)t1; (void)t2; (void)t3; (void)t4; (void)t5; (void)t6;
    (void)lo; (void)hi; (void)d;
}

/* One reduction row: m = r0 n0, t(r0..r6) += m p, which zeroes r0. */
#define CUZK_FPW_RED(r0, r1, r2, r3, r4, r5, r6)                                          \
    "movq %[" #r0 "], %%rdx\n\t"                                                        \
    "imulq %[n0], %%rdx\n\t"                                                            \
    "xorl %k[lo], %k[lo]\n\t"                                                           \
    "mulxq %[p0], %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r0 "]\n\t"                        \
                                    "adoxq %[hi], %[" #r1 "]\n\t"                        \
    "mulxq %[p1], %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r1 "]\n\t"                        \
                                    "adoxq %[hi], %[" #r2 "]\n\t"                        \
    "mulxq %[p2], %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r2 "]\n\t"                        \
                                    "adoxq %[hi], %[" #r3 "]\n\t"                        \
    "mulxq %[p3], %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r3 "]\n\t"                        \
                                    "adoxq %[hi], %[" #r4 "]\n\t"                        \
    "mulxq %[p4], %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r4 "]\n\t"                        \
                                    "adoxq %[hi], %[" #r5 "]\n\t"                        \
    "mulxq %[p5], %[lo], %[hi]\n\t" "adcxq %[lo], %[" #r5 "]\n\t"                        \
                                    "adoxq %[hi], %[" #r6 "]\n\t"                        \
    "movl $0, %%edx\n\t"                                                                \
    "adcxq %%rdx, %[" #r6 "]\n\t"

/* r = a / 2^384 mod p for a < p 2^384. Reducing the low half alone gives
 * V = (L + M p) / 2^384 <= p; adding the high half H < p gives < 2p, and one
 * conditional subtraction of p finishes. */
static inline void cuzk_fpw_redc(cuzk_fp *r, const cuzk_fpw *a)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, d, x;
    const uint64_t *ap = a->l;
    __asm__(
        "movq 0(%[a]), %[t0]\n\t"  "movq 8(%[a]), %[t1]\n\t"  "movq 16(%[a]), %[t2]\n\t"
        "movq 24(%[a]), %[t3]\n\t" "movq 32(%[a]), %[t4]\n\t" "movq 40(%[a]), %[t5]\n\t"
        "xorl %k[t6], %k[t6]\n\t"
        CUZK_FPW_RED(t0, t1, t2, t3, t4, t5, t6)
        CUZK_FPW_RED(t1, t2, t3, t4, t5, t6, t0)
        CUZK_FPW_RED(t2, t3, t4, t5, t6, t0, t1)
        CUZK_FPW_RED(t3, t4, t5, t6, t0, t1, t2)
        CUZK_FPW_RED(t4, t5, t6, t0, t1, t2, t3)
        CUZK_FPW_RED(t5, t6, t0, t1, t2, t3, t4)
        /* V in t6 t0 t1 t2 t3 t4; add H */
        "addq 48(%[a]), %[t6]\n\t" "adcq 56(%[a]), %[t0]\n\t" "adcq 64(%[a]), %[t1]\n\t"
        "adcq 72(%[a]), %[t2]\n\t" "adcq 80(%[a]), %[t3]\n\t" "adcq 88(%[a]), %[t4]\n\t"
        /* s = t - p in lo hi rdx t5 a x; keep s unless that borrowed */
        "movq %[t6], %[lo]\n\t" "subq %[p0], %[lo]\n\t"
        "movq %[t0], %[hi]\n\t" "sbbq %[p1], %[hi]\n\t"
        "movq %[t1], %%rdx\n\t" "sbbq %[p2], %%rdx\n\t"
        "movq %[t2], %[t5]\n\t" "sbbq %[p3], %[t5]\n\t"
        "movq %[t3], %[a]\n\t"  "sbbq %[p4], %[a]\n\t"
        "movq %[t4], %[x]\n\t"  "sbbq %[p5], %[x]\n\t"
        "cmovncq %[lo], %[t6]\n\t"
        "cmovncq %[hi], %[t0]\n\t"
        "cmovncq %%rdx, %[t1]\n\t"
        "cmovncq %[t5], %[t2]\n\t"
        "cmovncq %[a], %[t3]\n\t"
        "cmovncq %[x], %[t4]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d),
          [x] "=&r"(x), [a] "+&r"(ap)
        : "m"(*(const uint64_t(*)[12])a->l),
          [p0] "m"(cuzk_fpw_p[0]), [p1] "m"(cuzk_fpw_p[1]), [p2] "m"(cuzk_fpw_p[2]),
          [p3] "m"(cuzk_fpw_p[3]), [p4] "m"(cuzk_fpw_p[4]), [p5] "m"(cuzk_fpw_p[5]),
          [n0] "m"(cuzk_fpw_n0)
        : "cc");
    (void)t5; (void)lo; (void)hi; (void)d; (void)x;
    r->l[0] = t6; r->l[1] = t0; r->l[2] = t1; r->l[3] = t2; r->l[4] = t3; r->l[5] = t4;
}

#else /* portable */

static inline void cuzk_fpw_mul(cuzk_fpw *r, const cuzk_fp *a, const cuzk_fp *b)
{
    uint64_t t[12] = {0};
    for (int i = 0; i < 6; i++) {
        uint64_t c = 0;
        for (int j = 0; j < 6; j++) {
            cuzk_u128 s = (cuzk_u128)a->l[j] * b->l[i] + t[i + j] + c;
            t[i + j] = (uint64_t)s;
            c = (uint64_t)(s >> 64);
        }
        t[i + 6] = c;
    }
    for (int i = 0; i < 12; i++) r->l[i] = t[i];
}

static inline void cuzk_fpw_redc(cuzk_fp *r, const cuzk_fpw *a)
{
    uint64_t t[7];
    for (int i = 0; i < 6; i++) t[i] = a->l[i];
    t[6] = 0;
    /* t stays a 7-word window: each row adds m p and drops the zeroed low word */
    for (int i = 0; i < 6; i++) {
        uint64_t m = t[0] * cuzk_fpw_n0, c = 0;
        for (int j = 0; j < 6; j++) {
            cuzk_u128 s = (cuzk_u128)m * cuzk_fpw_p[j] + t[j] + c;
            t[j] = (uint64_t)s;
            c = (uint64_t)(s >> 64);
        }
        t[6] += c;
        for (int j = 0; j < 6; j++) t[j] = t[j + 1];
        t[6] = 0;
    }
    cuzk_ff_add_n(t, t, a->l + 6, 6);
    cuzk_ff_reduce_once_n(r->l, t, cuzk_fpw_p, 6);
}

#endif

#if CUZK_FPW_ADX
/* Low half: add (or subtract) limb by limb straight into r; r may alias a or
 * b because limb i is stored only after limb i of both was read. */
#define CUZK_FPW_LOW(op0, op)                                                               \
    "movq 0(%[a]), %[t0]\n\t"  #op0 " 0(%[b]), %[t0]\n\t"  "movq %[t0], 0(%[r])\n\t"      \
    "movq 8(%[a]), %[t0]\n\t"  #op " 8(%[b]), %[t0]\n\t"   "movq %[t0], 8(%[r])\n\t"      \
    "movq 16(%[a]), %[t0]\n\t" #op " 16(%[b]), %[t0]\n\t"  "movq %[t0], 16(%[r])\n\t"     \
    "movq 24(%[a]), %[t0]\n\t" #op " 24(%[b]), %[t0]\n\t"  "movq %[t0], 24(%[r])\n\t"     \
    "movq 32(%[a]), %[t0]\n\t" #op " 32(%[b]), %[t0]\n\t"  "movq %[t0], 32(%[r])\n\t"     \
    "movq 40(%[a]), %[t0]\n\t" #op " 40(%[b]), %[t0]\n\t"  "movq %[t0], 40(%[r])\n\t"     \
    "movq 48(%[a]), %[t0]\n\t" #op " 48(%[b]), %[t0]\n\t"                                 \
    "movq 56(%[a]), %[t1]\n\t" #op " 56(%[b]), %[t1]\n\t"                                 \
    "movq 64(%[a]), %[t2]\n\t" #op " 64(%[b]), %[t2]\n\t"                                 \
    "movq 72(%[a]), %[t3]\n\t" #op " 72(%[b]), %[t3]\n\t"                                 \
    "movq 80(%[a]), %[t4]\n\t" #op " 80(%[b]), %[t4]\n\t"                                 \
    "movq 88(%[a]), %[t5]\n\t" #op " 88(%[b]), %[t5]\n\t"

#define CUZK_FPW_STORE_HIGH                                                                 \
    "movq %[t0], 48(%[r])\n\t" "movq %[t1], 56(%[r])\n\t" "movq %[t2], 64(%[r])\n\t"      \
    "movq %[t3], 72(%[r])\n\t" "movq %[t4], 80(%[r])\n\t" "movq %[t5], 88(%[r])\n\t"

#define CUZK_FPW_OPERANDS                                                                   \
    [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),       \
    [t5] "=&r"(t5), [m] "=&r"(m), "=m"(*(uint64_t(*)[12])r->l)                           \
    : [a] "r"(a->l), [b] "r"(b->l), [r] "r"(r->l),                                       \
      "m"(*(const uint64_t(*)[12])a->l), "m"(*(const uint64_t(*)[12])b->l),               \
      [p0] "m"(cuzk_fpw_p[0]), [p1] "m"(cuzk_fpw_p[1]), [p2] "m"(cuzk_fpw_p[2]),           \
      [p3] "m"(cuzk_fpw_p[3]), [p4] "m"(cuzk_fpw_p[4]), [p5] "m"(cuzk_fpw_p[5])            \
    : "cc"

/* r = a + b mod p 2^384: the sum is < 2^766; subtract p from the top half
 * when that half is >= p (the low half is untouched by that). The top half
 * is parked in r so that a borrow can bring it back with cmov: few registers. */
static inline void cuzk_fpw_add(cuzk_fpw *r, const cuzk_fpw *a, const cuzk_fpw *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, m;
    __asm__(
        CUZK_FPW_LOW(addq, adcq)
        CUZK_FPW_STORE_HIGH
        "subq %[p0], %[t0]\n\t" "sbbq %[p1], %[t1]\n\t" "sbbq %[p2], %[t2]\n\t"
        "sbbq %[p3], %[t3]\n\t" "sbbq %[p4], %[t4]\n\t" "sbbq %[p5], %[t5]\n\t"
        "cmovcq 48(%[r]), %[t0]\n\t" "cmovcq 56(%[r]), %[t1]\n\t" "cmovcq 64(%[r]), %[t2]\n\t"
        "cmovcq 72(%[r]), %[t3]\n\t" "cmovcq 80(%[r]), %[t4]\n\t" "cmovcq 88(%[r]), %[t5]\n\t"
        CUZK_FPW_STORE_HIGH
        : CUZK_FPW_OPERANDS);
    (void)t0; (void)t1; (void)t2; (void)t3; (void)t4; (void)t5; (void)m;
}

/* r = a - b mod p 2^384: on a borrow add p to the top half (m remembers the
 * borrow across the addition, which is undone by cmov when not wanted). */
static inline void cuzk_fpw_sub(cuzk_fpw *r, const cuzk_fpw *a, const cuzk_fpw *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, m;
    __asm__(
        CUZK_FPW_LOW(subq, sbbq)
        "sbbq %[m], %[m]\n\t"
        CUZK_FPW_STORE_HIGH
        "addq %[p0], %[t0]\n\t" "adcq %[p1], %[t1]\n\t" "adcq %[p2], %[t2]\n\t"
        "adcq %[p3], %[t3]\n\t" "adcq %[p4], %[t4]\n\t" "adcq %[p5], %[t5]\n\t"
        "testq %[m], %[m]\n\t"
        "cmovzq 48(%[r]), %[t0]\n\t" "cmovzq 56(%[r]), %[t1]\n\t" "cmovzq 64(%[r]), %[t2]\n\t"
        "cmovzq 72(%[r]), %[t3]\n\t" "cmovzq 80(%[r]), %[t4]\n\t" "cmovzq 88(%[r]), %[t5]\n\t"
        CUZK_FPW_STORE_HIGH
        : CUZK_FPW_OPERANDS);
    (void)t0; (void)t1; (void)t2; (void)t3; (void)t4; (void)t5; (void)m;
}

#else

static inline void cuzk_fpw_add(cuzk_fpw *r, const cuzk_fpw *a, const cuzk_fpw *b)
{
    uint64_t t[12];
    cuzk_ff_add_n(t, a->l, b->l, 12);
    for (int i = 0; i < 6; i++) r->l[i] = t[i];
    cuzk_ff_reduce_once_n(r->l + 6, t + 6, cuzk_fpw_p, 6);
}

static inline void cuzk_fpw_sub(cuzk_fpw *r, const cuzk_fpw *a, const cuzk_fpw *b)
{
    uint64_t bw = cuzk_ff_sub_n(r->l, a->l, b->l, 12);
    uint64_t pm[6], mask = (uint64_t)0 - bw;
    for (int i = 0; i < 6; i++) pm[i] = cuzk_fpw_p[i] & mask;
    cuzk_ff_add_n(r->l + 6, r->l + 6, pm, 6);
}

#endif

#if CUZK_FPW_ADX
/* r = a + b as plain integers: for a, b < p the sum is < 2p < 2^382, fine as an
 * operand of cuzk_fpw_mul but not of the reduced Fp functions. */
static inline void cuzk_fp_add_nr(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
    uint64_t t;
    __asm__(
        "movq 0(%[a]), %[t]\n\t"  "addq 0(%[b]), %[t]\n\t"  "movq %[t], 0(%[r])\n\t"
        "movq 8(%[a]), %[t]\n\t"  "adcq 8(%[b]), %[t]\n\t"  "movq %[t], 8(%[r])\n\t"
        "movq 16(%[a]), %[t]\n\t" "adcq 16(%[b]), %[t]\n\t" "movq %[t], 16(%[r])\n\t"
        "movq 24(%[a]), %[t]\n\t" "adcq 24(%[b]), %[t]\n\t" "movq %[t], 24(%[r])\n\t"
        "movq 32(%[a]), %[t]\n\t" "adcq 32(%[b]), %[t]\n\t" "movq %[t], 32(%[r])\n\t"
        "movq 40(%[a]), %[t]\n\t" "adcq 40(%[b]), %[t]\n\t" "movq %[t], 40(%[r])\n\t"
        : [t] "=&r"(t), "=m"(*(uint64_t(*)[6])r->l)
        : [a] "r"(a->l), [b] "r"(b->l), [r] "r"(r->l),
          "m"(*(const uint64_t(*)[6])a->l), "m"(*(const uint64_t(*)[6])b->l)
        : "cc");
    (void)t;
}

/* r = a - b as integers, for callers that know a >= b. */
static inline void cuzk_fpw_sub_nr(cuzk_fpw *r, const cuzk_fpw *a, const cuzk_fpw *b)
{
    uint64_t t;
    __asm__(
        "movq 0(%[a]), %[t]\n\t"  "subq 0(%[b]), %[t]\n\t"  "movq %[t], 0(%[r])\n\t"
        "movq 8(%[a]), %[t]\n\t"  "sbbq 8(%[b]), %[t]\n\t"  "movq %[t], 8(%[r])\n\t"
        "movq 16(%[a]), %[t]\n\t" "sbbq 16(%[b]), %[t]\n\t" "movq %[t], 16(%[r])\n\t"
        "movq 24(%[a]), %[t]\n\t" "sbbq 24(%[b]), %[t]\n\t" "movq %[t], 24(%[r])\n\t"
        "movq 32(%[a]), %[t]\n\t" "sbbq 32(%[b]), %[t]\n\t" "movq %[t], 32(%[r])\n\t"
        "movq 40(%[a]), %[t]\n\t" "sbbq 40(%[b]), %[t]\n\t" "movq %[t], 40(%[r])\n\t"
        "movq 48(%[a]), %[t]\n\t" "sbbq 48(%[b]), %[t]\n\t" "movq %[t], 48(%[r])\n\t"
        "movq 56(%[a]), %[t]\n\t" "sbbq 56(%[b]), %[t]\n\t" "movq %[t], 56(%[r])\n\t"
        "movq 64(%[a]), %[t]\n\t" "sbbq 64(%[b]), %[t]\n\t" "movq %[t], 64(%[r])\n\t"
        "movq 72(%[a]), %[t]\n\t" "sbbq 72(%[b]), %[t]\n\t" "movq %[t], 72(%[r])\n\t"
        "movq 80(%[a]), %[t]\n\t" "sbbq 80(%[b]), %[t]\n\t" "movq %[t], 80(%[r])\n\t"
        "movq 88(%[a]), %[t]\n\t" "sbbq 88(%[b]), %[t]\n\t" "movq %[t], 88(%[r])\n\t"
        : [t] "=&r"(t), "=m"(*(uint64_t(*)[12])r->l)
        : [a] "r"(a->l), [b] "r"(b->l), [r] "r"(r->l),
          "m"(*(const uint64_t(*)[12])a->l), "m"(*(const uint64_t(*)[12])b->l)
        : "cc");
    (void)t;
}

#else

static inline void cuzk_fp_add_nr(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
    cuzk_ff_add_n(r->l, a->l, b->l, 6);
}

static inline void cuzk_fpw_sub_nr(cuzk_fpw *r, const cuzk_fpw *a, const cuzk_fpw *b)
{
    cuzk_ff_sub_n(r->l, a->l, b->l, 12);
}

#endif

#endif
