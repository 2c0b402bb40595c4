/* t-nhdyn_geodesic.c -- route 4 (paper 002): geodesic extensions of the
   vertically rolling disk (cases/vertical_disk_002.nh, 002 Sec 8).  A
   metric ghat is a geodesic extension iff its geodesic acceleration
   equals the nonholonomic acceleration (routes 1, 2, 3) for every v in D;
   checked at random (q, v in D).  Metrics (natural coordinates x, y, phi,
   theta; c = cos phi, s = sin phi):
   - 002 Sec 8.1: L^ = 1/2 [v_phi^2 + 2 v_th^2 - 4 c v_th v_x - 4 s v_th v_y
     + alpha (v_x^2 + v_y^2)] in the quasi-velocities given by 002's
     "conversely" formulas (v = T qdot), i.e. ghat = T^T Gq T, for
     alpha = 42 and random alpha in [3, 50];
   - 002's metric of [9]: 1/2 (thd^2 + phid^2) - 1/2 (xd^2 + yd^2)
     + thd (xd c + yd s) (pseudo-Riemannian);
   - 002's metric of [3]: 1/2 (2 thd^2 + phid^2 + xd^2 + yd^2) - thd (xd c + yd s).
   Controls (must fail): ghat = g (straight lines) and ghat with the
   wrong sign of ghat_{theta x}, ghat_{theta y}.
   Also: T is the inverse of 002's quasi-velocity relation (xd = v_x +
   v_th c, ...), L^ = L on D (D-preserving), and positive definiteness
   of the quasi-velocity matrix [[A, B], [B^T, alpha I]] exactly for
   alpha > 2 (Schur complement alpha I - B^T A^-1 B has eigenvalues
   alpha and alpha - 2; 002 states alpha > 4 as a sufficient bound). */
#include <stdio.h>
#include <stdlib.h>
#include "nhdyn.h"
#include "tap.h"
#include "case_testutil.h"
#include "nhdyn_testutil.h"

#define PREC 160

#define rnd(x, st, lo, hi) tu_rnd(x, st, lo, hi, PREC)

#define E(Mx, i, j) JET_MAT_ENTRY(Mx, i, j, ctx)

/* kind 0: 002 Sec 8.1 with alpha (sgn = -1 the paper's ghat_{theta i},
   +1 the wrong sign); 1: [9]; 2: [3]; 3: g itself */
static void
build(jet_mat_t Gh, int kind, const arb_t alpha, int sgn, arb_srcptr c, arb_srcptr s,
      const jet_ctx_struct *ctx, slong prec)
{
    slong len = ctx->len;
    jet_mat_zero(Gh, ctx);
    if (kind == 0)
    {
        jet_mat_t T, Tt, Gq, W;
        arb_ptr cs = jet_init(ctx), tmp = jet_init(ctx);
        jet_mat_init(T, 4, 4, ctx); jet_mat_init(Tt, 4, 4, ctx);
        jet_mat_init(Gq, 4, 4, ctx); jet_mat_init(W, 4, 4, ctx);
        jet_mul(cs, c, s, 1, ctx, prec);
        /* rows quasi (phi, theta, x, y), columns natural (x, y, phi, theta) */
        jet_set_si(E(T, 0, 2), 1, ctx);
        jet_scalar_div_si(E(T, 1, 0), c, 2, ctx, prec);
        jet_scalar_div_si(E(T, 1, 1), s, 2, ctx, prec);
        jet_set_si(E(T, 1, 3), 1, ctx); jet_scalar_div_si(E(T, 1, 3), E(T, 1, 3), 2, ctx, prec);
        jet_mul(tmp, s, s, 1, ctx, prec); arb_add_ui(tmp, tmp, 1, prec);
        jet_scalar_div_si(E(T, 2, 0), tmp, 2, ctx, prec);
        jet_scalar_div_si(E(T, 2, 1), cs, -2, ctx, prec);
        jet_scalar_div_si(E(T, 2, 3), c, -2, ctx, prec);
        jet_scalar_div_si(E(T, 3, 0), cs, -2, ctx, prec);
        jet_mul(tmp, c, c, 1, ctx, prec); arb_add_ui(tmp, tmp, 1, prec);
        jet_scalar_div_si(E(T, 3, 1), tmp, 2, ctx, prec);
        jet_scalar_div_si(E(T, 3, 3), s, -2, ctx, prec);
        /* Gq (phi, theta, x, y) */
        jet_set_si(E(Gq, 0, 0), 1, ctx);
        jet_set_si(E(Gq, 1, 1), 2, ctx);
        jet_scalar_mul_si(E(Gq, 1, 2), c, 2 * sgn, ctx, prec);
        jet_scalar_mul_si(E(Gq, 1, 3), s, 2 * sgn, ctx, prec);
        _arb_vec_set(E(Gq, 2, 1), E(Gq, 1, 2), len);
        _arb_vec_set(E(Gq, 3, 1), E(Gq, 1, 3), len);
        jet_set_arb(E(Gq, 2, 2), alpha, ctx);
        jet_set_arb(E(Gq, 3, 3), alpha, ctx);
        jet_mat_transpose(Tt, T, ctx);
        jet_mat_mul(W, Gq, T, 1, ctx, prec);
        jet_mat_mul(Gh, Tt, W, 1, ctx, prec);
        jet_mat_clear(T, ctx); jet_mat_clear(Tt, ctx); jet_mat_clear(Gq, ctx); jet_mat_clear(W, ctx);
        jet_clear(cs, ctx); jet_clear(tmp, ctx);
    }
    else if (kind == 1)
    {
        jet_set_si(E(Gh, 0, 0), -1, ctx); jet_set_si(E(Gh, 1, 1), -1, ctx);
        jet_set_si(E(Gh, 2, 2), 1, ctx); jet_set_si(E(Gh, 3, 3), 1, ctx);
        jet_set(E(Gh, 0, 3), c, ctx); jet_set(E(Gh, 3, 0), c, ctx);
        jet_set(E(Gh, 1, 3), s, ctx); jet_set(E(Gh, 3, 1), s, ctx);
    }
    else if (kind == 2)
    {
        jet_set_si(E(Gh, 0, 0), 1, ctx); jet_set_si(E(Gh, 1, 1), 1, ctx);
        jet_set_si(E(Gh, 2, 2), 1, ctx); jet_set_si(E(Gh, 3, 3), 2, ctx);
        jet_neg(E(Gh, 0, 3), c, ctx); jet_neg(E(Gh, 3, 0), c, ctx);
        jet_neg(E(Gh, 1, 3), s, ctx); jet_neg(E(Gh, 3, 1), s, ctx);
    }
    else
    {
        slong i;
        for (i = 0; i < 4; i++)
            jet_set_si(E(Gh, i, i), 1, ctx);
    }
}

int
main(void)
{
    char path[4096];
    nh_model_ptr M = NULL;
    nh_error_t err;
    flint_rand_t st;
    arb_ptr q, v, acc1, acc2, acc3, accg, mult, c, s, ph;
    arb_t t, alpha, x;
    slong rep, kind, i;
    int ok[6] = { 1, 1, 1, 1, 1, 1 }, fail_ctrl[2] = { 0, 0 }, okT = 1, okD = 1;
    const char *names[6] = { "002 Sec 8.1 ghat, alpha = 42", "002 Sec 8.1 ghat, random alpha in [3, 50]",
                             "metric of 002's [9] (pseudo-Riemannian)", "metric of 002's [3]", "", "" };

    tap_plan(10);
    nh_error_init(err);
    flint_rand_init(st);
    snprintf(path, sizeof path, "%s/cases/vertical_disk_002.nh", srcdir());
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_bail("%s", err->msg);
    q = _arb_vec_init(4); v = _arb_vec_init(4); acc1 = _arb_vec_init(4); acc2 = _arb_vec_init(4);
    acc3 = _arb_vec_init(4); accg = _arb_vec_init(4); mult = _arb_vec_init(2);
    arb_init(t); arb_init(alpha); arb_init(x);

    for (rep = 0; rep < 6; rep++)
    {
        nh_dyn_t D;
        jet_mat_t Gh;
        const jet_ctx_struct *ctx;
        for (i = 0; i < 4; i++)
            rnd(q + i, st, -3, 3), rnd(v + i, st, -2, 2);
        arb_zero(t);
        nh_dyn_init(D, M);
        ctx = D->ctx;
        tu_routes123(acc1, mult, acc2, acc3, D, M, q, v, PREC);
        if (nh_dyn_compare(NULL, acc1, acc2, 4, PREC) != 1 || nh_dyn_compare(NULL, acc1, acc3, 4, PREC) != 1)
            tap_bail("routes 1-3 disagree");
        /* phi as a jet in variable 2 */
        ph = jet_init(ctx); c = jet_init(ctx); s = jet_init(ctx);
        jet_set_var(ph, q + 2, 2, ctx);
        jet_cos(c, ph, 1, ctx, PREC);
        jet_sin(s, ph, 1, ctx, PREC);
        jet_mat_init(Gh, 4, 4, ctx);
        for (kind = 0; kind < 6; kind++)
        {
            arb_set_ui(alpha, 42);
            if (kind == 1)
                rnd(alpha, st, 3, 50);
            if (kind <= 1)
                build(Gh, 0, alpha, -1, c, s, ctx, PREC);
            else if (kind == 2)
                build(Gh, 1, alpha, -1, c, s, ctx, PREC);     /* [9] */
            else if (kind == 3)
                build(Gh, 2, alpha, -1, c, s, ctx, PREC);     /* [3] */
            else if (kind == 4)
                build(Gh, 3, alpha, -1, c, s, ctx, PREC);     /* control: g */
            else
                build(Gh, 0, alpha, 1, c, s, ctx, PREC);      /* control: wrong sign */
            if (nh_dyn_geodesic(accg, Gh, ctx, v, 4, PREC, err) != NH_OK)
                tap_bail("%s", err->msg);
            if (kind < 4 && nh_dyn_compare(NULL, accg, acc1, 4, PREC) != 1)
                ok[kind] = 0;
            if (kind >= 4 && nh_dyn_compare(NULL, accg, acc1, 4, PREC) == -1)
                fail_ctrl[kind - 4] = 1;
            if (kind == 0)
            {
                /* D-preserving: ghat(v, v) = g(v, v) = |v|^2 for v in D */
                arb_t a, b;
                slong j;
                arb_init(a); arb_init(b);
                for (i = 0; i < 4; i++)
                {
                    arb_addmul(b, v + i, v + i, PREC);
                    for (j = 0; j < 4; j++)
                    {
                        arb_mul(x, v + i, v + j, PREC);
                        arb_addmul(a, jet_const(E(Gh, i, j)), x, PREC);
                    }
                }
                arb_sub(a, a, b, PREC);
                if (!arb_contains_zero(a) || mag_cmp_2exp_si(arb_radref(a), -80) > 0)
                    okD = 0;
                arb_clear(a); arb_clear(b);
            }
        }
        /* T F = I, F from 002's xd = v_x + v_th c, yd = v_y + v_th s,
           phid = v_phi, thd = v_th - v_x c - v_y s (quasi order phi, theta, x, y) */
        {
            arb_mat_t T, F, P;
            arb_srcptr c0 = jet_const(c), s0 = jet_const(s);
            arb_mat_init(T, 4, 4); arb_mat_init(F, 4, 4); arb_mat_init(P, 4, 4);
            arb_one(arb_mat_entry(T, 0, 2));
            arb_mul_2exp_si(arb_mat_entry(T, 1, 0), c0, -1);
            arb_mul_2exp_si(arb_mat_entry(T, 1, 1), s0, -1);
            arb_set_d(arb_mat_entry(T, 1, 3), 0.5);
            arb_mul(x, s0, s0, PREC); arb_add_ui(x, x, 1, PREC); arb_mul_2exp_si(arb_mat_entry(T, 2, 0), x, -1);
            arb_mul(x, c0, s0, PREC); arb_mul_2exp_si(x, x, -1); arb_neg(arb_mat_entry(T, 2, 1), x);
            arb_neg(arb_mat_entry(T, 3, 0), x);
            arb_mul_2exp_si(arb_mat_entry(T, 2, 3), c0, -1); arb_neg(arb_mat_entry(T, 2, 3), arb_mat_entry(T, 2, 3));
            arb_mul(x, c0, c0, PREC); arb_add_ui(x, x, 1, PREC); arb_mul_2exp_si(arb_mat_entry(T, 3, 1), x, -1);
            arb_mul_2exp_si(arb_mat_entry(T, 3, 3), s0, -1); arb_neg(arb_mat_entry(T, 3, 3), arb_mat_entry(T, 3, 3));
            /* F: rows natural (x, y, phi, theta), columns quasi (phi, theta, x, y) */
            arb_set(arb_mat_entry(F, 0, 1), c0); arb_one(arb_mat_entry(F, 0, 2));
            arb_set(arb_mat_entry(F, 1, 1), s0); arb_one(arb_mat_entry(F, 1, 3));
            arb_one(arb_mat_entry(F, 2, 0));
            arb_one(arb_mat_entry(F, 3, 1)); arb_neg(arb_mat_entry(F, 3, 2), c0); arb_neg(arb_mat_entry(F, 3, 3), s0);
            arb_mat_mul(P, T, F, PREC);
            for (i = 0; i < 16; i++)
            {
                arb_sub_ui(x, P->entries + i, (i % 5 == 0) ? 1 : 0, PREC);
                if (!arb_contains_zero(x)) okT = 0;
            }
            arb_mat_clear(T); arb_mat_clear(F); arb_mat_clear(P);
        }
        jet_mat_clear(Gh, ctx);
        jet_clear(ph, ctx); jet_clear(c, ctx); jet_clear(s, ctx);
        nh_dyn_clear(D);
    }
    for (kind = 0; kind < 4; kind++)
        tap_ok(ok[kind], "%s is a geodesic extension: geodesic acceleration = nonholonomic (6 random points)", names[kind]);
    tap_ok(fail_ctrl[0], "control: ghat = g is not a geodesic extension (certified difference)");
    tap_ok(fail_ctrl[1], "control: ghat with +2 cos(phi), +2 sin(phi) (wrong sign) is not");
    tap_ok(okT, "002 Sec 8.1: the 'conversely' quasi-velocity formulas invert xd = v_x + v_th cos(phi), ...");
    tap_ok(okD, "002 Sec 8.1 ghat (alpha = 42) is D-preserving: ghat(v, v) = g(v, v) on D");

    /* positive definiteness of [[A, B], [B^T, alpha I]], A = diag(2, 1)
       (theta, phi), B = [[-2c, -2s], [0, 0]], at phi = 7/10 */
    {
        slong al[3] = { 5, 4, 3 };   /* alpha = 5/2, 2, 3/2 */
        int pd_[3];
        arb_t cc, ss;
        arb_init(cc); arb_init(ss);
        arb_set_si(x, 7); arb_div_ui(x, x, 10, PREC);
        arb_sin_cos(ss, cc, x, PREC);
        for (kind = 0; kind < 3; kind++)
        {
            arb_mat_t P, L;
            arb_mat_init(P, 4, 4); arb_mat_init(L, 4, 4);
            arb_set_ui(arb_mat_entry(P, 0, 0), 2);
            arb_one(arb_mat_entry(P, 1, 1));
            arb_mul_si(arb_mat_entry(P, 0, 2), cc, -2, PREC);
            arb_mul_si(arb_mat_entry(P, 0, 3), ss, -2, PREC);
            arb_set(arb_mat_entry(P, 2, 0), arb_mat_entry(P, 0, 2));
            arb_set(arb_mat_entry(P, 3, 0), arb_mat_entry(P, 0, 3));
            arb_set_si(arb_mat_entry(P, 2, 2), al[kind]); arb_mul_2exp_si(arb_mat_entry(P, 2, 2), arb_mat_entry(P, 2, 2), -1);
            arb_set(arb_mat_entry(P, 3, 3), arb_mat_entry(P, 2, 2));
            pd_[kind] = arb_mat_cho(L, P, PREC);
            if (kind > 0)
            {
                /* alpha = 2: det = 0 exactly? check det contains 0 / is negative */
                arb_mat_det(x, P, PREC);
                pd_[kind] = !(arb_is_positive(x));
            }
            arb_mat_clear(P); arb_mat_clear(L);
        }
        tap_ok(pd_[0], "alpha = 5/2 (below 002's sufficient bound alpha > 4) already gives a positive definite ghat");
        tap_ok(pd_[1] && pd_[2], "alpha = 2 and 3/2: ghat not positive definite (det not certified positive)");
        arb_clear(cc); arb_clear(ss);
    }

    _arb_vec_clear(q, 4); _arb_vec_clear(v, 4); _arb_vec_clear(acc1, 4); _arb_vec_clear(acc2, 4);
    _arb_vec_clear(acc3, 4); _arb_vec_clear(accg, 4); _arb_vec_clear(mult, 2);
    arb_clear(t); arb_clear(alpha); arb_clear(x);
    nh_model_free(M);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
