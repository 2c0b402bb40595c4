/* t-cases_classic.c -- classic nonholonomic cases of the issue-16 test set
   (part B) against motions derived by hand here, independently of the
   routes of lib/nhdyn (the expected values are computed with plain arb
   arithmetic from the formulas below, never by the code under test).

   (1) Snakeboard (cases/snakeboard.nh).  Body velocity ud = xd cos th +
       yd sin th (forward), w = -xd sin th + yd cos th (sideways).  The
       wheel constraints give (front) -u sin phi + w cos phi + r cos phi thd
       = 0, (back) u sin phi + w cos phi - r cos phi thd = 0, so w = 0 and
       thd = u tan(phi)/r.  The constraint forms have no dpsi, dphi terms,
       so the psi and phi equations are free: 2 J1 phidd = 0,
       J0 (thdd + psidd) = 0.  D contains X_u = cos th d_x + sin th d_y +
       tan(phi)/r d_th, on which the reaction vanishes: with Jt = J + 2 J1,
         m (xdd cos th + ydd sin th) + Jt thdd tan(phi)/r = 0,
       and xdd cos th + ydd sin th = ud, thdd = (ud tan phi + u phid
       sec^2 phi)/r give
         ud = -Jt tan(phi) sec^2(phi) u phid / (m r^2 + Jt tan^2 phi),
         thdd = (ud tan phi + u phid sec^2 phi)/r, psidd = -thdd, phidd = 0,
         xdd = ud cos th - u thd sin th, ydd = ud sin th + u thd cos th.
   (2) Roller racer (cases/roller_racer.nh), the front body's mass kept.
       A second derivation: the Euler-Poincare-d'Alembert equations of the
       SE(2)-reduced Lagrangian in the rear body's frame.  xi = (u, w, Om,
       s) (forward, sideways velocity of the rear axle, Om = thd, s =
       phid), l = 1/2 xi^T M(phi) xi with M = m1 (e1 e1^T + e2 e2^T) +
       I1 e3 e3^T + m2 B^T B + I2 (e3 + e4)(e3 + e4)^T, where the front
       axle's velocity in the rear frame is B xi,
         B = [[1, 0, -d2 sin phi, -d2 sin phi], [0, 1, d1 + d2 cos phi, d2 cos phi]].
       With P = M xi: E = (dP_u - Om P_w, dP_w + Om P_u, dP_Om + u P_w -
       w P_u, dP_s - 1/2 xi^T M' xi) (the se(2) coadjoint terms; sign
       checked on a free particle: dM = w P_u - u P_w is the conservation
       of the angular momentum about a fixed point), and E annihilates the
       body form of D: w = 0, Om = al u + ga s, al = sin phi/De,
       ga = -d2/De, De = d1 cos phi + d2.  So with T = [X1 X2],
       X1 = (1, 0, al, 0), X2 = (0, 0, ga, 1), z = (ud, sd),
       dxi = T z + c, c = (0, 0, (al' u + ga' s) s, 0),
       al' = (d1 + d2 cos phi)/De^2, ga' = -d1 d2 sin phi/De^2:
         (T^T M T) z = -T^T (M c + s M' xi + N - 1/2 xi^T M' xi e4),
         N = (-Om P_w, Om P_u, u P_w - w P_u, 0),
       M' = m2 (B'^T B + B^T B'), B' = d/dphi B; then
         thdd = al ud + ga sd + (al' u + ga' s) s, phidd = sd,
         xdd = ud cos th - u Om sin th, ydd = ud sin th + u Om cos th.
   (3) Homogeneous ball on a plane inclined by alpha (cases/ball_plane.nh).
       Newton-Euler: m (xdd, ydd) = (-m g sin alpha, 0) + (Fx, Fy),
       m k^2 omegadot = (0, 0, -a) x F = (a Fy, -a Fx, 0); rolling
       xd = a omega_y, yd = -a omega_x gives
         xdd = -g sin(alpha) a^2/(a^2 + k^2), ydd = 0,
         omegadot = (0, xdd/a, 0),
       and the reaction multipliers are the contact force itself (the
       constraint forms are the slip velocity): mult = (Fx, Fy) =
       (m g sin(alpha) k^2/(a^2 + k^2), 0).  omegadot is computed from
       the routes' Euler-angle accelerations by differentiating 004 eq (6)
       by hand.  Slow manifold, exactly: with friction -(1/eps) A^T A v
       (mu_bar = I) the contact force is F = -(1/eps) s, s = A v = the slip
       velocity (xd - a omega_y, yd + a omega_x), and Newton-Euler give
       the closed linear equation sd = -g sin(alpha) e_x - (ka/eps) s,
       ka = 1/m + a^2/(m k^2) (no q dependence: the ball is homogeneous).
       Its invariant set s = -eps g sin(alpha) e_x/ka is exactly linear in
       eps, so h_eps = eps h^(1) with A h^(1) = (-g sin(alpha)/ka, 0) =
       (-2/7 m g sin(alpha), 0) and h^(k) = 0 for k >= 2 (both series
       routes, orders 1..3).  alpha = 0 (via nh_model_set_param): omega
       constant, the reaction is 0 and D is invariant: h^(1) = h^(2) = 0.
   (4) cases/rotating_plane_ball_lang.nh (let, lagrangian:) against the
       hand-written cases/rotating_plane_ball.nh: the jets of G, A, b,
       Delta, V at (q, t) and the accelerations of routes 1 and 3 overlap
       (the hand-written file is itself checked against Newton-Euler in
       tests/t-nhdyn_exact). */
#include <stdio.h>
#include <stdlib.h>
#include "nhdyn.h"
#include "series.h"
#include "geom.h"
#include "tap.h"
#include "case_testutil.h"
#include "nhdyn_testutil.h"

#define PREC 200

#define rnd(x, st, lo, hi) tu_rnd(x, st, lo, hi, PREC)

/* got and want overlap and both are tight */
static int
near(arb_srcptr got, const arb_t want)
{
    return arb_overlaps(got, want) && mag_cmp_2exp_si(arb_radref(got), -100) < 0
           && mag_cmp_2exp_si(arb_radref(want), -100) < 0;
}

static void
qset(arb_t x, slong p, ulong q)
{
    arb_set_si(x, p);
    arb_div_ui(x, x, q, PREC);
}

/* Routes 1, 2, 3 at a random point: q_i in [qlo, qhi], v_i in [-1, 1],
   v completed into D. */
static void
routes(arb_ptr acc1, arb_ptr mult, arb_ptr acc2, arb_ptr acc3, arb_ptr q, arb_ptr v,
       const nh_model_struct *M, flint_rand_t st, slong qlo, slong qhi)
{
    nh_dyn_t D;
    slong i;
    for (i = 0; i < nh_model_n(M); i++)
    {
        rnd(q + i, st, qlo, qhi);
        rnd(v + i, st, -1, 1);
    }
    nh_dyn_init(D, M);
    tu_routes123(acc1, mult, acc2, acc3, D, M, q, v, PREC);
    nh_dyn_clear(D);
}

/* all three accelerations near want (n entries) */
static int
near3(arb_srcptr a1, arb_srcptr a2, arb_srcptr a3, arb_srcptr want, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!near(a1 + i, want + i) || !near(a2 + i, want + i) || !near(a3 + i, want + i))
        {
            printf("# coordinate %ld: route 1 ", (long) i); arb_printd(a1 + i, 20);
            printf(" want "); arb_printd(want + i, 20); printf("\n");
            return 0;
        }
    return 1;
}

/* ---------------- (1) snakeboard: q = (x, y, th, psi, phi) ---------------- */
static void
snakeboard_want(arb_ptr w, arb_srcptr q, arb_srcptr v)
{
    arb_t m, Jt, r, s, c, tp, sec2, u, ud, num, den, th;
    arb_init(m); arb_init(Jt); arb_init(r); arb_init(s); arb_init(c); arb_init(tp);
    arb_init(sec2); arb_init(u); arb_init(ud); arb_init(num); arb_init(den); arb_init(th);
    qset(m, 3, 1); qset(Jt, 1, 2); qset(s, 2, 10); arb_add(Jt, Jt, s, PREC);  /* J + 2 J1 */
    qset(r, 3, 5);
    arb_tan(tp, q + 4, PREC);
    arb_cos(c, q + 4, PREC); arb_mul(sec2, c, c, PREC); arb_inv(sec2, sec2, PREC);
    arb_sin_cos(s, c, q + 2, PREC);
    arb_mul(u, v + 0, c, PREC); arb_addmul(u, v + 1, s, PREC);
    /* ud = -Jt tan sec^2 u phid / (m r^2 + Jt tan^2) */
    arb_mul(num, Jt, tp, PREC); arb_mul(num, num, sec2, PREC); arb_mul(num, num, u, PREC);
    arb_mul(num, num, v + 4, PREC); arb_neg(num, num);
    arb_mul(den, r, r, PREC); arb_mul(den, den, m, PREC);
    arb_mul(th, tp, tp, PREC); arb_addmul(den, Jt, th, PREC);
    arb_div(ud, num, den, PREC);
    /* thdd, psidd, phidd */
    arb_mul(w + 2, ud, tp, PREC); arb_mul(th, u, v + 4, PREC); arb_addmul(w + 2, th, sec2, PREC);
    arb_div(w + 2, w + 2, r, PREC);
    arb_neg(w + 3, w + 2);
    arb_zero(w + 4);
    /* thd = u tan(phi)/r (= v[2] on D) */
    arb_mul(th, u, tp, PREC); arb_div(th, th, r, PREC); arb_mul(th, th, u, PREC);
    arb_mul(w + 0, ud, c, PREC); arb_submul(w + 0, th, s, PREC);
    arb_mul(w + 1, ud, s, PREC); arb_addmul(w + 1, th, c, PREC);
    arb_clear(m); arb_clear(Jt); arb_clear(r); arb_clear(s); arb_clear(c); arb_clear(tp);
    arb_clear(sec2); arb_clear(u); arb_clear(ud); arb_clear(num); arb_clear(den); arb_clear(th);
}

/* ---------------- (2) roller racer: q = (x, y, th, phi) ---------------- */
/* B and B' = dB/dphi (2 x 4) */
static void
racer_B(arb_mat_t B, arb_mat_t Bp, const arb_t phi)
{
    arb_t s, c, d1, d2;
    arb_init(s); arb_init(c); arb_init(d1); arb_init(d2);
    qset(d1, 1, 2); qset(d2, 2, 5);
    arb_sin_cos(s, c, phi, PREC);
    arb_mat_zero(B); arb_mat_zero(Bp);
    arb_one(arb_mat_entry(B, 0, 0)); arb_one(arb_mat_entry(B, 1, 1));
    arb_mul(arb_mat_entry(B, 0, 2), d2, s, PREC); arb_neg(arb_mat_entry(B, 0, 2), arb_mat_entry(B, 0, 2));
    arb_set(arb_mat_entry(B, 0, 3), arb_mat_entry(B, 0, 2));
    arb_mul(arb_mat_entry(B, 1, 3), d2, c, PREC);
    arb_add(arb_mat_entry(B, 1, 2), arb_mat_entry(B, 1, 3), d1, PREC);
    arb_mul(arb_mat_entry(Bp, 0, 2), d2, c, PREC); arb_neg(arb_mat_entry(Bp, 0, 2), arb_mat_entry(Bp, 0, 2));
    arb_set(arb_mat_entry(Bp, 0, 3), arb_mat_entry(Bp, 0, 2));
    arb_mul(arb_mat_entry(Bp, 1, 2), d2, s, PREC); arb_neg(arb_mat_entry(Bp, 1, 2), arb_mat_entry(Bp, 1, 2));
    arb_set(arb_mat_entry(Bp, 1, 3), arb_mat_entry(Bp, 1, 2));
    arb_clear(s); arb_clear(c); arb_clear(d1); arb_clear(d2);
}

/* M(phi) and M'(phi), 4 x 4 */
static void
racer_M(arb_mat_t M, arb_mat_t Mp, const arb_t phi)
{
    arb_mat_t B, Bp, Bt, X;
    arb_t m2, x;
    arb_mat_init(B, 2, 4); arb_mat_init(Bp, 2, 4); arb_mat_init(Bt, 4, 2); arb_mat_init(X, 4, 4);
    arb_init(m2); arb_init(x);
    racer_B(B, Bp, phi);
    qset(m2, 1, 1);
    arb_mat_transpose(Bt, B);
    arb_mat_mul(M, Bt, B, PREC);
    arb_mat_scalar_mul_arb(M, M, m2, PREC);
    arb_add_ui(arb_mat_entry(M, 0, 0), arb_mat_entry(M, 0, 0), 2, PREC);   /* m1 = 2 */
    arb_add_ui(arb_mat_entry(M, 1, 1), arb_mat_entry(M, 1, 1), 2, PREC);
    qset(x, 1, 3); arb_add(arb_mat_entry(M, 2, 2), arb_mat_entry(M, 2, 2), x, PREC);   /* I1 */
    qset(x, 1, 4);                                                              /* I2 */
    arb_add(arb_mat_entry(M, 2, 2), arb_mat_entry(M, 2, 2), x, PREC);
    arb_add(arb_mat_entry(M, 2, 3), arb_mat_entry(M, 2, 3), x, PREC);
    arb_add(arb_mat_entry(M, 3, 2), arb_mat_entry(M, 3, 2), x, PREC);
    arb_add(arb_mat_entry(M, 3, 3), arb_mat_entry(M, 3, 3), x, PREC);
    arb_mat_mul(X, Bt, Bp, PREC);          /* M' = m2 (B^T B' + B'^T B) */
    arb_mat_transpose(Mp, X);
    arb_mat_add(Mp, Mp, X, PREC);
    arb_mat_scalar_mul_arb(Mp, Mp, m2, PREC);
    arb_mat_clear(B); arb_mat_clear(Bp); arb_mat_clear(Bt); arb_mat_clear(X);
    arb_clear(m2); arb_clear(x);
}

static void
roller_racer_want(arb_ptr w, arb_srcptr q, arb_srcptr v)
{
    arb_mat_t M, Mp, T, Tt, K, xi, P, rhs, y, z, TK;
    arb_t s, c, De, al, ga, alp, gap, u, sd, Om, x, st, ct;
    slong i;
    arb_mat_init(M, 4, 4); arb_mat_init(Mp, 4, 4); arb_mat_init(T, 4, 2); arb_mat_init(Tt, 2, 4);
    arb_mat_init(K, 2, 2); arb_mat_init(xi, 4, 1); arb_mat_init(P, 4, 1); arb_mat_init(rhs, 4, 1);
    arb_mat_init(y, 2, 1); arb_mat_init(z, 2, 1); arb_mat_init(TK, 2, 4);
    arb_init(s); arb_init(c); arb_init(De); arb_init(al); arb_init(ga); arb_init(alp);
    arb_init(gap); arb_init(u); arb_init(sd); arb_init(Om); arb_init(x); arb_init(st); arb_init(ct);

    racer_M(M, Mp, q + 3);
    arb_sin_cos(s, c, q + 3, PREC);
    /* De = d1 cos phi + d2, al = sin phi/De, ga = -d2/De, al', ga' */
    qset(x, 1, 2); arb_mul(De, x, c, PREC); qset(x, 2, 5); arb_add(De, De, x, PREC);
    arb_div(al, s, De, PREC);
    arb_div(ga, x, De, PREC); arb_neg(ga, ga);
    arb_mul(alp, x, c, PREC); qset(x, 1, 2); arb_add(alp, alp, x, PREC);
    arb_div(alp, alp, De, PREC); arb_div(alp, alp, De, PREC);
    qset(x, 1, 5); arb_mul(gap, x, s, PREC); arb_neg(gap, gap);          /* -d1 d2 sin phi */
    arb_div(gap, gap, De, PREC); arb_div(gap, gap, De, PREC);
    arb_sin_cos(st, ct, q + 2, PREC);
    arb_mul(u, v + 0, ct, PREC); arb_addmul(u, v + 1, st, PREC);
    arb_set(sd, v + 3);
    arb_mul(Om, al, u, PREC); arb_addmul(Om, ga, sd, PREC);               /* = thd on D */
    arb_set(arb_mat_entry(xi, 0, 0), u); arb_set(arb_mat_entry(xi, 2, 0), Om);
    arb_set(arb_mat_entry(xi, 3, 0), sd);                                  /* w = 0 */
    arb_mat_zero(T);
    arb_one(arb_mat_entry(T, 0, 0)); arb_set(arb_mat_entry(T, 2, 0), al);
    arb_set(arb_mat_entry(T, 2, 1), ga); arb_one(arb_mat_entry(T, 3, 1));
    arb_mat_transpose(Tt, T);
    arb_mat_mul(P, M, xi, PREC);
    /* rhs = M c + s M' xi + N - 1/2 xi^T M' xi e4 */
    arb_mat_zero(rhs);
    arb_mul(x, alp, u, PREC); arb_addmul(x, gap, sd, PREC); arb_mul(x, x, sd, PREC);  /* c_3 */
    for (i = 0; i < 4; i++)
        arb_mul(arb_mat_entry(rhs, i, 0), arb_mat_entry(M, i, 2), x, PREC);
    {
        arb_mat_t Mx;
        arb_mat_init(Mx, 4, 1);
        arb_mat_mul(Mx, Mp, xi, PREC);
        for (i = 0; i < 4; i++)
            arb_addmul(arb_mat_entry(rhs, i, 0), arb_mat_entry(Mx, i, 0), sd, PREC);
        arb_zero(x);
        for (i = 0; i < 4; i++)
            arb_addmul(x, arb_mat_entry(xi, i, 0), arb_mat_entry(Mx, i, 0), PREC);
        arb_mul_2exp_si(x, x, -1);
        arb_sub(arb_mat_entry(rhs, 3, 0), arb_mat_entry(rhs, 3, 0), x, PREC);
        arb_mat_clear(Mx);
    }
    arb_submul(arb_mat_entry(rhs, 0, 0), Om, arb_mat_entry(P, 1, 0), PREC);
    arb_addmul(arb_mat_entry(rhs, 1, 0), Om, arb_mat_entry(P, 0, 0), PREC);
    arb_addmul(arb_mat_entry(rhs, 2, 0), u, arb_mat_entry(P, 1, 0), PREC);   /* w = 0 */
    arb_mat_mul(y, Tt, rhs, PREC);
    arb_mat_neg(y, y);
    arb_mat_mul(TK, Tt, M, PREC);
    arb_mat_mul(K, TK, T, PREC);
    if (!arb_mat_solve(z, K, y, PREC))
        tap_bail("roller racer: T^T M T not invertible");
    /* thdd, phidd, xdd, ydd */
    arb_mul(x, alp, u, PREC); arb_addmul(x, gap, sd, PREC); arb_mul(w + 2, x, sd, PREC);
    arb_addmul(w + 2, al, arb_mat_entry(z, 0, 0), PREC);
    arb_addmul(w + 2, ga, arb_mat_entry(z, 1, 0), PREC);
    arb_set(w + 3, arb_mat_entry(z, 1, 0));
    arb_mul(x, u, Om, PREC);
    arb_mul(w + 0, arb_mat_entry(z, 0, 0), ct, PREC); arb_submul(w + 0, x, st, PREC);
    arb_mul(w + 1, arb_mat_entry(z, 0, 0), st, PREC); arb_addmul(w + 1, x, ct, PREC);

    arb_mat_clear(M); arb_mat_clear(Mp); arb_mat_clear(T); arb_mat_clear(Tt); arb_mat_clear(K);
    arb_mat_clear(xi); arb_mat_clear(P); arb_mat_clear(rhs); arb_mat_clear(y); arb_mat_clear(z);
    arb_mat_clear(TK);
    arb_clear(s); arb_clear(c); arb_clear(De); arb_clear(al); arb_clear(ga); arb_clear(alp);
    arb_clear(gap); arb_clear(u); arb_clear(sd); arb_clear(Om); arb_clear(x); arb_clear(st);
    arb_clear(ct);
}

/* ---------------- (3) ball: q = (x, y, psi, phi, th) ---------------- */
/* omegadot (3) from q, qd, qdd by differentiating 004 eq (6) */
static void
ball_omegadot(arb_ptr od, arb_srcptr q, arb_srcptr v, arb_srcptr a)
{
    arb_t sp, cp, sth, cth, x;
    arb_init(sp); arb_init(cp); arb_init(sth); arb_init(cth); arb_init(x);
    arb_sin_cos(sp, cp, q + 2, PREC);
    arb_sin_cos(sth, cth, q + 4, PREC);
    /* omega_x = cp thd + sp sth phid */
    arb_mul(x, v + 2, v + 4, PREC); arb_mul(od + 0, x, sp, PREC); arb_neg(od + 0, od + 0);
    arb_addmul(od + 0, cp, a + 4, PREC);
    arb_mul(x, v + 2, v + 3, PREC); arb_mul(x, x, sth, PREC); arb_addmul(od + 0, x, cp, PREC);
    arb_mul(x, v + 4, v + 3, PREC); arb_mul(x, x, cth, PREC); arb_addmul(od + 0, x, sp, PREC);
    arb_mul(x, sp, sth, PREC); arb_addmul(od + 0, x, a + 3, PREC);
    /* omega_y = sp thd - cp sth phid */
    arb_mul(x, v + 2, v + 4, PREC); arb_mul(od + 1, x, cp, PREC);
    arb_addmul(od + 1, sp, a + 4, PREC);
    arb_mul(x, v + 2, v + 3, PREC); arb_mul(x, x, sth, PREC); arb_addmul(od + 1, x, sp, PREC);
    arb_mul(x, v + 4, v + 3, PREC); arb_mul(x, x, cth, PREC); arb_submul(od + 1, x, cp, PREC);
    arb_mul(x, cp, sth, PREC); arb_submul(od + 1, x, a + 3, PREC);
    /* omega_z = psid + cth phid */
    arb_set(od + 2, a + 2);
    arb_mul(x, v + 4, v + 3, PREC); arb_submul(od + 2, x, sth, PREC);
    arb_addmul(od + 2, cth, a + 3, PREC);
    arb_clear(sp); arb_clear(cp); arb_clear(sth); arb_clear(cth); arb_clear(x);
}

/* m = 2, a = 3/4, k2 = 2/5 a^2, g = 981/100; sin(alpha) given */
static int
ball_check(arb_srcptr q, arb_srcptr v, arb_srcptr acc, arb_srcptr mult, const arb_t salpha)
{
    arb_t a, k2, g, xdd, F, x;
    arb_ptr od = _arb_vec_init(3), want = _arb_vec_init(3);
    int ok = 1;
    (void) q;
    arb_init(a); arb_init(k2); arb_init(g); arb_init(xdd); arb_init(F); arb_init(x);
    qset(a, 3, 4); qset(g, 981, 100);
    arb_mul(k2, a, a, PREC); arb_mul_ui(k2, k2, 2, PREC); arb_div_ui(k2, k2, 5, PREC);
    arb_mul(x, a, a, PREC); arb_add(x, x, k2, PREC);                 /* a^2 + k^2 */
    arb_mul(xdd, g, salpha, PREC); arb_mul(F, xdd, k2, PREC); arb_div(F, F, x, PREC);
    arb_mul_ui(F, F, 2, PREC);                                          /* m = 2 */
    arb_mul(xdd, xdd, a, PREC); arb_mul(xdd, xdd, a, PREC); arb_div(xdd, xdd, x, PREC);
    arb_neg(xdd, xdd);
    ok = ok && near(acc + 0, xdd);
    arb_zero(x);
    ok = ok && near(acc + 1, x);
    ball_omegadot(od, q, v, acc);
    arb_div(want + 1, xdd, a, PREC);
    ok = ok && near(od + 0, want + 0) && near(od + 1, want + 1) && near(od + 2, want + 2);
    if (mult != NULL)
        ok = ok && near(mult + 0, F) && near(mult + 1, x);
    arb_clear(a); arb_clear(k2); arb_clear(g); arb_clear(xdd); arb_clear(F); arb_clear(x);
    _arb_vec_clear(od, 3); _arb_vec_clear(want, 3);
    return ok;
}

/* A h^(1) = (-2/7 m g sin(alpha), 0), h^(2) = h^(3) = 0 by both routes at
   3 random points (q_i in [1, 2]); A's rows by hand: dx - a omega_y,
   dy + a omega_x over (x, y, psi, phi, theta). */
static int
ball_series(const nh_model_struct *M, flint_rand_t st)
{
    arb_ptr q = _arb_vec_init(5), v = _arb_vec_init(5), vD = _arb_vec_init(5), h = _arb_vec_init(15);
    arb_t a, w, r1, r2, sp, cp, sth, cth;
    nh_error_t err;
    slong rep, i, route;
    int ok = 1;
    arb_init(a); arb_init(w); arb_init(r1); arb_init(r2);
    arb_init(sp); arb_init(cp); arb_init(sth); arb_init(cth);
    nh_error_init(err);
    qset(a, 3, 4);
    qset(w, 1, 10); arb_sin(w, w, PREC); arb_mul_ui(w, w, 2 * 2 * 981, PREC);
    arb_div_ui(w, w, 7 * 100, PREC); arb_neg(w, w);          /* -2/7 m g sin(alpha), m = 2 */
    for (rep = 0; rep < 3; rep++)
        for (route = 0; route < 2; route++)
        {
            for (i = 0; i < 5; i++)
            {
                rnd(q + i, st, 1, 2);
                rnd(v + i, st, -1, 1);
            }
            if (nh_project_D(vD, M, q, v, PREC, err) != NH_OK
                || (route == 0 ? nh_series_time(h, NULL, M, q, vD, 3, PREC, err)
                               : nh_series_covariant(h, NULL, M, q, vD, 3, PREC, err)) != NH_OK)
                tap_bail("%s", err->msg);
            arb_sin_cos(sp, cp, q + 2, PREC);
            arb_sin_cos(sth, cth, q + 4, PREC);
            /* row 1: (1, 0, 0, a cp sth, -a sp); row 2: (0, 1, 0, a sp sth, a cp) */
            arb_mul(r1, cp, sth, PREC); arb_mul(r1, r1, h + 3, PREC);
            arb_submul(r1, sp, h + 4, PREC); arb_mul(r1, r1, a, PREC); arb_add(r1, r1, h + 0, PREC);
            arb_mul(r2, sp, sth, PREC); arb_mul(r2, r2, h + 3, PREC);
            arb_addmul(r2, cp, h + 4, PREC); arb_mul(r2, r2, a, PREC); arb_add(r2, r2, h + 1, PREC);
            ok = ok && near(r1, w) && arb_contains_zero(r2) && mag_cmp_2exp_si(arb_radref(r2), -100) < 0;
            for (i = 5; i < 15; i++)
                ok = ok && arb_contains_zero(h + i) && mag_cmp_2exp_si(arb_radref(h + i), -100) < 0;
        }
    arb_clear(a); arb_clear(w); arb_clear(r1); arb_clear(r2);
    arb_clear(sp); arb_clear(cp); arb_clear(sth); arb_clear(cth);
    _arb_vec_clear(q, 5); _arb_vec_clear(v, 5); _arb_vec_clear(vD, 5); _arb_vec_clear(h, 15);
    return ok;
}

static void
test_ball(flint_rand_t st)
{
    nh_model_ptr M = load_case("ball_plane.nh");
    arb_ptr q = _arb_vec_init(5), v = _arb_vec_init(5), a1 = _arb_vec_init(5), a2 = _arb_vec_init(5),
            a3 = _arb_vec_init(5), mult = _arb_vec_init(2), vD = _arb_vec_init(5), h = _arb_vec_init(10);
    arb_t sa;
    fmpq_t zero;
    nh_error_t err;
    slong rep, i;
    int ok = 1, okh = 1, okm = 1;
    arb_init(sa);
    fmpq_init(zero);
    nh_error_init(err);
    qset(sa, 1, 10); arb_sin(sa, sa, PREC);
    for (rep = 0; rep < 6; rep++)
    {
        /* every q_i in [1, 2]: theta away from sin(theta) = 0 (Euler angles) */
        routes(a1, mult, a2, a3, q, v, M, st, 1, 2);
        ok = ok && ball_check(q, v, a1, mult, sa) && ball_check(q, v, a2, NULL, sa)
             && ball_check(q, v, a3, NULL, sa);
    }
    tap_ok(ok && ball_series(M, st), "ball on an inclined plane: A h^(1) = (-2/7 m g sin(alpha), 0), "
           "h^(2) = h^(3) = 0 (both series routes; exact slow manifold)");
    tap_ok(ok, "ball on an inclined plane: routes 1, 2, 3 give xdd = -5/7 g sin(alpha), ydd = 0, "
           "omegadot = (0, xdd/a, 0), mult = contact force (Newton-Euler)");
    if (nh_model_set_param(M, "alpha", zero, err) != NH_OK)
        tap_bail("%s", err->msg);
    arb_zero(sa);
    for (rep = 0; rep < 4; rep++)
    {
        routes(a1, mult, a2, a3, q, v, M, st, 1, 2);
        okm = okm && ball_check(q, v, a1, mult, sa) && ball_check(q, v, a2, NULL, sa)
              && ball_check(q, v, a3, NULL, sa);
        if (nh_project_D(vD, M, q, v, PREC, err) != NH_OK
            || nh_series_time(h, NULL, M, q, vD, 2, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        for (i = 0; i < 10; i++)
            okh = okh && arb_contains_zero(h + i) && mag_cmp_2exp_si(arb_radref(h + i), -100) < 0;
        if (nh_series_covariant(h, NULL, M, q, vD, 2, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        for (i = 0; i < 10; i++)
            okh = okh && arb_contains_zero(h + i) && mag_cmp_2exp_si(arb_radref(h + i), -100) < 0;
    }
    tap_ok(okm, "ball on the horizontal plane (alpha = 0): omega constant, xdd = ydd = 0, "
           "reaction 0 (routes 1, 2, 3)");
    tap_ok(okh, "ball, alpha = 0: h^(1) = h^(2) = 0 by both series routes (D invariant)");
    arb_clear(sa);
    fmpq_clear(zero);
    _arb_vec_clear(q, 5); _arb_vec_clear(v, 5); _arb_vec_clear(a1, 5); _arb_vec_clear(a2, 5);
    _arb_vec_clear(a3, 5); _arb_vec_clear(mult, 2); _arb_vec_clear(vD, 5); _arb_vec_clear(h, 10);
    nh_model_free(M);
}

/* ---------------- (4) rotating plane ball, two files ---------------- */
static int
jets_overlap(const jet_mat_t X, const jet_mat_t Y, const jet_ctx_t ctx)
{
    slong i, len = X->r * X->c * ctx->len;
    for (i = 0; i < len; i++)
        if (!arb_overlaps(X->entries + i, Y->entries + i)
            || mag_cmp_2exp_si(arb_radref(X->entries + i), -100) >= 0)
            return 0;
    return 1;
}

static void
test_rotating(flint_rand_t st)
{
    nh_model_ptr H = load_case("rotating_plane_ball.nh"), L = load_case("rotating_plane_ball_lang.nh");
    nh_dyn_t DH, DL;
    nh_error_t err;
    arb_ptr q = _arb_vec_init(5), v = _arb_vec_init(5), aH = _arb_vec_init(5), aL = _arb_vec_init(5),
            mH = _arb_vec_init(2), mL = _arb_vec_init(2), Bab = _arb_vec_init(125), Ba = _arb_vec_init(25),
            pd = _arb_vec_init(2);
    arb_t t;
    slong rep, i, k;
    int okj = 1, oka = 1;
    arb_init(t);
    nh_error_init(err);
    for (rep = 0; rep < 6; rep++)
    {
        for (i = 0; i < 5; i++)
        {
            rnd(q + i, st, -1, 1);
            rnd(v + i, st, -1, 1);
        }
        rnd(q + 4, st, 1, 2);
        rnd(t, st, -1, 1);
        nh_dyn_init(DH, H);
        nh_dyn_init(DL, L);
        if (nh_dyn_set_point(DH, H, q, t, NULL, PREC, err) != NH_OK
            || nh_dyn_set_point(DL, L, q, t, NULL, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        okj = okj && jets_overlap(DH->G, DL->G, DH->ctx) && jets_overlap(DH->A, DL->A, DH->ctx)
              && jets_overlap(DH->b, DL->b, DH->ctx);
        for (k = 0; k < DH->ctx->len; k++)
            okj = okj && arb_overlaps(DH->V + k, DL->V + k)
                  && arb_overlaps(NH_DYN_COL(DH, Delta, 0) + k, NH_DYN_COL(DL, Delta, 0) + k);
        nh_dyn_complete_velocity(v, DH, PREC);
        if (nh_dyn_lagrange(aH, mH, DH, v, PREC, err) != NH_OK
            || nh_dyn_lagrange(aL, mL, DL, v, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        for (i = 0; i < 5; i++)
            oka = oka && near(aL + i, aH + i);
        oka = oka && near(mL + 0, mH + 0) && near(mL + 1, mH + 1);
        if (nh_dyn_voronets(aL, Bab, Ba, pd, DL, v, PREC, err) != NH_OK)
            tap_bail("%s", err->msg);
        for (i = 0; i < 5; i++)
            oka = oka && near(aL + i, aH + i);
        nh_dyn_clear(DH);
        nh_dyn_clear(DL);
    }
    tap_ok(okj, "rotating plane ball: let/lagrangian file = metric file (G, A, b, V, Delta jets in (q, t))");
    tap_ok(oka, "rotating plane ball: routes 1, 3 of the let/lagrangian file = route 1 of the metric file");
    arb_clear(t);
    _arb_vec_clear(q, 5); _arb_vec_clear(v, 5); _arb_vec_clear(aH, 5); _arb_vec_clear(aL, 5);
    _arb_vec_clear(mH, 2); _arb_vec_clear(mL, 2); _arb_vec_clear(Bab, 125); _arb_vec_clear(Ba, 25);
    _arb_vec_clear(pd, 2);
    nh_model_free(H);
    nh_model_free(L);
}

/* routes 1, 2, 3 at 8 random points of cases/NAME against want(q, v) */
static void
closed_form_case(const char *name, void (*want_fn)(arb_ptr, arb_srcptr, arb_srcptr),
                 flint_rand_t st, const char *what)
{
    nh_model_ptr M = load_case(name);
    slong n = nh_model_n(M), rep;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), a1 = _arb_vec_init(n), a2 = _arb_vec_init(n),
            a3 = _arb_vec_init(n), mult = _arb_vec_init(nh_model_m(M)), want = _arb_vec_init(n);
    int ok = 1;
    for (rep = 0; rep < 8; rep++)
    {
        routes(a1, mult, a2, a3, q, v, M, st, -1, 1);
        want_fn(want, q, v);
        ok = ok && near3(a1, a2, a3, want, n);
    }
    tap_ok(ok, "%s", what);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(a1, n); _arb_vec_clear(a2, n);
    _arb_vec_clear(a3, n); _arb_vec_clear(mult, nh_model_m(M)); _arb_vec_clear(want, n);
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t st;

    tap_plan(8);
    flint_rand_init(st);

    closed_form_case("snakeboard.nh", snakeboard_want, st,
                     "snakeboard: routes 1, 2, 3 = closed form (phidd = 0, psidd = -thdd, forward momentum equation)");
    closed_form_case("roller_racer.nh", roller_racer_want, st,
                     "roller racer: routes 1, 2, 3 = Euler-Poincare-d'Alembert in the rear body frame");
    test_ball(st);
    test_rotating(st);

    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
