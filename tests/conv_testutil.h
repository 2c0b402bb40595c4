/*
 * conv_testutil.h -- the linear plane shared by the convergence-study
 * tests (t-conv_study.c, t-conv_field.c).  Header-only test helper.
 *
 * Model: unit point mass in the plane, G = I, V = g y (g = 2), one
 * constraint a = dy (D = span(d/dx)).  Its closed form (t-conv_study.c,
 * part 1): the slow manifold is exactly y' = -g eps, the full solution
 * from q = (0, 1), v = (1, 0) is x = t, y = 1 - g eps t.
 */
#ifndef NH_CONV_TESTUTIL_H
#define NH_CONV_TESTUTIL_H

#include "conv.h"

static const char *conv_test_plane_model =
    "model linear_plane\n"
    "coordinates x, y\n"
    "parameter g = 2\n"
    "metric diagonal: 1, 1\n"
    "potential: g*y\n"
    "constraint: dy\n";

/* initialise o (n = 2) for the plane study: q0 = (0, 1), v0 = (1, 0),
   order k = 0 only, nt = 3 output times in [t1, T] = [1/2, 1], no
   progress output, eps = 1e-2, 1e-3, 1e-4 (geometric).  The caller
   clears o with nh_conv_opts_clear. */
static void
conv_test_plane_opts(nh_conv_opts_t o)
{
    nh_conv_opts_init(o, 2);
    arb_set_si(o->q0 + 1, 1);
    arb_set_si(o->v0 + 0, 1);
    o->kmax = 0;
    o->nt = 3;
    fmpq_set_si(o->T, 1, 1);
    fmpq_set_si(o->t1, 1, 2);
    o->progress = 0;
    nh_conv_opts_set_eps_geometric(o, 1e-2, 1e-4, 3);
}

#endif
