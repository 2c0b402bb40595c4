/*
 * bench_capd_pendulum.c -- width growth of the certified Taylor integrator
 * (nh_flow_certified, NH_FLOW_NH; lib/flow.h, lib/taylor.h) on the forced
 * pendulum of CAPD's example ITimeMapSolutionCurveExample.cpp
 * (https://github.com/CAPDGroup/CAPD, capdDynSys4/examples/odesrig/;
 * x'' = sin(t) - sin(x), x(4) = 1, x'(4) = 2, t from 4 to 10, order 20,
 * IEEE double intervals), written as bench/capd_forced_pendulum.nh with
 * the time shifted by 4.  doc/bench.md "CAPD comparison".
 *
 * Usage: bench/bench_capd_pendulum MODEL PREC [ORDER]
 *   MODEL  bench/capd_forced_pendulum.nh; PREC bits; ORDER the Taylor
 *   order p (0 or absent: the default of nh_taylor_order, lib/taylor.h).
 * Prints the steps and, at t = 1..6 (CAPD's t = 5..10), the internal
 * radii of x and x' (mag of the Arb balls: certified upper bounds, not
 * floored by a decimal output) and the width 2 rad in units of 2^-prec;
 * with max_width 1 so the growth itself is shown.  Exit 0, or 1 with the
 * error message.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "flow.h"

#define NT 6

static void
report(arb_srcptr q, arb_srcptr v, slong prec)
{
    slong j;
    for (j = 0; j < NT; j++)
    {
        double rx = mag_get_d(arb_radref(q + 2 * j)), rv = mag_get_d(arb_radref(v + 2 * j));
        printf("t = %ld (CAPD t = %ld): x = ", (long) j + 1, (long) j + 5);
        arb_printn(q + 2 * j, 17, 0);
        printf(", x' = ");
        arb_printn(v + 2 * j, 17, 0);
        printf("\n    rad x %.3e, rad x' %.3e; width 2 rad = %.0f, %.0f units of 2^-%ld\n",
               rx, rv, 2 * ldexp(rx, (int) prec), 2 * ldexp(rv, (int) prec), (long) prec);
    }
}

int
main(int argc, char **argv)
{
    slong prec = argc > 2 ? atol(argv[2]) : 0, j;
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_taylor_opts_t o;
    nh_taylor_stats_t st;
    arb_ptr q0 = _arb_vec_init(2), v0 = _arb_vec_init(2), q = _arb_vec_init(2 * NT),
        v = _arb_vec_init(2 * NT), T = _arb_vec_init(NT);
    int rc;

    nh_error_init(err);
    if (argc < 3 || prec < 16)
    {
        fprintf(stderr, "usage: %s MODEL PREC [ORDER]\n", argv[0]);
        return 1;
    }
    rc = nh_model_load(&M, argv[1], err);
    arb_set_si(q0 + 0, 1);                  /* x = 1, z = 0 */
    arb_set_si(v0 + 0, 2);                  /* x' = 2, z' = 0 */
    for (j = 0; j < NT; j++)
        arb_set_si(T + j, j + 1);
    nh_taylor_opts_init(o);
    o->order = argc > 3 ? atol(argv[3]) : 0;
    o->max_width = 1;
    if (rc == NH_OK)
        rc = nh_flow_certified(q, v, M, NH_FLOW_NH, NULL, q0, v0, T, NT, o, st, prec, err);
    if (rc == NH_OK)
    {
        printf("prec %ld, order %ld, %ld steps\n", (long) prec,
               (long) nh_taylor_order(o, prec), (long) st->steps);
        report(q, v, prec);
    }
    else
        fprintf(stderr, "bench_capd_pendulum: %s\n", err->msg);
    if (M != NULL)
        nh_model_free(M);
    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2); _arb_vec_clear(q, 2 * NT);
    _arb_vec_clear(v, 2 * NT); _arb_vec_clear(T, NT);
    flint_cleanup();
    return rc == NH_OK ? 0 : 1;
}
