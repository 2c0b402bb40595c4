/*
 * conv.h -- convergence study of the order-k reduced dynamics against the
 * full friction system (issue 3): the slope fitter (observed order of
 * convergence as eps -> 0, with a confidence interval) and the study
 * itself (nhoracle converge, make nightly, bench/run-bench-converge.sh).
 * See doc/convergence.md.
 *
 * Everything produced here is an ESTIMATE, labelled as such: the
 * trajectories come from nh_flow_full / nh_flow_reduced (estimates with
 * estimated global errors, lib/flow.h), the errors are differences of
 * those, and the fitted order is a least-squares estimate whose
 * confidence interval rests on the usual regression model (independent
 * Gaussian residuals in log(error)), which the data need not satisfy:
 * the interval measures how well a single power law fits the points.
 */
#ifndef NH_CONV_H
#define NH_CONV_H

#include <json-c/json.h>
#include "flow.h"
#include "expr.h"
#include "jet.h"

/* ---- user vector fields (conv_field.c) -------------------------------- */

/* A first-order reduced model typed by the user: qdot = Q(q, vD, eps),
   vDdot = W(q, vD, eps) on the state (q, vD), vD the point of D (the
   state of paper 000 (69)-(71)); Q is also the model's velocity v.  Both
   are n-lists of expressions in the model-file language (lib/expr.h)
   over the coordinates, v_<coordinate> (the components of vD), eps, the
   model's parameters and earlier `let:` names.  File format
   (doc/convergence.md, "User vector fields"):
       # comment
       let: c = m*R*J/(J + m*R^2)
       qdot: [v_theta, R*cos(theta)*v_varphi, ...]
       vdot: [0, -R*sin(theta)*v_theta*v_varphi - eps*c*..., ...]
       start: vD            (or: start: v, see start_v below)
   (lines starting with a blank continue the previous key). */
typedef struct
{
    slong n;                /* nh_model_n                                */
    char *file;                 /* the field file's name (messages) */
    expr_arena_t A;             /* the parsed expressions */
    char **names;           /* q, v_q, eps, lets                         */
    slong nnames, nlets;        /* entries of names, of them lets */
    char **pnames;              /* the model's parameter names */
    fmpq *pvals;                /* ... and their exact values */
    slong np;                   /* ... np of them */
    int *lets, *roots;      /* roots: 2n (qdot then vdot)               */
    jet_ctx_t jctx;             /* jet context of the evaluation */
    slong need;                 /* jet temporaries of the evaluation */
    int start_v;            /* 0 ("start: vD", default): the state is a
                               point vD of D, started at P v0 (like the
                               reduced systems; the names v_<coord> are
                               its components); 1 ("start: v"): the state
                               models the full velocity, started at the
                               full system's v0 (lifted), and the defect
                               is taken w.r.t. (v, vdot) of the full
                               field (000 eq (40)) */
}
nh_conv_field_struct;

#define NH_CONV_FIELD_MAX_STEPS 2048   /* RK4 steps per output interval */
#define NH_CONV_FIELD_MAX_STATE_LOG2 1000  /* |state| beyond 2^this: blow-up */

/* An empty field (nothing parsed) / free it. */
void nh_conv_field_init(nh_conv_field_struct *F);
void nh_conv_field_clear(nh_conv_field_struct *F);
/* Parse the field file text (NUL-terminated; the format above) for model
   M (its coordinates, parameters and n); filename is used in messages
   and kept in F->file.  Errors: NH_ERR_PARSE ("filename:line:col: ..."
   for an unknown key, a line that is not "key: value", a continuation
   line before any key, a bad let name, a redefined name, a list of the
   wrong length, an expression syntax error or unknown name; "filename:
   ..." when qdot: or vdot: is missing), NH_ERR_RESOURCE (text longer
   than EXPR_MAX_TEXT bytes).  F must be initialised (nh_conv_field_init)
   and is cleared by the caller (nh_conv_field_clear) whatever the
   outcome.  Lines may end with CRLF. */
int nh_conv_field_parse(nh_conv_field_struct *F, const nh_model_struct *M, const char *text,
                        const char *filename, nh_error_t err);
/* Read the field file at path and parse it (nh_conv_field_parse).
   Errors: NH_ERR_IO (cannot open or read), NH_ERR_RESOURCE (file longer
   than EXPR_MAX_TEXT bytes), NH_ERR_PARSE (a NUL byte: "path:line:col:
   NUL byte ..."; otherwise those of nh_conv_field_parse). */
int nh_conv_field_load(nh_conv_field_struct *F, const nh_model_struct *M, const char *path,
                       nh_error_t err);
/* qdot, vdot (n balls each) at (q, vD) (n balls each), eps; Arb balls
   of the typed expressions at prec.  NH_ERR_MODEL (the field is certainly
   singular there: a divisor exactly 0, log of a value certainly <= 0, an
   exponent of more than 62 bits) or NH_ERR_DOMAIN (a ball only meets the
   singular set: retry at a higher precision) names file:line:col of the
   failing subexpression. */
int nh_conv_field_eval(arb_ptr qdot, arb_ptr vdot, const nh_conv_field_struct *F,
                       arb_srcptr q, arb_srcptr vD, const arb_t eps, slong prec, nh_error_t err);
/* Integrate the field from (q0, vD0) at t = 0 to the nt output times
   (nondecreasing, >= 0) with classical RK4, m equal steps per output
   interval, m = 4, 8, ... doubled until the ESTIMATED error
   |y_m - y_{m/2}|/15 (Richardson, order 4) is below tol or m reaches
   NH_CONV_FIELD_MAX_STEPS.  q_out, v_out: nt*n estimates (v = qdot of
   the field); gerr[j]: the estimated error (max norm) at output j;
   *steps: total RK4 steps.  Errors: NH_ERR_DOMAIN from an evaluation
   (file:line:col), or when a state component leaves |y_i| <=
   2^NH_CONV_FIELD_MAX_STATE_LOG2 or is not finite after an RK4 step
   (blow-up; refused at once, which also bounds the cost of evaluating
   the field at ever larger states). */
int nh_conv_field_integrate(arb_ptr q_out, arb_ptr v_out, double *gerr, slong *steps,
                            const nh_conv_field_struct *F, const arb_t eps, arb_srcptr q0,
                            arb_srcptr vD0, arb_srcptr times, slong nt, double tol, slong prec,
                            nh_error_t err);

/* ---- slope fitter ----------------------------------------------------- */

typedef struct
{
    slong npts;         /* number of (eps, error) points used            */
    double slope;       /* least-squares slope of log(err) vs log(eps):
                           the observed order (estimate)                 */
    double intercept;   /* log(err) = intercept + slope * log(eps)       */
    double se;          /* standard error of the slope (0 if npts = 2)   */
    double level;       /* confidence level of [ci_lo, ci_hi], e.g. 0.95 */
    double tq;          /* Student t quantile used (npts - 2 dof)        */
    double ci_lo, ci_hi;/* slope -/+ tq * se; -inf/+inf if npts = 2      */
    double rms;         /* rms residual of log(err)                      */
}
nh_conv_fit_struct;

typedef nh_conv_fit_struct nh_conv_fit_t[1];

/* Two-sided Student t quantile: the t > 0 with P(|T| <= t) = level for T
   with dof degrees of freedom (dof >= 1, 0 < level < 1).  Computed by
   bisection on the two-sided tail P(|T| > t) = I_{dof/(dof+t^2)}(dof/2,
   1/2) (regularized incomplete beta, Arb's arb_hypgeom_beta_lower,
   certified), to double accuracy (|rel. error| < 1e-14).
   Returns NH_OK, NH_ERR_USAGE for bad arguments. */
int nh_conv_t_quantile(double *t, double level, slong dof, nh_error_t err);

/* Least squares fit of log(err[i]) = a + p log(eps[i]), i < npts, with
   the confidence interval p -/+ t_{level, npts-2} * se(p).
   Requirements: npts >= 2, every eps[i] > 0 and err[i] > 0 finite, at
   least two distinct eps.  Returns NH_OK, NH_ERR_USAGE (message names
   the offending point) otherwise. */
int nh_conv_fit(nh_conv_fit_t fit, const double *eps, const double *err, slong npts,
                double level, nh_error_t err_out);

/* Least-squares slope of log y[i] against log x[i] over the i < n with
   y[i] > 0 (the others are skipped, so a residual that is exactly 0
   does not abort the fit); *used receives the number of points used.
   NAN when fewer than two are usable.  A plain slope without interval
   (nh_conv_fit gives the interval), used by `slowmanifold` for the
   residual exponents. */
double nh_conv_loglog_slope(const double *x, const double *y, slong n, slong *used);

/* ---- the slow-manifold study (nhoracle slowmanifold) ------------------ */

/* The series h_eps = sum_k eps^k h^(k) (paper 000 eq (66); time route,
   certified balls) against the true slow manifold D_eps at neps values
   of eps (w = P_perp v on D_eps over (q, vD), by shooting with the full
   friction system, nh_flow_slow_point: ESTIMATES).  Arrays:
   h: HK x n with HK = max(K + 1, neps); w, c: neps x n; resid:
   (K + 1) x neps, row K the residuals |w - sum_{k<=K} eps^k h^(k)|_inf,
   -1 where below 100x the estimated error of w (not measured); slope,
   used: K + 1 (nh_conv_loglog_slope of each row, expected K + 1);
   c: the eps-Taylor coefficients c_1..c_{neps-1} of w by interpolation
   (estimates), hnorm/diff/digits/digits_expected: neps - 1, per k:
   |h^(k)|_inf, |c_k - h^(k)|_inf, -log10(diff/hnorm) and the same for
   the fit through the neps - 1 smallest eps (how many digits the fit
   itself can be trusted to). */
typedef struct
{
    slong n, neps, K, HK;   /* coordinates, eps values, order, rows of h */
    arb_ptr vD, h, w, c;    /* vD (n) and the arrays above             */
    nh_flow_slow_info_struct *info;     /* neps: shooting statistics */
    double *resid, *slope;  /* the residuals and their slopes (above)   */
    slong *used;            /* points used by each slope               */
    double *hnorm, *diff, *digits, *digits_expected; /* per k (above)  */
    const arb_struct *t0;   /* issue 19: the model time of the point for a
                               time-dependent or affine model (set by the
                               caller after init; NULL, the default: 0);
                               then vD = P(q, t0) v, h^(k) from
                               nh_series_time_t and w from
                               nh_flow_slow_point_t (beyond v_p)      */
    /* the certified invariance residual (issue 14; nh_conv_slow_certify,
       conv_slow_residual.c), orders 0..Kc, Kc = min(K,
       NH_CONV_SLOW_RES_MAX_ORDER), or Kc = -1 when not available (then
       why says why): cres (neps*(Kc+1)*n balls, R_K at eps_j at offset
       (j*(Kc+1) + K)*n), cnorm (neps*(Kc+1) balls, |R_K|_inf), cslope
       (neps*(Kc+1) balls, the exact exponent log(|R_K(eps_j)| /
       |R_K(eps_{j+1})|) / log(eps_j / eps_{j+1}) between successive eps,
       cslope_ok 0 where a norm ball contains 0 or j is the last eps) */
    slong Kc;               /* highest certified order, or -1          */
    arb_ptr cres, cnorm, cslope; /* the certified residuals (above)     */
    int *cslope_ok;         /* per cslope entry (above)                 */
    char why[256];          /* why Kc = -1                              */
}
nh_conv_slow_struct;

/* Called before (info == NULL) and after each eps j. */
typedef void (*nh_conv_slow_progress_t)(void *data, slong j, const nh_flow_slow_info_struct *info);

/* Allocate the arrays for n coordinates, neps eps values, order K /
   free them. */
void nh_conv_slow_init(nh_conv_slow_struct *S, slong n, slong neps, slong K);
void nh_conv_slow_clear(nh_conv_slow_struct *S);

/* First step: vD = P(q) v and h^(1..HK) at (q, v) (balls, n), time
   route, certified, at working precision prec.  Errors: those of
   nh_project_D and nh_series_time. */
int nh_conv_slow_series(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                        arb_srcptr v, slong prec, nh_error_t err);

/* Second step, after nh_conv_slow_series at the same q: the study for
   eps[0..neps) (exact, neps >= 2), integrator options oo (tolerance,
   quiet), at working precision prec.  Errors: those of
   nh_flow_slow_point (prefixed "slowmanifold at eps = E: "),
   NH_ERR_PRECISION when the eps-Vandermonde system is singular. */
int nh_conv_slow_study(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                       const fmpq *eps, const nh_ode_opts_struct *oo,
                       nh_conv_slow_progress_t progress, void *pdata, slong prec,
                       nh_error_t err);

/* ---- certified invariance residual (issue 14; conv_slow_residual.c) --- */

/* Largest order K of the certified residual: that of the terms h^(j) on
   jets (nh_flow_taylor_section, NH_FLOW_REDUCED_MAX_ORDER). */
#define NH_CONV_SLOW_RES_MAX_ORDER NH_FLOW_REDUCED_MAX_ORDER

/* The defect of the invariance equation of the slow manifold (paper 000
   eq (60), d/dt P_perp v = d/dt h_eps(q, P v) along the full field
   (39)-(40)) for the truncated series H_K = sum_{k=1}^{K} eps^k h^(k)
   (000 eq (66)) at the point v = vD + H_K(q, vD) of its graph, in the
   normalisation of a velocity:
     R_K = eps Q(q) [vdot - vDdot - DH_K(q, vD)[v, vDdot]]
         = eps Q B(H_K) - H_K,
   vdot the full field, vDdot = d/dt P v = (dP[v]) v + P F(q, v), Q the
   map of Lemma 4 (Q FR_sharp = P_perp), B the right-hand side of the
   time route (H = eps Q B(H) on D_eps).  R_K = 0 on the true slow
   manifold; R_K = eps^(K+1) h^(K+1) + O(eps^(K+2)); R_0 = eps h^(1)
   (000 eq (67)).  Units: velocity.  DH_K from the jets of h^(j)
   (nh_flow_taylor_section) along (q + t v, vD + t vDdot): no finite
   differences.  Shapes: q, vD n balls (vD in D(q); balls allowed: the
   result then contains R_K at every point of the box with vD in D(q)),
   eps one positive ball, R n balls.  Certified at any prec.  Errors:
   NH_ERR_USAGE (K outside 0..NH_CONV_SLOW_RES_MAX_ORDER), NH_ERR_MODEL
   (a model that is not linear autonomous: time, affine constraints,
   one-form, force, damping), those of the geometry and the model
   evaluation (NH_ERR_DOMAIN: retry at a higher precision). */
int nh_conv_slow_invariance_residual(arb_ptr R, const nh_model_struct *M, arb_srcptr q,
                                     arb_srcptr vD, slong K, const arb_t eps, slong prec,
                                     nh_error_t err);

/* After nh_conv_slow_series: R_K for K = 0..min(S->K,
   NH_CONV_SLOW_RES_MAX_ORDER) at every eps[j] (exact), their max norms
   and the exponents between successive eps (balls, arb_log), into
   S->cres, cnorm, cslope.  A model that is not linear autonomous (S->t0
   is ignored by the others): nothing is computed, S->Kc = -1 and S->why says why
   (returns NH_OK).  Errors: those of nh_conv_slow_invariance_residual
   (prefixed with eps and K). */
int nh_conv_slow_certify(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                         const fmpq *eps, slong prec, nh_error_t err);

/* A certified upper bound of the logarithmic norm, in the G-inner
   product on D_perp, of the fast block of the linearised full system
   (000 (39)-(40)): with J = d_v vdot = d_v F - (1/eps) FR_sharp
   (nh_flow_full_jacobian, jets) and U = G^{-1} A^T L^{-T}, S = A G^{-1}
   A^T = L L^T (a G-orthonormal basis of D_perp), ub >= lambda_max of the
   symmetric part of U^T G J U (m x m) at every (q, v) of the box given
   by the balls q, v (n balls each): -mu_min/eps + O(1), mu_min the
   smallest eigenvalue of mu_bar S.  The first hypothesis of the
   contraction lemma of doc/convergence.md ("From the residual to a
   certified distance"); ub is an exact ball (its value is the bound).
   Certified at any prec.  Errors: NH_ERR_MODEL (a model that is not
   linear autonomous; geometry certainly degenerate), NH_ERR_DOMAIN (S
   not certified SPD over the box, or no eigenvalue bound certified: balls
   too wide; retry at a higher precision or on a smaller box). */
int nh_conv_slow_fast_lognorm(arb_t ub, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                              const arb_t eps, slong prec, nh_error_t err);

/* ---- the study -------------------------------------------------------- */

#define NH_CONV_INIT_DEPS 0     /* initial data on D_eps (lifted)          */
#define NH_CONV_INIT_D 1        /* initial data on D (zero slip)           */

/* measured quantities, per (eps, k) */
#define NH_CONV_Q_T 0           /* |q_full(T) - q_k(T)|_inf               */
#define NH_CONV_V_T 1           /* |v_full(T) - v_k(T)|_inf               */
#define NH_CONV_Q_MAX 2         /* max over output times in [t1, T]       */
#define NH_CONV_V_MAX 3
#define NH_CONV_DEFECT 4        /* defect of the full solution w.r.t. X_k,
                                   max over the output times in [t1, T]  */
#define NH_CONV_NQ 5

const char *nh_conv_quantity_name(int which);   /* "q(T)", "v(T)", ... */
const char *nh_conv_quantity_key(int which);    /* "q_T", "v_T", ...   */

typedef struct
{
    slong n;            /* nh_model_n                                     */
    arb_ptr q0, v0;     /* the initial point as given (n balls each)      */
    int init;           /* NH_CONV_INIT_DEPS or NH_CONV_INIT_D            */
    slong lift_order;   /* L of the lift onto D_eps (-1: kmax + 3; 0: the
                           same as data on D)                         */
    slong kmax;         /* orders k = 0..kmax                             */
    slong neps;         /* number of eps values */
    fmpq *eps;          /* neps exact positive rationals                  */
    fmpq_t T, t1;       /* horizon and start of the max window, 0<=t1<=T  */
    slong nt;           /* output times: t1 + (T-t1) i/(nt-1), nt >= 2    */
    slong prec;         /* initial working precision (bits)               */
    slong max_prec;     /* cap of the precision increase                  */
    double tol;         /* initial rtol = atol of the integrators         */
    double min_tol;     /* tightest tolerance allowed (cap of the retry)  */
    double ratio;       /* required diff / integration error, >= 1 (1000) */
    slong max_steps;    /* passed to the integrator (0 default)           */
    int progress;       /* progress lines on stderr                       */
    /* Added (checks against the papers): if not NULL, the row k = kmax
       measures this user field instead of the order-kmax reduced field
       (trajectory from (q0, P v0), velocity = its qdot; the defect of the
       full solution is taken w.r.t. it).  Not owned. */
    const nh_conv_field_struct *field;
}
nh_conv_opts_struct;

typedef nh_conv_opts_struct nh_conv_opts_t[1];

/* Defaults; allocates q0, v0 (zero) for n coordinates, no eps. */
void nh_conv_opts_init(nh_conv_opts_t o, slong n);
void nh_conv_opts_clear(nh_conv_opts_t o);
/* Geometric sequence of neps values from hi down to lo (rationals
   10^(-a) with a on a uniform grid: hi = 10^-ahi, lo = 10^-alo, rounded
   to 6 significant digits so that they stay exact and short). */
void nh_conv_opts_set_eps_geometric(nh_conv_opts_t o, double hi, double lo, slong neps);

/* An order k whose reduced system is exact within the integration error
   (the ball on a plane: h^(j) = 0 for j >= 2, so the order-1 reduced
   system is the full system on D_eps).  Detected by nh_conv_study: at
   eps index eps_index the differences of order k were not resolved
   (below ratio times their integration error) at tolerance tol_loose,
   and when the tolerance fell by 1000 to tol_tight their largest value
   fell by at least NH_CONV_EXACT_FALL too (diff_loose -> diff_tight)
   instead of staying at a model error.  An ESTIMATE: no model error is
   observed above the integration error; it does not prove that none
   exists below it. */
#define NH_CONV_EXACT_FALL 100.0

typedef struct
{
    int exact;              /* 1: order k is exact within the integration error */
    slong eps_index;        /* the eps at which it was observed          */
    double tol_loose, tol_tight; /* the two tolerances compared */
    double diff_loose, diff_tight; /* max over the NH_CONV_NQ differences */
}
nh_conv_exact_struct;

typedef struct
{
    slong neps, kmax, nt;   /* the study's sizes (nh_conv_opts_struct)  */
    double *eps;            /* neps doubles (the exact values rounded)    */
    /* err[(i*(kmax+1) + k)*NH_CONV_NQ + which]: measured difference
       (estimate); ierr[...]: the estimated integration error it carries
       (full + reduced global error estimates, for the defect: the full
       one only, propagated to first order is not attempted: it is the
       state error, see doc/convergence.md). */
    double *err, *ierr;
    /* per eps: full system statistics (of the final accepted attempt) */
    slong *full_steps;
    double *full_seconds;
    slong *red_steps;       /* (i*(kmax+1)+k) */
    double *red_seconds;
    slong *prec_used;       /* per eps */
    double *tol_used;       /* per eps */
    /* fits per (k, which), index k*NH_CONV_NQ + which */
    nh_conv_fit_struct *fit;
    double *predicted;      /* per (k, which), k*NH_CONV_NQ + which:
                               nh_conv_predicted for this study        */
    nh_conv_exact_struct *exact; /* per k; fit[k*NH_CONV_NQ + w] is not
                               fitted (slope NAN, npts 0) when exact   */
    double total_seconds;   /* wall-clock time of the whole study    */
}
nh_conv_result_struct;

typedef nh_conv_result_struct nh_conv_result_t[1];

/* Free a result filled by nh_conv_study. */
void nh_conv_result_clear(nh_conv_result_t r);

/* Predicted order of quantity `which` for the order-k reduced system
   when the full system starts from the lift of order L (v = vD +
   sum_{j<=L} eps^j h^(j); init = NH_CONV_INIT_D means L = 0).
   layer = 1 when the window [t1, T] contains t = 0 (t1 = 0), else 0.
     q(T), v(T), max q:           min(k+1, L+2)
     max v:   min(k+1, L+2), or min(k+1, L+1) if layer
     defect:  k+1,           or min(k+1, L+1) if layer
   Argument (doc/convergence.md): on D_eps, an O(eps^(k+1)) defect (paper
   001 Def 2) on a finite horizon gives an O(eps^(k+1)) error (Gronwall);
   starting O(eps^(L+1)) off D_eps, the full solution is attracted, in an
   initial layer of duration O(eps), to the slow solution of a base point
   shifted by O(eps * eps^(L+1)).  At t = 0 itself the velocities differ
   by sum_{j=L+1..k} eps^j h^(j) (or sum_{j=k+1..L}), O(eps^(min(k,L)+1)),
   and so does the defect; after t1 > 0 that is damped by exp(-c t1/eps). */
double nh_conv_predicted(int init, slong lift, slong k, int which, int layer);

/* Run the study.  For each eps: full system from (q0, v0') with
   v0' = lift_L(P v0) (init DEPS) or P v0 (init D), reduced systems of
   orders 0..kmax from (q0, P v0), outputs at the nt times of [t1, T].
   Each measured difference must exceed ratio times its estimated
   integration error; otherwise the tolerance is divided by 1000 (and the
   precision raised so that prec >= -log2(tol) + 64) and that eps is
   redone, up to min_tol / max_prec; then NH_ERR_PRECISION with a message
   naming eps, k, the quantity, the difference and the integration error.
   A zero difference is refused the same way, except for an order whose
   differences fall with the tolerance (by NH_CONV_EXACT_FALL when it
   falls by 1000): that order is marked exact (r->exact[k], an estimate)
   and its differences are no longer required to be resolved.  Then the
   slopes of the other orders are fitted (level 0.95).  Errors: those of the integrator and of the series;
   NH_ERR_USAGE for bad options. */
int nh_conv_study(nh_conv_result_t r, const nh_model_struct *M, const nh_conv_opts_t o,
                  nh_error_t err);

/* Local order of quantity `which` (NH_CONV_Q_T .. NH_CONV_DEFECT) for
   order k of a finished study, from the two smallest eps a < b:
   log(err_a / err_b) / log(eps_a / eps_b).  An ESTIMATE that shows
   whether the fitted slope is still pre-asymptotic; NAN when the study
   has fewer than two distinct eps.  (lib/conv/conv_orders.c) */
double nh_conv_local_order(const nh_conv_result_t r, slong k, int which);

/* 1 when the observed orders (fitted slopes) of the four errors q(T),
   v(T), max q, max v of order k are each within tol of their predicted
   orders (r->predicted), else 0 (a NAN slope is never within tol).  An
   order marked exact (r->exact[k]) counts as within tol: its errors are
   at the integration error at every eps, no larger than C eps^(k+1).  The
   verdict of `converge --tap` and of the JSON key within_tolerance. */
int nh_conv_orders_ok(const nh_conv_result_t r, slong k, double tol);

/* ---- writers of a study (conv_write.c, conv_plot.c; `nhoracle converge`) ----

   Every figure they write is an ESTIMATE (doc/convergence.md); the
   certified part (below) is written by the command, whose ball printing
   certifies the printed digits. */

/* What the writers need beyond the study's options. */
typedef struct
{
    double order_tol;   /* verdict: |observed - predicted| <= order_tol
                           (nh_conv_orders_ok); default 0.25            */
    const char *field;  /* the user field's name (row k = kmax) or NULL  */
    int timings;        /* 1 (default): include the wall-clock times     */
}
nh_conv_report_struct;

/* The report defaults of `converge`: order_tol 0.25, no field, timings on. */
void nh_conv_report_init(nh_conv_report_struct *rep);

/* The lift order L used by the study: o->lift_order, or kmax + 3 when
   it is -1 (the default). */
slong nh_conv_lift_used(const nh_conv_opts_struct *o);

/* The working precision (bits) that follows an integrator tolerance tol
   (0 < tol < 1): ceil(-log2 tol) + 64 rounded up to a multiple of 64, at
   least 64 (128 for the default 1e-18); `converge` starts there without
   --prec (capped by the default precision). */
slong nh_conv_prec_for_tol(double tol);

/* an exact rational as a JSON string, "p/q" or "p" (the eps, T, t1 of
   the reports) */
json_object *nh_conv_fmpq_json(const fmpq_t x);

/* "D_eps" (NH_CONV_INIT_DEPS) or "D" */
const char *nh_conv_init_name(int init);

/* The words of an order k marked exact within the integration error
   (r->exact[k]), into buf[0..len). */
void nh_conv_exact_words(char *buf, size_t len, const nh_conv_result_t r, slong k);

/* Add to the JSON object root the members of a finished study r run with
   options o (doc/json-schema.md, `converge --json`): estimate, init,
   lift_order, T, t1, nt, kmax, (field), ratio, eps (exact strings), rows
   (per eps and k: the differences and their integration errors, steps,
   precision and tolerance), orders (per k: the fits of the five
   quantities with 95% intervals, predicted and local orders, exact,
   within_tolerance), order_tol and (rep->timings) timings. */
void nh_conv_result_json(json_object *root, const nh_conv_result_t r,
                         const nh_conv_opts_struct *o, const nh_conv_report_struct *rep);

/* The TAP report of `converge --tap` (plan 1..kmax+1, one test per order
   k: ok when nh_conv_orders_ok(r, k, rep->order_tol), or the order is
   exact; diagnostics with the fits and the errors per eps; prec the
   working precision named in the last line).  *first_bad: the first k
   not ok, -1 if none.  malloc'd text of *len bytes (free()). */
char *nh_conv_tap(size_t *len, slong *first_bad, const nh_conv_result_t r,
                  const nh_conv_opts_struct *o, const nh_model_struct *M,
                  const nh_conv_report_struct *rep, slong prec);

/* Plot files: the data (one block per k separated by two blank lines,
   gnuplot 'index k': eps, then the NH_CONV_NQ differences, "%.6e") and
   the gnuplot script plotting base.dat (log-log, max q and max v against
   eps, the fitted power laws exp(intercept) eps^slope; no line for an
   exact order).  malloc'd texts of *len bytes (free()). */
char *nh_conv_plot_dat(size_t *len, const nh_conv_result_t r, const nh_model_struct *M,
                       int init);
char *nh_conv_plot_gp(size_t *len, const nh_conv_result_t r, const nh_model_struct *M,
                      int init, const char *base);

/* The options of the whole slow-manifold study (nh_conv_slow_opts_init:
   no eps, tol 1e-24, progress on, no callback, 128 bits): eps[0..neps)
   exact positive, distinct, neps >= 3 for the fits (the caller keeps
   them); tol the integrator's rtol = atol of the shooting (ESTIMATES);
   quiet: no progress lines of the integrator on stderr; progress: called
   before (info NULL) and after each eps (nh_conv_slow_study); prec: the
   working precision of every step (bits). */
typedef struct
{
    const fmpq *eps;            /* neps exact eps > 0, distinct (not owned) */
    slong neps;                 /* number of eps, >= 3 for the fits        */
    double tol;                 /* shooting integrator rtol = atol (estimate) */
    int quiet;                  /* 1: no integrator progress on stderr     */
    nh_conv_slow_progress_t progress; /* per-eps callback or NULL          */
    void *progress_data;        /* passed to progress                      */
    slong prec;                 /* working precision of every step (bits)  */
}
nh_conv_slow_opts_struct;

/* The defaults above: no eps, tol 1e-24, progress lines on, no callback,
   128 bits. */
void nh_conv_slow_opts_init(nh_conv_slow_opts_struct *o);

/* The study of `nhoracle slowmanifold` in one call, on S initialised by
   nh_conv_slow_init(S, n, o->neps, K) (and S->t0 set for a time-dependent
   model): nh_conv_slow_series at (q, v) (q, v: n balls; v projected, vD
   in S->vD), nh_conv_slow_study (the true slow manifold by shooting: w,
   residuals, fits, coefficients: ESTIMATES) and nh_conv_slow_certify (the
   certified invariance residual, 000 eq (60): balls).  Errors: those of
   the three steps, NH_ERR_USAGE when o->neps is not S->neps. */
int nh_conv_slow_run(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                     arb_srcptr v, const nh_conv_slow_opts_struct *o, nh_error_t err);

/* JSON of a finished slow-manifold study S (nh_conv_slow_study at the
   eps list eps, S->neps exact values): "points", per eps the shooting
   statistics (tau, lambda_lower_bound, iterations, steps, seconds,
   shooting_residual, error_estimate) and w_estimate (decimal strings with
   the digits the error estimate allows, at least 5); "residual", per K =
   0..S->K the residual estimates r_K(eps) (null below the noise), the
   observed exponent (null with fewer than 2 points), points_used and the
   expected exponent K + 1.  All ESTIMATES (conv_slow_write.c). */
json_object *nh_conv_slow_points_json(const nh_conv_slow_struct *S, const fmpq *eps);
json_object *nh_conv_slow_residual_json(const nh_conv_slow_struct *S);

/* ---- certified errors (issue 14; conv_certified.c) -------------------- */

/* Beside the estimated study, enclosures of the errors at T from the
   validated Taylor integrator (lib/taylor.h): for each eps and order k,
   a ball containing the exact e = |q_full(T) - q_k(T)|_inf (max norm
   over the coordinates), computed as max_i |Q_i - R_i| in ball
   arithmetic from the certified balls Q of the full system (paper 000
   (39)-(40), nh_flow_certified NH_FLOW_FULL, from the same start as the
   study: the lift or vD0, a ball) and R of the order-k reduced system
   (nh_flow_certified_reduced, from (q0, P v0)); and from the errors at
   successive certified eps a < b (list order) the exact slope
   log(e_a / e_b) / log(eps_a / eps_b) as a ball (arb_log), or
   "unbounded" when an error ball contains 0.  The only call of the
   reduced side is nh_flow_certified_reduced: every order it supports is
   certified here, the others (NH_ERR_USAGE) are reported as "estimate
   only" with its message. */

#define NH_CONV_CERT_OK 0           /* e is a certified ball                */
#define NH_CONV_CERT_COSTLY 1       /* eps skipped: T / eps > max_ratio     */
#define NH_CONV_CERT_NO_REDUCED 2   /* no certified order-k flow: estimate only */

#define NH_CONV_SLOPE_NONE 0        /* no next certified eps for this k     */
#define NH_CONV_SLOPE_OK 1          /* slope is a certified ball            */
#define NH_CONV_SLOPE_UNBOUNDED 2   /* an error ball contains 0             */

typedef struct
{
    slong prec;         /* working precision of the first attempt (bits) */
    slong max_prec;     /* cap: the attempt for one eps is redone at
                           doubled precision (said on stderr when
                           progress) while the integration fails with
                           NH_ERR_PRECISION / NH_ERR_DOMAIN or an error
                           ball of a certified k contains 0            */
    double max_ratio;   /* certify eps only when T / eps <= max_ratio:
                           the explicit validated integrator needs steps
                           ~ eps, so the cost grows like T / eps
                           (doc/convergence.md, measured)              */
    int progress;       /* progress lines on stderr                    */
}
nh_conv_cert_opts_struct;

typedef nh_conv_cert_opts_struct nh_conv_cert_opts_t[1];

/* Defaults: prec 64, max_prec 128, max_ratio 100, progress 1. */
void nh_conv_cert_opts_init(nh_conv_cert_opts_t co);

typedef struct
{
    slong neps, kmax;       /* sizes, as in the estimated study         */
    int *status;            /* neps*(kmax+1), index i*(kmax+1)+k: NH_CONV_CERT_* */
    arb_ptr err;            /* neps*(kmax+1) balls: e (status OK)          */
    int *slope_status;      /* neps*(kmax+1): NH_CONV_SLOPE_* of the slope
                               from eps i to slope_next[...]              */
    slong *slope_next;      /* the next certified eps index (or -1)        */
    arb_ptr slope;          /* neps*(kmax+1) balls (status SLOPE_OK)       */
    char **why;             /* kmax+1 messages (NULL if none): why order k
                               is estimate only                           */
    slong *steps;           /* neps*(kmax+2): full system (index i*(kmax+2))
                               then the reduced orders (i*(kmax+2)+1+k)    */
    double *seconds;        /* per eps                                    */
    slong *prec_used;       /* per eps (0 if skipped)                     */
    double total_seconds;   /* wall-clock time of the certification */
}
nh_conv_cert_struct;

typedef nh_conv_cert_struct nh_conv_cert_t[1];

/* Free a result filled by nh_conv_certified. */
void nh_conv_cert_clear(nh_conv_cert_t c);

/* Refuse up front what the certified part cannot do: a model outside
   the original class (time, affine constraints, one-form, force or
   damping) needs a friction block (the certified full system of
   proofs/020 (A1), nh_flow_certified NH_FLOW_FULL).  For such models the
   orders k = 0..4 have a certified reduced flow (nh_flow_certified_reduced_t
   from model time 0: k = 0 the ideal constraint dynamics from u0 + v_p,
   k >= 1 proofs/020 (A8)-(A9)).
   NH_OK or NH_ERR_MODEL with a message naming the model. */
int nh_conv_cert_check(const nh_model_struct *M, nh_error_t err);

/* Run the certified part for the study options o (point, init, lift,
   kmax, eps list, T; o->field: the row kmax is "estimate only") and the
   certified options co.  Errors: those of nh_conv_cert_check, of the
   initial data, and of the validated integrations at the precision cap
   (NH_ERR_PRECISION: enclosure too wide, message names the time and
   width; NH_ERR_DOMAIN; NH_ERR_RESOURCE), prefixed with the eps and the
   system.  On error c is cleared. */
int nh_conv_certified(nh_conv_cert_t c, const nh_model_struct *M, const nh_conv_opts_t o,
                      const nh_conv_cert_opts_t co, nh_error_t err);

/* 1 when the estimated error r->err[(i, k), NH_CONV_Q_T] lies in the
   certified ball c->err[(i, k)] widened by its estimated integration
   error r->ierr (plus 2^-50 relative for its double rounding), 0 when
   it certainly does not, -1 when there is no certified ball (status not
   OK).  The cross-check of the two independent methods. */
int nh_conv_cert_agrees(const nh_conv_cert_t c, const nh_conv_result_t r, slong i, slong k);

#endif
