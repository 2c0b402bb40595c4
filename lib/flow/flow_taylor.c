/*
 * flow_taylor.c -- certified trajectories of the nonholonomic and full
 * friction systems (flow.h, nh_flow_certified): the right-hand side of
 * flow_taylor_field.c integrated by the validated Taylor integrator of
 * lib/taylor.h.
 */
#include "impl.h"
#include "nhdyn.h"
#include "geom.h"

/* _nh_flow_check_start at the model time tstart (NULL: 0) */
static int
flow_check_start_at(const nh_model_struct *M, int system, const arb_t eps, arb_srcptr q0,
                    arb_srcptr v0, const arb_struct *tstart, slong prec, nh_error_t err)
{
    nh_dyn_t D;
    arb_t t;
    arb_ptr res;
    int rc;

    if (system == NH_FLOW_FULL)
    {
        if (eps == NULL || !arb_is_positive(eps))
            return nh_error_set(err, NH_ERR_USAGE, "the full system needs eps > 0");
        if (nh_model_is_linear_autonomous(M))
            return NH_OK;
        /* time-dependent / affine models (proofs/020): an explicit
           friction block, G and mu_bar SPD and A of rank m at (q0, t = 0);
           the messages name the quantity, the point and the time */
        arb_init(t);
        if (tstart != NULL)
            arb_set(t, tstart);
        rc = nh_geom_check_point_time(M, q0, t, prec, err);
        arb_clear(t);
        if (rc != NH_OK)
            nh_error_prefix(err, "full friction system: ");
        return rc;
    }
    if (system != NH_FLOW_NH)
        return nh_error_set(err, NH_ERR_USAGE, "unknown system %d", system);
    arb_init(t);
    if (tstart != NULL)
        arb_set(t, tstart);
    res = _arb_vec_init(nh_model_m(M));
    nh_dyn_init(D, M);
    rc = nh_dyn_set_point(D, M, q0, t, NULL, prec, err);
    if (rc == NH_OK)
        rc = nh_dyn_check_constraints(res, D, M, v0, prec, err);
    nh_dyn_clear(D);
    _arb_vec_clear(res, nh_model_m(M));
    arb_clear(t);
    return rc;
}

int
_nh_flow_check_start(const nh_model_struct *M, int system, const arb_t eps, arb_srcptr q0,
            arb_srcptr v0, slong prec, nh_error_t err)
{
    return flow_check_start_at(M, system, eps, q0, v0, NULL, prec, err);
}

int
_nh_flow_certified_run(arb_ptr q_out, arb_ptr v_out, nh_flow_taylor_struct *S,
                       const arb_struct *tstart, arb_srcptr q0, arb_srcptr v0,
                       arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                       nh_taylor_stats_t st, slong prec, nh_error_t err)
{
    slong n = S->n, j;
    arb_ptr x0, xo;
    arb_t t0;
    int rc;

    x0 = _arb_vec_init(2 * n);
    xo = _arb_vec_init(2 * n * nt);
    arb_init(t0);
    if (tstart != NULL)
        arb_set(t0, tstart);
    _arb_vec_set(x0, q0, n);
    _arb_vec_set(x0 + n, v0, n);
    rc = nh_taylor_integrate(xo, nh_flow_taylor_rhs, S, 2 * n, x0, t0, times, nt, opts, st,
                             prec, err);
    if (rc == NH_OK)
        for (j = 0; j < nt; j++)
        {
            _arb_vec_set(q_out + j * n, xo + 2 * n * j, n);
            _arb_vec_set(v_out + j * n, xo + 2 * n * j + n, n);
        }
    _arb_vec_clear(x0, 2 * n);
    _arb_vec_clear(xo, 2 * n * nt);
    arb_clear(t0);
    return rc;
}

int
nh_flow_certified(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M, int system,
                  const arb_t eps, arb_srcptr q0, arb_srcptr v0, arb_srcptr times,
                  slong nt, const nh_taylor_opts_t opts, nh_taylor_stats_t st,
                  slong prec, nh_error_t err)
{
    return nh_flow_certified_from(q_out, v_out, M, system, eps, NULL, q0, v0, times, nt, opts,
                                  st, prec, err);
}

int
nh_flow_certified_from(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M, int system,
                       const arb_t eps, const arb_struct *tstart, arb_srcptr q0,
                       arb_srcptr v0, arb_srcptr times, slong nt,
                       const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                       nh_error_t err)
{
    nh_flow_taylor_t S;
    nh_taylor_opts_t o2;
    int rc;

    if (system == NH_FLOW_REDUCED)
        return nh_error_set(err, NH_ERR_USAGE, "nh_flow_certified: the reduced system needs "
                            "its order (nh_flow_certified_reduced)");
    if ((rc = flow_check_start_at(M, system, eps, q0, v0, tstart, prec, err)) != NH_OK)
        return rc;
    nh_flow_taylor_init(S, M, system, eps);
    /* the full system is stiff (eigenvalues ~ -1/eps): the higher default
       order of nh_taylor_order (taylor.h) */
    *o2 = *opts;
    o2->stiff = o2->stiff || (system == NH_FLOW_FULL);
    if (system == NH_FLOW_FULL)
    {
        rc = _nh_flow_certified_stiff(q_out, v_out, M, eps, tstart, q0, v0, times, nt, opts,
                                      st, prec, err);
        if (rc != NH_FLOW_STIFF_SKIP)
        {
            nh_flow_taylor_clear(S);
            return rc;
        }
    }
    rc = _nh_flow_certified_run(q_out, v_out, S, tstart, q0, v0, times, nt, o2, st, prec, err);
    nh_flow_taylor_clear(S);
    return rc;
}
