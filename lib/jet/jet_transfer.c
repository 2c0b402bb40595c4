/*
 * jet_transfer.c -- move a jet to another context by renaming variables
 * (x_i -> y_{varmap[i]}, or x_i -> 0 if varmap[i] = -1).  Several
 * variables may map to the same target (substitution x_i = x_j = y):
 * coefficients landing on the same monomial are added exactly.  res must
 * not alias a.
 */
#include "impl.h"

void
jet_transfer(arb_ptr res, const jet_ctx_t ctx_res, arb_srcptr a,
             const jet_ctx_t ctx_a, const slong * varmap)
{
    slong da = ctx_a->nvars, dr = ctx_res->nvars, idx, i, j;
    slong *e = flint_malloc(dr * sizeof(slong));

    _jet_vec_zero(res, ctx_res->len);
    for (idx = 0; idx < ctx_a->len; idx++)
    {
        const slong *ea = ctx_a->exps + idx * da;
        int drop = 0;

        if (arb_is_zero(a + idx))
            continue;
        for (i = 0; i < dr; i++)
            e[i] = 0;
        for (i = 0; i < da && !drop; i++)
        {
            if (ea[i] == 0)
                continue;
            if (varmap[i] < 0 || varmap[i] >= dr)
                drop = 1;
            else
                e[varmap[i]] += ea[i];
        }
        if (drop)
            continue;
        j = jet_ctx_index(ctx_res, e);
        if (j >= 0)
            arb_add(res + j, res + j, a + idx, ARF_PREC_EXACT);
    }
    flint_free(e);
}
