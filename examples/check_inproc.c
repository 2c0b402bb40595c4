/*
 * check_inproc.c -- `nhoracle check` in-process (doc/tutorial-c.md, step
 * 4): the candidate is a C function (nh_check_candidate_fn), not a
 * process.  It computes h^(1) of the vertical rolling disk
 * (cases/vertical_disk.nh, q = (theta, x, y, varphi)) in double precision
 * from paper 000 eq (85), as a user implementation would:
 *     h^(1) = (m R / mu) theta' varphi' (0, sin theta, -cos theta, 0),
 * with m = 1, R = 1/2, mu = 1 and (theta', varphi') the components of
 * the point w of D sent by the search.  With NH_CHECK_BUG=1 it adds
 * 1e-3 to the x component when 0.4 < theta < 0.8 (the bug of
 * examples/check_disk.c).
 *
 *     cc check_inproc.c -o check_inproc $(pkg-config --cflags --libs nhoracle) -lm
 *     ./check_inproc cases/vertical_disk.nh [BUDGET]
 *
 * Prints "verdict pass|fail", "evals N" and for a failure the shrunk
 * point "theta VALUE" (exact decimal).  Exit status: 0 pass, 9 fail
 * (NH_EXIT_VALIDATE_FAIL, as `nhoracle check`), else the NH_ERR_* code.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <nhoracle/nhoracle.h>

/* The candidate: h^(1) at npts points (q + j n, w + j n), into vals. */
static int
disk_h1(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts, void *data, nh_error_t err)
{
    const int bug = *(const int *) data;
    const double m = 1.0, R = 0.5, mu = 1.0;
    slong j;

    (void) err;
    for (j = 0; j < npts; j++)
    {
        double th = fmpq_get_d(q + 4 * j), vth = fmpq_get_d(w + 4 * j);
        double vph = fmpq_get_d(w + 4 * j + 3), a = m * R / mu * vth * vph;
        double out[4] = {0.0, a * sin(th), -a * cos(th), 0.0};
        slong i;

        if (bug && th > 0.4 && th < 0.8)
            out[1] += 1e-3;
        for (i = 0; i < 4; i++)
            arb_set_d(vals + 4 * j + i, out[i]); /* exact: a double is a ball of radius 0 */
    }
    return NH_OK;
}

int
main(int argc, char **argv)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_check_t C;
    nh_check_result_t R;
    double tol_abs, tol_rel;
    const char *b = getenv("NH_CHECK_BUG");
    int bug = b != NULL && b[0] == '1', rc, inited = 0;
    slong budget = argc > 2 ? atol(argv[2]) : 64;

    if (argc < 2)
    {
        fprintf(stderr, "usage: check_inproc CASE.nh [BUDGET]\n");
        return NH_ERR_USAGE;
    }
    nh_error_init(err);
    nh_tolerance_defaults(&tol_abs, &tol_rel);
    rc = nh_model_load(&M, argv[1], err);
    if (rc == NH_OK)
        rc = nh_check_init(C, M, "h", 1, NULL, tol_abs, tol_rel, NH_CHECK_DEFAULT_PREC, 4096, err);
    if (rc == NH_OK)
    {
        inited = 1;
        nh_check_result_init(R, C);
        /* seed 1, batches of 16 points */
        rc = nh_check_run(R, C, budget, 1, 16, disk_h1, &bug, err);
    }
    if (rc == NH_OK)
    {
        printf("verdict %s\nevals %ld\n", R->have_fail ? "fail" : "pass", (long) R->evals);
        if (R->have_fail)
        {
            char *s = nh_check_decimal(R->shrunk.x + 0);
            printf("theta %s\n", s);
            free(s);
            rc = NH_EXIT_VALIDATE_FAIL;
        }
    }
    else
        fprintf(stderr, "check_inproc: %s\n", err->msg);
    if (inited)
    {
        nh_check_result_clear(R, C);
        nh_check_clear(C);
    }
    nh_model_free(M);
    flint_cleanup();
    return rc;
}
