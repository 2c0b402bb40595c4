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
#include <string.h>
#include "impl.h"

/* S (and C if not NULL) from a; mode 0: S = sin, C = cos; mode 1: S = exp.
   S, C must not alias a or each other. */
/* lo >= 1: S, C already hold the coefficients of degree < lo (of the same
   a, ord >= lo - 1, same prec); only degrees lo..ord are computed (each
   coefficient depends only on a's and S, C's coefficients of lower or
   equal degree, so the result is the one of lo = 0: jet_sin_cos_memo). */
static void
_jet_rec_from(arb_ptr S, arb_ptr C, arb_srcptr a, slong lo, slong ord, const jet_ctx_t ctx,
              slong prec, int mode)
{
    slong n, c, d, p, np, k, maxp, i, z;
    const slong *pa, *pb;
    slong *sa = NULL, *sb = NULL;
    arb_struct *ta, *tb, *tc;
    arb_ptr wa, inv;

    if (ord > ctx->order)
        ord = ctx->order;
    z = (lo <= 0 || ord < 0) ? 0 : ctx->deg_len[FLINT_MIN(lo, ord + 1) - 1];
    _jet_vec_zero(S + z, ctx->len - z);
    if (C != NULL)
        _jet_vec_zero(C + z, ctx->len - z);
    if (ord < 0)
        return;
    if (lo <= 0)
    {
        lo = 1;
        if (mode == 0)
            arb_sin_cos(S, C, a, prec);
        else
            arb_exp(S, a, prec);
    }
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
    for (d = lo; d <= ord; d++)
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

static void
_jet_rec(arb_ptr S, arb_ptr C, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec,
         int mode)
{
    _jet_rec_from(S, C, a, 0, ord, ctx, prec, mode);
}

/* ---- sin and cos of one argument kept across calls (issue 14) ---- */

void
jet_sin_cos_memo_init(jet_sin_cos_memo_t m)
{
    memset(m, 0, sizeof(jet_sin_cos_memo_struct));
}

void
jet_sin_cos_memo_clear(jet_sin_cos_memo_t m)
{
    if (m->a != NULL)
        _arb_vec_clear(m->a, 3 * m->len);
    jet_sin_cos_memo_init(m);
}

/* Does m hold jets of a context of ctx's shape (the monomial order is a
   function of the shape, jet_ctx_init_groups)? */
static int
memo_fits(const jet_sin_cos_memo_struct *m, const jet_ctx_t ctx)
{
    slong g;

    if (m->a == NULL || m->len != ctx->len || m->nvars != ctx->nvars
        || m->order != ctx->order || m->ngroups != ctx->ngroups)
        return 0;
    for (g = 0; g < ctx->ngroups; g++)
        if (m->group_start[g + 1] != ctx->group_start[g + 1]
            || m->group_order[g] != ctx->group_order[g])
            return 0;
    return 1;
}

static void
memo_reset(jet_sin_cos_memo_struct *m, const jet_ctx_t ctx)
{
    slong g;

    jet_sin_cos_memo_clear(m);
    m->len = ctx->len;
    m->nvars = ctx->nvars;
    m->order = ctx->order;
    m->ngroups = ctx->ngroups;
    for (g = 0; g <= ctx->ngroups; g++)
        m->group_start[g] = ctx->group_start[g];
    for (g = 0; g < ctx->ngroups; g++)
        m->group_order[g] = ctx->group_order[g];
    m->a = _arb_vec_init(3 * ctx->len);
    m->s = m->a + ctx->len;
    m->c = m->s + ctx->len;
    m->ord = -1;
}

arb_srcptr
jet_sin_cos_memo(jet_sin_cos_memo_t m, arb_srcptr a, slong ord, const jet_ctx_t ctx,
                 slong prec)
{
    slong lo, i, top;

    if (ord > ctx->order)
        ord = ctx->order;
    if (!memo_fits(m, ctx))
        memo_reset(m, ctx);
    /* lo = the lowest degree where a differs (bitwise: midpoint and
       radius) from the stored argument, capped by the degrees stored */
    top = (m->prec == prec) ? FLINT_MIN(m->ord, ord) : -1;
    lo = 0;
    if (top >= 0)
        for (lo = 0; lo <= top; lo++)
        {
            for (i = (lo == 0) ? 0 : ctx->deg_len[lo - 1]; i < ctx->deg_len[lo]; i++)
                if (!arb_equal(a + i, m->a + i))
                    break;
            if (i < ctx->deg_len[lo])
                break;
        }
    m->hits += lo;
    m->calls++;
    _jet_rec_from(m->s, m->c, a, lo, ord, ctx, prec, 0);
    /* the stored argument: a's coefficients of degree <= ord */
    for (i = (lo == 0) ? 0 : ctx->deg_len[lo - 1]; i < jet_ctx_len(ctx, ord); i++)
        arb_set(m->a + i, a + i);
    m->ord = ord;
    m->prec = prec;
    return m->s;
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
