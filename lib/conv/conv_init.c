/*
 * conv_init.c -- the initial data shared by the estimated study
 * (conv_study.c) and its certified part (conv_certified.c): see impl.h.
 */
#include <time.h>
#include "impl.h"

int
_nh_conv_initial(arb_ptr q0, arb_ptr vD0, arb_ptr v0, const nh_model_struct *M,
                 const nh_conv_opts_struct *o, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    slong lift = o->lift_order >= 0 ? o->lift_order : o->kmax + 3;
    int rc;

    _arb_vec_set_round(q0, o->q0, n, prec);
    if (!nh_model_is_linear_autonomous(M))
    {
        arb_t t0;
        arb_init(t0);          /* model time 0, the start of every run */
        rc = nh_project_D_t(vD0, NULL, M, q0, t0, o->v0, prec, err);
        if (rc == NH_OK)
            rc = nh_flow_lift_t(v0, M, q0, t0, vD0, o->init == NH_CONV_INIT_DEPS ? lift : 0,
                                eps, prec, err);
        arb_clear(t0);
        return rc;
    }
    rc = nh_project_D(vD0, M, q0, o->v0, prec, err);
    if (rc != NH_OK)
        return rc;
    if (o->init == NH_CONV_INIT_DEPS)
        return nh_flow_lift(v0, M, q0, vD0, lift, eps, prec, err);
    _arb_vec_set(v0, vD0, n);
    return NH_OK;
}

double
_nh_conv_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}
