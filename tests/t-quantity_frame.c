/* t-quantity_frame.c -- nh_quantity_frame (lib/quantity.h; nh_dyn_frame,
   lib/nhdyn.h): the frame of paper 002 Sec 4 adapted to TQ = D + D^g,
   its metric, the derivatives X_al(g_be ga), the structure functions R
   and the Levi-Civita symbols Gamma, against closed forms derived by hand.

   cases/vertical_disk_002.nh: q = (x, y, phi, theta), G = I, constraints
   dx - c dtheta, dy - s dtheta (c = cos phi, s = sin phi), dependent
   (x, y).  Frame (labels = coordinates):
     X_phi = d_phi,  X_th = d_th + c d_x + s d_y          (in D),
     X_x = G^-1 A^T e_1 = d_x - c d_th,  X_y = d_y - s d_th  (in D^g).
   G is constant, so nabla_X Y = X(Y^l) d_l; only X_phi differentiates
   (the fields depend on phi alone and only X_phi has a d_phi part), and
   X_phi is constant, so [X_phi, X_be] = nabla_{X_phi} X_be and every
   other bracket and covariant derivative vanishes:
     nabla_{X_phi} X_th = -s d_x + c d_y,
     nabla_{X_phi} X_x  =  s d_th,  nabla_{X_phi} X_y = -c d_th.
   In the frame: c X_x + s X_y = c d_x + s d_y - d_th, so
     d_th = (X_th - c X_x - s X_y)/2,  -s d_x + c d_y = -s X_x + c X_y.
   Hence the nonzero Gamma^ga_{phi be} (= R^ga_{phi be} = -R^ga_{be phi}):
     Gamma^x_{phi th} = -s,       Gamma^y_{phi th} = c,
     Gamma^th_{phi x} = s/2,      Gamma^x_{phi x} = -s c/2,  Gamma^y_{phi x} = -s^2/2,
     Gamma^th_{phi y} = -c/2,     Gamma^x_{phi y} = c^2/2,   Gamma^y_{phi y} = s c/2.
   Frame metric: g_phiphi = 1, g_thth = 2, g_xx = 1 + c^2, g_yy = 1 + s^2,
   g_xy = s c, the others 0 (g_{a i} = 0: adapted); its derivatives:
   X_phi(g_xx) = -2 s c, X_phi(g_yy) = 2 s c, X_phi(g_xy) = c^2 - s^2,
   all other X_al(g_be ga) = 0.  Gamma_low = g Gamma is checked against
   the product of these closed forms.

   nh_quantity_exp_dE0 (002 Lemma 3's dE_a/dv^b(0)) from the disk's
   explicit exponential map: the nonholonomic trajectory with initial
   velocity v = w X_phi + u X_th (002 Sec 8) is phi = phi0 + w t,
   theta = theta0 + u t, x = x0 + (u/w)(sin(phi0 + w t) - sin phi0),
   y = y0 - (u/w)(cos(phi0 + w t) - cos phi0), so eps(v) = exp(v) at t = 1
   has the Hessian at v = 0: d_w d_u eps = (-s, c, 0, 0) (the only
   second-order term, (u w/2)(-s, c) + O(3)), the others 0.  With
   E_a(v) = F(eps(v))^-1 d_a eps(v) and F^-1 (-s d_x + c d_y) = -s X_x + c X_y,
   X_th(X_phi) = 0, X_phi(X_th) = -s d_x + c d_y:
     dE_phi/dv^th(0) = F^-1 (1/2 (-s, c) - 0)     = 1/2 (-s X_x + c X_y),
     dE_th/dv^phi(0) = F^-1 (1/2 (-s, c) - (-s, c)) = -1/2 (-s X_x + c X_y),
   all other entries 0 (p = 2: a, b in the order phi, theta). */
#include <stdio.h>
#include <stdlib.h>
#include "quantity.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 160
#define NPTS 10
enum { X = 0, Y = 1, PHI = 2, TH = 3 };

#define I3(g, a, b) (((g) * 4 + (a)) * 4 + (b))

/* the closed forms above: g (16), Xg (64), R (64), Gamma (64), Gamma_low (64) */
static void
closed_form(arb_ptr ex, const arb_t phi)
{
    arb_ptr g = ex, Xg = ex + 16, R = Xg + 64, Gam = R + 64, Low = Gam + 64;
    arb_t c, s, t;
    slong ga, al, be, de;
    arb_init(c); arb_init(s); arb_init(t);
    arb_sin_cos(s, c, phi, PREC);
    _arb_vec_zero(ex, 16 + 4 * 64);
    arb_one(g + PHI * 4 + PHI);
    arb_set_si(g + TH * 4 + TH, 2);
    arb_sqr(t, c, PREC); arb_add_si(g + X * 4 + X, t, 1, PREC);
    arb_sqr(t, s, PREC); arb_add_si(g + Y * 4 + Y, t, 1, PREC);
    arb_mul(g + X * 4 + Y, s, c, PREC); arb_set(g + Y * 4 + X, g + X * 4 + Y);
    arb_mul(t, s, c, PREC); arb_mul_2exp_si(t, t, 1);
    arb_neg(Xg + I3(PHI, X, X), t); arb_set(Xg + I3(PHI, Y, Y), t);
    arb_sqr(t, c, PREC); arb_submul(t, s, s, PREC);
    arb_set(Xg + I3(PHI, X, Y), t); arb_set(Xg + I3(PHI, Y, X), t);
    arb_neg(Gam + I3(X, PHI, TH), s);
    arb_set(Gam + I3(Y, PHI, TH), c);
    arb_mul_2exp_si(Gam + I3(TH, PHI, X), s, -1);
    arb_mul(t, s, c, PREC); arb_mul_2exp_si(t, t, -1);
    arb_neg(Gam + I3(X, PHI, X), t);
    arb_set(Gam + I3(Y, PHI, Y), t);
    arb_sqr(t, s, PREC); arb_mul_2exp_si(t, t, -1); arb_neg(Gam + I3(Y, PHI, X), t);
    arb_mul_2exp_si(t, c, -1); arb_neg(Gam + I3(TH, PHI, Y), t);
    arb_sqr(t, c, PREC); arb_mul_2exp_si(Gam + I3(X, PHI, Y), t, -1);
    for (ga = 0; ga < 4; ga++)
        for (be = 0; be < 4; be++)
        {
            arb_set(R + I3(ga, PHI, be), Gam + I3(ga, PHI, be));
            if (be != PHI)
                arb_neg(R + I3(ga, be, PHI), Gam + I3(ga, PHI, be));
        }
    for (ga = 0; ga < 4; ga++)
        for (al = 0; al < 4; al++)
            for (be = 0; be < 4; be++)
                for (de = 0; de < 4; de++)
                    arb_addmul(Low + I3(ga, al, be), g + ga * 4 + de, Gam + I3(de, al, be), PREC);
    arb_clear(c); arb_clear(s); arb_clear(t);
}

/* [be][a][b], be in (x, y, phi, theta), a, b in (phi, theta) */
static void
exp_closed_form(arb_ptr ex, const arb_t phi)
{
    arb_t c, s;
    arb_init(c); arb_init(s);
    arb_sin_cos(s, c, phi, PREC);
    _arb_vec_zero(ex, 16);
    /* a = phi (0), b = theta (1): 1/2 (-s, c); a = theta, b = phi: -1/2 (-s, c) */
    arb_mul_2exp_si(ex + (X * 2 + 0) * 2 + 1, s, -1); arb_neg(ex + (X * 2 + 0) * 2 + 1, ex + (X * 2 + 0) * 2 + 1);
    arb_mul_2exp_si(ex + (Y * 2 + 0) * 2 + 1, c, -1);
    arb_mul_2exp_si(ex + (X * 2 + 1) * 2 + 0, s, -1);
    arb_mul_2exp_si(ex + (Y * 2 + 1) * 2 + 0, c, -1); arb_neg(ex + (Y * 2 + 1) * 2 + 0, ex + (Y * 2 + 1) * 2 + 0);
    arb_clear(c); arb_clear(s);
}

int
main(void)
{
    nh_model_ptr M = load_case("vertical_disk_002.nh");
    const slong dep[2] = { X, Y };
    slong len = nh_quantity_frame_len(4), k, i;
    arb_ptr q = _arb_vec_init(4), out = _arb_vec_init(len), ex = _arb_vec_init(len);
    arb_t t;
    flint_rand_t st;
    nh_error_t err;
    int ok[5] = { 1, 1, 1, 1, 1 }, adapted = 1, ok_exp = 1;
    arb_ptr dE = _arb_vec_init(16);
    const char *what[5] = { "frame metric g_{al be}", "X_al(g_{be ga})", "structure functions R^ga_{al be}",
                            "Levi-Civita symbols Gamma^ga_{al be}", "Gamma_low = g_{ga de} Gamma^de_{al be}" };
    const slong off[5] = { 0, 16, 80, 144, 208 }, sz[5] = { 16, 64, 64, 64, 64 };

    tap_plan(8);
    flint_rand_init(st);
    nh_error_init(err);
    arb_init(t);
    tap_ok(len == 16 + 4 * 64, "nh_quantity_frame_len(4) = n^2 + 4 n^3");
    for (k = 0; k < NPTS; k++)
    {
        nh_dyn_t D;
        for (i = 0; i < 4; i++)
            tu_rnd(q + i, st, -3, 3, PREC);
        nh_dyn_init(D, M);
        if (nh_dyn_set_point(D, M, q, t, dep, PREC, err) != NH_OK
            || nh_quantity_frame(out, D, PREC, err) != NH_OK)
            tap_bail("frame: %s", err->msg);
        closed_form(ex, q + PHI);
        for (i = 0; i < 5; i++)
            if (!tu_vec_close(out + off[i], ex + off[i], sz[i], PREC))
                ok[i] = 0;
        /* adapted: g(X_a, X_i) = 0 for a in (phi, th), i in (x, y) */
        if (!arb_contains_zero(out + PHI * 4 + X) || !arb_contains_zero(out + TH * 4 + Y)
            || !arb_contains_zero(out + TH * 4 + X) || !arb_contains_zero(out + PHI * 4 + Y))
            adapted = 0;
        if (nh_quantity_exp_dE0(dE, D, PREC, err) != NH_OK)
            tap_bail("exp_dE0: %s", err->msg);
        exp_closed_form(ex, q + PHI);
        if (!tu_vec_close(dE, ex, 16, PREC))
            ok_exp = 0;
        nh_dyn_clear(D);
    }
    for (i = 0; i < 5; i++)
        tap_ok(ok[i], "vertical disk (002 Sec 8), %d random points: %s = hand closed form", NPTS, what[i]);
    tap_ok(adapted, "the frame is adapted: g(X_a, X_i) = 0");
    tap_ok(ok_exp, "exp_dE0 (002 Lemma 3's dE_a/dv^b(0)) = closed form from the disk's explicit exp^nh_q");
    arb_clear(t);
    _arb_vec_clear(q, 4);
    _arb_vec_clear(out, len);
    _arb_vec_clear(ex, len);
    _arb_vec_clear(dE, 16);
    nh_model_free(M);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
