/*
 * t-quantity_table.c -- lib/quantity.h: the table (names, lookup,
 * shapes) and nh_quantity_eval / nh_quantity_certify against
 * independent values: the identity P + P_perp = I, the vertical disk's
 * constant metric diag(I, m, m, J) = diag(1/16, 1, 1, 1/8) (its
 * parameters, cases/vertical_disk.nh), the agreement of the
 * Lagrange-d'Alembert and Voronets routes, and the agreement of the two
 * evaluation paths (eval at a fixed precision, certify by accuracy).
 */
#include <string.h>
#include "quantity.h"
#include "tap.h"
#include "case_testutil.h"

int
main(void)
{
    nh_model_ptr M;
    nh_error_t err;
    nh_quantity_params par;
    const nh_quantity_struct *Q, *req[2];
    slong i, k, nbad = 0, shape[3], len, n, m, prec = 128, pu = 0, group[2] = {0, 0};
    fmpq *q, *v;
    arb_ptr P, Pp, G, a1, a3, vD, vD2, out[2];
    arb_t one;
    int ok, r;

    tap_plan(14);
    nh_error_init(err);
    M = load_case("vertical_disk.nh");
    n = nh_model_n(M);
    m = nh_model_m(M);
    nh_quantity_params_init(&par);

    /* every named entry is found by its name */
    for (i = 0; i < nh_quantity_count(); i++)
    {
        Q = nh_quantity_get(i);
        if (Q->flags & NH_QUANTITY_INDEXED)
            continue;
        if (nh_quantity_find(Q->name, &k) != Q || k != 0 || nh_quantity_by_kind(Q->kind) != Q)
            nbad++;
    }
    tap_ok(nbad == 0, "every named entry is found by its name and kind (%ld bad)", (long) nbad);
    Q = nh_quantity_find("h3", &k);
    tap_ok(Q != NULL && Q->kind == NH_Q_H && k == 3, "h3: h^(k), k = 3");
    Q = nh_quantity_find("react12", &k);
    tap_ok(Q != NULL && Q->kind == NH_Q_REACT && k == 12, "react12: reaction^(k), k = 12");
    tap_ok(nh_quantity_find("h0", NULL) == NULL && nh_quantity_find("h", NULL) == NULL
           && nh_quantity_find("react", NULL) == NULL && nh_quantity_find("nosuch", NULL) == NULL,
           "h0, h, react, nosuch: unknown");

    /* shapes for n = 4, m = 2 (p = 2) */
    ok = nh_quantity_shape(shape, &len, nh_quantity_find("A", NULL), 4, 2, &par) == 2
        && shape[0] == 2 && shape[1] == 4 && len == 8;
    ok = ok && nh_quantity_shape(shape, &len, nh_quantity_find("Gamma", NULL), 4, 2, &par) == 3
        && shape[0] == 4 && shape[1] == 4 && shape[2] == 4 && len == 64;
    ok = ok && nh_quantity_shape(shape, &len, nh_quantity_find("dEdt", NULL), 4, 2, &par) == 0
        && len == 1;
    ok = ok && nh_quantity_shape(shape, &len, nh_quantity_find("B_ab", NULL), 4, 2, &par) == 3
        && shape[0] == 2 && shape[1] == 2 && shape[2] == 2;
    par.order = 5;
    ok = ok && nh_quantity_shape(shape, &len, nh_quantity_find("routes", NULL), 4, 2, &par) == 2
        && shape[0] == 5 && shape[1] == 4;
    par.order = 0;
    ok = ok && nh_quantity_shape(shape, &len, nh_quantity_find("routes", NULL), 4, 2, &par) == 2
        && shape[0] == 3;
    tap_ok(ok, "shapes: A 2 x 4, Gamma 4 x 4 x 4, dEdt scalar, B_ab 2 x 2 x 2, routes order x n");
    par.order = 2;
    tap_ok(nh_quantity_series_terms(nh_quantity_find("reduced_vdot", NULL), &par) == 3,
           "the order-2 reduced field needs h^(1..3)");

    /* a point */
    q = _fmpq_vec_init(n);
    v = _fmpq_vec_init(n);
    for (i = 0; i < n; i++)
    {
        fmpq_set_si(q + i, (slong) (i + 1), 7);
        fmpq_set_si(v + i, (slong) (3 - 2 * i), 5);
    }
    P = _arb_vec_init(n * n);
    Pp = _arb_vec_init(n * n);
    G = _arb_vec_init(n * n);
    a1 = _arb_vec_init(n);
    a3 = _arb_vec_init(n);
    vD = _arb_vec_init(n);
    vD2 = _arb_vec_init(n);
    arb_init(one);
    nh_quantity_params_init(&par);
    r = nh_quantity_eval(P, NULL, NULL, nh_quantity_find("P", NULL), M, q, v, &par, prec, err);
    if (r == NH_OK)
        r = nh_quantity_eval(Pp, NULL, NULL, nh_quantity_find("P_perp", NULL), M, q, v, &par, prec, err);
    tap_ok(r == NH_OK, "eval P, P_perp (%s)", err->msg);
    ok = 1;
    for (i = 0; i < n * n; i++)
    {
        arb_add(one, P + i, Pp + i, prec);
        arb_sub_si(one, one, i % (n + 1) == 0 ? 1 : 0, prec);
        ok = ok && arb_contains_zero(one) && mag_cmp_2exp_si(arb_radref(one), -100) < 0;
    }
    tap_ok(ok, "P + P_perp = I (000 eqs (78)-(79))");
    r = nh_quantity_eval(G, NULL, NULL, nh_quantity_find("G", NULL), M, q, v, &par, prec, err);
    ok = r == NH_OK;
    for (i = 0; ok && i < n * n; i++)
    {
        static const slong num[4] = {1, 1, 1, 1}, den[4] = {16, 1, 1, 8};
        fmpq_t x;
        fmpq_init(x);
        if (i % (n + 1) == 0)
            fmpq_set_si(x, num[i / (n + 1)], (ulong) den[i / (n + 1)]);
        ok = arb_contains_fmpq(G + i, x);
        fmpq_clear(x);
    }
    tap_ok(ok, "G = diag(I, m, m, J) = diag(1/16, 1, 1, 1/8) (vertical_disk.nh parameters)");

    /* routes 1 and 3 (independent computations) */
    r = nh_quantity_eval(a1, NULL, NULL, nh_quantity_find("acc_lagrange", NULL), M, q, v, &par, prec, err);
    if (r == NH_OK)
        r = nh_quantity_eval(a3, NULL, NULL, nh_quantity_find("acc_voronets", NULL), M, q, v, &par, prec, err);
    ok = r == NH_OK;
    for (i = 0; ok && i < n; i++)
        ok = arb_overlaps(a1 + i, a3 + i);
    tap_ok(ok, "acc_lagrange and acc_voronets overlap");
    tap_ok(nh_quantity_nextra(nh_quantity_find("acc_lagrange", NULL), M, &par)
           == 2 * n + 2 * m + (nh_model_is_linear_autonomous(M) ? n : 0),
           "nonholonomic companion values: routes 1, 3 (and 2), multipliers, p_dependent");

    /* eval and certify agree on vD */
    r = nh_quantity_eval(vD, NULL, NULL, nh_quantity_find("vD", NULL), M, q, v, &par, prec, err);
    req[0] = nh_quantity_find("vD", NULL);
    req[1] = nh_quantity_find("G", NULL);
    out[0] = vD2;
    out[1] = G;
    {
        nh_quantity_params pars[2];
        nh_quantity_params_init(pars);
        nh_quantity_params_init(pars + 1);
        if (r == NH_OK)
            r = nh_quantity_certify(out, req, pars, group, 2, M, q, v, 100, 4096, &pu, "t", err);
    }
    ok = r == NH_OK && pu > 0;
    for (i = 0; ok && i < n; i++)
        ok = arb_overlaps(vD + i, vD2 + i) && mag_cmp_2exp_si(arb_radref(vD2 + i), -90) <= 0;
    tap_ok(ok, "nh_quantity_certify: vD to 100 bits (|vD| < 2^9), overlapping nh_quantity_eval's (%s)", err->msg);
    r = nh_quantity_certify(out, req, NULL, group, 0, M, q, v, 100, 120, &pu, "t", err);
    tap_ok(r == NH_ERR_PRECISION && strstr(err->msg, "t: cannot certify 100 bits") != NULL,
           "certify below a tight cap: NH_ERR_PRECISION (%s)", err->msg);

    /* one workspace reused across quantities whose series lengths differ
       (h1: K = 1, the order-1 reduced field: K = 2, G: K = 0, h1 again)
       gives what nh_quantity_certify computes with its own point */
    {
        nh_quantity_ws_struct *W = nh_quantity_ws_new(M);
        const char *names[4] = {"h1", "reduced_vdot", "G", "h1"};
        nh_quantity_params pw;
        fmpq_t e;
        arb_ptr x = _arb_vec_init(n * n), y = _arb_vec_init(n * n);
        slong j, len2, sh[3];
        fmpq_init(e);
        fmpq_set_si(e, 1, 10);
        ok = 1;
        for (j = 0; j < 4 && ok; j++)
        {
            Q = nh_quantity_find(names[j], &k);
            nh_quantity_params_init(&pw);
            pw.k = k;
            pw.order = 1;
            pw.eps_q = e;
            nh_quantity_shape(sh, &len2, Q, n, m, &pw);
            req[0] = Q;
            out[0] = y;
            ok = nh_quantity_eval_ws(x, NULL, NULL, Q, W, q, v, &pw, prec, err) == NH_OK
                && nh_quantity_certify(out, req, &pw, group, 1, M, q, v, 100, 4096, &pu, "t", err) == NH_OK;
            for (i = 0; ok && i < len2; i++)
                ok = arb_overlaps(x + i, y + i) && arb_is_finite(x + i);
            if (!ok)
                tap_diag("%s: %s", names[j], err->msg);
        }
        tap_ok(ok, "nh_quantity_eval_ws: h1, reduced_vdot (order 1, eps 1/10), G, h1 in one "
               "workspace overlap nh_quantity_certify's");
        fmpq_clear(e);
        _arb_vec_clear(x, n * n);
        _arb_vec_clear(y, n * n);
        nh_quantity_ws_free(W);
    }

    arb_clear(one);
    _arb_vec_clear(P, n * n);
    _arb_vec_clear(Pp, n * n);
    _arb_vec_clear(G, n * n);
    _arb_vec_clear(a1, n);
    _arb_vec_clear(a3, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(vD2, n);
    _fmpq_vec_clear(q, n);
    _fmpq_vec_clear(v, n);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
