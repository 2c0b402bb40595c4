/*
 * nh_series_agree and nh_series_probe (lib/series/series_agree.c), the
 * route comparison and precision probe of `nhoracle series`, against
 * values derived by hand.
 *
 * Vertical disk (paper 000 Sec 5; derivation in tests/t-series_closed.c,
 * redone here): G = diag(I, m, m, J), constraints s = A v with
 * a^1 = dx - R cos(theta) dvarphi, a^2 = dy - R sin(theta) dvarphi,
 * mu_bar = 1, V = 0.  On the slow manifold s = eps S^{-1} (dA/dt) vD +
 * O(eps^2), S = A G^{-1} A^T, h = G^{-1} A^T S^{-1} s; (dA/dt) vD =
 * R theta' varphi' (sin, -cos) is an eigenvector of S with eigenvalue
 * 1/m (S11 = 1/m + R^2 c^2/J, S12 = R^2 c s/J, S22 = 1/m + R^2 s^2/J),
 * so h^(1) = m R theta' varphi' (0, sin theta, -cos theta, 0) and
 * max_i |h^(1)_i| = |m R theta' varphi'| max(|sin theta|, |cos theta|).
 *
 * 1. Each route's h^(1) against the closed form (exact up to the
 *    rounding of sin, cos): agreement at 2^-(PREC-20), max_abs contains
 *    the closed-form maximum.
 * 2. The closed form moved by 2^-20 in one component: certified
 *    disagreement at that order only.
 * 3. A tightness demand beyond the working precision: contains 0 but
 *    not tight (UNCERTAIN), no disagreement reported.
 * 4. Exact zero blocks (the theta and varphi components of h^(1) are 0
 *    by the closed form): rel_rad is the absolute radius, 0.
 * 5. The probe: the bits h^(16) really loses (computed at order 16,
 *    nh_series_block_accuracy) lie between the loss measured at order 8
 *    and the probe's estimate plus 8 bits; and the probe's lost_half is
 *    the loss of h^(8) computed by a separate order-8 run.
 */
#include "tap.h"
#include "series_testutil.h"

#define PREC 192

typedef struct
{
    nh_model_ptr M;
    slong n, it, ix, iy, iph;
    arb_ptr q, vD;
}
disk_t;

static int
disk_setup(disk_t *D, const char *qs[4], const char *vs[4])
{
    arb_ptr v;
    slong i;
    nh_error_t err;
    int st;
    D->M = tu_load_case("vertical_disk.nh");
    if (D->M == NULL)
        return 0;
    D->n = nh_model_n(D->M);
    D->it = nh_model_coord_index(D->M, "theta");
    D->ix = nh_model_coord_index(D->M, "x");
    D->iy = nh_model_coord_index(D->M, "y");
    D->iph = nh_model_coord_index(D->M, "varphi");
    D->q = _arb_vec_init(D->n);
    D->vD = _arb_vec_init(D->n);
    v = _arb_vec_init(D->n);
    for (i = 0; i < 4; i++)
    {
        arb_set_str(D->q + i, qs[i], PREC);
        arb_set_str(v + i, vs[i], PREC);
    }
    nh_error_init(err);
    st = nh_project_D(D->vD, D->M, D->q, v, PREC, err);
    _arb_vec_clear(v, D->n);
    return st == NH_OK;
}

static void
disk_clear(disk_t *D)
{
    _arb_vec_clear(D->q, D->n);
    _arb_vec_clear(D->vD, D->n);
    nh_model_free(D->M);
}

/* ex (n balls) = the closed-form h^(1); hmax = its max |component|
   (m = 1, R = 1/2 in cases/vertical_disk.nh). */
static void
closed_h1(arb_ptr ex, arb_t hmax, const disk_t *D)
{
    arb_t s, c, w;
    arb_init(s); arb_init(c); arb_init(w);
    arb_sin_cos(s, c, D->q + D->it, PREC);
    arb_mul(w, D->vD + D->it, D->vD + D->iph, PREC);
    arb_mul_2exp_si(w, w, -1);                      /* m R theta' varphi' */
    _arb_vec_zero(ex, D->n);
    arb_mul(ex + D->ix, w, s, PREC);
    arb_mul(ex + D->iy, w, c, PREC);
    arb_neg(ex + D->iy, ex + D->iy);
    arb_abs(s, s);
    arb_abs(c, c);
    arb_max(s, s, c, PREC);
    arb_abs(w, w);
    arb_mul(hmax, w, s, PREC);
    arb_clear(s); arb_clear(c); arb_clear(w);
}

static void
agree_tests(disk_t *D)
{
    slong n = D->n, r;
    arb_ptr h = _arb_vec_init(n), ex = _arb_vec_init(n), z = _arb_vec_init(n);
    arb_t hmax;
    nh_series_agree_struct a[1];
    nh_error_t err;
    int st, dis;

    arb_init(hmax);
    nh_error_init(err);
    closed_h1(ex, hmax, D);
    for (r = 0; r < 2; r++)
    {
        const char *name = r == 0 ? "time" : "covariant";
        st = r == 0 ? nh_series_time(h, NULL, D->M, D->q, D->vD, 1, PREC, err)
                    : nh_series_covariant(h, NULL, D->M, D->q, D->vD, 1, PREC, err);
        nh_series_agree_init(a, 1);
        dis = st == NH_OK ? nh_series_agree(a, h, ex, 1, n, PREC - 20, PREC) : 1;
        tap_ok(st == NH_OK && dis == 0 && a->contains_zero && a->tight && a->ok,
               "%s route h^(1) agrees with m R theta' varphi' (0, sin, -cos, 0) to 2^-%d",
               name, PREC - 20);
        tap_ok(arb_overlaps(&a->max_abs, hmax) && arf_cmp_2exp_si(&a->rel_rad, -(PREC - 20)) <= 0,
               "%s route: max_abs overlaps |m R theta' varphi'| max(|sin|, |cos|), rel_rad small",
               name);
        nh_series_agree_clear(a, 1);
    }
    /* 2: certified disagreement */
    {
        nh_series_agree_struct b[2];
        arb_ptr x2 = _arb_vec_init(2 * n), y2 = _arb_vec_init(2 * n);
        _arb_vec_set(x2, h, n);
        _arb_vec_set(y2, ex, n);
        _arb_vec_set(x2 + n, h, n);
        _arb_vec_set(y2 + n, ex, n);
        arb_set_ui(hmax, 1);
        arb_mul_2exp_si(hmax, hmax, -20);
        arb_add(y2 + n + D->ix, y2 + n + D->ix, hmax, PREC);
        nh_series_agree_init(b, 2);
        dis = nh_series_agree(b, x2, y2, 2, n, PREC - 20, PREC);
        tap_ok(dis == 1 && b[0].ok && !b[1].contains_zero && !b[1].ok,
               "a component moved by 2^-20 at order 2: certified disagreement there only");
        nh_series_agree_clear(b, 2);
        _arb_vec_clear(x2, 2 * n);
        _arb_vec_clear(y2, 2 * n);
    }
    /* 3: demand beyond the working precision */
    nh_series_agree_init(a, 1);
    dis = nh_series_agree(a, h, ex, 1, n, 4 * PREC, PREC);
    tap_ok(dis == 0 && a->contains_zero && !a->tight && !a->ok,
           "need = 4 PREC bits: contains 0 but not tight (uncertain, not a disagreement)");
    nh_series_agree_clear(a, 1);
    /* 4: exact zero blocks */
    nh_series_agree_init(a, 1);
    dis = nh_series_agree(a, z, z, 1, n, PREC - 20, PREC);
    tap_ok(dis == 0 && a->ok && arf_is_zero(&a->rel_rad) && arb_is_zero(&a->max_abs),
           "exact zero blocks: rel_rad = absolute radius 0, agree");
    nh_series_agree_clear(a, 1);
    _arb_vec_clear(h, n); _arb_vec_clear(ex, n); _arb_vec_clear(z, n);
    arb_clear(hmax);
}

static void
probe_tests(disk_t *D)
{
    slong n = D->n, K = 16, wk;
    arb_ptr h = _arb_vec_init(K * n), h8 = _arb_vec_init(8 * n);
    nh_series_probe_struct p;
    nh_error_t err;
    double lost16, lost8;
    int st;

    nh_error_init(err);
    st = nh_series_probe(&p, D->M, D->q, D->vD, K, NH_ROUTE_TIME, PREC, err);
    if (st == NH_OK)
        st = nh_series_time(h, NULL, D->M, D->q, D->vD, K, PREC, err);
    if (st == NH_OK)
        st = nh_series_time(h8, NULL, D->M, D->q, D->vD, 8, PREC, err);
    lost16 = PREC - nh_series_block_accuracy(h + (K - 1) * n, 1, n, &wk);
    lost8 = PREC - nh_series_block_accuracy(h8 + 7 * n, 1, n, &wk);
    tap_diag("probe: lost at 8 %.1f (probe %.1f), estimate at 16 %.1f, real at 16 %.1f",
             lost8, p.lost_half, p.lost, lost16);
    tap_ok(st == NH_OK && p.Kp == 8 && p.lost_half == lost8,
           "probe lost_half = the loss of h^(8) from a separate order-8 run");
    tap_ok(st == NH_OK && lost8 > 0 && lost16 >= lost8 && lost16 <= p.lost + 8,
           "real loss of h^(16) between the loss at order 8 and the estimate + 8 bits");
    tap_ok(nh_series_probe(&p, D->M, D->q, D->vD, 1, NH_ROUTE_TIME, PREC, err) == NH_ERR_USAGE,
           "probe at K = 1: NH_ERR_USAGE");
    _arb_vec_clear(h, K * n);
    _arb_vec_clear(h8, 8 * n);
}

int
main(void)
{
    static const char *qs[3][4] = {
        {"0.3", "0.1", "0.2", "0.4"}, {"2.1", "-1", "0.5", "1"}, {"-0.7", "0", "0", "3"}};
    static const char *vs[3][4] = {
        {"0.7", "0.2", "-0.1", "1.1"}, {"-1.3", "0.5", "0.4", "0.9"}, {"0.25", "1", "2", "-2"}};
    int p;
    tap_plan(3 * 10);
    for (p = 0; p < 3; p++)
    {
        disk_t D;
        if (!disk_setup(&D, qs[p], vs[p]))
        {
            int j;
            for (j = 0; j < 10; j++)
                tap_ok(0, "disk point %d loads and projects", p);
            continue;
        }
        agree_tests(&D);
        probe_tests(&D);
        disk_clear(&D);
    }
    flint_cleanup();
    return tap_done();
}
