/*
 * flow_certified_reduced.c -- certified trajectory of the order-k reduced
 * dynamics (flow.h, nh_flow_certified_reduced).
 *
 * TEMPORARY (branch i14c): only k = 0 is certified here, as the
 * nonholonomic dynamics (paper 000 (69)-(70): the order-0 reduced field
 * is the Lagrange-d'Alembert field on D) through nh_flow_certified
 * (NH_FLOW_NH).  The entry point and its contract were fixed by the lead
 * for branch i14r, whose implementation (all k) replaces this file at
 * merge.
 */
#include "impl.h"

int
nh_flow_certified_reduced(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M, slong k,
                          const arb_t eps, arb_srcptr q0, arb_srcptr vD0, arb_srcptr times,
                          slong nt, const nh_taylor_opts_t opts, nh_taylor_stats_t st,
                          slong prec, nh_error_t err)
{
    (void) eps;
    if (k < 0)
        return nh_error_set(err, NH_ERR_USAGE, "reduced dynamics: order k = %ld < 0", (long) k);
    if (k >= 1)
        return nh_error_set(err, NH_ERR_USAGE, "order %ld reduced dynamics not certified yet",
                            (long) k);
    /* k = 0: v = vD, the nonholonomic dynamics from (q0, vD0) */
    return nh_flow_certified(q_out, v_out, M, NH_FLOW_NH, NULL, q0, vD0, times, nt, opts, st,
                             prec, err);
}
