/*
 * conv_slow_run.c -- the slow-manifold study in one call (lib/conv.h,
 * `nhoracle slowmanifold`): the series, the shooting study and the
 * certified invariance residual.
 */
#include "impl.h"

void
nh_conv_slow_opts_init(nh_conv_slow_opts_struct *o)
{
    o->eps = NULL;
    o->neps = 0;
    o->tol = 1e-24;
    o->quiet = 0;
    o->progress = NULL;
    o->progress_data = NULL;
    o->prec = 128;
}

int
nh_conv_slow_run(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                 const nh_conv_slow_opts_struct *o, nh_error_t err)
{
    nh_ode_opts_t oo;
    int rc;
    if (o->eps == NULL || o->neps != S->neps)
        return nh_error_set(err, NH_ERR_USAGE, "nh_conv_slow_run: %ld eps values for a study "
                            "of %ld", (long) o->neps, (long) S->neps);
    nh_ode_opts_init(oo);
    oo->prec = o->prec;
    oo->rtol = oo->atol = o->tol;
    oo->quiet = o->quiet ? 1 : 0;
    rc = nh_conv_slow_series(S, M, q, v, o->prec, err);
    if (rc == NH_OK)
        rc = nh_conv_slow_study(S, M, q, o->eps, oo, o->progress, o->progress_data, o->prec, err);
    if (rc == NH_OK)
        rc = nh_conv_slow_certify(S, M, q, o->eps, o->prec, err);
    return rc;
}
