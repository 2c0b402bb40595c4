/* t-model_sym.c -- symmetric matrices of a model (metric G, friction
   mu_bar) must be symmetric as functions of q (issue 13 item 3,
   doc/model-format.md "Symmetric matrices").  Entries that are symmetric
   only at the point q are refused with NH_ERR_MODEL, whatever jet order
   the caller asks for; entries that are the same function written
   differently are accepted and the result is exactly symmetric (the
   upper triangle defines the matrix).

   Expected values are derived by hand (comments); jets hold Taylor
   coefficients c_alpha = d^alpha f / alpha! (jet.h). */
#include <stdio.h>
#include <string.h>
#include "model.h"
#include "geom.h"
#include "model/impl.h"
#include "tap.h"

#define PREC 128
#define ORD 4

/* Evaluate the metric (what = 0) or the friction (what = 1) of M at the
   point q_i = num_i / den + x_i (jets in nvars = n variables to order
   ORD), truncated at ord; R: k x k. */
static int
eval_at(jet_mat_t R, const nh_model_struct *M, const slong *num, slong den, slong ord,
        int what, const jet_ctx_t ctx, nh_error_t err)
{
    slong i, n = nh_model_n(M);
    arb_ptr q = jet_vec_init(n, ctx);
    arb_t c;
    int r;
    arb_init(c);
    for (i = 0; i < n; i++)
    {
        arb_set_si(c, num[i]);
        arb_div_si(c, c, den, PREC);
        jet_set_var(JET_ENTRY(q, i, ctx), c, i, ctx);
    }
    r = what == 0 ? nh_model_eval_metric(R, M, q, ord, ctx, PREC, err)
        : nh_model_eval_friction(R, M, q, ord, ctx, PREC, err);
    arb_clear(c);
    jet_vec_clear(q, n, ctx);
    return r;
}

static int
has(const nh_error_t err, const char *s)
{
    return strstr(err->msg, s) != NULL;
}

/* the lower entry (i, j) is identical to the upper entry (j, i), every
   coefficient */
static int
exactly_symmetric(const jet_mat_t R, slong k, const jet_ctx_t ctx)
{
    slong i, j, c;
    for (i = 0; i < k; i++)
        for (j = 0; j < i; j++)
            for (c = 0; c < ctx->len; c++)
                if (!arb_equal(JET_MAT_ENTRY(R, i, j, ctx) + c, JET_MAT_ENTRY(R, j, i, ctx) + c))
                    return 0;
    return 1;
}

int
main(void)
{
    nh_model_ptr M;
    nh_error_t err;
    jet_ctx_t ctx;
    jet_mat_t G;
    slong ord, pt[3] = {0, 0, 0};
    int r;

    tap_plan(24);
    nh_error_init(err);
    jet_ctx_init(ctx, 2, ORD);
    jet_mat_init(G, 2, 2, ctx);

    /* ---- upper x, lower sin(x): equal value and first two derivatives
       at x = 0 (sin x - x = -x^3/6 + ...), so a computation of jet order
       <= 2 sees identical jets; order >= 3 sees the x^3 coefficients 0
       and -1/6.  At the probe point x = 1/53 the values differ by about
       (1/53)^3/6 = 1.1e-6. ------------------------------------------- */
    r = nh_model_parse(&M, "model asym\ncoordinates x, y\nmetric: 2, x\nmetric: sin(x), 2\n"
                       "constraint: dy\n", "<asym>", err);
    tap_ok(r == NH_OK, "x / sin(x) metric parses (symmetry is a property of the functions)");
    for (ord = 0; ord <= ORD; ord++)
    {
        r = eval_at(G, M, pt, 1, ord, 0, ctx, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "<asym>:4:9:") && has(err, "G[2][1]")
               && has(err, "G[1][2] (3:12)") && has(err, "metric G is not symmetric as a function")
               && has(err, "x=0") && (ord >= 3 ? has(err, "derivatives of order 3") : has(err, "q + dq")),
               "x / sin(x) at x = 0, jet order %ld: refused: %s", (long) ord, err->msg);
    }
    {
        /* the geometry (Christoffel symbols need order 1, the default
           geometry order 2) and its point check (order 0) refuse too */
        nh_geom_t g;
        arb_ptr q0 = _arb_vec_init(2);
        nh_geom_init(g, M, ctx);
        r = nh_geom_compute(g, M, q0, 2, ctx, PREC, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "not symmetric"), "nh_geom_compute at x = 0, order 2: %s", err->msg);
        r = nh_geom_check_point(M, q0, PREC, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "not symmetric"), "nh_geom_check_point at x = 0: %s", err->msg);
        nh_geom_clear(g, ctx);
        _arb_vec_clear(q0, 2);
    }
    nh_model_free(M);

    /* ---- upper x^2, lower x: equal at x = 0 and x = 1 (values 0, 1), but
       d/dx: 2x vs 1, i.e. 0 vs 1 at 0 and 2 vs 1 at 1.  At order 0 the
       probe x + 1/53 separates them ((x+1/53)^2 != x + 1/53 for x = 0, 1). */
    r = nh_model_parse(&M, "model sq\ncoordinates x, y\nmetric: 2, x^2\nmetric: x, 2\n"
                       "constraint: dy\n", "<sq>", err);
    tap_ok(r == NH_OK, "x^2 / x metric parses");
    for (pt[0] = 0; pt[0] <= 1; pt[0]++)
    {
        r = eval_at(G, M, pt, 1, 1, 0, ctx, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "<sq>:4:9:") && has(err, "derivatives of order 1"),
               "x^2 / x at x = %ld, order 1: %s", (long) pt[0], err->msg);
        r = eval_at(G, M, pt, 1, 0, 0, ctx, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "q + dq"), "x^2 / x at x = %ld, order 0: %s",
               (long) pt[0], err->msg);
    }
    pt[0] = 0;
    nh_model_free(M);

    /* ---- the same function written twice: sin(2x) = 2 sin x cos x, and
       x^2 = x*x (balls of different widths).  Accepted at x = 1/3 and 0
       to order 4; the lower triangle is then the upper one, coefficient
       for coefficient; d/dx sin(2x) = 2 cos(2x) = 2 cos(2/3) at 1/3. */
    r = nh_model_parse(&M, "model same\ncoordinates x, y\nmetric: 2, sin(2*x)\n"
                       "metric: 2*sin(x)*cos(x), 3 + x*x\n" "constraint: dy\n", "<same>", err);
    tap_ok(r == NH_OK, "sin(2x) / 2 sin x cos x metric parses");
    {
        arb_t w;
        slong e[2] = {1, 0};
        arb_init(w);
        pt[0] = 1;
        r = eval_at(G, M, pt, 3, ORD, 0, ctx, err);
        arb_set_si(w, 2);
        arb_div_si(w, w, 3, PREC);
        arb_cos(w, w, PREC);
        arb_mul_2exp_si(w, w, 1);
        tap_ok(r == NH_OK && exactly_symmetric(G, 2, ctx)
               && arb_overlaps(JET_MAT_ENTRY(G, 1, 0, ctx) + jet_ctx_index(ctx, e), w),
               "sin(2x) / 2 sin x cos x at x = 1/3, order 4: accepted, exactly symmetric, "
               "d/dx G21 = 2 cos(2/3)");
        pt[0] = 0;
        r = eval_at(G, M, pt, 1, ORD, 0, ctx, err);
        tap_ok(r == NH_OK && exactly_symmetric(G, 2, ctx), "the same at x = 0");
        arb_clear(w);
    }
    nh_model_free(M);

    /* ---- syntactic symmetry after constant folding: 2*3*x and 6*x are
       mirrors (the lower entry is not evaluated); a parameter a = 1 in
       a*x against 1*x is a mirror while a = 1, and no longer after
       --param a = 2: then G21 = x, G12 = 2x differ at x = 1/2 (1/2 vs 1). */
    r = nh_model_parse(&M, "model fold\ncoordinates x, y, z\nparameter a = 1\n"
                       "metric: 2, 2*3*x, a*y\nmetric: 6*x, 2, 0\nmetric: 1*y, 0, 2\n"
                       "constraint: dz\n", "<fold>", err);
    tap_ok(r == NH_OK && M->metric_mirror[1 * 3 + 0] == 0 * 3 + 1
           && M->metric_mirror[2 * 3 + 0] == 0 * 3 + 2 && M->metric_mirror[2 * 3 + 1] == 1 * 3 + 2,
           "2*3*x / 6*x, a*y / 1*y (a = 1) and 0 / 0 are mirrors");
    {
        fmpq_t two;
        jet_ctx_t c3;
        jet_mat_t G3;
        slong p3[3] = {1, 1, 0};
        fmpq_init(two);
        fmpq_set_si(two, 2, 1);
        jet_ctx_init(c3, 3, 2);
        jet_mat_init(G3, 3, 3, c3);
        r = eval_at(G3, M, p3, 2, 2, 0, c3, err);
        tap_ok(r == NH_OK && exactly_symmetric(G3, 3, c3), "folded mirrors evaluate, exactly symmetric");
        nh_model_set_param(M, "a", two, err);
        tap_ok(M->metric_mirror[2 * 3 + 0] == -1 && M->metric_mirror[1 * 3 + 0] == 0 * 3 + 1,
               "after a = 2, a*y / 1*y is no longer a mirror");
        r = eval_at(G3, M, p3, 2, 0, 0, c3, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "<fold>:6:10:") && has(err, "G[3][1]")
               && has(err, "derivatives of order 0"), "a = 2: a*y / 1*y at y = 1/2 refused: %s", err->msg);
        jet_mat_clear(G3, c3);
        jet_ctx_clear(c3);
        fmpq_clear(two);
    }
    nh_model_free(M);

    /* ---- friction: mu_bar = [[1, x], [sin(x), 1]] (m = 2), refused at
       x = 0 at order 0 (probe) and order 3 (x^3 coefficient 0 vs -1/6);
       [[1, x], [x, 1]] is fine. */
    {
        jet_ctx_t c3;
        jet_mat_t mu;
        slong p3[3] = {0, 0, 0};
        jet_ctx_init(c3, 3, 3);
        jet_mat_init(mu, 2, 2, c3);
        r = nh_model_parse(&M, "model fr\ncoordinates x, y, z\nmetric diagonal: 1, 1, 1\n"
                           "constraint: dy\nconstraint: dz\nfriction: 2, x\nfriction: sin(x), 2\n",
                           "<fr>", err);
        tap_ok(r == NH_OK, "friction x / sin(x) parses");
        r = eval_at(mu, M, p3, 1, 0, 1, c3, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "<fr>:7:11:") && has(err, "friction mu_bar is not symmetric")
               && has(err, "mu_bar[2][1]") && has(err, "q + dq"), "friction at x = 0, order 0: %s", err->msg);
        r = eval_at(mu, M, p3, 1, 3, 1, c3, err);
        tap_ok(r == NH_ERR_MODEL && has(err, "derivatives of order 3"), "friction at x = 0, order 3: %s",
               err->msg);
        nh_model_free(M);
        r = nh_model_parse(&M, "model fr2\ncoordinates x, y, z\nmetric diagonal: 1, 1, 1\n"
                           "constraint: dy\nconstraint: dz\nfriction: 2, x\nfriction: x + 0*y, 2\n",
                           "<fr2>", err);
        r = r == NH_OK ? eval_at(mu, M, p3, 1, 3, 1, c3, err) : r;
        tap_ok(r == NH_OK && exactly_symmetric(mu, 2, c3), "friction x / x + 0*y accepted");
        nh_model_free(M);
        jet_mat_clear(mu, c3);
        jet_ctx_clear(c3);
    }

    jet_mat_clear(G, ctx);
    jet_ctx_clear(ctx);
    flint_cleanup();
    return tap_done();
}
