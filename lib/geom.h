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
 * positive definite.  Failures return NH_ERR_MODEL with a message naming
 * the quantity and the point.
 */
#ifndef NH_GEOM_H
#define NH_GEOM_H

#include "model.h"

typedef struct
{
    slong n, m, ord;
    jet_mat_t G, Ginv, A, mu, S, Sinv, Pperp, P, FRs, Q, dV, gradV;
    arb_ptr Gamma;          /* n^3 jets */
}
nh_geom_struct;

typedef nh_geom_struct nh_geom_t[1];

/* Allocate for model M in context ctx (ctx->nvars >= n). */
void nh_geom_init(nh_geom_t g, const nh_model_struct *M, const jet_ctx_t ctx);
void nh_geom_clear(nh_geom_t g, const jet_ctx_t ctx);

/* Compute everything at base point q0 (n balls) to jet order ord
   (ord <= ctx->order).  Returns NH_OK or NH_ERR_MODEL. */
int nh_geom_compute(nh_geom_t g, const nh_model_struct *M, arb_srcptr q0,
                    slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

#define NH_GAMMA(g, i, j, k, ctx) ((g)->Gamma + ((((i) * (g)->n + (j)) * (g)->n + (k)) * (ctx)->len))

/* Certified checks on constant terms (also called by nh_geom_compute). */
int nh_check_spd(const arb_mat_t M, const char *what, nh_error_t err, slong prec);
int nh_check_full_row_rank(const arb_mat_t A, const char *what, nh_error_t err, slong prec);

#endif
