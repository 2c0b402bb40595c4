/* t-quantity_lagrangian.c -- nh_quantity_lagrangian (lib/quantity.h: L,
   FL, E_L, the Euler-Lagrange expression and the constraint residual
   used by the moving-frame claims of 003 Sec 3) against closed forms
   derived by hand on proofs/models/003_chaplygin_affine.nh:
     K = [[2, cos y], [cos y, 3]], Delta = y dx + t dy, V = y^2/2 + t y,
     constraint xdot - (y + t) ydot - (sin y + t) = 0.
   By hand, with v = (u, w) = (xdot, ydot), a = (xddot, yddot):
     L    = u^2 + cos(y) u w + 3/2 w^2 + y u + t w - y^2/2 - t y,
     FL   = (2 u + cos(y) w + y, cos(y) u + 3 w + t),
     E_L  = u^2 + cos(y) u w + 3/2 w^2 + y^2/2 + t y,
     EL_x = 2 xddot - sin(y) w^2 + cos(y) yddot + w,
     EL_y = cos(y) xddot + 3 yddot + 1 - u + y + t,
     res  = u - (y + t) w - sin(y) - t. */
#include <stdio.h>
#include <stdlib.h>
#include "quantity.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 128

int
main(void)
{
    nh_model_ptr M = load_model_rel("proofs/models/003_chaplygin_affine.nh");
    int pt, ok = 1, r = NH_OK;
    nh_error_t err;
    nh_error_init(err);
    tap_plan(1);
    for (pt = 0; pt < 8 && ok; pt++)
    {
        arb_ptr q = _arb_vec_init(2), v = _arb_vec_init(2), a = _arb_vec_init(2);
        arb_t t, c, s, e, y, u, w;
        nh_quantity_lagr_struct lg;
        arb_init(t); arb_init(c); arb_init(s); arb_init(e); arb_init(y); arb_init(u); arb_init(w);
        arb_set_si(q + 0, pt - 3); arb_div_si(q + 0, q + 0, 5, PREC);
        arb_set_si(q + 1, 2 * pt - 7); arb_div_si(q + 1, q + 1, 6, PREC);
        arb_set_si(v + 0, (3 * pt) % 7 - 3); arb_div_si(v + 0, v + 0, 4, PREC);
        arb_set_si(v + 1, (5 * pt) % 9 - 4); arb_div_si(v + 1, v + 1, 3, PREC);
        arb_set_si(a + 0, pt % 4 - 2); arb_div_si(a + 0, a + 0, 3, PREC);
        arb_set_si(a + 1, (2 * pt) % 5 - 1); arb_div_si(a + 1, a + 1, 7, PREC);
        arb_set_si(t, pt - 4); arb_div_si(t, t, 3, PREC);
        arb_set(y, q + 1); arb_set(u, v + 0); arb_set(w, v + 1);
        arb_sin_cos(s, c, y, PREC);
        nh_quantity_lagr_init(&lg, 2, 1);
        r = nh_quantity_lagrangian(&lg, M, q, t, v, a, PREC, err);
        ok = r == NH_OK;
        /* L */
        arb_mul(e, u, u, PREC); arb_mul(s, s, s, PREC); arb_sin_cos(s, c, y, PREC);
        {
            arb_t L0, E0, T;
            arb_init(L0); arb_init(E0); arb_init(T);
            arb_mul(T, c, u, PREC); arb_mul(T, T, w, PREC); arb_add(T, T, e, PREC);
            arb_mul(e, w, w, PREC); arb_mul_si(e, e, 3, PREC); arb_mul_2exp_si(e, e, -1);
            arb_add(T, T, e, PREC);                         /* 1/2 K(v, v) */
            arb_mul(e, y, y, PREC); arb_mul_2exp_si(e, e, -1); arb_addmul(e, t, y, PREC); /* V */
            arb_add(E0, T, e, PREC);
            arb_sub(L0, T, e, PREC); arb_addmul(L0, y, u, PREC); arb_addmul(L0, t, w, PREC);
            ok = ok && tu_close(lg.L, L0, PREC) && tu_close(lg.E, E0, PREC);
            /* FL */
            arb_mul_si(E0, u, 2, PREC); arb_addmul(E0, c, w, PREC); arb_add(E0, E0, y, PREC);
            ok = ok && tu_close(lg.FL + 0, E0, PREC);
            arb_mul(E0, c, u, PREC); arb_addmul_si(E0, w, 3, PREC); arb_add(E0, E0, t, PREC);
            ok = ok && tu_close(lg.FL + 1, E0, PREC);
            /* EL */
            arb_mul_si(E0, a + 0, 2, PREC); arb_mul(T, w, w, PREC); arb_submul(E0, s, T, PREC);
            arb_addmul(E0, c, a + 1, PREC); arb_add(E0, E0, w, PREC);
            ok = ok && tu_close(lg.EL + 0, E0, PREC);
            arb_mul(E0, c, a + 0, PREC); arb_addmul_si(E0, a + 1, 3, PREC); arb_add_si(E0, E0, 1, PREC);
            arb_sub(E0, E0, u, PREC); arb_add(E0, E0, y, PREC); arb_add(E0, E0, t, PREC);
            ok = ok && tu_close(lg.EL + 1, E0, PREC);
            /* res */
            arb_add(T, y, t, PREC); arb_mul(T, T, w, PREC); arb_sub(E0, u, T, PREC);
            arb_sub(E0, E0, s, PREC); arb_sub(E0, E0, t, PREC);
            ok = ok && tu_close(lg.res + 0, E0, PREC);
            arb_clear(L0); arb_clear(E0); arb_clear(T);
        }
        nh_quantity_lagr_clear(&lg);
        arb_clear(t); arb_clear(c); arb_clear(s); arb_clear(e); arb_clear(y); arb_clear(u); arb_clear(w);
        _arb_vec_clear(q, 2); _arb_vec_clear(v, 2); _arb_vec_clear(a, 2);
    }
    tap_ok(ok, "L, FL, E_L, Euler-Lagrange expression and constraint residual of the affine Chaplygin model "
           "equal the closed forms at 8 points%s%s", r != NH_OK ? ": " : "", r != NH_OK ? err->msg : "");
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
