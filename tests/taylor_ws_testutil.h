/*
 * taylor_ws_testutil.h -- steps of the integrator through its private
 * interface (lib/taylor/impl.h), shared by t-taylor_guess and
 * t-taylor_remainder: a one-dimensional workspace at x_hat = 1/2 and one
 * step of a fixed size.  Include "taylor/impl.h" first (only the tests
 * of the module may, scripts/check-layering).
 */
#ifndef NH_TAYLOR_WS_TESTUTIL_H
#define NH_TAYLOR_WS_TESTUTIL_H

/* w for x' = rhs(x), N = 1, order p, prec bits (Taylor sum at the
   integrator's prec + guard bits), at the set 1/2 +- 2^log2r. */
static void
ws_at_half(nh_taylor_ws_t w, nh_taylor_rhs_fn rhs, slong p, slong log2r, slong prec)
{
    _nh_taylor_ws_init(w, 1, p, rhs, NULL, prec);
    w->lprec = prec + NH_TAYLOR_GUARD_BITS;
    arb_set_d(w->xh, 0.5);
    arb_zero(w->r);
    mag_set_ui_2exp_si(arb_radref(w->r), 1, log2r);
}

/* What the integrator does before its first step (taylor_integrate.c):
   the hull, the series through it and the variational coefficients at t.
   Returns 1 on success. */
static int
first_jacobian(nh_taylor_ws_t w, const arb_t t, nh_error_t err)
{
    _nh_taylor_hull(w);
    return _nh_taylor_hull_series(w, t, err) == NH_OK && _nh_taylor_jacobian(w, t, t, err) == NH_OK;
}

/* One step t -> t + h as the integrator takes it (the series at x_hat,
   then _nh_taylor_step), with the remainder's refusal switched off (the
   enclosure is sound for any h the check accepts).  Returns 1 if the
   step was taken. */
static int
fixed_step(nh_taylor_ws_t w, const arb_t t, const arb_t h, nh_error_t err)
{
    if (_nh_taylor_point_series_sharp(w, w->xh, t, err) != NH_OK)
        return 0;
    _arb_vec_set(w->uxh, w->ux, w->N * w->U->len);
    w->log2tol = 0.0;
    return _nh_taylor_step(w, t, h, err) == 1;
}

#endif
