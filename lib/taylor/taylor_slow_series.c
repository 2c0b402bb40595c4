/*
 * taylor_slow_series.c -- the Taylor series in s of the solution that
 * lies on the slow manifold of a fast-slow system (issue 33 item 2;
 * doc/flow.md, "Stiff flows through the slow manifold", step (a)).
 *
 * State x = (x_s, x_f), N components, the last Nf fast.  The slow
 * coefficients follow the Picard recursion of nh_taylor_series,
 * (k+1) c_{s,k+1} = f_s(x)_k, from the given c_{s,0}.  The fast ones are
 * not integrated forwards (the recursion (k+1) c_{f,k+1} = f_f(x)_k
 * multiplies errors by |lambda|/(k+1) ~ 1/eps per coefficient) but
 * solved backwards: with C an approximate inverse of D_{x_f} f_f (whose
 * eigenvalues are ~ -mu/eps),
 *     c_{f,k} <- c_{f,k} - C (f_f(x)_k - (k+1) c_{f,k+1}),  k = ord .. 0,
 * a simplified Newton step on the coefficient equations, with
 * c_{f,ord+1} from the same pass.  Its contraction factor is about
 * |I - C D_{x_f} f_f| + (k+1) |C| ~ eps (p+1) / mu: the fast coefficients
 * are fixed by their own equations, without an initial condition, so the
 * series is that of the solution on the invariant (slow) manifold, to
 * every order in eps at once (no expansion h_eps = sum eps^k h^(k)).
 *
 * The result is an APPROXIMATION (every coefficient a point, radius 0):
 * the stiff stepper certifies it by its defect (doc/flow.md).
 */
#include "impl.h"

/* One pass at truncation order ord: f exact to degree ord, the slow
   coefficients 1..ord+1 integrated, the fast ones 0..ord solved
   backwards; the largest residual of the fast coefficient equations,
   |f_f(x)_k - (k+1) c_{f,k+1}|, into change (if not NULL). */
static int
slow_pass(arb_ptr x, arb_srcptr xs0, arb_ptr F, arb_ptr r, arb_ptr cr, slong N, slong Nf,
          const arb_mat_t C, nh_taylor_rhs_fn rhs, void *data, const arb_t t0, slong ord,
          const jet_ctx_t U, const mag_t rho, mag_t change, slong prec, nh_error_t err)
{
    slong Ns = N - Nf, p = U->order, i, j, k;
    int rc = rhs(F, x, t0, ord, U, data, prec, err);
    mag_t t, rk;

    if (rc != NH_OK)
        return rc;
    mag_init(rk);
    for (i = 0; i < Ns; i++)
    {
        jet_integral(JET_ENTRY(x, i, U), JET_ENTRY(F, i, U), 0, U, prec);
        arb_set(JET_ENTRY(x, i, U), xs0 + i);
    }
    mag_init(t);
    for (k = ord; k >= 0; k--)
    {
        if (change != NULL && rho != NULL)
            mag_pow_ui(rk, rho, k);
        for (i = 0; i < Nf; i++)
        {
            arb_ptr xf = JET_ENTRY(x, Ns + i, U);
            arb_set(r + i, JET_ENTRY(F, Ns + i, U) + k);
            if (k < p)
                arb_submul_si(r + i, xf + k + 1, k + 1, prec);
        }
        for (i = 0; i < Nf; i++)
            arb_dot(cr + i, NULL, 0, arb_mat_entry(C, i, 0), 1, r, 1, Nf, prec);
        for (i = 0; i < Nf; i++)
        {
            arb_ptr c = JET_ENTRY(x, Ns + i, U) + k;
            arb_sub(c, c, cr + i, prec);
            if (change != NULL)
            {
                arb_get_mag(t, r + i);
                if (rho != NULL)
                    mag_mul(t, t, rk);
                mag_max(change, change, t);
            }
        }
    }
    mag_clear(t);
    mag_clear(rk);
    /* an approximation: points only (the radii would only grow) */
    for (j = 0; j < N * U->len; j++)
        mag_zero(arb_radref(x + j));
    return NH_OK;
}

int
nh_taylor_slow_series(arb_ptr x, slong N, slong Nf, const arb_mat_t C, nh_taylor_rhs_fn rhs,
                      void *data, const arb_t t0, const jet_ctx_t U, slong passes,
                      mag_t change, slong prec, nh_error_t err)
{
    return nh_taylor_slow_series_scaled(x, N, Nf, C, rhs, data, t0, U, passes, NULL, change,
                                        prec, err);
}

int
nh_taylor_slow_series_scaled(arb_ptr x, slong N, slong Nf, const arb_mat_t C,
                             nh_taylor_rhs_fn rhs, void *data, const arb_t t0,
                             const jet_ctx_t U, slong passes, const mag_t rho, mag_t change,
                             slong prec, nh_error_t err)
{
    slong p = U->order, Ns = N - Nf, ord, i, len = U->len;
    arb_ptr F, xs0, r, cr;
    mag_t ch, lim, m, prev, q;
    int rc = NH_OK, stalled = 0;

    if (U->nvars != 1 || Nf < 1 || Nf > N || arb_mat_nrows(C) != Nf
        || arb_mat_ncols(C) != Nf || passes < 0)
        return nh_error_set(err, NH_ERR_USAGE, "nh_taylor_slow_series: bad shapes "
                            "(N = %ld, Nf = %ld, C %ld x %ld, one variable)", (long) N, (long) Nf,
                            (long) arb_mat_nrows(C), (long) arb_mat_ncols(C));
    F = _arb_vec_init(N * len);
    xs0 = _arb_vec_init(Ns + 1);
    r = _arb_vec_init(Nf);
    cr = _arb_vec_init(Nf);
    mag_init(m);
    for (i = 0; i < Ns; i++)
        arb_get_mid_arb(xs0 + i, JET_ENTRY(x, i, U));
    /* the Picard passes of increasing order (one more slow coefficient
       each), then up to `passes` passes at the full order, until the fast
       equations' residual (weighted by rho^k) is below 2^-prec max(1,
       |x|): the residual, not the update C r, which is eps times smaller
       but still reaches the slow equations multiplied by 1/eps; or until
       it stalls at its rounding floor */
    mag_init(ch);
    mag_init(lim);
    mag_init(prev);
    mag_init(q);
    for (ord = 0; ord < p + passes && rc == NH_OK; ord++)
    {
        mag_zero(ch);
        rc = slow_pass(x, xs0, F, r, cr, N, Nf, C, rhs, data, t0, FLINT_MIN(ord, p), U,
                       rho, ch, prec, err);
        if (ord >= p)
        {
            mag_one(lim);
            for (i = 0; i < N; i++)
            {
                arb_get_mag(m, JET_ENTRY(x, i, U));
                mag_max(lim, lim, m);
            }
            mag_mul_2exp_si(lim, lim, -prec);
            if (mag_cmp(ch, lim) <= 0)
                break;
            /* stalled at the residual's rounding floor (a few units of
               2^-prec): two passes in a row gaining less than 10% */
            mag_mul_ui(m, ch, 10);
            mag_mul_ui(q, prev, 9);
            stalled = (ord > p && mag_cmp(m, q) > 0) ? stalled + 1 : 0;
            mag_set(prev, ch);
            if (stalled >= 2)
                break;
        }
    }
    if (change != NULL)
        mag_set(change, ch);
    mag_clear(ch);
    mag_clear(lim);
    mag_clear(prev);
    mag_clear(q);
    _arb_vec_clear(F, N * len);
    _arb_vec_clear(xs0, Ns + 1);
    _arb_vec_clear(r, Nf);
    _arb_vec_clear(cr, Nf);
    mag_clear(m);
    return rc;
}
