/*
 * t-conv_study.c -- the convergence study (nh_conv_study, conv.h).
 *
 * 1. Closed form.  Model: unit point mass in the plane, G = I,
 *    V = g y, one constraint a = dy with mu_bar = 1.  Full system
 *    (paper 000 (39)-(40)): x'' = 0, y'' = -g - y'/eps.  The slow
 *    manifold is exactly y' = -g eps (it is invariant: y'' = 0 there), so
 *    h^(1) = (0, -g) and h^(j) = 0 for j >= 2.  From q = (0, 1),
 *    v = (1, 0) (in D) lifted to D_eps, the full solution is
 *    x = t, y = 1 - g eps t, v = (1, -g eps).  The order-0 reduced system
 *    (nonholonomic: y' = 0) gives x = t, y = 1, v = (1, 0).  Hence at any
 *    t: |q_full - q_0| = g eps t, |v_full - v_0| = g eps (max norm), and
 *    the defect w.r.t. X_0 along the full solution is
 *    max(|v - vD|, |vDdot - 0|) = max(g eps, |P F|) = g eps (P F = 0:
 *    F = (0, -g) is normal to D).  So every quantity has slope exactly 1.
 * 2. The order of the disk study (short horizon): the theory (paper 000
 *    Sec 4, reduction of order k on a finite horizon with data on D_eps)
 *    predicts slope k+1; asserted within 0.15 for k = 0 (k = 1 is in
 *    tests/e2e-converge.sh; kept small here for valgrind runs).
 * 3. Refusal: when the tolerance may not be tightened (min_tol = tol) and
 *    the required ratio cannot be met, NH_ERR_PRECISION naming eps and k.
 * 4. Every reported difference exceeds ratio times its integration error.
 * 5. The predicted orders min(k+1, L+2) (conv.h); the geometric eps sequence: exact decimals 1/100, 1/1000, 1/10000
 *    at the ends and 6 significant digits in between.
 */
#include <math.h>
#include <string.h>
#include "conv.h"
#include "tap.h"
#include "conv_testutil.h"

int
main(void)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_conv_opts_t o;
    nh_conv_result_t r;
    slong i;
    int rc;

    tap_plan(13);
    nh_error_init(err);

    /* 5. eps sequence */
    {
        fmpq_t a;
        int good = 1;
        fmpq_init(a);
        nh_conv_opts_init(o, 1);
        nh_conv_opts_set_eps_geometric(o, 1e-2, 1e-4, 5);
        fmpq_set_si(a, 1, 100);
        good = good && fmpq_equal(a, o->eps + 0);
        fmpq_set_si(a, 1, 1000);
        good = good && fmpq_equal(a, o->eps + 2);
        fmpq_set_si(a, 1, 10000);
        good = good && fmpq_equal(a, o->eps + 4);
        fmpq_set_si(a, 316228, 100000000);   /* 10^-2.5 = 0.00316227766 */
        good = good && fmpq_equal(a, o->eps + 1);
        tap_ok(good, "geometric eps 1e-2..1e-4, 5 values: exact decimals");
        nh_conv_opts_clear(o);
        fmpq_clear(a);
    }
    tap_ok(nh_conv_predicted(NH_CONV_INIT_DEPS, 5, 2, NH_CONV_Q_T, 0) == 3
           && nh_conv_predicted(NH_CONV_INIT_DEPS, 1, 2, NH_CONV_Q_T, 0) == 3
           && nh_conv_predicted(NH_CONV_INIT_DEPS, 1, 3, NH_CONV_Q_T, 0) == 3
           && nh_conv_predicted(NH_CONV_INIT_D, 5, 2, NH_CONV_V_MAX, 0) == 2
           && nh_conv_predicted(NH_CONV_INIT_D, 5, 0, NH_CONV_Q_T, 0) == 1
           && nh_conv_predicted(NH_CONV_INIT_D, 5, 2, NH_CONV_DEFECT, 0) == 3
           && nh_conv_predicted(NH_CONV_INIT_D, 5, 2, NH_CONV_DEFECT, 1) == 1
           && nh_conv_predicted(NH_CONV_INIT_D, 5, 2, NH_CONV_V_MAX, 1) == 1
           && nh_conv_predicted(NH_CONV_INIT_D, 5, 2, NH_CONV_Q_MAX, 1) == 2
           && nh_conv_predicted(NH_CONV_INIT_DEPS, 5, 2, NH_CONV_DEFECT, 1) == 3,
           "predicted orders: min(k+1, L+2) (L = 0 on D), defect k+1; window with t = 0: "
           "max v and defect min(k+1, L+1)");

    /* 1. closed form */
    rc = nh_model_parse(&M, conv_test_plane_model, "<linear_plane>", err);
    if (rc != NH_OK)
        tap_bail("model: %s", err->msg);
    conv_test_plane_opts(o);
    rc = nh_conv_study(r, M, o, err);
    tap_ok(rc == NH_OK, "linear plane study runs (%s)", rc ? err->msg : "ok");
    if (rc == NH_OK)
    {
        int good = 1;
        const double g = 2, T = 1;
        for (i = 0; i < 3; i++)
        {
            const double *e = r->err + i * NH_CONV_NQ, ge = g * r->eps[i];
            good = good && fabs(e[NH_CONV_Q_T] - ge * T) <= 1e-10 * ge
                && fabs(e[NH_CONV_V_T] - ge) <= 1e-10 * ge
                && fabs(e[NH_CONV_Q_MAX] - ge * T) <= 1e-10 * ge
                && fabs(e[NH_CONV_V_MAX] - ge) <= 1e-10 * ge
                && fabs(e[NH_CONV_DEFECT] - ge) <= 1e-10 * ge;
            tap_diag("eps %g: q(T) %.15e (g eps T = %.15e), v(T) %.15e, defect %.15e", r->eps[i],
                     e[NH_CONV_Q_T], ge * T, e[NH_CONV_V_T], e[NH_CONV_DEFECT]);
        }
        tap_ok(good, "linear plane: errors g eps T, g eps, defect g eps (rel 1e-10)");
        good = 1;
        for (i = 0; i < NH_CONV_NQ; i++)
            good = good && fabs(r->fit[i].slope - 1) < 1e-9 && r->fit[i].ci_hi - r->fit[i].ci_lo < 1e-6;
        tap_ok(good, "linear plane: all slopes 1 with a tiny interval");
        nh_conv_result_clear(r);
    }
    else
        tap_skip(2, "study failed");
    nh_conv_opts_clear(o);
    nh_model_free(M);

    /* 2, 3, 4: the disk */
    rc = nh_model_load(&M, NH_TOP_SRCDIR_CASES "/vertical_disk.nh", err);
    if (rc != NH_OK)
        tap_bail("model: %s", err->msg);
    nh_conv_opts_init(o, 4);
    arb_set_d(o->q0 + 0, 0.3);
    arb_set_si(o->v0 + 0, 1);
    arb_set_si(o->v0 + 3, 2);
    o->kmax = 0;
    o->nt = 2;
    fmpq_set_si(o->T, 1, 2);
    fmpq_set_si(o->t1, 1, 4);
    o->progress = 0;
    o->tol = 1e-8;          /* loose: the retry loop tightens it as needed */
    nh_conv_opts_set_eps_geometric(o, 1e-2, 1e-3, 3);
    rc = nh_conv_study(r, M, o, err);
    tap_ok(rc == NH_OK, "disk study runs (%s)", rc ? err->msg : "ok");
    if (rc == NH_OK)
    {
        slong k, w, K1 = 1;
        int good = 1;
        for (k = 0; k < K1; k++)
            for (w = 0; w < NH_CONV_DEFECT; w++)
            {
                const nh_conv_fit_struct *f = r->fit + k * NH_CONV_NQ + w;
                tap_diag("k = %ld %s: observed %.4f [%.4f, %.4f]", (long) k, nh_conv_quantity_name(w),
                         f->slope, f->ci_lo, f->ci_hi);
                good = good && fabs(f->slope - (k + 1)) < 0.15;
            }
        tap_ok(good, "disk: observed order 1 within 0.15 for k = 0");
        good = 1;
        for (i = 0; i < 3 * K1 * NH_CONV_NQ; i++)
            good = good && r->err[i] > 0 && r->err[i] >= o->ratio * r->ierr[i];
        tap_ok(good, "every difference exceeds %g times its integration error", o->ratio);
        good = 1;
        for (i = 0; i < 3; i++)
            good = good && r->tol_used[i] <= o->tol && r->prec_used[i] >= o->prec;
        tap_ok(good, "tolerance only tightened, precision only raised");
        for (i = 0; i < 3; i++)
            tap_diag("eps %g: tol %.0e, prec %ld", r->eps[i], r->tol_used[i], (long) r->prec_used[i]);
        nh_conv_result_clear(r);
    }
    else
        tap_skip(3, "study failed");

    /* 3. refusal: ask for a ratio 1e30 with a tolerance that may not move
       (two eps only: the refusal comes at the first eps) */
    nh_conv_opts_set_eps_geometric(o, 1e-2, 1e-3, 2);
    o->ratio = 1e30;
    o->min_tol = o->tol;
    rc = nh_conv_study(r, M, o, err);
    tap_ok(rc == NH_ERR_PRECISION, "refusal: exit code NH_ERR_PRECISION (got %d)", rc);
    tap_ok(strstr(err->msg, "refusing") != NULL && strstr(err->msg, "eps = ") != NULL
           && strstr(err->msg, "k = ") != NULL, "refusal message names eps and k: %s", err->msg);
    /* ... and with a precision cap instead of a tolerance cap */
    o->min_tol = 1e-60;
    o->tol = 1e-17;         /* the next tolerance, 1e-20, needs 131 > 128 bits */
    o->max_prec = o->prec;
    rc = nh_conv_study(r, M, o, err);
    tap_ok(rc == NH_ERR_PRECISION && strstr(err->msg, "refusing") != NULL,
           "refusal when the precision may not be raised: %s", err->msg);
    tap_ok(r->fit == NULL && r->err == NULL, "no partial result after a refusal");

    nh_conv_opts_clear(o);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
