/* t-model_time.c -- the issue-7 extensions of the model format
   (doc/model-format.md "Time-dependent and affine models"): the time t,
   dt terms in constraints, 'oneform' and 'force' lines; old files keep
   their meaning; errors; nh_geom_compute refuses the new class.
   Expected values are hand derivatives computed here with arb. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "geom.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 128

#define near(got, want) tu_near(got, want, PREC, -100)

static const char *text =
    "model timed\n"
    "coordinates x, y, th\n"
    "parameter w = 2\n"
    "metric diagonal: 1 + t^2, 1, exp(t)\n"
    "potential: x*sin(w*t)\n"
    "constraint: dx - cos(th)*dy - t*x*dt\n"
    "oneform: t*dx + y*dth\n"
    "force: -x*dx + t*dy\n";

int
main(void)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    jet_ctx_t ctx;
    arb_ptr q, V;
    jet_mat_t G, A, b, De, F;
    arb_t w, x0, y0, th0, t0, s;
    slong ix, it, ith;
    int r;
    const char *cases[] = { "vertical_disk.nh", "chaplygin_sleigh.nh", "inclined_sleigh.nh",
                            "pendulum_radial_friction.nh" };
    slong c;

    tap_plan(24);
    nh_error_init(err);
    arb_init(w); arb_init(x0); arb_init(y0); arb_init(th0); arb_init(t0); arb_init(s);

    r = nh_model_parse(&M, text, "<timed>", err);
    tap_ok(r == NH_OK, "time-dependent model parses: %s", r ? err->msg : "");
    if (r != NH_OK)
        tap_bail("cannot continue");
    tap_ok(nh_model_has_time(M) && !nh_model_constraints_are_linear(M) && nh_model_has_oneform(M)
           && nh_model_has_force(M) && !nh_model_is_linear_autonomous(M), "predicates");

    /* point x = 1/3, y = -1/2, th = 7/10, t = 3/4; jets in (x, y, th, t) order 1 */
    jet_ctx_init(ctx, 4, 1);
    q = jet_vec_init(4, ctx);
    arb_set_si(x0, 1); arb_div_ui(x0, x0, 3, PREC);
    arb_set_si(y0, -1); arb_div_ui(y0, y0, 2, PREC);
    arb_set_si(th0, 7); arb_div_ui(th0, th0, 10, PREC);
    arb_set_si(t0, 3); arb_div_ui(t0, t0, 4, PREC);
    jet_set_var(JET_ENTRY(q, 0, ctx), x0, 0, ctx);
    jet_set_var(JET_ENTRY(q, 1, ctx), y0, 1, ctx);
    jet_set_var(JET_ENTRY(q, 2, ctx), th0, 2, ctx);
    jet_set_var(JET_ENTRY(q, 3, ctx), t0, 3, ctx);
    ix = jet_ctx_var_index(ctx, 0);
    it = jet_ctx_var_index(ctx, 3);
    ith = jet_ctx_var_index(ctx, 2);
    jet_mat_init(G, 3, 3, ctx);
    jet_mat_init(A, 1, 3, ctx);
    jet_mat_init(b, 1, 1, ctx);
    jet_mat_init(De, 3, 1, ctx);
    jet_mat_init(F, 3, 1, ctx);
    V = jet_init(ctx);

    r = nh_model_eval_metric(G, M, q, 1, ctx, PREC, err);
    /* G11 = 1 + t^2: value 25/16, d/dt = 2t = 3/2 */
    arb_set_si(w, 25); arb_div_ui(w, w, 16, PREC);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(G, 0, 0, ctx), w), "G11 = 1 + t^2 = 25/16");
    arb_set_si(w, 3); arb_div_ui(w, w, 2, PREC);
    tap_ok(near(JET_MAT_ENTRY(G, 0, 0, ctx) + it, w), "dG11/dt = 2t = 3/2");
    arb_exp(w, t0, PREC);
    tap_ok(near(JET_MAT_ENTRY(G, 2, 2, ctx) + it, w), "dG33/dt = exp(t)");

    r = nh_model_eval_potential(V, M, q, 1, ctx, PREC, err);
    /* V = x sin(2t): dV/dx = sin(2t), dV/dt = 2x cos(2t) */
    arb_mul_2exp_si(s, t0, 1);
    arb_sin(w, s, PREC);
    tap_ok(r == NH_OK && near(V + ix, w), "dV/dx = sin(2t)");
    arb_cos(w, s, PREC);
    arb_mul(w, w, x0, PREC);
    arb_mul_2exp_si(w, w, 1);
    tap_ok(near(V + it, w), "dV/dt = 2 x cos(2t)");

    r = nh_model_eval_constraints(A, M, q, 1, ctx, PREC, err);
    arb_sin(w, th0, PREC);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(A, 0, 1, ctx) + ith, w), "d/dth(-cos th) = sin th");
    r = nh_model_eval_constraints_dt(b, M, q, 1, ctx, PREC, err);
    /* b = -t x: value -1/4, d/dx = -t, d/dt = -x */
    arb_set_si(w, -1); arb_div_ui(w, w, 4, PREC);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(b, 0, 0, ctx), w), "dt coefficient -t*x = -1/4");
    arb_neg(w, t0);
    tap_ok(near(JET_MAT_ENTRY(b, 0, 0, ctx) + ix, w), "d/dx of dt coefficient = -t");
    arb_neg(w, x0);
    tap_ok(near(JET_MAT_ENTRY(b, 0, 0, ctx) + it, w), "d/dt of dt coefficient = -x");

    r = nh_model_eval_oneform(De, M, q, 1, ctx, PREC, err);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(De, 0, 0, ctx), t0) && near(JET_MAT_ENTRY(De, 2, 0, ctx), y0)
           && arb_is_zero(JET_MAT_ENTRY(De, 1, 0, ctx)), "oneform (t, 0, y)");
    r = nh_model_eval_force(F, M, q, 1, ctx, PREC, err);
    arb_neg(w, x0);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(F, 0, 0, ctx), w) && near(JET_MAT_ENTRY(F, 1, 0, ctx), t0),
           "force (-x, t, 0)");

    /* geometry refuses the model */
    {
        nh_geom_t g;
        jet_ctx_t c3;
        arb_ptr q0 = _arb_vec_init(3);
        jet_ctx_init(c3, 3, 1);
        nh_geom_init(g, M, c3);
        r = nh_geom_compute(g, M, q0, 1, c3, PREC, err);
        tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "time dependence") != NULL,
               "nh_geom_compute refuses: %s", err->msg);
        nh_geom_clear(g, c3);
        jet_ctx_clear(c3);
        _arb_vec_clear(q0, 3);
    }
    nh_model_free(M);

    /* old files: unchanged class */
    for (c = 0; c < 4; c++)
    {
        char path[4096];
        snprintf(path, sizeof path, "%s/cases/%s", srcdir(), cases[c]);
        r = nh_model_load(&M, path, err);
        tap_ok(r == NH_OK && nh_model_is_linear_autonomous(M) && !nh_model_has_time(M),
               "%s: linear autonomous", cases[c]);
        nh_model_free(M);
    }

    /* a parameter named t keeps its old meaning */
    r = nh_model_parse(&M, "model p\ncoordinates x, y\nparameter t = 3\nmetric diagonal: t, 1\nconstraint: dx - t*dy\n",
                       "<p>", err);
    tap_ok(r == NH_OK && !nh_model_has_time(M) && nh_model_is_linear_autonomous(M),
           "parameter t is a parameter");
    nh_model_free(M);

    /* errors */
    r = nh_model_parse(&M, "model e\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dx\noneform: x*dx + dt\n",
                       "<e>", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "<e>:5:") && strstr(err->msg, "dt"),
           "dt in oneform: %s", err->msg);
    r = nh_model_parse(&M, "model e\ncoordinates x, y\nmetric diagonal: 1, t\nparameter t = 1\nconstraint: dx\n",
                       "<e>", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "<e>:4:11:") && strstr(err->msg, "time"),
           "parameter t after use of time: %s", err->msg);
    r = nh_model_parse(&M, "model e\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dx\nforce: dx\nforce: dy\n",
                       "<e>", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "<e>:6:1:") && strstr(err->msg, "single 'force'"),
           "two force lines: %s", err->msg);

    r = nh_model_parse(&M, "model e\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dx\ndamping: 1, t\n",
                       "<e>", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "expected 2 damping rows, found 1"),
           "one of two damping rows: %s", err->msg);
    r = nh_model_parse(&M, "model d\ncoordinates x, y\nmetric diagonal: 1, 1\nconstraint: dx\ndamping diagonal: x, 0\n",
                       "<d>", err);
    tap_ok(r == NH_OK && nh_model_has_damping(M) && !nh_model_is_linear_autonomous(M) && !nh_model_has_time(M),
           "damping diagonal parses; not linear autonomous");
    if (r == NH_OK)
        nh_model_free(M);

    jet_mat_clear(G, ctx); jet_mat_clear(A, ctx); jet_mat_clear(b, ctx);
    jet_mat_clear(De, ctx); jet_mat_clear(F, ctx); jet_clear(V, ctx);
    jet_vec_clear(q, 4, ctx);
    jet_ctx_clear(ctx);
    arb_clear(w); arb_clear(x0); arb_clear(y0); arb_clear(th0); arb_clear(t0); arb_clear(s);
    flint_cleanup();
    return tap_done();
}
