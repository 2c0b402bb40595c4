/*
 * jet_dot.c -- res = sum_k a_k b_k, one arb_dot per output coefficient
 * over all pairs of all count products.  res must not alias any a_k or
 * b_k.  A product with a constant factor contributes one term per
 * coefficient instead of all pairs.  Small dots gather their pairs in a stack buffer (no
 * allocation).
 */
#include "impl.h"

void
jet_dot(arb_ptr res, arb_srcptr a, slong astride, arb_srcptr b, slong bstride,
        slong count, slong ord, const jet_ctx_t ctx, slong prec)
{
    slong k, c, p, np, n, cstart, cend, klo, khi, m;
    slong loa, hia, lob, hib;
    const slong *pa, *pb;
    arb_struct *ta, *tb;
    _jet_pairbuf_struct B;
    char kbuf[64], *kind;
    int any = 0;

    if (ord > ctx->order)
        ord = ctx->order;
    if (ord < 0 || count <= 0)
    {
        _jet_vec_zero(res, ctx->len);
        return;
    }

    /* union of the output degree ranges of the products; kind[k]: 0 the
       product vanishes, 1 general, 2 a_k constant, 3 b_k constant (one
       pair per output coefficient) */
    kind = (count <= 64) ? kbuf : flint_malloc(count);
    klo = ord + 1;
    khi = -1;
    for (k = 0; k < count; k++)
    {
        kind[k] = 0;
        if (_jet_degree_range(&loa, &hia, a + k * astride, ord, ctx)
            && _jet_degree_range(&lob, &hib, b + k * bstride, ord, ctx)
            && loa + lob <= ord)
        {
            any = 1;
            kind[k] = (hia == 0) ? 2 : (hib == 0) ? 3 : 1;
            klo = FLINT_MIN(klo, loa + lob);
            khi = FLINT_MAX(khi, FLINT_MIN(ord, hia + hib));
        }
    }
    if (!any)
    {
        _jet_vec_zero(res, ctx->len);
        if (kind != kbuf)
            flint_free(kind);
        return;
    }
    cstart = (klo == 0) ? 0 : ctx->deg_len[klo - 1];
    cend = ctx->deg_len[khi];
    n = ctx->len;

    _jet_pairbuf_init(&B, count, ctx);
    ta = B.ta;
    tb = B.tb;

    _jet_vec_zero(res, cstart);
    _jet_vec_zero(res + cend, n - cend);
    for (c = cstart; c < cend; c++)
    {
        np = -1;
        m = 0;
        for (k = 0; k < count; k++)
        {
            arb_srcptr ak = a + k * astride, bk = b + k * bstride;
            if (kind[k] == 1)
            {
                if (np < 0)
                    np = _jet_ctx_pairs(&pa, &pb, B.sa, B.sb, c, ctx);
                for (p = 0; p < np; p++)
                {
                    ta[m] = *(ak + pa[p]);
                    tb[m] = *(bk + pb[p]);
                    m++;
                }
            }
            else if (kind[k] == 2)
            {
                ta[m] = *ak;
                tb[m] = *(bk + c);
                m++;
            }
            else if (kind[k] == 3)
            {
                ta[m] = *(ak + c);
                tb[m] = *bk;
                m++;
            }
        }
        arb_dot(res + c, NULL, 0, ta, 1, tb, 1, m, prec);
    }

    _jet_pairbuf_clear(&B);
    if (kind != kbuf)
        flint_free(kind);
}
