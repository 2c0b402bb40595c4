/* conv/impl.h -- private helpers of the conv module (not installed). */
#ifndef NH_CONV_INTERNAL_H
#define NH_CONV_INTERNAL_H

#include "conv.h"

/* The initial data of the study at one eps (conv_init.c): q0 = o->q0
   rounded to prec, vD0 = P(q0) v0 (the reduced systems' start, paper
   000 (69)-(71)) and v0' the full system's start: the order-L lift
   vD0 + sum_{j<=L} eps^j h^(j)(q0, vD0) (nh_flow_lift, 000 (66)
   truncated; L = o->lift_order, -1: kmax + 3) for NH_CONV_INIT_DEPS,
   vD0 for NH_CONV_INIT_D.  n balls each.  Errors: those of nh_project_D
   and nh_flow_lift. */
int _nh_conv_initial(arb_ptr q0, arb_ptr vD0, arb_ptr v0, const nh_model_struct *M,
                     const nh_conv_opts_struct *o, const arb_t eps, slong prec, nh_error_t err);

/* Time-dependent or affine models (issue 19, proofs/020): q0 as above,
   vD0 = P(q0, 0) v0 (nh_project_D_t at model time 0) and v0' =
   nh_flow_lift_t(q0, 0, vD0) of order L for NH_CONV_INIT_DEPS, of order 0
   (vD0 + v_p, the ideal constraint set) for NH_CONV_INIT_D. */

/* The defect of defect_at (conv_study.c) for a time-dependent or affine
   model at the model time t (issue 19): qdot = v and udot = d/dt (P v)
   = (dP/dt) v + P F(q, v, t) of the full solution (the friction term lies
   in D_perp) against the order-k fields of nh_reduced_field_t at (q, t,
   u = P(q, t) v), k = 0..kmax (defect: kmax + 1 doubles, estimates).
   Errors: those of nh_project_D_t, nh_series_time_t (rank loss names the
   time). */
int _nh_conv_defect_t(double *defect, const nh_model_struct *M, const arb_t t, arb_srcptr q,
                      arb_srcptr v, slong kmax, const arb_t eps, slong prec, nh_error_t err);

/* max_i |mid(x_i) - mid(y_i)| over n balls, an estimate (conv_study.c). */
double _nh_conv_vec_max_diff(arb_srcptr x, arb_srcptr y, slong n, slong prec);

double _nh_conv_now(void);

#endif
