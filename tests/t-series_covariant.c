/*
 * The covariant route at high order (issue 17) and its two forms.
 *
 * 1. Three formulations of h^(1..KLOW) at random exact points of every
 *    case of paper 000's class: the time route (classical invariance
 *    condition (60), no Christoffel symbols), the covariant route along
 *    the slow trajectory (covariant invariance condition (65), Gamma,
 *    nabla P_perp (32)), and the bundle form of the generating equation
 *    (56) (jets in (dq, du), nabla^H (30)/(33), D^V (29)).  They share
 *    only the model evaluator and the jet arithmetic; each pair must
 *    agree to the last certified bits (Theorem 2 / Corollary 2.2 and the
 *    chain rule (28)).
 * 2. h^(1..20) on the vertical disk and the Chaplygin sleigh: time
 *    route and covariant route agree (nh_series_acc on both), the order
 *    at which the bundle form is refused for lack of memory.
 */
#include "tap.h"
#include "series_testutil.h"

#define KLOW 5
#define KHIGH 20
#define NPTS 2
#define PREC 128

/* h by the three formulations at a random exact point of M; returns 1
   when all pairs agree on h^(1..KLOW). */
static int
three_forms(nh_model_ptr M, const char *name, flint_rand_t state)
{
    slong n = nh_model_n(M), i, k, f, wp;
    fmpq *qq = _fmpq_vec_init(n), *vv = _fmpq_vec_init(n);
    arb_ptr vD = _arb_vec_init(n), h[3], q0 = _arb_vec_init(n);
    nh_error_t err;
    int st = NH_OK, ok = 1;
    double rel;

    nh_error_init(err);
    for (i = 0; i < n; i++)
    {
        fmpq_set_si(qq + i, 512 + (slong) n_randint(state, 1025), 1024);
        fmpq_set_si(vv + i, (slong) n_randint(state, 2049) - 1024, 1024);
        arb_set_fmpq(q0 + i, qq + i, 4 * PREC);
    }
    for (f = 0; f < 3; f++)
        h[f] = _arb_vec_init(KLOW * n);
    st = nh_series_acc(vD, h[0], NULL, NH_ROUTE_TIME, M, qq, vv, KLOW,
                       PREC - 18, 16 * PREC, &wp, err);
    if (st == NH_OK)
        st = nh_series_covariant(h[1], NULL, M, q0, vD, KLOW, wp, err);
    if (st == NH_OK)
        st = nh_series_covariant_bundle(h[2], NULL, M, q0, vD, KLOW, wp, err);
    if (st != NH_OK)
    {
        tap_diag("%s: %s", name, err->msg);
        ok = 0;
    }
    for (k = 1; k <= KLOW && ok; k++)
        for (f = 0; f < 3; f++)
        {
            arb_srcptr a = h[f] + (k - 1) * n, b = h[(f + 1) % 3] + (k - 1) * n;
            /* at the working precision of the time route each result is
               certified to about PREC - 18 bits; demand PREC - 40 */
            if (!tu_agree(a, b, n, tu_max_abs(a, n), PREC - 20, &rel))
            {
                ok = 0;
                tap_diag("%s: h^(%ld) forms %ld and %ld disagree (rel rad %g)",
                         name, (long) k, (long) f, (long) ((f + 1) % 3), rel);
            }
        }
    for (f = 0; f < 3; f++)
        _arb_vec_clear(h[f], KLOW * n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(q0, n);
    _fmpq_vec_clear(qq, n);
    _fmpq_vec_clear(vv, n);
    return ok;
}

/* time and covariant routes at order KHIGH, point given as strings */
static void
high_order(const char *name, const slong *qnum, const slong *vnum, slong den)
{
    nh_model_ptr M = tu_load_case(name);
    slong n, i, k, wp1 = 0, wp2 = 0;
    fmpq *qq, *vv;
    arb_ptr vD, h1, h2, r1, r2;
    nh_error_t err;
    int st, ok = 1;
    double rel, worst = 0.0;

    if (M == NULL)
    {
        tap_ok(0, "%s loads", name);
        return;
    }
    n = nh_model_n(M);
    qq = _fmpq_vec_init(n); vv = _fmpq_vec_init(n);
    vD = _arb_vec_init(n);
    h1 = _arb_vec_init(KHIGH * n); h2 = _arb_vec_init(KHIGH * n);
    r1 = _arb_vec_init(KHIGH * n); r2 = _arb_vec_init(KHIGH * n);
    for (i = 0; i < n; i++)
    {
        fmpq_set_si(qq + i, qnum[i], den);
        fmpq_set_si(vv + i, vnum[i], den);
    }
    nh_error_init(err);
    st = nh_series_acc(vD, h1, r1, NH_ROUTE_TIME, M, qq, vv, KHIGH, PREC - 18, 16 * PREC, &wp1, err);
    if (st == NH_OK)
        st = nh_series_acc(vD, h2, r2, NH_ROUTE_COVARIANT, M, qq, vv, KHIGH, PREC - 18,
                           16 * PREC, &wp2, err);
    if (st != NH_OK)
        tap_diag("%s: %s", name, err->msg);
    for (k = 1; k <= KHIGH && st == NH_OK; k++)
    {
        if (!tu_agree(h1 + (k - 1) * n, h2 + (k - 1) * n, n,
                      tu_max_abs(h1 + (k - 1) * n, n), PREC, &rel))
        {
            ok = 0;
            tap_diag("%s: h^(%ld) routes disagree (rel rad %g)", name, (long) k, rel);
        }
        if (rel > worst)
            worst = rel;
    }
    tap_ok(st == NH_OK && ok, "%s: h^(1..%d) by the time and covariant routes agree "
           "(precision %ld / %ld bits, worst rel rad %.3g)", name, KHIGH,
           (long) wp1, (long) wp2, worst);
    /* h^(K) is not trivially zero: the check above compares something */
    tap_ok(st == NH_OK && !arb_contains_zero(h1 + (KHIGH - 1) * n + 1)
           && !arb_contains_zero(h2 + (KHIGH - 1) * n + 1),
           "%s: h^(%d)_2 certified nonzero on both routes", name, KHIGH);
    _fmpq_vec_clear(qq, n); _fmpq_vec_clear(vv, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(h1, KHIGH * n); _arb_vec_clear(h2, KHIGH * n);
    _arb_vec_clear(r1, KHIGH * n); _arb_vec_clear(r2, KHIGH * n);
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t state;
    int nall = 0, j, p, ncases = 0;
    char **all = tu_case_names(&nall);
    static const slong qd[4] = {3, 0, 0, 0}, vd[4] = {10, 0, 0, 20};
    static const slong qs[3] = {1, -2, 4}, vs[3] = {9, 2, 7};

    for (j = 0; j < nall; j++)
    {
        nh_model_ptr Mj = tu_load_case(all[j]);
        if (Mj != NULL && nh_model_is_linear_autonomous(Mj))
            ncases++;
        if (Mj != NULL)
            nh_model_free(Mj);
    }
    if (ncases < 4)
        tap_bail("expected at least the four friction cases in cases/, found %d", ncases);
    tap_plan(ncases * NPTS + 5);
    flint_rand_init(state);
    tap_diag("seed: flint_rand_init default state, %d points per case, K = %d, prec = %d",
             NPTS, KLOW, PREC);
    for (j = 0; j < nall; j++)
    {
        nh_model_ptr M = tu_load_case(all[j]);
        if (M != NULL && nh_model_is_linear_autonomous(M))
            for (p = 0; p < NPTS; p++)
                tap_ok(three_forms(M, all[j], state),
                       "%s point %d: h^(1..%d) by time, covariant and bundle forms agree",
                       all[j], p, KLOW);
        if (M != NULL)
            nh_model_free(M);
        free(all[j]);
    }
    free(all);

    high_order("vertical_disk.nh", qd, vd, 10);
    high_order("chaplygin_sleigh.nh", qs, vs, 10);
    {
        /* the bundle form's memory law: the disk (n = 4) is refused at
           K = 12, in jets of binomial(11 + 8, 8) = 75582 coefficients */
        double L = 75582.0 * (13.0 * (5.0 * 16 + 4) + 3.0 * 64 + 16);
        tap_ok(nh_series_covariant_bundle_memory(4, 12, 256) > NH_SERIES_MAX_BYTES
               && nh_series_covariant_bundle_memory(4, 12, 256) > 48.0 * L
               && nh_series_covariant_memory(4, KHIGH, 256) < 0.05e9,
               "memory laws: bundle form refused on the disk at K = 12, "
               "trajectory form below 50 MB at K = %d", KHIGH);
    }
    flint_rand_clear(state);
    flint_cleanup();
    return tap_done();
}
