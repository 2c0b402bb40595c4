/*
 * jet_mul.c -- products of jets: jet_mul, jet_addmul, jet_submul.
 *
 * Each output coefficient c (total degree <= ord) is one arb_dot over
 * the pairs (a, b) of the multiplication table, gathered as shallow
 * struct copies.  Output degrees outside [lo_a + lo_b, hi_a + hi_b]
 * (lowest/highest nonzero degrees of the operands) are skipped.
 * Aliasing (jet_mul): outputs are computed in decreasing index order;
 * coefficient c only reads operand indices <= c (a sub-monomial of c has
 * smaller degree or equals c), and each result is formed in a temporary
 * and swapped in, so res may alias a and/or b.  Small products gather
 * their pairs in a stack buffer (no allocation).  A factor constant up to
 * degree ord (its other coefficients exact zeros) contributes the one
 * pair (0, c) or (c, 0) per output coefficient instead of all pairs of
 * c, whose other terms are exact zeros (as in jet_dot): the constant
 * multipliers of jet_mat_solve's elimination (constant metric entries,
 * mu_bar = I) cost one term per coefficient.
 */
#include "impl.h"

int
_jet_degree_range(slong * lo, slong * hi, arb_srcptr a, slong ord,
                  const jet_ctx_t ctx)
{
    slong n = jet_ctx_len(ctx, ord), i, j;

    for (i = 0; i < n && arb_is_zero(a + i); i++) ;
    if (i == n)
        return 0;
    for (j = n - 1; arb_is_zero(a + j); j--) ;
    *lo = jet_ctx_degree(ctx, i);
    *hi = jet_ctx_degree(ctx, j);
    return 1;
}

/* mode: 0 res = a b, 1 res += a b, 2 res -= a b */
static void
_jet_mul_mode(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord,
              const jet_ctx_t ctx, slong prec, int mode)
{
    slong loa, hia, lob, hib, klo, khi, cstart, cend, c, p, np;
    const slong *pa, *pb;
    arb_struct *ta, *tb;
    _jet_pairbuf_struct B;
    arb_t t;

    if (ord > ctx->order)
        ord = ctx->order;

    if (ord < 0 || !_jet_degree_range(&loa, &hia, a, ord, ctx)
        || !_jet_degree_range(&lob, &hib, b, ord, ctx)
        || loa + lob > ord)
    {
        if (mode == 0)
            _jet_vec_zero(res, ctx->len);
        return;
    }

    klo = loa + lob;
    khi = FLINT_MIN(ord, hia + hib);
    cstart = (klo == 0) ? 0 : ctx->deg_len[klo - 1];
    cend = ctx->deg_len[khi];

    _jet_pairbuf_init(&B, 1, ctx);
    ta = B.ta;
    tb = B.tb;

    if (mode == 0)
        _jet_vec_zero(res + cend, ctx->len - cend);

    arb_init(t);
    for (c = cend - 1; c >= cstart; c--)
    {
        if (hia == 0 || hib == 0)
        {
            /* a constant factor: the one pair (0, c) or (c, 0) */
            ta[0] = *(a + (hia == 0 ? 0 : c));
            tb[0] = *(b + (hia == 0 ? c : 0));
            np = 1;
        }
        else
        {
            np = _jet_ctx_pairs(&pa, &pb, B.sa, B.sb, c, ctx);
            for (p = 0; p < np; p++)
            {
                ta[p] = *(a + pa[p]);
                tb[p] = *(b + pb[p]);
            }
        }
        if (mode == 0)
        {
            arb_dot(t, NULL, 0, ta, 1, tb, 1, np, prec);
            arb_swap(res + c, t);
        }
        else
            arb_dot(res + c, res + c, mode == 2, ta, 1, tb, 1, np, prec);
    }
    arb_clear(t);

    if (mode == 0)
        _jet_vec_zero(res, cstart);

    _jet_pairbuf_clear(&B);
}

void
jet_mul(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord,
        const jet_ctx_t ctx, slong prec)
{
    _jet_mul_mode(res, a, b, ord, ctx, prec, 0);
}

void
jet_addmul(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord,
           const jet_ctx_t ctx, slong prec)
{
    _jet_mul_mode(res, a, b, ord, ctx, prec, 1);
}

void
jet_submul(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord,
           const jet_ctx_t ctx, slong prec)
{
    _jet_mul_mode(res, a, b, ord, ctx, prec, 2);
}
