/*
 * taylor_stiff_step.c -- one step of the stiff stepper (taylor_stiff.c,
 * doc/flow.md "Stiff flows through the slow manifold", steps (a)-(d)):
 * the series on the slow manifold, its defect over the step, the bound of
 * the error of every solution by the comparison system, the next box.
 */
#include <math.h>
#include "impl.h"

/* (b): s->delta (N balls, exact upper bounds of |y' - f(y)| over [0, h]),
   s->ysh (the series shifted to [0, h]: coefficient 0 = y's range) */
int
_nh_taylor_stiff_defect(nh_taylor_stiff_ws_struct *s, const arb_t t, const arb_t h, nh_error_t err, slong prec)
{
    slong N = s->N, P = s->P, len = s->w->U->len, i, k;
    arb_t xi, T, hk, d;
    int rc;

    arb_init(xi); arb_init(T); arb_init(hk); arb_init(d);
    rc = s->w->rhs(s->F, s->y, t, P, s->w->U, s->w->data, prec, err);
    for (i = 0; i < N && rc == NH_OK; i++)
    {
        arb_zero(s->delta + i);
        arb_one(hk);
        for (k = 0; k < P; k++)
        {
            arb_mul_si(d, s->y + i * len + k + 1, k + 1, prec);
            arb_sub(d, d, s->F + i * len + k, prec);
            arb_mul(d, d, hk, prec);
            _nh_taylor_add_abs(s->delta + i, d, prec);
            arb_mul(hk, hk, h, prec);
        }
    }
    /* xi = [0, h] */
    arb_mul_2exp_si(xi, h, -1);
    arb_add_error(xi, xi);
    arb_add(T, t, xi, prec);
    for (i = 0; i < N; i++)
    {
        _arb_vec_set(s->ysh + i * len, s->y + i * len, P + 1);
        _arb_poly_taylor_shift(s->ysh + i * len, xi, P + 1, prec);
    }
    if (rc == NH_OK)
        rc = s->w->rhs(s->F, s->ysh, T, P, s->w->U, s->w->data, prec, err);
    arb_pow_ui(hk, h, P, prec);
    for (i = 0; i < N && rc == NH_OK; i++)
    {
        arb_mul(d, s->F + i * len + P, hk, prec);
        _nh_taylor_add_abs(s->delta + i, d, prec);
        if (!arb_is_finite(s->delta + i))
            rc = NH_ERR_DOMAIN;
    }
    arb_clear(xi); arb_clear(T); arb_clear(hk); arb_clear(d);
    return rc;
}

/* Whether the error the step adds, about h (d_s + M01 d_f / |M11|) (the
   fast defect reaches the slow part through the quasi-steady coupling),
   is within 2^log2tol; if not, *l2fac = log2 of the factor to apply to h
   (the defect's tail scales like h^P). */
static int
accurate(double *l2fac, const arb_mat_t M, arb_srcptr d, const arb_t h, double log2tol, slong P)
{
    double hd = arf_get_d(arb_midref(h), ARF_RND_UP);
    double m01 = arf_get_d(arb_midref(arb_mat_entry(M, 0, 1)), ARF_RND_UP);
    double m11 = arf_get_d(arb_midref(arb_mat_entry(M, 1, 1)), ARF_RND_UP);
    double ds = arf_get_d(arb_midref(d + 0), ARF_RND_UP);
    double df = arf_get_d(arb_midref(d + 1), ARF_RND_UP);
    double add = hd * (ds + (m11 < 0 ? m01 / -m11 : m01 * hd) * df);

    *l2fac = 0.0;
    if (!(add > exp2(log2tol)))
        return 1;
    *l2fac = (log2tol - log2(add)) / P + log2(0.9);
    return 0;
}

/* (c), (d): the box Z1 at t + h from Z at t, given the series and its
   defect; [0, h] in NH_STIFF_PIECES pieces, each with M from D over the
   series' range on that piece only (the wrapping of D over the range
   grows with its length), the comparison system chained piece by piece.
   1 on success, 0 when the a-priori bound did not close, -code on a hard
   error. */
int
_nh_taylor_stiff_bound(arb_ptr Z1, double *l2fac, nh_taylor_stiff_ws_struct *s, arb_srcptr Z,
                       const arb_t t, const arb_t h, double log2tol, nh_error_t err, slong prec)
{
    slong N = s->N, P = s->P, len = s->w->U->len, i, k, try;
    arb_ptr e0 = _arb_vec_init(N), u0 = _arb_vec_init(2), d = _arb_vec_init(2);
    arb_ptr u = _arb_vec_init(2), uh = _arb_vec_init(2), us = _arb_vec_init(2);
    arb_ptr r = _arb_vec_init(2), rad = _arb_vec_init(N);
    arb_ptr B = jet_vec_init(N, s->w->U);
    arb_mat_t M;
    arb_t dt, xi, T, tiny;
    int rc = NH_OK, ok = 0, closed, refused = 0;

    arb_mat_init(M, 2, 2);
    arb_init(dt); arb_init(xi); arb_init(T); arb_init(tiny);
    arb_div_si(dt, h, NH_STIFF_PIECES, prec);
    for (i = 0; i < N; i++)                 /* the defect as the ball [-delta, delta] */
    {
        arb_zero(e0 + i);
        arb_add_error(e0 + i, s->delta + i);
    }
    _nh_taylor_stiff_norms(d, s, e0, prec);
    for (i = 0; i < N; i++)
        arb_sub(e0 + i, Z + i, s->y + i * len, prec);
    _nh_taylor_stiff_norms(u0, s, e0, prec);
    /* first guess of r: the data over the step, doubled, plus a floor */
    arb_one(tiny);
    arb_mul_2exp_si(tiny, tiny, -prec);
    for (i = 0; i < 2; i++)
    {
        arb_addmul(r + i, h, d + i, prec);
        arb_add(r + i, r + i, u0 + i, prec);
        arb_mul_2exp_si(r + i, r + i, 1);
        arb_add(r + i, r + i, tiny, prec);
    }
    for (try = 0; try < NH_STIFF_APRIORI_TRIES && !ok && !refused && rc == NH_OK; try++)
    {
        _arb_vec_set(u, u0, 2);
        closed = 1;
        _nh_taylor_stiff_radius(rad, s, r, prec);
        for (k = 0; k < NH_STIFF_PIECES && rc == NH_OK; k++)
        {
            /* xi = [k dt, (k+1) dt]: the range of y there, widened */
            arb_mul_si(xi, dt, 2 * k + 1, prec);
            arb_mul_2exp_si(xi, xi, -1);
            arb_mul_2exp_si(tiny, dt, -1);
            arb_add_error(xi, tiny);
            arb_add(T, t, xi, prec);
            for (i = 0; i < N; i++)
            {
                jet_zero(B + i * len, s->w->U);
                _arb_poly_evaluate(B + i * len, s->y + i * len, P + 1, xi, prec);
                arb_add_error(B + i * len, rad + i);
            }
            rc = _nh_taylor_jacobian_over(s->D, s->w, B, T, err);
            if (rc != NH_OK)
                break;
            _nh_taylor_stiff_matrix(M, s, prec);
            if (nh_taylor_compare2(uh, us, M, u, d, dt, prec) != NH_OK)
            {
                closed = 0;
                break;
            }
            if (!arb_lt(us + 0, r + 0) || !arb_lt(us + 1, r + 1))
            {
                closed = 0;
                for (i = 0; i < 2; i++)
                {
                    arb_max(r + i, r + i, us + i, prec);
                    arb_mul_2exp_si(r + i, r + i, 1);
                }
                break;
            }
            _arb_vec_set(u, uh, 2);
            if (k == 0 && !accurate(l2fac, M, d, h, log2tol, s->P))
            {
                refused = 1;
                closed = 0;
                break;
            }
        }
        ok = closed && rc == NH_OK;
    }
    if (ok)
    {
        /* y(h) by Horner at prec + 8, widened by T u(h) */
        _nh_taylor_stiff_radius(rad, s, u, prec);
        for (i = 0; i < N; i++)
        {
            _arb_poly_evaluate(Z1 + i, s->y + i * len, P + 1, h, prec + NH_TAYLOR_GUARD_BITS);
            arb_add_error(Z1 + i, rad + i);
        }
    }
    _arb_vec_clear(e0, N); _arb_vec_clear(u0, 2); _arb_vec_clear(d, 2);
    _arb_vec_clear(u, 2); _arb_vec_clear(uh, 2); _arb_vec_clear(us, 2);
    _arb_vec_clear(r, 2); _arb_vec_clear(rad, N);
    jet_vec_clear(B, N, s->w->U);
    arb_mat_clear(M);
    arb_clear(dt); arb_clear(xi); arb_clear(T); arb_clear(tiny);
    if (rc == NH_ERR_DOMAIN)
        return 0;
    return rc != NH_OK ? -rc : ok;
}

/* The Jacobian s->D at the midpoint of Z and the frame there
   (_nh_taylor_stiff_frame); NH_ERR_PRECISION when the fast block is not
   invertible.  s->y holds the midpoint as constant jets. */
int
_nh_taylor_stiff_frame_at(nh_taylor_stiff_ws_struct *s, arb_srcptr Z, const arb_t t,
                          nh_error_t err, slong prec)
{
    slong N = s->N, len = s->w->U->len, i;
    int rc;

    for (i = 0; i < N; i++)
    {
        jet_zero(s->y + i * len, s->w->U);
        arb_get_mid_arb(s->y + i * len, Z + i);
    }
    rc = _nh_taylor_jacobian_over(s->D, s->w, s->y, t, err);
    if (rc == NH_OK && !_nh_taylor_stiff_frame(s, prec))
        rc = nh_error_set(err, NH_ERR_PRECISION, "stiff route: the fast block is not "
                          "invertible");
    return rc;
}

/* (a'), in the initial layer: the Taylor series of the solution through
   the midpoint of Z (the fast transient included; nh_taylor_series, degree
   P = p + 1), its coefficients' midpoints, and the frame at the midpoint */
int
_nh_taylor_stiff_point_series(nh_taylor_stiff_ws_struct *s, arb_srcptr Z, const arb_t t,
                              nh_error_t err, slong prec)
{
    slong N = s->N, len = s->w->U->len, i, k;
    arb_ptr x = _arb_vec_init(N);
    int rc = _nh_taylor_stiff_frame_at(s, Z, t, err, prec);

    for (i = 0; i < N; i++)
        arb_get_mid_arb(x + i, Z + i);
    if (rc == NH_OK)
        rc = _nh_taylor_point_series(s->w, x, t, err);
    for (i = 0; i < N && rc == NH_OK; i++)
        for (k = 0; k < len; k++)
            arb_get_mid_arb(s->y + i * len + k, s->w->ux + i * len + k);
    _arb_vec_clear(x, N);
    return rc;
}

/* the step from the coefficients' decay: 0.9 min_{k = P-1, P}
   (tol / |c_k|)^(1/k), by the rule of the Taylor method (taylor_step.c;
   its stability rule is off: no variational coefficients here) */
double
_nh_taylor_stiff_guess(nh_taylor_stiff_ws_struct *s, double log2tol)
{
    double l2;

    _arb_vec_set(s->w->ux, s->y, s->N * s->w->U->len);
    l2 = _nh_taylor_log2_step(s->w, log2tol);
    return l2 > 60 ? 60.0 : l2 + log2(0.9);
}
