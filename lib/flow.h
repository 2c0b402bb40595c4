/*
 * flow.h -- the flows of the mechanical systems, integrated on the
 * generic layers of ode.h: the full friction system (paper 000 eqs
 * (39)-(40)) and the reduced systems of order k (paper 000 (69)-(71),
 * nh_reduced_field in series.h), the lift to D_eps and the points of the
 * true slow manifold.  See doc/integrator.md.
 *
 * Methods.
 *   Full system (stiff, rate ~ 1/eps): Radau IIA collocation with s
 *   stages (order 2s-1, stage order s, L-stable; nh_ode_radau_* in
 *   ode.h), nodes = roots of P_s(2c-1) - P_{s-1}(2c-1) and weights
 *   computed in Arb at the working precision; stage equations solved by
 *   simplified Newton with the Jacobian taken from jets (first-order jet
 *   coefficients of the geometry, no finite differences).  The q-stages
 *   are eliminated (q-dot = v is linear), so each Newton solve is
 *   n*s x n*s.
 *   Reduced systems (not stiff): Gragg-Bulirsch-Stoer extrapolation of
 *   the explicit midpoint rule (order 2*J with J extrapolation columns;
 *   _nh_ode_gbs_* in ode.h), the field evaluated by nh_reduced_field
 *   with h^(j) from nh_series_time at every evaluation point.
 *   Both: adaptive steps (nh_ode_evolve), local error estimated by step
 *   doubling (Radau) or by the extrapolation tableau (GBS), steps land
 *   exactly on the requested output times.
 *
 * Precision semantics.  All arithmetic is Arb ball arithmetic at
 * opts->prec bits, but the state is re-centred (radius dropped) after
 * every step: the trajectory values returned are ESTIMATES (exact
 * midpoints, radius 0), not enclosures.  Their accuracy is described by
 * the separate global error ESTIMATE gerr_q, gerr_v (nh_ode_drive): the
 * integration is run twice, at tolerance (rtol, atol) and at (rtol,
 * atol) * gerr_factor (default 1/1000; for the reduced systems the coarse
 * run also uses one extrapolation column less, so that the two runs
 * never coincide step for step), the finer solution is returned and
 * |coarse - fine| is the estimate (conservative when the error scales at
 * least linearly with the tolerance; doc/integrator.md explains how the
 * estimate is checked by the tests).  When gerr_q = gerr_v = NULL only
 * one run is made.
 *
 * Shapes: n = nh_model_n(M); q0, v0, vD0 n balls; times nt balls
 * (nondecreasing, >= 0, exact or nearly so); q_out, v_out, gerr_q,
 * gerr_v nt*n balls, row t at offset t*n.  eps: a positive ball (a time,
 * the friction scale of paper 000 eq (39)).
 *
 * Errors: NH_OK; NH_ERR_USAGE (bad times / options); NH_ERR_MODEL
 * (degenerate geometry along the trajectory, message from geom);
 * NH_ERR_RESOURCE (max_steps exceeded; message names the time
 * reached); NH_ERR_PRECISION (step size underflow: Newton failures or
 * error test failures down to h < 1e-40 max(1, eps), typically a
 * tolerance too tight for the precision; message names the time).
 *
 * Cost (measured, doc/integrator.md): vertical disk, T = 2, 128 bits,
 * with the global error estimate: eps = 1e-2, tol 1e-20: 0.7 s;
 * eps = 1e-5, tol 1e-22: ~4 s (initial layer included).  The step count
 * is essentially independent of eps (L-stability).
 */
#ifndef NH_FLOW_H
#define NH_FLOW_H

#include "ode.h"
#include "series.h"

/* Full friction system, paper 000 eqs (39)-(40): qdot = v,
   vdot = -Gamma(v,v) - grad V - (1/eps) FR_sharp v.  From (q0, v0) at
   t = 0 to the nt output times times[0..nt) (nondecreasing, >= 0).
   Models with time, affine constraints (dt terms), a one-form, a force
   or damping (issue 19, proofs/020 (A1)): G vdot = f(q, v, t) - (1/eps)
   A^T mu_bar (A v + b), f the Lagrangian force with the t-derivatives of
   G and Delta (nh_flow_taylor_rhs, NH_FLOW_NH), the field evaluated at
   the model time t (the integration starts at model time 0), Jacobians
   from jets (flow/flow_field_t.c).
   q_out, v_out: nt*n balls (row t = output t; estimates, radius 0);
   gerr_q, gerr_v: nt*n balls holding the ESTIMATED global error of each
   component (an estimate, not an enclosure; may be NULL: then a single
   run).  st may be NULL.  Errors: NH_ERR_* with message. */
int nh_flow_full(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
                const nh_model_struct *M, const arb_t eps,
                arb_srcptr q0, arb_srcptr v0, arb_srcptr times, slong nt,
                const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err);

/* nh_flow_full from the model time tstart (one ball, NULL: 0; issue 19:
   only time-dependent models feel it): the field is evaluated at model
   time tstart + s, the output times are the durations s >= 0 from the
   start. */
int nh_flow_full_from(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
                      const nh_model_struct *M, const arb_t eps, const arb_struct *tstart,
                      arb_srcptr q0, arb_srcptr v0, arb_srcptr times, slong nt,
                      const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err);

/* Order-k reduced system in (q, vD) (paper 000 (69)-(71);
   nh_reduced_field in lib/series.h), k >= 0, vD0 in D(q0) (callers use
   nh_project_D).  Outputs q and v = vD + sum_{j=1}^{k} eps^j h^(j)(q, vD),
   so they compare directly with nh_flow_full.  Shapes, estimates and
   errors as for nh_flow_full.  Time-dependent or affine models (issue
   19, proofs/020 (A2)-(A6)): the state is (q, u), u in D(q, t) (vD0 in
   D(q0, 0): callers use nh_project_D_t at t = 0), the field that of
   nh_reduced_field_t at the model time t with h^(j) from
   nh_series_time_t, and the outputs v = u + v_p(q, t) + sum_{j=1}^{k}
   eps^j h^(j)(q, t, u) (nh_flow_lift_t); errors of the series (the
   constraints losing rank along the trajectory: NH_ERR_MODEL naming the
   time) stop the run. */
int nh_flow_reduced(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
                   const nh_model_struct *M, slong k, const arb_t eps,
                   arb_srcptr q0, arb_srcptr vD0, arb_srcptr times, slong nt,
                   const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err);

/* nh_flow_reduced from the model time tstart (one ball; NULL: 0; issue
   19: only time-dependent models feel it): vD0 in D(q0, tstart), the
   field and the lift at model time tstart + s, the output times are the
   durations s >= 0 from the start (as nh_flow_full_from). */
int nh_flow_reduced_from(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
                         const nh_model_struct *M, slong k, const arb_t eps,
                         const arb_struct *tstart, arb_srcptr q0, arb_srcptr vD0,
                         arb_srcptr times, slong nt, const nh_ode_opts_t opts,
                         nh_ode_stats_t st, nh_error_t err);

/* Lift a point of D to the order-K approximation of D_eps (paper 000
   eq (66) truncated): v = vD + sum_{j=1}^{K} eps^j h^(j)(q, vD) (n
   balls; K = 0 gives v = vD).  h^(j) from nh_series_time (certified
   balls: the lift is an enclosure of the truncated sum). */
int nh_flow_lift(arb_ptr v, const nh_model_struct *M, arb_srcptr q, arb_srcptr vD,
                slong K, const arb_t eps, slong prec, nh_error_t err);

/* The lift at model time t for any model (issue 19, proofs/020 (A2)):
   v = vD + v_p(q, t) + sum_{j=1}^{K} eps^j h^(j)(q, t, vD), v_p and
   h^(j) from nh_project_D_t and nh_series_time_t (certified balls; vD in
   D(q, t), n balls; t one ball).  Linear autonomous models: nh_flow_lift
   (t unused).  K = 0 gives the point vD + v_p of the ideal constraint
   set.  Errors: those of nh_project_D_t and nh_series_time_t. */
int nh_flow_lift_t(arb_ptr v, const nh_model_struct *M, arb_srcptr q, const arb_t t,
                   arb_srcptr vD, slong K, const arb_t eps, slong prec, nh_error_t err);

/* ---- lower-level entry points (tests, order studies) ---------------- */

/* Full field and its Jacobians at (q, v) from jets (paper 000 (39)-(40)
   differentiated: geometry at jet order 2 so that Gamma and grad V are
   exact to first order):
     f   = -Gamma(v,v) - grad V - (1/eps) FR_sharp v      (n balls)
     fq  = df/dq  (n x n, may be NULL),  fv = df/dv (n x n, may be NULL).
   Certified balls at prec. */
int nh_flow_full_jacobian(arb_ptr f, arb_mat_t fq, arb_mat_t fv,
                         const nh_model_struct *M, const arb_t eps,
                         arb_srcptr q, arb_srcptr v, slong prec, nh_error_t err);

/* Fixed-step integration, nsteps equal steps from 0 to T, no error
   control (order-of-convergence tests).  Full system with s-stage Radau
   IIA (q, v: in = initial, out = final, n balls each). */
int nh_flow_full_fixed(arb_ptr q, arb_ptr v, const nh_model_struct *M,
                      const arb_t eps, const arb_t T, slong nsteps, slong s,
                      slong prec, nh_error_t err);

/* Fixed-step reduced system of order k with GBS of J columns (q, vD in
   and out). */
int nh_flow_reduced_fixed(arb_ptr q, arb_ptr vD, const nh_model_struct *M,
                         slong k, const arb_t eps, const arb_t T, slong nsteps,
                         slong J, slong prec, nh_error_t err);

/* ---- points of the true slow manifold (nhoracle slowmanifold) ------- */

typedef struct
{
    double tau;        /* integration time of the shooting (relaxation) */
    double lambda_lb;  /* lower bound of the smallest eigenvalue of
                          FR_sharp on D_perp at q (1 / trace (mu_bar S)^-1) */
    slong iters;       /* Broyden iterations */
    double resid;      /* final shooting residual (max norm) */
    double gerr;       /* ESTIMATED error of w: integration (two tolerances)
                          + shooting residual + transient remnant */
    double remnant;    /* a-priori transient remnant exp(-lambda tau/eps) |v|^2 eps */
    slong steps;       /* integrator steps, all runs */
    double seconds;    /* wall-clock time, all runs */
}
nh_flow_slow_info_struct;

typedef nh_flow_slow_info_struct nh_flow_slow_info_t[1];

/* A point of the TRUE slow manifold D_eps over a given point of D,
   computed without the series: find a start (q_s, v_s), v_s in D(q_s),
   such that the full system (39)-(40) integrated over tau lands at
   (q_e, v_e) with q_e = q and P(q_e) v_e = vD.  tau = (eps / lambda_lb)
   (ln(1/atol) + ln(1 + |vD|^2)) / 0.8 is long enough for the fast
   transient (rate >= lambda_lb / eps) started on D to decay below the
   integration tolerance, so (q_e, v_e) lies on D_eps to that accuracy.
   The shooting equations (2n: the end point and a P_perp(q_s) gauge on
   the start velocity, see doc/integrator.md) are solved by Broyden's
   method from the identity (the start-to-end map is the slow flow over
   the short time tau, close to the identity).  Output w = P_perp(q_e) v_e
   (n balls, an ESTIMATE of h_eps(q, vD) = sum eps^k h^(k)(q, vD); its
   estimated error is info->gerr).  qs, vs (n balls each, may be NULL):
   the start point found.  vD must lie in D(q).  opts as for nh_flow_full
   (the shooting runs at (rtol, atol), the final run adds the global
   error estimate).  Errors as nh_flow_full, plus NH_ERR_PRECISION when
   the shooting does not converge in 40 iterations. */
int nh_flow_slow_point(arb_ptr w, arb_ptr qs, arb_ptr vs, const nh_model_struct *M,
                      const arb_t eps, arb_srcptr q, arb_srcptr vD,
                      const nh_ode_opts_t opts, nh_flow_slow_info_t info, nh_error_t err);

/* nh_flow_slow_point at the model time t0 for a time-dependent or
   affine model (issue 19, proofs/020; t0 one ball; NULL or a linear
   autonomous model: nh_flow_slow_point).  The slow manifold is then a
   time-dependent graph H = h_eps(q, t, vD) over the affine bundle
   {vD + v_p}: the shooting starts at model time t0 - tau on the
   constraint set (v_s = P(q_s, t0 - tau) w_s + v_p(q_s, t0 - tau)) and
   ends at t0 (nh_flow_full_from), with q_e = q and P(q_e, t0) v_e = vD;
   w = v_e - vD - v_p(q, t0), an ESTIMATE of h_eps(q, t0, vD) (compare with
   nh_series_time_t); vs (if not NULL) the start velocity, at t0 - tau.
   Errors as nh_flow_slow_point; the constraints degenerate at some
   time of [t0 - tau, t0]: NH_ERR_MODEL naming it. */
int nh_flow_slow_point_t(arb_ptr w, arb_ptr qs, arb_ptr vs, const nh_model_struct *M,
                         const arb_t eps, arb_srcptr q, const arb_struct *t0, arb_srcptr vD,
                         const nh_ode_opts_t opts, nh_flow_slow_info_t info, nh_error_t err);

/* The order-K truncation residual at a slow-manifold point (paper 000
   eq (66)): S = w - sum_{i=1}^{K} eps^i h^(i) (n balls; h: K*n balls,
   h^(i) at offset (i-1)*n, e.g. from nh_series_time; eps^i by repeated
   multiplication at prec).  With w from nh_flow_slow_point (an ESTIMATE)
   S is an ESTIMATE of the series remainder; K = 0 gives S = w. */
void nh_flow_slow_residual(arb_ptr S, arb_srcptr w, arb_srcptr h, slong K, const arb_t eps,
                          slong n, slong prec);

/* eps-Taylor coefficients of slow-manifold points by interpolation: c
   (N*n balls, c_k at offset (k-1)*n) with sum_{k=1}^{N} c_k eps_j^k =
   w_j for j < N (w: N*n balls, row j the point at eps_j, e.g. from
   nh_flow_slow_point; no constant term since h_eps = 0 at eps = 0).  The
   eps-Vandermonde system is solved by arb_mat_approx_solve at prec: c is
   an ESTIMATE of h^(k) (compare with nh_series_time).  Returns 1, or 0
   when the system is singular (c then unspecified). */
int nh_flow_slow_taylor(arb_ptr c, arb_srcptr eps, arb_srcptr w, slong N, slong n, slong prec);

/* ---- certified trajectories (issue 14; lib/taylor.h) ----------------- */

#include "taylor.h"

/* The systems integrated by nh_flow_certified. */
#define NH_FLOW_NH   0   /* nonholonomic dynamics (Lagrange-d'Alembert)   */
#define NH_FLOW_FULL 1   /* full friction system at eps, 000 (39)-(40)    */
#define NH_FLOW_REDUCED 2 /* order-k reduced system at eps, state (q, vD),
                            000 (69)-(71) (nh_flow_taylor_init_reduced)  */
#define NH_FLOW_FULL_ADAPTED 3 /* the full system in the adapted coordinates
                            z = (q, s, w) of nh_flow_taylor_init_adapted
                            (issue 33 item 2)                            */

/* Largest order k of the certified reduced system (the cost of one field
   evaluation grows like k binomial(k+4, 4) times the nonholonomic one,
   doc/flow.md; the bound keeps the jets' tables within memory). */
#define NH_FLOW_REDUCED_MAX_ORDER 4

/* Right-hand side of a system on jets, for nh_taylor_integrate.  State
   x = (q, v), 2n jets.  The model is evaluated on q + z, t0 + s + z_t
   in a context extended by n + 1 variables z (cap 1), so that the
   partial derivatives d_l G, d_l V, d_l A, ... along the series come from
   jets (no differences).  With L = 1/2 G(v,v) + Delta(v) - V
   (003 Sec 3.2; doc/nonholonomic.md Route 1), force F - C v:
     f_l = 1/2 d_l G_jk v^j v^k + d_l Delta_j v^j - d_l V
           - d_j G_lk v^j v^k - d_t G_lk v^k - d_j Delta_l v^j - d_t Delta_l
           + F_l - C_lk v^k;
   NH_FLOW_FULL (000 (39)-(40) in Lagrangian form): G a = f - (1/eps)
   A^T mu_bar A v; for time-dependent affine models (issue 19,
   proofs/020 (A1)) G a = f - (1/eps) A^T mu_bar (A v + b), b the dt
   coefficients of the constraints, everything at (q, t0 + s);
   NH_FLOW_NH (all models; affine time-dependent constraints
   A(q,t) v + b(q,t) = 0, 004 eq (1)): G a = f + A^T lambda with
   A a + (d_k A v^k + d_t A) v + d_k b v^k + d_t b = 0 (001 eq (4),
   003 eq (2.6)), the saddle system solved by jet_mat_solve.
   Output: (v, a).
   NH_FLOW_REDUCED (order k = S->order, linear autonomous models): state
   x = (q, vD), vD in D(q); with h = sum_{j=1}^{k} eps^j h^(j)(q, vD)
   (000 eq (66)) written h = G^{-1} A^T sigma, v = vD + h, the field of
   nh_reduced_field (000 (69)-(71)), qdot = v, vDdot = (dP[v]) v + P F(q, v),
   in the equivalent saddle form (doc/flow.md, "The reduced systems"):
     G vDdot = f(q, v) + dG[v] h - dA[v]^T sigma + A^T mu,
     A vDdot = -dA[v] vD,
   with dG[v] = sum_l v^l d_l G, dA[v] = sum_l v^l d_l A.  h^(j) and
   sigma^(j) on jets by nh_flow_taylor_section.  Output: (v, vDdot). */
typedef struct
{
    const nh_model_struct *M; /* the model (not owned)                 */
    int system;         /* NH_FLOW_FULL, NH_FLOW_REDUCED, ...          */
    arb_t eps;          /* the friction parameter eps (a time)         */
    slong n, m;         /* coordinates, constraints                    */
    slong order;        /* k of NH_FLOW_REDUCED (0 otherwise)         */
    void *cache;        /* private: extended contexts per jet context */
    void *rcache;       /* private: contexts of the reduced field     */
    slong *perm;        /* NH_FLOW_FULL_ADAPTED: n indices, the n - m
                           coordinates S kept as s = v_S, then the m
                           others F (A_F invertible); NULL otherwise   */
}
nh_flow_taylor_struct;

typedef nh_flow_taylor_struct nh_flow_taylor_t[1];

/* S for system `system` of model M at eps (copied) / free it. */
void nh_flow_taylor_init(nh_flow_taylor_t S, const nh_model_struct *M, int system,
                         const arb_t eps);
void nh_flow_taylor_clear(nh_flow_taylor_t S);
/* S for NH_FLOW_REDUCED of order 0 <= k <= NH_FLOW_REDUCED_MAX_ORDER
   (checked by nh_flow_certified_reduced, not here). */
void nh_flow_taylor_init_reduced(nh_flow_taylor_t S, const nh_model_struct *M, slong k,
                                 const arb_t eps);

/* The slow-manifold terms along a series, for a linear autonomous model:
   h (K*n jets in ctx, h^(j) at offset (j-1)*n jets) and sigma (K*m jets,
   may be NULL) with h^(j) = G^{-1} A^T sigma^(j), evaluated at
   (q, vD) = the 2n jets x in ctx (the caller's context; vD in D(q)),
   1 <= K <= NH_FLOW_REDUCED_MAX_ORDER.  Exact jets (up to total degree
   ord) of h^(j)(q(.), vD(.)) of paper 000 eq (66): the time route (000 eq
   (60)) as series in (t, eps) along the slow trajectory through each
   point, in the context ctx x (t, eps) (cap K), written with
   rho = A h_eps:
     q = q0 + int v,  v = u + h_eps,  u = vD + int a  (a: the saddle form
     of NH_FLOW_REDUCED above),
     rho = eps mu_bar^{-1} S^{-1} (dA[v] v + A G^{-1} f(q, v) - drho/dt),
     S = A G^{-1} A^T,  h_eps = G^{-1} A^T S^{-1} rho;
   2K fixed-point passes (each fixes one more weight i + 2j of t^i eps^j)
   and h^(j) = [t^0 eps^j] h_eps.  For K = 1 and direct = 1 the closed
   form h^(1) = G^{-1} A^T sigma^(1), sigma^(1) = S^{-1} mu_bar^{-1} S^{-1}
   (dA[vD] vD + A G^{-1} f(q, vD)) (= Q B0 of 000 eq (67), with B0 of
   lib/series/series_time.c) is used instead, in ctx itself.  S: any
   nh_flow_taylor_t of the model (its cache is used).  Errors: NH_ERR_USAGE
   (K, model class), NH_ERR_DOMAIN (G, S or mu_bar not certified
   invertible along the series), errors of the model evaluation. */
int nh_flow_taylor_section(arb_ptr h, arb_ptr sigma, nh_flow_taylor_struct *S,
                           arb_srcptr x, slong K, int direct, slong ord,
                           const jet_ctx_t ctx, slong prec, nh_error_t err);
/* The full system in the adapted coordinates z = (q, s, w), 2n
   components: s = v_S (n - m), w = A(q, t) v + b(q, t) (m; b = 0 for
   linear constraints), with perm (n indices: S, then the m others F, A_F
   invertible; from nh_flow_adapted_perm) copied into S (flow_adapted.c;
   issue 33 item 2, doc/flow.md "Stiff flows through the slow manifold").
   The field (nh_flow_taylor_rhs; the model at time t0 + s): q' = v,
   s' = (v')_S, w' = dA[v] v + (d_t A) v + A v' + db[v] + d_t b, with
   v_F = A_F^{-1} (w - b - A_S s) and G v' = f - (1/eps) A^T mu_bar w (000
   (39)-(40), proofs/020 (A1)); the friction enters only through w.
   NH_ERR_DOMAIN when A_F or G is not certified invertible along the
   jets. */
void nh_flow_taylor_init_adapted(nh_flow_taylor_t S, const nh_model_struct *M, const arb_t eps,
                                 const slong *perm);
/* perm (n indices) for the adapted coordinates at (q, t) (n balls; t
   NULL: 0): F = the pivot columns of Gaussian elimination with complete
   pivoting on mid A(q, t), S the others, each in increasing order of
   choice.  NH_ERR_MODEL when A(q, t) has no m nonzero pivots. */
int nh_flow_adapted_perm(slong *perm, const nh_model_struct *M, arb_srcptr q, const arb_struct *t,
                         slong prec, nh_error_t err);
/* z (2n balls) = (q, v_S, A(q, t) v + b(q, t)) at the ball point (q, v)
   and time t (a ball; NULL: 0) / back: q, v (n balls each) from z,
   v_F = A_F^{-1} (w - b - A_S s) in ball arithmetic (NH_ERR_DOMAIN when
   A_F is not certified invertible).  S from nh_flow_taylor_init_adapted. */
int nh_flow_adapted_from_qv(arb_ptr z, nh_flow_taylor_struct *S, arb_srcptr q, arb_srcptr v,
                            const arb_struct *t, slong prec, nh_error_t err);
int nh_flow_adapted_to_qv(arb_ptr q, arb_ptr v, nh_flow_taylor_struct *S, arb_srcptr z,
                          const arb_struct *t, slong prec, nh_error_t err);

/* The nh_taylor_rhs_fn; data = an nh_flow_taylor_struct *. */
int nh_flow_taylor_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord,
                       const jet_ctx_t ctx, void *data, slong prec, nh_error_t err);

/* Certified trajectory of a system from (q0, v0) at t0 = 0 to the
   output times times[0..nt) (nondecreasing, >= 0; balls allowed): q_out,
   v_out nt*n balls (row j at offset j*n) that contain the exact
   solution.  NH_FLOW_NH: v0 must satisfy the constraints (checked:
   NH_ERR_DOMAIN if A v0 + b certainly != 0; callers complete the
   velocity first); NH_FLOW_FULL: eps > 0 (NH_ERR_USAGE), opts->stiff
   is set (the higher default order of nh_taylor_order); a model that is
   not linear autonomous (time, affine constraints; issue 19) must pass
   nh_geom_check_point_time at (q0, t = 0): a friction block, G and
   mu_bar SPD, A of rank m, no oneform / force / damping (NH_ERR_MODEL
   naming the quantity, the point and t = 0; NH_ERR_DOMAIN when not
   decided at prec).  Errors of nh_taylor_integrate
   (NH_ERR_PRECISION: width above opts->max_width, message names the
   time reached and the width; NH_ERR_DOMAIN: a singularity of the model
   ahead) and of the model evaluation. */
int nh_flow_certified(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M, int system,
                      const arb_t eps, arb_srcptr q0, arb_srcptr v0, arb_srcptr times,
                      slong nt, const nh_taylor_opts_t opts, nh_taylor_stats_t st,
                      slong prec, nh_error_t err);

/* The certified first variation of the flow (issue 21): the trajectory
   of nh_flow_certified and, integrated together with it as ONE system
   by the same validated integrator (flow/flow_variation.c), the
   variational equation Y' = D_x f(x) Y, Y(0) = Y0, whose solution is
   Y(t) = D_x0 phi^t(x0) Y0, phi^t the flow of x = (q, v).  D_x f on jets
   (forward mode: f at x + sum_c z_c Y_c in the caller's context
   extended by d variables z of cap 1), no finite differences.
   Y0: 2n x d balls, row-major (rows q^0..q^{n-1}, v^0..v^{n-1}, column
   c = one initial direction); Y_out: nt*2n*d balls, the block of output
   time j at offset j*2n*d, in Y0's layout.  With Y0 = the 2n x 2n
   identity Y_out is the Jacobian of the time-t flow map.  Enclosures:
   for every x0 in (q0, v0) and every Y0 in its balls, Y(t) lies in
   Y_out.  NH_FLOW_NH: the field is the Lagrange-d'Alembert field with
   its multipliers solved at every velocity (the extension off the
   constraint set of flow.h); the directions that matter for the
   constrained flow are the tangent ones (dq, dv) with
   A dv + (dA[dq]) v = 0 (e.g. dq = 0, dv in D(q0): T_v exp^nh_q,
   002 Sec 6).  q_out, v_out: as nh_flow_certified (the same enclosures
   up to the integrator's steps: the augmented system has its own step
   sizes, so the balls are not byte-identical to nh_flow_certified's).
   Systems NH_FLOW_NH and NH_FLOW_FULL (NH_ERR_USAGE otherwise or for
   d < 1); other errors as nh_flow_certified.  Cost: the state has
   2n (1 + d) components, every field evaluation runs on jets with d
   more variables (doc/flow.md, "The first variation"). */
int nh_flow_certified_variation(arb_ptr q_out, arb_ptr v_out, arb_ptr Y_out,
                                const nh_model_struct *M, int system, const arb_t eps,
                                arb_srcptr q0, arb_srcptr v0, arb_srcptr Y0, slong d,
                                arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                                nh_taylor_stats_t st, slong prec, nh_error_t err);
/* The certified parallel transport of 002 Sec 6 along the nonholonomic
   trajectory (issue 21, flow/flow_transport.c): c(t) = q(t) with c' =
   v(t) in D (NH_FLOW_NH from (q0, v0)), the parallel transport W(t) of
   each column w_c of W0 (in D^g(q0), the G-orthogonal complement of D)
   by the connection nabla-bar of 002 Sec 6, and I_c(t) = h(t)(W_c(t)),
   h the one-form of 002 Sec 6 with nabla-bar_c' h = lambda(t), h(0) = 0,
   all integrated as ONE system by the validated integrator.  Equations
   (own coordinate form of 002 Sec 6's frame equations W'^i = -R^i_aj
   V^a W^j, h_i' = R^j_ai V^a h_j + lambda_i; derivation in the source
   file and doc/flow.md):
     W' = (d_c' Q) W - (d_W Q) c',  Q = P_perp (000 eq (79)),
     I' = rho(W),  rho = G a - f = A^T lambda, the Lagrange-d'Alembert
                   reaction (NH_FLOW_NH above; 002's lambda_i = rho(X_i)),
   d_X Q from G, A on jets at q + z_0 v + sum_c z_c W_c (no differences).
   Then 002 Prop 8's quantity is ghat(c'(t), W_c(t)) + I_c(t) (for any
   metric ghat, evaluated by the caller).
   Shapes: q0, v0 n balls (v0 in D(q0), checked as by nh_flow_certified);
   W0 n x d balls, row-major (column c = w_c), each column in D^g(q0)
   (checked: NH_ERR_DOMAIN when P(q0) W0 certainly != 0), d >= 1, or
   NULL: the basis w_nu = G^-1 A^T e_nu (q0) of D^g (the X_{p+nu} of
   nh_dyn_frame), d = m (NH_ERR_USAGE otherwise; a time 0 among the
   times returns it); times
   nt output times as for nh_flow_certified; q_out, v_out nt*n balls,
   W_out nt*n*d (block j at offset j*n*d, W0's layout), I_out nt*d.
   Enclosures: for every start in the balls the exact values lie in the
   outputs; all arithmetic at prec bits.  Linear autonomous models only
   (002 is purely kinetic; NH_ERR_USAGE otherwise or for d < 1); other
   errors as nh_flow_certified.  Cost: state 2n + n d + d components,
   two model evaluations per field evaluation (one in the integrator's
   context extended by 1 + d variables). */
int nh_flow_certified_transport(arb_ptr q_out, arb_ptr v_out, arb_ptr W_out, arb_ptr I_out,
                                const nh_model_struct *M, arb_srcptr q0, arb_srcptr v0,
                                arb_srcptr W0, slong d, arb_srcptr times, slong nt,
                                const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                                nh_error_t err);
/* The right-hand side of nh_flow_certified_transport at one point (for
   tests: compare with 002 Sec 6's frame form W'^i = -R^i_aj V^a W^j,
   nh_dyn_frame): dW (n x d, W's layout) = (d_v Q) W - (d_W Q) v, dI (d) =
   rho(W_c) at (q, v) (n balls each; v in D(q) for the nonholonomic
   meaning; the multipliers are solved at any v), W (n x d balls).
   Enclosures at prec.  Errors as nh_flow_certified_transport (no start
   checks). */
int nh_flow_transport_field(arb_ptr dW, arb_ptr dI, const nh_model_struct *M, arb_srcptr q,
                            arb_srcptr v, arb_srcptr W, slong d, slong prec, nh_error_t err);
/* nh_flow_certified from the model time tstart (one ball; NULL: 0) for
   time-dependent models (issue 19): the start checks at (q0, tstart),
   the field at model time t, and times[0..nt) are MODEL times >=
   tstart (not durations).  Same outputs and errors. */
int nh_flow_certified_from(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M, int system,
                           const arb_t eps, const arb_struct *tstart, arb_srcptr q0,
                           arb_srcptr v0, arb_srcptr times, slong nt,
                           const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                           nh_error_t err);

/* Certified trajectory of the order-k reduced system (NH_FLOW_REDUCED;
   paper 000 (69)-(71)) from (q0, vD0) at t = 0, vD0 in D(q0) (checked:
   NH_ERR_DOMAIN if A vD0 is certainly nonzero), to the output times
   times[0..nt): q_out, v_out nt*n balls that contain q(t) and v(t) =
   vD(t) + sum_{j=1}^{k} eps^j h^(j)(q(t), vD(t)) (the lift at the
   enclosed state by nh_flow_lift, so they compare with NH_FLOW_FULL).
   k = 0: the nonholonomic dynamics (NH_FLOW_NH, any model, vD0 a
   velocity satisfying the constraints at t = 0; eps unused, may be
   NULL); 1 <= k <= NH_FLOW_REDUCED_MAX_ORDER: eps > 0 (NH_ERR_USAGE);
   models that are not linear autonomous: nh_flow_certified_reduced_t
   from t0 = 0 (vD0 = u0 in D(q0, 0)); k outside
   0..NH_FLOW_REDUCED_MAX_ORDER: NH_ERR_USAGE.  opts, st, prec and the
   other errors as for nh_flow_certified. */
int nh_flow_certified_reduced(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                              slong k, const arb_t eps, arb_srcptr q0, arb_srcptr vD0,
                              arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                              nh_taylor_stats_t st, slong prec, nh_error_t err);

/* Certified trajectory of the order-k reduced system of a time-dependent
   or affine model (issue 19; proofs/020 (A2)-(A6) and "The certified
   reduced systems"), from the model time t0 = tstart (one ball; NULL: 0):
   state (q, u), u0 in D(q0, t0) (n balls; callers use nh_project_D_t;
   NH_ERR_DOMAIN when A(q0, t0) u0 is certainly nonzero), the field
     qdot = v = u + v_p(q, t) + H,  H = sum_{j=1}^{k} eps^j h^(j)(q, t, u),
     G udot = f(q, v, t) + Gdot (v_p + H) - Adot^T sigma + A^T lambda,
     A udot = -Adot u,
   with v_p + H = G^{-1} A^T sigma, Gdot = dG[v] + d_t G, Adot = dA[v] +
   d_t A, and h^(j) on jets by the (tau, eps) time route with the model
   at t0 + s + tau (flow_taylor_reduced.c).  The output times times[j]
   are durations >= 0 from the start (model time t0 + times[j]); q_out,
   v_out nt*n balls containing q and v = u + v_p + sum_{j<=k} eps^j
   h^(j)(q, t, u) (nh_flow_lift_t at the enclosed state, so they compare
   with NH_FLOW_FULL).  k = 0: the ideal constraint dynamics (NH_FLOW_NH)
   from v0 = u0 + v_p (proofs/020 (A6)); eps unused.  Checks at (q0, t0)
   by nh_project_D_t (friction block, G and mu_bar SPD, rank A = m: the
   messages name t).  Along the run, A G^{-1} A^T losing rank inside a
   step (the constraints changing rank in time): NH_ERR_DOMAIN or
   NH_ERR_PRECISION from nh_taylor_integrate, the message naming the
   model time reached.  Linear autonomous models: nh_flow_certified_reduced
   (tstart ignored).  opts, st, prec and other errors as for
   nh_flow_certified. */
int nh_flow_certified_reduced_t(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                                slong k, const arb_t eps, const arb_struct *tstart,
                                arb_srcptr q0, arb_srcptr u0, arb_srcptr times, slong nt,
                                const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                                nh_error_t err);

#endif
