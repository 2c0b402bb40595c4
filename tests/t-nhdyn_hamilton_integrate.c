/* t-nhdyn_hamilton_integrate.c -- 003 Thm 6.2 (balanced disc on a
   circle of variable radius, cases/disc_variable_circle.nh) checked by
   INTEGRATING both sides (issue 7), with the generic GBS integrator
   nh_ode_gbs (lib/ode/ode_generic.c).

   Case data (the .nh file): m = 1, r = 1/4, I = 1/32, g = 9.81,
   R(t) = 1 + sin(2t)/5, so a = (R + r)/r = 5 + (4/5) sin(2t),
   ad = da/dt = (8/5) cos(2t), C = m r^2 + I = 3/32, m g r = 981/400,
   alpha = I/C = 1/3.

   Side 1 (in t): the nonholonomic dynamics of the model in the state
   (phi, psi, phid): phidd from route 1 (nh_dyn_lagrange), psid from the
   constraint (nh_dyn_complete_velocity).  At every evaluation the test
   also evaluates the printed reduced equation 003 (6.7),
       C a^2 phidd + 2 C a ad phid = -m g r a cos phi + I a ad phid,
   and checks that its phidd overlaps route 1's (certified balls).

   Side 2 (in tau): the time change 003 (6.13), dtau/dt = a(t)^(-alpha),
   integrated alongside as dt/dtau = a(t)^alpha, and the Euler-Lagrange
   equation of Lc* = 1/2 C a^(2 - 2 alpha) phi'^2 - m g r a sin phi
   (' = d/dtau, a = a(t(tau))), derived here:
       d/dtau (C a^(2-2alpha) phi') = -m g r a cos phi,
       da/dtau = ad a^alpha, so
       phi'' = -m g r a^(2 alpha - 1) cos(phi) / C - (2 - 2 alpha) a^(alpha - 1) ad phi'.
   State (t, phi, p = phi').  Start t = tau = 0, phi = 3/10,
   phid = 1, p = a(0)^alpha phid = 5^alpha.

   Comparison: side 2 to tau_k = k/4 (k = 1..16) gives t_k (estimate);
   side 1 is run to the exact midpoints of t_k.  Then
       |phi_2(tau_k) - phi_1(t_k)| <= e_phi2 + e_phi1 + |phid| e_t
       |p_2(tau_k) - a(t_k)^alpha phid_1(t_k)|
                          <= e_p2 + a^alpha e_phid1 + |p'| a^(-alpha) e_t
   where e_* are the integrators' estimated global errors (the e_t terms
   propagate the error of t_k to first order).  Control: alpha = 1/2 in
   both the time change and Lc* (not the theorem's value) must disagree
   by more than 1000 times the estimate.  A first test checks nh_ode_gbs
   on y' = cos(t) y, y(0) = 1, whose solution is exp(sin t). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "nhdyn.h"
#include "flow.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 128
#define NT 16

/* y' = cos(t) y */
static int
f_exp(arb_ptr dy, const arb_t t, arb_srcptr y, void *param, slong prec, nh_error_t err)
{
    (void) param; (void) err;
    arb_cos(dy, t, prec);
    arb_mul(dy, dy, y, prec);
    return NH_OK;
}

/* a(t) = 5 + 4/5 sin 2t, ad = 8/5 cos 2t */
static void
a_of_t(arb_t a, arb_t ad, const arb_t t, slong prec)
{
    arb_t s, c;
    arb_init(s); arb_init(c);
    arb_mul_2exp_si(s, t, 1);
    arb_sin_cos(s, c, s, prec);
    arb_mul_ui(a, s, 4, prec); arb_div_ui(a, a, 5, prec); arb_add_ui(a, a, 5, prec);
    arb_mul_ui(ad, c, 8, prec); arb_div_ui(ad, ad, 5, prec);
    arb_clear(s); arb_clear(c);
}

typedef struct
{
    const nh_model_struct *M;
    int printed_ok;        /* (6.7) overlaps route 1 at every evaluation */
    slong evals;
}
side1_param;

/* Side 1: y = (phi, psi, phid), t-derivative. */
static int
f_side1(arb_ptr dy, const arb_t t, arb_srcptr y, void *param, slong prec, nh_error_t err)
{
    side1_param *P = param;
    const slong dep[1] = { 1 };
    nh_dyn_t D;
    arb_ptr v = _arb_vec_init(2), acc = _arb_vec_init(2), mult = _arb_vec_init(1);
    arb_t a, ad, x, C, mgr;
    int status;

    arb_init(a); arb_init(ad); arb_init(x); arb_init(C); arb_init(mgr);
    nh_dyn_init(D, P->M);
    status = nh_dyn_set_point(D, P->M, y, t, dep, prec, err);
    if (status == NH_OK)
    {
        arb_set(v + 0, y + 2);
        nh_dyn_complete_velocity(v, D, prec);
        status = nh_dyn_lagrange(acc, mult, D, v, prec, err);
    }
    if (status == NH_OK)
    {
        arb_set(dy + 0, v + 0);
        arb_set(dy + 1, v + 1);
        arb_set(dy + 2, acc + 0);
        /* printed 003 (6.7): phidd = (-m g r a cos phi + (I - 2C) a ad phid)/(C a^2) */
        arb_set_ui(C, 3); arb_div_ui(C, C, 32, prec);
        arb_set_ui(mgr, 981); arb_div_ui(mgr, mgr, 400, prec);
        a_of_t(a, ad, t, prec);
        arb_cos(x, y + 0, prec);
        arb_mul(x, x, mgr, prec);
        arb_mul(x, x, a, prec);
        arb_neg(x, x);
        {
            arb_t k;
            arb_init(k);
            arb_set_si(k, 1 - 6); arb_div_ui(k, k, 32, prec);   /* I - 2C = 1/32 - 6/32 */
            arb_mul(k, k, a, prec); arb_mul(k, k, ad, prec); arb_mul(k, k, y + 2, prec);
            arb_add(x, x, k, prec);
            arb_mul(k, C, a, prec); arb_mul(k, k, a, prec);
            arb_div(x, x, k, prec);
            arb_clear(k);
        }
        if (!arb_overlaps(x, acc + 0))
            P->printed_ok = 0;
        P->evals++;
    }
    nh_dyn_clear(D);
    arb_clear(a); arb_clear(ad); arb_clear(x); arb_clear(C); arb_clear(mgr);
    _arb_vec_clear(v, 2); _arb_vec_clear(acc, 2); _arb_vec_clear(mult, 1);
    return status;
}

/* Side 2: y = (t, phi, p), tau-derivative; param = alpha (arb_srcptr). */
static int
f_side2(arb_ptr dy, const arb_t tau, arb_srcptr y, void *param, slong prec, nh_error_t err)
{
    arb_srcptr al = param;
    arb_t a, ad, pa, x, e;
    (void) tau; (void) err;
    arb_init(a); arb_init(ad); arb_init(pa); arb_init(x); arb_init(e);
    a_of_t(a, ad, y + 0, prec);
    arb_pow(pa, a, al, prec);                 /* a^alpha */
    arb_set(dy + 0, pa);                      /* dt/dtau = a^alpha (003 (6.13)) */
    arb_set(dy + 1, y + 2);
    /* -m g r a^(2 alpha - 1) cos(phi)/C = -(981/400)(32/3) a^(2alpha-1) cos phi */
    arb_mul(e, pa, pa, prec); arb_div(e, e, a, prec);
    arb_cos(x, y + 1, prec);
    arb_mul(x, x, e, prec);
    arb_mul_ui(x, x, 981 * 32, prec); arb_div_ui(x, x, 400 * 3, prec);
    arb_neg(dy + 2, x);
    /* - (2 - 2 alpha) a^(alpha - 1) ad p */
    arb_mul_2exp_si(e, al, 1); arb_sub_ui(e, e, 2, prec);
    arb_mul(e, e, pa, prec); arb_div(e, e, a, prec);
    arb_mul(e, e, ad, prec); arb_mul(e, e, y + 2, prec);
    arb_add(dy + 2, dy + 2, e, prec);
    arb_clear(a); arb_clear(ad); arb_clear(pa); arb_clear(x); arb_clear(e);
    return NH_OK;
}

/* Runs both sides with the given alpha; returns max over outputs of
   |diff| / estimate (ratio) in *ratio and the max estimate in *emax. */
static int
compare(double *ratio, double *emax, const nh_model_struct *M, const arb_t al,
        int *printed_ok, nh_error_t err)
{
    nh_ode_opts_t o;
    arb_ptr tau = _arb_vec_init(NT), tk = _arb_vec_init(NT), y2 = _arb_vec_init(3),
        y1 = _arb_vec_init(3), Y2 = _arb_vec_init(3 * NT), E2 = _arb_vec_init(3 * NT),
        Y1 = _arb_vec_init(3 * NT), E1 = _arb_vec_init(3 * NT), d2 = _arb_vec_init(3);
    arb_t a, ad, pa, x, tol;
    side1_param P;
    slong k;
    int status;

    arb_init(a); arb_init(ad); arb_init(pa); arb_init(x); arb_init(tol);
    nh_ode_opts_init(o);
    o->prec = PREC; o->rtol = 1e-18; o->atol = 1e-18;
    *ratio = 0; *emax = 0;
    /* side 2 */
    for (k = 0; k < NT; k++)
    {
        arb_set_si(tau + k, k + 1);
        arb_mul_2exp_si(tau + k, tau + k, -2);
    }
    arb_zero(y2 + 0);
    arb_set_ui(y2 + 1, 3); arb_div_ui(y2 + 1, y2 + 1, 10, PREC);
    arb_set_ui(x, 5); arb_pow(y2 + 2, x, al, PREC);
    status = nh_ode_gbs(Y2, E2, f_side2, (void *) al, 3, y2, tau, NT, o, NULL, err);
    /* side 1 at the midpoints of t_k */
    if (status == NH_OK)
    {
        for (k = 0; k < NT; k++)
            arf_set(arb_midref(tk + k), arb_midref(Y2 + 3 * k));
        arb_set(y1 + 0, y2 + 1);
        arb_zero(y1 + 1);
        arb_one(y1 + 2);
        P.M = M; P.printed_ok = 1; P.evals = 0;
        status = nh_ode_gbs(Y1, E1, f_side1, &P, 3, y1, tk, NT, o, NULL, err);
        *printed_ok = P.printed_ok && P.evals > 0;
    }
    for (k = 0; k < NT && status == NH_OK; k++)
    {
        arb_srcptr z2 = Y2 + 3 * k, e2 = E2 + 3 * k, z1 = Y1 + 3 * k, e1 = E1 + 3 * k;
        double r;
        /* phi: tol = e_phi2 + e_phi1 + |phid| e_t */
        arb_abs(x, z1 + 2); arb_mul(tol, x, e2 + 0, PREC);
        arb_add(tol, tol, e2 + 1, PREC); arb_add(tol, tol, e1 + 0, PREC);
        *emax = FLINT_MAX(*emax, arf_get_d(arb_midref(tol), ARF_RND_UP));
        arb_sub(x, z2 + 1, z1 + 0, PREC); arb_abs(x, x);
        r = arf_get_d(arb_midref(x), ARF_RND_UP) / fmax(arf_get_d(arb_midref(tol), ARF_RND_UP), 1e-300);
        *ratio = fmax(*ratio, r);
        /* p: tol = e_p2 + a^alpha e_phid1 + |p'| a^(-alpha) e_t */
        a_of_t(a, ad, tk + k, PREC);
        arb_pow(pa, a, al, PREC);
        f_side2(d2, tau + k, z2, (void *) al, PREC, err);
        arb_abs(x, d2 + 2); arb_div(x, x, pa, PREC); arb_mul(tol, x, e2 + 0, PREC);
        arb_addmul(tol, pa, e1 + 2, PREC);
        arb_add(tol, tol, e2 + 2, PREC);
        *emax = FLINT_MAX(*emax, arf_get_d(arb_midref(tol), ARF_RND_UP));
        arb_mul(x, pa, z1 + 2, PREC);
        arb_sub(x, z2 + 2, x, PREC); arb_abs(x, x);
        r = arf_get_d(arb_midref(x), ARF_RND_UP) / fmax(arf_get_d(arb_midref(tol), ARF_RND_UP), 1e-300);
        *ratio = fmax(*ratio, r);
    }
    arb_clear(a); arb_clear(ad); arb_clear(pa); arb_clear(x); arb_clear(tol);
    _arb_vec_clear(tau, NT); _arb_vec_clear(tk, NT); _arb_vec_clear(y2, 3); _arb_vec_clear(y1, 3);
    _arb_vec_clear(Y2, 3 * NT); _arb_vec_clear(E2, 3 * NT);
    _arb_vec_clear(Y1, 3 * NT); _arb_vec_clear(E1, 3 * NT); _arb_vec_clear(d2, 3);
    return status;
}

int
main(void)
{
    char path[4096];
    nh_model_ptr M = NULL;
    nh_error_t err;
    arb_t al;
    double ratio, emax, ratio_c, emax_c;
    int printed_ok = 0, printed_c = 0;

    tap_plan(6);
    nh_error_init(err);
    arb_init(al);

    /* nh_ode_gbs on y' = cos(t) y: y = exp(sin t) (closed form) */
    {
        nh_ode_opts_t o;
        arb_ptr T = _arb_vec_init(3), Y = _arb_vec_init(3), E = _arb_vec_init(3), y0 = _arb_vec_init(1);
        arb_t ex, x;
        slong k;
        int ok = 1;
        arb_init(ex); arb_init(x);
        nh_ode_opts_init(o);
        o->prec = PREC; o->rtol = 1e-20; o->atol = 1e-20;
        arb_set_ui(T + 0, 1); arb_set_ui(T + 1, 2); arb_set_ui(T + 2, 5);
        arb_one(y0);
        if (nh_ode_gbs(Y, E, f_exp, NULL, 1, y0, T, 3, o, NULL, err) != NH_OK)
            tap_bail("%s", err->msg);
        for (k = 0; k < 3; k++)
        {
            arb_sin(ex, T + k, PREC); arb_exp(ex, ex, PREC);
            arb_sub(x, Y + k, ex, PREC); arb_abs(x, x);
            tap_diag("gbs y'=cos(t)y output %ld: |err| = %.3g, estimate %.3g", (long) k,
                     arf_get_d(arb_midref(x), ARF_RND_UP), arf_get_d(arb_midref(E + k), ARF_RND_UP));
            if (!(arf_cmp_d(arb_midref(x), 1e-18) < 0)
                || arf_cmp(arb_midref(x), arb_midref(E + k)) > 0)
                ok = 0;
        }
        tap_ok(ok, "nh_ode_gbs: y' = cos(t) y matches exp(sin t) within its error estimate (< 1e-18)");
        arb_clear(ex); arb_clear(x);
        _arb_vec_clear(T, 3); _arb_vec_clear(Y, 3); _arb_vec_clear(E, 3); _arb_vec_clear(y0, 1);
    }

    snprintf(path, sizeof path, "%s/cases/disc_variable_circle.nh", srcdir());
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_bail("%s", err->msg);

    arb_one(al); arb_div_ui(al, al, 3, PREC);      /* alpha = I/(m r^2 + I) = 1/3 */
    if (compare(&ratio, &emax, M, al, &printed_ok, err) != NH_OK)
        tap_bail("%s", err->msg);
    tap_diag("alpha = 1/3: max |diff|/estimate = %.3g, max estimate = %.3g", ratio, emax);
    tap_ok(printed_ok, "003 (6.7) as printed = route 1 phidd at every integrator evaluation");
    tap_ok(emax > 0 && emax < 1e-10, "integration error estimates are small (< 1e-10)");
    tap_ok(ratio <= 1.0,
           "003 Thm 6.2 integrated: EL of Lc* in tau with t(tau) from (6.13) = nonholonomic motion in t, within the estimated integration error (tau = 1/4 .. 4)");

    arb_one(al); arb_mul_2exp_si(al, al, -1);      /* control alpha = 1/2 */
    if (compare(&ratio_c, &emax_c, M, al, &printed_c, err) != NH_OK)
        tap_bail("%s", err->msg);
    tap_diag("control alpha = 1/2: max |diff|/estimate = %.3g, max estimate = %.3g", ratio_c, emax_c);
    tap_ok(emax_c < 1e-10, "control run: error estimates small");
    tap_ok(ratio_c > 1000.0, "control: alpha = 1/2 trajectories disagree by > 1000x the estimate");

    arb_clear(al);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
