/* x86-64 Fp kernels: Montgomery mul and sqr with mulx/adcx/adox (BMI2 +
 * ADX), and branch-free add/sub. Included by fp_impl.h only when CUZK_ASM is
 * defined on x86-64; there is no run-time CPU check, so such a build needs a
 * CPU with BMI2 and ADX (Intel Broadwell, AMD Zen and later).
 *
 * Operand-scanning CIOS, one row per limb of b: first t += a*b[i], then
 * t += m*p with m = t0 * n0, which zeroes t0 so the row shifts down one limb.
 * adcx carries the low halves of the products and adox the high halves, so
 * each row is two independent carry chains. Instead of moving limbs on the
 * shift, the rows rename the registers: row i keeps limb k in register
 * (i + k) mod (n + 1), the one freed by the zeroed t0 becomes the next top.
 * Because p < 2^381 (r < 2^255) the accumulator stays below 2p and fits in
 * n + 1 words; a final branch-free subtraction of p (cmov) reduces it.
 *
 * The modulus and n0 are memory operands on static per-TU constants (so they
 * are addressed RIP-relative and cost no register); a and b are read through
 * pointers under a "memory" clobber: "m" operands for them would need their
 * own address registers at -O0, one more than x86-64 has, and the asm uses
 * nearly every register anyway, so the clobber costs the caller nothing. */
#ifndef CUZK_FF_FP_X86_H
#define CUZK_FF_FP_X86_H

#include <stdint.h>

#include "cuzk/ff.h"

/* Stringify helpers: operand %[x] from a macro argument. */
#define CUZK_X86_OP(x) "%[" #x "]"

/* t(r0..r5) += a * b[off/8] into r0..r6, where r6 is written, not read. */
#define CUZK_X86_MULROW6(off, r0, r1, r2, r3, r4, r5, r6)                                  \
    "movq " #off "(%[b]), %%rdx\n\t"                                                     \
    "xorl %k[z], %k[z]\n\t"                                                              \
    "mulxq 0(%[a]), %[lo], %[hi]\n\t"  "adcxq %[lo], " CUZK_X86_OP(r0) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r1) "\n\t"            \
    "mulxq 8(%[a]), %[lo], %[hi]\n\t"  "adcxq %[lo], " CUZK_X86_OP(r1) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r2) "\n\t"            \
    "mulxq 16(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r2) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r3) "\n\t"            \
    "mulxq 24(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r3) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r4) "\n\t"            \
    "mulxq 32(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r4) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r5) "\n\t"            \
    "mulxq 40(%[a]), %[lo], " CUZK_X86_OP(r6) "\n\t"                                     \
    "adcxq %[lo], " CUZK_X86_OP(r5) "\n\t"                                               \
    "adoxq %[z], " CUZK_X86_OP(r6) "\n\t"                                                \
    "adcxq %[z], " CUZK_X86_OP(r6) "\n\t"

/* t(r0..r6) += m * p with m = r0 * n0; afterwards r0 = 0. */
#define CUZK_X86_REDROW6(r0, r1, r2, r3, r4, r5, r6)                                       \
    "movq " CUZK_X86_OP(r0) ", %%rdx\n\t"                                                \
    "imulq %[n0], %%rdx\n\t"                                                             \
    "xorl %k[z], %k[z]\n\t"                                                              \
    "mulxq %[p0], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r0) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r1) "\n\t"               \
    "mulxq %[p1], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r1) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r2) "\n\t"               \
    "mulxq %[p2], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r2) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r3) "\n\t"               \
    "mulxq %[p3], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r3) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r4) "\n\t"               \
    "mulxq %[p4], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r4) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r5) "\n\t"               \
    "mulxq %[p5], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r5) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r6) "\n\t"               \
    "adcxq %[z], " CUZK_X86_OP(r6) "\n\t"

static inline void cuzk_fp_mul_adx(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, z, d;
    const uint64_t *bp = b->l;
    __asm__(
        /* row 0: t = a * b[0] (nothing to add yet, so a plain add/adc chain) */
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %[t0], %[t1]\n\t"
        "mulxq 8(%[a]), %[lo], %[t2]\n\t"  "addq %[lo], %[t1]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t" "adcq %[lo], %[t2]\n\t"
        "mulxq 24(%[a]), %[lo], %[t4]\n\t" "adcq %[lo], %[t3]\n\t"
        "mulxq 32(%[a]), %[lo], %[t5]\n\t" "adcq %[lo], %[t4]\n\t"
        "mulxq 40(%[a]), %[lo], %[t6]\n\t" "adcq %[lo], %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        CUZK_X86_REDROW6(t0, t1, t2, t3, t4, t5, t6)
        CUZK_X86_MULROW6(8, t1, t2, t3, t4, t5, t6, t0)
        CUZK_X86_REDROW6(t1, t2, t3, t4, t5, t6, t0)
        CUZK_X86_MULROW6(16, t2, t3, t4, t5, t6, t0, t1)
        CUZK_X86_REDROW6(t2, t3, t4, t5, t6, t0, t1)
        CUZK_X86_MULROW6(24, t3, t4, t5, t6, t0, t1, t2)
        CUZK_X86_REDROW6(t3, t4, t5, t6, t0, t1, t2)
        CUZK_X86_MULROW6(32, t4, t5, t6, t0, t1, t2, t3)
        CUZK_X86_REDROW6(t4, t5, t6, t0, t1, t2, t3)
        CUZK_X86_MULROW6(40, t5, t6, t0, t1, t2, t3, t4)
        CUZK_X86_REDROW6(t5, t6, t0, t1, t2, t3, t4)
        /* result limbs: t6 t0 t1 t2 t3 t4 (< 2p); t5 is free. s = t - p in
         * lo hi z rdx t5 b; keep s unless that borrowed. */
        "movq %[t6], %[lo]\n\t"  "subq %[p0], %[lo]\n\t"
        "movq %[t0], %[hi]\n\t"  "sbbq %[p1], %[hi]\n\t"
        "movq %[t1], %[z]\n\t"   "sbbq %[p2], %[z]\n\t"
        "movq %[t2], %%rdx\n\t"  "sbbq %[p3], %%rdx\n\t"
        "movq %[t3], %[t5]\n\t"  "sbbq %[p4], %[t5]\n\t"
        "movq %[t4], %[b]\n\t"   "sbbq %[p5], %[b]\n\t"
        "cmovncq %[lo], %[t6]\n\t"
        "cmovncq %[hi], %[t0]\n\t"
        "cmovncq %[z], %[t1]\n\t"
        "cmovncq %%rdx, %[t2]\n\t"
        "cmovncq %[t5], %[t3]\n\t"
        "cmovncq %[b], %[t4]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z),
          "=&d"(d), [b] "+&r"(bp)
        : [a] "r"(a->l), [p0] "m"(cuzk_fp_p_i[0]), [p1] "m"(cuzk_fp_p_i[1]), [p2] "m"(cuzk_fp_p_i[2]),
          [p3] "m"(cuzk_fp_p_i[3]), [p4] "m"(cuzk_fp_p_i[4]), [p5] "m"(cuzk_fp_p_i[5]),
          [n0] "m"(cuzk_fp_n0_i)
        : "cc", "memory");
    (void)t5; (void)lo; (void)hi; (void)z; (void)d;
    r->l[0] = t6; r->l[1] = t0; r->l[2] = t1; r->l[3] = t2; r->l[4] = t3; r->l[5] = t4;
}

/* Reduction row for a value that fits in r0..r5: t += m * p with m = r0 * n0,
 * the new top limb going straight into r6 (written, not read). */
#define CUZK_X86_REDROW6_NEWTOP(r0, r1, r2, r3, r4, r5, r6)                               \
    "movq " CUZK_X86_OP(r0) ", %%rdx\n\t"                                                \
    "imulq %[n0], %%rdx\n\t"                                                             \
    "xorl %k[z], %k[z]\n\t"                                                              \
    "mulxq %[p0], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r0) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r1) "\n\t"               \
    "mulxq %[p1], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r1) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r2) "\n\t"               \
    "mulxq %[p2], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r2) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r3) "\n\t"               \
    "mulxq %[p3], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r3) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r4) "\n\t"               \
    "mulxq %[p4], %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r4) "\n\t"               \
                                    "adoxq %[hi], " CUZK_X86_OP(r5) "\n\t"               \
    "mulxq %[p5], %[lo], " CUZK_X86_OP(r6) "\n\t"                                         \
    "adcxq %[lo], " CUZK_X86_OP(r5) "\n\t"                                               \
    "adoxq %[z], " CUZK_X86_OP(r6) "\n\t"                                                \
    "adcxq %[z], " CUZK_X86_OP(r6) "\n\t"

/* One limb pair of the doubling pass: limb = 2*limb + sq (adcx doubles, adox
 * adds the diagonal square), loaded from and optionally kept in a register. */
#define CUZK_X86_DBLADD(off, reg, sq)                                                    \
    "movq " #off "(%[t]), " CUZK_X86_OP(reg) "\n\t"                                      \
    "adcxq " CUZK_X86_OP(reg) ", " CUZK_X86_OP(reg) "\n\t"                                \
    "adoxq %[" #sq "], " CUZK_X86_OP(reg) "\n\t"

/* Squaring: the full 12-limb square, then a Montgomery reduction of its low
 * half alone, plus the high half: REDC(lo + hi*2^384) = REDC(lo) + hi, with
 * REDC(lo) <= p and hi < p, so one conditional subtraction finishes it.
 * The 15 off-diagonal products go once through a stack buffer t, limbs being
 * stored as soon as no later row touches them; 57 mulx instead of 72. */
static inline void cuzk_fp_sqr_adx(cuzk_fp *r, const cuzk_fp *a)
{
    uint64_t x0, x1, x2, x3, x4, x5, x6, lo, hi, z, d;
    uint64_t t[12];
    const uint64_t *ap = a->l;
    __asm__(
        /* A: off-diagonal products a_i a_j, i < j, into limbs 1..10 */
        "movq 0(%[a]), %%rdx\n\t"                         /* row a0: limbs 1..6 */
        "mulxq 8(%[a]), %[x1], %[x2]\n\t"
        "mulxq 16(%[a]), %[lo], %[x3]\n\t" "addq %[lo], %[x2]\n\t"
        "mulxq 24(%[a]), %[lo], %[x4]\n\t" "adcq %[lo], %[x3]\n\t"
        "mulxq 32(%[a]), %[lo], %[x5]\n\t" "adcq %[lo], %[x4]\n\t"
        "mulxq 40(%[a]), %[lo], %[x6]\n\t" "adcq %[lo], %[x5]\n\t"
        "adcq $0, %[x6]\n\t"
        "movq %[x1], 8(%[t])\n\t" "movq %[x2], 16(%[t])\n\t"
        "movq 8(%[a]), %%rdx\n\t"                         /* row a1: limbs 3..7 (x0) */
        "xorl %k[z], %k[z]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[x3]\n\t" "adoxq %[hi], %[x4]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[x4]\n\t" "adoxq %[hi], %[x5]\n\t"
        "mulxq 32(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[x5]\n\t" "adoxq %[hi], %[x6]\n\t"
        "mulxq 40(%[a]), %[lo], %[x0]\n\t" "adcxq %[lo], %[x6]\n\t"
        "adoxq %[z], %[x0]\n\t" "adcxq %[z], %[x0]\n\t"
        "movq %[x3], 24(%[t])\n\t" "movq %[x4], 32(%[t])\n\t"
        "movq 16(%[a]), %%rdx\n\t"                        /* row a2: limbs 5..8 (x1) */
        "xorl %k[z], %k[z]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[x5]\n\t" "adoxq %[hi], %[x6]\n\t"
        "mulxq 32(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[x6]\n\t" "adoxq %[hi], %[x0]\n\t"
        "mulxq 40(%[a]), %[lo], %[x1]\n\t" "adcxq %[lo], %[x0]\n\t"
        "adoxq %[z], %[x1]\n\t" "adcxq %[z], %[x1]\n\t"
        "movq %[x5], 40(%[t])\n\t" "movq %[x6], 48(%[t])\n\t"
        "movq 24(%[a]), %%rdx\n\t"                        /* row a3: limbs 7..9 (x2) */
        "xorl %k[z], %k[z]\n\t"
        "mulxq 32(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], %[x0]\n\t" "adoxq %[hi], %[x1]\n\t"
        "mulxq 40(%[a]), %[lo], %[x2]\n\t" "adcxq %[lo], %[x1]\n\t"
        "adoxq %[z], %[x2]\n\t" "adcxq %[z], %[x2]\n\t"
        "movq %[x0], 56(%[t])\n\t" "movq %[x1], 64(%[t])\n\t"
        "movq 32(%[a]), %%rdx\n\t"                        /* row a4: limbs 9..10 (x3) */
        "mulxq 40(%[a]), %[lo], %[x3]\n\t" "addq %[lo], %[x2]\n\t" "adcq $0, %[x3]\n\t"
        "movq %[x2], 72(%[t])\n\t" "movq %[x3], 80(%[t])\n\t"
        "movq %[z], 0(%[t])\n\t" "movq %[z], 88(%[t])\n\t" /* z = 0 here: limbs 0, 11 */
        /* B: double and add the squares a_k^2; limbs 0..5 stay in x0..x5 */
        "xorl %k[z], %k[z]\n\t"
        "movq 0(%[a]), %%rdx\n\t"  "mulxq %%rdx, %[lo], %[hi]\n\t"
        CUZK_X86_DBLADD(0, x0, lo) CUZK_X86_DBLADD(8, x1, hi)
        "movq 8(%[a]), %%rdx\n\t"  "mulxq %%rdx, %[lo], %[hi]\n\t"
        CUZK_X86_DBLADD(16, x2, lo) CUZK_X86_DBLADD(24, x3, hi)
        "movq 16(%[a]), %%rdx\n\t" "mulxq %%rdx, %[lo], %[hi]\n\t"
        CUZK_X86_DBLADD(32, x4, lo) CUZK_X86_DBLADD(40, x5, hi)
        "movq 24(%[a]), %%rdx\n\t" "mulxq %%rdx, %[lo], %[hi]\n\t"
        CUZK_X86_DBLADD(48, x6, lo) "movq %[x6], 48(%[t])\n\t"
        CUZK_X86_DBLADD(56, z, hi)  "movq %[z], 56(%[t])\n\t"
        "movq 32(%[a]), %%rdx\n\t" "mulxq %%rdx, %[lo], %[hi]\n\t"
        CUZK_X86_DBLADD(64, x6, lo) "movq %[x6], 64(%[t])\n\t"
        CUZK_X86_DBLADD(72, z, hi)  "movq %[z], 72(%[t])\n\t"
        "movq 40(%[a]), %%rdx\n\t" "mulxq %%rdx, %[lo], %[hi]\n\t"
        CUZK_X86_DBLADD(80, x6, lo) "movq %[x6], 80(%[t])\n\t"
        CUZK_X86_DBLADD(88, z, hi)  "movq %[z], 88(%[t])\n\t"
        /* C: REDC of the low half, same register rotation as the product */
        CUZK_X86_REDROW6_NEWTOP(x0, x1, x2, x3, x4, x5, x6)
        CUZK_X86_REDROW6_NEWTOP(x1, x2, x3, x4, x5, x6, x0)
        CUZK_X86_REDROW6_NEWTOP(x2, x3, x4, x5, x6, x0, x1)
        CUZK_X86_REDROW6_NEWTOP(x3, x4, x5, x6, x0, x1, x2)
        CUZK_X86_REDROW6_NEWTOP(x4, x5, x6, x0, x1, x2, x3)
        CUZK_X86_REDROW6_NEWTOP(x5, x6, x0, x1, x2, x3, x4)
        /* D: + high half, in x6 x0 x1 x2 x3 x4 (< 2p), then subtract p if no borrow */
        "addq 48(%[t]), %[x6]\n\t" "adcq 56(%[t]), %[x0]\n\t" "adcq 64(%[t]), %[x1]\n\t"
        "adcq 72(%[t]), %[x2]\n\t" "adcq 80(%[t]), %[x3]\n\t" "adcq 88(%[t]), %[x4]\n\t"
        "movq %[x6], %[lo]\n\t"  "subq %[p0], %[lo]\n\t"
        "movq %[x0], %[hi]\n\t"  "sbbq %[p1], %[hi]\n\t"
        "movq %[x1], %[z]\n\t"   "sbbq %[p2], %[z]\n\t"
        "movq %[x2], %%rdx\n\t"  "sbbq %[p3], %%rdx\n\t"
        "movq %[x3], %[x5]\n\t"  "sbbq %[p4], %[x5]\n\t"
        "movq %[x4], %[a]\n\t"   "sbbq %[p5], %[a]\n\t"
        "cmovncq %[lo], %[x6]\n\t"
        "cmovncq %[hi], %[x0]\n\t"
        "cmovncq %[z], %[x1]\n\t"
        "cmovncq %%rdx, %[x2]\n\t"
        "cmovncq %[x5], %[x3]\n\t"
        "cmovncq %[a], %[x4]\n\t"
        : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4),
          [x5] "=&r"(x5), [x6] "=&r"(x6), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z),
          "=&d"(d), [a] "+&r"(ap)
        : [t] "r"(t),
          [p0] "m"(cuzk_fp_p_i[0]), [p1] "m"(cuzk_fp_p_i[1]), [p2] "m"(cuzk_fp_p_i[2]),
          [p3] "m"(cuzk_fp_p_i[3]), [p4] "m"(cuzk_fp_p_i[4]), [p5] "m"(cuzk_fp_p_i[5]),
          [n0] "m"(cuzk_fp_n0_i)
        : "cc", "memory");
    (void)x5; (void)lo; (void)hi; (void)z; (void)d;
    r->l[0] = x6; r->l[1] = x0; r->l[2] = x1; r->l[3] = x2; r->l[4] = x3; r->l[5] = x4;
}

/* r = a + b mod p: add chain, then t - p into spare registers, and keep that
 * difference unless it borrowed (a + b < 2p < 2^384, so no carry out). */
static inline void cuzk_fp_add_adx(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, s0, s1, s2, s3;
    const uint64_t *ap = a->l, *bp = b->l;
    __asm__(
        "movq 0(%[a]), %[t0]\n\t"  "movq 8(%[a]), %[t1]\n\t"  "movq 16(%[a]), %[t2]\n\t"
        "movq 24(%[a]), %[t3]\n\t" "movq 32(%[a]), %[t4]\n\t" "movq 40(%[a]), %[t5]\n\t"
        "addq 0(%[b]), %[t0]\n\t"  "adcq 8(%[b]), %[t1]\n\t"  "adcq 16(%[b]), %[t2]\n\t"
        "adcq 24(%[b]), %[t3]\n\t" "adcq 32(%[b]), %[t4]\n\t" "adcq 40(%[b]), %[t5]\n\t"
        "movq %[t0], %[s0]\n\t" "subq %[p0], %[s0]\n\t"
        "movq %[t1], %[s1]\n\t" "sbbq %[p1], %[s1]\n\t"
        "movq %[t2], %[s2]\n\t" "sbbq %[p2], %[s2]\n\t"
        "movq %[t3], %[s3]\n\t" "sbbq %[p3], %[s3]\n\t"
        "movq %[t4], %[a]\n\t"  "sbbq %[p4], %[a]\n\t"
        "movq %[t5], %[b]\n\t"  "sbbq %[p5], %[b]\n\t"
        "cmovncq %[s0], %[t0]\n\t" "cmovncq %[s1], %[t1]\n\t" "cmovncq %[s2], %[t2]\n\t"
        "cmovncq %[s3], %[t3]\n\t" "cmovncq %[a], %[t4]\n\t"  "cmovncq %[b], %[t5]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3),
          [a] "+&r"(ap), [b] "+&r"(bp)
        : [p0] "m"(cuzk_fp_p_i[0]), [p1] "m"(cuzk_fp_p_i[1]), [p2] "m"(cuzk_fp_p_i[2]),
          [p3] "m"(cuzk_fp_p_i[3]), [p4] "m"(cuzk_fp_p_i[4]), [p5] "m"(cuzk_fp_p_i[5])
        : "cc", "memory");
    (void)s0; (void)s1; (void)s2; (void)s3;
    r->l[0] = t0; r->l[1] = t1; r->l[2] = t2; r->l[3] = t3; r->l[4] = t4; r->l[5] = t5;
}

/* r = a - b mod p: subtract chain, mask = -borrow, add back p & mask.
 * With a = 0 this is the negation, and it maps 0 to 0. */
static inline void cuzk_fp_sub_adx(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, m, s0, s1, s2, s3;
    const uint64_t *ap = a->l, *bp = b->l;
    __asm__(
        "movq 0(%[a]), %[t0]\n\t"  "movq 8(%[a]), %[t1]\n\t"  "movq 16(%[a]), %[t2]\n\t"
        "movq 24(%[a]), %[t3]\n\t" "movq 32(%[a]), %[t4]\n\t" "movq 40(%[a]), %[t5]\n\t"
        "subq 0(%[b]), %[t0]\n\t"  "sbbq 8(%[b]), %[t1]\n\t"  "sbbq 16(%[b]), %[t2]\n\t"
        "sbbq 24(%[b]), %[t3]\n\t" "sbbq 32(%[b]), %[t4]\n\t" "sbbq 40(%[b]), %[t5]\n\t"
        "sbbq %[m], %[m]\n\t"
        "movq %[p0], %[s0]\n\t" "andq %[m], %[s0]\n\t"
        "movq %[p1], %[s1]\n\t" "andq %[m], %[s1]\n\t"
        "movq %[p2], %[s2]\n\t" "andq %[m], %[s2]\n\t"
        "movq %[p3], %[s3]\n\t" "andq %[m], %[s3]\n\t"
        "movq %[p4], %[a]\n\t"  "andq %[m], %[a]\n\t"
        "andq %[p5], %[m]\n\t"
        "addq %[s0], %[t0]\n\t" "adcq %[s1], %[t1]\n\t" "adcq %[s2], %[t2]\n\t"
        "adcq %[s3], %[t3]\n\t" "adcq %[a], %[t4]\n\t"  "adcq %[m], %[t5]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [t5] "=&r"(t5), [m] "=&r"(m), [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2),
          [s3] "=&r"(s3), [a] "+&r"(ap)
        : [b] "r"(bp), [p0] "m"(cuzk_fp_p_i[0]), [p1] "m"(cuzk_fp_p_i[1]), [p2] "m"(cuzk_fp_p_i[2]),
          [p3] "m"(cuzk_fp_p_i[3]), [p4] "m"(cuzk_fp_p_i[4]), [p5] "m"(cuzk_fp_p_i[5])
        : "cc", "memory");
    (void)m; (void)s0; (void)s1; (void)s2; (void)s3;
    r->l[0] = t0; r->l[1] = t1; r->l[2] = t2; r->l[3] = t3; r->l[4] = t4; r->l[5] = t5;
}

#endif
