/*
 * The two routes to h^(k) -- time-derivative (classical invariance
 * condition, paper 000 eq (60)) and covariant (covariant invariance
 * condition (65), i.e. the generating equation (56) along the slow
 * trajectory) -- share only the model evaluator, the jet arithmetic and
 * the integration q = q0 + int v dt; their agreement
 * for k = 1..12 at random points of every shipped case is Theorem 2 /
 * Corollary 2.2 of paper 000, checked here.  Also the reaction forces:
 * the time route obtains -(1/eps) FR_sharp h_eps from the invariance
 * bracket without FR_sharp, the covariant route as -FR_sharp h^(k).
 *
 * "Every shipped case" is read from cases/ at run time: every model with
 * linear, time-independent constraints and no extra forces (the class of
 * paper 000; the others are refused by the series code by design, which
 * tests/t-geom_identities.c checks).
 */
#include "tap.h"
#include "series_testutil.h"

#define K 12
#define NPTS 3
#define PREC 128


int
main(void)
{
    flint_rand_t state;
    slong c, p, k, i;
    int nall = 0, ncases = 0, j;
    char **all = tu_case_names(&nall);
    char **cases = (char **) calloc(nall + 1, sizeof(char *));

    /* keep the models of paper 000's class */
    for (j = 0; j < nall; j++)
    {
        nh_model_ptr Mj = tu_load_case(all[j]);
        if (Mj != NULL && nh_model_is_linear_autonomous(Mj))
            cases[ncases++] = all[j];
        else
        {
            printf("# %s: not a linear time-independent friction model, skipped\n", all[j]);
            free(all[j]);
        }
        if (Mj != NULL)
            nh_model_free(Mj);
    }
    if (ncases < 4)
        tap_bail("expected at least the four friction cases in cases/, found %d", ncases);
    tap_plan(ncases * NPTS * 2);
    flint_rand_init(state);
    tap_diag("seed: flint_rand_init default state, %d points per case, K = %d, prec = %d",
             NPTS, K, PREC);

    for (c = 0; c < ncases; c++)
    {
        nh_model_ptr M = tu_load_case(cases[c]);
        slong n = M ? nh_model_n(M) : 0;
        for (p = 0; p < NPTS; p++)
        {
            arb_ptr q, v, vD, h1, h2, r1, r2;
            nh_error_t err;
            int st1 = 1, st2 = 1, okh = 1, okr = 1;
            double worst = 0.0, worstr = 0.0, rel;

            if (M == NULL)
            {
                tap_ok(0, "%s loads", cases[c]);
                tap_ok(0, "%s loads", cases[c]);
                continue;
            }
            q = _arb_vec_init(n); v = _arb_vec_init(n); vD = _arb_vec_init(n);
            h1 = _arb_vec_init(K * n); h2 = _arb_vec_init(K * n);
            r1 = _arb_vec_init(K * n); r2 = _arb_vec_init(K * n);
            nh_error_init(err);
            {
                /* exact dyadic point: coordinates in [1/2, 3/2] (away from
                   the polar-coordinate origin of the pendulum case),
                   velocity in [-1, 1] */
                fmpq *qq = _fmpq_vec_init(n), *vv = _fmpq_vec_init(n);
                slong wp1 = 0, wp2 = 0;
                for (i = 0; i < n; i++)
                {
                    fmpq_set_si(qq + i, 512 + (slong) n_randint(state, 1025), 1024);
                    fmpq_set_si(vv + i, (slong) n_randint(state, 2049) - 1024, 1024);
                }
                /* each route certified to PREC-18 bits, so that the
                   difference has radius below 2^-(PREC-20) |h^(k)| */
                st1 = nh_series_acc(vD, h1, r1, NH_ROUTE_TIME, M, qq, vv, K,
                                    PREC - 18, 16 * PREC, &wp1, err);
                if (st1 == NH_OK)
                    st2 = nh_series_acc(vD, h2, r2, NH_ROUTE_COVARIANT, M, qq, vv, K,
                                        PREC - 18, 16 * PREC, &wp2, err);
                if (p == 0)
                    tap_diag("%s: working precision used: time %ld, covariant %ld bits",
                             cases[c], (long) wp1, (long) wp2);
                _fmpq_vec_clear(qq, n);
                _fmpq_vec_clear(vv, n);
            }
            if (st1 != NH_OK || st2 != NH_OK)
                tap_diag("%s: %s", cases[c], err->msg);
            for (k = 1; k <= K && st1 == NH_OK && st2 == NH_OK; k++)
            {
                double scale = tu_max_abs(h1 + (k - 1) * n, n);
                if (!tu_agree(h1 + (k - 1) * n, h2 + (k - 1) * n, n, scale, PREC, &rel))
                {
                    okh = 0;
                    tap_diag("%s point %ld: h^(%ld) routes disagree (rel rad %g)",
                             cases[c], (long) p, (long) k, rel);
                    for (i = 0; i < n; i++)
                    {
                        tap_diag("  time %s", arb_get_str(h1 + (k - 1) * n + i, 20, 0));
                        tap_diag("  cov  %s", arb_get_str(h2 + (k - 1) * n + i, 20, 0));
                    }
                }
                if (rel > worst) worst = rel;
                scale = tu_max_abs(r1 + (k - 1) * n, n);
                if (!tu_agree(r1 + (k - 1) * n, r2 + (k - 1) * n, n, scale, PREC, &rel))
                {
                    okr = 0;
                    tap_diag("%s point %ld: reaction eps^%ld routes disagree (rel rad %g)",
                             cases[c], (long) p, (long) (k - 1), rel);
                }
                if (rel > worstr) worstr = rel;
            }
            tap_ok(st1 == NH_OK && st2 == NH_OK && okh,
                   "%s point %ld: h^(1..%d) agree by both routes (worst rel rad %.3g)",
                   cases[c], (long) p, K, worst);
            tap_ok(st1 == NH_OK && st2 == NH_OK && okr,
                   "%s point %ld: reaction forces agree (worst rel rad %.3g)",
                   cases[c], (long) p, worstr);
            _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
            _arb_vec_clear(h1, K * n); _arb_vec_clear(h2, K * n);
            _arb_vec_clear(r1, K * n); _arb_vec_clear(r2, K * n);
        }
        if (M != NULL)
            nh_model_free(M);
    }
    for (c = 0; c < ncases; c++)
        free(cases[c]);
    free(cases);
    free(all);
    flint_rand_clear(state);
    flint_cleanup();
    return tap_done();
}
