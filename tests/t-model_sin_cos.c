/* t-model_sin_cos.c -- sin(u) and cos(u) of one argument come from one
   jet_sin_cos per evaluation session (lib/expr/expr_eval.c,
   sin_cos_shared; issue 14): the model's entries that use sin and cos of
   a coordinate (x) and of a let (u = x*y + 1/3, a slotted node), in
   several orders of use, against the composition route computed here
   independently of the evaluator and of the recurrence: the argument jet
   a formed by jet operations, Arb's arb_poly_sin_cos_series at a(0), then
   jet_compose_series.  A mix-up of the memo (sin for cos, one argument
   for another, a stale session) gives non-overlapping balls.  Jets of
   order 6 in (x, y) at 4 random points, each followed by an evaluation at
   the same point with new coefficients of degree >= d (d = 2..5), which
   the memo kept across sessions (jet_sin_cos_memo, issue 14 pf14) must
   notice; and a second model where sin and cos of u are used in the
   opposite order. */
#include <stdio.h>
#include "model.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 192
#define ORD 6

static const char *model_a =
    "model sc_a\n"
    "coordinates x, y\n"
    "let u = x*y + 1/3\n"
    "metric: 3 + sin(u), cos(x)\n"
    "metric: cos(x), 3 + cos(u)\n"
    "potential: sin(x)\n"
    "constraint: sin(u)*dx + cos(u)*dy\n";

/* the same with the uses of sin and cos swapped in order */
static const char *model_b =
    "model sc_b\n"
    "coordinates x, y\n"
    "let u = x*y + 1/3\n"
    "metric: 3 + cos(u), sin(x)\n"
    "metric: sin(x), 3 + sin(u)\n"
    "potential: cos(x)\n"
    "constraint: cos(u)*dx + sin(u)*dy\n";

/* f = sin (want_cos = 0) or cos of the jet a, by composition */
static void
ref(arb_ptr res, arb_srcptr a, int want_cos, const jet_ctx_t ctx)
{
    arb_poly_t x, s, c;
    arb_poly_init(x); arb_poly_init(s); arb_poly_init(c);
    arb_poly_set_coeff_arb(x, 0, a);
    arb_poly_set_coeff_si(x, 1, 1);
    arb_poly_sin_cos_series(s, c, x, ORD + 1, PREC);
    if (want_cos)
        jet_compose_series(res, c->coeffs, c->length, a, ORD, ctx, PREC);
    else
        jet_compose_series(res, s->coeffs, s->length, a, ORD, ctx, PREC);
    arb_poly_clear(x); arb_poly_clear(s); arb_poly_clear(c);
}

/* got (minus the constant shift) overlaps want, coefficient by coefficient */
static int
agree(arb_srcptr got, slong shift, arb_srcptr want, const jet_ctx_t ctx, const char *what)
{
    slong i;
    arb_t g;
    int ok = 1;
    arb_init(g);
    for (i = 0; i < ctx->len && ok; i++)
    {
        arb_set(g, got + i);
        if (i == 0)
            arb_sub_si(g, g, shift, PREC);
        if (!arb_overlaps(g, want + i) || mag_cmp_2exp_si(arb_radref(g), -(PREC - 40)) > 0)
        {
            tap_diag("%s, coefficient %ld: %s vs %s", what, (long) i,
                     arb_get_str(g, 10, 0), arb_get_str(want + i, 10, 0));
            ok = 0;
        }
    }
    arb_clear(g);
    return ok;
}

static int
check_model(const char *text, const char *name, int swapped, flint_rand_t st)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    jet_ctx_t ctx;
    jet_mat_t G, A;
    arb_ptr q, V, u, sx, cx, su, cu;
    arb_t x0, third;
    slong p, k;
    int ok = 1;

    nh_error_init(err);
    if (nh_model_parse(&M, text, name, err) != NH_OK)
        tap_bail("%s: %s", name, err->msg);
    jet_ctx_init(ctx, 2, ORD);
    q = jet_vec_init(2, ctx);
    V = jet_init(ctx); u = jet_init(ctx);
    sx = jet_init(ctx); cx = jet_init(ctx); su = jet_init(ctx); cu = jet_init(ctx);
    jet_mat_init(G, 2, 2, ctx);
    jet_mat_init(A, 1, 2, ctx);
    arb_init(x0); arb_init(third);
    arb_set_si(third, 1);
    arb_div_si(third, third, 3, PREC);
    for (p = 0; p < 8 && ok; p++)
    {
        nh_model_values_struct o = {G, A, NULL, NULL, NULL, NULL, NULL, V, NULL};
        for (k = 0; k < 2; k++)
        {
            if (p % 2 == 0)
            {
                tu_rnd(x0, st, -1, 1, PREC);
                jet_set_var(JET_ENTRY(q, k, ctx), x0, k, ctx);
            }
            else
            {
                /* the same point, new coefficients of degree >= d: the
                   sessions' sin/cos memo of the arena (jet_sin_cos_memo)
                   keeps degrees < d from the previous evaluation */
                slong i, d = 2 + p / 2;
                for (i = ctx->deg_len[d - 1]; i < ctx->len; i++)
                    tu_rnd(JET_ENTRY(q, k, ctx) + i, st, -1, 1, PREC);
            }
        }
        if (nh_model_eval(&o, M, q, ORD, ctx, PREC, err) != NH_OK)
            tap_bail("%s: nh_model_eval: %s", name, err->msg);
        jet_mul(u, JET_ENTRY(q, 0, ctx), JET_ENTRY(q, 1, ctx), ORD, ctx, PREC);
        arb_add(u, u, third, PREC);
        ref(sx, q, 0, ctx); ref(cx, q, 1, ctx);
        ref(su, u, 0, ctx); ref(cu, u, 1, ctx);
#define E(Mt, i, j) JET_MAT_ENTRY(Mt, i, j, ctx)
        ok = agree(E(G, 0, 0), 3, swapped ? cu : su, ctx, "G11")
            && agree(E(G, 0, 1), 0, swapped ? sx : cx, ctx, "G12")
            && agree(E(G, 1, 0), 0, swapped ? sx : cx, ctx, "G21")
            && agree(E(G, 1, 1), 3, swapped ? su : cu, ctx, "G22")
            && agree(V, 0, swapped ? cx : sx, ctx, "V")
            && agree(E(A, 0, 0), 0, swapped ? cu : su, ctx, "A11")
            && agree(E(A, 0, 1), 0, swapped ? su : cu, ctx, "A12");
#undef E
    }
    arb_clear(x0); arb_clear(third);
    jet_mat_clear(G, ctx);
    jet_mat_clear(A, ctx);
    jet_clear(V, ctx); jet_clear(u, ctx);
    jet_clear(sx, ctx); jet_clear(cx, ctx); jet_clear(su, ctx); jet_clear(cu, ctx);
    jet_vec_clear(q, 2, ctx);
    jet_ctx_clear(ctx);
    nh_model_free(M);
    return ok;
}

int
main(void)
{
    flint_rand_t st;

    tap_plan(2);
    flint_rand_init(st);
    tap_ok(check_model(model_a, "sc_a", 0, st),
           "sin, cos of a coordinate and of a let (sin used first): the composition route");
    tap_ok(check_model(model_b, "sc_b", 1, st),
           "the same with cos used first");
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
