/* ode/impl.h -- private helpers of the ode module (not installed). */
#ifndef NH_ODE_INTERNAL_H
#define NH_ODE_INTERNAL_H

#include "ode.h"

/* Default step limit per run. */
#define NH_ODE_DEFAULT_MAX_STEPS 1000000

/* Wall clock in seconds (monotonic). */
double _nh_ode_wall(void);

/* Drop the radii of n balls (the state of an estimate-based integrator
   is a point; see ode.h "Precision semantics"). */
void _nh_ode_recentre(arb_ptr x, slong n);

/* max_i |a_i - b_i| / (atol + rtol max(|a_i|, |b_i|)) as a double. */
double _nh_ode_err_norm(arb_srcptr a, arb_srcptr b, slong n,
                        double rtol, double atol, slong prec);

/* |a - b| componentwise as balls with zero radius (an estimate):
   res_i = |mid(a_i) - mid(b_i)| rounded up. */
void _nh_ode_absdiff(arb_ptr res, arb_srcptr a, arb_srcptr b, slong n, slong prec);

/* max_i |x_i| (midpoints) as a double. */
double _nh_ode_vec_max(arb_srcptr x, slong n);

/* Check the output times: nondecreasing, >= 0, finite. */
int _nh_ode_check_times(arb_srcptr times, slong nt, nh_error_t err);

/* The next step of an adaptive integrator from time t towards the output
   time tk (shared by the integrators of this module): rem = tk - t.
   Returns -1 when tk is reached (mid(rem) <= 0).  Otherwise clamps the
   proposed step *h (a double) to hmax when hmax > 0, and sets hh = rem
   (landing on tk, returns 1) when mid(rem) <= 1.01 *h, else hh = *h
   (returns 0); hh has zero radius. */
int _nh_ode_next_step(arb_t hh, arb_t rem, const arb_t tk, const arb_t t, double *h,
                      double hmax, slong prec);

/* The global error estimate of a run from its two passes (coarse qc, vc
   and refined q, v, each nt*n entries; see ode.h gerr_factor): when
   gerr_q (resp. gerr_v) is not NULL it receives |qc - q| (resp. |vc - v|)
   componentwise via _nh_ode_absdiff and sp->gerr_q (resp. sp->gerr_v) its
   maximum. */
void _nh_ode_gerr(arb_ptr gerr_q, arb_ptr gerr_v, nh_ode_stats_t sp, arb_srcptr qc,
                  arb_srcptr vc, arb_srcptr q, arb_srcptr v, slong len, slong prec);

/* Fast evaluator of the full field (39)-(40) in Lagrangian form (model
   evaluation on first-order jets plus one n x n solve, no nh_geom):
     G dv/dt = -(sum_j v^j d_j G) v + 1/2 (v^T d_l G v)_l - dV
               - (1/eps) A^T mu_bar A v,
   equal to paper 000 (39) because G Gamma(v,v) = (d_j G_lk - 1/2 d_l
   G_jk) v^j v^k by (5), grad V = G^{-1} dV and FR_sharp = G^{-1} A^T
   mu_bar A (38).  Midpoint results (estimates, used inside Newton). */
typedef struct
{
    const nh_model_struct *M;
    slong n, m, prec;
    jet_ctx_t ctx;
    arb_ptr qj, V, Av, muAv;
    jet_mat_t G, A, mu;
    arb_mat_t G0, rhs, sol;
    slong *var;
}
_nh_ode_field_struct;

void _nh_ode_field_init(_nh_ode_field_struct *f, const nh_model_struct *M, slong prec);
void _nh_ode_field_clear(_nh_ode_field_struct *f);
int _nh_ode_field_eval(arb_ptr dv, _nh_ode_field_struct *f, arb_srcptr q, arb_srcptr v,
                       const arb_t eps, nh_error_t err);


/* The GBS extrapolation core shared by nh_ode_gbs (ode_generic.c) and
   nh_ode_reduced (ode_reduced.c).  f(dy, t, y, param, prec, err) is the
   field (nh_ode_rhs_t); st (may be NULL) counts f_evals, steps and
   rejected steps; label names the integrator in messages ("GBS",
   "reduced k=1", ...). */
typedef struct
{
    nh_ode_rhs_t f;
    void *param;
    slong d, prec;
    nh_ode_stats_struct *st;
    const char *label;
}
_nh_ode_gbs_struct;

/* One GBS step of size H from (t0, y0) with J columns (n_j = 2j):
   explicit midpoint rule, Aitken-Neville extrapolation in (H/n_j)^2
   (Hairer, Norsett, Wanner, Solving ODE I, Sec II.9).  y1 = T_{J,J}
   (order 2J, recentred); *errn = scaled |T_{J,J} - T_{J,J-1}|.
   f0 = f(t0, y0) given. */
int _nh_ode_gbs_step(arb_ptr y1, double *errn, _nh_ode_gbs_struct *w, const arb_t t0,
                     arb_srcptr y0, arb_srcptr f0, const arb_t H, slong J,
                     double rtol, double atol, nh_error_t err);

/* Adaptive GBS run from t = 0, y0 (d balls) to the nt output times;
   y_out: nt*d balls.  Step control: factor 0.9 errn^(-1/(2J-1)) clamped
   to [0.2, 4]; steps land exactly on the output times. */
int _nh_ode_gbs_run(arb_ptr y_out, _nh_ode_gbs_struct *w, arb_srcptr y0, arb_srcptr times,
                    slong nt, double rtol, double atol, slong J, slong max_steps,
                    double h0, double hmax, int quiet, nh_error_t err);

#endif
