/*
 * jet_elementary.c -- exp, log, sqrt, sin, cos, tan of jets.  log, sqrt,
 * tan: Taylor coefficients of f at a0 = a(0) from Arb's univariate power
 * series functions applied to a0 + x (length ord + 1), then
 * jet_compose_series; exp, sin, cos: the recurrence of jet_sin_cos.c.
 *
 * Domains: log and sqrt need a0 certified positive; tan needs cos(a0)
 * certified nonzero; otherwise NH_ERR_DOMAIN.
 */
#include "impl.h"

typedef enum { F_LOG, F_SQRT, F_TAN } _jet_fun;

static int
_jet_elem(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx,
          slong prec, _jet_fun f)
{
    arb_poly_t x, s, c;
    slong n;

    if (ord > ctx->order)
        ord = ctx->order;

    if ((f == F_LOG || f == F_SQRT) && !arb_is_positive(a))
        return NH_ERR_DOMAIN;
    if (f == F_TAN)
    {
        arb_t t;
        int bad;
        arb_init(t);
        arb_cos(t, a, prec);
        bad = arb_contains_zero(t);
        arb_clear(t);
        if (bad)
            return NH_ERR_DOMAIN;
    }
    if (ord < 0)
    {
        jet_zero(res, ctx);
        return NH_OK;
    }

    n = ord + 1;
    arb_poly_init(x);
    arb_poly_init(s);
    arb_poly_init(c);
    arb_poly_set_coeff_arb(x, 0, a);
    arb_poly_set_coeff_si(x, 1, 1);

    switch (f)
    {
        case F_LOG: arb_poly_log_series(s, x, n, prec); break;
        case F_SQRT: arb_poly_sqrt_series(s, x, n, prec); break;
        case F_TAN: arb_poly_tan_series(s, x, n, prec); break;
    }

    jet_compose_series(res, s->coeffs, s->length, a, ord, ctx, prec);

    arb_poly_clear(x);
    arb_poly_clear(s);
    arb_poly_clear(c);
    return NH_OK;
}

/* exp, sin, cos: the Euler-operator recurrence of jet_sin_cos.c (one or
   two products instead of ord; the composition above is kept for the
   others) */
int
jet_exp(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    _jet_exp_rec(res, a, ord, ctx, prec);
    return NH_OK;
}

int
jet_log(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    return _jet_elem(res, a, ord, ctx, prec, F_LOG);
}

int
jet_sqrt(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    return _jet_elem(res, a, ord, ctx, prec, F_SQRT);
}

int
jet_sin(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    _jet_sin_cos(res, NULL, a, ord, ctx, prec);
    return NH_OK;
}

int
jet_sin_cos(arb_ptr s, arb_ptr c, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    if (s != NULL && s == c)
    {
        flint_printf("jet_sin_cos: outputs alias each other\n");
        flint_abort();
    }
    _jet_sin_cos(s, c, a, ord, ctx, prec);
    return NH_OK;
}

int
jet_cos(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    _jet_sin_cos(NULL, res, a, ord, ctx, prec);
    return NH_OK;
}

int
jet_tan(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec)
{
    return _jet_elem(res, a, ord, ctx, prec, F_TAN);
}
