/* t-gmap.c -- time-dependent point maps g_t: M -> Q (lib/gmap.h; 003
   Sec 3, moving frames) against closed forms derived by hand.

   The map of the turntable pair (proofs/models/003_turntable_sleigh_*.nh):
   a table with centre r(t) = (b1 sin t, b2 t) rotating by
   al(t) = W0 t + W1 t^2/2 (rate Om = W0 + W1 t), c = cos al, s = sin al:
     q = g_t(x, y, phi) = (b1 sin t + c x - s y, b2 t + s x + c y, phi + al).
   By hand:
     dg_t  = [[c, -s, 0], [s, c, 0], [0, 0, 1]];
     omega = dg/dt = (b1 cos t - Om (s x + c y), b2 + Om (c x - s y), Om)
             (003 Ex 3.1: rdot + Om J (q - r));
     Omega = dg^-1 omega = (c b1 cos t + s b2 - Om y, -s b1 cos t + c b2 + Om x, Om);
     qdot  = dg xdot + omega;
     with P = r + R p: Pddot = rddot + R (pddot + 2 Om J pdot + W1 J p - Om^2 p)
     (Rdot = Om R J, Rddot = W1 R J - Om^2 R, J(a, b) = (-b, a)),
     rddot = (-b1 sin t, 0), and Phiddot = phiddot + W1.
   Then the bad inputs: too few components, an unknown and a repeated
   component, a velocity in the map, and a map whose dg_t is singular at
   the point (NH_ERR_MODEL, naming file:line:col). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gmap.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 128
#define MAPTEXT "X = b1*sin(t) + cos(W0*t + W1*t^2/2)*x - sin(W0*t + W1*t^2/2)*y,\n" \
    "  Y = b2*t + sin(W0*t + W1*t^2/2)*x + cos(W0*t + W1*t^2/2)*y, Phi = phi + W0*t + W1*t^2/2"

static int
parse(nh_gmap_t g, const char *text, const nh_model_struct *Mm, const nh_model_struct *Mq,
      nh_error_t err)
{
    expr_src v;
    int r;
    v.text = malloc(strlen(text) + 1);
    strcpy(v.text, text);
    v.line = 5;
    v.col = 6;
    r = nh_gmap_parse(g, &v, Mm, Mq, "doc.md", err);
    free(v.text);
    return r;
}

/* The closed forms at (x, t, xdot, xddot); returns 1 if all agree. */
static int
check_point(const nh_gmap_values_struct *V, const arb_t *x, const arb_t t, const arb_t *xd,
            const arb_t *xdd)
{
    /* parameters of the models */
    arb_t W0, W1, b1, b2, al, Om, c, s, ct, st, e, f, P[3];
    int ok = 1, i;
    arb_ptr want = _arb_vec_init(3 * 3 + 3 + 3 + 3 + 3);
    arb_ptr dg = want, om = dg + 9, Om3 = om + 3, qd = Om3 + 3, qdd = qd + 3;
    arb_init(W0); arb_init(W1); arb_init(b1); arb_init(b2); arb_init(al); arb_init(Om);
    arb_init(c); arb_init(s); arb_init(ct); arb_init(st); arb_init(e); arb_init(f);
    for (i = 0; i < 3; i++) arb_init(P[i]);
    arb_set_si(W0, 3); arb_mul_2exp_si(W0, W0, -1);
    arb_set_si(W1, 1); arb_div_si(W1, W1, 3, PREC);
    arb_set_si(b1, 1); arb_mul_2exp_si(b1, b1, -2);
    arb_set_si(b2, 1); arb_div_si(b2, b2, 5, PREC);
    arb_mul(al, t, t, PREC); arb_mul(al, al, W1, PREC); arb_mul_2exp_si(al, al, -1);
    arb_addmul(al, W0, t, PREC);
    arb_mul(Om, W1, t, PREC); arb_add(Om, Om, W0, PREC);
    arb_sin_cos(s, c, al, PREC);
    arb_sin_cos(st, ct, t, PREC);
    /* dg */
    arb_set(dg + 0, c); arb_neg(dg + 1, s); arb_set(dg + 3, s); arb_set(dg + 4, c); arb_one(dg + 8);
    /* omega */
    arb_mul(e, s, x[0], PREC); arb_addmul(e, c, x[1], PREC);
    arb_mul(om + 0, b1, ct, PREC); arb_submul(om + 0, Om, e, PREC);
    arb_mul(e, c, x[0], PREC); arb_submul(e, s, x[1], PREC);
    arb_set(om + 1, b2); arb_addmul(om + 1, Om, e, PREC);
    arb_set(om + 2, Om);
    /* Omega */
    arb_mul(e, b1, ct, PREC);
    arb_mul(Om3 + 0, c, e, PREC); arb_addmul(Om3 + 0, s, b2, PREC); arb_submul(Om3 + 0, Om, x[1], PREC);
    arb_mul(Om3 + 1, s, e, PREC); arb_neg(Om3 + 1, Om3 + 1); arb_addmul(Om3 + 1, c, b2, PREC);
    arb_addmul(Om3 + 1, Om, x[0], PREC);
    arb_set(Om3 + 2, Om);
    /* qdot */
    for (i = 0; i < 3; i++)
    {
        arb_set(qd + i, om + i);
        arb_addmul(qd + i, dg + 3 * i, xd[0], PREC);
        arb_addmul(qd + i, dg + 3 * i + 1, xd[1], PREC);
        arb_addmul(qd + i, dg + 3 * i + 2, xd[2], PREC);
    }
    /* qddot: w = pddot + 2 Om J pdot + W1 J p - Om^2 p, then rddot + R w */
    arb_mul(f, Om, Om, PREC);
    arb_set(P[0], xdd[0]); arb_mul_2exp_si(e, Om, 1); arb_submul(P[0], e, xd[1], PREC);
    arb_submul(P[0], W1, x[1], PREC); arb_submul(P[0], f, x[0], PREC);
    arb_set(P[1], xdd[1]); arb_addmul(P[1], e, xd[0], PREC);
    arb_addmul(P[1], W1, x[0], PREC); arb_submul(P[1], f, x[1], PREC);
    arb_mul(qdd + 0, b1, st, PREC); arb_neg(qdd + 0, qdd + 0);
    arb_addmul(qdd + 0, c, P[0], PREC); arb_submul(qdd + 0, s, P[1], PREC);
    arb_mul(qdd + 1, s, P[0], PREC); arb_addmul(qdd + 1, c, P[1], PREC);
    arb_add(qdd + 2, xdd[2], W1, PREC);
    for (i = 0; i < 9; i++)
        ok = ok && tu_close(V->dg + i, dg + i, PREC);
    for (i = 0; i < 3; i++)
        ok = ok && tu_close(V->omega + i, om + i, PREC) && tu_close(V->Omega + i, Om3 + i, PREC)
            && tu_close(V->qdot + i, qd + i, PREC) && tu_close(V->qddot + i, qdd + i, PREC);
    /* q itself */
    arb_mul(e, b1, st, PREC); arb_addmul(e, c, x[0], PREC); arb_submul(e, s, x[1], PREC);
    ok = ok && tu_close(V->q + 0, e, PREC);
    arb_mul(e, b2, t, PREC); arb_addmul(e, s, x[0], PREC); arb_addmul(e, c, x[1], PREC);
    ok = ok && tu_close(V->q + 1, e, PREC);
    arb_add(e, x[2], al, PREC);
    ok = ok && tu_close(V->q + 2, e, PREC);
    _arb_vec_clear(want, 21);
    arb_clear(W0); arb_clear(W1); arb_clear(b1); arb_clear(b2); arb_clear(al); arb_clear(Om);
    arb_clear(c); arb_clear(s); arb_clear(ct); arb_clear(st); arb_clear(e); arb_clear(f);
    for (i = 0; i < 3; i++) arb_clear(P[i]);
    return ok;
}

static void
test_closed_forms(const nh_model_struct *Mm, const nh_model_struct *Mq)
{
    nh_gmap_t g;
    nh_error_t err;
    int pt, i, ok = 1, r = NH_OK;
    nh_error_init(err);
    if (parse(g, MAPTEXT, Mm, Mq, err) != NH_OK)
    {
        tap_ok(0, "parse the turntable map: %s", err->msg);
        return;
    }
    for (pt = 0; pt < 6 && ok; pt++)
    {
        arb_t x[3], xd[3], xdd[3], t;
        arb_ptr xv = _arb_vec_init(3), xdv = _arb_vec_init(3), xddv = _arb_vec_init(3);
        nh_gmap_values_struct V;
        arb_init(t);
        arb_set_si(t, pt - 2); arb_div_si(t, t, 3, PREC);
        for (i = 0; i < 3; i++)
        {
            arb_init(x[i]); arb_init(xd[i]); arb_init(xdd[i]);
            arb_set_si(x[i], (pt + 1) * (i + 2) % 7 - 3); arb_div_si(x[i], x[i], 4, PREC);
            arb_set_si(xd[i], (pt + 3) * (i + 1) % 5 - 2); arb_div_si(xd[i], xd[i], 3, PREC);
            arb_set_si(xdd[i], (pt + 2) * (i + 3) % 9 - 4); arb_div_si(xdd[i], xdd[i], 5, PREC);
            arb_set(xv + i, x[i]); arb_set(xdv + i, xd[i]); arb_set(xddv + i, xdd[i]);
        }
        nh_gmap_values_init(&V, g);
        r = nh_gmap_eval(&V, g, xv, t, xdv, xddv, PREC + 32, err);
        ok = r == NH_OK && check_point(&V, x, t, xd, xdd);
        nh_gmap_values_clear(&V);
        for (i = 0; i < 3; i++) { arb_clear(x[i]); arb_clear(xd[i]); arb_clear(xdd[i]); }
        arb_clear(t);
        _arb_vec_clear(xv, 3); _arb_vec_clear(xdv, 3); _arb_vec_clear(xddv, 3);
    }
    tap_ok(ok, "turntable map: q, dg_t, omega_t, Omega_t, qdot, qddot equal the closed forms at 6 points%s%s",
           r != NH_OK ? ": " : "", r != NH_OK ? err->msg : "");
    nh_gmap_clear(g);
}

/* A bad map: parse error (or, if at_point, an evaluation error) whose
   message contains want. */
static void
expect_error(const char *text, int code, const char *want, const nh_model_struct *Mm,
             const nh_model_struct *Mq, const char *what)
{
    nh_gmap_t g;
    nh_error_t err;
    int r;
    nh_error_init(err);
    r = parse(g, text, Mm, Mq, err);
    if (r == NH_OK)
    {
        arb_ptr x = _arb_vec_init(3);
        arb_t t;
        nh_gmap_values_struct V;
        arb_init(t);
        nh_gmap_values_init(&V, g);
        r = nh_gmap_eval(&V, g, x, t, NULL, NULL, PREC, err);
        nh_gmap_values_clear(&V);
        nh_gmap_clear(g);
        arb_clear(t);
        _arb_vec_clear(x, 3);
    }
    tap_ok(r == code && strstr(err->msg, want) != NULL, "%s: code %d, message '%s'", what, r, err->msg);
}

/* the bad maps: text, expected code, expected message part, what */
static const struct
{
    const char *text;
    int code;
    const char *want, *what;
}
bad[6] = {
    {"X = x, Y = y", NH_ERR_PARSE, "doc.md:5:6: map: 2 components for the 3 coordinates",
     "too few components"},
    {"X = x, Y = y, Phi = phi, Z = 1", NH_ERR_PARSE, "doc.md:5:31: map: 'Z' is not a coordinate",
     "a component that is not a coordinate of Q"},
    {"X = x, Y = y, X = phi", NH_ERR_PARSE, "doc.md:5:20: map: component 'X' given twice",
     "a repeated component"},
    {"X = x + t*v_x, Y = y, Phi = phi", NH_ERR_PARSE,
     "doc.md:5:16: map: component 'X' uses the velocity 'v_x'", "a map that uses a velocity"},
    {"X = x^3 + y, Y = y, Phi = phi", NH_ERR_MODEL,
     "doc.md:5:6: map: dg_t is singular at x = (0, 0, 0)", "dg_t singular at the point"},
    {"X = x + , Y = y, Phi = phi", NH_ERR_PARSE, "doc.md:5:", "a syntax error in a component"},
};

int
main(void)
{
    int i;
    nh_model_ptr Mm = load_model_rel("proofs/models/003_turntable_sleigh_moving.nh");
    nh_model_ptr Mq = load_model_rel("proofs/models/003_turntable_sleigh_fixed.nh");
    tap_plan(7);
    test_closed_forms(Mm, Mq);
    for (i = 0; i < 6; i++)
        expect_error(bad[i].text, bad[i].code, bad[i].want, Mm, Mq, bad[i].what);
    nh_model_free(Mm);
    nh_model_free(Mq);
    flint_cleanup();
    return tap_done();
}
