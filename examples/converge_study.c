/*
 * converge_study.c -- a convergence study with the installed library
 * (doc/tutorial-c.md, step 3; doc/convergence.md): the full friction
 * system against the order-k reduced systems, k = 0..KMAX, for eps =
 * 1e-1, 1e-1.5, 1e-2, on [0, 1] with the max window [1/10, 1] and 3
 * output times (nh_conv_study).  What `nhoracle converge CASE --q Q --v V
 * --eps-geom 1e-1,1e-2,3 --kmax KMAX --T 1 --nt 3` computes.
 *
 *     cc converge_study.c -o converge_study $(pkg-config --cflags --libs nhoracle)
 *     ./converge_study cases/vertical_disk.nh theta=0.3 theta=1,varphi=2 1
 *
 * Output: one line per order k and error quantity,
 *     k KEY observed ci_lo ci_hi predicted
 * KEY one of q_T, v_T, q_max, v_max, defect_max (nh_conv_quantity_key);
 * observed: the least-squares slope of log(error) against log(eps), an
 * ESTIMATE with its 95% confidence interval [ci_lo, ci_hi];
 * predicted: the order of paper 000 Thm 3 (nh_conv_predicted).  Exit
 * status: the NH_ERR_* code of the failing call (message on stderr).
 */
#include <stdio.h>
#include <stdlib.h>
#include <nhoracle/nhoracle.h>

int
main(int argc, char **argv)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_conv_opts_t o;
    nh_conv_result_t r;
    slong k, n = 0;
    int w, rc, have_opts = 0;

    if (argc != 5)
    {
        fprintf(stderr, "usage: converge_study CASE.nh Q V KMAX\n");
        return NH_ERR_USAGE;
    }
    nh_error_init(err);
    rc = nh_model_load(&M, argv[1], err);
    if (rc == NH_OK)
    {
        n = nh_model_n(M);
        nh_conv_opts_init(o, n);           /* defaults: tolerances, precision, init D_eps */
        have_opts = 1;
        o->kmax = atol(argv[4]);
        nh_conv_opts_set_eps_geometric(o, 1e-1, 1e-2, 3);
        fmpq_set_si(o->T, 1, 1);
        fmpq_set_si(o->t1, 1, 10);
        o->nt = 3;
        o->progress = 0;
        rc = nh_model_parse_point(o->q0, M, argv[2], "q", o->prec, err);
    }
    if (rc == NH_OK)
        rc = nh_model_parse_point(o->v0, M, argv[3], "v", o->prec, err);
    if (rc == NH_OK)
        rc = nh_conv_study(r, M, o, err);
    if (rc == NH_OK)
    {
        for (k = 0; k <= o->kmax; k++)
            for (w = 0; w < NH_CONV_NQ; w++)
            {
                const nh_conv_fit_struct *f = r->fit + k * NH_CONV_NQ + w;
                printf("%ld %s %.17g %.17g %.17g %g\n", (long) k, nh_conv_quantity_key(w),
                       f->slope, f->ci_lo, f->ci_hi, r->predicted[k * NH_CONV_NQ + w]);
            }
        nh_conv_result_clear(r);
    }
    else
        fprintf(stderr, "converge_study: %s\n", err->msg);
    if (have_opts)
        nh_conv_opts_clear(o);
    nh_model_free(M);
    flint_cleanup();
    return rc;
}
