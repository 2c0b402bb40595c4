/*
 * ode.h -- generic arbitrary-precision integrators (depends on core only):
 * the layers of GSL's odeiv2 (system, step, control, evolve, driver),
 * with the policy (step control, output times, step limits, the two-run
 * global error estimate) kept apart from the steppers as in CAPD.
 * The specific systems (friction, reduced, slow manifold) are in flow.h.
 * See doc/integrator.md.
 *
 *   system   a right-hand side given as a function pointer + data:
 *            nh_ode_rhs_t (y' = f(t, y)), or for Radau a second-order
 *            system q' = v, v' = f(q, v) with its Jacobians
 *            (nh_ode_field2_t, nh_ode_jac2_t) supplied by the system;
 *   step     a stepper (nh_ode_stepper_struct): one attempt of size h
 *            with its local error estimate.  Provided: Radau IIA with
 *            step doubling (nh_ode_radau_*), GBS extrapolation
 *            (_nh_ode_gbs_*), classical RK4 (nh_ode_rk4_*);
 *   control  nh_ode_control_struct: tolerances, first/maximal/minimal
 *            step, step limit, messages;
 *   evolve   nh_ode_evolve: THE adaptive loop (step choice, landing on
 *            output times, accept/reject, step limits), for every
 *            stepper; nh_ode_fixed: the fixed-step loop (m steps per
 *            output interval), nh_ode_fixed_doubling: fixed steps doubled
 *            until Richardson's estimate is below a tolerance;
 *   driver   nh_ode_drive: one run, or two runs at (rtol, atol) and
 *            (rtol, atol) * gerr_factor for the global error estimate.
 *
 * Precision semantics.  All arithmetic is Arb ball arithmetic at prec
 * bits, but the state is re-centred (radius dropped) after every step:
 * the trajectory values returned are ESTIMATES (exact midpoints, radius
 * 0), not enclosures; their accuracy is the separate global error
 * ESTIMATE of nh_ode_drive (flow.h explains the two runs).
 */
#ifndef NH_ODE_H
#define NH_ODE_H

#include "nh_arb.h"
#include "nh_error.h"

typedef struct
{
    slong prec;        /* working precision, bits (default 128) */
    double rtol, atol; /* per-step local error tolerance (estimate-based
                          step control); default 1e-24, 1e-24 */
    slong max_steps;   /* 0 = default (1000000 per run) */
    int quiet;         /* 0: progress lines on stderr for long runs;
                          default 1 (silent) */
    /* Additions (defaults set by nh_ode_opts_init): */
    slong stages;      /* Radau IIA stages s, 1..9 (default 7, order 13) */
    slong gbs_cols;    /* GBS extrapolation columns J for the reduced
                          systems, 2..16 (default 10, order 20) */
    double h0;         /* initial step (0: automatic) */
    double hmax;       /* maximal step (0: no limit) */
    double gerr_factor;/* tolerance ratio of the second run of the
                          global error estimate (default 1e-3) */
}
nh_ode_opts_struct;

typedef nh_ode_opts_struct nh_ode_opts_t[1];

/* Sensible defaults (see the field comments). */
void nh_ode_opts_init(nh_ode_opts_t o);

typedef struct
{
    slong steps, rejected, newton_iters, jac_evals, f_evals; /* counters, all runs */
    double gerr_q, gerr_v;   /* max over outputs and components of the
                                ESTIMATED global error (an estimate) */
    double seconds;          /* wall time, for benchmarks */
}
nh_ode_stats_struct;

typedef nh_ode_stats_struct nh_ode_stats_t[1];

/* All counters and times zero. */
void nh_ode_stats_init(nh_ode_stats_t st);

/* Default step limit per run. */
#define NH_ODE_DEFAULT_MAX_STEPS 1000000

/* Radau IIA coefficients with s stages (1 <= s <= 9), computed at prec:
   c (s balls, nodes, c[s-1] = 1), A (s x s), b = last row of A. */
void nh_ode_radau_coeffs(arb_ptr c, arb_mat_t A, slong s, slong prec);

/* ---- system: y' = f(t, y) (the GBS and RK4 steppers) ----------------- */

/* Field of a user ODE y' = f(t, y): dy (d balls) at time t and state y
   (d balls), at prec bits; param is passed through.  Return NH_OK or an
   NH_ERR_* code with err set (aborts the integration). */
typedef int (*nh_ode_rhs_t)(arb_ptr dy, const arb_t t, arb_srcptr y, void *param,
                            slong prec, nh_error_t err);

/* Adaptive GBS extrapolation (explicit midpoint rule, opts->gbs_cols
   columns, order 2J; the method and step control of nh_flow_reduced, flow.h) for
   y' = f(t, y), y(0) = y0 (d balls), from t = 0 to the nt output times
   (nondecreasing, >= 0; shift t inside f for another start time).
   y_out: nt*d balls, row k = y(times[k]) (ESTIMATES, radius 0); gerr:
   nt*d balls holding the ESTIMATED global error |coarse - fine| of each
   component (second run with J-1 columns at tolerance (rtol, atol); the
   returned fine run at (rtol, atol) * gerr_factor), or NULL for a single
   run.  st (may be NULL): steps, f_evals, and st->gerr_q = max of gerr.
   Not for stiff systems.  Errors: NH_ERR_USAGE (bad d, columns,
   tolerances, times), NH_ERR_RESOURCE (max_steps), NH_ERR_PRECISION
   (step underflow), or the error returned by f. */
int nh_ode_gbs(arb_ptr y_out, arb_ptr gerr, nh_ode_rhs_t f, void *param, slong d,
               arb_srcptr y0, arb_srcptr times, slong nt, const nh_ode_opts_t opts,
               nh_ode_stats_t st, nh_error_t err);


/* ---- step: the stepper interface ------------------------------------- */

/* A stepper on a state of d balls.  attempt: one step of size hh from
   (t, y) (hh exact, radius 0): y1 (d balls, re-centred), *errn the
   scaled local error estimate (the step is accepted iff *errn <= 1),
   *fac the factor for the next step size; returns NH_OK or an error
   (err set; aborts the run).  start (may be NULL): called at the initial
   point (accepted = 0) and after every accepted step at the new (t, y)
   (accepted = 1), e.g. for f(t, y) or Jacobians at the step start. */
typedef struct
{
    slong d, prec;                      /* state size (balls), working precision */
    void *ctx;                          /* the stepper's workspace, passed to start and attempt */
    int (*start)(void *ctx, const arb_t t, arb_srcptr y, int accepted, nh_error_t err); /* above */
    int (*attempt)(void *ctx, arb_ptr y1, double *errn, double *fac, const arb_t t, /* above (the step attempt) */
                   arb_srcptr y, const arb_t hh, double rtol, double atol, nh_error_t err);
}
nh_ode_stepper_struct;

/* ---- control ------------------------------------------------------------ */

/* Policy of one adaptive run.  h0: first step (> 0); hmax: maximal step
   (0: none); hmin: step size underflow threshold (NH_ERR_PRECISION when
   the proposed step falls below it); max_steps (<= 0: the default);
   quiet: 0 for progress lines "ode: LABEL t=... h=... steps=..." on
   stderr every 2 s; label names the run in messages.  fail (may be
   NULL): composes the error of a run that stops (code NH_ERR_RESOURCE:
   more than max_steps, the limit in force; NH_ERR_PRECISION: underflow)
   at time t with the proposed step h, at prec bits; NULL: "LABEL integrator: more than N steps before t =
   T" / "LABEL integrator: step size underflow at t = T". */
typedef struct
{
    double rtol, atol, h0, hmax, hmin;  /* tolerances and step sizes (above) */
    slong max_steps;                    /* above */
    int quiet;                          /* above */
    const char *label;                  /* above */
    int (*fail)(void *ctx, const void *C, int code, slong max_steps, slong prec, double t,
                double h, nh_error_t err);   /* C: the nh_ode_control_struct */
    void *fail_ctx;                     /* passed to fail as ctx */
}
nh_ode_control_struct;

/* ---- evolve ------------------------------------------------------------- */

/* The adaptive loop: from t = 0, y0 (d balls, re-centred on entry) to
   the nt output times (checked by the caller, nondecreasing, >= 0);
   y_out: nt*d balls, row k = y(times[k]).  Steps land exactly on the
   output times (_nh_ode_next_step); accepted: y = y1, h *= fac (not
   enlarged on a landing step); rejected: h = hh * fac.  st (may be NULL)
   counts steps and rejected steps. */
int nh_ode_evolve(arb_ptr y_out, const nh_ode_stepper_struct *S, const nh_ode_control_struct *C,
                  arb_srcptr y0, arb_srcptr times, slong nt, nh_ode_stats_struct *st,
                  nh_error_t err);

/* nh_ode_evolve on a state y = (q, v) of d = 2n balls given and returned
   in two parts: from (q0, v0) (n balls each) to q_out, v_out (nt*n balls
   each, row k at offset k*n). */
int nh_ode_evolve_qv(arb_ptr q_out, arb_ptr v_out, const nh_ode_stepper_struct *S,
                     const nh_ode_control_struct *C, arb_srcptr q0, arb_srcptr v0,
                     arb_srcptr times, slong nt, nh_ode_stats_struct *st, nh_error_t err);

/* The fixed-step loop: m equal steps per output interval [t_{k-1}, t_k]
   (t_{-1} = 0; h = (t_k - t_{k-1}) / m, none when h = 0), the error
   estimates of S ignored; the state is updated in place from y0 (not
   re-centred on entry); y_out: nt*d balls. */
int nh_ode_fixed(arb_ptr y_out, const nh_ode_stepper_struct *S, arb_srcptr y0,
                 arb_srcptr times, slong nt, slong m, nh_error_t err);

/* Fixed steps doubled until Richardson's estimate holds: runs with m0,
   2 m0, 4 m0, ... steps per output interval until the ESTIMATED error
   e = max |y_{2m} - y_m| / (2^order - 1) (midpoints, all outputs and
   components) is below tol or 2m reaches mmax; y_out (nt*d balls) the
   last (finer) run, *gerr = e, *steps += the steps of all runs. */
int nh_ode_fixed_doubling(arb_ptr y_out, double *gerr, slong *steps,
                          const nh_ode_stepper_struct *S, arb_srcptr y0, arb_srcptr times,
                          slong nt, slong m0, slong mmax, slong order, double tol,
                          nh_error_t err);

/* ---- driver: one run or the two-run global error estimate ---------------- */

/* The problem of a run: initial state y0 (or (q0, v0) for a state in two
   parts; v0 NULL otherwise), the nt output times, the options. */
typedef struct
{
    arb_srcptr y0, v0, times;           /* initial state (v0 or NULL), nt output times */
    slong nt;                           /* number of output times */
    const nh_ode_opts_struct *o;        /* the options */
}
nh_ode_problem_struct;

/* One run of an integrator (ctx: its workspace) on the problem P at
   tolerance (rtol, atol) writing its outputs to a (and b when the outputs
   come in two parts, e.g. q and v); coarse = 1 for the coarse run of the
   estimate (e.g. one GBS column less). */
typedef int (*nh_ode_run_t)(arb_ptr a, arb_ptr b, void *ctx, const nh_ode_problem_struct *P,
                            double rtol, double atol, int coarse, nh_error_t err);

/* When gerr_a = gerr_b = NULL: one run into (a, b).  Otherwise the
   global error ESTIMATE (o = P->o): a coarse run at (o->rtol, o->atol),
   then (sp reset) the fine run at (rtol, atol) * o->gerr_factor (1e-3 unless in
   (0, 1)) into (a, b), and gerr_a = |coarse - fine| on the len entries
   of a (resp. gerr_b on b, when b is not NULL) with their maxima in
   sp->gerr_q (resp. sp->gerr_v), by _nh_ode_gerr. */
int nh_ode_drive(arb_ptr a, arb_ptr b, arb_ptr gerr_a, arb_ptr gerr_b, slong len,
                 nh_ode_run_t run, void *ctx, const nh_ode_problem_struct *P,
                 nh_ode_stats_struct *sp, nh_error_t err);

/* ---- steppers ------------------------------------------------------------ */

/* Second-order system for Radau: q' = v, v' = f(t, q, v) (n balls
   each; issue 19: the field may depend on the time t, one ball, e.g. the
   friction system of a time-dependent model).  f: dv at (t, q, v), prec
   bits (midpoint accuracy suffices: used inside Newton).  jac: f and the
   Jacobians fq = df/dq, fv = df/dv (n x n) at (t, q, v), supplied by the
   system (df/dt is not needed: simplified Newton on the stage equations
   of one step). */
typedef int (*nh_ode_field2_t)(arb_ptr dv, const arb_t t, arb_srcptr q, arb_srcptr v,
                               void *param, slong prec, nh_error_t err);
typedef int (*nh_ode_jac2_t)(arb_ptr f, arb_mat_t fq, arb_mat_t fv, const arb_t t,
                             arb_srcptr q, arb_srcptr v, void *param, slong prec,
                             nh_error_t err);

/* Radau IIA with s stages on a second-order system (doc/integrator.md):
   the q-stages eliminated, simplified Newton with the matrix
   I - h A (x) fv - h^2 A^2 (x) fq (Jacobians at the step start; the
   matrix, its LU and the Newton corrections in double precision, the
   residuals at prec bits, so the iterates converge to the prec-bit
   solution of the stage equations), stage
   predictor from the previous step's collocation polynomial, step
   doubling for the local error (err = |y_{h/2,h/2} - y_h| / (2^s - 1),
   factor 0.9 err^(-1/(2s)) clamped to [0.2, 4]; a Newton failure
   rejects with factor 1/4). */
typedef struct
{
    slong n, s, N, prec;                /* coordinates, stages, N = n s, precision */
    nh_ode_field2_t f;                  /* the field: acceleration of (t, q, v) */
    nh_ode_jac2_t jac;                  /* its Jacobians fq, fv */
    void *param;                        /* passed to f and jac */
    arb_ptr hlu;                  /* h of the current LU (1 ball) */
    arb_ptr c;                    /* nodes */
    arb_mat_t A, A2;              /* Radau matrix and A^2 */
    arb_mat_t fq, fv;             /* Jacobians at the step start */
    arb_ptr f0;                         /* f at the step start */
    double *LU;                   /* Newton matrix (N x N, row-major) and
                                     its LU in double precision (GSL) */
    size_t *perm;                       /* the LU's permutation */
    double *rd;                   /* work: a right-hand side (N) */
    int have_lu;                        /* 1: LU is current (for hlu) */
    arb_ptr Z, dZ, R, F, Qj, Vj;  /* work */
    arb_ptr tj;                   /* stage time t0 + c_j h (1 ball) */
    nh_ode_stats_struct *st;            /* NULL or the counters to update */
    /* adaptive stepping (nh_ode_radau_stepper) */
    arb_ptr pZ, Zg, qb, vb, qm, vm;
    arb_t ph, h2;
    double *sc;
    int have_prev;
}
nh_ode_radau_struct;

/* Allocate the workspace for n coordinates and s stages (1 <= s <= 9) at
   prec bits, field f with Jacobians jac (param passed to both), st (may
   be NULL) the counters / free it. */
void nh_ode_radau_init(nh_ode_radau_struct *w, slong n, slong s, slong prec,
                       nh_ode_field2_t f, nh_ode_jac2_t jac, void *param,
                       nh_ode_stats_struct *st);
void nh_ode_radau_clear(nh_ode_radau_struct *w);

/* Jacobians at the step start (t0, q0, v0) (counts jac_evals). */
int nh_ode_radau_jacobian(nh_ode_radau_struct *w, const arb_t t0, arb_srcptr q0,
                          arb_srcptr v0, nh_error_t err);

/* One Radau IIA step of size h from (t0, q0, v0) to (q1, v1) at t0 + h
   (no aliasing; the stages at the times t0 + c_j h),
   stage guess Zguess (N = n s balls, or NULL for 0); Newton stops when
   theta/(1-theta) |dZ| (|.| scaled by sc[0..n)) < kappa, at most maxit
   iterations.  Returns 1 on convergence, 0 when Newton diverges or is
   too slow, -1 on an error of f (*mstatus = its code, err set). */
int nh_ode_radau_step(nh_ode_radau_struct *w, arb_ptr q1, arb_ptr v1, const arb_t t0,
                      arb_srcptr q0, arb_srcptr v0, const arb_t h, arb_srcptr Zguess, const double *sc,
                      double kappa, slong maxit, int *mstatus, nh_error_t err);

/* The adaptive Radau stepper (state y = (q, v), d = 2n) for nh_ode_evolve. */
void nh_ode_radau_stepper(nh_ode_stepper_struct *S, nh_ode_radau_struct *w);

/* The GBS stepper: explicit midpoint rule with J columns (n_j = 2j),
   Aitken-Neville extrapolation in (H/n_j)^2 (Hairer, Norsett, Wanner,
   Solving ODE I, Sec II.9); f(dy, t, y, param, prec, err) the field; st
   (may be NULL) counts f_evals; label names the integrator in messages
   ("GBS", "reduced k=1", ...). */
typedef struct
{
    nh_ode_rhs_t f;                     /* the field y' = f(t, y) */
    void *param;                        /* passed to f */
    slong d, prec;                      /* state size (balls), working precision */
    nh_ode_stats_struct *st;            /* NULL or the counters to update */
    const char *label;                  /* names the integrator in messages */
    slong J;             /* columns of the adaptive stepper */
    arb_ptr f0;          /* f at the step start (adaptive stepper) */
}
_nh_ode_gbs_struct;

/* One GBS step of size H from (t0, y0) with J columns: y1 = T_{J,J}
   (order 2J, recentred); *errn = scaled |T_{J,J} - T_{J,J-1}|.
   f0 = f(t0, y0) given. */
int _nh_ode_gbs_step(arb_ptr y1, double *errn, _nh_ode_gbs_struct *w, const arb_t t0,
                     arb_srcptr y0, arb_srcptr f0, const arb_t H, slong J,
                     double rtol, double atol, nh_error_t err);

/* The adaptive GBS stepper with at most J columns (S) and its control
   (C: step factor 0.9 errn^(-1/(2j-1)) clamped to [0.2, 4], j the columns
   used; first step h0, 0: 0.05; underflow below 1e-40; label w->label)
   for nh_ode_evolve; allocates w->f0, freed by
   _nh_ode_gbs_stepper_clear.  Column choice: each step forms the rows of
   the extrapolation tableau one by one and stops at the first row j >=
   min(J, NH_ODE_GBS_MIN_COLS) whose error estimate |T_{j,j} - T_{j,j-1}|
   (scaled by rtol, atol) is <= 1, else uses all J (issue 17: steps capped
   by the output times need fewer columns than J). */
#define NH_ODE_GBS_MIN_COLS 4
void _nh_ode_gbs_stepper(nh_ode_stepper_struct *S, nh_ode_control_struct *C,
                         _nh_ode_gbs_struct *w, double rtol, double atol, slong J,
                         slong max_steps, double h0, double hmax, int quiet);
void _nh_ode_gbs_stepper_clear(_nh_ode_gbs_struct *w);

/* Adaptive GBS run from t = 0, y0 (d balls) to the nt output times
   (nh_ode_evolve with the GBS stepper); y_out: nt*d balls.  Step control:
   factor 0.9 errn^(-1/(2J-1)) clamped to [0.2, 4]; first step h0 (0:
   0.05); underflow below 1e-40. */
int _nh_ode_gbs_run(arb_ptr y_out, _nh_ode_gbs_struct *w, arb_srcptr y0, arb_srcptr times,
                    slong nt, double rtol, double atol, slong J, slong max_steps,
                    double h0, double hmax, int quiet, nh_error_t err);

/* Classical Runge-Kutta 4 (order 4) on y' = f(t, y), d balls; the step
   is re-centred, errn = 0 and fac = 1 (no local error estimate: use it
   with nh_ode_fixed / nh_ode_fixed_doubling).  st (may be NULL) counts
   f_evals. */
typedef struct
{
    nh_ode_rhs_t f;                     /* the field y' = f(t, y) */
    void *param;                        /* passed to f */
    slong d, prec;                      /* state size (balls), working precision */
    arb_ptr k, z;        /* 4 d stage slopes, d stage point */
    nh_ode_stats_struct *st;            /* NULL or the counters to update */
}
nh_ode_rk4_struct;

/* Allocate / free the workspace; nh_ode_rk4_stepper fills S with the
   stepper of w (its attempt is nh_ode_rk4_attempt: one RK4 step of size
   hh from (t, y), *errn = 0, *fac = 1, rtol and atol unused). */
void nh_ode_rk4_init(nh_ode_rk4_struct *w, nh_ode_rhs_t f, void *param, slong d, slong prec,
                     nh_ode_stats_struct *st);
void nh_ode_rk4_clear(nh_ode_rk4_struct *w);
void nh_ode_rk4_stepper(nh_ode_stepper_struct *S, nh_ode_rk4_struct *w);
int nh_ode_rk4_attempt(void *ctx, arb_ptr y1, double *errn, double *fac, const arb_t t,
                       arb_srcptr y, const arb_t hh, double rtol, double atol, nh_error_t err);

/* ---- trajectory workspace ------------------------------------------------ */

/* The outputs of a run: q, v (nt*n balls each, row t at offset t*n) and,
   when asked for, their global error estimates gq, gv (nt*n balls each;
   NULL without).  Passed as (T->q, T->v, T->gq, T->gv) to nh_flow_full,
   nh_flow_reduced (flow.h), nh_conv_field_integrate, ... */
typedef struct
{
    arb_ptr q, v, gq, gv;   /* outputs and error estimates (above)   */
    slong nt, n;            /* output times, coordinates             */
}
nh_ode_traj_struct;

typedef nh_ode_traj_struct nh_ode_traj_t[1];

/* Allocate (zero) q, v and, if with_gerr, gq, gv (else NULL) / free. */
void nh_ode_traj_init(nh_ode_traj_t T, slong nt, slong n, int with_gerr);
void nh_ode_traj_clear(nh_ode_traj_t T);

/* ---- small shared helpers --------------------------------------------------- */

/* Wall clock in seconds (monotonic). */
double _nh_ode_wall(void);

/* Drop the radii of n balls (the state of an estimate-based integrator
   is a point; see "Precision semantics"). */
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

/* Check the tolerances of o (rtol >= 0, atol > 0), then the output times. */
int _nh_ode_check_tol_times(const nh_ode_opts_struct *o, arb_srcptr times, slong nt,
                            nh_error_t err);

/* The next step of an adaptive integrator from time t towards the output
   time tk: rem = tk - t.  Returns -1 when tk is reached (mid(rem) <= 0).
   Otherwise clamps the proposed step *h (a double) to hmax when hmax > 0,
   and sets hh = rem (landing on tk, returns 1) when mid(rem) <= 1.01 *h,
   else hh = *h (returns 0); hh has zero radius. */
int _nh_ode_next_step(arb_t hh, arb_t rem, const arb_t tk, const arb_t t, double *h,
                      double hmax, slong prec);

/* The global error estimate of a run from its two passes (coarse qc, vc
   and refined q, v, each len entries; see gerr_factor): when gerr_q
   (resp. gerr_v) is not NULL it receives |qc - q| (resp. |vc - v|)
   componentwise via _nh_ode_absdiff and sp->gerr_q (resp. sp->gerr_v) its
   maximum. */
void _nh_ode_gerr(arb_ptr gerr_q, arb_ptr gerr_v, nh_ode_stats_t sp, arb_srcptr qc,
                  arb_srcptr vc, arb_srcptr q, arb_srcptr v, slong len, slong prec);

#endif
