/*
 * quantity/impl.h -- INTERNAL to lib/quantity/: the evaluation at a
 * point shared by nh_quantity_eval and nh_quantity_certify.
 */
#ifndef NH_QUANTITY_INTERNAL_H
#define NH_QUANTITY_INTERNAL_H

#include "quantity.h"
#include "geom.h"
#include "nh_prec.h"

/* The constant coefficients of a jet matrix, row-major. */
void _nh_quantity_mat_const(arb_ptr out, const jet_mat_t X, const jet_ctx_t ctx);

/* The eps of par (par->eps, else par->eps_q at precision prec, else 0). */
void _nh_quantity_eps(arb_t eps, const nh_quantity_params *par, slong prec);

/* A point with its geometry (order-1 jets at q) and, if K > 0, its
   series h^(1..K) and reaction^(1..K) (vD = P v). */
typedef struct
{
    const nh_model_struct *M;
    slong n, m, K;
    arb_ptr qb, vb, vD, h, react;
    jet_ctx_t gctx;
    nh_geom_t g;
}
_nh_qpoint_struct;

void _nh_qpoint_init(_nh_qpoint_struct *pt, const nh_model_struct *M, slong K);

/* The workspace of nh_quantity_eval_ws (quantity.h): a point whose
   series blocks hold K terms (re-initialised when a call needs more)
   and a buffer of ncomps companion balls (grown on demand). */
struct nh_quantity_ws_s
{
    const nh_model_struct *M;
    _nh_qpoint_struct pt[1];
    arb_ptr comps;
    slong ncomps;
};

/* W's companion buffer with at least len balls (NULL if len is 0). */
arb_ptr _nh_quantity_ws_comps(nh_quantity_ws_struct *W, slong len);
void _nh_qpoint_clear(_nh_qpoint_struct *pt);
/* qb, vb set from q, v at precision prec (the geometry not computed). */
void _nh_qpoint_set(_nh_qpoint_struct *pt, const fmpq *q, const fmpq *v, slong prec);
/* The geometry at (q, v) at precision prec (qb, vb set from q, v). */
int _nh_qpoint_geom(_nh_qpoint_struct *pt, const fmpq *q, const fmpq *v, slong prec,
                    nh_error_t err);

/* Geometry, vD, h<k>, react<k> and the reduced fields from a computed
   point (vD and, for the series quantities, h and react set); extra as
   in nh_quantity_eval (3 n balls for the reduced fields, may be NULL). */
int _nh_quantity_eval_point(arb_ptr out, arb_ptr extra, const nh_quantity_struct *Q,
                            const _nh_qpoint_struct *pt, const nh_quantity_params *par,
                            slong prec, nh_error_t err);

/* Nonholonomic quantities (NH_QUANTITY_NH) at (q, v, par->t). */
int _nh_quantity_eval_nh(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                         const nh_model_struct *M, const fmpq *q, const fmpq *v,
                         const nh_quantity_params *par, slong prec, nh_error_t err);

/* The friction-realization quantities (NH_Q_FRICTION_*, issue 19) at
   (qb, t) with the velocity vel satisfying the affine constraints:
   vD = P(q, t) vel, nh_series_time_t (lib/quantity/quantity_friction.c). */
int _nh_quantity_eval_friction(arb_ptr out, int kind, const nh_model_struct *M, arb_srcptr qb,
                               const arb_t t, arb_srcptr vel, const nh_quantity_params *par,
                               slong prec, nh_error_t err);

/* The frame-coordinate quantities NH_Q_FRAME_V .. NH_Q_FRAME_DH1 at
   (q, t) (lib/quantity/quantity_framedyn.c): frame of nh_dyn_frame with
   the dependent coordinates par->dep; velocity vraw as given for
   frame_v, frame_full, frame_geodesic (off D allowed), completed from
   the constraints (nh_dyn_complete_velocity) for frame_h, frame_reduced,
   frame_Dh1; vel (n balls or NULL) receives the velocity used. */
int _nh_quantity_eval_framedyn(arb_ptr out, arb_ptr vel, int kind, const nh_model_struct *M,
                               arb_srcptr q, const arb_t t, arb_srcptr vraw,
                               const nh_quantity_params *par, slong prec, nh_error_t err);
/* Every entry of x[0..len) finite with radius <= 2^-acc times the
   block's scale (nh_quantity_block_scale; 2^-acc when the block is
   consistent with 0) (quantity_certify.c). */
int _nh_quantity_group_ok(arb_srcptr x, slong len, slong acc);
/* The value x of request Q (par; n, m of the model) accurate to acc
   bits: as a whole (group 0) or each row of length group. */
int _nh_quantity_req_ok(arb_srcptr x, const nh_quantity_struct *Q, const nh_quantity_params *par,
                        slong group, slong n, slong m, slong acc);

/* The quantities nh_quantity_certify(_t) support (geometry, vD, h<k>,
   react<k>, the reduced fields by the time route; else NH_ERR_USAGE
   "WHO: quantity ... not supported") and *K, the series terms they need
   (at least 1). */
int _nh_quantity_certify_terms(slong *K, const nh_quantity_struct *const *req,
                               const nh_quantity_params *par, slong nreq, const char *who,
                               nh_error_t err);
/* The driver of nh_quantity_certify(_t): the supported quantities and
   their series terms K (_nh_quantity_certify_terms), pt initialised
   for M and K, the loop nh_prec_loop(x_used, P, fn, data), NH_PREC_WIDE
   turned into NH_ERR_PRECISION "WHO: cannot certify ACC bits ...
   --max-prec MAX", pt cleared. */
int _nh_quantity_certify_loop(slong *x_used, _nh_qpoint_struct *pt, const nh_model_struct *M,
                              const nh_quantity_struct *const *req,
                              const nh_quantity_params *par, slong nreq,
                              const nh_prec_policy_struct *P, nh_prec_attempt_t fn, void *data,
                              const char *who, slong acc, slong max_prec, nh_error_t err);

/* The SODE extensions of 002 Sec 3 at a velocity off D (issue 21;
   lib/quantity/quantity_sode.c, quantity_sode2.c): shared pieces.
   _nh_quantity_sode_model: NH_ERR_MODEL (naming what) unless M is
   L = 1/2 G(v, v) - V with linear time-independent constraints.
   _nh_quantity_sode_aL: a_L = -Gamma(v, v) - G^-1 dV (n balls).
   _nh_quantity_der_along: sum_l v^l d_l J for an order-1 jet J of D->ctx.
   _nh_quantity_frame_velocity: the quasi-velocities va = F0inv v and
   w = v^al X_al'[v] in the frame W of nh_dyn_frame.
   _nh_quantity_proj_jets: G^-1 A^T (n x m) and S^-1 A (m x n) as order-1
   jets, S = A G^-1 A^T, for a metric G of D->ctx (the case's or a ghat;
   nonzero, no message, if not certified invertible); _nh_quantity_sode_proj
   the same for D->G (NH_ERR_DOMAIN).
   _nh_quantity_eval_sode: the quantities NH_Q_SODE_FIRST..NH_Q_SODE_LAST
   at (q, v) as given (no completion into D): out n balls, extra (may be
   NULL) the NH_QUANTITY_SODE_NROUTES route vectors (nh_quantity_nextra),
   vel (may be NULL) receives v. */
int _nh_quantity_sode_model(const nh_model_struct *M, const char *what, nh_error_t err);
int _nh_quantity_sode_aL(arb_ptr aL, const nh_dyn_t D, arb_srcptr v, slong prec, nh_error_t err);
void _nh_quantity_der_along(arb_t res, const nh_dyn_t D, arb_srcptr J, arb_srcptr v, slong prec);
void _nh_quantity_frame_velocity(arb_ptr va, arb_ptr w, const nh_dyn_frame_t W, const nh_dyn_t D,
                                 arb_srcptr v, slong prec);
int _nh_quantity_proj_jets(jet_mat_t GiAt, jet_mat_t Ms, const jet_mat_t G, const nh_dyn_t D,
                           slong prec);
int _nh_quantity_sode_proj(jet_mat_t GiAt, jet_mat_t Ms, const nh_dyn_t D, slong prec,
                           nh_error_t err);
int _nh_quantity_eval_sode(arb_ptr out, arb_ptr extra, arb_ptr vel, int kind,
                           const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                           const slong *dep, slong prec, nh_error_t err);

/* The metric of the ghat model (n x n balls, row-major) at the ball
   point q, and x^T Gh y for n-vectors x (stride xs), y (stride ys)
   (quantity_expdv.c; used by exp_gauss and prop8_gauss). */
int _nh_quantity_ghat_at(arb_ptr Gh, const nh_model_struct *ghat, arb_srcptr q, slong n,
                         slong prec, nh_error_t err);
void _nh_quantity_bilinear(arb_t res, arb_srcptr Gh, arb_srcptr x, slong xs, arb_srcptr y,
                           slong ys, slong n, slong prec);

#endif
