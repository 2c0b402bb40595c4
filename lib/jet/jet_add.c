/*
 * jet_add.c -- linear operations (coefficientwise).
 *
 * Zero coefficients are skipped (issue 14, branch pf14): the jets of the
 * certified field are mostly exact zeros (the tails above ord, the
 * derivative parts of constant model entries, e.g. d_l G = 0 for a
 * constant metric), and arb_add/arb_sub/arb_set are library calls of
 * ~100 instructions each (jet_sub and jet_add were 18 % of the goal
 * command's instructions).  Rigour: where one operand's coefficient is
 * the exact ball 0 (midpoint 0, radius 0), the exact result is the other
 * operand's coefficient (negated for b in a - b), so copying it (or
 * negating, which is exact) encloses the result; arb_add would return the
 * same ball, or a wider one if the copied midpoint had more than prec
 * bits (then rounded).  So every result is identical or narrower.
 */
#include "impl.h"

void
jet_add(arb_ptr res, arb_srcptr a, arb_srcptr b, const jet_ctx_t ctx, slong prec)
{
    slong i;

    for (i = 0; i < ctx->len; i++)
    {
        if (arb_is_zero(b + i))
            jet_coeff_set(res + i, a + i);
        else if (arb_is_zero(a + i))
            jet_coeff_set(res + i, b + i);
        else
            arb_add(res + i, a + i, b + i, prec);
    }
}

void
jet_sub(arb_ptr res, arb_srcptr a, arb_srcptr b, const jet_ctx_t ctx, slong prec)
{
    slong i;

    for (i = 0; i < ctx->len; i++)
    {
        if (arb_is_zero(b + i))
            jet_coeff_set(res + i, a + i);
        else if (arb_is_zero(a + i))
            arb_neg(res + i, b + i);
        else
            arb_sub(res + i, a + i, b + i, prec);
    }
}

void
jet_neg(arb_ptr res, arb_srcptr a, const jet_ctx_t ctx)
{
    slong i;

    for (i = 0; i < ctx->len; i++)
    {
        if (arb_is_zero(a + i))
            jet_coeff_set(res + i, a + i);
        else
            arb_neg(res + i, a + i);
    }
}

/* res_i = a_i c, skipping a_i = 0 (exact: 0 c = 0) when c is finite
   (0 times an infinite ball is not 0 in Arb: then arb_mul decides). */
static void
scalar_mul(arb_ptr res, arb_srcptr a, const arb_t c, slong len, int add, slong prec)
{
    slong i;
    int fin = arb_is_finite(c);

    for (i = 0; i < len; i++)
    {
        if (fin && arb_is_zero(a + i))
        {
            if (!add)
                jet_coeff_set(res + i, a + i);
        }
        else if (add)
            arb_addmul(res + i, a + i, c, prec);
        else
            arb_mul(res + i, a + i, c, prec);
    }
}

void
jet_scalar_mul(arb_ptr res, arb_srcptr a, const arb_t c, const jet_ctx_t ctx, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set(t, c);              /* c may alias a coefficient of res */
    scalar_mul(res, a, t, ctx->len, 0, prec);
    arb_clear(t);
}

void
jet_scalar_mul_si(arb_ptr res, arb_srcptr a, slong c, const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
        if (arb_is_zero(a + i))
            jet_coeff_set(res + i, a + i);
        else
            arb_mul_si(res + i, a + i, c, prec);
}

void
jet_scalar_div_si(arb_ptr res, arb_srcptr a, slong c, const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
        if (c != 0 && arb_is_zero(a + i))
            jet_coeff_set(res + i, a + i);
        else
            arb_div_si(res + i, a + i, c, prec);
}

void
jet_addmul_scalar(arb_ptr res, arb_srcptr a, const arb_t c, const jet_ctx_t ctx, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set(t, c);
    scalar_mul(res, a, t, ctx->len, 1, prec);
    arb_clear(t);
}
