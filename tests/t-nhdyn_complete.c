/* t-nhdyn_complete.c -- 002 Prop 4: completion of a candidate geodesic
   extension from its data on D (nh_dyn_complete_ghat), for the vertically
   rolling disk of 002 Sec 8 (cases/vertical_disk_002.nh: coordinates
   (x, y, phi, theta), g = identity, xd = cos(phi) thd, yd = sin(phi) thd).

   Frame (natural components; c = cos phi, s = sin phi):
     D:   X_phi = d_phi = (0, 0, 1, 0),  X_th = c d_x + s d_y + d_theta = (c, s, 0, 1);
     D^g: X_x = d_x - c d_theta = (1, 0, 0, -c),  X_y = d_y - s d_theta = (0, 1, 0, -s)
   (g(X_th, X_x) = c - c = 0, g(X_th, X_y) = 0: g-orthogonal).  These are
   the frames of 002 Sec 8.1's quasi-velocities (v_phi, v_th, v_x, v_y).
   Data on D: A = (g_ab) = F_D^T G F_D (computed from the model's G;
   closed form diag(1, 2)), and B = (ghat_ai) = [[0, 0], [-2c, -2s]], the
   solution of (A), (B) given in 002 Sec 8.1 (L^ has -4 c v_th v_x - 4 s
   v_th v_y, i.e. ghat(X_th, X_x) = -2c, ghat(X_th, X_y) = -2s).

   Closed forms (derived here): tr(B^T B) = 4 (c^2 + s^2) = 4, tr(A^-1) =
   1 + 1/2, so the completion's alpha = floor(6) + 1 = 7 (Prop 4's bound
   mu_max/tau_min = 4/1 = 4 < 7; eigenvalues of B^T A^-1 B are 0, 2).
   The completed metric is then 002 Sec 8.1's L^ with alpha = 7, whose
   natural-coordinate expansion (cases/vertical_disk_002_ghat.nh, checked
   there against T^T Gq T by t-nhdyn_geodesic; entry theta-theta re-derived
   here: qdot = d_theta has v_th = 1/2, v_x = -c/2, v_y = -s/2, so
   ghat_33 = 2/4 + 4 (c^2 + s^2)/4 + alpha/4 = alpha/4 + 3/2) is
     g00 = alpha - (3 alpha/4 + 1/2) c^2, g01 = -(3 alpha + 2) sin(2 phi)/8,
     g03 = (2 - alpha) c/4, g11 = alpha - (3 alpha/4 + 1/2) s^2,
     g13 = (2 - alpha) s/4, g22 = 1, g33 = alpha/4 + 3/2, others 0.
   Assertions at 6 random points: alpha = 7; the completion equals this
   matrix; it is certified positive definite; its geodesic acceleration
   for v in D equals the nonholonomic acceleration (route 1); control:
   B with the wrong sign (+2c, +2s) completes to a metric that is
   certifiably NOT a geodesic extension; a singular frame is rejected
   with NH_ERR_MODEL. */
#include <stdio.h>
#include <stdlib.h>
#include "nhdyn.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 160
#define E(Mx, i, j) JET_MAT_ENTRY(Mx, i, j, ctx)

static void
rnd(arb_t x, flint_rand_t st, slong lo, slong hi)
{
    arb_set_si(x, lo * 1000 + (slong) n_randint(st, (hi - lo) * 1000 + 1));
    arb_div_ui(x, x, 1000, PREC);
}

/* closed-form entry (i, j) of 002 Sec 8.1's ghat with alpha = al */
static void
ghat81(arb_t r, slong i, slong j, const arb_t al, const arb_t phi)
{
    arb_t c, s, x;
    arb_init(c); arb_init(s); arb_init(x);
    arb_sin_cos(s, c, phi, PREC);
    if (i > j) { slong k = i; i = j; j = k; }
    arb_zero(r);
    /* x = 3 alpha/4 + 1/2 */
    arb_mul_ui(x, al, 3, PREC); arb_mul_2exp_si(x, x, -2);
    arb_set_d(r, 0.5); arb_add(x, x, r, PREC);
    arb_zero(r);
    if (i == 0 && j == 0) { arb_mul(r, c, c, PREC); arb_mul(r, r, x, PREC); arb_sub(r, al, r, PREC); }
    else if (i == 1 && j == 1) { arb_mul(r, s, s, PREC); arb_mul(r, r, x, PREC); arb_sub(r, al, r, PREC); }
    else if (i == 0 && j == 1)
    {   /* -(3 alpha + 2) 2 s c / 8 */
        arb_mul_ui(x, al, 3, PREC); arb_add_ui(x, x, 2, PREC);
        arb_mul(r, s, c, PREC); arb_mul(r, r, x, PREC); arb_mul_2exp_si(r, r, -2); arb_neg(r, r);
    }
    else if (i == 0 && j == 3) { arb_sub_ui(x, al, 2, PREC); arb_neg(x, x); arb_mul(r, x, c, PREC); arb_mul_2exp_si(r, r, -2); }
    else if (i == 1 && j == 3) { arb_sub_ui(x, al, 2, PREC); arb_neg(x, x); arb_mul(r, x, s, PREC); arb_mul_2exp_si(r, r, -2); }
    else if (i == 2 && j == 2) arb_one(r);
    else if (i == 3 && j == 3) { arb_mul_2exp_si(r, al, -2); arb_set_d(x, 1.5); arb_add(r, r, x, PREC); }
    arb_clear(c); arb_clear(s); arb_clear(x);
}

int
main(void)
{
    char path[4096];
    nh_model_ptr M = NULL;
    nh_error_t err;
    flint_rand_t st;
    arb_ptr q, v, acc1, accg, mult;
    arb_t t, alpha, x;
    slong rep, i, j, a, b;
    int ok_alpha = 1, ok_mat = 1, ok_pd = 1, ok_geo = 1, ctrl = 0, ok_sing = 0;

    tap_plan(6);
    nh_error_init(err);
    flint_rand_init(st);
    snprintf(path, sizeof path, "%s/cases/vertical_disk_002.nh", srcdir());
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_bail("%s", err->msg);
    q = _arb_vec_init(4); v = _arb_vec_init(4); acc1 = _arb_vec_init(4); accg = _arb_vec_init(4);
    mult = _arb_vec_init(2);
    arb_init(t); arb_init(alpha); arb_init(x);

    for (rep = 0; rep < 6; rep++)
    {
        nh_dyn_t D;
        const jet_ctx_struct *ctx;
        jet_mat_t F, A, B, Gh, FD;
        arb_ptr ph, c, s;
        arb_mat_t G0, G0i;
        int sgn;

        for (i = 0; i < 4; i++)
            rnd(q + i, st, -3, 3), rnd(v + i, st, -2, 2);
        arb_zero(t);
        nh_dyn_init(D, M);
        ctx = D->ctx;
        if (nh_dyn_set_point(D, M, q, t, NULL, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        nh_dyn_complete_velocity(v, D, PREC);
        if (nh_dyn_lagrange(acc1, mult, D, v, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        ph = jet_init(ctx); c = jet_init(ctx); s = jet_init(ctx);
        jet_set_var(ph, q + 2, 2, ctx);
        jet_cos(c, ph, 1, ctx, PREC);
        jet_sin(s, ph, 1, ctx, PREC);
        jet_mat_init(F, 4, 4, ctx); jet_mat_init(A, 2, 2, ctx); jet_mat_init(B, 2, 2, ctx);
        jet_mat_init(Gh, 4, 4, ctx); jet_mat_init(FD, 4, 2, ctx);
        arb_mat_init(G0, 4, 4); arb_mat_init(G0i, 4, 4);
        /* frame columns: X_phi, X_th, X_x, X_y */
        jet_set_si(E(F, 2, 0), 1, ctx);
        jet_set(E(F, 0, 1), c, ctx); jet_set(E(F, 1, 1), s, ctx); jet_set_si(E(F, 3, 1), 1, ctx);
        jet_set_si(E(F, 0, 2), 1, ctx); jet_neg(E(F, 3, 2), c, ctx);
        jet_set_si(E(F, 1, 3), 1, ctx); jet_neg(E(F, 3, 3), s, ctx);
        /* A = F_D^T G F_D from the model's metric */
        for (i = 0; i < 4; i++)
            for (j = 0; j < 2; j++)
                jet_set(E(FD, i, j), E(F, i, j), ctx);
        {
            jet_mat_t FDt, GF;
            jet_mat_init(FDt, 2, 4, ctx); jet_mat_init(GF, 4, 2, ctx);
            jet_mat_transpose(FDt, FD, ctx);
            jet_mat_mul(GF, D->G, FD, 1, ctx, PREC);
            jet_mat_mul(A, FDt, GF, 1, ctx, PREC);
            jet_mat_clear(FDt, ctx); jet_mat_clear(GF, ctx);
        }
        for (sgn = -1; sgn <= 1; sgn += 2)
        {
            jet_mat_zero(B, ctx);
            jet_scalar_mul_si(E(B, 1, 0), c, 2 * sgn, ctx, PREC);
            jet_scalar_mul_si(E(B, 1, 1), s, 2 * sgn, ctx, PREC);
            if (nh_dyn_complete_ghat(Gh, alpha, F, A, B, ctx, PREC, err) != NH_OK)
                tap_bail("%s", err->msg);
            if (!arb_equal_si(alpha, 7))
                ok_alpha = 0;
            if (nh_dyn_geodesic(accg, Gh, ctx, v, 4, PREC, err) != NH_OK)
                tap_bail("%s", err->msg);
            if (sgn < 0)
            {
                if (nh_dyn_compare(NULL, accg, acc1, 4, PREC) != 1)
                    ok_geo = 0;
                for (a = 0; a < 4; a++)
                    for (b = 0; b < 4; b++)
                    {
                        ghat81(x, a, b, alpha, q + 2);
                        arb_sub(x, x, jet_const(E(Gh, a, b)), PREC);
                        if (!arb_contains_zero(x) || mag_cmp_2exp_si(arb_radref(x), -100) > 0)
                            ok_mat = 0;
                    }
                jet_mat_get_const(G0, Gh, ctx);
                if (!arb_mat_spd_inv(G0i, G0, PREC))
                    ok_pd = 0;
            }
            else if (nh_dyn_compare(NULL, accg, acc1, 4, PREC) == -1)
                ctrl = 1;
        }
        if (rep == 0)
        {
            /* singular frame: X_x replaced by X_phi */
            jet_mat_t F2;
            jet_mat_init(F2, 4, 4, ctx);
            jet_mat_set(F2, F, ctx);
            for (i = 0; i < 4; i++)
                jet_set(E(F2, i, 2), E(F, i, 0), ctx);
            jet_mat_zero(B, ctx);
            ok_sing = nh_dyn_complete_ghat(Gh, alpha, F2, A, B, ctx, PREC, err) == NH_ERR_MODEL;
            tap_diag("singular frame: %s", err->msg);
            jet_mat_clear(F2, ctx);
        }
        jet_clear(ph, ctx); jet_clear(c, ctx); jet_clear(s, ctx);
        jet_mat_clear(F, ctx); jet_mat_clear(A, ctx); jet_mat_clear(B, ctx);
        jet_mat_clear(Gh, ctx); jet_mat_clear(FD, ctx);
        arb_mat_clear(G0); arb_mat_clear(G0i);
        nh_dyn_clear(D);
    }
    tap_ok(ok_alpha, "002 Prop 4 completion of the Sec 8.1 data: alpha = floor(tr(B^T B) tr(A^-1)) + 1 = 7");
    tap_ok(ok_mat, "completed ghat = 002 Sec 8.1 L^ with alpha = 7 (closed form, 6 random points)");
    tap_ok(ok_pd, "completed ghat certified positive definite (Cholesky)");
    tap_ok(ok_geo, "geodesic acceleration of the completed ghat on D = nonholonomic acceleration (route 1)");
    tap_ok(ctrl, "control: completion of B with the wrong sign is not a geodesic extension");
    tap_ok(ok_sing, "singular frame rejected with NH_ERR_MODEL");

    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4); _arb_vec_clear(acc1, 4); _arb_vec_clear(accg, 4);
    _arb_vec_clear(mult, 2);
    arb_clear(t); arb_clear(alpha); arb_clear(x);
    nh_model_free(M);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
