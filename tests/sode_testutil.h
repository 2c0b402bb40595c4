/* Shared helper of the C tests of the SODE quantities of lib/quantity
   (t-quantity_sode, t-quantity_sode2; header-only, test code only): the
   hand closed forms on cases/vertical_disk_002.nh and ball containment. */
#ifndef NH_SODE_TESTUTIL_H
#define NH_SODE_TESTUTIL_H

#include "quantity.h"

/* The vertical disk of 002 Sec 8 (q = (x, y, phi, theta), G = I, V = 0,
   A = [[1, 0, 0, -c], [0, 1, 0, -s]], c = cos phi, s = sin phi), by hand
   (derivation in tests/t-quantity_sode.c): mu = (d(S^-1 A)[v]) v,
     mu_1 = v_phi/2 (2 s c v_x - (c^2 - s^2) v_y + s v_th),
     mu_2 = v_phi/2 (-(c^2 - s^2) v_x - 2 c s v_y - c v_th),
   and d = v_phi (s v_x - c v_y); q, v exact, p bits. */
static inline void
tu_disk_mu(arb_t m1, arb_t m2, arb_t d, const fmpq *q, const fmpq *v, slong p)
{
    arb_t s, c, t, vx, vy, vp, vt;

    arb_init(s); arb_init(c); arb_init(t);
    arb_init(vx); arb_init(vy); arb_init(vp); arb_init(vt);
    arb_set_fmpq(t, q + 2, p);
    arb_sin_cos(s, c, t, p);
    arb_set_fmpq(vx, v + 0, p); arb_set_fmpq(vy, v + 1, p);
    arb_set_fmpq(vp, v + 2, p); arb_set_fmpq(vt, v + 3, p);
    arb_mul(m1, s, c, p); arb_mul_2exp_si(m1, m1, 1); arb_mul(m1, m1, vx, p);
    arb_sqr(t, c, p); arb_submul(t, s, s, p);               /* c^2 - s^2 */
    arb_submul(m1, t, vy, p);
    arb_addmul(m1, s, vt, p);
    arb_mul(m2, t, vx, p); arb_neg(m2, m2);
    arb_mul(t, s, c, p); arb_mul_2exp_si(t, t, 1); arb_submul(m2, t, vy, p);
    arb_submul(m2, c, vt, p);
    arb_mul(m1, m1, vp, p); arb_mul_2exp_si(m1, m1, -1);
    arb_mul(m2, m2, vp, p); arb_mul_2exp_si(m2, m2, -1);
    arb_mul(d, s, vx, p); arb_submul(d, c, vy, p); arb_mul(d, d, vp, p);
    arb_clear(s); arb_clear(c); arb_clear(t);
    arb_clear(vx); arb_clear(vy); arb_clear(vp); arb_clear(vt);
}

/* a[i] contains b[i] with radius <= 2^-60, i < n */
static inline int
tu_contains_all(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_contains(a + i, b + i) || mag_cmp_2exp_si(arb_radref(a + i), -60) > 0)
            return 0;
    return 1;
}

#endif
