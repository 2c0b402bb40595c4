/*
 * t-slowmanifold_full.c -- an independent numerical check that the series
 * h_eps = sum_k eps^k h^(k) computed by nh_series_time is the slow
 * manifold D_eps of the FULL friction system (paper 000 eqs (39)-(40)):
 *
 *     dq/dt = v,   dv/dt = -Gamma(v, v) - grad V - (1/eps) FR_sharp v,
 *
 * for the vertical rolling disk (cases/vertical_disk.nh, paper 000 Sec 5).
 *
 * Method.  Start ON D: q0 fixed, v0 = P(q0) w0 (nh_project_D).  Integrate
 * the full system with the classical 4-stage Runge-Kutta method (RK4),
 * fixed step, at PREC bits, propagating midpoints only (after every stage
 * the balls of the vector field are replaced by their midpoints:
 * this is a labelled floating-point ESTIMATE, not an enclosure -- fine for
 * a test, since the tolerances below are many orders of magnitude above
 * 2^-PREC).  Integrate until the fast transient has died out, then at the
 * final point (q, v) let vD = P v, w = P_perp v = v - vD and compare w
 * with the partial sums of the series at (q, vD):
 *
 *     R_K = w - sum_{k<=K} eps^k h^(k)(q, vD),   r_K = max_i |R_K,i|.
 *
 * If D_eps = graph(h_eps) then R_K = eps^(K+1) h^(K+1) + O(eps^(K+2)), so
 *   (a) the least-squares slope of log r_K against log eps is K+1
 *       (asserted within 0.25, K = 1, 2, 3, eps = 1/50 .. 1/400);
 *   (b) at the smallest eps, r_K / (eps^(K+1) |h^(K+1)|_inf) is within
 *       0.2 of 1;
 *   (c) sharper: |R_K - eps^(K+1) h^(K+1) - eps^(K+2) h^(K+2)|_inf, which
 *       is O(eps^(K+3)), is below 1e-3 * eps^(K+1) |h^(K+1)|_inf at the
 *       smallest eps (the truncation part is ~ eps^2 |h^(K+3)|/|h^(K+1)|;
 *       both it and the measured integration error are printed).
 * The only inputs from the code under test are h^(k) (nh_series_time)
 * and the projection nh_project_D; the integration uses the test's own
 * vector field (39)-(40) built from the model evaluator (cross-checked
 * against nh_full_field), nothing of the invariance-equation machinery.
 *
 * Error budget.
 *  1. Transient.  Starting on D, the distance to D_eps is ~ eps |h^(1)|;
 *     it decays like exp(-lambda_min t / eps) where lambda_min is the
 *     smallest eigenvalue of FR_sharp on D_perp, i.e. of mu_bar S,
 *     S = A G^{-1} A^T (FR_sharp G^{-1} A^T = G^{-1} A^T mu_bar S).  We
 *     compute lambda_min, lambda_max from the geometry at q0 (nh_geom,
 *     independent of the series) and integrate to T = L_DECAY eps /
 *     lambda_min with L_DECAY = 36: remnant ~ e^-36 eps |h^(1)| ~ 2e-16
 *     eps, far below the smallest quantity compared below (the truncation
 *     term eps^6 h^(6) of (c) at eps = 1/400 is ~ 2e-16 |h^(6)| but enters
 *     (c) only relative to eps^4 |h^(4)| ~ 4e-11 |h^(4)|).
 *  2. Integration.  RK4 on y' = lambda (y - g(t)) with lambda = -a/eps,
 *     step h, c = h a / eps: on the slow solution the local error is at
 *     most ~ h^5 lambda^5 g' ~ c^5 eps |gamma'| (g = eps gamma), the
 *     numerical contraction per step is 1 - |R(-c)| ~ c, so the
 *     steady-state error of the numerical slow manifold is at most
 *     ~ c^4 eps (absolute, O(1) constant): c^4 relative to the slip
 *     eps |h^(1)|.  It must stay far below eps^(K+1) |h^(K+1)|.  We take
 *     c = h lambda_max / eps = 1/STEPS_C with STEPS_C = 200 (for the disk,
 *     lambda_max = 3: h = eps/600, finer than eps/400).  The a-priori
 *     bound c^4 eps = 6e-10 eps is pessimistic: MEASURED, the error scales like c^4 (STEPS_C 50 -> 200 divided it by
 *     250 ~ 4^4) and is ~1e-18 absolute at eps = 1/400, i.e. 7e-7 of
 *     eps^4 |h^(4)| = 1.6e-12.  The test does not trust the estimate: at
 *     the smallest eps it integrates again with half the step and asserts
 *     |R_3(h) - R_3(h/2)| (~ 15/16 of the error at h, RK4 being of order
 *     4) <= 1e-4 eps^4 |h^(4)|.  The slow drift along D_eps over the
 *     short time T is irrelevant (the residual is evaluated at the final
 *     point, wherever it is).
 *  3. Rounding.  PREC = 128 bits, ~ 10^5 steps: accumulated rounding
 *     ~ 1e5 * 2^-128 ~ 3e-34, irrelevant.
 *  4. The final point depends on eps (T ~ eps, theta moves by
 *     v_theta T = 0.58 rad at eps = 1/50), so |h^(K+1)| there varies with
 *     eps and the slope of log r_K is not exactly K+1: measured 1.997,
 *     2.901, 3.997; the slope of log eps^(K+1)|h^(K+1)|(final point) is
 *     printed alongside (1.997, 2.902, 3.997): the deviation for K = 2 is
 *     the variation of |h^(3)| along the trajectories, not a defect.
 *
 * Measured results (128 bits, h = eps/600, T = 36 eps): at eps = 1/400,
 * r_K / (eps^(K+1)|h^(K+1)|) = 1.000003, 1.000126, 1.000006 and
 * |R_K - eps^(K+1) h^(K+1) - eps^(K+2) h^(K+2)| / (eps^(K+1)|h^(K+1)|) =
 * 3.1e-6, 4.7e-6, 5.6e-6, equal to the truncation estimate
 * eps^2 |h^(K+3)|/|h^(K+1)| (3.1e-6, 4.7e-6, 4.9e-6).
 *
 * Runtime: nh_full_field recomputes the whole geometry (P, Q, Gamma, ...)
 * at each call (~300 us at 128 bits), too slow for ~10^6 calls, so the
 * test integrates with its own right-hand side (field_eval below: model
 * evaluation on first-order jets plus one linear solve, ~20 us), checked
 * once against nh_full_field at the start (agreement to 1e-30, else
 * bail out).  Steps per eps value: L_DECAY * STEPS_C * lambda_max /
 * lambda_min = 21600 (independent of eps); total ~11 s CPU for 4 eps
 * values plus the half-step rerun.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "series.h"
#include "tap.h"
#include "series_testutil.h"

#define PREC 128
#define NEPS 4
#define KMAX 3                  /* residual orders K = 1..KMAX          */
#define HLEN (KMAX + 3)         /* h^(1..6): K+1, K+2 and (diag) K+3     */
#ifndef STEPS_C
#define STEPS_C 200.0           /* h = eps / (STEPS_C * lambda_max)      */
#endif
#ifndef L_DECAY
#define L_DECAY 36.0            /* T = L_DECAY * eps / lambda_min        */
#endif

static const slong eps_den[NEPS] = { 50, 100, 200, 400 };

/* q0 and w0 (v0 = P(q0) w0), by coordinate index; chosen generic (all
   components of h^(k) nonzero for the disk: h^(k) ~ v_theta^k v_phi). */
static const slong q0_num[] = { 3, 1, -1, 1, 0, 0, 0, 0 };
static const slong q0_den[] = { 10, 10, 5, 2, 1, 1, 1, 1 };
static const slong w0_num[] = { 4, 3, -2, 11, 1, 1, 1, 1 };
static const slong w0_den[] = { 5, 10, 5, 10, 1, 1, 1, 1 };

static double
now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void
vec_mid(arb_ptr x, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        mag_zero(arb_radref(x + i));
}


/* The full vector field, written here from the model data alone (no
   nh_geom, no series code), in Lagrangian form (the Euler-Lagrange
   equations of L = 1/2 v^T G v - V with Rayleigh friction (1/eps) FR):
     G dv/dt = -(sum_j v^j d_j G) v + 1/2 (v^T d_l G v)_l - dV
               - (1/eps) A^T mu_bar A v,
   which is paper 000 (39) (G Gamma^i_jk v^j v^k = (d_j G_lk - 1/2 d_l G_jk)
   v^j v^k by (5)).  G, A, mu_bar, V are evaluated by the model evaluator
   on first-order jets q_i + x_i (the x_i-coefficient of G is d_i G).
   RHS_CHECK compares it once with nh_full_field.  Midpoints only. */
typedef struct
{
    slong n, m;
    jet_ctx_t ctx;
    arb_ptr qj, V;
    jet_mat_t G, A, mu;
    arb_mat_t G0, rhs, sol;
    arb_ptr Av, muAv, s;
    slong *var;
}
field_work;

static void
field_init(field_work *f, const nh_model_struct *M)
{
    slong i;
    f->n = nh_model_n(M);
    f->m = nh_model_m(M);
    jet_ctx_init(f->ctx, f->n, 1);
    f->qj = jet_vec_init(f->n, f->ctx);
    f->V = jet_init(f->ctx);
    jet_mat_init(f->G, f->n, f->n, f->ctx);
    jet_mat_init(f->A, f->m, f->n, f->ctx);
    jet_mat_init(f->mu, f->m, f->m, f->ctx);
    arb_mat_init(f->G0, f->n, f->n);
    arb_mat_init(f->rhs, f->n, 1);
    arb_mat_init(f->sol, f->n, 1);
    f->Av = _arb_vec_init(f->m);
    f->muAv = _arb_vec_init(f->m);
    f->s = _arb_vec_init(f->n);
    f->var = flint_malloc(f->n * sizeof(slong));
    for (i = 0; i < f->n; i++)
        f->var[i] = jet_ctx_var_index(f->ctx, i);
}

static void
field_clear(field_work *f)
{
    jet_vec_clear(f->qj, f->n, f->ctx);
    jet_clear(f->V, f->ctx);
    jet_mat_clear(f->G, f->ctx);
    jet_mat_clear(f->A, f->ctx);
    jet_mat_clear(f->mu, f->ctx);
    arb_mat_clear(f->G0);
    arb_mat_clear(f->rhs);
    arb_mat_clear(f->sol);
    _arb_vec_clear(f->Av, f->m);
    _arb_vec_clear(f->muAv, f->m);
    _arb_vec_clear(f->s, f->n);
    flint_free(f->var);
    jet_ctx_clear(f->ctx);
}

#define JE(Mat, i, j, f) JET_MAT_ENTRY(Mat, i, j, (f)->ctx)

static int
field_eval(arb_ptr dv, field_work *f, const nh_model_struct *M, arb_srcptr q,
           arb_srcptr v, const arb_t eps, nh_error_t err)
{
    slong n = f->n, m = f->m, i, j, k, l;
    int st;
    arb_t t;

    for (i = 0; i < n; i++)
        jet_set_var(JET_ENTRY(f->qj, i, f->ctx), q + i, i, f->ctx);
    if ((st = nh_model_eval_metric(f->G, M, f->qj, 1, f->ctx, PREC, err)) != NH_OK)
        return st;
    if ((st = nh_model_eval_constraints(f->A, M, f->qj, 0, f->ctx, PREC, err)) != NH_OK)
        return st;
    if ((st = nh_model_eval_friction(f->mu, M, f->qj, 0, f->ctx, PREC, err)) != NH_OK)
        return st;
    if ((st = nh_model_eval_potential(f->V, M, f->qj, 1, f->ctx, PREC, err)) != NH_OK)
        return st;

    arb_init(t);
    /* friction: A v, mu A v, then (1/eps) A^T mu A v */
    for (l = 0; l < m; l++)
    {
        arb_zero(f->Av + l);
        for (j = 0; j < n; j++)
            arb_addmul(f->Av + l, JE(f->A, l, j, f), v + j, PREC);
    }
    for (l = 0; l < m; l++)
    {
        arb_zero(f->muAv + l);
        for (k = 0; k < m; k++)
            arb_addmul(f->muAv + l, JE(f->mu, l, k, f), f->Av + k, PREC);
        arb_div(f->muAv + l, f->muAv + l, eps, PREC);
    }
    for (i = 0; i < n; i++)
    {
        /* rhs_i = -sum_{j,k} v^j d_j G_ik v^k + 1/2 sum_{j,k} v^j d_i G_jk v^k
                   - d_i V - sum_l A_li (mu A v)_l / eps */
        arb_ptr r = arb_mat_entry(f->rhs, i, 0);
        arb_zero(r);
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
            {
                arb_mul(t, v + j, v + k, PREC);
                arb_submul(r, t, JE(f->G, i, k, f) + f->var[j], PREC);
                arb_mul_2exp_si(t, t, -1);
                arb_addmul(r, t, JE(f->G, j, k, f) + f->var[i], PREC);
            }
        arb_sub(r, r, f->V + f->var[i], PREC);
        for (l = 0; l < m; l++)
            arb_submul(r, JE(f->A, l, i, f), f->muAv + l, PREC);
        for (j = 0; j < n; j++)
            arb_set(arb_mat_entry(f->G0, i, j), JE(f->G, i, j, f));
    }
    arb_clear(t);
    if (!arb_mat_solve(f->sol, f->G0, f->rhs, PREC))
        return nh_error_set(err, NH_ERR_MODEL, "test field: G not invertible");
    for (i = 0; i < n; i++)
        arb_get_mid_arb(dv + i, arb_mat_entry(f->sol, i, 0));
    return NH_OK;
}

static field_work FW;

/* dv = full field at (q, v), midpoints only. */
static int
rhs(arb_ptr dv, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
    const arb_t eps, slong n, nh_error_t err)
{
    (void) n;
    return field_eval(dv, &FW, M, q, v, eps, err);
}

typedef struct
{
    arb_ptr k1q, k1v, k2q, k2v, k3q, k3v, k4q, k4v, tq, tv;
}
rk_work;

/* One classical RK4 step of size h for (q, v) (midpoints only). */
static int
rk4_step(arb_ptr q, arb_ptr v, rk_work *w, const nh_model_struct *M,
         const arb_t eps, const arb_t h, const arb_t h2, const arb_t h6,
         slong n, nh_error_t err)
{
    slong i;
    int st;

    _arb_vec_set(w->k1q, v, n);
    if ((st = rhs(w->k1v, M, q, v, eps, n, err)) != NH_OK)
        return st;

    for (i = 0; i < n; i++)
    {
        arb_set(w->tq + i, q + i);
        arb_addmul(w->tq + i, w->k1q + i, h2, PREC);
        arb_set(w->tv + i, v + i);
        arb_addmul(w->tv + i, w->k1v + i, h2, PREC);
    }
    vec_mid(w->tq, n); vec_mid(w->tv, n);
    _arb_vec_set(w->k2q, w->tv, n);
    if ((st = rhs(w->k2v, M, w->tq, w->tv, eps, n, err)) != NH_OK)
        return st;

    for (i = 0; i < n; i++)
    {
        arb_set(w->tq + i, q + i);
        arb_addmul(w->tq + i, w->k2q + i, h2, PREC);
        arb_set(w->tv + i, v + i);
        arb_addmul(w->tv + i, w->k2v + i, h2, PREC);
    }
    vec_mid(w->tq, n); vec_mid(w->tv, n);
    _arb_vec_set(w->k3q, w->tv, n);
    if ((st = rhs(w->k3v, M, w->tq, w->tv, eps, n, err)) != NH_OK)
        return st;

    for (i = 0; i < n; i++)
    {
        arb_set(w->tq + i, q + i);
        arb_addmul(w->tq + i, w->k3q + i, h, PREC);
        arb_set(w->tv + i, v + i);
        arb_addmul(w->tv + i, w->k3v + i, h, PREC);
    }
    vec_mid(w->tq, n); vec_mid(w->tv, n);
    _arb_vec_set(w->k4q, w->tv, n);
    if ((st = rhs(w->k4v, M, w->tq, w->tv, eps, n, err)) != NH_OK)
        return st;

    for (i = 0; i < n; i++)
    {
        arb_t s;
        arb_init(s);
        arb_add(s, w->k2q + i, w->k3q + i, PREC);
        arb_mul_2exp_si(s, s, 1);
        arb_add(s, s, w->k1q + i, PREC);
        arb_add(s, s, w->k4q + i, PREC);
        arb_addmul(q + i, s, h6, PREC);
        arb_add(s, w->k2v + i, w->k3v + i, PREC);
        arb_mul_2exp_si(s, s, 1);
        arb_add(s, s, w->k1v + i, PREC);
        arb_add(s, s, w->k4v + i, PREC);
        arb_addmul(v + i, s, h6, PREC);
        arb_clear(s);
    }
    vec_mid(q, n); vec_mid(v, n);
    return NH_OK;
}

/* Integrate from (q0, v0) with nsteps steps of size eps/(STEPS_C*lmax*refine)
   ... to the same final time T = nsteps * h.  On return q, v hold the
   final point. */
static int
integrate(arb_ptr q, arb_ptr v, const nh_model_struct *M, arb_srcptr q0, arb_srcptr v0,
          const arb_t eps, slong nsteps, const arb_t T, slong n, nh_error_t err)
{
    rk_work w;
    arb_t h, h2, h6;
    slong s;
    int st = NH_OK;

    w.k1q = _arb_vec_init(10 * n);
    w.k1v = w.k1q + n; w.k2q = w.k1q + 2 * n; w.k2v = w.k1q + 3 * n;
    w.k3q = w.k1q + 4 * n; w.k3v = w.k1q + 5 * n; w.k4q = w.k1q + 6 * n;
    w.k4v = w.k1q + 7 * n; w.tq = w.k1q + 8 * n; w.tv = w.k1q + 9 * n;
    arb_init(h); arb_init(h2); arb_init(h6);
    arb_div_si(h, T, nsteps, PREC);
    mag_zero(arb_radref(h));
    arb_mul_2exp_si(h2, h, -1);
    arb_div_si(h6, h, 6, PREC);
    mag_zero(arb_radref(h6));

    _arb_vec_set(q, q0, n);
    _arb_vec_set(v, v0, n);
    vec_mid(q, n); vec_mid(v, n);
    for (s = 0; s < nsteps && st == NH_OK; s++)
        st = rk4_step(q, v, &w, M, eps, h, h2, h6, n, err);

    arb_clear(h); arb_clear(h2); arb_clear(h6);
    _arb_vec_clear(w.k1q, 10 * n);
    return st;
}

/* Eigenvalues of mu_bar S (m = 2) at q0: the decay rates (times eps) of
   the fast directions.  Computed from the geometry module only. */
static int
fast_rates(double *lmin, double *lmax, const nh_model_struct *M, arb_srcptr q0,
           slong n, nh_error_t err)
{
    jet_ctx_t ctx;
    nh_geom_t g;
    arb_mat_t mu, S, B;
    arb_t tr, det, disc;
    slong m = nh_model_m(M);
    int st;

    if (m != 2)
        return nh_error_set(err, NH_ERR_USAGE, "fast_rates: m = %ld, only m = 2", (long) m);
    jet_ctx_init(ctx, n, 1);
    nh_geom_init(g, M, ctx);
    st = nh_geom_compute(g, M, q0, 1, ctx, PREC, err);
    if (st == NH_OK)
    {
        arb_mat_init(mu, 2, 2); arb_mat_init(S, 2, 2); arb_mat_init(B, 2, 2);
        arb_init(tr); arb_init(det); arb_init(disc);
        jet_mat_get_const(mu, g->mu, ctx);
        jet_mat_get_const(S, g->S, ctx);
        arb_mat_mul(B, mu, S, PREC);
        arb_mat_trace(tr, B, PREC);
        arb_mat_det(det, B, PREC);
        /* lambda = tr/2 -+ sqrt(tr^2/4 - det) */
        arb_mul_2exp_si(tr, tr, -1);
        arb_sqr(disc, tr, PREC);
        arb_sub(disc, disc, det, PREC);
        arb_get_mid_arb(disc, disc);
        if (arf_sgn(arb_midref(disc)) < 0)
            arb_zero(disc);
        arb_sqrt(disc, disc, PREC);
        *lmin = arf_get_d(arb_midref(tr), ARF_RND_NEAR) - arf_get_d(arb_midref(disc), ARF_RND_NEAR);
        *lmax = arf_get_d(arb_midref(tr), ARF_RND_NEAR) + arf_get_d(arb_midref(disc), ARF_RND_NEAR);
        arb_mat_clear(mu); arb_mat_clear(S); arb_mat_clear(B);
        arb_clear(tr); arb_clear(det); arb_clear(disc);
    }
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    return st;
}

/* Residuals at the final point: R[(K-1)*n + i] = R_K,i for K = 1..HLEN-1
   (only K <= KMAX+? used), hk[k-1] = |h^(k)|_inf, eps^k h^(k) in eh. */
static int
residuals(arb_ptr R, arb_ptr eh, double *hk, const nh_model_struct *M,
          arb_srcptr q, arb_srcptr v, const arb_t eps, slong n, nh_error_t err)
{
    arb_ptr vD, w, h;
    arb_t ek;
    slong k, i;
    int st;

    vD = _arb_vec_init(n);
    w = _arb_vec_init(n);
    h = _arb_vec_init(HLEN * n);
    arb_init(ek);

    st = nh_project_D(vD, M, q, v, PREC, err);
    if (st == NH_OK)
        st = nh_series_time(h, NULL, M, q, vD, HLEN, PREC, err);
    if (st == NH_OK)
    {
        _arb_vec_sub(w, v, vD, n, PREC);
        arb_one(ek);
        for (k = 1; k <= HLEN; k++)
        {
            arb_mul(ek, ek, eps, PREC);
            hk[k - 1] = tu_max_abs(h + (k - 1) * n, n);
            for (i = 0; i < n; i++)
            {
                arb_mul(eh + (k - 1) * n + i, h + (k - 1) * n + i, ek, PREC);
                arb_sub(w + i, w + i, eh + (k - 1) * n + i, PREC);
            }
            _arb_vec_set(R + (k - 1) * n, w, n);
        }
    }
    _arb_vec_clear(vD, n);
    _arb_vec_clear(w, n);
    _arb_vec_clear(h, HLEN * n);
    arb_clear(ek);
    return st;
}

int
main(void)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    char path[4096];
    const char *top = getenv("NH_TOP_SRCDIR");
    slong n, i, e, K;
    arb_ptr q0, w0, v0, q, v, R, eh, Rref, ehref;
    arb_t eps, T;
    double lmin = 0, lmax = 0;
    double r[NEPS][HLEN], hk[NEPS][HLEN];
    double slope[KMAX + 1];
    double t0, t1, tstart;
    slong nsteps;
    int st;

    tap_plan(3 * KMAX + 1);
    tstart = now_sec();
    nh_error_init(err);
    snprintf(path, sizeof path, "%s/cases/vertical_disk.nh", top != NULL ? top : "..");
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_bail("cannot load %s: %s", path, err->msg);
    n = nh_model_n(M);

    q0 = _arb_vec_init(n); w0 = _arb_vec_init(n); v0 = _arb_vec_init(n);
    q = _arb_vec_init(n); v = _arb_vec_init(n);
    R = _arb_vec_init(HLEN * n); eh = _arb_vec_init(HLEN * n);
    Rref = _arb_vec_init(HLEN * n); ehref = _arb_vec_init(HLEN * n);
    arb_init(eps); arb_init(T);

    for (i = 0; i < n; i++)
    {
        slong j = i < 8 ? i : 7;
        arb_set_si(q0 + i, q0_num[j]);
        arb_div_si(q0 + i, q0 + i, q0_den[j], PREC);
        arb_set_si(w0 + i, w0_num[j]);
        arb_div_si(w0 + i, w0 + i, w0_den[j], PREC);
    }
    vec_mid(q0, n); vec_mid(w0, n);
    if (nh_project_D(v0, M, q0, w0, PREC, err) != NH_OK)
        tap_bail("nh_project_D: %s", err->msg);
    vec_mid(v0, n);
    if (fast_rates(&lmin, &lmax, M, q0, n, err) != NH_OK)
        tap_bail("fast rates: %s", err->msg);
    field_init(&FW, M);
    {
        /* the test's own field against nh_full_field at (q0, w0), eps = 1/50 */
        arb_ptr a = _arb_vec_init(n), b = _arb_vec_init(n);
        double d = 0.0, sc;
        arb_set_si(eps, 1);
        arb_div_si(eps, eps, 50, PREC);
        if (nh_full_field(a, M, q0, w0, eps, PREC, err) != NH_OK)
            tap_bail("nh_full_field: %s", err->msg);
        if (field_eval(b, &FW, M, q0, w0, eps, err) != NH_OK)
            tap_bail("test field: %s", err->msg);
        sc = tu_max_abs(a, n);
        for (i = 0; i < n; i++)
        {
            arb_sub(b + i, b + i, a + i, PREC);
            if (fabs(arf_get_d(arb_midref(b + i), ARF_RND_NEAR)) > d)
                d = fabs(arf_get_d(arb_midref(b + i), ARF_RND_NEAR));
        }
        tap_diag("test's field vs nh_full_field at (q0, w0), eps = 1/50: max diff %.3e (scale %.3e)", d, sc);
        if (!(d <= 1e-30 * (1.0 + sc)))
            tap_bail("the test's vector field disagrees with nh_full_field");
        _arb_vec_clear(a, n); _arb_vec_clear(b, n);
    }

    nsteps = (slong) ceil(L_DECAY * STEPS_C * lmax / lmin);
    tap_diag("model %s (%s), n = %ld, prec = %d bits, RK4 midpoints only (estimate)",
             nh_model_name(M), path, (long) n, PREC);
    tap_diag("q0 and v0 = P w0:");
    for (i = 0; i < n; i++)
        tap_diag("  %-8s q0 = %+.6f   v0 = %+.6f", nh_model_coord_name(M, i),
                 arf_get_d(arb_midref(q0 + i), ARF_RND_NEAR),
                 arf_get_d(arb_midref(v0 + i), ARF_RND_NEAR));
    tap_diag("fast rates (eigenvalues of mu_bar S at q0): lambda_min = %.6g, lambda_max = %.6g",
             lmin, lmax);
    tap_diag("T = %.1f eps / lambda_min, h = T / %ld (h lambda_max / eps = %.3g), transient ~ exp(-%.0f)",
             L_DECAY, (long) nsteps, L_DECAY * lmax / lmin / nsteps, L_DECAY);

    tap_diag("%10s %12s %12s %12s %12s %12s %12s", "eps", "r_1", "r_2", "r_3",
             "e^2|h2|", "e^3|h3|", "e^4|h4|");
    for (e = 0; e < NEPS; e++)
    {
        double ed = 1.0 / eps_den[e];
        arb_one(eps);
        arb_div_si(eps, eps, eps_den[e], PREC);
        arb_mul_si(T, eps, (slong) L_DECAY, PREC);
        arb_set_d(q + 0, lmin);
        arb_div(T, T, q + 0, PREC);
        arb_get_mid_arb(T, T);
        t0 = now_sec();
        st = integrate(q, v, M, q0, v0, eps, nsteps, T, n, err);
        if (st != NH_OK)
            tap_bail("integration at eps = 1/%ld: %s", (long) eps_den[e], err->msg);
        st = residuals(R, eh, hk[e], M, q, v, eps, n, err);
        if (st != NH_OK)
            tap_bail("series at eps = 1/%ld: %s", (long) eps_den[e], err->msg);
        t1 = now_sec();
        for (K = 1; K <= HLEN; K++)
            r[e][K - 1] = tu_max_abs(R + (K - 1) * n, n);
        tap_diag("%10.6f %12.5e %12.5e %12.5e %12.5e %12.5e %12.5e   (%.1f s)",
                 ed, r[e][0], r[e][1], r[e][2],
                 pow(ed, 2) * hk[e][1], pow(ed, 3) * hk[e][2], pow(ed, 4) * hk[e][3], t1 - t0);
        if (e == NEPS - 1)
        {
            _arb_vec_set(Rref, R, HLEN * n);
            _arb_vec_set(ehref, eh, HLEN * n);
        }
    }

    /* (a) least-squares slopes */
    for (K = 1; K <= KMAX; K++)
    {
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (e = 0; e < NEPS; e++)
        {
            double x = log(1.0 / eps_den[e]), y = log(r[e][K - 1]);
            sx += x; sy += y; sxx += x * x; sxy += x * y;
        }
        slope[K] = (NEPS * sxy - sx * sy) / (NEPS * sxx - sx * sx);
    }
    tap_diag("slopes of log r_K vs log eps: K=1: %.4f  K=2: %.4f  K=3: %.4f",
             slope[1], slope[2], slope[3]);
    {
        /* The final point depends on eps (T ~ eps, theta moves by
           v_theta T), so |h^(K+1)| there varies with eps; the slope of
           eps^(K+1) |h^(K+1)|(final point) shows how much of the
           deviation from K+1 that explains. */
        double sl[KMAX + 1];
        for (K = 1; K <= KMAX; K++)
        {
            double sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (e = 0; e < NEPS; e++)
            {
                double x = log(1.0 / eps_den[e]);
                double y = log(pow(1.0 / eps_den[e], K + 1) * hk[e][K]);
                sx += x; sy += y; sxx += x * x; sxy += x * y;
            }
            sl[K] = (NEPS * sxy - sx * sy) / (NEPS * sxx - sx * sx);
        }
        tap_diag("slopes of log eps^(K+1)|h^(K+1)| at the final points: K=1: %.4f  K=2: %.4f  K=3: %.4f",
                 sl[1], sl[2], sl[3]);
    }
    for (K = 1; K <= KMAX; K++)
        tap_ok(fabs(slope[K] - (K + 1)) < 0.25, "slope of log r_%ld = %.4f, expected %ld +- 0.25",
               (long) K, slope[K], (long) (K + 1));

    /* (b) ratio at smallest eps, (c) next-order comparison */
    {
        double ed = 1.0 / eps_den[NEPS - 1];
        for (K = 1; K <= KMAX; K++)
        {
            double lead = pow(ed, K + 1) * hk[NEPS - 1][K];
            double ratio = r[NEPS - 1][K - 1] / lead;
            tap_ok(fabs(ratio - 1.0) < 0.2,
                   "eps = 1/%ld: r_%ld / (eps^%ld |h^(%ld)|) = %.6f, expected 1 +- 0.2",
                   (long) eps_den[NEPS - 1], (long) K, (long) (K + 1), (long) (K + 1), ratio);
        }
        for (K = 1; K <= KMAX; K++)
        {
            double lead = pow(ed, K + 1) * hk[NEPS - 1][K];
            double d = 0.0, trunc = pow(ed, K + 3) * hk[NEPS - 1][K + 2];
            for (i = 0; i < n; i++)
            {
                /* R_{K+2} = R_K - eps^(K+1) h^(K+1) - eps^(K+2) h^(K+2) */
                double a = fabs(arf_get_d(arb_midref(Rref + (K + 1) * n + i), ARF_RND_NEAR));
                if (a > d)
                    d = a;
            }
            tap_ok(d <= 1e-3 * lead,
                   "eps = 1/%ld: |R_%ld - eps^%ld h^(%ld) - eps^%ld h^(%ld)| / (eps^%ld |h^(%ld)|) = %.3e"
                   " <= 1e-3 (truncation estimate eps^%ld |h^(%ld)| / lead = %.3e)",
                   (long) eps_den[NEPS - 1], (long) K, (long) (K + 1), (long) (K + 1),
                   (long) (K + 2), (long) (K + 2), (long) (K + 1), (long) (K + 1), d / lead,
                   (long) (K + 3), (long) (K + 3), trunc / lead);
        }
    }

    /* integration error: redo the smallest eps with half the step */
    {
        double ed = 1.0 / eps_den[NEPS - 1];
        double d3 = 0.0, lead = pow(ed, KMAX + 1) * hk[NEPS - 1][KMAX];
        double hkk[HLEN];
        arb_one(eps);
        arb_div_si(eps, eps, eps_den[NEPS - 1], PREC);
        arb_mul_si(T, eps, (slong) L_DECAY, PREC);
        arb_set_d(q + 0, lmin);
        arb_div(T, T, q + 0, PREC);
        arb_get_mid_arb(T, T);
        t0 = now_sec();
        st = integrate(q, v, M, q0, v0, eps, 2 * nsteps, T, n, err);
        if (st != NH_OK)
            tap_bail("integration (half step): %s", err->msg);
        st = residuals(R, eh, hkk, M, q, v, eps, n, err);
        if (st != NH_OK)
            tap_bail("series (half step): %s", err->msg);
        t1 = now_sec();
        for (i = 0; i < n; i++)
        {
            double a = fabs(arf_get_d(arb_midref(R + (KMAX - 1) * n + i), ARF_RND_NEAR)
                            - arf_get_d(arb_midref(Rref + (KMAX - 1) * n + i), ARF_RND_NEAR));
            if (a > d3)
                d3 = a;
        }
        tap_diag("half step at eps = 1/%ld: r_1..r_5 = %.6e %.6e %.6e %.6e %.6e (%.1f s)",
                 (long) eps_den[NEPS - 1], tu_max_abs(R, n), tu_max_abs(R + n, n),
                 tu_max_abs(R + 2 * n, n), tu_max_abs(R + 3 * n, n),
                 tu_max_abs(R + 4 * n, n), t1 - t0);
        tap_ok(d3 <= 1e-4 * lead,
               "integration error estimate |R_%d(h) - R_%d(h/2)| = %.3e <= 1e-4 * eps^%d |h^(%d)| = %.3e",
               KMAX, KMAX, d3, KMAX + 1, KMAX + 1, 1e-4 * lead);
    }
    tap_diag("total time %.1f s", now_sec() - tstart);

    _arb_vec_clear(q0, n); _arb_vec_clear(w0, n); _arb_vec_clear(v0, n);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n);
    _arb_vec_clear(R, HLEN * n); _arb_vec_clear(eh, HLEN * n);
    _arb_vec_clear(Rref, HLEN * n); _arb_vec_clear(ehref, HLEN * n);
    arb_clear(eps); arb_clear(T);
    field_clear(&FW);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
