/* t-model_let.c -- a let is evaluated once per evaluation of the model
   at a point (issue 16, doc/model-format.md "let"; lib/expr/expr_share.c):

   1. the rolling disc (cases/rolling_disc.nh, 4 lets, 3 of them inside
      d()) against the same model with every let written out by hand
      (the text below, independent of the file's lets): G, A, mu_bar, V
      jets of order 2 equal as balls (every coefficient overlaps and both
      have radius <= 2^-(PREC-40) max(1, |value|)) at 4 random points;
   2. a synthetic model whose lets are used many times, by several
      entries of G, A, V, mu_bar and by each other (s used by c, u and
      directly), against its written-out form: same jets (order 3), and
      the counters of nh_model_eval: each scalar let computed exactly
      once per call (nh_model_values_struct.let_evals), the form let and
      the unused let 0 times; a second call again once (the cache is per
      call: a new point gets new values);
   3. the single-quantity functions (nh_model_eval_metric, ...) give the
      same balls as the one-call nh_model_eval. */
#include <stdio.h>
#include <string.h>
#include "model.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 192

/* cases/rolling_disc.nh with xc, yc, zc, wn written out */
static const char *disc_flat =
    "model rolling_disc_flat\n"
    "coordinates x, y, theta, phi, psi\n"
    "parameter m = 1\nparameter R = 1/2\nparameter A = m*R^2/4\n"
    "parameter C = m*R^2/2\nparameter g = 9.81\n"
    "kinetic: m/2*(d(x + R*sin(theta)*sin(phi))^2 + d(y - R*sin(theta)*cos(phi))^2"
    " + d(R*cos(theta))^2) + A/2*(dtheta^2 + cos(theta)^2*dphi^2)"
    " + C/2*(dpsi - sin(theta)*dphi)^2\n"
    "potential: m*g*R*cos(theta)\n"
    "constraint: dx + R*cos(phi)*dpsi\n"
    "constraint: dy + R*sin(phi)*dpsi\n";

static const char *syn_let =
    "model syn_let\n"
    "coordinates x, y\n"
    "parameter a = 3/7\n"
    "let s = sin(x)*exp(y/3)\n"
    "let c = cos(x) + a*s\n"
    "let u = s*c + s\n"
    "let unused = log(2 + x^2)\n"
    "let w = dx + u*dy\n"
    "metric: 2 + s^2, s*c\n"
    "metric: s*c, 3 + u^2\n"
    "potential: u*s + c\n"
    "constraint: w\n"
    "friction: 1 + u^2\n";

static const char *syn_flat =
    "model syn_flat\n"
    "coordinates x, y\n"
    "parameter a = 3/7\n"
    "metric: 2 + (sin(x)*exp(y/3))^2, (sin(x)*exp(y/3))*(cos(x) + a*(sin(x)*exp(y/3)))\n"
    "metric: (sin(x)*exp(y/3))*(cos(x) + a*(sin(x)*exp(y/3))),"
    " 3 + ((sin(x)*exp(y/3))*(cos(x) + a*(sin(x)*exp(y/3))) + sin(x)*exp(y/3))^2\n"
    "potential: ((sin(x)*exp(y/3))*(cos(x) + a*(sin(x)*exp(y/3))) + sin(x)*exp(y/3))"
    "*(sin(x)*exp(y/3)) + (cos(x) + a*(sin(x)*exp(y/3)))\n"
    "constraint: dx + ((sin(x)*exp(y/3))*(cos(x) + a*(sin(x)*exp(y/3))) + sin(x)*exp(y/3))*dy\n"
    "friction: 1 + ((sin(x)*exp(y/3))*(cos(x) + a*(sin(x)*exp(y/3))) + sin(x)*exp(y/3))^2\n";

static void rnd_point(arb_ptr q, slong n, const jet_ctx_t ctx, flint_rand_t st);

/* radius of x at most 2^-(PREC-40) max(1, |x|) */
static int
tight(const arb_t x)
{
    mag_t r, b;
    int ok;
    mag_init(r);
    mag_init(b);
    arb_get_mag(b, x);
    if (mag_cmp_2exp_si(b, 0) < 0)
        mag_one(b);
    mag_mul_2exp_si(b, b, -(PREC - 40));
    mag_set(r, arb_radref(x));
    ok = mag_cmp(r, b) <= 0;
    mag_clear(r);
    mag_clear(b);
    return ok;
}

/* every coefficient overlaps and both are tight */
static int
same_balls(arb_srcptr X, arb_srcptr Y, slong len)
{
    slong i;
    for (i = 0; i < len; i++)
        if (!arb_overlaps(X + i, Y + i) || !tight(X + i) || !tight(Y + i))
        {
            tap_diag("coefficient %ld: %s vs %s", (long) i, arb_get_str(X + i, 10, 0),
                     arb_get_str(Y + i, 10, 0));
            return 0;
        }
    return 1;
}

typedef struct
{
    jet_mat_t G, A, mu;
    arb_ptr V;
}
vals_t;

static void
vals_init(vals_t *v, slong n, slong m, const jet_ctx_t ctx)
{
    jet_mat_init(v->G, n, n, ctx);
    jet_mat_init(v->A, m, n, ctx);
    jet_mat_init(v->mu, m, m, ctx);
    v->V = jet_init(ctx);
}

static void
vals_clear(vals_t *v, const jet_ctx_t ctx)
{
    jet_mat_clear(v->G, ctx);
    jet_mat_clear(v->A, ctx);
    jet_mat_clear(v->mu, ctx);
    jet_clear(v->V, ctx);
}

static int
eval_all(vals_t *v, const nh_model_struct *M, arb_srcptr q, slong ord, const jet_ctx_t ctx,
         slong *let_evals)
{
    nh_model_values_struct o = {v->G, v->A, NULL, v->mu, NULL, NULL, NULL, v->V, let_evals};
    nh_error_t err;
    int r;
    nh_error_init(err);
    r = nh_model_eval(&o, M, q, ord, ctx, PREC, err);
    if (r != NH_OK)
        tap_diag("nh_model_eval: %s", err->msg);
    return r;
}

static int
vals_same(const vals_t *a, const vals_t *b, slong n, slong m, const jet_ctx_t ctx)
{
    slong L = ctx->len;
    return same_balls(a->G->entries, b->G->entries, n * n * L)
        && same_balls(a->A->entries, b->A->entries, m * n * L)
        && same_balls(a->mu->entries, b->mu->entries, m * m * L)
        && same_balls(a->V, b->V, L);
}

/* Compare M1 and M2 (same n, m) at npts random points, jets of order ord. */
static int
compare_models(const nh_model_struct *M1, const nh_model_struct *M2, slong npts, slong ord,
               flint_rand_t st)
{
    slong n = nh_model_n(M1), m = nh_model_m(M1), p;
    jet_ctx_t ctx;
    arb_ptr q;
    vals_t a, b;
    int ok = 1;

    jet_ctx_init(ctx, n, ord);
    q = jet_vec_init(n, ctx);
    vals_init(&a, n, m, ctx);
    vals_init(&b, n, m, ctx);
    for (p = 0; p < npts && ok; p++)
    {
        rnd_point(q, n, ctx, st);
        ok = eval_all(&a, M1, q, ord, ctx, NULL) == NH_OK
            && eval_all(&b, M2, q, ord, ctx, NULL) == NH_OK
            && vals_same(&a, &b, n, m, ctx);
    }
    vals_clear(&a, ctx);
    vals_clear(&b, ctx);
    jet_vec_clear(q, n, ctx);
    jet_ctx_clear(ctx);
    return ok;
}

/* q_i = x_i + (variable i), x_i random in [-1, 1] (1/1000 grid) */
static void
rnd_point(arb_ptr q, slong n, const jet_ctx_t ctx, flint_rand_t st)
{
    slong i;
    arb_t x;
    arb_init(x);
    for (i = 0; i < n; i++)
    {
        tu_rnd(x, st, -1, 1, PREC);
        jet_set_var(JET_ENTRY(q, i, ctx), x, i, ctx);
    }
    arb_clear(x);
}

static nh_model_ptr
parse(const char *text, const char *name)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_error_init(err);
    if (nh_model_parse(&M, text, name, err) != NH_OK)
        tap_bail("%s: %s", name, err->msg);
    return M;
}

/* let_evals after one nh_model_eval call at a random point, order 3 */
static void
count_once(slong *cnt, const nh_model_struct *M, flint_rand_t st)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    jet_ctx_t ctx;
    arb_ptr q;
    vals_t a;
    jet_ctx_init(ctx, n, 3);
    q = jet_vec_init(n, ctx);
    vals_init(&a, n, m, ctx);
    rnd_point(q, n, ctx, st);
    memset(cnt, 0, nh_model_nlets(M) * sizeof(slong));
    eval_all(&a, M, q, 3, ctx, cnt);
    vals_clear(&a, ctx);
    jet_vec_clear(q, n, ctx);
    jet_ctx_clear(ctx);
}

/* metric alone by nh_model_eval_metric equals the G of the one call */
static int
single_same(const nh_model_struct *M, flint_rand_t st)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    jet_ctx_t ctx;
    arb_ptr q, V;
    vals_t a;
    jet_mat_t G, A;
    nh_error_t err;
    int ok;
    jet_ctx_init(ctx, n, 2);
    q = jet_vec_init(n, ctx);
    vals_init(&a, n, m, ctx);
    jet_mat_init(G, n, n, ctx);
    jet_mat_init(A, m, n, ctx);
    V = jet_init(ctx);
    nh_error_init(err);
    rnd_point(q, n, ctx, st);
    ok = eval_all(&a, M, q, 2, ctx, NULL) == NH_OK
        && nh_model_eval_metric(G, M, q, 2, ctx, PREC, err) == NH_OK
        && nh_model_eval_constraints(A, M, q, 2, ctx, PREC, err) == NH_OK
        && nh_model_eval_potential(V, M, q, 2, ctx, PREC, err) == NH_OK
        && same_balls(G->entries, a.G->entries, n * n * ctx->len)
        && same_balls(A->entries, a.A->entries, m * n * ctx->len)
        && same_balls(V, a.V, ctx->len);
    jet_clear(V, ctx);
    jet_mat_clear(G, ctx);
    jet_mat_clear(A, ctx);
    vals_clear(&a, ctx);
    jet_vec_clear(q, n, ctx);
    jet_ctx_clear(ctx);
    return ok;
}

int
main(void)
{
    flint_rand_t st;
    nh_model_ptr D, Df, S, Sf;
    slong cnt[5], cnt2[5], k;
    int ok;

    tap_plan(6);
    flint_rand_init(st);
    flint_rand_set_seed(st, 16, 1616);
    tap_diag("seed 16, 1616");

    D = load_case("rolling_disc.nh");
    Df = parse(disc_flat, "disc_flat");
    tap_ok(compare_models(D, Df, 4, 2, st),
           "rolling disc: lets vs written out, G, A, mu_bar, V jets (order 2) equal as balls");
    S = parse(syn_let, "syn_let");
    Sf = parse(syn_flat, "syn_flat");
    tap_ok(compare_models(S, Sf, 4, 3, st),
           "synthetic lets vs written out: G, A, mu_bar, V jets (order 3) equal as balls");

    tap_ok(nh_model_nlets(S) == 5 && strcmp(nh_model_let_name(S, 0), "s") == 0
           && strcmp(nh_model_let_name(S, 4), "w") == 0, "5 lets s, c, u, unused, w");
    count_once(cnt, S, st);
    count_once(cnt2, S, st);
    for (k = 0; k < 5; k++)
        tap_diag("let %s: computed %ld, %ld times", nh_model_let_name(S, k), (long) cnt[k],
                 (long) cnt2[k]);
    ok = 1;
    for (k = 0; k < 5; k++)
        ok = ok && cnt[k] == (k < 3) && cnt2[k] == (k < 3);
    tap_ok(ok, "each let used by G, A, V, mu_bar computed exactly once per call "
           "(s used 10 times, c 5, u 4), unused and form lets 0 times; again once in a second call");

    count_once(cnt, D, st);
    for (k = 0; k < 4; k++)
        tap_diag("rolling disc let %s: computed %ld times", nh_model_let_name(D, k), (long) cnt[k]);
    /* zc is used by V (its value); xc, yc only inside d() (their
       differentials, not their values); wn is a form */
    tap_ok(cnt[0] == 0 && cnt[1] == 0 && cnt[2] == 1 && cnt[3] == 0,
           "rolling disc: zc computed once (for V), xc, yc (only in d()) and wn (a form) never");
    tap_ok(single_same(S, st) && single_same(D, st),
           "nh_model_eval_metric / _constraints / _potential = the one-call nh_model_eval");

    nh_model_free(D);
    nh_model_free(Df);
    nh_model_free(S);
    nh_model_free(Sf);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
