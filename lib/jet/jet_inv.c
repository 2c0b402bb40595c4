/*
 * jet_inv.c -- 1/a and a/b.  r = 1/a by the graded recursion of a r = 1
 * (issue 33): r_0 = 1/a_0 and, for each monomial c != 0 in the graded
 * order, r_c = -(1/a_0) sum_{(alpha, beta) pairs of c, alpha != 0}
 * a_alpha r_beta -- every beta of such a pair has smaller degree than c,
 * hence a smaller index, so r_beta is final.  One arb_dot per
 * coefficient: the cost of one jet product, where the composition with
 * the geometric series 1/(a0 + x) used before took ord products
 * (41% of the certified reduced flow's time was jet_inv, perf
 * 2026-11-29).  Sound: for every series in the balls of a the exact
 * coefficients satisfy the recursion with the exact 1/a_0, which
 * arb_inv encloses.  NH_ERR_DOMAIN if the constant term of the divisor
 * contains 0.
 */
#include "impl.h"

/* r = 1/a up to the L first coefficients (graded recursion, header) */
static void
inv_graded(arb_ptr res, arb_srcptr a, slong L, const jet_ctx_t ctx, slong prec)
{
    slong np, p, t, cc;
    arb_t m;
    const slong *pa, *pb;
    _jet_pairbuf_struct B;
    arb_ptr r = _arb_vec_init(ctx->len);   /* res may alias a */

    _jet_pairbuf_init(&B, 1, ctx);
    arb_init(m);
    arb_inv(r, a, prec);
    arb_neg(m, r);                          /* -1/a_0 */
    for (cc = 1; cc < L; cc++)
    {
        np = _jet_ctx_pairs(&pa, &pb, B.sa, B.sb, cc, ctx);
        for (p = t = 0; p < np; p++)
            if (pa[p] != 0 && !arb_is_zero(a + pa[p]) && !arb_is_zero(r + pb[p]))
            {
                B.ta[t] = a[pa[p]];
                B.tb[t] = r[pb[p]];
                t++;
            }
        if (t > 0)
        {
            arb_dot(r + cc, NULL, 0, B.ta, 1, B.tb, 1, t, prec);
            arb_mul(r + cc, r + cc, m, prec);
        }
    }
    _arb_vec_swap(res, r, ctx->len);
    arb_clear(m);
    _arb_vec_clear(r, ctx->len);
    _jet_pairbuf_clear(&B);
}

int
jet_inv(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    if (arb_contains_zero(a))
        return NH_ERR_DOMAIN;
    if (ord > ctx->order)
        ord = ctx->order;
    if (ord < 0)
    {
        jet_zero(res, ctx);
        return NH_OK;
    }

    {
        /* a constant up to degree ord (e.g. a constant metric entry in
           jet_mat_solve): 1/a(0), what the recursion below gives, without
           its passes (issue 14) */
        slong lo, hi;
        if (!_jet_degree_range(&lo, &hi, a, ord, ctx) || hi == 0)
        {
            arb_inv(res, a, prec);
            _jet_vec_zero(res + 1, ctx->len - 1);
            return NH_OK;
        }
    }
    inv_graded(res, a, jet_ctx_len(ctx, ord), ctx, prec);
    return NH_OK;
}

int
jet_div(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord,
        const jet_ctx_t ctx, slong prec)
{
    arb_ptr t;
    int r;

    t = jet_init(ctx);
    r = jet_inv(t, b, ord, ctx, prec);
    if (r == NH_OK)
        jet_mul(res, a, t, ord, ctx, prec);
    jet_clear(t, ctx);
    return r;
}
