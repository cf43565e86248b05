/* x86-64 Montgomery multiplication for Fr (4 limbs, r < 2^255): the scheme
 * of fp_x86.h (read its comment) on 4 limbs. Included by fr_impl.h. */
#ifndef CUZK_FF_FR_X86_H
#define CUZK_FF_FR_X86_H

#include <stdint.h>

#include "cuzk/ff.h"
#include "fp_x86.h"


#define CUZK_X86_MULROW4(off, r0, r1, r2, r3, r4)                                         \
    "movq " #off "(%[b]), %%rdx\n\t"                                                     \
    "xorl %k[z], %k[z]\n\t"                                                              \
    "mulxq 0(%[a]), %[lo], %[hi]\n\t"  "adcxq %[lo], " CUZK_X86_OP(r0) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r1) "\n\t"            \
    "mulxq 8(%[a]), %[lo], %[hi]\n\t"  "adcxq %[lo], " CUZK_X86_OP(r1) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r2) "\n\t"            \
    "mulxq 16(%[a]), %[lo], %[hi]\n\t" "adcxq %[lo], " CUZK_X86_OP(r2) "\n\t"            \
                                       "adoxq %[hi], " CUZK_X86_OP(r3) "\n\t"            \
    "mulxq 24(%[a]), %[lo], " CUZK_X86_OP(r4) "\n\t"                                     \
    "adcxq %[lo], " CUZK_X86_OP(r3) "\n\t"                                               \
    "adoxq %[z], " CUZK_X86_OP(r4) "\n\t"                                                \
    "adcxq %[z], " CUZK_X86_OP(r4) "\n\t"

#define CUZK_X86_REDROW4(r0, r1, r2, r3, r4)                                              \
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
    "adcxq %[z], " CUZK_X86_OP(r4) "\n\t"

static inline void cuzk_fr_mul_adx(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
    uint64_t t0, t1, t2, t3, t4, lo, hi, z, d;
    __asm__(
        "movq 0(%[b]), %%rdx\n\t"
        "mulxq 0(%[a]), %[t0], %[t1]\n\t"
        "mulxq 8(%[a]), %[lo], %[t2]\n\t"  "addq %[lo], %[t1]\n\t"
        "mulxq 16(%[a]), %[lo], %[t3]\n\t" "adcq %[lo], %[t2]\n\t"
        "mulxq 24(%[a]), %[lo], %[t4]\n\t" "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        CUZK_X86_REDROW4(t0, t1, t2, t3, t4)
        CUZK_X86_MULROW4(8, t1, t2, t3, t4, t0)
        CUZK_X86_REDROW4(t1, t2, t3, t4, t0)
        CUZK_X86_MULROW4(16, t2, t3, t4, t0, t1)
        CUZK_X86_REDROW4(t2, t3, t4, t0, t1)
        CUZK_X86_MULROW4(24, t3, t4, t0, t1, t2)
        CUZK_X86_REDROW4(t3, t4, t0, t1, t2)
        /* result limbs: t4 t0 t1 t2 (< 2r) */
        "movq %[t4], %[lo]\n\t" "subq %[p0], %[lo]\n\t"
        "movq %[t0], %[hi]\n\t" "sbbq %[p1], %[hi]\n\t"
        "movq %[t1], %[z]\n\t"  "sbbq %[p2], %[z]\n\t"
        "movq %[t2], %%rdx\n\t" "sbbq %[p3], %%rdx\n\t"
        "cmovncq %[lo], %[t4]\n\t"
        "cmovncq %[hi], %[t0]\n\t"
        "cmovncq %[z], %[t1]\n\t"
        "cmovncq %%rdx, %[t2]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z), "=&d"(d)
        : [a] "r"(a->l), [b] "r"(b->l),
          [p0] "m"(cuzk_fr_p_i[0]), [p1] "m"(cuzk_fr_p_i[1]), [p2] "m"(cuzk_fr_p_i[2]),
          [p3] "m"(cuzk_fr_p_i[3]), [n0] "m"(cuzk_fr_n0_i)
        : "cc", "memory");
    (void)t3; (void)lo; (void)hi; (void)z; (void)d;
    r->l[0] = t4; r->l[1] = t0; r->l[2] = t1; r->l[3] = t2;
}

/* r = a + b mod r and r = a - b mod r: as cuzk_fp_add_adx / cuzk_fp_sub_adx. */
static inline void cuzk_fr_add_adx(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
    uint64_t t0, t1, t2, t3, s0, s1, s2, s3;
    __asm__(
        "movq 0(%[a]), %[t0]\n\t"  "movq 8(%[a]), %[t1]\n\t"
        "movq 16(%[a]), %[t2]\n\t" "movq 24(%[a]), %[t3]\n\t"
        "addq 0(%[b]), %[t0]\n\t"  "adcq 8(%[b]), %[t1]\n\t"
        "adcq 16(%[b]), %[t2]\n\t" "adcq 24(%[b]), %[t3]\n\t"
        "movq %[t0], %[s0]\n\t" "subq %[p0], %[s0]\n\t"
        "movq %[t1], %[s1]\n\t" "sbbq %[p1], %[s1]\n\t"
        "movq %[t2], %[s2]\n\t" "sbbq %[p2], %[s2]\n\t"
        "movq %[t3], %[s3]\n\t" "sbbq %[p3], %[s3]\n\t"
        "cmovncq %[s0], %[t0]\n\t" "cmovncq %[s1], %[t1]\n\t"
        "cmovncq %[s2], %[t2]\n\t" "cmovncq %[s3], %[t3]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
          [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3)
        : [a] "r"(a->l), [b] "r"(b->l),
          [p0] "m"(cuzk_fr_p_i[0]), [p1] "m"(cuzk_fr_p_i[1]), [p2] "m"(cuzk_fr_p_i[2]),
          [p3] "m"(cuzk_fr_p_i[3])
        : "cc", "memory");
    (void)s0; (void)s1; (void)s2; (void)s3;
    r->l[0] = t0; r->l[1] = t1; r->l[2] = t2; r->l[3] = t3;
}

static inline void cuzk_fr_sub_adx(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
    uint64_t t0, t1, t2, t3, m, s0, s1, s2;
    __asm__(
        "movq 0(%[a]), %[t0]\n\t"  "movq 8(%[a]), %[t1]\n\t"
        "movq 16(%[a]), %[t2]\n\t" "movq 24(%[a]), %[t3]\n\t"
        "subq 0(%[b]), %[t0]\n\t"  "sbbq 8(%[b]), %[t1]\n\t"
        "sbbq 16(%[b]), %[t2]\n\t" "sbbq 24(%[b]), %[t3]\n\t"
        "sbbq %[m], %[m]\n\t"
        "movq %[p0], %[s0]\n\t" "andq %[m], %[s0]\n\t"
        "movq %[p1], %[s1]\n\t" "andq %[m], %[s1]\n\t"
        "movq %[p2], %[s2]\n\t" "andq %[m], %[s2]\n\t"
        "andq %[p3], %[m]\n\t"
        "addq %[s0], %[t0]\n\t" "adcq %[s1], %[t1]\n\t"
        "adcq %[s2], %[t2]\n\t" "adcq %[m], %[t3]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
          [m] "=&r"(m), [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2)
        : [a] "r"(a->l), [b] "r"(b->l),
          [p0] "m"(cuzk_fr_p_i[0]), [p1] "m"(cuzk_fr_p_i[1]), [p2] "m"(cuzk_fr_p_i[2]),
          [p3] "m"(cuzk_fr_p_i[3])
        : "cc", "memory");
    (void)m; (void)s0; (void)s1; (void)s2;
    r->l[0] = t0; r->l[1] = t1; r->l[2] = t2; r->l[3] = t3;
}

#endif
