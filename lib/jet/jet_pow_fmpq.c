/*
 * jet_pow_fmpq.c -- a^p for rational p.
 *
 * p integer >= 0: jet_pow_ui.  p integer < 0: jet_inv then jet_pow_ui
 * (constant term must exclude 0).  Otherwise a(0) must be certified
 * positive; the Taylor coefficients of (a0 + x)^p at x = 0 are
 * c_k = binom(p, k) a0^(p - k), computed by c_0 = a0^p (arb_pow_fmpq),
 * c_k = c_{k-1} (p - k + 1) / (k a0), then jet_compose_series.
 */
#include "impl.h"

int
jet_pow_fmpq(arb_ptr res, arb_srcptr a, const fmpq_t p, slong ord,
             const jet_ctx_t ctx, slong prec)
{
    arb_ptr c;
    fmpq_t q;
    fmpz_t kk;
    slong k, n;

    if (ord > ctx->order)
        ord = ctx->order;

    if (fmpz_is_one(fmpq_denref(p)))
    {
        const fmpz *e = fmpq_numref(p);
        int r = NH_OK;
        if (!fmpz_abs_fits_ui(e))
            return NH_ERR_DOMAIN;
        if (fmpz_sgn(e) >= 0)
            jet_pow_ui(res, a, fmpz_get_ui(e), ord, ctx, prec);
        else
        {
            fmpz_t f;
            fmpz_init(f);
            fmpz_neg(f, e);
            r = jet_inv(res, a, ord, ctx, prec);
            if (r == NH_OK)
                jet_pow_ui(res, res, fmpz_get_ui(f), ord, ctx, prec);
            fmpz_clear(f);
        }
        return r;
    }

    if (!arb_is_positive(a))
        return NH_ERR_DOMAIN;
    if (ord < 0)
    {
        jet_zero(res, ctx);
        return NH_OK;
    }

    n = ord + 1;
    c = _arb_vec_init(n);
    fmpq_init(q);
    fmpz_init(kk);
    arb_pow_fmpq(c, a, p, prec);
    for (k = 1; k < n; k++)
    {
        /* c_k = c_{k-1} * q / a0 with q = (p - k + 1) / k */
        fmpq_sub_si(q, p, k - 1);
        fmpz_set_si(kk, k);
        fmpq_div_fmpz(q, q, kk);
        arb_mul_fmpz(c + k, c + k - 1, fmpq_numref(q), prec);
        arb_div_fmpz(c + k, c + k, fmpq_denref(q), prec);
        arb_div(c + k, c + k, a, prec);
    }
    jet_compose_series(res, c, n, a, ord, ctx, prec);
    fmpq_clear(q);
    fmpz_clear(kk);
    _arb_vec_clear(c, n);
    return NH_OK;
}
