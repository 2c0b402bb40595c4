/*
 * t-flow_stiff.c -- the certified full friction system through its slow
 * manifold (lib/flow/flow_stiff.c; issue 33 item 2) against the Taylor
 * method throughout (opts->slow_manifold = 0), a second certified method
 * with other steps, other coordinates and no slow-manifold argument, on
 * the vertical disk (cases/vertical_disk.nh) with data off D
 * (v_y = 1/10, the constraint violated): eps = 1/1000, T = 1/8 (the
 * layer, then steps along the manifold).
 *  1. both succeed; the slow-manifold route ran (stats: slow_steps > 0,
 *     the layer ends before T) and took fewer steps;
 *  2. every ball of the Taylor method at 192 bits (radius ~1e-55) lies in
 *     the corresponding ball of the slow-manifold route at 128 bits;
 *  3. the slow-manifold route's radii are below 1e-20 relative (issue 33
 *     item 2's accuracy);
 *  4. eps = 1/10: the route does not apply (not stiff enough for its
 *     series: stats say so, slow_from < 0);
 *  5. a large transient (v_y = 20, T = 1/16, in the layer): the Taylor
 *     method's balls at 192 bits inside, radii below 2^-100.
 */
#include <string.h>
#include "flow.h"
#include "case_testutil.h"

#define PREC 128
#define PREC_REF 192

static int
run(arb_ptr q, arb_ptr v, const nh_model_struct *M, slong epsinv, int slow,
    nh_taylor_stats_t st, slong prec, slong vy10, slong log2T)
{
    arb_ptr q0 = _arb_vec_init(4), v0 = _arb_vec_init(4);
    arb_t eps, T;
    nh_taylor_opts_t o;
    nh_error_t err;
    int rc;

    arb_init(eps); arb_init(T);
    nh_error_init(err);
    nh_taylor_opts_init(o);
    o->slow_manifold = slow;
    arb_one(eps);
    arb_div_si(eps, eps, epsinv, prec);
    arb_one(T);
    arb_mul_2exp_si(T, T, log2T);
    arb_set_si(v0 + 0, 3); arb_div_si(v0 + 0, v0 + 0, 4, prec);
    arb_set_si(v0 + 1, 5); arb_div_si(v0 + 1, v0 + 1, 8, prec);
    arb_set_si(v0 + 2, vy10); arb_div_si(v0 + 2, v0 + 2, 10, prec);
    arb_set_si(v0 + 3, 5); arb_div_si(v0 + 3, v0 + 3, 4, prec);
    rc = nh_flow_certified(q, v, M, NH_FLOW_FULL, eps, q0, v0, T, 1, o, st, prec, err);
    if (rc != NH_OK)
        tap_diag("eps = 1/%ld, slow %d: %s", (long) epsinv, slow, err->msg);
    _arb_vec_clear(q0, 4); _arb_vec_clear(v0, 4);
    arb_clear(eps); arb_clear(T);
    return rc;
}

int
main(void)
{
    nh_model_ptr M = load_case("vertical_disk.nh");
    arb_ptr qa = _arb_vec_init(4), va = _arb_vec_init(4), qb = _arb_vec_init(4);
    arb_ptr vb = _arb_vec_init(4);
    nh_taylor_stats_t sa, sb;
    slong i;
    int ok;

    tap_plan(5);
    ok = run(qa, va, M, 1000, 1, sa, PREC, 1, -3) == NH_OK
         && run(qb, vb, M, 1000, 0, sb, PREC_REF, 1, -3) == NH_OK;
    tap_ok(ok && sa->slow_steps > 0 && sa->slow_from > 0 && sa->slow_from < 0.125
           && sb->slow_from < 0 && sa->steps < sb->steps,
           "eps = 1/1000: the layer to t = %.3g, then %ld steps along the slow manifold (%ld "
           "steps in all against %ld)", sa->slow_from, (long) sa->slow_steps, (long) sa->steps,
           (long) sb->steps);
    for (i = 0; i < 4 && ok; i++)
        ok = arb_contains(qa + i, qb + i) && arb_contains(va + i, vb + i);
    tap_ok(ok, "the Taylor method's balls at %d bits lie in the slow-manifold route's at %d",
           PREC_REF, PREC);
    ok = 1;
    for (i = 0; i < 4; i++)     /* |q|, |v| < 2 here: absolute is relative */
        ok = ok && mag_cmp_2exp_si(arb_radref(qa + i), -67) < 0
             && mag_cmp_2exp_si(arb_radref(va + i), -67) < 0;
    tap_ok(ok, "radii below 2^-67 (< 1e-20) at T = 1/8");
    tap_ok(run(qa, va, M, 10, 1, sa, PREC, 1, -3) == NH_OK && sa->slow_from < 0 && sa->slow_steps == 0,
           "eps = 1/10: not stiff enough for the slow-manifold series, the Taylor method "
           "throughout");
    /* 5: a large transient, v_y = 20 (w ~ 20 off the manifold), T = 1/16
       (in the layer): its start by the Taylor method, then stiff steps
       (their comparison system alone loses ~ exp(c |w| / mu) there: the
       radius at T was then above 1e-15) */
    ok = run(qa, va, M, 1000, 1, sa, PREC, 200, -4) == NH_OK
         && run(qb, vb, M, 1000, 0, sb, PREC_REF, 200, -4) == NH_OK;
    for (i = 0; i < 4 && ok; i++)
        ok = arb_contains(qa + i, qb + i) && arb_contains(va + i, vb + i)
             && mag_cmp_2exp_si(arb_radref(qa + i), -100) < 0
             && mag_cmp_2exp_si(arb_radref(va + i), -100) < 0;
    tap_ok(ok, "v_y = 20, T = 1/16: the Taylor method's balls at %d bits lie in the route's, "
           "radii below 2^-100 (%ld steps against %ld)", PREC_REF, (long) sa->steps,
           (long) sb->steps);
    _arb_vec_clear(qa, 4); _arb_vec_clear(va, 4); _arb_vec_clear(qb, 4); _arb_vec_clear(vb, 4);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
