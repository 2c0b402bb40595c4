/* t-nhdyn_exact.c -- exact special cases of the nonholonomic routes
   (lib/nhdyn), with closed forms derived by hand here (the expected
   values are computed with plain arb functions, never by the code under
   test):

   (1) Ball on a rotating plane (cases/rotating_plane_ball.nh, 004 Sec 3),
       general a(t), Omega(t), constant k.  Newton-Euler: m (xdd, ydd) =
       (Fx, Fy) (contact force), m k^2 omegadot = (0, 0, -a) x F =
       (a Fy, -a Fx, 0); with the rolling constraint omega_x = (Omega x -
       yd)/a, omega_y = (xd + Omega y)/a differentiated in t:
         ydd = k^2 [Omegad x + Omega xd - ad (Omega x - yd)/a] / (a^2 + k^2)
         xdd = -k^2 [Omegad y + Omega yd - ad (xd + Omega y)/a] / (a^2 + k^2)
       (for constant a, Omega: (xdd, ydd) = kappa (-yd, xd), kappa =
       k^2 Omega/(a^2 + k^2): the contact point moves on a circle with
       angular speed kappa).
   (2) Curvature of the same ball for dependent (phi, theta), independent
       (x, y, psi); with a^phi_x = -cos psi/(a sin th), a^phi_y = -sin psi/
       (a sin th), a^th_x = sin psi/a, a^th_y = -cos psi/a, a^phi =
       Omega (x sin psi - y cos psi)/(a sin th), a^th = Omega (x cos psi +
       y sin psi)/a (solving the constraints), B^nu_ab = X_b a^nu_a - X_a
       a^nu_b and B^nu_a = d_t a^nu_a + a^mu d_mu a^nu_a - X_a a^nu give
       (derivation in doc/nonholonomic.md):
         B^phi_xy = -cos th/(a^2 sin^2 th), B^phi_xpsi = sin psi/(a sin th),
         B^phi_ypsi = -cos psi/(a sin th), B^th_xy = 0,
         B^th_xpsi = cos psi/a, B^th_ypsi = sin psi/a,
         B^phi_x = ad cos psi/(a^2 sin th) - Omega sin psi/(a sin th)
                   + Omega cos th x/(a^2 sin^2 th),
         B^phi_y = ad sin psi/(a^2 sin th) + Omega cos psi/(a sin th)
                   + Omega cos th y/(a^2 sin^2 th),
         B^phi_psi = -Omega (x cos psi + y sin psi)/(a sin th),
         B^th_x = -(ad sin psi + a Omega cos psi)/a^2,
         B^th_y = (ad cos psi - a Omega sin psi)/a^2,
         B^th_psi = Omega (x sin psi - y cos psi)/a.
   (3) Vertical disk of 002 Sec 8 (G = I, xd = cos phi thd, yd = sin phi
       thd): Lagrange multipliers by hand give phidd = thdd = 0,
       xdd = -sin phi phid thd, ydd = cos phi phid thd.
   (4) Disc on a circle of variable radius (003 Sec 6.3, c = 0):
       multipliers by hand (constraint r psid - (R + r) phid = 0, force
       mult (-(R + r), r)): I psidd = r mult, psid = a phid, a = (R+r)/r:
         (m r^2 + I) a^2 phidd = -(2 m r^2 + I) a ad phid - m g r a cos phi
       (= 003 eq (6.7) rearranged), psidd = ad phid + a phidd,
       mult = I psidd / r; curvature (dependent psi) B^psi_phi = ad. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nhdyn.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 160

#define rnd(x, st, lo, hi) tu_rnd(x, st, lo, hi, PREC)

#define near(got, want) tu_near(got, want, PREC, -80)

static void
qset(arb_t x, slong p, ulong q)
{
    arb_set_si(x, p);
    arb_div_ui(x, x, q, PREC);
}

/* run routes 1 and 3 (and 2 if applicable) */
static void
routes(nh_dyn_t D, arb_ptr acc1, arb_ptr mult, arb_ptr acc3, arb_ptr Bab, arb_ptr Ba,
       arb_ptr Bbab, arb_ptr Bba, arb_ptr acc2, const nh_model_struct *M, arb_srcptr q,
       arb_ptr v, const arb_t t, const slong *dep)
{
    nh_error_t err;
    arb_ptr pd = _arb_vec_init(D->m), lam = _arb_vec_init(D->n);
    nh_error_init(err);
    if (nh_dyn_set_point(D, M, q, t, dep, PREC, err) != NH_OK)
        tap_bail("%s", err->msg);
    nh_dyn_complete_velocity(v, D, PREC);
    if (nh_dyn_lagrange(acc1, mult, D, v, PREC, err) != NH_OK
        || nh_dyn_voronets(acc3, Bab, Ba, pd, D, v, PREC, err) != NH_OK
        || nh_dyn_curvature_brackets(Bbab, Bba, D, PREC, err) != NH_OK)
        tap_bail("%s", err->msg);
    if (acc2 != NULL && nh_dyn_connection(acc2, lam, M, q, v, PREC, err) != NH_OK)
        tap_bail("%s", err->msg);
    _arb_vec_clear(pd, D->m);
    _arb_vec_clear(lam, D->n);
}

int
main(void)
{
    flint_rand_t st;
    nh_model_ptr M;
    nh_dyn_t D;
    arb_ptr q, v, acc1, acc2, acc3, mult, Bab, Ba, Bbab, Bba;
    arb_t t, a, ad, W, Wd, k2, s, u, x, y, xd, yd, sp, cp, sth, cth;
    slong i, rep, npass;
    int ok1, ok2, ok3;

    tap_plan(10);
    flint_rand_init(st);
    q = _arb_vec_init(8); v = _arb_vec_init(8); acc1 = _arb_vec_init(8); acc2 = _arb_vec_init(8);
    acc3 = _arb_vec_init(8); mult = _arb_vec_init(8);
    Bab = _arb_vec_init(32); Ba = _arb_vec_init(16); Bbab = _arb_vec_init(32); Bba = _arb_vec_init(16);
    arb_init(t); arb_init(a); arb_init(ad); arb_init(W); arb_init(Wd); arb_init(k2); arb_init(s);
    arb_init(u); arb_init(x); arb_init(y); arb_init(xd); arb_init(yd); arb_init(sp); arb_init(cp);
    arb_init(sth); arb_init(cth);

    /* ================= (1), (2) ball on a rotating plane ============= */
    M = load_case("rotating_plane_ball.nh");
    for (npass = 0; npass < 2; npass++)
    {
        const slong dep_pt[2] = { 3, 4 };   /* phi, theta */
        ok1 = ok2 = 1;
        ok3 = 1;
        for (rep = 0; rep < 5; rep++)
        {
            /* parameters: a0 = 1/2, a1 = 1/5, W0 = 3/2, W1 = 1/3, k2 = 1/10 */
            for (i = 0; i < 5; i++)
            {
                rnd(q + i, st, -1, 1);
                rnd(v + i, st, -1, 1);
            }
            rnd(q + 4, st, 1, 2);            /* theta away from 0 */
            rnd(t, st, -1, 1);
            nh_dyn_init(D, M);
            routes(D, acc1, mult, acc3, Bab, Ba, Bbab, Bba, NULL, M, q, v, t, npass ? dep_pt : NULL);
            /* a = 1/2 (1 + 1/5 sin t), ad = 1/10 cos t, Omega = 3/2 + t/3 */
            arb_sin(s, t, PREC); arb_div_ui(s, s, 5, PREC); arb_add_ui(s, s, 1, PREC);
            arb_mul_2exp_si(a, s, -1);
            arb_cos(ad, t, PREC); arb_div_ui(ad, ad, 10, PREC);
            qset(W, 3, 2); arb_div_ui(s, t, 3, PREC); arb_add(W, W, s, PREC);
            qset(Wd, 1, 3);
            qset(k2, 1, 10);
            arb_set(x, q + 0); arb_set(y, q + 1); arb_set(xd, v + 0); arb_set(yd, v + 1);
            /* denominator a^2 + k^2 */
            arb_mul(u, a, a, PREC); arb_add(u, u, k2, PREC);
            /* xdd */
            arb_mul(s, W, y, PREC); arb_add(s, s, xd, PREC); arb_mul(s, s, ad, PREC); arb_div(s, s, a, PREC);
            arb_neg(s, s);
            arb_addmul(s, Wd, y, PREC); arb_addmul(s, W, yd, PREC);
            arb_mul(s, s, k2, PREC); arb_div(s, s, u, PREC); arb_neg(s, s);
            if (!near(acc1 + 0, s) || !near(acc3 + 0, s)) ok1 = 0;
            /* ydd */
            arb_mul(s, W, x, PREC); arb_sub(s, s, yd, PREC); arb_mul(s, s, ad, PREC); arb_div(s, s, a, PREC);
            arb_neg(s, s);
            arb_addmul(s, Wd, x, PREC); arb_addmul(s, W, xd, PREC);
            arb_mul(s, s, k2, PREC); arb_div(s, s, u, PREC);
            if (!near(acc1 + 1, s) || !near(acc3 + 1, s)) ok1 = 0;

            if (npass == 1)
            {
                /* (2) curvature, layout (nu*3 + a)*3 + b, nu: phi, theta; a, b: x, y, psi */
                arb_t w;
                arb_init(w);
                arb_sin_cos(sp, cp, q + 2, PREC);
                arb_sin_cos(sth, cth, q + 4, PREC);
#define CHK(ptr, val) do { if (!near(ptr, val) ) ok2 = 0; } while (0)
#define BAB(nu, al, be) (Bab + ((nu) * 3 + (al)) * 3 + (be))
#define BBAB(nu, al, be) (Bbab + ((nu) * 3 + (al)) * 3 + (be))
#define BA(nu, al) (Ba + (nu) * 3 + (al))
#define BBA(nu, al) (Bba + (nu) * 3 + (al))
                /* B^phi_xy = -cos th / (a^2 sin^2 th) */
                arb_mul(s, a, sth, PREC); arb_mul(s, s, s, PREC); arb_div(w, cth, s, PREC); arb_neg(w, w);
                CHK(BAB(0, 0, 1), w); CHK(BBAB(0, 0, 1), w);
                arb_neg(w, w); CHK(BAB(0, 1, 0), w);
                /* B^phi_xpsi = sin psi/(a sin th), B^phi_ypsi = -cos psi/(a sin th) */
                arb_mul(s, a, sth, PREC);
                arb_div(w, sp, s, PREC); CHK(BAB(0, 0, 2), w); CHK(BBAB(0, 0, 2), w);
                arb_div(w, cp, s, PREC); arb_neg(w, w); CHK(BAB(0, 1, 2), w); CHK(BBAB(0, 1, 2), w);
                /* B^th_xy = 0, B^th_xpsi = cos psi/a, B^th_ypsi = sin psi/a */
                arb_zero(w); CHK(BAB(1, 0, 1), w); CHK(BBAB(1, 0, 1), w);
                arb_div(w, cp, a, PREC); CHK(BAB(1, 0, 2), w); CHK(BBAB(1, 0, 2), w);
                arb_div(w, sp, a, PREC); CHK(BAB(1, 1, 2), w); CHK(BBAB(1, 1, 2), w);
                /* B^phi_x = ad cos psi/(a^2 sin th) - W sin psi/(a sin th) + W cos th x/(a^2 sin^2 th) */
                arb_mul(s, a, sth, PREC);
                arb_mul(w, ad, cp, PREC); arb_div(w, w, a, PREC); arb_submul(w, W, sp, PREC);
                arb_mul(u, W, cth, PREC); arb_mul(u, u, x, PREC); arb_div(u, u, a, PREC); arb_div(u, u, sth, PREC);
                arb_add(w, w, u, PREC); arb_div(w, w, s, PREC);
                CHK(BA(0, 0), w); CHK(BBA(0, 0), w);
                /* B^phi_y = ad sin psi/(a^2 sin th) + W cos psi/(a sin th) + W cos th y/(a^2 sin^2 th) */
                arb_mul(w, ad, sp, PREC); arb_div(w, w, a, PREC); arb_addmul(w, W, cp, PREC);
                arb_mul(u, W, cth, PREC); arb_mul(u, u, y, PREC); arb_div(u, u, a, PREC); arb_div(u, u, sth, PREC);
                arb_add(w, w, u, PREC); arb_div(w, w, s, PREC);
                CHK(BA(0, 1), w); CHK(BBA(0, 1), w);
                /* B^phi_psi = -W (x cos psi + y sin psi)/(a sin th) */
                arb_mul(w, x, cp, PREC); arb_addmul(w, y, sp, PREC); arb_mul(w, w, W, PREC);
                arb_div(w, w, s, PREC); arb_neg(w, w);
                CHK(BA(0, 2), w); CHK(BBA(0, 2), w);
                /* B^th_x = -(ad sin psi + a W cos psi)/a^2 */
                arb_mul(u, a, a, PREC);
                arb_mul(w, a, W, PREC); arb_mul(w, w, cp, PREC); arb_addmul(w, ad, sp, PREC);
                arb_div(w, w, u, PREC); arb_neg(w, w);
                CHK(BA(1, 0), w); CHK(BBA(1, 0), w);
                /* B^th_y = (ad cos psi - a W sin psi)/a^2 */
                arb_mul(w, a, W, PREC); arb_mul(w, w, sp, PREC); arb_neg(w, w); arb_addmul(w, ad, cp, PREC);
                arb_div(w, w, u, PREC);
                CHK(BA(1, 1), w); CHK(BBA(1, 1), w);
                /* B^th_psi = W (x sin psi - y cos psi)/a */
                arb_mul(w, x, sp, PREC); arb_submul(w, y, cp, PREC); arb_mul(w, w, W, PREC); arb_div(w, w, a, PREC);
                CHK(BA(1, 2), w); CHK(BBA(1, 2), w);
                arb_clear(w);
            }
            nh_dyn_clear(D);
        }
        tap_ok(ok1, "ball on a rotating plane, a(t), Omega(t): routes 1 and 3 = Newton-Euler closed form (dependent %s)",
               npass ? "phi,theta" : "automatic");
        if (npass == 1)
            tap_ok(ok2, "ball: all curvature coefficients B^nu_ab, B^nu_a (formula and brackets) = hand derivation");
    }
    /* constant a, Omega: circle with angular speed kappa = k^2 Omega/(a^2 + k^2) */
    {
        fmpq_t z;
        fmpq_init(z);
        nh_model_set_param(M, "a1", z, NULL);
        nh_model_set_param(M, "W1", z, NULL);
        fmpq_clear(z);
        ok1 = 1;
        for (rep = 0; rep < 5; rep++)
        {
            for (i = 0; i < 5; i++)
                rnd(q + i, st, -1, 1), rnd(v + i, st, -1, 1);
            rnd(q + 4, st, 1, 2);
            rnd(t, st, -1, 1);
            nh_dyn_init(D, M);
            routes(D, acc1, mult, acc3, Bab, Ba, Bbab, Bba, NULL, M, q, v, t, NULL);
            /* kappa = (1/10)(3/2)/(1/4 + 1/10) = 3/7 */
            qset(s, 3, 7);
            arb_mul(u, s, v + 1, PREC); arb_neg(u, u);
            if (!near(acc1 + 0, u) || !near(acc3 + 0, u)) ok1 = 0;
            arb_mul(u, s, v + 0, PREC);
            if (!near(acc1 + 1, u) || !near(acc3 + 1, u)) ok1 = 0;
            nh_dyn_clear(D);
        }
        tap_ok(ok1, "ball, constant a and Omega: (xdd, ydd) = 3/7 (-yd, xd) (circle, kappa = k^2 Omega/(a^2+k^2))");
    }
    nh_model_free(M);

    /* ================= (3) vertical disk of 002 Sec 8 ================== */
    M = load_case("vertical_disk_002.nh");
    ok1 = 1;
    for (rep = 0; rep < 5; rep++)
    {
        for (i = 0; i < 4; i++)
            rnd(q + i, st, -3, 3), rnd(v + i, st, -2, 2);
        arb_zero(t);
        nh_dyn_init(D, M);
        routes(D, acc1, mult, acc3, Bab, Ba, Bbab, Bba, acc2, M, q, v, t, NULL);
        arb_sin_cos(sp, cp, q + 2, PREC);
        arb_mul(s, v + 2, v + 3, PREC);
        arb_mul(u, sp, s, PREC); arb_neg(u, u);
        if (!near(acc1 + 0, u) || !near(acc2 + 0, u) || !near(acc3 + 0, u)) ok1 = 0;
        arb_mul(u, cp, s, PREC);
        if (!near(acc1 + 1, u) || !near(acc2 + 1, u) || !near(acc3 + 1, u)) ok1 = 0;
        arb_zero(u);
        for (i = 2; i < 4; i++)
            if (!near(acc1 + i, u) || !near(acc2 + i, u) || !near(acc3 + i, u)) ok1 = 0;
        /* also the constraint velocities: xd = cos phi thd */
        arb_mul(u, cp, v + 3, PREC);
        if (!near(v + 0, u)) ok1 = 0;
        nh_dyn_clear(D);
    }
    tap_ok(ok1, "002 Sec 8 disk: routes 1, 2, 3 = closed form (phidd = thdd = 0, xdd = -sin phi phid thd, ...)");
    nh_model_free(M);

    /* ================= (4) disc on a circle of variable radius ========== */
    M = load_case("disc_variable_circle.nh");
    ok1 = ok2 = ok3 = 1;
    for (rep = 0; rep < 5; rep++)
    {
        const slong dep_psi[1] = { 1 };
        arb_t A, Ad, mr2, I, phid, phidd;
        arb_init(A); arb_init(Ad); arb_init(mr2); arb_init(I); arb_init(phid); arb_init(phidd);
        rnd(q + 0, st, -3, 3);
        rnd(q + 1, st, -3, 3);
        rnd(v + 0, st, -2, 2);
        rnd(t, st, -2, 2);
        nh_dyn_init(D, M);
        routes(D, acc1, mult, acc3, Bab, Ba, Bbab, Bba, NULL, M, q, v, t, dep_psi);
        /* m = 1, r = 1/4, I = 1/32, g = 981/100, R = 1 + 1/5 sin(2t);
           a = (R + r)/r = 4R + 1, ad = 4 Rd = 8/5 cos(2t) */
        arb_mul_2exp_si(s, t, 1);
        arb_sin_cos(sp, cp, s, PREC);
        arb_div_ui(sp, sp, 5, PREC); arb_add_ui(sp, sp, 1, PREC);   /* R */
        arb_mul_ui(A, sp, 4, PREC); arb_add_ui(A, A, 1, PREC);
        arb_mul_ui(Ad, cp, 8, PREC); arb_div_ui(Ad, Ad, 5, PREC);
        qset(mr2, 1, 16);
        qset(I, 1, 32);
        arb_set(phid, v + 0);
        /* (m r^2 + I) a^2 phidd = -(2 m r^2 + I) a ad phid - m g r a cos phi */
        arb_mul_2exp_si(s, mr2, 1); arb_add(s, s, I, PREC);
        arb_mul(s, s, A, PREC); arb_mul(s, s, Ad, PREC); arb_mul(s, s, phid, PREC);
        arb_cos(u, q + 0, PREC);
        qset(x, 981, 400);              /* m g r */
        arb_mul(u, u, x, PREC); arb_mul(u, u, A, PREC);
        arb_add(s, s, u, PREC); arb_neg(s, s);
        arb_add(u, mr2, I, PREC); arb_mul(u, u, A, PREC); arb_mul(u, u, A, PREC);
        arb_div(phidd, s, u, PREC);
        if (!near(acc1 + 0, phidd) || !near(acc3 + 0, phidd)) ok1 = 0;
        /* psidd = ad phid + a phidd; mult = I psidd / r */
        arb_mul(s, Ad, phid, PREC); arb_addmul(s, A, phidd, PREC);
        if (!near(acc1 + 1, s) || !near(acc3 + 1, s)) ok1 = 0;
        arb_mul(s, s, I, PREC); arb_mul_ui(s, s, 4, PREC);
        if (!near(mult + 0, s)) ok2 = 0;
        /* B^psi_phi = ad (layout: nu = 0, a = 0) */
        if (!near(Ba + 0, Ad) || !near(Bba + 0, Ad) || !arb_is_zero(Bab + 0)) ok3 = 0;
        nh_dyn_clear(D);
        arb_clear(A); arb_clear(Ad); arb_clear(mr2); arb_clear(I); arb_clear(phid); arb_clear(phidd);
    }
    tap_ok(ok1, "003 Sec 6.3 disc: routes 1 and 3 = hand multiplier derivation (= eq (6.7))");
    tap_ok(ok2, "003 Sec 6.3 disc: multiplier = I psidd / r");
    tap_ok(ok3, "003 Sec 6.3 disc: B^psi_phi = adot (formula and brackets), as printed in 003");
    nh_model_free(M);

    /* ================= errors ========================================= */
    {
        nh_error_t err;
        arb_ptr res = _arb_vec_init(2);
        nh_error_init(err);
        M = load_case("vertical_disk_002.nh");
        nh_dyn_init(D, M);
        for (i = 0; i < 4; i++)
            arb_zero(q + i), arb_one(v + i);
        arb_zero(t);
        nh_dyn_set_point(D, M, q, t, NULL, PREC, err);
        tap_ok(nh_dyn_check_constraints(res, D, M, v, PREC, err) == NH_ERR_DOMAIN
               && strstr(err->msg, "violates constraint 2") != NULL,
               "velocity off the constraint: NH_ERR_DOMAIN: %s", err->msg);
        nh_dyn_clear(D);
        nh_model_free(M);
        M = load_case("disc_variable_circle.nh");
        tap_ok(nh_dyn_connection(acc2, acc1, M, q, v, PREC, err) == NH_ERR_MODEL,
               "route 2 refuses a time-dependent model: %s", err->msg);
        nh_model_free(M);
        _arb_vec_clear(res, 2);
    }

    _arb_vec_clear(q, 8); _arb_vec_clear(v, 8); _arb_vec_clear(acc1, 8); _arb_vec_clear(acc2, 8);
    _arb_vec_clear(acc3, 8); _arb_vec_clear(mult, 8);
    _arb_vec_clear(Bab, 32); _arb_vec_clear(Ba, 16); _arb_vec_clear(Bbab, 32); _arb_vec_clear(Bba, 16);
    arb_clear(t); arb_clear(a); arb_clear(ad); arb_clear(W); arb_clear(Wd); arb_clear(k2); arb_clear(s);
    arb_clear(u); arb_clear(x); arb_clear(y); arb_clear(xd); arb_clear(yd); arb_clear(sp); arb_clear(cp);
    arb_clear(sth); arb_clear(cth);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
