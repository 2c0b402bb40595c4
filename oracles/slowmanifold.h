/*
 * slowmanifold.h -- private to `nhoracle slowmanifold`
 * (oracles/cmd_slowmanifold.c, oracles/slowmanifold_report.c): the
 * command's options and the writers that print balls through the command
 * line's certified output (nh_out_*).  The study is lib/conv.h
 * (nh_conv_slow_series, _study, _certify) with its JSON writers
 * nh_conv_slow_points_json, nh_conv_slow_residual_json.
 */
#ifndef NH_SLOWMANIFOLD_H
#define NH_SLOWMANIFOLD_H

#include "cli.h"
#include "flow.h"
#include "conv.h"

#define SM_MAX_EPS 32
#define SM_DEFAULT_EPS "1/100,1/200,1/400,1/800,1/1600"

typedef struct
{
    slong order;
    slong neps;
    fmpq eps[SM_MAX_EPS];
    double tol;
    int quiet;
    const char *t_spec;  /* --t T0 (issue 19), NULL: 0 */
}
sm_opts;

/* (2) the eps-Taylor coefficients of w against h^(k) (text and JSON
   "coefficients") */
void sm_print_coefficients(nh_out_t out, const nh_conv_slow_struct *S, const nh_model_struct *M);
/* (3) the certified invariance residual (text and JSON "certified_residual") */
void sm_print_certified(nh_out_t out, const nh_conv_slow_struct *S, const sm_opts *o);

#endif
