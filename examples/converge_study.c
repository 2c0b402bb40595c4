/*
 * converge_study.c -- a convergence study from C (lib/conv.h): the
 * order-k reduced dynamics against the full friction system as eps -> 0,
 * on the vertical disk, printed as the TAP report of `nhoracle converge
 * --tap --no-timings` with the same options:
 *
 *     converge_study cases/vertical_disk.nh
 *     nhoracle converge cases/vertical_disk.nh --q theta=0.3 --v theta=1,varphi=2 \
 *         --T 1/2 --t1 1/4 --nt 2 --eps-geom 1e-2,1e-3,3 --kmax 1 --prec 128 \
 *         --tol 1e-14 --tap --no-timings --quiet
 *
 * The observed orders are ESTIMATES (least-squares slopes with 95%
 * intervals); the predicted order of k is k + 1 for data on D_eps.
 */
#include <stdio.h>
#include <stdlib.h>
#include "conv.h"

int
main(int argc, char **argv)
{
    nh_model_ptr M = NULL;
    nh_conv_opts_t o;
    nh_conv_result_t r;
    nh_conv_report_struct rep;
    nh_error_t err;
    char *tap;
    size_t len;
    slong bad = -1;
    int rc;

    if (argc != 2)
    {
        fprintf(stderr, "usage: %s vertical_disk.nh\n", argv[0]);
        return 1;
    }
    nh_error_init(err);
    rc = nh_model_load(&M, argv[1], err);
    if (rc != NH_OK)
    {
        fprintf(stderr, "converge_study: %s\n", err->msg);
        return rc;
    }
    nh_conv_opts_init(o, nh_model_n(M));         /* data on D_eps, lift order kmax + 3 */
    arb_set_si(o->q0 + 0, 3);                     /* theta = 3/10, as the CLI's "0.3" */
    arb_div_si(o->q0 + 0, o->q0 + 0, 10, 128);
    arb_set_si(o->v0 + 0, 1);                     /* theta' = 1, varphi' = 2 */
    arb_set_si(o->v0 + 3, 2);
    o->kmax = 1;
    fmpq_set_si(o->T, 1, 2);
    fmpq_set_si(o->t1, 1, 4);
    o->nt = 2;
    o->prec = 128;
    o->tol = 1e-14;
    o->progress = 0;
    nh_conv_opts_set_eps_geometric(o, 1e-2, 1e-3, 3);
    rc = nh_conv_study(r, M, o, err);
    if (rc == NH_OK)
    {
        nh_conv_report_init(&rep);
        rep.timings = 0;
        tap = nh_conv_tap(&len, &bad, r, o, M, &rep, o->prec);
        fwrite(tap, 1, len, stdout);
        free(tap);
        nh_conv_result_clear(r);
    }
    else
        fprintf(stderr, "converge_study: %s\n", err->msg);
    nh_conv_opts_clear(o);
    nh_model_free(M);
    flint_cleanup();
    return rc != NH_OK ? rc : (bad >= 0 ? 10 : 0);
}
