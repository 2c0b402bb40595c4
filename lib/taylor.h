/*
 * taylor.h -- a validated Taylor integrator over Arb balls (issue 14):
 * enclosures that provably contain the exact solution of x' = f(t, x),
 * x(t0) in X0, at given output times.  Generic over the right-hand side,
 * given as a callback that evaluates f on jets (jet.h); depends on core
 * and jet only.
 *
 * Method (one step t -> t + h, state dimension N, order p):
 *   Taylor coefficients.  The solution's Taylor coefficients in s = t - t_j
 *   come from automatic differentiation of the ODE: the jets x(s) are
 *   found by the Picard iteration x <- x_j + int_0^s f(t_j + s, x) ds in
 *   the jet ring, which fixes one more coefficient per iteration
 *   (x_{k+1} = f(x)_k / (k + 1); Moore 1966, "Interval Analysis", ch. 11).
 *   Remainder.  A Picard check on x(tau) = sum_{k<=p} c_k(x0) tau^k +
 *   R tau^{p+1}, tau in [0, h], R a box (the type-II power-series check
 *   of Kashiwagi's kv library, in Lagrange form; doc/flow.md, Method 2):
 *   with G = coefficient p of f along the polynomial, Taylor-shifted to
 *   the ball [0, h], and D = D_x f over the polynomial's range, if
 *   R' = G/(p+1) + D R [0, h]/(p+2) lies in R, every solution from X_j
 *   has x(t_j + tau) - sum_{k<=p} c_k tau^k in R' tau^{p+1} (Schauder).
 *   f is composed once with the true motion's polynomial, never iterated
 *   over a box of states (whose coefficients decay only geometrically:
 *   ball arithmetic follows a majorant system).  h is halved (or set
 *   from the remainder) on failure.
 *   Wrapping.  Lohner's QR method (R. Lohner 1987, "Enclosing the
 *   solutions of ordinary initial and boundary value problems"; the
 *   "QR-factorization" variant as in Nedialkov-Jackson VNODE-LP and
 *   CAPD's C0 Lohner algorithm): the set is kept as x_hat + B r (B a
 *   nearly orthogonal point matrix, r a ball vector); the step map's
 *   Jacobian J over X_j is sum_k Phi_k h^k, Phi_k the Taylor coefficients
 *   of the variational equation Phi' = D_x f Phi along the series through
 *   X_j, by the C^1 recurrence of nh_taylor_variational (one evaluation
 *   of f on jets in (s | y_1..y_N) with caps (p | 1) for D_x f(x(s)), no
 *   finite differences; Zgliczynski 2002, "C^1 Lohner algorithm"), and
 *     x_hat' = mid(T(x_hat) + R),  B' = Q of the QR factorisation of
 *     mid(J B) (columns sorted by length times width of r),
 *     r' = (B'^{-1} J B) r + B'^{-1} (T(x_hat) + R - x_hat'),
 *   with B'^{-1} enclosed by arb_mat_inv.
 *   Step size.  h = 0.9 * min_k (tol / |f^[k](x_hat)|)^{1/k} for k = p,
 *   p + 1 (Jorba & Zou 2005), tol = 2^(-prec) max(1, |x|) (2^(8 - prec)
 *   for opts->stiff): one rounding unit of the state per step (issue 33).
 *   Guard bits: the Taylor sum, Lohner's update and the hull run at
 *   prec + 8 bits (rhs always at prec), so their rounding stays below
 *   the target; the width grows by about 2 tol per step plus the
 *   propagated radius.  The series through the set X is found from a
 *   guess (the series at x_hat widened) verified by one Picard pass
 *   (doc/flow.md, Method 7), else by the full iteration.
 *   The order is p = min(4 + prec/6, 100)
 *   unless given (25 at 128 bits, 46 at 256; stiff fields:
 *   min(28 + prec / 4, 100), see nh_taylor_order).
 *   A step size below 1e-12 max(1, |T - t0|) stops the integration (a
 *   singularity or blow-up ahead: steps shrink geometrically towards it).
 *   Steps land on the output times (a ball time gives a ball step,
 *   enclosed as such).
 *
 * Stiff systems (eigenvalues ~ -1/eps): an explicit Taylor method needs
 * steps h ~ eps: the remainder needs |h lambda|^(p+1) / (p+1)! below the
 * tolerance (and the check |D| h < p + 2), so h grows about
 * linearly with p (|h lambda| ~ 0.1 at p = 20, ~ 1 at p = 60, 128 bits);
 * opts->stiff selects the higher order.  The QR representation keeps the
 * contraction, so widths do not blow up, but the cost grows like 1/eps
 * (doc/flow.md).
 *
 * Precision semantics: all arithmetic at prec bits; every output ball
 * contains the exact solution at the exact output time for every initial
 * state in X0 (the balls x0), provided the callback encloses f.
 */
#ifndef NH_TAYLOR_H
#define NH_TAYLOR_H

#include "jet.h"

/* The right-hand side on jets.  x: N jets in ctx; variable 0 of ctx is
   the time offset s = t - t0 (so the time is t0 + s, t0 a ball: the
   callback must enclose f for every t0 in the ball); further variables of
   ctx are perturbation directions the callback must treat as opaque
   (only jet operations).  Output f: N jets, exact up to total degree ord
   (higher coefficients may be anything).  Returns NH_OK or an NH_ERR_*
   code with a message in err (NH_ERR_DOMAIN when a ball meets a
   singularity; the integrator then retries with a shorter step). */
typedef int (*nh_taylor_rhs_fn)(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord,
                                const jet_ctx_t ctx, void *data, slong prec,
                                nh_error_t err);

typedef struct
{
    slong order;        /* Taylor order p (0: chosen from prec, below)  */
    int stiff;          /* the field has a stiff linear part (e.g. the
                           full friction system, eigenvalues ~ -1/eps):
                           a higher default order (default 0)           */
    double max_width;   /* stop when some radius exceeds max_width *
                           max(1, max_i |x_i|) (default 1e-10)          */
    slong max_steps;    /* default 1000000                              */
    double tol;         /* local truncation tolerance relative to
                           max(1, |x|); 0: 2^(-prec) (stiff: 2^(8-prec)) */
    int slow_manifold;  /* the full friction system (nh_flow_certified):
                           after the initial layer, follow the slow
                           manifold when the field is stiff enough
                           (nh_taylor_stiff_integrate; default 1)       */
}
nh_taylor_opts_struct;

typedef nh_taylor_opts_struct nh_taylor_opts_t[1];

typedef struct
{
    slong steps;        /* accepted steps                               */
    slong halvings;     /* step halvings (enclosure failures)           */
    double width;       /* largest radius at the last output time       */
    double hmin, hmax;  /* smallest and largest accepted step           */
    slong hull_verified, hull_full;     /* the series at the hull X from a
                           verified guess / in full (doc/flow.md, Method 7),
                           counted over every try of every step         */
    slong remainder_ok, remainder_failed;   /* the step's remainder checks
                           (doc/flow.md, Method 2) passed / failed (the
                           step was then shortened)                     */
    slong slow_steps;   /* steps along the slow manifold (included in
                           steps; nh_taylor_stiff_integrate)            */
    double slow_from, slow_to;  /* the times between which the slow-
                           manifold route ran (slow_from < 0: it did not) */
}
nh_taylor_stats_struct;

typedef nh_taylor_stats_struct nh_taylor_stats_t[1];

/* The default options (every member's default is given above). */
void nh_taylor_opts_init(nh_taylor_opts_t opts);

/* The order p used at prec bits: opts->order if > 0, else
   min(4 + prec/6, 100) (12 at 53 bits, 25 at 128, 46 at 256, 89 at 512;
   until the remainder check of 2026-11-29 capped at 36-40, which cost
   up to 12x at 512 bits: doc/bench.md), or for opts->stiff
   min(28 + prec/4, 100) (60 at 128 bits, 92 at 256): a stiff step is
   limited by |h lambda|^(p+1) / (p+1)! <= tol, so h grows about linearly
   with p while a step costs O(p^3) (measured in doc/bench.md, issue 14). */
slong nh_taylor_order(const nh_taylor_opts_t opts, slong prec);

/* Taylor jets of the solution through the initial jets x (N jets in
   ctx, constant in variable 0): on return x holds the solution
   x(s) = x(0) + int_0^s f(t0 + s, x) exactly to degree p = the cap of
   variable 0 (first group of ctx; the other groups, of total extra
   degree ctx->order - p, ride along: first-order perturbations give the
   variational equation).  work: N jets of scratch.  Errors of rhs. */
int nh_taylor_series(arb_ptr x, arb_ptr work, slong N, nh_taylor_rhs_fn rhs, void *data,
                     const arb_t t0, const jet_ctx_t ctx, slong prec, nh_error_t err);

/* Taylor coefficients of the solution and of its variational equation
   at one point, by the recursive (C^1) scheme the integrator uses
   (taylor_variational.c): x(s) through x0 (N balls) at t0 by
   nh_taylor_series in one variable, then one evaluation of rhs at
   x(s) + y in (s | y_1..y_N), caps (p | 1), gives the coefficients A_k of
   A(s) = D_x f(t0 + s, x(s)), and Phi' = A Phi, Phi(0) = I:
     Phi_0 = I,  Phi_{k+1} = (1/(k+1)) sum_{i<=k} A_i Phi_{k-i}
   (Moore 1966 ch. 11; Zgliczynski 2002, "C^1 Lohner algorithm", FoCM 2).
   Output: x: N*(p+1) balls, coefficient k of component i at i*(p+1)+k;
   Phi: (p+1)*N*N balls, (Phi_k)_ij at (k*N + i)*N + j; Phi_k = d x_k /
   d x0, enclosed for every x0 in the balls.  Errors of rhs. */
int nh_taylor_variational(arb_ptr Phi, arb_ptr x, slong N, slong p, nh_taylor_rhs_fn rhs,
                          void *data, arb_srcptr x0, const arb_t t0, slong prec,
                          nh_error_t err);

/* Enclosures at the output times times[0..nt) (nondecreasing, >= t0;
   balls allowed) of the solution of x' = f(t, x), x(t0) in x0 (N balls).
   x_out: nt*N balls, row j at offset j*N.  st may be NULL.
   Errors: NH_ERR_USAGE (bad times); NH_ERR_PRECISION (the enclosure
   became wider than opts->max_width, or no a-priori enclosure even with
   tiny steps, or steps shrinking below 1e-12 max(1, |T - t0|); the
   message names the time reached and the width);
   NH_ERR_DOMAIN (the right-hand side met a singularity even with tiny
   steps; message names the time); NH_ERR_RESOURCE (max_steps); other
   errors of rhs, prefixed with the time. */
int nh_taylor_integrate(arb_ptr x_out, nh_taylor_rhs_fn rhs, void *data, slong N,
                        arb_srcptr x0, const arb_t t0, arb_srcptr times, slong nt,
                        const nh_taylor_opts_t opts, nh_taylor_stats_t st,
                        slong prec, nh_error_t err);

/* ---- stiff fast-slow systems (issue 33 item 2; doc/flow.md, "Stiff
   flows through the slow manifold") ---------------------------------- */

/* Taylor coefficients of the solution ON THE SLOW MANIFOLD of a
   fast-slow system x = (x_s, x_f), N components, the last Nf fast
   (D_{x_f} f_f with eigenvalues ~ -mu/eps, the rest O(1)).  x: N jets in
   the univariate context U (order p = U->order); on input the constant
   coefficients of x_s are the slow initial values (their midpoints are
   used) and the fast jets a guess (0 will do).  The slow coefficients
   follow the Picard recursion (k+1) c_{s,k+1} = f_s(x)_k (p passes of
   increasing order, as nh_taylor_series); the fast ones are solved
   backwards, c_{f,k} <- c_{f,k} - C (f_f(x)_k - (k+1) c_{f,k+1}), k = ord
   down to 0 (C: Nf x Nf, an approximate inverse of D_{x_f} f_f near the
   series, e.g. of its value at the initial point), which contracts by
   about eps (p+1)/mu per pass; then up to `passes` >= 1 further passes
   at the full order p, stopping when the largest residual of the fast
   coefficient equations, |f_f(x)_k - (k+1) c_{f,k+1}|, is below 2^-prec
   max(1, max |c|) (the update C r is eps times smaller, but reaches the
   slow equations times 1/eps), or stalls at its rounding floor (two
   passes in a row gaining less than 10%); that residual of the last pass in change
   (may be NULL).  No initial condition on x_f: the series is that of the
   solution on the invariant manifold near x_f = 0, to all orders in eps
   (no truncated h_eps).  Output: an APPROXIMATION, every coefficient a
   point (radius 0): the stiff stepper certifies it by its defect.
   Errors: NH_ERR_USAGE (shapes), errors of rhs. */
int nh_taylor_slow_series(arb_ptr x, slong N, slong Nf, const arb_mat_t C, nh_taylor_rhs_fn rhs,
                          void *data, const arb_t t0, const jet_ctx_t U, slong passes,
                          mag_t change, slong prec, nh_error_t err);
/* The same with the residual of coefficient k weighted by rho^k (rho:
   NULL = 1, as nh_taylor_slow_series): the stopping test and change are
   then max_k |f_f(x)_k - (k+1) c_{f,k+1}| rho^k, what the residual adds to
   the series' defect over a step of length about rho (the stiff stepper
   passes twice its last step).  The coefficients of high degree, which a
   short step does not see, then need not converge to 2^-prec: at 512
   bits their residual stalled the stopping test for every one of the 40
   passes the stepper allows (doc/flow.md, "Stiff flows through the slow
   manifold"). */
int nh_taylor_slow_series_scaled(arb_ptr x, slong N, slong Nf, const arb_mat_t C,
                                 nh_taylor_rhs_fn rhs, void *data, const arb_t t0,
                                 const jet_ctx_t U, slong passes, const mag_t rho,
                                 mag_t change, slong prec, nh_error_t err);

/* Upper bounds for the comparison system of a fast-slow error,
   u' = M u + d, u(0) = u0 (u = (slow error, fast error) in two norms):
   M (2 x 2) Metzler -- M_01, M_10 >= 0 (negative parts are dropped),
   typically M_00 = log-norm of the slow block, M_01 and M_10 norms of
   the coupling blocks, M_11 ~ -mu/eps the log-norm of the fast block --
   u0, d (2 balls each, their negative parts dropped), h >= 0 a ball.
   The upper bounds of the balls are used (the solution is nondecreasing
   in each).  Output: uh (2 exact balls) >= u(h), by the exponential of
   the augmented matrix [[M, d], [0, 0]] h (keeps the fast contraction);
   usup (2 exact balls; may be NULL) >= sup_{[0,h]} u, by the weighted norm
   max(u_0, kappa u_1) and Gronwall (taylor_compare.c).  Any u with
   D+ u <= M u + d componentwise (comparison lemma for quasi-monotone
   systems; Walter, "Differential and integral inequalities", Sec. 12)
   is below these bounds.  Errors: NH_ERR_USAGE (M not 2 x 2),
   NH_ERR_PRECISION (a bound is not finite). */
int nh_taylor_compare2(arb_ptr uh, arb_ptr usup, const arb_mat_t M, arb_srcptr u0, arb_srcptr d,
                       const arb_t h, slong prec);

/* log2 of the per-step tolerance of nh_taylor_stiff_integrate at the
   state x (N balls): opts->tol (0: 2^(8 - prec)) times max(1, max_i
   |mid x_i|); also the distance to the slow manifold at which a caller
   ends the initial layer (flow.h, nh_flow_certified). */
double nh_taylor_stiff_log2tol(const nh_taylor_opts_t opts, arb_srcptr x, slong N, slong prec);

/* The fast block of D_x f at the midpoint of x (N balls) at time t, as
   nh_taylor_stiff_integrate splits it: rate = the smallest -Re of its
   eigenvalues (approximate; ~ mu/eps), contraction = (P + 1) |C|_inf,
   C its inverse, P = nh_taylor_order(opts, prec) + 1 (the factor by which
   nh_taylor_slow_series contracts per pass, about eps (P+1)/mu: the
   stiff route needs it well below 1), dist = the max-norm distance of
   x's fast part from the slow manifold over x's slow part (the series'
   constant fast coefficients; 1e300 when contraction >= 1; dist may be
   NULL: no series).  ESTIMATES
   (doubles) for choosing a method and the layer, not enclosures.
   Errors of rhs. */
int nh_taylor_stiff_rate(double *rate, double *contraction, double *dist,
                         nh_taylor_rhs_fn rhs, void *data, slong N, slong Nf, arb_srcptr x,
                         const arb_t t, const nh_taylor_opts_t opts, slong prec,
                         nh_error_t err);

/* Enclosures at the output times of x' = f(t, x), x(t0) in x0 (N balls),
   for a stiff fast-slow system (the last Nf components fast, see
   nh_taylor_slow_series) (taylor_stiff.c; doc/flow.md, "Stiff flows
   through the slow manifold").  Every step: an approximate solution y, its
   defect bounded over the step, and the error of every solution from the
   box bounded by the Metzler comparison system of the fast-slow splitting
   (nh_taylor_compare2), in the max-norm of the slow part and the max-norm
   of the fast part in approximate eigencoordinates of the fast block.  In
   the initial layer y is the Taylor series of the solution through the
   box's midpoint (order nh_taylor_order at opts->stiff = 1; the
   comparison carries the fast contraction, so the steps are not held to
   |h lambda_max| small); while the midpoint's distance from the manifold
   exceeds 1/8 max(1, |x|), the validated Taylor method
   (nh_taylor_integrate, stiff order) instead, over the time the estimated
   decay takes to bring it there (the comparison's norms lose about
   exp(c dist / mu) over a large transient, Lohner's method does not);
   once the distance leaves an error below the target in the slow part
   (|M01| u_f / |M11|), y is the
   series on the manifold through the midpoint's slow part
   (nh_taylor_slow_series, order nh_taylor_order(opts, prec)) and the
   steps are set by the slow motion, not by eps.  The per-step target is
   opts->tol (0: 2^(8 - prec)) times max(1, |x|).  times: nt balls with
   nondecreasing midpoints >= mid(t0); the stepper runs from mid(t0) to
   the midpoints (exact), the start and each output widened over its time
   ball by a Picard inclusion, X + [-r, r] f(T, B) in B.  x_out: nt * N balls (row j at j*N), rows
   0..*nreached-1 filled; x_last (N balls, may be NULL) and t_last (may be
   NULL): the enclosure and the time reached (for a fallback).  st (may be
   NULL): steps, halvings, hmin, hmax, width, slow_steps (steps along the
   manifold) added / set, slow_from = the time the steps along the
   manifold began (the last time reached if they did not).  Errors:
   NH_ERR_USAGE (times); NH_ERR_PRECISION when a step does not close even
   at 1e-6 of the span (the field is not fast-slow in this splitting: the
   caller falls back) or a time ball's inclusion does not close;
   errors of rhs. */
int nh_taylor_stiff_integrate(arb_ptr x_out, arb_ptr x_last, arb_t t_last, slong *nreached,
                              nh_taylor_rhs_fn rhs, void *data, slong N, slong Nf,
                              arb_srcptr x0, const arb_t t0, arb_srcptr times, slong nt,
                              const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                              nh_error_t err);

#endif
