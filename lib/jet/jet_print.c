/*
 * jet_print.c -- printing and radius inspection.
 */
#include "impl.h"

double
jet_max_rad(arb_srcptr a, const jet_ctx_t ctx)
{
    slong i;
    mag_t m;
    arf_t t;
    double r;

    mag_init(m);
    arf_init(t);
    for (i = 0; i < ctx->len; i++)
        mag_max(m, m, arb_radref(a + i));
    arf_set_mag(t, m);
    r = arf_get_d(t, ARF_RND_UP);
    mag_clear(m);
    arf_clear(t);
    return r;
}

void
jet_print(arb_srcptr a, const jet_ctx_t ctx, slong digits)
{
    slong idx, i, d = ctx->nvars;
    int first = 1;

    for (idx = 0; idx < ctx->len; idx++)
    {
        const slong *e = ctx->exps + idx * d;
        if (arb_is_zero(a + idx))
            continue;
        flint_printf(first ? "" : "\n + ");
        first = 0;
        flint_printf("(");
        arb_printn(a + idx, digits, 0);
        flint_printf(")");
        for (i = 0; i < d; i++)
        {
            if (e[i] == 1)
                flint_printf("*x%wd", i);
            else if (e[i] > 1)
                flint_printf("*x%wd^%wd", i, e[i]);
        }
    }
    if (first)
        flint_printf("0");
    flint_printf("\n");
}
