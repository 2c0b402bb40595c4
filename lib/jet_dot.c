/*
 * jet_dot.c -- res = sum_k a_k b_k, one arb_dot per output coefficient
 * over all pairs of all count products.  res must not alias any a_k or
 * b_k.
 */
#include "jet_internal.h"

void
jet_dot(arb_ptr res, arb_srcptr a, slong astride, arb_srcptr b, slong bstride,
        slong count, slong ord, const jet_ctx_t ctx, slong prec)
{
    slong k, c, p, np, maxp, n, cstart, cend, klo, khi, m;
    slong loa, hia, lob, hib;
    const slong *pa, *pb;
    slong *sa = NULL, *sb = NULL;
    arb_struct *ta, *tb;
    int any = 0;

    if (ord > ctx->order)
        ord = ctx->order;
    if (ord < 0 || count <= 0)
    {
        _arb_vec_zero(res, ctx->len);
        return;
    }

    /* union of the output degree ranges of the products */
    klo = ord + 1;
    khi = -1;
    for (k = 0; k < count; k++)
    {
        if (_jet_degree_range(&loa, &hia, a + k * astride, ord, ctx)
            && _jet_degree_range(&lob, &hib, b + k * bstride, ord, ctx)
            && loa + lob <= ord)
        {
            any = 1;
            klo = FLINT_MIN(klo, loa + lob);
            khi = FLINT_MAX(khi, FLINT_MIN(ord, hia + hib));
        }
    }
    if (!any)
    {
        _arb_vec_zero(res, ctx->len);
        return;
    }
    cstart = (klo == 0) ? 0 : ctx->deg_len[klo - 1];
    cend = ctx->deg_len[khi];
    n = ctx->len;

    _jet_ctx_mul_prepare(ctx);
    maxp = ctx->mul_maxpairs;
    ta = flint_malloc(2 * count * maxp * sizeof(arb_struct));
    tb = ta + count * maxp;
    if (ctx->mul_start == NULL)
    {
        sa = flint_malloc(2 * maxp * sizeof(slong));
        sb = sa + maxp;
    }

    _arb_vec_zero(res, cstart);
    _arb_vec_zero(res + cend, n - cend);
    for (c = cstart; c < cend; c++)
    {
        np = _jet_ctx_pairs(&pa, &pb, sa, sb, c, ctx);
        m = 0;
        for (k = 0; k < count; k++)
        {
            arb_srcptr ak = a + k * astride, bk = b + k * bstride;
            for (p = 0; p < np; p++)
            {
                ta[m] = *(ak + pa[p]);
                tb[m] = *(bk + pb[p]);
                m++;
            }
        }
        arb_dot(res + c, NULL, 0, ta, 1, tb, 1, m, prec);
    }

    flint_free(ta);
    flint_free(sa);
}
