/*
 * t-bundle_cov.c -- lib/bundle.h: vertical Jacobian D^V h, horizontal
 * covariant derivative nabla^H_X h (paper 000 eqs (29), (30), (33)) and
 * h^(1) as a bundle map (67), checked against independent computations:
 *
 * 1. Closed form on the Chaplygin sleigh (cases/chaplygin_sleigh.nh,
 *    coordinates (x, y, phi), metric depending on phi).  Christoffel
 *    symbols by hand: only d_phi G is nonzero, so the only nonzero
 *    symbols of the first kind are C_{x,phi phi} = -m a cos phi,
 *    C_{y,phi phi} = -m a sin phi; with the Schur complement of the
 *    (x, y) block equal to I, G^{-1} = [[I2/m + (a^2/I) n n^T, -(a/I) n],
 *    [-(a/I) n^T, 1/I]], n = (-sin phi, cos phi), hence
 *    Gamma^x_{phi phi} = -a cos phi, Gamma^y_{phi phi} = -a sin phi, all
 *    others 0 (the same as t-geom_closed).  For the bundle map
 *        h(q, w) = (cos(phi) (w^phi)^2, w^x w^y + y, w^phi sin(phi))
 *    eq (30) term by term (s = sin phi, c = cos phi, X a vector):
 *        dh/dq X        = (-s (w^phi)^2 X^phi, X^y, c w^phi X^phi)
 *        Gamma(X) h     = (-a c X^phi h^phi, -a s X^phi h^phi, 0),
 *                         h^phi = s w^phi
 *        Gamma(w, X)    = (-a c w^phi X^phi, -a s w^phi X^phi, 0)
 *        D^V h          = [[0, 0, 2 c w^phi], [w^y, w^x, 0], [0, 0, s]]
 *    so nabla^H_X h = ( -s (w^phi)^2 X^phi - a c s w^phi X^phi,
 *                       X^y - a s^2 w^phi X^phi + a w^phi X^phi (c w^y + s w^x),
 *                       c w^phi X^phi ).
 * 2. Remark 2 (linear maps): for h(q, w) = P_perp(q) w, D^V h = P_perp(q0)
 *    and nabla^H_X h = (nabla_X P_perp) w0, the latter from
 *    nh_geom_cov_tensor (eq (32), separate code), for every shipped case
 *    of paper 000's class among vertical_disk, chaplygin_sleigh,
 *    pendulum_radial_friction.
 * 3. The chain rule of Proposition 2, eq (28), as an identity:
 *    nabla_X (h o W) = nabla^H_X h (W(q0)) + D^V h (nabla_X W) for a
 *    nonlinear h and a vector field W(q), the left side and nabla_X W by
 *    nh_geom_cov_vector (eq (31)) applied to the composed jets.  Also with
 *    h = h^(1) from nh_bundle_h1.
 * 4. nh_bundle_h1 at w0 = vD in D equals h^(1) of the time-derivative
 *    route nh_series_time (a different method: invariance condition
 *    along trajectories, no covariant derivative).
 * Random points: flint_rand_init default seed.
 */
#include <string.h>
#include "bundle.h"
#include "tap.h"
#include "series_testutil.h"

#define PREC 128

/* y = A x (A n x n arb_mat; y must not alias x) */
static void
mv(arb_ptr y, const arb_mat_t A, arb_srcptr x, slong prec)
{
    slong i, n = arb_mat_nrows(A);
    for (i = 0; i < n; i++)
        arb_dot(y + i, NULL, 0, arb_mat_entry(A, i, 0), 1, x, 1, arb_mat_ncols(A), prec);
}

/* the test bundle maps; q, w: n jets in ctx; out: n jets */
static void
build_h(arb_ptr out, arb_srcptr q, arb_srcptr w, int sleigh, slong n,
        const jet_ctx_t ctx, slong prec)
{
    slong L = ctx->len, o = ctx->order, i;
    arb_ptr t = jet_init(ctx), s = jet_init(ctx);
    if (sleigh)
    {
        /* (cos(phi) (w^phi)^2, w^x w^y + y, w^phi sin(phi)) */
        jet_cos(t, q + 2 * L, o, ctx, prec);
        jet_mul(s, w + 2 * L, w + 2 * L, o, ctx, prec);
        jet_mul(out, t, s, o, ctx, prec);
        jet_mul(out + L, w, w + L, o, ctx, prec);
        jet_add(out + L, out + L, q + L, ctx, prec);
        jet_sin(t, q + 2 * L, o, ctx, prec);
        jet_mul(out + 2 * L, w + 2 * L, t, o, ctx, prec);
    }
    else
        /* out_i = sin(q_i) w_i w_{i+1} + q_{i+2} w_i (indices mod n) */
        for (i = 0; i < n; i++)
        {
            jet_sin(t, q + i * L, o, ctx, prec);
            jet_mul(s, w + i * L, w + ((i + 1) % n) * L, o, ctx, prec);
            jet_mul(out + i * L, t, s, o, ctx, prec);
            jet_mul(t, q + ((i + 2) % n) * L, w + i * L, o, ctx, prec);
            jet_add(out + i * L, out + i * L, t, ctx, prec);
        }
    jet_clear(t, ctx);
    jet_clear(s, ctx);
}

static int
close_vec(arb_srcptr a, arb_srcptr b, slong n, double tol)
{
    slong i;
    arb_t d;
    int ok = 1;
    arb_init(d);
    for (i = 0; i < n; i++)
    {
        arb_sub(d, a + i, b + i, PREC);
        if (!arb_contains_zero(d) || mag_cmp_2exp_si(arb_radref(d), (slong) tol) > 0)
            ok = 0;
    }
    arb_clear(d);
    return ok;
}

static void
check_case(const char *file, flint_rand_t st, int sleigh)
{
    nh_model_ptr M = tu_load_case(file);
    slong n, i, j, k, it, L;
    jet_ctx_t ctx;
    nh_geom_t g;
    nh_error_t err;
    arb_ptr q0, w0, X, qj, wj, Wj, h, hW, r1, r2, r3, r4, vD, hs;
    arb_mat_t DV, Pp0, nab;

    nh_error_init(err);
    if (M == NULL)
    {
        tap_ok(0, "load %s", file);
        return;
    }
    n = nh_model_n(M);
    jet_ctx_init(ctx, 2 * n, 2);
    L = ctx->len;
    nh_geom_init(g, M, ctx);
    q0 = _arb_vec_init(n); w0 = _arb_vec_init(n); X = _arb_vec_init(n);
    r1 = _arb_vec_init(n); r2 = _arb_vec_init(n); r3 = _arb_vec_init(n);
    r4 = _arb_vec_init(n); vD = _arb_vec_init(n); hs = _arb_vec_init(n);
    qj = jet_vec_init(n, ctx); wj = jet_vec_init(n, ctx); Wj = jet_vec_init(n, ctx);
    h = jet_vec_init(n, ctx); hW = jet_vec_init(n, ctx);
    arb_mat_init(DV, n, n); arb_mat_init(Pp0, n, n); arb_mat_init(nab, n, n);

    for (it = 0; it < 3; it++)
    {
        int ok;
        for (i = 0; i < n; i++)
        {
            tu_rand_arb(q0 + i, st, -1.0, 1.0, PREC);
            tu_rand_arb(w0 + i, st, -1.0, 1.0, PREC);
            tu_rand_arb(X + i, st, -1.0, 1.0, PREC);
        }
        if (nh_geom_compute(g, M, q0, 2, ctx, PREC, err) != NH_OK)
        {
            tap_ok(0, "%s: geometry: %s", file, err->msg);
            continue;
        }
        for (i = 0; i < n; i++)
        {
            jet_set_var(JET_ENTRY(qj, i, ctx), q0 + i, i, ctx);
            jet_set_var(JET_ENTRY(wj, i, ctx), w0 + i, n + i, ctx);
        }

        /* 1. closed form (sleigh) */
        build_h(h, qj, wj, sleigh, n, ctx, PREC);
        nh_bundle_cov_horizontal(r1, h, w0, X, g, ctx, ctx, PREC);
        nh_bundle_vertical_jacobian(DV, h, n, ctx);
        if (sleigh)
        {
            arb_t s, c, a, t;
            arb_ptr wx = w0, wy = w0 + 1, wp = w0 + 2, Xp = X + 2;
            arb_init(s); arb_init(c); arb_init(a); arb_init(t);
            arb_sin_cos(s, c, q0 + 2, PREC);
            arb_set_ui(a, 1);
            arb_div_ui(a, a, 5, PREC);            /* a = 1/5 (the case file) */
            /* r2_x = -s wp^2 Xp - a c s wp Xp */
            arb_mul(t, wp, wp, PREC); arb_mul(t, t, s, PREC); arb_neg(r2, t);
            arb_mul(t, a, c, PREC); arb_mul(t, t, s, PREC); arb_mul(t, t, wp, PREC);
            arb_sub(r2, r2, t, PREC); arb_mul(r2, r2, Xp, PREC);
            /* r2_y = X^y - a s^2 wp Xp + a wp Xp (c wy + s wx) */
            arb_mul(t, c, wy, PREC); arb_addmul(t, s, wx, PREC);
            arb_submul(t, s, s, PREC);
            arb_mul(t, t, a, PREC); arb_mul(t, t, wp, PREC); arb_mul(t, t, Xp, PREC);
            arb_add(r2 + 1, X + 1, t, PREC);
            /* r2_phi = c wp Xp */
            arb_mul(r2 + 2, c, wp, PREC); arb_mul(r2 + 2, r2 + 2, Xp, PREC);
            tap_ok(close_vec(r1, r2, n, -PREC + 20),
                   "sleigh: nabla^H_X h = hand-derived closed form (point %ld)", (long) it);
            /* D^V h closed form */
            ok = arb_is_zero(arb_mat_entry(DV, 0, 0)) && arb_is_zero(arb_mat_entry(DV, 0, 1));
            arb_mul_ui(t, c, 2, PREC); arb_mul(t, t, wp, PREC);
            ok = ok && arb_overlaps(arb_mat_entry(DV, 0, 2), t)
                 && arb_overlaps(arb_mat_entry(DV, 1, 0), wy)
                 && arb_overlaps(arb_mat_entry(DV, 1, 1), wx)
                 && arb_is_zero(arb_mat_entry(DV, 1, 2))
                 && arb_overlaps(arb_mat_entry(DV, 2, 2), s);
            tap_ok(ok, "sleigh: D^V h = hand-derived Jacobian (point %ld)", (long) it);
            arb_clear(s); arb_clear(c); arb_clear(a); arb_clear(t);
        }

        /* 3. chain rule (28) with W(q) = w0 + B dq, B random */
        for (i = 0; i < n; i++)
        {
            arb_ptr Wi = JET_ENTRY(Wj, i, ctx);
            jet_set_arb(Wi, w0 + i, ctx);
            for (k = 0; k < n; k++)
                tu_rand_arb(Wi + jet_ctx_var_index(ctx, k), st, -1.0, 1.0, PREC);
        }
        build_h(hW, qj, Wj, sleigh, n, ctx, PREC);
        nh_geom_cov_vector(r2, g, hW, X, ctx, PREC);          /* nabla_X (h o W) */
        nh_geom_cov_vector(r3, g, Wj, X, ctx, PREC);          /* nabla_X W */
        mv(r4, DV, r3, PREC);
        _arb_vec_add(r4, r4, r1, n, PREC);
        tap_ok(close_vec(r2, r4, n, -PREC + 24),
               "%s: chain rule (28) nabla_X(h o W) = nabla^H_X h(W) + D^V h(nabla_X W) (point %ld)",
               file, (long) it);

        /* 2. Remark 2: h = P_perp(q) w */
        for (i = 0; i < n; i++)
            jet_dot(JET_ENTRY(h, i, ctx), JET_MAT_ENTRY(g->Pperp, i, 0, ctx), L,
                    wj, L, n, 2, ctx, PREC);
        nh_bundle_cov_horizontal(r1, h, w0, X, g, ctx, ctx, PREC);
        nh_bundle_vertical_jacobian(DV, h, n, ctx);
        jet_mat_get_const(Pp0, g->Pperp, ctx);
        tap_ok(arb_mat_overlaps(DV, Pp0), "%s: D^V (P_perp w) = P_perp(q0) (point %ld)",
               file, (long) it);
        nh_geom_cov_tensor(nab, g, g->Pperp, X, ctx, PREC);
        mv(r2, nab, w0, PREC);
        tap_ok(close_vec(r1, r2, n, -PREC + 20),
               "%s: nabla^H_X (P_perp w) = (nabla_X P_perp) w0, Remark 2 (point %ld)",
               file, (long) it);

        /* 4. h^(1) from the bundle map = time route at w0 = vD in D */
        ok = nh_project_D(vD, M, q0, w0, PREC, err) == NH_OK
             && nh_series_time(hs, NULL, M, q0, vD, 1, PREC, err) == NH_OK;
        if (!ok)
        {
            tap_ok(0, "%s: time route h^(1): %s", file, err->msg);
            continue;
        }
        nh_bundle_h1(h, g, vD, 1, ctx, PREC);
        for (i = 0; i < n; i++)
            arb_set(r1 + i, JET_ENTRY(h, i, ctx));
        tap_ok(close_vec(r1, hs, n, -PREC + 24),
               "%s: nh_bundle_h1 (eq (67)) at vD = h^(1) of nh_series_time (point %ld)",
               file, (long) it);

        /* 3'. chain rule with h = h^(1) (base point w0 = vD) and W = vD + B dq */
        nh_bundle_cov_horizontal(r1, h, vD, X, g, ctx, ctx, PREC);
        nh_bundle_vertical_jacobian(DV, h, n, ctx);
        for (i = 0; i < n; i++)
            arb_set(JET_ENTRY(Wj, i, ctx), vD + i);
        /* h^(1) o W: substitute dw = W - vD = B dq (degree 1) into the
           jets of h^(1); exact to degree 1, which is all (31) reads */
        for (i = 0; i < n; i++)
        {
            arb_ptr o = JET_ENTRY(hW, i, ctx), hi = JET_ENTRY(h, i, ctx);
            jet_zero(o, ctx);
            arb_set(o, hi);
            for (k = 0; k < n; k++)
            {
                slong vk = jet_ctx_var_index(ctx, k);
                arb_add(o + vk, o + vk, hi + vk, PREC);
                for (j = 0; j < n; j++)
                    arb_addmul(o + vk, hi + jet_ctx_var_index(ctx, n + j),
                               JET_ENTRY(Wj, j, ctx) + vk, PREC);
            }
        }
        nh_geom_cov_vector(r2, g, hW, X, ctx, PREC);
        nh_geom_cov_vector(r3, g, Wj, X, ctx, PREC);
        mv(r4, DV, r3, PREC);
        _arb_vec_add(r4, r4, r1, n, PREC);
        tap_ok(close_vec(r2, r4, n, -PREC + 24),
               "%s: chain rule (28) for h^(1) (point %ld)", file, (long) it);
    }

    arb_mat_clear(DV); arb_mat_clear(Pp0); arb_mat_clear(nab);
    jet_vec_clear(qj, n, ctx); jet_vec_clear(wj, n, ctx); jet_vec_clear(Wj, n, ctx);
    jet_vec_clear(h, n, ctx); jet_vec_clear(hW, n, ctx);
    _arb_vec_clear(q0, n); _arb_vec_clear(w0, n); _arb_vec_clear(X, n);
    _arb_vec_clear(r1, n); _arb_vec_clear(r2, n); _arb_vec_clear(r3, n);
    _arb_vec_clear(r4, n); _arb_vec_clear(vD, n); _arb_vec_clear(hs, n);
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t st;
    flint_rand_init(st);
    tap_diag("flint_rand_t with default seed (flint_rand_init), prec %d", PREC);
    check_case("chaplygin_sleigh.nh", st, 1);
    check_case("vertical_disk.nh", st, 0);
    check_case("pendulum_radial_friction.nh", st, 0);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
