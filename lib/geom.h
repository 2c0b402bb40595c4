/*
 * geom.h -- the Riemannian and friction geometry of a model, as jets in
 * the configuration (paper 000 Sec 2-4).
 *
 * nh_geom_t holds, for a model and a base point q0, every q-dependent
 * object as a jet in the displacement dq = q - q0: the jet context must
 * have at least n variables, of which variables 0..n-1 are dq (further
 * variables, e.g. velocity displacements, are allowed; the geometry does
 * not depend on them).  Objects (shapes):
 *   G       n x n   metric                                   (72)
 *   Ginv    n x n   G^{-1} (sharp)
 *   A       m x n   constraint one-forms a^l as rows          (73)
 *   mu      m x m   friction coefficients mu_bar              (37)
 *   S       m x m   A G^{-1} A^T
 *   Sinv    m x m
 *   Pperp   n x n   G-orthogonal projection onto D_perp:
 *                   P_perp = G^{-1} A^T S^{-1} A
 *   P       n x n   I - P_perp, projection onto D = ker A
 *   FRs     n x n   FR_sharp = G^{-1} A^T mu_bar A           (38)
 *   Q       n x n   G^{-1} A^T S^{-1} mu_bar^{-1} S^{-1} A: the map of
 *                   Lemma 4 / Remark 8, Q o FR_sharp = P_perp, image D_perp
 *   dV      n x 1   dV/dq
 *   gradV   n x 1   (dV)^sharp = G^{-1} dV
 *   Gamma   n*n*n jets, Gamma^i_{jk} at index (i*n + j)*n + k     (5)
 *                   = 1/2 G^{il}(d_j G_{lk} + d_k G_{lj} - d_l G_{jk})
 * Orders: objects computed at jet order ord are exact to total degree
 * ord, except Gamma and dV which involve one derivative and are exact to
 * ord - 1 (caller asks for ord + 1 when it needs Gamma to order ord).
 *
 * Certified checks at q0 (on the constant terms, with Arb balls):
 * G symmetric positive definite, A of full rank m, mu_bar symmetric
 * positive definite.  Failures return NH_ERR_MODEL (certainly degenerate)
 * or NH_ERR_DOMAIN (balls too wide to decide: retry at a higher
 * precision) with a message naming the quantity and the point.
 */
#ifndef NH_GEOM_H
#define NH_GEOM_H

#include "model.h"

/* The geometry of a model around a base point q0, as jets. */
typedef struct
{
    slong n, m, ord;    /* coordinates, constraints, jet order computed  */
    jet_mat_t G, Ginv, A, mu, S, Sinv, Pperp, P, FRs, Q, dV, gradV; /* jets
                           at q0, shapes and definitions in the table at
                           the top of this header (S = A G^-1 A^T, FRs =
                           FR_sharp, dV and gradV n x 1)                 */
    arb_ptr Gamma;          /* n^3 jets */
}
nh_geom_struct;

typedef nh_geom_struct nh_geom_t[1];

/* Allocate for model M in context ctx (ctx->nvars >= n). */
void nh_geom_init(nh_geom_t g, const nh_model_struct *M, const jet_ctx_t ctx);
void nh_geom_clear(nh_geom_t g, const jet_ctx_t ctx);

/* Compute everything at base point q0 (n balls) to jet order ord
   (0 <= ord <= ctx->order).  G, Ginv, A, mu, S, Sinv, Pperp, P, FRs, Q
   are exact to degree ord; dV, gradV and Gamma to degree ord - 1 (their
   degree-ord coefficients are set to zero; with ord = 0 they are set to
   indeterminate balls).  Checks at q0 before any inversion: G SPD, A of
   full rank m, mu_bar SPD (so FR is positive on D_perp), and every
   pivot of the jet inversions (G, S, mu_bar) certified nonzero.  Returns
   NH_OK, NH_ERR_MODEL (message names the quantity and the point
   q = (name=value, ...)), NH_ERR_DOMAIN (same message: evaluating the
   model met a ball that only touches a singular set, e.g. a divisor ball
   containing 0 at a point near a pole; retry at a higher precision, see
   model.h), or NH_ERR_USAGE (ord out of range, ctx with fewer than n
   variables).  On error the contents of g are undefined
   (but g can be cleared). */
int nh_geom_compute(nh_geom_t g, const nh_model_struct *M, arb_srcptr q0,
                    slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

/* nh_geom_compute at the model time t0 (one ball) for any model of the
   friction realization of time-dependent, affine constraints (issue 19,
   proofs/020): G(q, t0), A(q, t0), mu_bar(q, t0), V(q, t0) and
   everything derived from them as jets in dq at FIXED t = t0 (Gamma is
   the Christoffel symbol of G(., t0); no t-derivative enters any
   object; b is not used: P, P_perp, FR_sharp, Q are those of ker
   A(q, t0)).  Linear autonomous models: nh_geom_compute (t0 unused).
   Other models must pass nh_geom_check_point_time at (q0, t0) (a
   friction block, no oneform / force / damping: NH_ERR_MODEL naming the
   model); the messages name the point and t.  Same shapes, orders and
   errors as nh_geom_compute. */
int nh_geom_compute_t(nh_geom_t g, const nh_model_struct *M, arb_srcptr q0, const arb_t t0,
                      slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

/* Only the certified checks of nh_geom_compute at q0 (n balls), without
   computing the geometry: the model is of the kind paper 000 treats
   (linear time-independent constraints, L = 1/2 G(v,v) - V), G(q0) SPD,
   A(q0) of full rank m, mu_bar(q0) SPD.  Same errors and messages as
   nh_geom_compute (NH_ERR_MODEL or NH_ERR_DOMAIN naming the quantity and
   the point).
   Cheap: the model is evaluated once, as values. */
int nh_geom_check_point(const nh_model_struct *M, arb_srcptr q0, slong prec, nh_error_t err);

/* G (n x n), A (m x n), b (m x 1, the dt coefficients of the
   constraints), mu_bar (m x m) of the model at the point (q0, t0) as
   ball matrices initialised by the caller; any of them may be NULL (not
   evaluated).  q0: n balls; t0: one ball, or NULL for t = 0 (ignored by
   models without time).  No checks; errors of the model evaluation
   (NH_ERR_MODEL / NH_ERR_DOMAIN naming the quantity and the point). */
int nh_geom_values_at(arb_mat_t G, arb_mat_t A, arb_mat_t b, arb_mat_t mu,
                      const nh_model_struct *M, arb_srcptr q0, const arb_struct *t0,
                      slong prec, nh_error_t err);

/* The same checks at (q0, t0) for time-dependent models with affine
   constraints A(q,t) v + b(q,t) = 0 (issue 19, proofs/020): G(q0,t0)
   SPD, A(q0,t0) of full rank m, mu_bar(q0,t0) SPD (so that the friction
   -(1/eps) A^T mu_bar (A v + b) vanishes exactly on the affine
   constraint set and nowhere else); the messages name the point and the
   time t0 (e.g. "constraints A not of full rank ... at q = (...,
   t=0.5)").  Refuses (NH_ERR_MODEL) models with a oneform, a force or
   damping.  t0: one ball, ignored when the model has no time. */
int nh_geom_check_point_time(const nh_model_struct *M, arb_srcptr q0, const arb_t t0,
                             slong prec, nh_error_t err);

#define NH_GAMMA(g, i, j, k, ctx) ((g)->Gamma + ((((i) * (g)->n + (j)) * (g)->n + (k)) * (ctx)->len))

/* Certified checks on constant terms (also called by nh_geom_compute).
   nh_check_spd: M (square) is symmetric within balls (M_ij and M_ji
   overlap) and certainly positive definite (Arb Cholesky of the lower
   triangle succeeds at prec).  nh_check_full_row_rank: A (m x n) has
   certified rank m (A A^T certified positive definite).  Return NH_OK;
   NH_ERR_MODEL with message "<what> is not symmetric", "<what> is not
   positive definite", "<what> have rank < m" when the balls certify the
   defect (exact entries: decided in rational arithmetic; else a diagonal
   entry or leading principal minor certainly <= 0); NH_ERR_DOMAIN with
   "<what> is not certified positive definite ..." / "... too close to it
   to certify ..." when they do not decide (retry at a higher
   precision).  The caller appends the point.  A 0 x 0 matrix / m = 0
   passes. */
int nh_check_spd(const arb_mat_t M, const char *what, nh_error_t err, slong prec);
int nh_check_full_row_rank(const arb_mat_t A, const char *what, nh_error_t err, slong prec);

/* ---- pointwise covariant derivatives at q0 (paper 000 Remark 3) -------
   All three use only the constant terms of g->Gamma and the constant and
   first-order coefficients of the jet arguments, so they need g computed
   with ord >= 1 (and T, Y computed to jet order >= 1 in the same ctx,
   variables 0..n-1 = dq); if g->ord < 1 the results are set to
   indeterminate balls.  X: n balls, a tangent vector at q0.  Outputs are
   balls containing the exact values (prec = working precision, bits).
   Shapes: res n x n (arb_mat) or n balls. */

/* [Gamma(q0, X)]^i_j = Gamma^i_{kj}(q0) X^k  (paper 000 Remark 3, used in
   (31)-(33); the paper prints Gamma^i_{kj} X^j, which is the same matrix
   because the Levi-Civita symbols (5) are symmetric in the lower
   indices).  Then Gamma(q, X) Y = Gamma^i_{kj} X^k Y^j, the term of (4). */
void nh_geom_gamma_matrix(arb_mat_t res, const nh_geom_t g, arb_srcptr X,
                          const jet_ctx_t ctx, slong prec);

/* nabla_X T at q0 for a (1,1)-tensor field T given as an n x n jet matrix
   (e.g. g->P, g->Pperp, g->FRs, g->Q):
     [nabla_X T] = sum_k dT/dq^k X^k + [Gamma(q0, X)] T - T [Gamma(q0, X)]
   (paper 000 eq (32), the matrix form of (6)). */
void nh_geom_cov_tensor(arb_mat_t res, const nh_geom_t g, const jet_mat_t T,
                        arb_srcptr X, const jet_ctx_t ctx, slong prec);

/* nabla_X Y at q0 for a vector field Y given as n jets at stride ctx->len
   (e.g. g->gradV->entries, or the entries of an n x 1 jet_mat):
     nabla_X Y = [dY/dq] X + [Gamma(q0, X)] Y
   (paper 000 eq (31), the matrix form of (4)).  res: n balls. */
void nh_geom_cov_vector(arb_ptr res, const nh_geom_t g, arb_srcptr Y,
                        arb_srcptr X, const jet_ctx_t ctx, slong prec);

#endif
