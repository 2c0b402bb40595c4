/* t-quantity_theta.c -- nh_quantity_theta and nh_quantity_domega
   (lib/quantity.h: the connection one-form Theta_ of 003 Sec 5.2 / 004
   Sec 2 and d omega^nu) against closed forms derived by hand.

   (a) proofs/models/003_example_2_1.nh: one constraint
       dx - a dy - b dt, a = x y + t, b = sin x + t y^2, dependent x.
       omega = dx - a dy - b dt, so Theta_ = omega d/dx:
         Theta = [[1, -a, -b], [0, 0, 0]]  (rows x, y; columns x, y, t).
       d omega = -da ^ dy - db ^ dt = -(y dx + dt) ^ dy - (cos x dx + 2 t y dy) ^ dt:
         d omega(d_x, d_y) = -y,  d omega(d_x, d_t) = -cos x,
         d omega(d_y, d_t) = 1 - 2 t y,  antisymmetric, zero diagonal.
   (b) cases/rotating_plane_ball.nh (q = x, y, psi, phi, theta), dependent
       (phi, theta).  The constraints
         xdot - a (sin psi thetadot - cos psi sin theta phidot) + W y = 0,
         ydot + a (cos psi thetadot + sin psi sin theta phidot) - W x = 0,
       (a = a0 (1 + a1 sin t), W = W0 + W1 t), solved by hand (2 x 2
       inverse, det = a^2 sin theta):
         phidot   = -(cos psi (xdot + W y) + sin psi (ydot - W x))/(a sin theta),
         thetadot =  (sin psi (xdot + W y) - cos psi (ydot - W x))/a.
       omega^nu = ds^nu - (coefficients above) so, e.g.,
         Theta[phi][x] = cos psi/(a s), Theta[phi][y] = sin psi/(a s),
         Theta[phi][t] = W (cos psi y - sin psi x)/(a s),
         Theta[theta][x] = -sin psi/a, Theta[theta][y] = cos psi/a,
         Theta[theta][t] = -W (sin psi y + cos psi x)/a,
         Theta[phi][phi] = Theta[theta][theta] = 1, all else 0;
       and d omega^phi(d_x, d_psi) = -d_psi(cos psi/(a s)) = sin psi/(a s),
         d omega^phi(d_x, d_theta) = cos psi cos theta/(a s^2),
         d omega^theta(d_x, d_psi) = cos psi/a,
         d omega^theta(d_x, d_t) = d_x omega_t - d_t omega_x
                               = -W cos psi/a - sin psi a'/a^2,  a' = a0 a1 cos t;
       d omega^nu vanishes on two dependent directions (omega_s are constants). */
#include <stdio.h>
#include <stdlib.h>
#include "quantity.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 160
#define NPTS 12

static void
set_point(nh_dyn_t D, nh_model_ptr M, arb_srcptr q, const arb_t t, const slong *dep)
{
    nh_error_t err;
    nh_error_init(err);
    if (nh_dyn_set_point(D, M, q, t, dep, PREC, err) != NH_OK)
        tap_bail("set_point: %s", err->msg);
}

/* (a): returns (Theta ok, domega ok) in ok[0], ok[1] */
static void
example_2_1(int *ok, flint_rand_t st)
{
    nh_model_ptr M = load_model_rel("proofs/models/003_example_2_1.nh");
    const slong dep[1] = { 0 };
    arb_ptr q = _arb_vec_init(2), Th = _arb_vec_init(6), dw = _arb_vec_init(9), ex = _arb_vec_init(9);
    arb_t t, a, b;
    slong k, i;
    arb_init(t); arb_init(a); arb_init(b);
    for (k = 0; k < NPTS; k++)
    {
        nh_dyn_t D;
        tu_rnd(q + 0, st, -2, 2, PREC); tu_rnd(q + 1, st, -2, 2, PREC); tu_rnd(t, st, -2, 2, PREC);
        nh_dyn_init(D, M);
        set_point(D, M, q, t, dep);
        nh_quantity_theta(Th, D);
        nh_quantity_domega(dw, D, PREC);
        nh_dyn_clear(D);
        arb_mul(a, q + 0, q + 1, PREC); arb_add(a, a, t, PREC);           /* a = x y + t */
        arb_sqr(b, q + 1, PREC); arb_mul(b, b, t, PREC);
        arb_sin(ex, q + 0, PREC); arb_add(b, b, ex, PREC);               /* b = sin x + t y^2 */
        _arb_vec_zero(ex, 6);
        arb_one(ex + 0); arb_neg(ex + 1, a); arb_neg(ex + 2, b);
        for (i = 0; i < 6; i++)
            ok[0] &= tu_close(Th + i, ex + i, PREC);
        _arb_vec_zero(ex, 9);
        arb_neg(ex + 1, q + 1);                                          /* [x][y] = -y */
        arb_cos(ex + 2, q + 0, PREC); arb_neg(ex + 2, ex + 2);           /* [x][t] = -cos x */
        arb_mul(ex + 5, t, q + 1, PREC); arb_mul_2exp_si(ex + 5, ex + 5, 1);
        arb_sub_si(ex + 5, ex + 5, 1, PREC); arb_neg(ex + 5, ex + 5);    /* [y][t] = 1 - 2 t y */
        arb_neg(ex + 3, ex + 1); arb_neg(ex + 6, ex + 2); arb_neg(ex + 7, ex + 5);
        for (i = 0; i < 9; i++)
            ok[1] &= tu_close(dw + i, ex + i, PREC);
    }
    arb_clear(t); arb_clear(a); arb_clear(b);
    _arb_vec_clear(q, 2); _arb_vec_clear(Th, 6); _arb_vec_clear(dw, 9); _arb_vec_clear(ex, 9);
    nh_model_free(M);
}

#define N 5
#define TH(i, K) (Th + (i) * (N + 1) + (K))
#define DW(nu, K, L) (dw + ((nu) * (N + 1) + (K)) * (N + 1) + (L))
enum { X = 0, Y, PSI, PHI, THETA, T };

/* (b): the ball; ok[0] Theta, ok[1] the d omega entries, ok[2] the
   vanishing on dependent pairs and antisymmetry */
static void
ball(int *ok, flint_rand_t st)
{
    nh_model_ptr M = load_case("rotating_plane_ball.nh");
    const slong dep[2] = { PHI, THETA };
    arb_ptr q = _arb_vec_init(N), Th = _arb_vec_init(N * (N + 1)), dw = _arb_vec_init(2 * 36);
    arb_ptr ex = _arb_vec_init(N * (N + 1));
    arb_t t, a, ap, W, sp, cp, s, c, u, w;
    slong k, i, K, L, nu;
    arb_init(t); arb_init(a); arb_init(ap); arb_init(W); arb_init(sp); arb_init(cp);
    arb_init(s); arb_init(c); arb_init(u); arb_init(w);
    for (k = 0; k < NPTS; k++)
    {
        nh_dyn_t D;
        for (i = 0; i < N; i++)
            tu_rnd(q + i, st, -1, 1, PREC);
        tu_rnd(q + THETA, st, 1, 2, PREC);      /* sin theta > 0.8 */
        tu_rnd(t, st, -1, 1, PREC);
        nh_dyn_init(D, M);
        set_point(D, M, q, t, dep);
        nh_quantity_theta(Th, D);
        nh_quantity_domega(dw, D, PREC);
        nh_dyn_clear(D);
        /* a = a0 (1 + a1 sin t), a0 = 1/2, a1 = 1/5; a' = a0 a1 cos t; W = 3/2 + t/3 */
        arb_sin(a, t, PREC); arb_div_ui(a, a, 5, PREC); arb_add_ui(a, a, 1, PREC); arb_mul_2exp_si(a, a, -1);
        arb_cos(ap, t, PREC); arb_div_ui(ap, ap, 10, PREC);
        arb_div_ui(W, t, 3, PREC); arb_set_ui(u, 3); arb_mul_2exp_si(u, u, -1); arb_add(W, W, u, PREC);
        arb_sin_cos(sp, cp, q + PSI, PREC);
        arb_sin_cos(s, c, q + THETA, PREC);
        _arb_vec_zero(ex, N * (N + 1));
        arb_mul(w, a, s, PREC);                                           /* a s */
        arb_div(ex + PHI * (N + 1) + X, cp, w, PREC);
        arb_div(ex + PHI * (N + 1) + Y, sp, w, PREC);
        arb_mul(u, cp, q + Y, PREC); arb_submul(u, sp, q + X, PREC); arb_mul(u, u, W, PREC);
        arb_div(ex + PHI * (N + 1) + T, u, w, PREC);
        arb_div(ex + THETA * (N + 1) + X, sp, a, PREC); arb_neg(ex + THETA * (N + 1) + X, ex + THETA * (N + 1) + X);
        arb_div(ex + THETA * (N + 1) + Y, cp, a, PREC);
        arb_mul(u, sp, q + Y, PREC); arb_addmul(u, cp, q + X, PREC); arb_mul(u, u, W, PREC);
        arb_div(u, u, a, PREC); arb_neg(ex + THETA * (N + 1) + T, u);
        arb_one(ex + PHI * (N + 1) + PHI); arb_one(ex + THETA * (N + 1) + THETA);
        for (i = 0; i < N * (N + 1); i++)
            ok[0] &= tu_close(Th + i, ex + i, PREC);
        /* entries of d omega */
        arb_div(u, sp, w, PREC);
        ok[1] &= tu_close(DW(0, X, PSI), u, PREC);
        arb_mul(u, cp, c, PREC); arb_div(u, u, w, PREC); arb_div(u, u, s, PREC);
        ok[1] &= tu_close(DW(0, X, THETA), u, PREC);
        arb_div(u, cp, a, PREC);
        ok[1] &= tu_close(DW(1, X, PSI), u, PREC);
        arb_mul(u, W, cp, PREC); arb_div(u, u, a, PREC);
        arb_mul(w, sp, ap, PREC); arb_div(w, w, a, PREC); arb_div(w, w, a, PREC);
        arb_add(u, u, w, PREC); arb_neg(u, u);
        ok[1] &= tu_close(DW(1, X, T), u, PREC);
        for (nu = 0; nu < 2; nu++)
            for (K = 0; K <= N; K++)
                for (L = 0; L <= N; L++)
                {
                    arb_neg(u, DW(nu, L, K));
                    ok[2] &= tu_close(DW(nu, K, L), u, PREC);
                    if ((K == PHI || K == THETA) && (L == PHI || L == THETA))
                        ok[2] &= arb_is_zero(DW(nu, K, L));
                }
    }
    arb_clear(t); arb_clear(a); arb_clear(ap); arb_clear(W); arb_clear(sp); arb_clear(cp);
    arb_clear(s); arb_clear(c); arb_clear(u); arb_clear(w);
    _arb_vec_clear(q, N); _arb_vec_clear(Th, N * (N + 1)); _arb_vec_clear(dw, 72);
    _arb_vec_clear(ex, N * (N + 1));
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t st;
    int oka[2] = { 1, 1 }, okb[3] = { 1, 1, 1 };
    tap_plan(5);
    flint_rand_init(st);
    tap_diag("seed: flint_rand_init default, %d points per case", NPTS);
    example_2_1(oka, st);
    tap_ok(oka[0], "Example 2.1: Theta = [[1, -a, -b], [0, 0, 0]]");
    tap_ok(oka[1], "Example 2.1: d omega = -da ^ dy - db ^ dt entrywise");
    ball(okb, st);
    tap_ok(okb[0], "rotating-plane ball: Theta from the hand-solved constraints");
    tap_ok(okb[1], "rotating-plane ball: four entries of d omega^phi, d omega^theta");
    tap_ok(okb[2], "rotating-plane ball: d omega antisymmetric, 0 on dependent pairs");
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
