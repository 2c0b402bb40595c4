/*
 * taylor_stiff.c -- certified steps of a stiff fast-slow system through
 * its initial layer and along its slow manifold, with steps set by the
 * slow motion there, not by eps (issue 33
 * item 2; doc/flow.md, "Stiff flows through the slow manifold").
 *
 * State z = (z_s, z_f), N components, the last Nf fast (the eigenvalues
 * of D_{z_f} f_f ~ -mu/eps, every other block of the Jacobian O(1) except
 * D_{z_f} f_s, whose product with D_{z_s} f_f is O(1/eps)).  One step
 * [t, t + h] from the box Z:
 *  (a) y(tau) = the series on the slow manifold through the midpoint of
 *      Z's slow part (nh_taylor_slow_series, degree P = p + 1), a
 *      polynomial with point coefficients; in the initial layer (while
 *      Z's distance from the manifold would leave an error above the
 *      target in the slow part, _nh_taylor_stiff_near) the Taylor series of the
 *      solution through Z's midpoint instead, at the stiff order (its
 *      coefficients' midpoints); and while that distance is large (above
 *      NH_STIFF_TAYLOR_DIST max(1, |z|)), no step of this kind but the
 *      validated Taylor method (_nh_taylor_stiff_taylor_chunk);
 *  (b) its defect delta = y' - f(y) over [0, h]: coefficients k < P from
 *      one evaluation of f along y, the tail by the Lagrange form,
 *      coefficient P of f along y Taylor-shifted to the ball [0, h]
 *      (as the remainder check of taylor_remainder.c);
 *  (c) the error e = z - y of every solution from Z: e' = A(tau) e - delta,
 *      A the mean-value Jacobian, whose entries lie in D_z f over a box B
 *      holding y([0, h]) widened by the error bounds r (a convex set
 *      holding the segment from y to z while the error stays within r);
 *      in the norms u_s = |e_s|_inf, u_f = |W^{-1} e_f|_inf (W: approximate
 *      eigenvectors of the fast block at the midpoint),
 *        D+ u <= M u + d,   M = [[mu_inf(A_ss), |A_sf W|_inf],
 *                                [|W^{-1} A_fs|_inf, mu_inf(W^{-1} A_ff W)]],
 *      d = (|delta_s|, |W^{-1} delta_f|), M Metzler; nh_taylor_compare2
 *      bounds u(h) (keeping the fast contraction) and sup u over [0, h];
 *      when that sup is below r the error never reaches r (continuity),
 *      so the bounds hold (else r is enlarged, or h halved);
 *  (d) the box at t + h: y(h) widened by u_s(h) in the slow components
 *      and by |W| u_f(h) in the fast ones.
 * Cost of a step: about P + 3 evaluations of f on univariate series
 * (the series), two more (defect), one or two over a box with N
 * first-order directions (M); none of it depends on eps.
 */
#include <math.h>
#include <string.h>
#include "impl.h"
#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/acb_mat.h>
#else
#include <acb_mat.h>
#endif


static void
stiff_ws_init(nh_taylor_stiff_ws_struct *s, nh_taylor_ws_struct *w, slong N, slong Nf)
{
    s->w = w;
    s->N = N; s->Nf = Nf; s->Ns = N - Nf; s->P = w->p + 1;
    s->l2corr = 0.0;
    arb_mat_init(s->C, Nf, Nf); arb_mat_init(s->W, Nf, Nf);
    arb_mat_init(s->T, N, N); arb_mat_init(s->Tinv, N, N); arb_mat_init(s->Tabs, N, N);
    arb_mat_init(s->D, N, N);
    s->y = jet_vec_init(N, w->U); s->ysh = jet_vec_init(N, w->U); s->F = jet_vec_init(N, w->U);
    s->delta = _arb_vec_init(N);
}

static void
stiff_ws_clear(nh_taylor_stiff_ws_struct *s)
{
    slong N = s->N;
    arb_mat_clear(s->C); arb_mat_clear(s->W);
    arb_mat_clear(s->T); arb_mat_clear(s->Tinv); arb_mat_clear(s->Tabs);
    arb_mat_clear(s->D);
    jet_vec_clear(s->y, N, s->w->U); jet_vec_clear(s->ysh, N, s->w->U);
    jet_vec_clear(s->F, N, s->w->U);
    _arb_vec_clear(s->delta, N);
}

double
nh_taylor_stiff_log2tol(const nh_taylor_opts_t opts, arb_srcptr x, slong N, slong prec)
{
    return ((opts->tol > 0.0) ? log2(opts->tol) : (double) (8 - prec))
           + log2(_nh_taylor_stiff_zmax(x, N));
}

int
nh_taylor_stiff_rate(double *rate, double *contraction, double *dist, nh_taylor_rhs_fn rhs,
                     void *data, slong N, slong Nf, arb_srcptr x, const arb_t t,
                     const nh_taylor_opts_t opts, slong prec, nh_error_t err)
{
    nh_taylor_ws_t w;
    nh_taylor_stiff_ws_struct s;
    slong i, j;
    acb_mat_t A;
    acb_ptr E;
    arb_t r;
    mag_t tol;
    int rc;

    _nh_taylor_ws_init(w, N, nh_taylor_order(opts, prec), rhs, data, prec);
    stiff_ws_init(&s, w, N, Nf);
    acb_mat_init(A, Nf, Nf);
    E = _acb_vec_init(Nf);
    arb_init(r); mag_init(tol);
    *rate = 0.0;
    *contraction = 1e300;
    if (dist != NULL)
        *dist = 1e300;
    rc = _nh_taylor_stiff_frame_at(&s, x, t, err, prec);
    if (rc == NH_ERR_PRECISION)     /* a singular fast block: no stiff route */
    {
        rc = NH_OK;
        if (err != NULL)
            err->code = NH_OK;
    }
    else if (rc == NH_OK)
    {
        *contraction = _nh_taylor_stiff_contraction(&s, prec);
        /* the smallest -Re of the approximate eigenvalues (estimates) */
        for (i = 0; i < Nf; i++)
            for (j = 0; j < Nf; j++)
                acb_set_arb(acb_mat_entry(A, i, j), arb_mat_entry(s.D, s.Ns + i, s.Ns + j));
        mag_set_ui_2exp_si(tol, 1, -prec / 2);
        acb_mat_approx_eig_qr(E, NULL, NULL, A, tol, 0, prec);
        *rate = 1e300;
        for (i = 0; i < Nf; i++)
            *rate = FLINT_MIN(*rate, -arf_get_d(arb_midref(acb_realref(E + i)), ARF_RND_NEAR));
        /* the distance of x's fast part to the slow manifold over x's slow
           part, when the series contracts (the frame is the one above) */
        if (dist != NULL && *contraction < 1.0
            && nh_taylor_slow_series(s.y, N, Nf, s.C, rhs, data, t, w->U, NH_STIFF_PASSES,
                                     NULL, prec, err) == NH_OK)
        {
            arf_t u;
            arf_init(u);
            *dist = 0.0;
            for (i = s.Ns; i < N; i++)
            {
                arb_sub(r, x + i, s.y + i * w->U->len, prec);
                arb_get_abs_ubound_arf(u, r, prec);
                *dist = FLINT_MAX(*dist, arf_get_d(u, ARF_RND_UP));
            }
            arf_clear(u);
        }
        else if (err != NULL)
            err->code = NH_OK;
    }
    stiff_ws_clear(&s);
    acb_mat_clear(A);
    _acb_vec_clear(E, Nf);
    arb_clear(r); mag_clear(tol);
    _nh_taylor_ws_clear(w);
    return rc;
}

/* One step from Z at t towards tout (ends there when it can), given the
   series s->y and the frame: the step from its coefficients, halved until
   the bound closes;
   Z and t advanced, *hstep its length.  NH_ERR_PRECISION below 1e-6 of
   the span or of the step's first guess (in the layer the steps are
   ~ eps). */
static int
stiff_advance(arb_ptr Z, arb_t t, double *hstep, slong *halvings, nh_taylor_stiff_ws_struct *s,
              const arb_t tout, double span, const nh_taylor_opts_t opts, slong prec,
              nh_error_t err)
{
    slong N = s->N;
    arb_ptr Z1 = _arb_vec_init(N);
    arb_t h, rest;
    double zmax = _nh_taylor_stiff_zmax(Z, N), log2tol, l2h, l2g, hd, l2fac = 0.0, hfloor;
    int rc, got = 0;

    arb_init(h); arb_init(rest);
    log2tol = nh_taylor_stiff_log2tol(opts, Z, N, prec);
    rc = NH_OK;
    l2g = _nh_taylor_stiff_guess(s, log2tol);
    hfloor = 1e-6 * FLINT_MIN(span, exp2(l2g));
    l2h = l2g + s->l2corr;      /* the last steps' correction of the guess */
    while (!got && rc == NH_OK)
    {
        arb_sub(rest, tout, t, prec);
        hd = exp2(l2h);
        if (arf_cmp_d(arb_midref(rest), hd) <= 0)
            arb_set(h, rest);
        else
        {
            arb_set_d(h, hd);
            arb_get_mid_arb(h, h);
        }
        rc = _nh_taylor_stiff_defect(s, t, h, err, prec);
        if (rc == NH_OK)
        {
            got = _nh_taylor_stiff_bound(Z1, &l2fac, s, Z, t, h, log2tol, err, prec);
            if (got < 0)
                rc = -got;
        }
        else if (rc == NH_ERR_DOMAIN)
        {
            l2fac = 0.0;
            rc = NH_OK;
            if (err != NULL)
                err->code = NH_OK;
        }
        if (!got && rc == NH_OK)
        {
            l2h = log2(arf_get_d(arb_midref(h), ARF_RND_DOWN))
                  + ((l2fac < 0.0) ? FLINT_MIN(l2fac, -0.1) : -1.0);
            (*halvings)++;
            if (exp2(l2h) < hfloor)
                rc = nh_error_set(err, NH_ERR_PRECISION, "stiff route: no certified step at "
                                  "t = %.17g (the slow-manifold bound does not close)",
                                  arf_get_d(arb_midref(t), ARF_RND_NEAR));
        }
    }
    if (rc == NH_OK)
    {
        double wmax, scale;
        _nh_taylor_width(&wmax, &scale, Z1, N);
        if (!(wmax <= opts->max_width * zmax))
            rc = nh_error_set(err, NH_ERR_PRECISION, "stiff route: the enclosure at t = %.17g "
                              "is wider than max_width (%.3g)",
                              arf_get_d(arb_midref(t), ARF_RND_NEAR), wmax);
    }
    if (rc == NH_OK)
    {
        *hstep = arf_get_d(arb_midref(h), ARF_RND_NEAR);
        /* the guess from the coefficients' decay misses the accuracy
           rule by a factor that changes slowly along a run (measured: the
           sleigh's layer steps 0.77, its steps along the manifold 0.31,
           nearly every step refused once): start the next step from the
           accepted one's ratio, relaxed by 2^0.1 (never above the guess) */
        if (arb_equal(h, rest))
        {
            arb_set(t, tout);
            s->l2corr = FLINT_MIN(0.0, s->l2corr + 0.1);
        }
        else
        {
            arb_add(t, t, h, prec);
            s->l2corr = FLINT_MIN(0.0, l2h - l2g + 0.1);
        }
        _arb_vec_set(Z, Z1, N);
    }
    _arb_vec_clear(Z1, N);
    arb_clear(h); arb_clear(rest);
    return rc;
}

int
nh_taylor_stiff_integrate(arb_ptr x_out, arb_ptr x_last, arb_t t_last, slong *nreached,
                          nh_taylor_rhs_fn rhs, void *data, slong N, slong Nf, arb_srcptr x0,
                          const arb_t t0, arb_srcptr times, slong nt,
                          const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                          nh_error_t err)
{
    nh_taylor_ws_t w, wl;
    nh_taylor_stiff_ws_struct s, sl;
    nh_taylor_opts_t ol;
    slong j, halvings = 0, steps = 0, lsteps = 0;
    arb_ptr Z = _arb_vec_init(N);
    arb_t t, tsw, dt, tm;
    double span, hh = 0.0, hmin = 0.0, hmax = 0.0, hlayer = 0.0, scale;
    int rc = NH_OK, layer = 1;

    *nreached = 0;
    for (j = 0; j < nt; j++)
        if (!arb_is_finite(times + j)
            || arf_cmp(arb_midref(times + j), arb_midref(j ? times + j - 1 : t0)) < 0)
        {
            _arb_vec_clear(Z, N);
            return nh_error_set(err, NH_ERR_USAGE, "nh_taylor_stiff_integrate: output times "
                                "must be finite with nondecreasing midpoints >= t0");
        }
    /* the layer's series at the stiff order (steps ~ 1/|lambda_max|) */
    *ol = *opts;
    ol->stiff = 1;
    _nh_taylor_ws_init(w, N, nh_taylor_order(opts, prec), rhs, data, prec);
    stiff_ws_init(&s, w, N, Nf);
    _nh_taylor_ws_init(wl, N, nh_taylor_order(ol, prec), rhs, data, prec);
    stiff_ws_init(&sl, wl, N, Nf);
    arb_init(t); arb_init(tsw); arb_init(dt); arb_init(tm);
    /* ball times: from the exact midpoint of t0 (the start widened over
       the ball t0) to the exact midpoints of the output times, each
       output widened over its ball (_nh_taylor_stiff_time_ball) */
    arb_get_mid_arb(t, t0);
    arb_set(tsw, t);
    _arb_vec_set(Z, x0, N);
    rc = _nh_taylor_stiff_time_ball(Z, &s, t0, prec, err);
    arb_set(tm, (nt > 0) ? times + nt - 1 : t0);
    arb_sub(dt, tm, t, prec);
    span = arf_get_d(arb_midref(dt), ARF_RND_UP);
    for (j = 0; j < nt && rc == NH_OK; )
    {
        nh_taylor_stiff_ws_struct *use = &sl;
        arb_get_mid_arb(tm, times + j);
        if (!arb_lt(t, tm))
        {
            /* output j (the state at the midpoint of its time) */
            _arb_vec_set(x_out + j * N, Z, N);
            rc = _nh_taylor_stiff_time_ball(x_out + j * N, &s, times + j, prec, err);
            if (rc == NH_OK)
                *nreached = ++j;
            continue;
        }
        if (!layer || !arb_lt(t, tsw))
        {
            double l2x = 1e300, rate = 0.0, dist = 0.0, dtgt;
            int near = 0, chunk = 0;
            rc = _nh_taylor_stiff_frame_at(&s, Z, t, err, prec);
            if (rc == NH_OK && _nh_taylor_stiff_contraction(&s, prec) < NH_STIFF_CONTRACTION)
            {
                /* along the manifold the residual weighted by the
                   scale of the next step (twice the last); more passes
                   at high precision (each gains a factor ~ the
                   contraction, below 1/4: the disk at 512 bits needed
                   ~200 from scratch, and with 40 its steps along the
                   manifold were cut 7x by the defect's residual part) */
                mag_t rho;
                slong passes = NH_STIFF_PASSES + FLINT_MAX(0, prec - 128) / 2;
                mag_init(rho);
                mag_set_d(rho, 2.0 * hh);
                rc = nh_taylor_slow_series_scaled(s.y, N, Nf, s.C, rhs, data, t, w->U, passes,
                                                  (!layer && hh > 0.0) ? rho : NULL, NULL,
                                                  prec, err);
                mag_clear(rho);
                near = (rc == NH_OK)
                       && _nh_taylor_stiff_near(&l2x, &rate, &dist, &s, Z, opts, prec);
            }
            else if (rc == NH_OK)
                rc = _nh_taylor_stiff_layer_estimate(&dist, &rate, &s, t, prec, err);
            if (rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN)
            {
                rc = NH_OK;         /* no series on the manifold here */
                if (err != NULL)
                    err->code = NH_OK;
            }
            dtgt = NH_STIFF_TAYLOR_DIST * _nh_taylor_stiff_zmax(Z, N);
            if (rc == NH_OK && !near && rate > 0 && dist > dtgt)
            {
                /* a large transient: the Taylor method until it has
                   decayed to NH_STIFF_TAYLOR_DIST (by the estimated rate,
                   at most to the last output; checked again after) */
                arb_set_d(dt, NH_STIFF_TAYLOR_MARGIN * log(dist / dtgt) / rate);
                arb_add(dt, dt, t, prec);
                arb_get_mid_arb(dt, dt);
                arb_get_mid_arb(tsw, times + nt - 1);
                if (arb_gt(dt, tsw))
                    arb_set(dt, tsw);
                chunk = arb_gt(dt, t);
            }
            if (rc == NH_OK && near)
            {
                use = &s;
                if (layer && st != NULL)
                    st->slow_from = arf_get_d(arb_midref(t), ARF_RND_NEAR);
                layer = 0;
            }
            else if (rc == NH_OK && chunk)
            {
                slong ts = 0;
                layer = 1;
                rc = _nh_taylor_stiff_taylor_chunk(x_out, &j, Z, t, dt, times, nt, rhs, data, N,
                                                   ol, &ts, prec, err);
                steps += ts;
                lsteps += ts;
                if (rc == NH_OK)
                    *nreached = j;
                arb_set(tsw, t);
                continue;
            }
            else if (rc == NH_OK)
            {
                /* the initial layer (or not stiff enough for the
                   manifold's series): the solution's own series until
                   the fast part has decayed by the estimated rate, or
                   for a few steps */
                layer = 1;
                arb_set(tsw, t);
                if (rate > 0 && l2x < 1e3)
                    arb_set_d(dt, log(2.0) * l2x / rate);
                else
                    arb_set_d(dt, NH_STIFF_LAYER_STEPS * hlayer);
                arb_add(tsw, tsw, dt, prec);
            }
        }
        if (rc == NH_OK && use == &sl)
            rc = _nh_taylor_stiff_point_series(&sl, Z, t, err, prec);
        if (rc == NH_OK)
            rc = stiff_advance(Z, t, &hh, &halvings, use, tm, span, opts, prec, err);
        if (rc == NH_OK && use == &sl)
            hlayer = hh, lsteps++;
        if (rc == NH_OK)
        {
            steps++;
            hmin = (steps == 1 || hh < hmin) ? hh : hmin;
            hmax = FLINT_MAX(hmax, hh);
        }
    }
    if (st != NULL)
    {
        if (layer)
            st->slow_from = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        st->slow_steps += steps - lsteps;
        st->steps += steps;
        st->halvings += halvings;
        st->hmin = (st->hmin == 0 || (steps && hmin < st->hmin)) ? hmin : st->hmin;
        st->hmax = FLINT_MAX(st->hmax, hmax);
        _nh_taylor_width(&st->width, &scale, Z, N);
    }
    if (x_last != NULL)
        _arb_vec_set(x_last, Z, N);
    if (t_last != NULL)
        arb_set(t_last, t);
    _arb_vec_clear(Z, N);
    arb_clear(t); arb_clear(tsw); arb_clear(dt); arb_clear(tm);
    stiff_ws_clear(&s);
    _nh_taylor_ws_clear(w);
    stiff_ws_clear(&sl);
    _nh_taylor_ws_clear(wl);
    return rc;
}
