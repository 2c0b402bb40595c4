/*
 * series.h -- the slow manifold D_eps = { v = vD + h_eps(vD) } of the
 * friction system (paper 000 eqs (39)-(40)), its series
 *     h_eps = sum_{k>=1} eps^k h^(k)          (paper 000 eq (66))
 * by two independent routes, the reaction force, and the reduced vector
 * field of order k.
 *
 * Convention: nhoracle uses paper 000's normalisation.  Paper 001 writes
 * h_eps = sum eps^i / i! h^(i); its h^(i) equals i! times ours.
 *
 * Shapes: n = nh_model_n(M) coordinates; a point is q0 (n balls) and vD
 * (n balls, must lie in D(q0): callers use nh_project_D).  h is an array
 * of K*n balls, h^(k) at offset (k-1)*n, k = 1..K.
 * Units: h^(k) has the units of velocity / time^k (eps is a time).
 * Precision: prec is the working precision in bits; outputs are balls
 * containing the exact values (no estimate anywhere).  Errors: NH_OK,
 * NH_ERR_MODEL (degenerate model at q0, message names the quantity),
 * NH_ERR_USAGE (K < 1 or K > NH_SERIES_MAX_ORDER), NH_ERR_RESOURCE (the
 * route's estimated memory, nh_series_time_memory,
 * nh_series_covariant_memory or nh_series_covariant_bundle_memory, exceeds NH_SERIES_MAX_BYTES).
 */
#ifndef NH_SERIES_H
#define NH_SERIES_H

#include "geom.h"

/* Largest order K of the series (NH_ERR_USAGE above it). */
#define NH_SERIES_MAX_ORDER 64

/* Memory budget of each route (bytes); above it the route returns
   NH_ERR_RESOURCE up front with an estimate instead of starting (the
   bundle form of the covariant route, whose jets in 2n variables grow
   like binomial(K-1+2n, 2n), reaches it first). */
#define NH_SERIES_MAX_BYTES 4.0e9

/* Up-front memory estimates (bytes) of the two routes for n coordinates,
   m constraints, order K, at working precision prec (a ball is taken as
   48 bytes plus its midpoint limbs; the radius is inline).
   nh_series_time_memory: the time route's workspace, about
   n^3 + n^2 + 8 n m + 3 m^2 + 10 n jets in (t, eps) of total degree K
   (binomial(K+2, 2) coefficients) and n^2 + n + 1 jets in
   (t, eps | y_1..y_n), plus the index and multiplication tables of the
   order-K jet contexts; a lower bound of the peak (the contexts of the
   lower sweeps are cached as well), exact in its leading term n^3 K^2.
   nh_series_covariant_memory: n^3 + 15 n^2 + 14 n + 1 jets in (t, eps)
   of total degree K and (n^2 + n + 1) jets in (t, eps | y_1..y_n)
   ((n+1) binomial(K+2, 2) coefficients).
   nh_series_covariant_bundle_memory: (K+1)(5 n^2 + n) + 3 n^3 + 4n jets
   in 2n variables of degree K-1 (binomial(K-1+2n, 2n) coefficients).
   Used by the routes (refusal above NH_SERIES_MAX_BYTES) and by
   `nhoracle series` to refuse up front what exceeds --max-memory. */
double nh_series_time_memory(slong n, slong m, slong K, slong prec);
double nh_series_covariant_memory(slong n, slong K, slong prec);
double nh_series_covariant_bundle_memory(slong n, slong K, slong prec);

/* vD = P(q0) v, the G-orthogonal projection onto D (paper 000 eq (46)). */
int nh_project_D(arb_ptr vD, const nh_model_struct *M, arb_srcptr q0, arb_srcptr v,
                 slong prec, nh_error_t err);

/* Time-derivative route: the classical invariance condition (paper 000
   eq (60)), d/dt P_perp(v) = d/dt h_eps(P v) on D_eps, written with
   ordinary coordinate derivatives of the full vector field (39)-(40) in
   Lagrangian form (no Christoffel symbols, no covariant derivative).
   Solved as bivariate Taylor series in (t, eps) along the slow
   trajectory through (q0, vD): h^(k)(q0, vD) = [eps^k t^0] H(t, eps).
   If react != NULL it receives K*n balls: the eps^(k-1) coefficient of
   the reaction force -(1/eps) FR_sharp h_eps obtained from the
   invariance bracket itself, -[d/dt P_perp v - P_perp F - dH/dt]
   (without using FR_sharp). */
int nh_series_time(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                   arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_t err);

/* The time route for time-dependent models with affine constraints
   A(q,t) v + b(q,t) = 0 realized by the friction force
   -(1/eps) A^T mu_bar (A v + b) (issue 19; derivation and claims in
   proofs/020-affine-friction.md, eqs (A1)-(A7)).  A velocity splits as
   v = u + v_p + H, u = P v in D(q,t) = ker A, v_p(q,t) =
   -G^{-1} A^T (A G^{-1} A^T)^{-1} b the G-orthogonal particular
   solution, H in D_perp; the slow manifold is H = h_eps(q, t, u) =
   sum_{k>=1} eps^k h^(k)(q, t, u), and the invariance condition
       (1/eps) FR_sharp H = (dP_perp/dt) v + P_perp F - d/dt v_p - dH/dt
   (total t-derivatives along the motion, explicit time included; F =
   G^{-1} f, f the Lagrangian force side with the t-derivative of G(q,t))
   is solved as in nh_series_time.  Point: q0 (n balls), t0 (one ball,
   the time; NULL: the model must be linear and autonomous and this is
   exactly nh_series_time), vD = u(q0, t0) in D(q0, t0) (n balls; use
   nh_project_D_t).  h: K*n balls, h^(k)(q0, t0, vD) at (k-1)*n; react
   (may be NULL): K*n balls, [eps^(k-1)] of the friction force
   -(1/eps) FR_sharp H; vdot0 (may be NULL; needs K >= 2, else
   NH_ERR_USAGE): n balls, the order-0 reduced acceleration
   d/dt (u + v_p) at (q0, t0, vD), i.e. [t^1 eps^0] of v along the slow
   trajectory (proofs/020 eq (A6): the ideal constraint dynamics of
   003/004, what `nhoracle nh` computes).  For a linear autonomous model the result is
   that of nh_series_time (the same operations).  Errors: as
   nh_series_time; NH_ERR_MODEL from nh_geom_check_point_time (a oneform,
   a force or damping; G, A, mu_bar degenerate at (q0, t0), the message
   names t) and when A G^{-1} A^T becomes singular along the series (the
   constraints change rank near t0; the message names t0). */
int nh_series_time_t(arb_ptr h, arb_ptr react, arb_ptr vdot0, const nh_model_struct *M,
                     arb_srcptr q0, const arb_struct *t0, arb_srcptr vD, slong K,
                     slong prec, nh_error_t err);

/* vD = P(q0, t0) v (n balls, in D = ker A(q0, t0)) and, if vp != NULL,
   v_p = -G^{-1} A^T (A G^{-1} A^T)^{-1} b (q0, t0) (n balls), the
   G-orthogonal particular solution of A v + b = 0 (proofs/020 eqs
   (A2)-(A3)); the velocity on the ideal constraint set through vD is
   vD + v_p.  Any model nh_geom_check_point_time accepts (linear
   autonomous ones too: then v_p = 0).  Errors: those of
   nh_geom_check_point_time, NH_ERR_DOMAIN when G or A G^{-1} A^T is not
   certified invertible. */
int nh_project_D_t(arb_ptr vD, arb_ptr vp, const nh_model_struct *M, arb_srcptr q0,
                   const arb_t t0, arb_srcptr v, slong prec, nh_error_t err);

/* The order-k reduced field of a time-dependent, affine model
   (issue 19, proofs/020 "Prediction"), for a given eps: with
   v = vD + v_p + sum_{j=1}^{k} eps^j h^(j)(q0, t0, vD),
       qdot  = v,
       vDdot = d/dt (P v) = (dP/dt) v + P F(q0, v, t0)   (dP/dt total,
               along qdot = v, explicit time included),
   and (if vdot != NULL) the velocity form
       vdot = F(q0, v, t0) + sum_{j=1}^{k+1} eps^(j-1) react^(j),
   react^(j) = -FR_sharp h^(j) as returned by nh_series_time_t.
   k = 0: the ideal constraint dynamics (vdot is then the nonholonomic
   acceleration of `nhoracle nh`, proofs/020 (A6)-(A7)).  h: hlen >= k
   terms (hlen >= k + 1 and react (hlen*n balls) when vdot != NULL), from
   nh_series_time_t at the same point; t0: one ball; qdot, vDdot, vdot:
   n balls each.  Errors: NH_ERR_USAGE (too few terms), those of
   nh_geom_check_point_time and of the model evaluation. */
int nh_reduced_field_t(arb_ptr qdot, arb_ptr vDdot, arb_ptr vdot, const nh_model_struct *M,
                       arb_srcptr q0, const arb_t t0, arb_srcptr vD, arb_srcptr h,
                       arb_srcptr react, slong hlen, slong k, const arb_t eps, slong prec,
                       nh_error_t err);

/* Covariant route: the covariant invariance condition (paper 000 eq
   (65)), nabla_t P_perp(v) = nabla_t (h_eps o P(v)) on D_eps, i.e. the
   generating equation (56) of Theorem 1 along the slow trajectory (chain
   rule (28)), with the full vector field (39)-(40) in covariant form
   (Christoffel symbols (5), covariant derivatives of (1,1)-tensors (32),
   grad V = G^{-1} dV, Q of Lemma 4).  Solved as bivariate Taylor series
   in (t, eps) through (q0, vD): h^(k)(q0, vD) = [eps^k t^0] H(t, eps),
   H = P_perp v; K sweeps, polynomial cost (about K^5 for fixed n, like
   the time route; memory nh_series_covariant_memory, O(n^3 K^2) balls).
   If react != NULL it receives K*n balls: -FR_sharp(q0) h^(k). */
int nh_series_covariant(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                        arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_t err);

/* Covariant route in its bundle-map form: the recursion for h^(k)
   obtained from the generating equation (56) by collecting eps^(k-1)
   ((67) and (68) are its first two orders), with h_eps extended to TQ
   as a function of (q, u), horizontal covariant derivative (30)/(33)
   and vertical Jacobian (29) of the nonlinear bundle maps h^(j), all as
   jets in the 2n variables (dq, du) of degree K-1: every partial
   derivative of every h^(j) is formed, so the cost grows like
   binomial(K-1+2n, 2n) (memory nh_series_covariant_bundle_memory;
   refused with NH_ERR_RESOURCE above NH_SERIES_MAX_BYTES: the disk
   from K = 12).  A third, independent formulation kept for the
   cross-checks of tests/t-series_routes at low order.
   If react != NULL it receives K*n balls: -FR_sharp h^(k). */
int nh_series_covariant_bundle(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                               arb_srcptr q0, arb_srcptr vD, slong K, slong prec,
                               nh_error_t err);

/* Reduced vector field of order k >= 0 at (q0, vD), for a given eps:
   with v = vD + sum_{j=1}^{k} eps^j h^(j)(q0, vD),
       dq/dt  = v,
       dvD/dt = (dP[v]) v + P F(q0, v),   F = -Gamma(v, v) - grad V,
   the dynamics on the order-k approximation of D_eps written in (q, vD)
   (k = 0: the nonholonomic equations, paper 000 (69)-(70); k = 1: the
   first-order dynamics (71)).  Also returns (if vdot != NULL) the
   velocity form dv/dt = F(q0, v) - sum_{j=1}^{k+1} eps^(j-1) FR_sharp h^(j).
   h must hold at least k terms (hlen >= k), and k+1 when vdot is asked
   (not NULL), from either route.
   qdot, vDdot, vdot: n balls each. */
int nh_reduced_field(arb_ptr qdot, arb_ptr vDdot, arb_ptr vdot,
                     const nh_model_struct *M, arb_srcptr q0, arb_srcptr vD,
                     arb_srcptr h, slong hlen, slong k, const arb_t eps,
                     slong prec, nh_error_t err);

/* Full friction vector field (39)-(40) at (q, v): dv/dt =
   -Gamma(v,v) - grad V - (1/eps) FR_sharp v (n balls). */
int nh_full_field(arb_ptr vdot, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                  const arb_t eps, slong prec, nh_error_t err);

/* Routes for nh_series_acc. */
#define NH_ROUTE_TIME 1
#define NH_ROUTE_COVARIANT 2

/* Accuracy-driven h^(1..K) at an exact point (q, v) given as n
   rationals each (names as in the model; v need not lie in D: vD =
   P(q) v is computed and returned in vD, n balls).  The working
   precision starts at acc_bits + 32 + 4K and the guard bits are doubled
   until every h^(k) (and react^(k), if react != NULL) has radius at most
   2^-acc_bits times max_i |h^(k)_i| (absolute 2^-acc_bits when that is
   0), or the working precision would exceed max_prec: then
   NH_ERR_PRECISION names the quantity and the bits reached.  The final
   working precision is stored in *prec_used (may be NULL).  route is
   NH_ROUTE_TIME (nh_series_time) or NH_ROUTE_COVARIANT
   (nh_series_covariant).  NH_ERR_DOMAIN from them (a ball meeting a
   singular set, e.g. a denominator ball containing 0 near a pole) is
   retried with doubled guard bits like a too wide result and returned
   only when the next try would exceed max_prec.  Other errors (e.g.
   NH_ERR_MODEL: the point certifiably is singular) as for those
   functions. */
int nh_series_acc(arb_ptr vD, arb_ptr h, arb_ptr react, int route,
                  const nh_model_struct *M, const fmpq *q, const fmpq *v,
                  slong K, slong acc_bits, slong max_prec, slong *prec_used,
                  nh_error_t err);

/* Relative accuracy, in bits, of the K blocks of n balls in x: the
   minimum over k of -log2(max_i rad(x_k,i) / max_i |x_k,i|) (absolute
   when the block is 0).  Used by nh_series_acc; exported for callers
   that check their own results. */
double nh_series_block_accuracy(arb_srcptr x, slong K, slong n, slong *worst_k);

/* Agreement of two computations of the same K*n balls (h^(k) or the
   reaction by the time and the covariant routes), order by order (the
   criterion of issue 2, `nhoracle series`): for order k (x_k, y_k: the
   n balls at offset (k-1)*n), d_i = x_k,i - y_k,i and
       rel_rad = max_i rad(d_i) / (lower bound of max_i |x_k,i|)
   (the absolute max_i rad(d_i) when that bound is 0), an upper bound
   rounded up at 64 bits.  One entry per order. */
typedef struct
{
    int contains_zero;   /* every d_i contains 0 (else: certified disagreement) */
    int tight;           /* rel_rad <= 2^-need */
    int ok;              /* contains_zero && tight: the orders AGREE */
    arb_struct max_abs;  /* a ball containing max_i |x_k,i| */
    arf_struct rel_rad;  /* rel_rad as above (upper bound) */
}
nh_series_agree_struct;

/* Initialise / clear an array of K entries (all fields zero). */
void nh_series_agree_init(nh_series_agree_struct *a, slong K);
void nh_series_agree_clear(nh_series_agree_struct *a, slong K);

/* Fill a[0..K-1] (initialised with nh_series_agree_init) for x and y,
   K*n balls each; need: the bits of the tightness test (`series` uses
   its requested precision minus 20, at least the bits of --digits);
   prec: working precision of the differences and maxima.  Returns 1 if
   some order certifiably disagrees (a d_i excludes 0), else 0.  Pure
   ball arithmetic: no errors. */
int nh_series_agree(nh_series_agree_struct *a, arb_srcptr x, arb_srcptr y, slong K, slong n,
                    slong need, slong prec);

/* Precision probe of a route at order K (issue 17; doc/bench.md): the
   result of nh_series_probe. */
typedef struct
{
    slong Kp;            /* K / 2, the order computed */
    double lost_half;    /* prec - nh_series_block_accuracy(h^(Kp)): bits lost at Kp */
    double lost;         /* estimate at K: lost_half (K/Kp)^1.15 + 2 */
}
nh_series_probe_struct;

/* Estimate of the bits the route (NH_ROUTE_TIME or NH_ROUTE_COVARIANT)
   loses at order K at (q0, vD) (n balls each, vD in D(q0)): computes
   h^(1..K/2) at working precision prec (about 1/32 of the cost of order
   K), measures the bits lost by h^(K/2) (relative accuracy,
   nh_series_block_accuracy) and extrapolates to K as
   (K / (K/2))^1.15 times that plus 2 bits (measured loss growth 2^1.16
   per doubling of K on the disk, less on the sleigh and the pendulum:
   doc/bench.md).  An ESTIMATE, only for choosing a working precision
   (`nhoracle series` raises it before an expensive attempt); it
   certifies nothing.  lost_half = lost = 0 on error; -inf when h^(K/2)
   is exact.  Errors: NH_ERR_USAGE (K < 2), those of nh_series_time /
   nh_series_covariant at order K/2. */
int nh_series_probe(nh_series_probe_struct *p, const nh_model_struct *M, arb_srcptr q0,
                    arb_srcptr vD, slong K, int route, slong prec, nh_error_t err);

#endif
