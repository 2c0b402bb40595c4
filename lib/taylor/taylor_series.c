/*
 * taylor_series.c -- Taylor jets of the solution of x' = f(t, x) by
 * automatic differentiation of the ODE (Moore 1966, ch. 11): the Picard
 * iteration x <- x(0) + int_0^s f(t0 + s, x) ds in the jet ring fixes one
 * more coefficient in s per iteration, x_{k+1} = f(x)_k / (k + 1).
 */
#include "impl.h"
#include <math.h>

/* One Picard pass x <- x0 + int_0^s f(t0 + s, x) ds, f exact to degree
   ord (F: N jets of scratch). */
static int
picard_pass(arb_ptr x, arb_srcptr x0, arb_ptr F, slong N, nh_taylor_rhs_fn rhs, void *data,
            const arb_t t0, slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong i;
    int rc = rhs(F, x, t0, ord, ctx, data, prec, err);

    if (rc != NH_OK)
        return rc;
    for (i = 0; i < N; i++)
    {
        jet_integral(JET_ENTRY(x, i, ctx), JET_ENTRY(F, i, ctx), 0, ctx, prec);
        jet_add(JET_ENTRY(x, i, ctx), JET_ENTRY(x, i, ctx), JET_ENTRY(x0, i, ctx), ctx, prec);
    }
    return NH_OK;
}

int
nh_taylor_series(arb_ptr x, arb_ptr work, slong N, nh_taylor_rhs_fn rhs, void *data,
                 const arb_t t0, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong p = ctx->group_order[0], extra = ctx->order - p, k, i, len = ctx->len;
    arb_ptr F = work, x0 = work + N * len;
    int rc;

    if (p > ctx->order)
        p = ctx->order, extra = 0;
    for (i = 0; i < N; i++)
        jet_set(JET_ENTRY(x0, i, ctx), JET_ENTRY(x, i, ctx), ctx);
    for (k = 0; k < p; k++)
        if ((rc = picard_pass(x, x0, F, N, rhs, data, t0, FLINT_MIN(k + extra, ctx->order),
                              ctx, prec, err)) != NH_OK)
            return rc;
    return NH_OK;
}

/* The last pass of nh_taylor_series again, in U (one variable), on a
   series x whose constant coefficients are x(0): a series exact to its
   cap is its fixed point (work: 2N jets). */
static int
picard_pass_again(arb_ptr x, arb_ptr work, slong N, nh_taylor_rhs_fn rhs, void *data,
                  const arb_t t0, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong p = FLINT_MIN(ctx->group_order[0], ctx->order), i, len = ctx->len;
    arb_ptr F = work, x0 = work + N * len;

    for (i = 0; i < N; i++)
        jet_set_arb(JET_ENTRY(x0, i, ctx), JET_ENTRY(x, i, ctx), ctx);
    return picard_pass(x, x0, F, N, rhs, data, t0,
                       FLINT_MIN(p - 1 + ctx->order - p, ctx->order), ctx, prec, err);
}

int
_nh_taylor_point_series(nh_taylor_ws_t w, arb_srcptr x, const arb_t t, nh_error_t err)
{
    slong i;

    for (i = 0; i < w->N; i++)
        jet_set_arb(JET_ENTRY(w->ux, i, w->U), x + i, w->U);
    return nh_taylor_series(w->ux, w->uw, w->N, w->rhs, w->data, t, w->U, w->prec, err);
}

int
_nh_taylor_point_series_sharp(nh_taylor_ws_t w, arb_srcptr x, const arb_t t, nh_error_t err)
{
    int rc = _nh_taylor_point_series(w, x, t, err);

    if (rc == NH_OK && w->lprec > w->prec)
        rc = picard_pass_again(w->ux, w->uw, w->N, w->rhs, w->data, t, w->U, w->lprec, err);
    return rc;
}

/* The series through a set S from a guess (impl.h): for the hull X
   (_nh_taylor_hull_series_verified, base the series at x_hat) and for
   x_hat (_nh_taylor_point_series_next, base the last step's series
   shifted to this time).  Coefficient 0 is S, coefficient k >= 1 the
   base series widened by twice its radius plus twice
   sum_j |(Phi_k)_ij| |S_j - ref_j| (ref: the point of the base series;
   Phi_k of the last step: the first-order change of c_k over S) plus
   2^(10 - prec + 2k) max(1, |c_k|) (the rounding of
   the pass and its propagation up the coefficients, ~ |D_x f| / k per
   level).  One Picard pass P at prec; if P(guess) lies in the guess the
   series through S is enclosed by P(guess): coefficient k of P depends
   only on coefficients below k of its argument, so by induction on k
   (coefficient 0 is S) every coefficient of the guess, hence of P(guess),
   contains the exact coefficient for every x0 in S and every time in the
   pass's time ball.  A guess that fails is widened (union with P(guess),
   radius doubled) and tried again, NH_TAYLOR_GUESS_PASSES passes in all
   (the radii at level k follow from those below k, so a few widenings
   settle them). */
void
_nh_taylor_series_guess(arb_ptr g, nh_taylor_ws_t w, arb_srcptr S, arb_srcptr c0,
                        arb_srcptr ref)
{
    slong N = w->N, len = w->U->len, i, j, k, kmax = FLINT_MIN(w->phi_ord, len - 1);
    mag_ptr d = _mag_vec_init(N);
    mag_t m, a;
    arb_t dx;

    mag_init(m); mag_init(a); arb_init(dx);
    for (j = 0; j < N; j++)
    {
        arb_sub(dx, S + j, ref + j, w->prec);
        arb_get_mag(d + j, dx);
        mag_mul_2exp_si(d + j, d + j, 1);
    }
    for (i = 0; i < N; i++)
    {
        arb_set(g + i * len, S + i);
        for (k = 1; k < len; k++)
        {
            arb_ptr c = g + i * len + k;
            arb_set(c, c0 + i * len + k);
            mag_mul_2exp_si(m, arb_radref(c), 1);
            arb_get_mag(a, c);
            if (mag_cmp_2exp_si(a, 0) < 0)
                mag_one(a);
            mag_mul_2exp_si(a, a, NH_TAYLOR_GUESS_SLACK - w->prec + NH_TAYLOR_GUESS_GROW * k);
            mag_add(m, m, a);
            for (j = 0; j < N; j++)
            {
                arb_get_mag(a, arb_mat_entry(w->Phi + FLINT_MIN(k, kmax), i, j));
                mag_addmul(m, a, d + j);
            }
            mag_add(arb_radref(c), arb_radref(c), m);
        }
    }
    mag_clear(m); mag_clear(a); arb_clear(dx);
    _mag_vec_clear(d, N);
}

int
_nh_taylor_guess_due(nh_taylor_ws_t w)
{
    if (w->guess_wait > 0)
    {
        w->guess_wait--;
        return 0;
    }
    return 1;
}

void
_nh_taylor_guess_record(nh_taylor_ws_t w, int tried, int ok)
{
    if (ok)
    {
        w->guess_ok++;
        w->guess_miss = 0;
        return;
    }
    w->guess_full++;
    if (tried)
    {
        w->guess_miss++;
        w->guess_wait = (WORD(1) << FLINT_MIN(w->guess_miss, 4)) - 1;
    }
}

int
_nh_taylor_series_verify(nh_taylor_ws_t w, arb_ptr g, const arb_t t, slong passes,
                         nh_error_t err)
{
    slong N = w->N, len = w->U->len, i, pass;
    int ok = 0, rc;

    for (pass = 0; pass < passes && !ok; pass++)
    {
        /* a guess with an infinite (or NaN) coefficient contains anything:
           "verified" but useless, and every step would fail on it */
        if (!_arb_vec_is_finite(g, N * len))
            return 0;
        _arb_vec_set(w->ux, g, N * len);
        rc = picard_pass_again(w->ux, w->uw, N, w->rhs, w->data, t, w->U, w->prec, err);
        if (rc == NH_ERR_DOMAIN && err != NULL)
            err->code = NH_OK;          /* the full computation decides */
        if (rc != NH_OK)
            return (rc == NH_ERR_DOMAIN) ? 0 : -rc;
        ok = 1;
        for (i = 0; i < N * len; i++)
            if (!arb_contains(g + i, w->ux + i))
            {
                /* widen the guess: the union, radius doubled */
                ok = 0;
                arb_union(g + i, g + i, w->ux + i, w->prec);
                mag_mul_2exp_si(arb_radref(g + i), arb_radref(g + i), 1);
            }
    }
    return ok;
}

int
_nh_taylor_series_sharpen(nh_taylor_ws_t w, slong passes, const arb_t t, nh_error_t err)
{
    slong pass;
    int rc = NH_OK;

    for (pass = 0; pass < passes && rc == NH_OK; pass++)
        rc = picard_pass_again(w->ux, w->uw, w->N, w->rhs, w->data, t, w->U, w->prec, err);
    return rc;
}

/* The series at the hull X from the guess built on the series at x_hat.
   Returns 1 (w->ux, w->uX hold the series), 0 (no guess or not verified:
   compute it in full), or -code. */
int
_nh_taylor_hull_series_verified(nh_taylor_ws_t w, const arb_t t, nh_error_t err)
{
    slong i, passes = NH_TAYLOR_GUESS_PASSES, nl = w->N * w->U->len;
    int ok;

    if (!w->have_var || !_nh_taylor_guess_due(w))
    {
        _nh_taylor_guess_record(w, 0, 0);
        return 0;
    }
    _nh_taylor_series_guess(w->uX, w, w->X, w->uxh, w->xh);
    if (w->guess_shrink)
    {
        /* test hook: the guess without radii above order 0, one pass */
        for (i = 0; i < nl; i++)
            if (i % w->U->len != 0)
                mag_zero(arb_radref(w->uX + i));
        passes = 1;
    }
    ok = _nh_taylor_series_verify(w, w->uX, t, passes, err);
    if (ok >= 0)
        _nh_taylor_guess_record(w, 1, ok == 1);
    if (ok == 1)
        _arb_vec_set(w->uX, w->ux, w->N * w->U->len);
    return ok;
}

int
_nh_taylor_point_series_next(nh_taylor_ws_t w, const arb_t t, slong passes, nh_error_t err)
{
    slong N = w->N, len = w->U->len, p = w->p, i, k;
    arb_ptr g, z;
    mag_t m, a;
    arb_t b, hk;
    int ok, rc;

    if (!w->uprev_ok || !w->have_var)
        return 0;
    g = _arb_vec_init(N * len);
    z = _arb_vec_init(N);
    mag_init(m); mag_init(a); arb_init(b); arb_init(hk);
    /* the last series shifted to this time; z: its value there */
    for (i = 0; i < N; i++)
    {
        _arb_vec_set(g + i * len, w->uprev + i * len, len);
        _arb_poly_taylor_shift(g + i * len, w->hprev, len, w->prec);
        arb_set(z + i, g + i * len);
    }
    /* the guess through x_hat from it, plus twice the shift's truncation
       ~ C(p+2, k) |c_{p+1}| h^(p+2-k) */
    _nh_taylor_series_guess(g, w, w->xh, g, z);
    for (i = 0; i < N; i++)
        for (k = 1; k < len; k++)
        {
            arb_bin_uiui(b, p + 2, k, w->prec);
            arb_pow_ui(hk, w->hprev, p + 2 - k, w->prec);
            arb_mul(b, b, hk, w->prec);
            arb_mul(b, b, w->uprev + i * len + p + 1, w->prec);
            arb_get_mag(a, b);
            mag_mul_2exp_si(a, a, 1);
            mag_add(arb_radref(g + i * len + k), arb_radref(g + i * len + k), a);
        }
    ok = _nh_taylor_series_verify(w, g, t, NH_TAYLOR_GUESS_PASSES, err);
    if (ok == 1)
    {
        rc = _nh_taylor_series_sharpen(w, passes, t, err);
        if (rc == NH_OK && w->lprec > w->prec)
            rc = picard_pass_again(w->ux, w->uw, N, w->rhs, w->data, t, w->U, w->lprec, err);
        ok = (rc == NH_OK) ? 1 : (rc == NH_ERR_DOMAIN ? 0 : -rc);
        if (ok == 0 && err != NULL)
            err->code = NH_OK;
    }
    /* as sharp as the full computation? the radii of sum_k c_k h^k (last
       step's h) must stay below 2^(log2tol - 2), else compute in full */
    if (ok == 1)
        for (i = 0; i < N && ok == 1; i++)
        {
            mag_zero(m);
            arb_get_mag(a, w->hprev);
            for (k = len - 1; k >= 0; k--)
            {
                mag_mul(m, m, a);
                mag_add(m, m, arb_radref(w->ux + i * len + k));
            }
            if (mag_cmp_2exp_si(m, (slong) floor(w->log2tol - 2.0)) > 0)
                ok = 0;
        }
    mag_clear(m); mag_clear(a); arb_clear(b); arb_clear(hk);
    _arb_vec_clear(z, N);
    _arb_vec_clear(g, N * len);
    return ok;
}
