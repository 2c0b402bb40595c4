/*
 * nhdyn.h -- nonholonomic equations of motion at a point (q, qdot, t) by
 * independent routes (issue 7; doc/nonholonomic.md).
 *
 * System (doc/model-format.md): n coordinates q, time t, Lagrangian
 *   L = 1/2 G_ij(q,t) qdot^i qdot^j + Delta_i(q,t) qdot^i - V(q,t)
 * (003 Sec 3.2), generalized force F_i(q,t) - C_ij(q,t) qdot^j, m affine
 * constraints
 *   A(q,t) qdot + b(q,t) = 0                         (004 eq (1), 003 (5.1))
 * (b = the dt coefficients of the constraint forms).
 *
 * Every object is a jet of order 1 in the n + 1 variables (q, t) at the
 * base point (derivatives by jets, never by differences); all results
 * are Arb balls at working precision prec (bits) containing the exact
 * value for the exact point (the point itself may be a ball).
 *
 * Routes:
 *   1 nh_dyn_lagrange:   Lagrange-d'Alembert with multipliers
 *                        (001 eq (4), 003 eq (2.6)); all models.
 *   2 nh_dyn_connection: nonholonomic affine connection, lambda from
 *                        000 eq (15), via lib/geom; only models with
 *                        nh_model_is_linear_autonomous().
 *   3 nh_dyn_voronets:   Voronets equations (004 eqs (2)-(4), 003 eqs
 *                        (5.2)-(5.4)) with B coefficients by formula;
 *                        all models.
 *   4 nh_dyn_geodesic:   geodesic acceleration of a candidate metric ghat
 *                        (002 geodesic extensions), to compare with the
 *                        others for v in D.
 * Curvature two ways: nh_dyn_voronets (formula) and nh_dyn_curvature_
 * brackets (B = -theta([xi_a, xi_b]), theta^nu = ds^nu - a^nu_a dr^a -
 * a^nu dt, xi_a = d_{r^a} + a^nu_a d_{s^nu}, xi_t = d_t + a^nu d_{s^nu}).
 *
 * Errors: NH_ERR_MODEL (model evaluation failed, K or the Lagrange
 * matrix not certified invertible, no dependent set), NH_ERR_DOMAIN (the
 * velocity violates the constraints).
 */
#ifndef NH_NHDYN_H
#define NH_NHDYN_H

#include "model.h"

typedef struct
{
    slong n, m, p;              /* p = n - m independent velocities     */
    jet_ctx_t ctx;              /* n + 1 variables (q, t), order 1      */
    arb_ptr qt;                 /* n + 1 balls: the point (q, t)        */
    jet_mat_t G, A, b, Delta, F;/* n x n, m x n, m x 1, n x 1, n x 1     */
    arb_ptr V;                  /* one jet                              */
    slong *dep, *indep;         /* m dependent / p independent indices  */
    jet_mat_t a_mat, a_vec;     /* m x p, m x 1: sdot = a_mat rdot + a_vec
                                   (004 eq (1)), jets                   */
    jet_mat_t C;                /* n x n damping: force -C qdot         */
}
nh_dyn_struct;

typedef nh_dyn_struct nh_dyn_t[1];

/* Value and first derivative d/d(var k) (k = n: d/dt) of an order-1 jet. */
#define NH_DYN_VAL(jet) (jet)
#define NH_DYN_DER(D, jet, k) ((jet) + jet_ctx_var_index((D)->ctx, (k)))
#define NH_DYN_G(D, i, j) JET_MAT_ENTRY((D)->G, i, j, (D)->ctx)
#define NH_DYN_A(D, l, j) JET_MAT_ENTRY((D)->A, l, j, (D)->ctx)
#define NH_DYN_COL(D, X, i) JET_MAT_ENTRY((D)->X, i, 0, (D)->ctx)

/* Allocate for model M (nothing evaluated: see nh_dyn_set_point) / free. */
void nh_dyn_init(nh_dyn_t D, const nh_model_struct *M);
void nh_dyn_clear(nh_dyn_t D);

/* Evaluate the model at q (n balls), time t; dependent coordinates:
   dep (m indices) or NULL = automatic (the m columns of A maximizing
   |det A_s| at the midpoint, ties to the first found, searching from
   the last columns).  Computes a_mat, a_vec = -A_s^{-1} [A_r | b]. */
int nh_dyn_set_point(nh_dyn_t D, const nh_model_struct *M, arb_srcptr q, const arb_t t,
                     const slong *dep, slong prec, nh_error_t err);

/* v (n balls): the dependent entries are replaced by the constraint
   solution a_mat v_indep + a_vec. */
void nh_dyn_complete_velocity(arb_ptr v, const nh_dyn_t D, slong prec);

/* res (m balls) = A v + b at the point.  Returns NH_ERR_DOMAIN if some
   entry excludes 0. */
int nh_dyn_check_constraints(arb_ptr res, const nh_dyn_t D, const nh_model_struct *M,
                             arb_srcptr v, slong prec, nh_error_t err);

/* Total generalized force at the point for velocity v (n balls):
   Fv = F - C v (force and damping lines of the model). */
void nh_dyn_force(arb_ptr Fv, const nh_dyn_t D, arb_srcptr v, slong prec);

/* Route 1: acc (n), mult (m): G acc = f + A^T mult, A acc + c = 0 with
   f, c from the Euler-Lagrange equations of L and the time derivative
   of the constraint (doc/nonholonomic.md Sec "Route 1"). */
int nh_dyn_lagrange(arb_ptr acc, arb_ptr mult, const nh_dyn_t D, arb_srcptr v,
                    slong prec, nh_error_t err);

/* Route 2: acc (n), lambda (n, the vector lambda of 000 eq (12),(15)).
   NH_ERR_MODEL if the model is not linear autonomous. */
int nh_dyn_connection(arb_ptr acc, arb_ptr lambda, const nh_model_struct *M, arb_srcptr q,
                      arb_srcptr v, slong prec, nh_error_t err);

/* Route 3: acc (n); B_ab (m*p*p, index (nu*p + a)*p + b), B_a (m*p,
   index nu*p + a) by formula, p_dep (m): dL/dsdot^nu. */
int nh_dyn_voronets(arb_ptr acc, arb_ptr B_ab, arb_ptr B_a, arb_ptr p_dep,
                    const nh_dyn_t D, arb_srcptr v, slong prec, nh_error_t err);

/* Curvature by brackets of the horizontal fields (same layout). */
int nh_dyn_curvature_brackets(arb_ptr B_ab, arb_ptr B_a, const nh_dyn_t D,
                              slong prec, nh_error_t err);

/* issue 16 (the curvature note): *zero = 1 when every curvature
   coefficient B^nu_ab, B^nu_a (by brackets, dependent coordinates chosen
   automatically) at the point q (n balls), time t, contains 0: the
   constraint distribution D may be integrable there (Frobenius: the
   constraints may be holonomic at the point).  Not a certified claim (a
   ball containing 0 only fails to exclude it); *zero = 0 when some
   coefficient is certainly nonzero, and for a model without constraints
   (m = 0) or with m >= n.  Errors as nh_dyn_set_point. */
int nh_dyn_curvature_vanishes(int *zero, const nh_model_struct *M, arb_srcptr q, const arb_t t,
                              slong prec, nh_error_t err);

/* Route 4 (002): geodesic acceleration acc (n) of the metric Gh (n x n
   jets of order >= 1 in ctx, whose variables 0..n-1 are the coordinates)
   at velocity v: compare with the nonholonomic acceleration for v in D to
   test whether Gh is a geodesic extension (002 Def 1, Lemma 2).  Gh may
   be indefinite; NH_ERR_MODEL if not certified invertible. */
int nh_dyn_geodesic(arb_ptr acc, const jet_mat_t Gh, const jet_ctx_t ctx, arb_srcptr v,
                    slong n, slong prec, nh_error_t err);

/* 002 Prop 4 (proof of item 2): complete the data of a candidate
   geodesic extension on D to a metric.  Frame F (n x n jets, columns
   X_1..X_p spanning D, then X_{p+1}..X_n spanning D^g (g-orthogonal
   complement), natural components), A = (g(X_a, X_b)) (p x p jets, must be
   positive definite at the point), B = (ghat(X_a, X_i)) (p x (n - p) jets:
   the unknowns of 002 Lemma 2 (A), (B), supplied by the caller).  Output
   Gh (n x n jets, natural coordinates) = F^-T [[A, B], [B^T, alpha I]] F^-1
   and alpha (exact, an integer > tr(B^T B) tr(A^-1) at the base point,
   which implies the conditions of the proof: alpha != 0, not an eigenvalue
   of B^T A^-1 B, > -tau_min, > mu_max/tau_min; so Gh is positive definite
   at the point).  alpha is a constant in the jets.  Whether Gh is a
   geodesic extension depends on B solving (A), (B): test with
   nh_dyn_geodesic.  Errors: NH_ERR_USAGE (shapes), NH_ERR_MODEL (A not
   certified positive definite, F not certified invertible),
   NH_ERR_PRECISION. */
int nh_dyn_complete_ghat(jet_mat_t Gh, arb_t alpha, const jet_mat_t F, const jet_mat_t A,
                         const jet_mat_t B, const jet_ctx_t ctx, slong prec, nh_error_t err);

/* The anholonomic frame {X_alpha} = {X_a, X_i} of 002 Sec 4 adapted to
   TQ = D + D^g at the point set in D (nh_dyn_set_point): X_a = d_{r^a} +
   a^nu_a d_{s^nu} (a = 0..p-1, frame index a), X_{p+nu} = G^-1 A^T e_nu
   (nu = 0..m-1, frame index p + nu).  nh_dyn_frame fills (n = D->n):
     F    n x n order-1 jets, column alpha = the coordinate components
          of X_alpha;
     X    n*n balls, X[alpha*n + mu] = X_alpha^mu at the point;
     F0inv the inverse of the frame matrix at the point;
     R    n^3 balls, R[(g*n + al)*n + be] = R^g_{al be}, [X_al, X_be]
          = R^g_{al be} X_g (the structure functions of 002 Sec 4);
     Gam  n^3 balls, Gam[(g*n + al)*n + be] = Gamma^g_{al be},
          nabla^g_{X_al} X_be = Gamma^g_{al be} X_g, the Levi-Civita
          connection of G computed from the coordinate Christoffel
          symbols (not from the Koszul formula, 002 Lemma 1's proof);
     Gf   n x n order-1 jets, g_{al be} = G(X_al, X_be) (g_{ai} = 0).
   Everything is an enclosure at working precision prec.  Errors:
   NH_ERR_MODEL (G or the frame matrix not certified invertible).
   nh_dyn_frame_der: res = X_al(f) = X_al^mu d_mu f for an order-1 jet f
   in D->ctx. */
typedef struct
{
    slong n, p;         /* coordinates, independent velocities        */
    jet_mat_t F, Gf;    /* the frame matrix and g_{al be} (above)      */
    arb_mat_t F0inv;    /* the inverse frame matrix at the point       */
    arb_ptr X, R, Gam;  /* X_alpha^mu, R^g_{al be}, Gamma^g_{al be}     */
}
nh_dyn_frame_struct;
typedef nh_dyn_frame_struct nh_dyn_frame_t[1];

/* Allocate / free W for D; nh_dyn_frame fills it at D's point;
   nh_dyn_frame_der is X_al(f) (see above). */
void nh_dyn_frame_init(nh_dyn_frame_t W, const nh_dyn_t D);
void nh_dyn_frame_clear(nh_dyn_frame_t W, const nh_dyn_t D);
int nh_dyn_frame(nh_dyn_frame_t W, const nh_dyn_t D, slong prec, nh_error_t err);
void nh_dyn_frame_der(arb_t res, const nh_dyn_frame_t W, slong al, arb_srcptr jet,
                      const jet_ctx_struct *ctx, slong prec);

/* 002 Lemma 2: conditions (A) and (B), as printed, for the candidate
   metric Gh (n x n order-1 jets in D->ctx, variables 0..n-1 the
   coordinates) at the point set in D (nh_dyn_set_point), in the frame
   X_a = d_{r^a} + a^nu_a d_{s^nu} (a < p) of D and X_{p+nu} = G^-1 A^T e_nu
   of D^g.  Both conditions are quadratic forms in v in D; returned are
   their coefficients symmetrized in (a, b), i.e. zero iff the condition
   holds for all v in D at the point:
     resA (p*p*p, index (c*p + a)*p + b): sym_ab ghat_{bk} R^k_{ac};
     resB (m*p*p, index (i*p + a)*p + b, i = 0..m-1 for X_{p+i}):
       sym_ab [ghat_{di} Gamma^d_{ab} - g_{ki} Gamma^k_{ab}
               - X_a(ghat_{bi}) + ghat_{bk} R^k_{ai}];
     resP (p*p, may be NULL): ghat_ab - g_ab (Lemma 2's hypothesis that
       ghat is D-preserving, 002 Def 5).
   Errors: NH_ERR_MODEL (M not linear autonomous, G or the frame not
   certified invertible), NH_ERR_USAGE (shape of Gh). */
int nh_dyn_lemma2(arb_ptr resA, arb_ptr resB, arb_ptr resP, const nh_dyn_t D,
                  const nh_model_struct *M, const jet_mat_t Gh, slong prec, nh_error_t err);

/* Certified comparison of x, y (len balls): returns 1 if every x_i - y_i
   contains 0 and has radius <= 2^(-prec/2) (1 + |x_i|) ("agree"), -1 if
   some difference excludes 0 ("disagree"), 0 otherwise
   ("inconclusive": too wide).  maxdiff: upper bound of max |x_i - y_i|
   (may be NULL). */
int nh_dyn_compare(arb_t maxdiff, arb_srcptr x, arb_srcptr y, slong len, slong prec);

#endif
