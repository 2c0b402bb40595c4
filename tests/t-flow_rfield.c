/*
 * t-flow_rfield.c -- the reduced field of the GBS runs (nh_flow_reduced)
 * of linear autonomous models, _nh_flow_rfield_eval (lib/flow/impl.h:
 * model values on first-order jets, the free force in Lagrangian form,
 * P_perp = G^-1 A^T S^-1 A as jets) against nh_reduced_field (lib/series:
 * the full geometry, Christoffel form (5), P from nh_geom), an independent
 * second formula of paper 000 (69)-(71).
 *
 * Cases: vertical disk, Chaplygin sleigh, rolling disc, roller racer,
 * ball on a plane; 3 points each (q, and vD = P(q) w); orders k = 0, 1, 2
 * (h^(1..k) from nh_series_time), eps = 1/50, 192 bits.  Asserted: each
 * component of qdot and vDdot lies within the ball of nh_reduced_field
 * widened by 2^-170 (1 + |x|) (the jet field returns midpoints), and that
 * ball has radius <= 2^-150 (1 + |x|) (a tight reference).
 */
#include <math.h>
#include <stdio.h>
#include "flow.h"
#include "flow/impl.h"
#include "tap.h"
#include "series_testutil.h"

#define PREC 192

static int
close_to(arb_srcptr a, arb_srcptr ref, slong n)
{
    slong i;
    int ok = 1;
    arb_t d, tol;
    arb_init(d);
    arb_init(tol);
    for (i = 0; i < n; i++)
    {
        arb_sub(d, a + i, ref + i, PREC);
        arb_abs(tol, ref + i);
        arb_add_ui(tol, tol, 1, PREC);
        arb_mul_2exp_si(tol, tol, -170);
        arb_add_error(d, tol);
        /* and the reference is tight: radius <= 2^-150 (1 + |x|) */
        if (!arb_contains_zero(d)
            || mag_cmp_2exp_si(arb_radref(ref + i), -150 + (slong) ceil(log2(1.0
                   + fabs(arf_get_d(arb_midref(ref + i), ARF_RND_NEAR))))) > 0)
        {
            char *sa = arb_get_str(a + i, 20, 0), *sr = arb_get_str(ref + i, 20, 0);
            tap_diag("component %ld: %s vs %s", (long) i, sa, sr);
            flint_free(sa);
            flint_free(sr);
            ok = 0;
        }
    }
    arb_clear(d);
    arb_clear(tol);
    return ok;
}

static void
one_case(const char *name)
{
    nh_model_ptr M = tu_load_case(name);
    nh_error_t err;
    slong n, i, p, k;
    arb_ptr q, w, vD, h, qd1, vd1, qd2, vd2;
    arb_t eps;
    _nh_flow_field_struct f;
    int ok = 1;

    nh_error_init(err);
    if (M == NULL || !nh_model_is_linear_autonomous(M))
        tap_bail("%s: cannot load a linear autonomous model", name);
    n = nh_model_n(M);
    q = _arb_vec_init(n); w = _arb_vec_init(n); vD = _arb_vec_init(n);
    h = _arb_vec_init(3 * n);
    qd1 = _arb_vec_init(n); vd1 = _arb_vec_init(n); qd2 = _arb_vec_init(n); vd2 = _arb_vec_init(n);
    arb_init(eps);
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 50, PREC);
    _nh_flow_field_init(&f, M, PREC);
    for (p = 0; p < 3 && ok; p++)
    {
        for (i = 0; i < n; i++)
        {
            arb_set_d(q + i, 0.1 * (double) (p + 1) + 0.07 * (double) i - 0.05 * (double) (i * i));
            arb_set_d(w + i, 0.9 - 0.3 * (double) p + 0.4 * (double) i);
        }
        if (nh_project_D(vD, M, q, w, PREC, err) != NH_OK
            || nh_series_time(h, NULL, M, q, vD, 2, PREC, err) != NH_OK)
            tap_bail("%s: %s", name, err->msg);
        for (k = 0; k <= 2 && ok; k++)
        {
            if (_nh_flow_rfield_eval(qd1, vd1, &f, q, vD, h, k, eps, err) != NH_OK
                || nh_reduced_field(qd2, vd2, NULL, M, q, vD, h, k, k, eps, PREC, err) != NH_OK)
                tap_bail("%s: %s", name, err->msg);
            ok = close_to(qd1, qd2, n) && close_to(vd1, vd2, n);
            if (!ok)
                tap_diag("%s: point %ld, k = %ld differs", name, (long) p, (long) k);
        }
    }
    tap_ok(ok, "%s: jet reduced field = nh_reduced_field (3 points, k = 0..2)", name);
    _nh_flow_field_clear(&f);
    _arb_vec_clear(q, n); _arb_vec_clear(w, n); _arb_vec_clear(vD, n); _arb_vec_clear(h, 3 * n);
    _arb_vec_clear(qd1, n); _arb_vec_clear(vd1, n); _arb_vec_clear(qd2, n); _arb_vec_clear(vd2, n);
    arb_clear(eps);
    nh_model_free(M);
}

int
main(void)
{
    static const char *cases[] = { "vertical_disk.nh", "chaplygin_sleigh.nh", "rolling_disc.nh",
                                   "roller_racer.nh", "ball_plane.nh" };
    slong c;
    tap_plan(5);
    for (c = 0; c < 5; c++)
        one_case(cases[c]);
    flint_cleanup();
    return tap_done();
}
