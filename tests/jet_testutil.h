/* Helpers shared by the jet and series tests (test code only). */
#ifndef NH_JET_TESTUTIL_H
#define NH_JET_TESTUTIL_H

#include "jet.h"

/* Random jet with exact dyadic coefficients k * 2^-scale_exp,
   |k| <= 1000, and radius 2^rad_exp on each coefficient (no radius when
   rad_exp == 0). */
static inline void
tu_rand_jet(arb_ptr a, const jet_ctx_t ctx, flint_rand_t st, slong scale_exp, slong rad_exp)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
    {
        arb_set_si(a + i, (slong) n_randint(st, 2001) - 1000);
        arb_mul_2exp_si(a + i, a + i, -scale_exp);
        if (rad_exp != 0)
            mag_set_ui_2exp_si(arb_radref(a + i), 1, rad_exp);
    }
}

/* 1 iff a_i and b_i overlap for all i < n */
static inline int
tu_vec_overlaps(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_overlaps(a + i, b + i))
            return 0;
    return 1;
}

/* 1 iff a_i contains b_i for all i < n */
static inline int
tu_vec_contains(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_contains(a + i, b + i))
            return 0;
    return 1;
}

/* 1 iff rad(x_i) <= 2^e for all i < n */
static inline int
tu_vec_rad_le(arb_srcptr x, slong n, slong e)
{
    slong i;
    for (i = 0; i < n; i++)
        if (mag_cmp_2exp_si(arb_radref(x + i), e) > 0)
            return 0;
    return 1;
}

/* max_i rad(x_i) as a double */
static inline double
tu_vec_max_rad(arb_srcptr x, slong n)
{
    slong i;
    double r = 0;
    for (i = 0; i < n; i++)
        r = FLINT_MAX(r, mag_get_d(arb_radref(x + i)));
    return r;
}

/* 1 iff a_i and b_i are identical balls for all i < n */
static inline int
tu_vec_equal(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_equal(a + i, b + i))
            return 0;
    return 1;
}

#endif
