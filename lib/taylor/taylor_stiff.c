/*
 * taylor_stiff.c -- certified steps of a stiff fast-slow system along its
 * slow manifold, with steps set by the slow motion, not by eps (issue 33
 * item 2; doc/flow.md, "Stiff flows through the slow manifold").
 *
 * State z = (z_s, z_f), N components, the last Nf fast (the eigenvalues
 * of D_{z_f} f_f ~ -mu/eps, every other block of the Jacobian O(1) except
 * D_{z_f} f_s, whose product with D_{z_s} f_f is O(1/eps)).  One step
 * [t, t + h] from the box Z:
 *  (a) y(tau) = the series on the slow manifold through the midpoint of
 *      Z's slow part (nh_taylor_slow_series, degree P = p + 1), a
 *      polynomial with point coefficients;
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
#include "impl.h"
#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/acb_mat.h>
#else
#include <acb_mat.h>
#endif

#define NH_STIFF_APRIORI_TRIES 4
#define NH_STIFF_PASSES 40
#ifndef NH_STIFF_PIECES
#define NH_STIFF_PIECES 8
#endif

typedef struct
{
    nh_taylor_ws_struct *w;
    slong N, Nf, Ns, P;
    arb_mat_t C, W;                 /* Nf x Nf */
    arb_mat_t T, Tinv, Tabs;        /* N x N: the frame e = T e~ */
    arb_mat_t D;                    /* N x N */
    arb_ptr y, ysh, F;              /* N jets in U */
    arb_ptr delta;                  /* N balls: |defect| bounds */
}
stiff_ws;

/* upper bound of |a| as an exact ball into r += */
static void
add_abs(arb_t r, const arb_t a, slong prec)
{
    arf_t u;
    arb_t t;
    arf_init(u);
    arb_init(t);
    arb_get_abs_ubound_arf(u, a, prec);
    arb_set_arf(t, u);
    arb_add(r, r, t, prec);
    arf_clear(u);
    arb_clear(t);
}

/* From D = D_x f at the midpoint: C = the inverse of its fast block, W
   that block's approximate eigenvectors (real parts; the identity when
   not real), and the frame T. */
static int
fast_frame(stiff_ws *s, slong prec)
{
    slong Nf = s->Nf, Ns = s->Ns, N = s->N, i, j;
    arb_mat_t Jf;
    acb_mat_t A, R;
    acb_ptr E;
    mag_t tol;
    int ok = 1;

    arb_mat_init(Jf, Nf, Nf);
    acb_mat_init(A, Nf, Nf);
    acb_mat_init(R, Nf, Nf);
    E = _acb_vec_init(Nf);
    mag_init(tol);
    for (i = 0; i < Nf; i++)
        for (j = 0; j < Nf; j++)
        {
            arb_get_mid_arb(arb_mat_entry(Jf, i, j), arb_mat_entry(s->D, Ns + i, Ns + j));
            acb_set_arb(acb_mat_entry(A, i, j), arb_mat_entry(Jf, i, j));
        }
    if (!arb_mat_inv(s->C, Jf, prec))
        ok = 0;
    for (i = 0; i < Nf * Nf && ok; i++)
        arb_get_mid_arb(s->C->entries + i, s->C->entries + i);
    mag_set_ui_2exp_si(tol, 1, -prec / 2);
    arb_mat_one(s->W);
    if (ok && acb_mat_approx_eig_qr(E, NULL, R, A, tol, 0, prec))
    {
        int real = 1;
        for (i = 0; i < Nf * Nf && real; i++)
        {
            arb_srcptr re = acb_realref(R->entries + i), im = acb_imagref(R->entries + i);
            mag_t a, b;
            mag_init(a); mag_init(b);
            arb_get_mag(a, re);
            arb_get_mag(b, im);
            mag_mul_2exp_si(a, a, -20);
            if (mag_cmp(b, a) > 0 && mag_cmp_2exp_si(b, -prec / 2) > 0)
                real = 0;
            mag_clear(a); mag_clear(b);
        }
        if (real)
            for (i = 0; i < Nf; i++)
                for (j = 0; j < Nf; j++)
                    arb_get_mid_arb(arb_mat_entry(s->W, i, j),
                                    acb_realref(acb_mat_entry(R, i, j)));
    }
    /* T = [[I, 0], [H, W]], H = -C D_fs (the slow manifold's tangent at
       the midpoint, to first order in eps): in e~ = T^{-1} e the coupling
       from the slow error into the fast one is O(eps) + the variation of
       D over the box, and the slow block is the Schur complement
       D_ss - D_sf D_ff^{-1} D_fs, the reduced flow's Jacobian */
    arb_mat_one(s->T);
    for (i = 0; i < Nf && ok; i++)
        for (j = 0; j < Nf; j++)
            arb_set(arb_mat_entry(s->T, Ns + i, Ns + j), arb_mat_entry(s->W, i, j));
    for (i = 0; i < Nf && ok; i++)
        for (j = 0; j < Ns; j++)
        {
            arb_ptr hij = arb_mat_entry(s->T, Ns + i, j);
            slong k;
            arb_zero(hij);
            for (k = 0; k < Nf; k++)
                arb_submul(hij, arb_mat_entry(s->C, i, k), arb_mat_entry(s->D, Ns + k, j), prec);
            arb_get_mid_arb(hij, hij);
        }
    if (ok && !arb_mat_inv(s->Tinv, s->T, prec))
    {
        /* W singular after all: the plain splitting */
        arb_mat_one(s->T);
        arb_mat_one(s->Tinv);
    }
    for (i = 0; i < N * N; i++)
        arb_abs(s->Tabs->entries + i, s->T->entries + i);
    arb_mat_clear(Jf);
    acb_mat_clear(A);
    acb_mat_clear(R);
    _acb_vec_clear(E, Nf);
    mag_clear(tol);
    return ok;
}

/* (b): s->delta (N balls, exact upper bounds of |y' - f(y)| over [0, h]),
   s->ysh (the series shifted to [0, h]: coefficient 0 = y's range) */
static int
defect(stiff_ws *s, const arb_t t, const arb_t h, nh_error_t err, slong prec)
{
    slong N = s->N, P = s->P, len = s->w->U->len, i, k;
    arb_t xi, T, hk, c, d;
    int rc;

    arb_init(xi); arb_init(T); arb_init(hk); arb_init(c); arb_init(d);
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
            add_abs(s->delta + i, d, prec);
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
        add_abs(s->delta + i, d, prec);
        if (!arb_is_finite(s->delta + i))
            rc = NH_ERR_DOMAIN;
    }
    arb_clear(xi); arb_clear(T); arb_clear(hk); arb_clear(c); arb_clear(d);
    return rc;
}

/* the comparison matrix M of D~ = T^{-1} D T (D over a box): M00 the
   max-norm log-norm of the slow block, M01 and M10 the max-norms of the
   couplings, M11 the log-norm of the fast block */
static void
comparison_matrix(arb_mat_t M, stiff_ws *s, slong prec)
{
    slong N = s->N, Ns = s->Ns, i, j;
    arb_mat_t X;
    arb_t r[2];

    arb_mat_init(X, N, N);
    arb_init(r[0]); arb_init(r[1]);
    arb_mat_mul(X, s->D, s->T, prec);
    arb_mat_mul(X, s->Tinv, X, prec);
    arb_mat_zero(M);
    arb_neg_inf(arb_mat_entry(M, 0, 0));
    arb_neg_inf(arb_mat_entry(M, 1, 1));
    for (i = 0; i < N; i++)
    {
        slong bi = (i >= Ns);
        /* r[b] = row i's entries in block column b: the diagonal entry
           itself, |.| of the others */
        arb_zero(r[0]); arb_zero(r[1]);
        for (j = 0; j < N; j++)
        {
            if (j == i)
                arb_add(r[bi], r[bi], arb_mat_entry(X, i, i), prec);
            else
                add_abs(r[j >= Ns], arb_mat_entry(X, i, j), prec);
        }
        arb_max(arb_mat_entry(M, bi, 0), arb_mat_entry(M, bi, 0), r[0], prec);
        arb_max(arb_mat_entry(M, bi, 1), arb_mat_entry(M, bi, 1), r[1], prec);
    }
    arb_mat_clear(X);
    arb_clear(r[0]); arb_clear(r[1]);
}

/* u = upper bounds (exact balls) of the max-norms of the slow and fast
   parts of T^{-1} v, over the N balls v */
static void
frame_norms(arb_ptr u, stiff_ws *s, arb_srcptr v, slong prec)
{
    slong i, N = s->N;
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_zero(u + 0);
    arb_zero(u + 1);
    for (i = 0; i < N; i++)
    {
        arb_dot(t, NULL, 0, arb_mat_entry(s->Tinv, i, 0), 1, v, 1, N, prec);
        arb_zero(r);
        add_abs(r, t, prec);
        arb_max(u + (i >= s->Ns), u + (i >= s->Ns), r, prec);
    }
    arb_clear(r); arb_clear(t);
}

/* rad (N balls) = |T| (rho_s, .., rho_f, ..): the componentwise radius of
   the set T e~, |e~_s| <= rho_s, |e~_f| <= rho_f */
static void
frame_radius(arb_ptr rad, stiff_ws *s, arb_srcptr rho, slong prec)
{
    slong i, j, N = s->N;
    for (i = 0; i < N; i++)
    {
        arb_zero(rad + i);
        for (j = 0; j < N; j++)
            arb_addmul(rad + i, arb_mat_entry(s->Tabs, i, j), rho + (j >= s->Ns), prec);
    }
}

/* (c), (d): the box Z1 at t + h from Z at t, given the series and its
   defect; [0, h] in NH_STIFF_PIECES pieces, each with M from D over the
   series' range on that piece only (the wrapping of D over the range
   grows with its length), the comparison system chained piece by piece.
   1 on success, 0 when the a-priori bound did not close, -code on a hard
   error. */
static int
step_bound(arb_ptr Z1, stiff_ws *s, arb_srcptr Z, const arb_t t, const arb_t h,
           nh_error_t err, slong prec)
{
    slong N = s->N, P = s->P, len = s->w->U->len, i, k, try;
    arb_ptr e0 = _arb_vec_init(N), u0 = _arb_vec_init(2), d = _arb_vec_init(2);
    arb_ptr u = _arb_vec_init(2), uh = _arb_vec_init(2), us = _arb_vec_init(2);
    arb_ptr r = _arb_vec_init(2), rad = _arb_vec_init(N);
    arb_ptr B = jet_vec_init(N, s->w->U);
    arb_mat_t M;
    arb_t dt, xi, T, tiny;
    int rc = NH_OK, ok = 0, closed;

    arb_mat_init(M, 2, 2);
    arb_init(dt); arb_init(xi); arb_init(T); arb_init(tiny);
    arb_div_si(dt, h, NH_STIFF_PIECES, prec);
    for (i = 0; i < N; i++)                 /* the defect as the ball [-delta, delta] */
    {
        arb_zero(e0 + i);
        arb_add_error(e0 + i, s->delta + i);
    }
    frame_norms(d, s, e0, prec);
    for (i = 0; i < N; i++)
        arb_sub(e0 + i, Z + i, s->y + i * len, prec);
    frame_norms(u0, s, e0, prec);
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
    for (try = 0; try < NH_STIFF_APRIORI_TRIES && !ok && rc == NH_OK; try++)
    {
        _arb_vec_set(u, u0, 2);
        closed = 1;
        frame_radius(rad, s, r, prec);
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
            comparison_matrix(M, s, prec);
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
        }
        ok = closed && rc == NH_OK;
    }
    if (ok)
    {
        /* y(h) by Horner at prec + 8, widened by T u(h) */
        frame_radius(rad, s, u, prec);
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

/* (a): the series through the midpoint of Z's slow part, and the frame
   (the Jacobian at the midpoint) */
static int
slow_series_at(stiff_ws *s, arb_srcptr Z, const arb_t t, nh_error_t err, slong prec)
{
    slong N = s->N, len = s->w->U->len, i;
    int rc;

    for (i = 0; i < N; i++)
    {
        jet_zero(s->y + i * len, s->w->U);
        arb_get_mid_arb(s->y + i * len, Z + i);
    }
    rc = _nh_taylor_jacobian_over(s->D, s->w, s->y, t, err);
    if (rc == NH_OK && !fast_frame(s, prec))
        rc = nh_error_set(err, NH_ERR_PRECISION, "stiff route: the fast block is not "
                          "invertible");
    if (rc == NH_OK)
        rc = nh_taylor_slow_series(s->y, N, s->Nf, s->C, s->w->rhs, s->w->data, t, s->w->U,
                                   NH_STIFF_PASSES, NULL, prec, err);
    return rc;
}

/* the step from the coefficients' decay: 0.9 min_{k = P-1, P}
   (tol / |c_k|)^(1/k) */
static double
step_guess(stiff_ws *s, double log2tol)
{
    slong i, k, len = s->w->U->len;
    double l2 = 1e300, lk;
    mag_t m, mk;

    mag_init(m);
    mag_init(mk);
    for (k = s->P - 1; k <= s->P; k++)
    {
        mag_zero(mk);
        for (i = 0; i < s->N; i++)
        {
            arb_get_mag(m, s->y + i * len + k);
            mag_max(mk, mk, m);
        }
        if (mag_is_zero(mk))
            continue;
        lk = (log2tol - mag_get_d_log2_approx(mk)) / k;
        if (lk < l2)
            l2 = lk;
    }
    mag_clear(m);
    mag_clear(mk);
    return l2 > 60 ? 60.0 : l2 + log2(0.9);
}

int
nh_taylor_stiff_rate(double *rate, double *contraction, nh_taylor_rhs_fn rhs, void *data,
                     slong N, slong Nf, arb_srcptr x, const arb_t t, const nh_taylor_opts_t opts,
                     slong prec, nh_error_t err)
{
    nh_taylor_ws_t w;
    stiff_ws s;
    slong i, j, p = nh_taylor_order(opts, prec);
    arb_ptr y;
    acb_mat_t A;
    acb_ptr E;
    arb_t c, r;
    int rc;

    _nh_taylor_ws_init(w, N, p, rhs, data, prec);
    s.w = w; s.N = N; s.Nf = Nf; s.Ns = N - Nf; s.P = p + 1;
    arb_mat_init(s.C, Nf, Nf); arb_mat_init(s.W, Nf, Nf);
    arb_mat_init(s.T, N, N); arb_mat_init(s.Tinv, N, N); arb_mat_init(s.Tabs, N, N);
    arb_mat_init(s.D, N, N);
    acb_mat_init(A, Nf, Nf);
    E = _acb_vec_init(Nf);
    arb_init(c); arb_init(r);
    y = jet_vec_init(N, w->U);
    for (i = 0; i < N; i++)
        arb_get_mid_arb(y + i * w->U->len, x + i);
    *rate = 0.0;
    *contraction = 1e300;
    rc = _nh_taylor_jacobian_over(s.D, w, y, t, err);
    if (rc == NH_OK && fast_frame(&s, prec))
    {
        /* (P + 1) |C|_inf, C = (D_f f_f)^-1 */
        arb_zero(c);
        for (i = 0; i < Nf; i++)
        {
            arb_zero(r);
            for (j = 0; j < Nf; j++)
                add_abs(r, arb_mat_entry(s.C, i, j), prec);
            arb_max(c, c, r, prec);
        }
        arb_mul_si(c, c, s.P + 1, prec);
        *contraction = arf_get_d(arb_midref(c), ARF_RND_UP);
        for (i = 0; i < Nf; i++)
            for (j = 0; j < Nf; j++)
                acb_set_arb(acb_mat_entry(A, i, j), arb_mat_entry(s.D, s.Ns + i, s.Ns + j));
        {
            /* approximate eigenvalues (not converged: still estimates) */
            double m = 1e300;
            mag_t tol;
            mag_init(tol);
            mag_set_ui_2exp_si(tol, 1, -prec / 2);
            acb_mat_approx_eig_qr(E, NULL, NULL, A, tol, 0, prec);
            mag_clear(tol);
            for (i = 0; i < Nf; i++)
            {
                double re = -arf_get_d(arb_midref(acb_realref(E + i)), ARF_RND_NEAR);
                if (re < m)
                    m = re;
            }
            *rate = m;
        }
    }
    jet_vec_clear(y, N, w->U);
    arb_mat_clear(s.C); arb_mat_clear(s.W);
    arb_mat_clear(s.T); arb_mat_clear(s.Tinv); arb_mat_clear(s.Tabs);
    arb_mat_clear(s.D);
    acb_mat_clear(A);
    _acb_vec_clear(E, Nf);
    arb_clear(c); arb_clear(r);
    _nh_taylor_ws_clear(w);
    return rc;
}

int
nh_taylor_stiff_integrate(arb_ptr x_out, arb_ptr x_last, arb_t t_last, slong *nreached,
                          nh_taylor_rhs_fn rhs, void *data, slong N, slong Nf, arb_srcptr x0,
                          const arb_t t0, arb_srcptr times, slong nt,
                          const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                          nh_error_t err)
{
    nh_taylor_ws_t w;
    stiff_ws s;
    slong j, p = nh_taylor_order(opts, prec), i, halvings = 0;
    arb_ptr Z = _arb_vec_init(N), Z1 = _arb_vec_init(N);
    arb_t t, h, rest;
    double log2tol, l2h = 0, hd, span;
    int rc = NH_OK, got;

    *nreached = 0;
    for (j = 0; j < nt; j++)
        if (!arb_is_exact(times + j) || arb_lt(times + j, j ? times + j - 1 : t0))
            return nh_error_set(err, NH_ERR_USAGE, "nh_taylor_stiff_integrate: output times "
                                "must be exact and nondecreasing");
    _nh_taylor_ws_init(w, N, p, rhs, data, prec);
    s.w = w;
    s.N = N; s.Nf = Nf; s.Ns = N - Nf; s.P = p + 1;
    arb_mat_init(s.C, Nf, Nf); arb_mat_init(s.W, Nf, Nf);
    arb_mat_init(s.T, N, N); arb_mat_init(s.Tinv, N, N); arb_mat_init(s.Tabs, N, N);
    arb_mat_init(s.D, N, N);
    s.y = jet_vec_init(N, w->U); s.ysh = jet_vec_init(N, w->U); s.F = jet_vec_init(N, w->U);
    s.delta = _arb_vec_init(N);
    arb_init(t); arb_init(h); arb_init(rest);
    arb_set(t, t0);
    _arb_vec_set(Z, x0, N);
    span = arf_get_d(arb_midref(times + nt - 1), ARF_RND_UP)
           - arf_get_d(arb_midref(t0), ARF_RND_DOWN);
    for (j = 0; j < nt && rc == NH_OK; j++)
    {
        while (rc == NH_OK && arb_lt(t, times + j))
        {
            double zmax = 1.0;
            for (i = 0; i < N; i++)
            {
                double a = fabs(arf_get_d(arb_midref(Z + i), ARF_RND_NEAR));
                if (a > zmax)
                    zmax = a;
            }
            log2tol = ((opts->tol > 0.0) ? log2(opts->tol) : (double) (8 - prec)) + log2(zmax);
            if ((rc = slow_series_at(&s, Z, t, err, prec)) != NH_OK)
                break;
            l2h = step_guess(&s, log2tol);
            got = 0;
            while (!got && rc == NH_OK)
            {
                arb_sub(rest, times + j, t, prec);
                hd = exp2(l2h);
                if (!(hd < 1e300) || arf_cmp_d(arb_midref(rest), hd) <= 0)
                    arb_set(h, rest);
                else
                {
                    arb_set_d(h, hd);
                    arb_get_mid_arb(h, h);
                }
                if ((rc = defect(&s, t, h, err, prec)) == NH_ERR_DOMAIN)
                {
                    rc = NH_OK;
                    if (err != NULL)
                        err->code = NH_OK;
                    got = 0;
                }
                else if (rc == NH_OK)
                {
                    got = step_bound(Z1, &s, Z, t, h, err, prec);
                    if (got < 0)
                        rc = -got;
                }
                if (!got && rc == NH_OK)
                {
                    l2h = log2(arf_get_d(arb_midref(h), ARF_RND_DOWN)) - 1.0;
                    halvings++;
                    if (exp2(l2h) < 1e-6 * span)
                        rc = nh_error_set(err, NH_ERR_PRECISION, "stiff route: no certified "
                                          "step at t = %.17g (the slow-manifold bound does "
                                          "not close)", arf_get_d(arb_midref(t), ARF_RND_NEAR));
                }
            }
            if (rc == NH_OK)
            {
                arb_add(t, t, h, prec);
                if (arb_equal(h, rest))
                    arb_set(t, times + j);
                _arb_vec_set(Z, Z1, N);
                if (st != NULL)
                {
                    double hh = arf_get_d(arb_midref(h), ARF_RND_NEAR);
                    st->steps++;
                    if (st->hmin == 0 || hh < st->hmin)
                        st->hmin = hh;
                    if (hh > st->hmax)
                        st->hmax = hh;
                }
            }
        }
        if (rc == NH_OK)
        {
            _arb_vec_set(x_out + j * N, Z, N);
            *nreached = j + 1;
        }
    }
    if (st != NULL)
    {
        st->halvings += halvings;
        st->width = 0;
        for (i = 0; i < N; i++)
        {
            double r = mag_get_d(arb_radref(Z + i));
            if (r > st->width)
                st->width = r;
        }
    }
    if (x_last != NULL)
        _arb_vec_set(x_last, Z, N);
    if (t_last != NULL)
        arb_set(t_last, t);
    _arb_vec_clear(Z, N); _arb_vec_clear(Z1, N);
    arb_mat_clear(s.C); arb_mat_clear(s.W);
    arb_mat_clear(s.T); arb_mat_clear(s.Tinv); arb_mat_clear(s.Tabs);
    arb_mat_clear(s.D);
    jet_vec_clear(s.y, N, w->U); jet_vec_clear(s.ysh, N, w->U); jet_vec_clear(s.F, N, w->U);
    _arb_vec_clear(s.delta, N);
    arb_clear(t); arb_clear(h); arb_clear(rest);
    _nh_taylor_ws_clear(w);
    return rc;
}
