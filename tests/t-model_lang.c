/* t-model_lang.c -- the model language of issue 16 (doc/model-format.md
   "let, d(), kinetic, lagrangian" and "Derived parameters"):

   1. two independent routes: the sleigh, the vertical disk and the
      inclined sleigh written with kinetic:/lagrangian:, let and d() give
      the same G, A, mu_bar, V jets (order 2) and the same h^(1), h^(2)
      balls (overlap) as the hand-derived metric files in cases/;
   2. the Hessian of a kinetic energy (double pendulum) against the G
      derived by hand, value and first derivative;
   3. d() of an expression against the hand differential, and a dt term;
   4. a Lagrangian split into G, Delta, V checked against hand values;
   5. derived parameters re-evaluated on nh_model_set_param against
      values computed by hand;
   6. bad input: each a parse error at its file:line:col. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "series.h"
#include "tap.h"
#include "case_testutil.h"

#define PREC 192

static const char *sleigh_k =
    "model sleigh_k\n"
    "coordinates x, y, phi\n"
    "parameter m = 1\nparameter I = 1\nparameter a = 0.2\n"
    "let xc = x + a*cos(phi)\n"
    "let yc = y + a*sin(phi)\n"
    "kinetic: m/2*(d(xc)^2 + d(yc)^2) + I/2*dphi^2\n"
    "constraint: -sin(phi)*dx + cos(phi)*dy\n"
    "friction: 1\n";

static const char *disk_k =
    "model disk_k\n"
    "coordinates theta, x, y, varphi\n"
    "parameter m = 1\nparameter R = 0.5\n"
    "parameter I = m*R^2/4\nparameter J = m*R^2/2\n"
    "let slipx = dx - R*cos(theta)*dvarphi\n"
    "kinetic: 1/2*(I*dtheta^2 + m*(dx^2 + dy^2) + J*dvarphi^2)\n"
    "constraint: slipx\n"
    "constraint: d(y) - R*sin(theta)*dvarphi\n";

static const char *incl_l =
    "model incl_l\n"
    "coordinates x, y, phi\n"
    "parameter m = 1\nparameter I = 1\nparameter a = 1/5\n"
    "parameter g = 9.81\nparameter alpha = 0.1\n"
    "let xc = x + a*cos(phi)\n"
    "let vc2 = d(xc)^2 + d(y + a*sin(phi))^2\n"
    "lagrangian: m/2*vc2 + I/2*dphi^2 - m*g*sin(alpha)*xc\n"
    "constraint: -sin(phi)*dx + cos(phi)*dy\n"
    "friction: 1 + cos(phi)^2/2\n";

static int
mats_overlap(const jet_mat_t X, const jet_mat_t Y, const jet_ctx_t ctx)
{
    slong i, len = X->r * X->c * ctx->len;
    for (i = 0; i < len; i++)
        if (!arb_overlaps(X->entries + i, Y->entries + i))
            return 0;
    return 1;
}

/* q_i = q0_i + y_i, q0_i = (i + 2)/(7 + i) (generic). */
static arb_ptr
point_jets(slong n, const jet_ctx_t ctx, arb_ptr q0)
{
    arb_ptr q = jet_vec_init(n, ctx);
    slong i;
    for (i = 0; i < n; i++)
    {
        arb_set_si(q0 + i, i + 2);
        arb_div_si(q0 + i, q0 + i, 7 + i, PREC);
        jet_set_var(JET_ENTRY(q, i, ctx), q0 + i, i, ctx);
    }
    return q;
}

/* Route comparison of a language file with a hand-derived case file. */
static void
two_routes(const char *text, const char *casefile)
{
    nh_model_ptr K = NULL, H = load_case(casefile);
    nh_error_t err;
    jet_ctx_t ctx;
    slong n = nh_model_n(H), m = nh_model_m(H), i, ok = 1, k;
    arb_ptr q, q0 = _arb_vec_init(n), v = _arb_vec_init(n), vD, hK, hH, VK, VH;
    jet_mat_t GK, GH, AK, AH, muK, muH;
    int r;

    nh_error_init(err);
    r = nh_model_parse(&K, text, casefile, err);
    tap_ok(r == NH_OK && nh_model_n(K) == n && nh_model_m(K) == m,
           "%s written with kinetic/let/d() parses: %s", casefile, r ? err->msg : "");
    if (r != NH_OK)
        tap_bail("cannot continue");
    jet_ctx_init(ctx, n, 2);
    q = point_jets(n, ctx, q0);
    jet_mat_init(GK, n, n, ctx); jet_mat_init(GH, n, n, ctx);
    jet_mat_init(AK, m, n, ctx); jet_mat_init(AH, m, n, ctx);
    jet_mat_init(muK, m, m, ctx); jet_mat_init(muH, m, m, ctx);
    VK = jet_init(ctx);
    VH = jet_init(ctx);
    ok = nh_model_eval_metric(GK, K, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_metric(GH, H, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_constraints(AK, K, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_constraints(AH, H, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_friction(muK, K, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_friction(muH, H, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_potential(VK, K, q, 2, ctx, PREC, err) == NH_OK
         && nh_model_eval_potential(VH, H, q, 2, ctx, PREC, err) == NH_OK;
    tap_ok(ok && mats_overlap(GK, GH, ctx) && mats_overlap(AK, AH, ctx)
           && mats_overlap(muK, muH, ctx), "%s: G, A, mu_bar jets (order 2) overlap", casefile);
    for (k = 0; k < ctx->len; k++)
        ok = ok && arb_overlaps(VK + k, VH + k);
    tap_ok(ok, "%s: V jets (order 2) overlap", casefile);

    vD = _arb_vec_init(n);
    hK = _arb_vec_init(2 * n);
    hH = _arb_vec_init(2 * n);
    for (i = 0; i < n; i++)
        arb_set_si(v + i, (i % 2) ? -(i + 1) : i + 2);
    ok = nh_project_D(vD, H, q0, v, PREC, err) == NH_OK
         && nh_series_covariant(hK, NULL, K, q0, vD, 2, PREC, err) == NH_OK
         && nh_series_covariant(hH, NULL, H, q0, vD, 2, PREC, err) == NH_OK;
    for (i = 0; i < 2 * n && ok; i++)
    {
        ok = arb_overlaps(hK + i, hH + i) && mag_cmp_2exp_si(arb_radref(hH + i), -100) < 0
             && mag_cmp_2exp_si(arb_radref(hK + i), -100) < 0;
        if (!ok)
        {
            printf("# h[%ld]: ", (long) i);
            arb_printd(hK + i, 20); printf(" vs "); arb_printd(hH + i, 20); printf("\n");
        }
    }
    tap_ok(ok, "%s: h^(1), h^(2) balls overlap (kinetic file vs metric file)", casefile);

    _arb_vec_clear(vD, n); _arb_vec_clear(hK, 2 * n); _arb_vec_clear(hH, 2 * n);
    _arb_vec_clear(q0, n); _arb_vec_clear(v, n);
    jet_vec_clear(q, n, ctx);
    jet_clear(VK, ctx); jet_clear(VH, ctx);
    jet_mat_clear(GK, ctx); jet_mat_clear(GH, ctx);
    jet_mat_clear(AK, ctx); jet_mat_clear(AH, ctx);
    jet_mat_clear(muK, ctx); jet_mat_clear(muH, ctx);
    jet_ctx_clear(ctx);
    nh_model_free(K);
    nh_model_free(H);
}

/* got encloses a value also in want (computed by hand with arb), and is
   tight */
static int
near(arb_srcptr got, const arb_t want)
{
    return arb_overlaps(got, want) && mag_cmp_2exp_si(arb_radref(got), -120) < 0
           && mag_cmp_2exp_si(arb_radref(want), -120) < 0;
}

static nh_model_ptr
parse_ok(const char *text, const char *what)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_error_init(err);
    if (nh_model_parse(&M, text, what, err) != NH_OK)
        tap_bail("%s: %s", what, err->msg);
    return M;
}

/* Double pendulum: T = m1/2 l1^2 th1'^2 + m2/2 |d(l1 sin th1 + l2 sin th2,
   -l1 cos th1 - l2 cos th2)|^2; by hand G = [[(m1+m2) l1^2, m2 l1 l2
   cos(th1-th2)], [., m2 l2^2]]. */
static void
hessian_check(void)
{
    nh_model_ptr M = parse_ok(
        "model dp\ncoordinates th1, th2\n"
        "parameter m1 = 3/2\nparameter m2 = 2/3\nparameter l1 = 5/4\nparameter l2 = 1/3\n"
        "let X2 = l1*sin(th1) + l2*sin(th2)\n"
        "let Y2 = -l1*cos(th1) - l2*cos(th2)\n"
        "kinetic: m1/2*(l1*dth1)^2 + m2/2*(d(X2)^2 + d(Y2)^2)\n"
        "constraint: dth1 - 2*dth2\n", "<dp>");
    jet_ctx_t ctx;
    arb_ptr q, q0 = _arb_vec_init(2);
    jet_mat_t G;
    arb_t w, c;
    nh_error_t err;
    int r;

    nh_error_init(err);
    jet_ctx_init(ctx, 2, 1);
    q = point_jets(2, ctx, q0);
    jet_mat_init(G, 2, 2, ctx);
    arb_init(w); arb_init(c);
    r = nh_model_eval_metric(G, M, q, 1, ctx, PREC, err);
    arb_set_si(w, 13 * 25);                   /* (m1+m2) l1^2 = (13/6)(25/16) */
    arb_div_si(w, w, 6 * 16, PREC);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(G, 0, 0, ctx), w), "Hessian of T: G11 = (m1+m2) l1^2");
    arb_sub(c, q0 + 0, q0 + 1, PREC);
    arb_cos(w, c, PREC);
    arb_mul_si(w, w, 2 * 5, PREC);            /* m2 l1 l2 = (2/3)(5/4)(1/3) = 10/36 */
    arb_div_si(w, w, 36, PREC);
    tap_ok(near(JET_MAT_ENTRY(G, 0, 1, ctx), w) && near(JET_MAT_ENTRY(G, 1, 0, ctx), w),
           "Hessian of T: G12 = G21 = m2 l1 l2 cos(th1 - th2)");
    arb_sin(w, c, PREC);
    arb_mul_si(w, w, -10, PREC);
    arb_div_si(w, w, 36, PREC);
    tap_ok(near(JET_MAT_ENTRY(G, 0, 1, ctx) + jet_ctx_var_index(ctx, 0), w),
           "Hessian of T: dG12/dth1 = -m2 l1 l2 sin(th1 - th2)");
    arb_set_si(w, 2);                          /* m2 l2^2 = 2/27 */
    arb_div_si(w, w, 27, PREC);
    tap_ok(near(JET_MAT_ENTRY(G, 1, 1, ctx), w) && arb_is_zero(JET_MAT_ENTRY(G, 1, 1, ctx) + 1),
           "Hessian of T: G22 = m2 l2^2, constant");
    arb_clear(w); arb_clear(c);
    jet_mat_clear(G, ctx);
    jet_vec_clear(q, 2, ctx);
    _arb_vec_clear(q0, 2);
    jet_ctx_clear(ctx);
    nh_model_free(M);
}

/* d(x + a cos(th)) = dx - a sin(th) dth; d(x - c t^2) has dt coefficient
   -2 c t; a Lagrangian with a gyroscopic term. */
static void
d_and_lagrangian_check(void)
{
    nh_model_ptr M = parse_ok(
        "model dd\ncoordinates x, y, th\nparameter a = 3/7\nparameter c = 5\n"
        "metric diagonal: 1, 1, 1\n"
        "constraint: d(x + a*cos(th))\n"
        "constraint: d(y - c*t^2)\n", "<dd>");
    nh_model_ptr L = parse_ok(
        "model ll\ncoordinates x, y, z\nparameter w = 2/3\nparameter k = 5\n"
        "let r2 = x^2 + y^2\n"
        "lagrangian: 1/2*(dx^2 + dy^2 + (1 + r2)*dz^2) + w*(x*dy - y*dx) - k/2*r2\n"
        "constraint: dz - x*dy\n", "<ll>");
    jet_ctx_t ctx;
    arb_ptr q, q0 = _arb_vec_init(4), V;
    jet_mat_t A, b, G, De;
    arb_t w;
    nh_error_t err;
    int r;

    nh_error_init(err);
    jet_ctx_init(ctx, 4, 1);
    q = point_jets(4, ctx, q0);               /* x, y, th|z, t */
    jet_mat_init(A, 2, 3, ctx);
    jet_mat_init(b, 2, 1, ctx);
    jet_mat_init(G, 3, 3, ctx);
    jet_mat_init(De, 3, 1, ctx);
    V = jet_init(ctx);
    arb_init(w);
    r = nh_model_eval_constraints(A, M, q, 1, ctx, PREC, err);
    arb_sin(w, q0 + 2, PREC);
    arb_mul_si(w, w, -3, PREC);
    arb_div_si(w, w, 7, PREC);
    tap_ok(r == NH_OK && arb_is_one(JET_MAT_ENTRY(A, 0, 0, ctx)) && arb_is_zero(JET_MAT_ENTRY(A, 0, 1, ctx))
           && near(JET_MAT_ENTRY(A, 0, 2, ctx), w), "d(x + a cos th) = dx - a sin(th) dth");
    r = nh_model_eval_constraints_dt(b, M, q, 1, ctx, PREC, err);
    arb_mul_si(w, q0 + 3, -10, PREC);
    tap_ok(r == NH_OK && near(JET_MAT_ENTRY(b, 1, 0, ctx), w) && nh_model_has_time(M),
           "d(y - c t^2): dt coefficient -2 c t");

    r = nh_model_eval_metric(G, L, q, 1, ctx, PREC, err);
    arb_sqr(w, q0 + 0, PREC);
    arb_addmul(w, q0 + 1, q0 + 1, PREC);
    arb_add_ui(w, w, 1, PREC);
    tap_ok(r == NH_OK && arb_is_one(JET_MAT_ENTRY(G, 0, 0, ctx)) && near(JET_MAT_ENTRY(G, 2, 2, ctx), w)
           && arb_is_zero(JET_MAT_ENTRY(G, 0, 1, ctx)), "lagrangian: G = diag(1, 1, 1 + r^2)");
    r = nh_model_eval_oneform(De, L, q, 1, ctx, PREC, err);
    arb_mul_si(w, q0 + 1, -2, PREC);
    arb_div_si(w, w, 3, PREC);
    tap_ok(r == NH_OK && nh_model_has_oneform(L) && near(JET_MAT_ENTRY(De, 0, 0, ctx), w),
           "lagrangian: Delta_x = -w y");
    r = nh_model_eval_potential(V, L, q, 1, ctx, PREC, err);
    arb_mul_si(w, q0 + 0, 5, PREC);
    tap_ok(r == NH_OK && near(V + jet_ctx_var_index(ctx, 0), w), "lagrangian: dV/dx = k x");
    arb_clear(w);
    jet_clear(V, ctx);
    jet_mat_clear(A, ctx); jet_mat_clear(b, ctx); jet_mat_clear(G, ctx); jet_mat_clear(De, ctx);
    jet_vec_clear(q, 4, ctx);
    _arb_vec_clear(q0, 4);
    jet_ctx_clear(ctx);
    nh_model_free(M);
    nh_model_free(L);
}

static int
param_is(const nh_model_struct *M, slong k, slong p, slong qd)
{
    fmpq_t v, w;
    int ok;
    fmpq_init(v); fmpq_init(w);
    nh_model_param_value(v, M, k);
    fmpq_set_si(w, p, qd);
    ok = fmpq_equal(v, w);
    fmpq_clear(v); fmpq_clear(w);
    return ok;
}

/* a = 2, b = a^2 + 1/3, c = b*a.  By hand: a = 3 -> b = 28/3, c = 28;
   then b := 1 directly and a = 5 -> b = 1 (kept), c = 5. */
static void
derived_check(void)
{
    nh_model_ptr M = parse_ok(
        "model dp\ncoordinates x, y\nparameter a = 2\nparameter b = a^2 + 1/3\n"
        "parameter c = b*a\nparameter e = 7\n"
        "metric diagonal: a, c\nconstraint: dx - b*dy\n", "<derived>");
    nh_error_t err;
    fmpq_t x;
    int r;

    nh_error_init(err);
    fmpq_init(x);
    tap_ok(!nh_model_param_is_derived(M, 0) && nh_model_param_is_derived(M, 1)
           && nh_model_param_is_derived(M, 2) && !nh_model_param_is_derived(M, 3), "derived flags");
    fmpq_set_si(x, 3, 1);
    r = nh_model_set_param(M, "a", x, err);
    tap_ok(r == NH_OK && param_is(M, 1, 28, 3) && param_is(M, 2, 28, 1) && param_is(M, 3, 7, 1),
           "--param a=3 re-evaluates b = 28/3, c = 28");
    fmpq_set_si(x, 1, 1);
    r = nh_model_set_param(M, "b", x, err);
    fmpq_set_si(x, 5, 1);
    r = r || nh_model_set_param(M, "a", x, err);
    tap_ok(r == NH_OK && param_is(M, 1, 1, 1) && param_is(M, 2, 5, 1),
           "b set directly stays 1; c = b*a = 5 follows a = 5");
    nh_model_free(M);
    M = parse_ok("model dz\ncoordinates x, y\nparameter a = 2\nparameter b = 1/(a - 2 + 1)\n"
                 "metric diagonal: 1, 1\nconstraint: dx\n", "<dz>");
    fmpq_set_si(x, 1, 1);
    r = nh_model_set_param(M, "a", x, err);
    tap_ok(r == NH_ERR_USAGE && strstr(err->msg, "<dz>:4:") && strstr(err->msg, "'b'"),
           "re-evaluation error names b and its position: %s", err->msg);
    fmpq_clear(x);
    nh_model_free(M);
}

/* issue 16 (c): a 'kinetic:' term that is 0 only at the file's value
   b = 0 is refused when --param b=1 makes it nonzero; in 'lagrangian:'
   the same terms are kept: after b = 3 the one-form Delta = (3, 0) and
   V = -b^2 = -9 are present, by hand. */
static void
dropped_check(void)
{
    const char *kt = "model kd\ncoordinates x, y\nparameter b = 0\n"
                     "kinetic: dx^2/2 + dy^2/2 + b*dx + b^2\nconstraint: dx - dy\n";
    const char *lt = "model ld\ncoordinates x, y\nparameter b = 0\n"
                     "lagrangian: dx^2/2 + dy^2/2 + b*dx + b^2\nconstraint: dx - dy\n";
    nh_model_ptr M = parse_ok(kt, "<kd>");
    nh_error_t err;
    fmpq_t x;
    int r;
    jet_ctx_t ctx;
    jet_mat_t D;
    arb_ptr q, V;

    nh_error_init(err);
    fmpq_init(x);
    fmpq_set_si(x, 0, 1);
    r = nh_model_set_param(M, "b", x, err);
    tap_ok(r == NH_OK, "kinetic: --param b=0 keeps the dropped terms 0");
    fmpq_set_si(x, 1, 1);
    r = nh_model_set_param(M, "b", x, err);
    tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "<kd>:4:") && strstr(err->msg, "degree")
           && strstr(err->msg, "'b'"), "kinetic: --param b=1 makes a dropped term nonzero: %s",
           err->msg);
    nh_model_free(M);

    M = parse_ok(lt, "<ld>");
    tap_ok(!nh_model_has_oneform(M) && nh_model_potential_is_zero(M) && nh_model_is_linear_autonomous(M),
           "lagrangian at b = 0: no one-form, V = 0");
    fmpq_set_si(x, 3, 1);
    r = nh_model_set_param(M, "b", x, err);
    jet_ctx_init(ctx, 2, 0);
    jet_mat_init(D, 2, 1, ctx);
    q = _arb_vec_init(2);
    V = _arb_vec_init(1);
    arb_set_si(q + 0, 2);
    arb_set_si(q + 1, 5);
    r = r || nh_model_eval_oneform(D, M, q, 0, ctx, PREC, err)
          || nh_model_eval_potential(V, M, q, 0, ctx, PREC, err);
    tap_ok(r == NH_OK && nh_model_has_oneform(M) && !nh_model_is_linear_autonomous(M)
           && arb_equal_si(JET_MAT_ENTRY(D, 0, 0, ctx), 3) && arb_is_zero(JET_MAT_ENTRY(D, 1, 0, ctx))
           && arb_equal_si(V, -9), "lagrangian after --param b=3: Delta = (3, 0), V = -9");
    _arb_vec_clear(q, 2);
    _arb_vec_clear(V, 1);
    jet_mat_clear(D, ctx);
    jet_ctx_clear(ctx);
    fmpq_clear(x);
    nh_model_free(M);
}

static const char *head = "model bad\ncoordinates x, y, z\nparameter a = 1\n";

static void
bad(const char *body, const char *where, const char *what)
{
    char text[1024];
    nh_model_ptr M = NULL;
    nh_error_t err;
    int r;
    nh_error_init(err);
    snprintf(text, sizeof text, "%s%s", head, body);
    r = nh_model_parse(&M, text, "b.nh", err);
    tap_ok(r == NH_ERR_PARSE && M == NULL && strncmp(err->msg, where, strlen(where)) == 0
           && strstr(err->msg, what) != NULL, "%s -> %s", what, err->msg);
    nh_model_free(M);
}

int
main(void)
{
    tap_plan(3 * 4 + 4 + 5 + 4 + 4 + 14);
    two_routes(sleigh_k, "chaplygin_sleigh.nh");
    two_routes(disk_k, "vertical_disk.nh");
    two_routes(incl_l, "inclined_sleigh.nh");
    hessian_check();
    d_and_lagrangian_check();
    derived_check();
    dropped_check();

    bad("kinetic: 1/2*dx^2 + a*y*dy + dz^2\nconstraint: dx\n", "b.nh:4:22:", "degree 1 (in dy");
    bad("kinetic: dx^2 + dy^2 + dz^2 + x\nconstraint: dx\n", "b.nh:4:31:", "degree 0");
    bad("kinetic: dx^2*dy + dz^2\nconstraint: dx\n", "b.nh:4:14:", "degree 3");
    bad("kinetic: dx^3\nconstraint: dx\n", "b.nh:4:12:", "^1 or ^2");
    bad("kinetic: sin(dx)\nconstraint: dx\n", "b.nh:4:10:", "function argument");
    bad("let u = u + x\n", "b.nh:4:9:", "own definition");
    bad("let u = v + x\nlet v = y\n", "b.nh:4:9:", "unknown name 'v'");
    bad("let x = y\n", "b.nh:4:5:", "shadow the coordinate 'x'");
    bad("metric diagonal: 1, 1, 1\nconstraint: d(x*dy)\n", "b.nh:5:13:", "d(...)");
    bad("let u = dx\nmetric diagonal: u, 1, 1\n", "b.nh:5:18:", "form in the differentials");
    bad("metric diagonal: d(x), 1, 1\n", "b.nh:4:18:", "found d(...)");
    bad("kinetic: dx^2 + dy^2 + dz^2\nmetric diagonal: 1, 1, 1\n", "b.nh:5:1:", "'metric'");
    bad("lagrangian: dx^2 + dy^2 + dz^2\npotential: x\n", "b.nh:5:1:", "potential");
    bad("kinetic: dx^2/dy\nconstraint: dx\n", "b.nh:4:14:", "divisor");
    return tap_done();
}
