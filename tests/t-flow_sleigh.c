/*
 * t-flow_sleigh.c -- the reduced integrator (nh_flow_reduced, order k = 0,
 * i.e. the nonholonomic equations paper 000 (69)-(70)) against the
 * closed-form solution of the Chaplygin sleigh (paper 001 Sec 4), for
 * cases/chaplygin_sleigh.nh (contact point (x, y), blade angle phi,
 * centre of mass at distance a ahead of the contact point along the
 * blade, m, I, a = 1, 1, 1/5).
 *
 * Derivation (ours; not copied from the paper).  On D the contact point
 * moves along the blade: (xdot, ydot) = u (cos phi, sin phi), omega =
 * phidot.  The centre of mass velocity is u e1 + a omega e2 (e1 = blade
 * direction, e2 = its normal), so the constrained kinetic energy is
 *     T = m/2 u^2 + J/2 omega^2,   J = I + m a^2.
 * The Lagrange-d'Alembert equations (reaction force along e2, no work)
 * give the classical sleigh equations
 *     m udot = m a omega^2,        J omegadot = -m a u omega
 * (check: dT/dt = m a u omega^2 - m a u omega^2 = 0).  With the energy
 * m U^2 = m u^2 + J omega^2 conserved, udot = (a m / J)(U^2 - u^2), so
 *     u = U tanh(k (t - t0)),   k = a m U / J,
 *     omega^2 = (m/J)(U^2 - u^2) = (m/J) U^2 sech^2  =>
 *     omega = Omega sech(k (t - t0)),  Omega = sgn(omega0) U sqrt(m/J)
 * (sign: omegadot = -k tanh(.) omega = -(a m/J) u omega, consistent), and
 * phi(t) = phi0 + (Omega/k) [gd(k(t - t0)) - gd(-k t0)] with the
 * Gudermannian gd(x) = 2 atan(tanh(x/2)) (gd' = sech).  From u0, omega0:
 * U = sqrt(u0^2 + (J/m) omega0^2), t0 = -atanh(u0/U)/k.
 *
 * Asserted: (1) adaptive nh_flow_reduced, k = 0, to T = 2 at 128 bits:
 * u, omega, phi agree with the closed form to 1e-20; (2) the global error
 * ESTIMATE is not optimistic by more than 10x; (3) the GBS order at
 * fixed step: J = 2, 3 columns give observed order 2J within 0.5.
 */
#include <math.h>
#include <stdio.h>
#include "flow.h"
#include "tap.h"
#include "series_testutil.h"

#define PREC 128

/* closed form at time T: u, omega, phi */
static void
closed_form(arb_t u, arb_t om, arb_t phi, const arb_t T, const arb_t u0,
            const arb_t om0, const arb_t phi0, slong prec)
{
    arb_t m, I, a, J, U, k, Om, t0, x, y, z;
    arb_init(m); arb_init(I); arb_init(a); arb_init(J); arb_init(U); arb_init(k);
    arb_init(Om); arb_init(t0); arb_init(x); arb_init(y); arb_init(z);
    arb_one(m);
    arb_one(I);
    arb_set_ui(a, 1);
    arb_div_ui(a, a, 5, prec);
    arb_sqr(J, a, prec);
    arb_mul(J, J, m, prec);
    arb_add(J, J, I, prec);                       /* J = I + m a^2 */
    arb_sqr(x, om0, prec);
    arb_mul(x, x, J, prec);
    arb_div(x, x, m, prec);
    arb_addmul(x, u0, u0, prec);
    arb_sqrt(U, x, prec);                         /* U */
    arb_mul(k, a, m, prec);
    arb_mul(k, k, U, prec);
    arb_div(k, k, J, prec);                       /* k = a m U / J */
    arb_div(x, m, J, prec);
    arb_sqrt(x, x, prec);
    arb_mul(Om, U, x, prec);
    if (arf_sgn(arb_midref(om0)) < 0)
        arb_neg(Om, Om);
    arb_div(x, u0, U, prec);
    arb_atanh(t0, x, prec);
    arb_div(t0, t0, k, prec);
    arb_neg(t0, t0);                              /* t0 = -atanh(u0/U)/k */
    arb_sub(x, T, t0, prec);
    arb_mul(x, x, k, prec);                       /* x = k (T - t0) */
    arb_tanh(y, x, prec);
    arb_mul(u, U, y, prec);
    arb_sech(y, x, prec);
    arb_mul(om, Om, y, prec);
    /* phi = phi0 + (Om/k)(gd(x) - gd(-k t0)), gd(x) = 2 atan(tanh(x/2)) */
    arb_mul_2exp_si(y, x, -1);
    arb_tanh(y, y, prec);
    arb_atan(y, y, prec);
    arb_mul(z, k, t0, prec);
    arb_neg(z, z);
    arb_mul_2exp_si(z, z, -1);
    arb_tanh(z, z, prec);
    arb_atan(z, z, prec);
    arb_sub(y, y, z, prec);
    arb_mul_2exp_si(y, y, 1);
    arb_mul(y, y, Om, prec);
    arb_div(y, y, k, prec);
    arb_add(phi, phi0, y, prec);
    arb_clear(m); arb_clear(I); arb_clear(a); arb_clear(J); arb_clear(U); arb_clear(k);
    arb_clear(Om); arb_clear(t0); arb_clear(x); arb_clear(y); arb_clear(z);
}

/* u = xdot cos phi + ydot sin phi */
static void
get_u(arb_t u, arb_srcptr q, arb_srcptr v, slong prec)
{
    arb_t c, s;
    arb_init(c); arb_init(s);
    arb_sin_cos(s, c, q + 2, prec);
    arb_mul(u, v + 0, c, prec);
    arb_addmul(u, v + 1, s, prec);
    arb_clear(c); arb_clear(s);
}

static double
dd(const arb_t a, const arb_t b)
{
    arb_t t;
    double r;
    arb_init(t);
    arb_sub(t, a, b, 2 * PREC);
    r = fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR)) + mag_get_d(arb_radref(t));
    arb_clear(t);
    return r;
}

int
main(void)
{
    nh_model_ptr M = tu_load_case("chaplygin_sleigh.nh");
    nh_error_t err;
    arb_ptr q0 = _arb_vec_init(3), vD0 = _arb_vec_init(3), q = _arb_vec_init(3),
        v = _arb_vec_init(3), gq = _arb_vec_init(3), gv = _arb_vec_init(3),
        times = _arb_vec_init(1);
    arb_t u0, om0, phi0, ue, oe, pe, u, eps, T;
    nh_ode_opts_t o;
    nh_ode_stats_t st;
    slong J;

    tap_plan(3 + 2);
    nh_error_init(err);
    if (M == NULL)
        tap_bail("cannot load the sleigh");
    arb_init(u0); arb_init(om0); arb_init(phi0); arb_init(ue); arb_init(oe);
    arb_init(pe); arb_init(u); arb_init(eps); arb_init(T);

    /* initial point on D: u0 = -1/2 (sleigh moving backwards: the
       interesting transient), omega0 = 3/4, phi0 = 0.3, x0 = y0 = 0 */
    arb_set_d(u0, -0.5);
    arb_set_d(om0, 0.75);
    arb_set_d(phi0, 0.3);
    arb_set(q0 + 2, phi0);
    {
        arb_t c, s;
        arb_init(c); arb_init(s);
        arb_sin_cos(s, c, phi0, PREC);
        arb_mul(vD0 + 0, u0, c, PREC);
        arb_mul(vD0 + 1, u0, s, PREC);
        arb_set(vD0 + 2, om0);
        arb_clear(c); arb_clear(s);
    }
    arb_set_d(eps, 0.01);      /* irrelevant at k = 0 */
    arb_set_ui(T, 2);
    arb_set(times, T);
    closed_form(ue, oe, pe, T, u0, om0, phi0, PREC);

    nh_ode_opts_init(o);
    o->prec = PREC;
    o->rtol = o->atol = 1e-24;
    if (nh_flow_reduced(q, v, gq, gv, M, 0, eps, q0, vD0, times, 1, o, st, err) != NH_OK)
        tap_bail("nh_flow_reduced: %s", err->msg);
    get_u(u, q, v, PREC);
    {
        double e1 = dd(u, ue), e2 = dd(v + 2, oe), e3 = dd(q + 2, pe);
        double tru = FLINT_MAX(e1, FLINT_MAX(e2, e3)), est = FLINT_MAX(st->gerr_q, st->gerr_v);
        tap_diag("steps %ld rejected %ld f %ld, %.2f s", (long) st->steps,
                 (long) st->rejected, (long) st->f_evals, st->seconds);
        tap_diag("errors u %.3e omega %.3e phi %.3e; estimate %.3e", e1, e2, e3, est);
        tap_ok(e1 < 1e-20 && e2 < 1e-20, "sleigh u, omega = U tanh, Omega sech to 1e-20");
        tap_ok(e3 < 1e-20, "sleigh phi = phi0 + (Omega/k) (gd - gd) to 1e-20");
        tap_ok(tru <= 10 * est + 1e-30, "global error estimate not optimistic by > 10x");
    }

    /* GBS order at fixed step, J = 2, 3 (order 2J), T = 1 */
    arb_one(T);
    closed_form(ue, oe, pe, T, u0, om0, phi0, PREC);
    for (J = 2; J <= 3; J++)
    {
        double e[2], ord;
        slong N;
        for (N = 0; N < 2; N++)
        {
            _arb_vec_set(q, q0, 3);
            _arb_vec_set(v, vD0, 3);
            if (nh_flow_reduced_fixed(q, v, M, 0, eps, T, 4 << N, J, PREC, err) != NH_OK)
                tap_bail("fixed: %s", err->msg);
            get_u(u, q, v, PREC);
            e[N] = FLINT_MAX(dd(u, ue), FLINT_MAX(dd(v + 2, oe), dd(q + 2, pe)));
        }
        ord = log2(e[0] / e[1]);
        tap_ok(fabs(ord - 2 * J) < 0.5, "GBS J = %ld: observed order %.3f (expect %ld; errors %.3e %.3e)",
               (long) J, ord, (long) (2 * J), e[0], e[1]);
    }

    arb_clear(u0); arb_clear(om0); arb_clear(phi0); arb_clear(ue); arb_clear(oe);
    arb_clear(pe); arb_clear(u); arb_clear(eps); arb_clear(T);
    _arb_vec_clear(q0, 3); _arb_vec_clear(vD0, 3); _arb_vec_clear(q, 3);
    _arb_vec_clear(v, 3); _arb_vec_clear(gq, 3); _arb_vec_clear(gv, 3);
    _arb_vec_clear(times, 1);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
