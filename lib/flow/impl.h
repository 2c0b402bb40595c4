/* flow/impl.h -- private helpers of the flow module (not installed). */
#ifndef NH_FLOW_INTERNAL_H
#define NH_FLOW_INTERNAL_H

#include "flow.h"

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
_nh_flow_field_struct;

void _nh_flow_field_init(_nh_flow_field_struct *f, const nh_model_struct *M, slong prec);
void _nh_flow_field_clear(_nh_flow_field_struct *f);
int _nh_flow_field_eval(arb_ptr dv, _nh_flow_field_struct *f, arb_srcptr q, arb_srcptr v,
                       const arb_t eps, nh_error_t err);

/* x += sign sum_{j=1}^{K} eps^j h^(j) (n balls in place; sign = +1 or -1:
   arb_addmul / arb_submul; h: K*n balls, h^(j) at (j-1)*n; eps^j by
   repeated multiplication at prec): the truncated series of paper 000
   eq (66), for nh_flow_lift and nh_flow_slow_residual. */
void _nh_flow_eps_series(arb_ptr x, arb_srcptr h, slong K, const arb_t eps, int sign, slong n,
                         slong prec);

#endif
