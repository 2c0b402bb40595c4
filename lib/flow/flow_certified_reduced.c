/*
 * flow_certified_reduced.c -- certified trajectories of the order-k
 * reduced systems (flow.h, nh_flow_certified_reduced; paper 000
 * (69)-(71)): the right-hand side NH_FLOW_REDUCED of
 * flow_taylor_reduced.c integrated by lib/taylor.h in the state (q, vD),
 * then lifted to v = vD + sum_{j<=k} eps^j h^(j) (000 eq (66)) at the
 * enclosed states.  k = 0 is the nonholonomic system NH_FLOW_NH.
 * Time-dependent / affine models (issue 19, proofs/020 (A2)-(A5) and
 * "The certified reduced systems"): the state (q, u), u in D(q, t), from
 * the model time t0, lifted to v = u + v_p + sum_{j<=k} eps^j h^(j)(q, t, u)
 * by nh_flow_lift_t.
 */
#include "impl.h"
#include "series.h"

/* v_out (nt*n) := the lift of order k of (q_out, v_out) at the model
   times tstart + times[j] (tstart NULL: 0). */
static int
lift_all(arb_ptr v_out, const nh_model_struct *M, arb_srcptr q_out, const arb_struct *tstart,
         arb_srcptr times, slong nt, slong k, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), j;
    arb_ptr w = _arb_vec_init(n);
    arb_t t;
    int rc = NH_OK;

    arb_init(t);
    for (j = 0; j < nt && rc == NH_OK; j++)
    {
        if (tstart != NULL)
            arb_add(t, tstart, times + j, prec);
        else
            arb_set(t, times + j);
        rc = nh_model_is_linear_autonomous(M)
            ? nh_flow_lift(w, M, q_out + j * n, v_out + j * n, k, eps, prec, err)
            : nh_flow_lift_t(w, M, q_out + j * n, t, v_out + j * n, k, eps, prec, err);
        if (rc == NH_OK)
            _arb_vec_set(v_out + j * n, w, n);
        else
            nh_error_prefix(err, "lift of the certified state to v = vD + sum eps^j h^(j): ");
    }
    _arb_vec_clear(w, n);
    arb_clear(t);
    return rc;
}

int
nh_flow_certified_reduced(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                          slong k, const arb_t eps, arb_srcptr q0, arb_srcptr vD0,
                          arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                          nh_taylor_stats_t st, slong prec, nh_error_t err)
{
    nh_flow_taylor_t S;
    int rc;

    if (k < 0 || k > NH_FLOW_REDUCED_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "certified reduced system of order k = %ld: "
                            "supported 0..%d", (long) k, NH_FLOW_REDUCED_MAX_ORDER);
    if (k == 0)
        return nh_flow_certified(q_out, v_out, M, NH_FLOW_NH, eps, q0, vD0, times, nt, opts,
                                 st, prec, err);
    if (!nh_model_is_linear_autonomous(M))
        return nh_flow_certified_reduced_t(q_out, v_out, M, k, eps, NULL, q0, vD0, times, nt,
                                           opts, st, prec, err);
    if (eps == NULL || !arb_is_positive(eps))
        return nh_error_set(err, NH_ERR_USAGE, "the reduced system of order k = %ld needs "
                            "eps > 0", (long) k);
    if ((rc = _nh_flow_check_start(M, NH_FLOW_NH, eps, q0, vD0, prec, err)) != NH_OK)
        return rc;
    nh_flow_taylor_init_reduced(S, M, k, eps);
    rc = _nh_flow_certified_run(q_out, v_out, S, NULL, q0, vD0, times, nt, opts, st, prec,
                                err);
    nh_flow_taylor_clear(S);
    /* v_out holds vD: lift each enclosed state (balls in, balls out) */
    if (rc == NH_OK)
        rc = lift_all(v_out, M, q_out, NULL, times, nt, k, eps, prec, err);
    return rc;
}

/* The start of a time-dependent / affine model at (q0, t0): the checks of
   nh_geom_check_point_time (by nh_project_D_t), u0 in D(q0, t0) (not
   certainly violated), and v0 = u0 + v_p(q0, t0). */
static int
start_t(arb_ptr v0, const nh_model_struct *M, const arb_t t0, arb_srcptr q0, arb_srcptr u0,
        slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i;
    arb_ptr Pu = _arb_vec_init(n), vp = _arb_vec_init(n);
    arb_t d;
    int rc;

    arb_init(d);
    rc = nh_project_D_t(Pu, vp, M, q0, t0, u0, prec, err);
    for (i = 0; i < n && rc == NH_OK; i++)
    {
        arb_sub(d, u0 + i, Pu + i, prec);
        if (!arb_contains_zero(d))
            rc = nh_error_set(err, NH_ERR_DOMAIN, "the start velocity u0 is not in D(q0, t0) "
                              "(component %s of u0 - P u0 is certainly nonzero; project it "
                              "with nh_project_D_t)", nh_model_coord_name(M, i));
    }
    if (rc == NH_OK)
        _arb_vec_add(v0, u0, vp, n, prec);
    else
        nh_error_prefix(err, "reduced system at t0: ");
    arb_clear(d);
    _arb_vec_clear(Pu, n);
    _arb_vec_clear(vp, n);
    return rc;
}

int
nh_flow_certified_reduced_t(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                            slong k, const arb_t eps, const arb_struct *tstart, arb_srcptr q0,
                            arb_srcptr u0, arb_srcptr times, slong nt,
                            const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                            nh_error_t err)
{
    slong n = nh_model_n(M), j;
    nh_flow_taylor_t S;
    arb_ptr tabs, v0;
    arb_t t0;
    int rc;

    if (nh_model_is_linear_autonomous(M))
        return nh_flow_certified_reduced(q_out, v_out, M, k, eps, q0, u0, times, nt, opts, st,
                                         prec, err);
    if (k < 0 || k > NH_FLOW_REDUCED_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "certified reduced system of order k = %ld: "
                            "supported 0..%d", (long) k, NH_FLOW_REDUCED_MAX_ORDER);
    if (!nh_model_has_friction(M) || nh_model_has_oneform(M) || nh_model_has_force(M)
        || nh_model_has_damping(M))
        return nh_error_set(err, NH_ERR_MODEL, "the certified reduced system of order k = %ld "
                            "needs a model of the original class of paper 000 (no t, linear "
                            "constraints, no one-form, force or damping) or a time-dependent / "
                            "affine one with a 'friction' block and no one-form, force or "
                            "damping (proofs/020); model %s is neither", (long) k,
                            nh_model_name(M));
    if (k > 0 && (eps == NULL || !arb_is_positive(eps)))
        return nh_error_set(err, NH_ERR_USAGE, "the reduced system of order k = %ld needs "
                            "eps > 0", (long) k);
    arb_init(t0);
    if (tstart != NULL)
        arb_set(t0, tstart);
    tabs = _arb_vec_init(nt);
    v0 = _arb_vec_init(n);
    for (j = 0; j < nt; j++)
        arb_add(tabs + j, t0, times + j, prec);
    rc = start_t(v0, M, t0, q0, u0, prec, err);
    if (rc == NH_OK && k == 0)
    {
        /* the ideal constraint dynamics from v0 = u0 + v_p (proofs/020 (A6)) */
        nh_flow_taylor_init(S, M, NH_FLOW_NH, NULL);
        rc = _nh_flow_certified_run(q_out, v_out, S, t0, q0, v0, tabs, nt, opts, st, prec, err);
        nh_flow_taylor_clear(S);
    }
    else if (rc == NH_OK)
    {
        nh_flow_taylor_init_reduced(S, M, k, eps);
        rc = _nh_flow_certified_run(q_out, v_out, S, t0, q0, u0, tabs, nt, opts, st, prec,
                                    err);
        nh_flow_taylor_clear(S);
        if (rc == NH_OK)
            rc = lift_all(v_out, M, q_out, t0, times, nt, k, eps, prec, err);
    }
    _arb_vec_clear(tabs, nt);
    _arb_vec_clear(v0, n);
    arb_clear(t0);
    return rc;
}
