/*
 * t-flow_adapted.c -- the full system in the adapted coordinates
 * z = (q, v_S, A(q) v) (lib/flow/flow_adapted.c, flow.h
 * nh_flow_taylor_init_adapted), on the vertical disk
 * (cases/vertical_disk.nh: A = [[0, 1, 0, -R cos theta],
 * [0, 0, 1, -R sin theta]], R = 1/2, written out here).
 *  1. nh_flow_adapted_perm at theta = 0 picks F = {x, y} (A_F = I there,
 *     the only unit pivots) and S = {theta, varphi}.
 *  2. from_qv / to_qv: the round trip contains (q, v).
 *  3. The Taylor series of the solution (nh_taylor_series, order 12,
 *     eps = 1/100) in (q, v) coordinates, mapped to z by the closed form
 *     w = (v_x - R cos(theta) v_varphi, v_y - R sin(theta) v_varphi)
 *     on jets, overlaps coefficient by coefficient the series computed
 *     with the adapted field from z(0): the two fields are the same flow
 *     in two charts (the chain rule w' = dA[v] v + A v' is what the
 *     adapted field implements, the closed form composes instead).
 */
#include "flow.h"
#include "case_testutil.h"

#define PREC 128
#define P 12

/* radius at most 2^-60 max(1, |a|) */
static int
tight(const arb_t a)
{
    mag_t m;
    int ok;
    mag_init(m);
    arb_get_mag(m, a);
    if (mag_cmp_2exp_si(m, 0) < 0)
        mag_one(m);
    mag_mul_2exp_si(m, m, -60);
    ok = mag_cmp(arb_radref(a), m) <= 0;
    mag_clear(m);
    return ok;
}

int
main(void)
{
    nh_model_ptr M = load_case("vertical_disk.nh");
    slong n = 4, perm[4], i, k, bad = -1;
    nh_flow_taylor_t Sx, Sz;
    arb_ptr q = _arb_vec_init(4), v = _arb_vec_init(4), z = _arb_vec_init(8);
    arb_ptr q2 = _arb_vec_init(4), v2 = _arb_vec_init(4);
    arb_ptr x, zz, wk, c, s, w;
    arb_t eps, t0, R;
    jet_ctx_t U;
    nh_error_t err;
    int ok;

    tap_plan(5);
    nh_error_init(err);
    arb_init(eps); arb_init(t0); arb_init(R);
    arb_set_si(eps, 1); arb_div_si(eps, eps, 100, PREC);
    arb_set_si(R, 1); arb_mul_2exp_si(R, R, -1);
    /* q = (0, 0, 0, 0) for the permutation, then theta = 3/10 */
    tap_ok(nh_flow_adapted_perm(perm, M, q, NULL, PREC, err) == NH_OK
           && ((perm[2] == 1 && perm[3] == 2) || (perm[2] == 2 && perm[3] == 1))
           && perm[0] == 0 && perm[1] == 3, "perm at theta = 0: F = {x, y}, S = {theta, varphi}");
    arb_set_si(q + 0, 3); arb_div_si(q + 0, q + 0, 10, PREC);
    arb_set_si(v + 0, 3); arb_div_si(v + 0, v + 0, 4, PREC);
    arb_set_si(v + 1, 5); arb_div_si(v + 1, v + 1, 8, PREC);
    arb_set_si(v + 2, 1); arb_div_si(v + 2, v + 2, 10, PREC);
    arb_set_si(v + 3, 5); arb_div_si(v + 3, v + 3, 4, PREC);
    nh_flow_taylor_init(Sx, M, NH_FLOW_FULL, eps);
    nh_flow_taylor_init_adapted(Sz, M, eps, perm);
    ok = nh_flow_adapted_from_qv(z, Sz, q, v, NULL, PREC, err) == NH_OK
         && nh_flow_adapted_to_qv(q2, v2, Sz, z, NULL, PREC, err) == NH_OK;
    for (i = 0; i < n && ok; i++)
        ok = arb_contains(q2 + i, q + i) && arb_contains(v2 + i, v + i);
    tap_ok(ok, "from_qv then to_qv contains (q, v)");

    jet_ctx_init(U, 1, P);
    x = jet_vec_init(8, U); zz = jet_vec_init(8, U); wk = jet_vec_init(16, U);
    c = jet_init(U); s = jet_init(U); w = jet_init(U);
    for (i = 0; i < n; i++)
    {
        arb_set(JET_ENTRY(x, i, U), q + i);
        arb_set(JET_ENTRY(x, n + i, U), v + i);
    }
    for (i = 0; i < 2 * n; i++)
        arb_set(JET_ENTRY(zz, i, U), z + i);
    tap_ok(nh_taylor_series(x, wk, 8, nh_flow_taylor_rhs, Sx, t0, U, PREC, err) == NH_OK
           && nh_taylor_series(zz, wk, 8, nh_flow_taylor_rhs, Sz, t0, U, PREC, err) == NH_OK,
           "both series computed");
    /* Psi(x(s)) on jets, closed form */
    jet_cos(c, JET_ENTRY(x, 0, U), P, U, PREC);
    jet_sin(s, JET_ENTRY(x, 0, U), P, U, PREC);
    for (k = 0; k <= P && bad < 0; k++)
    {
        for (i = 0; i < n; i++)
            if (!arb_overlaps(JET_ENTRY(zz, i, U) + k, JET_ENTRY(x, i, U) + k))
                bad = k;
        for (i = 0; i < 2; i++)
            if (!arb_overlaps(JET_ENTRY(zz, n + i, U) + k, JET_ENTRY(x, n + perm[i], U) + k))
                bad = k;
    }
    tap_ok(bad < 0, "q and v_S coefficients 0..%d agree (first disagreement: %ld)", P,
           (long) bad);
    bad = -1;
    for (i = 0; i < 2 && bad < 0; i++)
    {
        jet_mul(w, i == 0 ? c : s, JET_ENTRY(x, n + 3, U), P, U, PREC);
        jet_scalar_mul(w, w, R, U, PREC);
        jet_sub(w, JET_ENTRY(x, n + 1 + i, U), w, U, PREC);
        for (k = 0; k <= P && bad < 0; k++)
            if (!arb_overlaps(JET_ENTRY(zz, 2 * n - 2 + i, U) + k, w + k) || !tight(w + k))
                bad = k;
    }
    tap_ok(bad < 0, "w = A(q) v: coefficients 0..%d of the adapted series agree with the "
           "closed form on the (q, v) series, radii below 2^-60 relative (first bad: %ld)", P,
           (long) bad);

    jet_vec_clear(x, 8, U); jet_vec_clear(zz, 8, U); jet_vec_clear(wk, 16, U);
    jet_clear(c, U); jet_clear(s, U); jet_clear(w, U);
    jet_ctx_clear(U);
    nh_flow_taylor_clear(Sx);
    nh_flow_taylor_clear(Sz);
    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4); _arb_vec_clear(z, 8);
    _arb_vec_clear(q2, 4); _arb_vec_clear(v2, 4);
    arb_clear(eps); arb_clear(t0); arb_clear(R);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
