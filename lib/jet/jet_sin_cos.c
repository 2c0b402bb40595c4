/*
 * jet_sin_cos.c -- sin, cos and exp of a jet by the Euler-operator
 * recurrence, in the cost of one or two jet products instead of the
 * ord products of jet_compose_series.
 *
 * E = sum_i x_i d/dx_i multiplies a monomial by its total degree and is
 * a derivation of the truncated ring (the monomials outside the set form
 * an ideal that E maps into itself).  With a~ = a - a(0):
 *   E sin(a) = cos(a) E a,  E cos(a) = -sin(a) E a,  E exp(a) = exp(a) E a,
 * so for a monomial c of degree d >= 1
 *   d S_c = sum_{alpha + beta = c, |alpha| >= 1} |alpha| a_alpha C_beta,
 *   d C_c = - sum ... |alpha| a_alpha S_beta,   d X_c = sum ... |alpha| a_alpha X_beta,
 * where every beta has degree < d: the coefficients follow in graded
 * order (the standard AD recurrences of Moore 1966, ch. 11, for univariate
 * series, applied to the homogeneous parts).  Ball arithmetic throughout.
 */
#include "impl.h"

/* S (and C if not NULL) from a; mode 0: S = sin, C = cos; mode 1: S = exp.
   S, C must not alias a or each other. */
static void
_jet_rec(arb_ptr S, arb_ptr C, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec,
         int mode)
{
    slong n, c, d, p, np, k, maxp, i;
    const slong *pa, *pb;
    slong *sa = NULL, *sb = NULL;
    arb_struct *ta, *tb, *tc;
    arb_ptr wa, inv;

    _jet_vec_zero(S, ctx->len);
    if (C != NULL)
        _jet_vec_zero(C, ctx->len);
    if (ord > ctx->order)
        ord = ctx->order;
    if (ord < 0)
        return;
    if (mode == 0)
        arb_sin_cos(S, C, a, prec);
    else
        arb_exp(S, a, prec);
    n = jet_ctx_len(ctx, ord);
    if (n <= 1)
        return;
    wa = _arb_vec_init(n);
    inv = _arb_vec_init(ord + 1);
    for (d = 1; d <= ord; d++)
    {
        arb_set_si(inv + d, d);
        arb_inv(inv + d, inv + d, prec);
        for (i = ctx->deg_len[d - 1]; i < ctx->deg_len[d]; i++)
            arb_mul_si(wa + i, a + i, d, prec);
    }
    _jet_ctx_mul_prepare(ctx);
    maxp = ctx->mul_maxpairs;
    ta = flint_malloc(3 * maxp * sizeof(arb_struct));
    tb = ta + maxp;
    tc = tb + maxp;
    if (ctx->mul_start == NULL)
    {
        sa = flint_malloc(2 * maxp * sizeof(slong));
        sb = sa + maxp;
    }
    for (d = 1; d <= ord; d++)
        for (c = ctx->deg_len[d - 1]; c < ctx->deg_len[d]; c++)
        {
            np = _jet_ctx_pairs(&pa, &pb, sa, sb, c, ctx);
            for (p = k = 0; p < np; p++)
                if (pa[p] != 0 && !arb_is_zero(wa + pa[p]))
                {
                    ta[k] = *(wa + pa[p]);
                    tb[k] = *((mode == 0 ? C : S) + pb[p]);
                    if (mode == 0)
                        tc[k] = *(S + pb[p]);
                    k++;
                }
            if (k == 0)
                continue;
            arb_dot(S + c, NULL, 0, ta, 1, tb, 1, k, prec);
            arb_mul(S + c, S + c, inv + d, prec);
            if (mode == 0)
            {
                arb_dot(C + c, NULL, 1, ta, 1, tc, 1, k, prec);
                arb_mul(C + c, C + c, inv + d, prec);
            }
        }
    flint_free(ta);
    flint_free(sa);
    _arb_vec_clear(wa, n);
    _arb_vec_clear(inv, ord + 1);
}

void
_jet_sin_cos(arb_ptr s, arb_ptr c, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    arb_ptr S = jet_init(ctx), C = jet_init(ctx);

    _jet_rec(S, C, a, ord, ctx, prec, 0);
    if (s != NULL)
        _arb_vec_swap(s, S, ctx->len);
    if (c != NULL)
        _arb_vec_swap(c, C, ctx->len);
    jet_clear(S, ctx);
    jet_clear(C, ctx);
}

void
_jet_exp_rec(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    arb_ptr X = jet_init(ctx);

    _jet_rec(X, NULL, a, ord, ctx, prec, 1);
    _arb_vec_swap(res, X, ctx->len);
    jet_clear(X, ctx);
}
