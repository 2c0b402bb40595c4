/*
 * jet_ctx_mul_table.c -- the multiplication table of a context: for each
 * output monomial c all pairs (a, b) with alpha_a + alpha_b = alpha_c
 * (both automatically in the set, which is downward closed), grouped by
 * c.  Built on first use (the context is logically const; the table is
 * a cache).  The number of pairs is sum_c prod_i (c_i + 1); above
 * JET_MUL_MAX_PAIRS the table is not stored and products enumerate the
 * pairs on the fly with the same odometer (up/down walks).
 */
#include <stdio.h>
#include "impl.h"

slong
_jet_ctx_pairs_enum(slong * pa, slong * pb, slong c, const jet_ctx_t ctx)
{
    slong d = ctx->nvars, n = 0, ia = 0, ib = c, i, t;
    const slong *ec = ctx->exps + c * d;
    slong cur[64], supp[64], ns = 0;
    slong *curp = cur, *suppp = supp;

    if (d > 64)
    {
        curp = flint_malloc(d * sizeof(slong));
        suppp = flint_malloc(d * sizeof(slong));
    }
    for (i = 0; i < d; i++)
        if (ec[i] != 0)
        {
            suppp[ns] = i;
            curp[ns] = 0;
            ns++;
        }

    for (;;)
    {
        pa[n] = ia;
        pb[n] = ib;
        n++;
        /* odometer step over the support */
        for (t = 0; t < ns; t++)
        {
            i = suppp[t];
            if (curp[t] < ec[i])
            {
                curp[t]++;
                ia = ctx->up[ia * d + i];
                ib = ctx->down[ib * d + i];
                break;
            }
            for (; curp[t] > 0; curp[t]--)
            {
                ia = ctx->down[ia * d + i];
                ib = ctx->up[ib * d + i];
            }
        }
        if (t == ns)
            break;
    }

    if (d > 64)
    {
        flint_free(curp);
        flint_free(suppp);
    }
    return n;
}

void
_jet_ctx_mul_prepare(const jet_ctx_t ctx_const)
{
    jet_ctx_struct *ctx = (jet_ctx_struct *) ctx_const;
    slong d = ctx->nvars, c, i, p, total = 0, maxp = 0;

    if (ctx->mul_npairs != 0)
        return;

    for (c = 0; c < ctx->len; c++)
    {
        const slong *ec = ctx->exps + c * d;
        slong q = 1;
        for (i = 0; i < d; i++)
            q *= (ec[i] + 1);
        total += q;
        maxp = FLINT_MAX(maxp, q);
        if (total > WORD_MAX / 4)
            total = WORD_MAX / 4;
    }
    ctx->mul_maxpairs = maxp;

    if (total <= JET_MUL_MAX_PAIRS)
    {
        ctx->mul_start = flint_malloc((ctx->len + 1) * sizeof(slong));
        ctx->mul_a = flint_malloc(total * sizeof(slong));
        ctx->mul_b = flint_malloc(total * sizeof(slong));
        p = 0;
        for (c = 0; c < ctx->len; c++)
        {
            ctx->mul_start[c] = p;
            p += _jet_ctx_pairs_enum(ctx->mul_a + p, ctx->mul_b + p, c, ctx);
        }
        ctx->mul_start[ctx->len] = p;
        if (p != total)
        {
            flint_printf("jet_ctx_mul_table: internal error (%wd != %wd)\n", p, total);
            flint_abort();
        }
    }
    ctx->mul_npairs = total;
}
