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

double _nh_conv_now(void);

#endif
