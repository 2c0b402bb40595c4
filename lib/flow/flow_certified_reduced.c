/*
 * flow_certified_reduced.c -- certified trajectories of the order-k
 * reduced systems (flow.h, nh_flow_certified_reduced; paper 000
 * (69)-(71)): the right-hand side NH_FLOW_REDUCED of
 * flow_taylor_reduced.c integrated by lib/taylor.h in the state (q, vD),
 * then lifted to v = vD + sum_{j<=k} eps^j h^(j) (000 eq (66)) at the
 * enclosed states.  k = 0 is the nonholonomic system NH_FLOW_NH.
 */
#include "impl.h"

int
nh_flow_certified_reduced(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                          slong k, const arb_t eps, arb_srcptr q0, arb_srcptr vD0,
                          arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                          nh_taylor_stats_t st, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), j;
    nh_flow_taylor_t S;
    arb_ptr w;
    int rc;

    if (k < 0 || k > NH_FLOW_REDUCED_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "certified reduced system of order k = %ld: "
                            "supported 0..%d", (long) k, NH_FLOW_REDUCED_MAX_ORDER);
    if (k == 0)
        return nh_flow_certified(q_out, v_out, M, NH_FLOW_NH, eps, q0, vD0, times, nt, opts,
                                 st, prec, err);
    if (!nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_MODEL, "the reduced system of order k = %ld needs a "
                            "model of the original class of paper 000 (no t, linear "
                            "constraints, no one-form, force or damping)", (long) k);
    if (eps == NULL || !arb_is_positive(eps))
        return nh_error_set(err, NH_ERR_USAGE, "the reduced system of order k = %ld needs "
                            "eps > 0", (long) k);
    if ((rc = _nh_flow_check_start(M, NH_FLOW_NH, eps, q0, vD0, prec, err)) != NH_OK)
        return rc;
    nh_flow_taylor_init_reduced(S, M, k, eps);
    rc = _nh_flow_certified_run(q_out, v_out, S, q0, vD0, times, nt, opts, st, prec, err);
    nh_flow_taylor_clear(S);
    /* v_out holds vD: lift each enclosed state (balls in, balls out) */
    w = _arb_vec_init(n);
    for (j = 0; j < nt && rc == NH_OK; j++)
    {
        rc = nh_flow_lift(w, M, q_out + j * n, v_out + j * n, k, eps, prec, err);
        if (rc == NH_OK)
            _arb_vec_set(v_out + j * n, w, n);
        else
            nh_error_prefix(err, "lift of the certified state to v = vD + sum eps^j h^(j): ");
    }
    _arb_vec_clear(w, n);
    return rc;
}
