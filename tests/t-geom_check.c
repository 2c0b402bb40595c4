/*
 * t-geom_check.c -- certified checks (nh_check_spd,
 * nh_check_full_row_rank) and degenerate models: nh_geom_compute must
 * return NH_ERR_MODEL with a message naming the quantity and the point.
 * Every expected verdict below is decided by hand (small exact matrices).
 */
#include <stdlib.h>
#include <string.h>
#include "geom.h"
#include "tap.h"

#define PREC 128

static void
set_mat(arb_mat_t M, const slong *v)
{
    slong i, j;
    for (i = 0; i < arb_mat_nrows(M); i++)
        for (j = 0; j < arb_mat_ncols(M); j++)
            arb_set_si(arb_mat_entry(M, i, j), v[i * arb_mat_ncols(M) + j]);
}

static void
test_check_functions(void)
{
    arb_mat_t M2, A23;
    nh_error_t err;
    int r;
    /* [[2,1],[1,2]]: eigenvalues 1, 3 -> SPD */
    static const slong spd[] = {2, 1, 1, 2};
    /* [[1,2],[2,1]]: det -3 -> indefinite */
    static const slong indef[] = {1, 2, 2, 1};
    /* [[1,1],[1,1]]: det 0 -> singular, not PD */
    static const slong sing[] = {1, 1, 1, 1};
    /* [[2,1],[0,2]]: not symmetric */
    static const slong nonsym[] = {2, 1, 0, 2};
    /* rows (1,0,0), (0,1,1): rank 2 */
    static const slong rk2[] = {1, 0, 0, 0, 1, 1};
    /* rows (1,2,3), (2,4,6): rank 1 */
    static const slong rk1[] = {1, 2, 3, 2, 4, 6};

    nh_error_init(err);
    arb_mat_init(M2, 2, 2);
    arb_mat_init(A23, 2, 3);

    set_mat(M2, spd);
    tap_ok(nh_check_spd(M2, "metric G", err, PREC) == NH_OK, "check_spd: [[2,1],[1,2]] is SPD");
    set_mat(M2, indef);
    r = nh_check_spd(M2, "metric G", err, PREC);
    tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "metric G is not positive definite") != NULL,
           "check_spd: [[1,2],[2,1]] indefinite (%s)", err->msg);
    set_mat(M2, sing);
    r = nh_check_spd(M2, "metric G", err, PREC);
    tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "not positive definite") != NULL,
           "check_spd: [[1,1],[1,1]] singular (%s)", err->msg);
    set_mat(M2, nonsym);
    r = nh_check_spd(M2, "metric G", err, PREC);
    tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "not symmetric") != NULL,
           "check_spd: [[2,1],[0,2]] not symmetric (%s)", err->msg);
    /* [[1, 0 +- 2], [0 +- 2, 1]]: contains indefinite matrices -> not certified */
    set_mat(M2, spd);
    arb_one(arb_mat_entry(M2, 0, 0));
    arb_one(arb_mat_entry(M2, 1, 1));
    arb_zero(arb_mat_entry(M2, 0, 1));
    mag_set_ui(arb_radref(arb_mat_entry(M2, 0, 1)), 2);
    arb_set(arb_mat_entry(M2, 1, 0), arb_mat_entry(M2, 0, 1));
    r = nh_check_spd(M2, "friction mu_bar", err, PREC);
    tap_ok(r == NH_ERR_DOMAIN && strstr(err->msg, "not certified positive definite") != NULL,
           "check_spd: wide ball [[1, 0+-2],[0+-2, 1]] undecided: NH_ERR_DOMAIN (%s)", err->msg);
    /* [[1, 2 +- 1/2], [2 +- 1/2, 1]]: every member has det 1 - x^2 <= 1 - 1.5^2 < 0 */
    arb_set_si(arb_mat_entry(M2, 0, 1), 2);
    mag_set_d(arb_radref(arb_mat_entry(M2, 0, 1)), 0.5);
    arb_set(arb_mat_entry(M2, 1, 0), arb_mat_entry(M2, 0, 1));
    r = nh_check_spd(M2, "friction mu_bar", err, PREC);
    tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "is not positive definite") != NULL,
           "check_spd: ball [[1, 2+-1/2],[2+-1/2, 1]] certainly indefinite: NH_ERR_MODEL (%s)", err->msg);
    /* exact [[3, 1], [1, x]] with x = (2^400 + 2) / (3 2^400), a dyadic
       rational: det = 3x - 1 = 2 / 2^400 > 0, so PD; but the Cholesky
       pivot x - 1/3 = 2^-399 / 3 is lost in the rounding of 1/sqrt(3) at
       128 bits -> undecided (NH_ERR_DOMAIN), certified at 512 bits */
    {
        fmpz_t t;
        fmpz_init(t);
        fmpz_one(t);
        fmpz_mul_2exp(t, t, 400);
        fmpz_add_ui(t, t, 2);
        fmpz_divexact_ui(t, t, 3);
        arb_set_si(arb_mat_entry(M2, 0, 0), 3);
        arb_one(arb_mat_entry(M2, 0, 1));
        arb_one(arb_mat_entry(M2, 1, 0));
        arb_set_fmpz(arb_mat_entry(M2, 1, 1), t);
        arb_mul_2exp_si(arb_mat_entry(M2, 1, 1), arb_mat_entry(M2, 1, 1), -400);
        r = nh_check_spd(M2, "metric G", err, PREC);
        tap_ok(r == NH_ERR_DOMAIN && strstr(err->msg, "not certified positive definite") != NULL,
               "check_spd: exact [[3,1],[1,(2^400+2)/(3 2^400)]] at 128 bits: NH_ERR_DOMAIN (%s)",
               err->msg);
        tap_ok(nh_check_spd(M2, "metric G", err, 512) == NH_OK,
               "check_spd: the same at 512 bits: certified SPD");
        /* x' = x - 1/2^400 = (2^400 - 1) / (3 2^400): det = -1/2^400 < 0,
           decided exactly at any precision */
        fmpz_sub_ui(t, t, 1);
        arb_set_fmpz(arb_mat_entry(M2, 1, 1), t);
        arb_mul_2exp_si(arb_mat_entry(M2, 1, 1), arb_mat_entry(M2, 1, 1), -400);
        r = nh_check_spd(M2, "metric G", err, PREC);
        tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "metric G is not positive definite") != NULL,
               "check_spd: exact [[3,1],[1,(2^400-1)/(3 2^400)]] (det -2^-400): NH_ERR_MODEL (%s)",
               err->msg);
        fmpz_clear(t);
    }
    arb_zero(arb_mat_entry(M2, 0, 1));
    /* [[1, 0 +- 1/4], [0 +- 1/4, 1]]: every member SPD (diagonally dominant) */
    mag_set_d(arb_radref(arb_mat_entry(M2, 0, 1)), 0.25);
    arb_set(arb_mat_entry(M2, 1, 0), arb_mat_entry(M2, 0, 1));
    tap_ok(nh_check_spd(M2, "friction mu_bar", err, PREC) == NH_OK,
           "check_spd: ball [[1, 0+-1/4],[0+-1/4, 1]] certified SPD");

    set_mat(A23, rk1);
    /* rows (1,2,3), (2,4,6) + 2^-200 e_3 on the second: rank 2 exactly, but
       the Gram determinant ~2^-400 * 5 is lost at 128 bits -> undecided */
    arb_set_si(arb_mat_entry(A23, 1, 2), 1);
    arb_mul_2exp_si(arb_mat_entry(A23, 1, 2), arb_mat_entry(A23, 1, 2), -200);
    arb_add_ui(arb_mat_entry(A23, 1, 2), arb_mat_entry(A23, 1, 2), 6, 300);
    r = nh_check_full_row_rank(A23, "constraints A", err, PREC);
    tap_ok(r == NH_ERR_DOMAIN, "check_full_row_rank: exact rank 2 but near rank 1 at 128 bits: "
           "NH_ERR_DOMAIN (%s)", err->msg);
    tap_ok(nh_check_full_row_rank(A23, "constraints A", err, 1024) == NH_OK,
           "check_full_row_rank: the same at 1024 bits: certified rank 2");
    set_mat(A23, rk2);
    tap_ok(nh_check_full_row_rank(A23, "constraints A", err, PREC) == NH_OK,
           "check_full_row_rank: rows (1,0,0),(0,1,1) rank 2");
    set_mat(A23, rk1);
    r = nh_check_full_row_rank(A23, "constraints A", err, PREC);
    tap_ok(r == NH_ERR_MODEL && strstr(err->msg, "constraints A have rank < m") != NULL,
           "check_full_row_rank: rows (1,2,3),(2,4,6) rank 1 (%s)", err->msg);

    arb_mat_clear(M2);
    arb_mat_clear(A23);
}

/* Parse text, compute at the point spec; expect error code `code` and
   every string of want[] (NULL-terminated) in the message. */
static void
expect_error(int code, const char *label, const char *text, const char *point, const char **want)
{
    nh_model_ptr M;
    nh_error_t err;
    jet_ctx_t ctx;
    nh_geom_t g;
    arb_ptr q0;
    slong n;
    int r, ok, i;

    nh_error_init(err);
    if (nh_model_parse(&M, text, label, err) != NH_OK)
    {
        tap_ok(0, "%s: parse failed: %s", label, err->msg);
        return;
    }
    n = nh_model_n(M);
    q0 = _arb_vec_init(n);
    if (nh_model_parse_point(q0, M, point, "--q", PREC, err) != NH_OK)
        tap_bail("%s: bad point %s: %s", label, point, err->msg);
    jet_ctx_init(ctx, n, 2);
    nh_geom_init(g, M, ctx);
    r = nh_geom_compute(g, M, q0, 2, ctx, PREC, err);
    ok = (r == code);
    for (i = 0; want[i] != NULL; i++)
        ok = ok && strstr(err->msg, want[i]) != NULL;
    tap_ok(ok, "%s: error %d naming the quantity and point (code %d: %s)", label, code, r, err->msg);
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    _arb_vec_clear(q0, n);
    nh_model_free(M);
}

#define expect_model_error(label, text, point, want) expect_error(NH_ERR_MODEL, label, text, point, want)

static void
test_degenerate(void)
{
    {
        /* G = diag(1, 0): singular */
        const char *w[] = {"metric G is not positive definite", "at q = (x=0.5, y=-1)", NULL};
        expect_model_error("singular metric",
            "model singular_metric\ncoordinates x, y\nmetric diagonal: 1, 0\nconstraint: dy\n",
            "x=0.5,y=-1", w);
    }
    {
        /* G = diag(1, -1): indefinite */
        const char *w[] = {"metric G is not positive definite", "x=0.5", NULL};
        expect_model_error("indefinite metric",
            "model indefinite_metric\ncoordinates x, y\nmetric diagonal: 1, -1\nconstraint: dy\n",
            "x=0.5,y=-1", w);
    }
    {
        /* G = [[1, 1], [0, 1]]: not symmetric */
        const char *w[] = {"metric G is not symmetric", "at q = (", NULL};
        expect_model_error("non-symmetric metric",
            "model nonsym_metric\ncoordinates x, y\nmetric: 1, 1\nmetric: 0, 1\nconstraint: dy\n",
            "x=0.5,y=-1", w);
    }
    {
        /* G = diag(1, 1 + x) at x = -3: indefinite only at this point */
        const char *w[] = {"metric G is not positive definite", "x=-3", NULL};
        expect_model_error("metric indefinite at the point",
            "model pointwise_metric\ncoordinates x, y\nmetric diagonal: 1, 1 + x\nconstraint: dy\n",
            "x=-3,y=0", w);
    }
    {
        /* polar coordinates G = diag(1, r^2) at r = 0: coordinate singularity */
        const char *w[] = {"metric G is not positive definite", "r=0", NULL};
        expect_model_error("polar origin",
            "model polar\ncoordinates r, t\nmetric diagonal: 1, r^2\nconstraint: dr\n",
            "r=0,t=1", w);
    }
    {
        /* sin(t)^2 at t = pi (rounded): a ball containing 0 that never
           decides: NH_ERR_DOMAIN (retried by the driver), not MODEL */
        const char *w[] = {"metric G is not certified positive definite", NULL};
        expect_error(NH_ERR_DOMAIN, "spherical pole (ball containing 0)",
            "model sphere\ncoordinates s, t\nmetric diagonal: sin(t)^2, 1\nconstraint: dt\n",
            "s=0,t=3.14159265358979323846264338327950288419716939937510582097494459", w);
    }
    {
        /* a^1 = dx + dy, a^2 = 2 dx + 2 dy: rank 1 everywhere */
        const char *w[] = {"constraints A have rank < m", "at q = (", NULL};
        expect_model_error("rank-deficient constraints",
            "model rank1\ncoordinates x, y, z\nmetric diagonal: 1, 1, 1\n"
            "constraint: dx + dy\nconstraint: 2*dx + 2*dy\n",
            "x=1,y=2,z=3", w);
    }
    {
        /* a^1 = dx + y dz, a^2 = dx + dz: rank 1 exactly at y = 1 */
        const char *w[] = {"constraints A have rank < m", "y=1", NULL};
        expect_model_error("constraints losing rank at a point",
            "model rank_at_point\ncoordinates x, y, z\nmetric diagonal: 1, 1, 1\n"
            "constraint: dx + y*dz\nconstraint: dx + dz\n",
            "x=0,y=1,z=0", w);
    }
    {
        /* mu_bar = [[1, 2], [2, 1]]: indefinite */
        const char *w[] = {"friction mu_bar is not positive definite", "FR not positive on D_perp", "at q = (", NULL};
        expect_model_error("indefinite friction",
            "model bad_friction\ncoordinates x, y, z\nmetric diagonal: 1, 1, 1\n"
            "constraint: dx\nconstraint: dy\nfriction: 1, 2\nfriction: 2, 1\n",
            "x=0,y=0,z=0", w);
    }
    {
        /* mu_bar = -1 */
        const char *w[] = {"friction mu_bar is not positive definite", NULL};
        expect_model_error("negative friction",
            "model neg_friction\ncoordinates x, y\nmetric diagonal: 1, 1\n"
            "constraint: dx\nfriction: -1\n",
            "x=0,y=0", w);
    }
    {
        /* mu_bar = x at x = 0: zero friction at the point */
        const char *w[] = {"friction mu_bar is not positive definite", "x=0", NULL};
        expect_model_error("vanishing friction",
            "model zero_friction\ncoordinates x, y\nmetric diagonal: 1, 1\n"
            "constraint: dx\nfriction: x\n",
            "x=0,y=0", w);
    }
    {
        /* metric entry 1/x at x = 0: evaluation error from the model,
           which names the metric entry */
        const char *w[] = {"metric", NULL};
        expect_model_error("coordinate singularity in the metric",
            "model pole\ncoordinates x, y\nmetric diagonal: 1, 1/x\nconstraint: dy\n",
            "x=0,y=1", w);
    }
    {
        /* the radial constraint form (x dx + y dy)/sqrt(x^2+y^2) of
           cases/pendulum_radial_friction.nh at the origin */
        const char *w[] = {"constraint", NULL};
        expect_model_error("coordinate singularity in the constraints",
            "model radial\ncoordinates x, y\nmetric diagonal: 1, 1\n"
            "constraint: (x*dx + y*dy) / sqrt(x^2 + y^2)\n",
            "x=0,y=0", w);
    }
}

/* ord = 0 and usage errors */
static void
test_orders(void)
{
    nh_model_ptr M;
    nh_error_t err;
    jet_ctx_t ctx;
    nh_geom_t g;
    arb_ptr q0, X, v;
    arb_mat_t R;
    int r;
    const char *text = "model flat\ncoordinates x, y, z\nmetric diagonal: 1, 2, 4\n"
                       "constraint: dx - dz\n";

    nh_error_init(err);
    if (nh_model_parse(&M, text, "flat", err) != NH_OK)
        tap_bail("parse: %s", err->msg);
    q0 = _arb_vec_init(3);
    X = _arb_vec_init(3);
    v = _arb_vec_init(3);
    arb_mat_init(R, 3, 3);
    jet_ctx_init(ctx, 3, 2);
    nh_geom_init(g, M, ctx);

    r = nh_geom_compute(g, M, q0, 3, ctx, PREC, err);
    tap_ok(r == NH_ERR_USAGE, "ord > ctx->order gives NH_ERR_USAGE (%s)", err->msg);

    r = nh_geom_compute(g, M, q0, 0, ctx, PREC, err);
    /* a = (1, 0, -1), G^-1 a = (1, 0, -1/4), a G^-1 a = 5/4:
       P_perp[0][0] = 1 * 1 / (5/4) = 4/5, P[0][0] = 1/5,
       P_perp[2][0] = (-1/4) * 1 / (5/4) = -1/5 */
    {
        arb_t w;
        int ok;
        arb_init(w);
        arb_set_si(w, 1);
        arb_div_si(w, w, 5, PREC);
        ok = (r == NH_OK) && arb_overlaps(jet_const(JET_MAT_ENTRY(g->P, 0, 0, ctx)), w);
        arb_neg(w, w);
        ok = ok && arb_overlaps(jet_const(JET_MAT_ENTRY(g->Pperp, 2, 0, ctx)), w);
        tap_ok(ok, "ord 0: P[0][0] = 1/5, P_perp[2][0] = -1/5");
        arb_clear(w);
    }
    tap_ok(!arb_is_finite(jet_const(NH_GAMMA(g, 0, 0, 0, ctx))), "ord 0: Gamma indeterminate");
    arb_one(X);
    nh_geom_cov_tensor(R, g, g->P, X, ctx, PREC);
    tap_ok(!arb_is_finite(arb_mat_entry(R, 0, 0)), "ord 0: cov_tensor indeterminate");
    nh_geom_cov_vector(v, g, g->gradV->entries, X, ctx, PREC);
    tap_ok(!arb_is_finite(v), "ord 0: cov_vector indeterminate");

    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    _arb_vec_clear(q0, 3);
    _arb_vec_clear(X, 3);
    _arb_vec_clear(v, 3);
    arb_mat_clear(R);
    nh_model_free(M);
}

int
main(void)
{
    test_check_functions();
    test_degenerate();
    test_orders();
    flint_cleanup();
    return tap_done();
}
