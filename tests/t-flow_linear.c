/*
 * t-flow_linear.c -- the Radau IIA integrator (nh_flow_full) against
 * independent truths:
 *  1. Radau IIA coefficients: the quadrature order conditions
 *     sum_j b_j c_j^(k-1) = 1/k for k = 1..2s-1 (order 2s-1 of the
 *     quadrature, Hairer-Wanner IV.5), the simplifying conditions
 *     C(s): sum_j a_ij c_j^(k-1) = c_i^k / k, and c_s = 1, checked with
 *     exact rational right-hand sides; and s = 2 against the printed
 *     tableau c = (1/3, 1), A = [[5/12, -1/12], [3/4, 1/4]].
 *  2. A LINEAR stiff system: constant metric G, quadratic potential
 *     V = 1/2 q^T K q, constant constraint a, constant mu_bar.  Then
 *     Gamma = 0, grad V = G^{-1} K q, FR_sharp = G^{-1} a^T mu a
 *     (paper 000 (38)), and the full system (39)-(40) is x' = L x with
 *         L = [[0, I], [-G^{-1} K, -(1/eps) G^{-1} a^T mu a]],
 *     x(T) = exp(T L) x0 computed by arb_mat_exp (certified).  Asserted:
 *     the adaptive solution at eps = 1e-4 (stiff ratio 1e4..1e5) has
 *     error < 1e-20, and the global error ESTIMATE is not optimistic by
 *     more than a factor 10 (true error <= 10 * estimate + 1e-30).
 *  3. Order of the method at fixed step (nh_flow_full_fixed) on the same
 *     system with eps = 1 (non-stiff): log2(e(N)/e(2N)) within 0.35 of
 *     2s - 1 for s = 2, 3.
 *  4. Several output times (0, repeated) at eps = 1/100 against
 *     exp(t L) x0, and the error returns (bad times, eps = 0, max_steps).
 */
#include <math.h>
#include <stdio.h>
#include "flow.h"
#include "ode.h"
#include "tap.h"

#define PREC 192

static const char *LIN_MODEL =
    "model linear_test\n"
    "coordinates x, y\n"
    "metric: 2, 1/2\n"
    "metric: 1/2, 1\n"
    "potential: x^2 + x*y + 3/2*y^2\n"
    "constraint: dx + 2*dy\n"
    "friction: 3/2\n";

/* exact data of the model: G, K (V = 1/2 q^T K q), a, mu */
static const double Gd[2][2] = { { 2, 0.5 }, { 0.5, 1 } };
static const double Kd[2][2] = { { 2, 1 }, { 1, 3 } };
static const double ad[2] = { 1, 2 };
static const double mud = 1.5;

/* x(T) = exp(T L) x0, L as in the header comment (all data exact
   binary fractions, so arb_set_d is exact). */
static void
exact_solution(arb_ptr q, arb_ptr v, const arb_t eps, const arb_t T,
               arb_srcptr q0, arb_srcptr v0, slong prec)
{
    arb_mat_t G, Gi, K, F, L, E, x0, x;
    slong i, j;
    arb_mat_init(G, 2, 2); arb_mat_init(Gi, 2, 2); arb_mat_init(K, 2, 2);
    arb_mat_init(F, 2, 2); arb_mat_init(L, 4, 4); arb_mat_init(E, 4, 4);
    arb_mat_init(x0, 4, 1); arb_mat_init(x, 4, 1);
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++)
        {
            arb_set_d(arb_mat_entry(G, i, j), Gd[i][j]);
            arb_set_d(arb_mat_entry(K, i, j), Kd[i][j]);
            arb_set_d(arb_mat_entry(F, i, j), ad[i] * ad[j] * mud);
            arb_div(arb_mat_entry(F, i, j), arb_mat_entry(F, i, j), eps, prec);
        }
    arb_mat_inv(Gi, G, prec);
    arb_mat_mul(K, Gi, K, prec);
    arb_mat_mul(F, Gi, F, prec);
    for (i = 0; i < 2; i++)
    {
        arb_one(arb_mat_entry(L, i, i + 2));
        for (j = 0; j < 2; j++)
        {
            arb_neg(arb_mat_entry(L, i + 2, j), arb_mat_entry(K, i, j));
            arb_neg(arb_mat_entry(L, i + 2, j + 2), arb_mat_entry(F, i, j));
        }
    }
    arb_mat_scalar_mul_arb(L, L, T, prec);
    arb_mat_exp(E, L, prec);
    for (i = 0; i < 2; i++)
    {
        arb_set(arb_mat_entry(x0, i, 0), q0 + i);
        arb_set(arb_mat_entry(x0, i + 2, 0), v0 + i);
    }
    arb_mat_mul(x, E, x0, prec);
    for (i = 0; i < 2; i++)
    {
        arb_set(q + i, arb_mat_entry(x, i, 0));
        arb_set(v + i, arb_mat_entry(x, i + 2, 0));
    }
    arb_mat_clear(G); arb_mat_clear(Gi); arb_mat_clear(K); arb_mat_clear(F);
    arb_mat_clear(L); arb_mat_clear(E); arb_mat_clear(x0); arb_mat_clear(x);
}

static double
maxdiff(arb_srcptr a, arb_srcptr b, slong n)
{
    slong i;
    double m = 0;
    arb_t t;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_sub(t, a + i, b + i, PREC);
        if (fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR)) > m)
            m = fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR));
    }
    arb_clear(t);
    return m;
}

static void
test_coeffs(void)
{
    slong s, i, j, k;
    for (s = 1; s <= 7; s++)
    {
        arb_ptr c = _arb_vec_init(s);
        arb_mat_t A;
        arb_t sum, t, r;
        int ok = 1;
        arb_mat_init(A, s, s);
        arb_init(sum); arb_init(t); arb_init(r);
        nh_ode_radau_coeffs(c, A, s, PREC);
        ok = ok && arb_is_one(c + s - 1);
        for (k = 1; k <= 2 * s - 1; k++)
        {
            arb_zero(sum);
            for (j = 0; j < s; j++)
            {
                arb_pow_ui(t, c + j, k - 1, PREC);
                arb_addmul(sum, arb_mat_entry(A, s - 1, j), t, PREC);
            }
            arb_set_ui(r, 1);
            arb_div_ui(r, r, k, PREC);
            arb_sub(t, sum, r, PREC);
            ok = ok && arb_contains_zero(t) && mag_cmp_2exp_si(arb_radref(t), -PREC + 30) < 0;
        }
        /* and the quadrature is NOT exact at degree 2s-1 (order exactly 2s-1) */
        arb_zero(sum);
        for (j = 0; j < s; j++)
        {
            arb_pow_ui(t, c + j, 2 * s - 1, PREC);
            arb_addmul(sum, arb_mat_entry(A, s - 1, j), t, PREC);
        }
        arb_set_ui(r, 1);
        arb_div_ui(r, r, 2 * s, PREC);
        arb_sub(t, sum, r, PREC);
        ok = ok && !arb_contains_zero(t);
        for (i = 0; i < s; i++)
            for (k = 1; k <= s; k++)
            {
                arb_zero(sum);
                for (j = 0; j < s; j++)
                {
                    arb_pow_ui(t, c + j, k - 1, PREC);
                    arb_addmul(sum, arb_mat_entry(A, i, j), t, PREC);
                }
                arb_pow_ui(r, c + i, k, PREC);
                arb_div_ui(r, r, k, PREC);
                arb_sub(t, sum, r, PREC);
                ok = ok && arb_contains_zero(t) && mag_cmp_2exp_si(arb_radref(t), -PREC + 40) < 0;
            }
        if (s == 2)
        {
            /* printed tableau (Hairer-Wanner Table IV.5.5) */
            static const slong num[4] = { 5, -1, 3, 1 }, den[4] = { 12, 12, 4, 4 };
            arb_set_ui(r, 1);
            arb_div_ui(r, r, 3, PREC);
            ok = ok && arb_overlaps(c + 0, r);
            for (i = 0; i < 4; i++)
            {
                arb_set_si(r, num[i]);
                arb_div_si(r, r, den[i], PREC);
                ok = ok && arb_overlaps(arb_mat_entry(A, i / 2, i % 2), r);
            }
        }
        tap_ok(ok, "Radau IIA s = %ld: c_s = 1, B(2s-1) exactly, C(s)", (long) s);
        arb_clear(sum); arb_clear(t); arb_clear(r);
        arb_mat_clear(A);
        _arb_vec_clear(c, s);
    }
}

/* the shared step-size and global-error helpers of ode_util.c, by hand:
   from t = 0 towards tk = 1, a proposed h = 1/2 is a plain step (hh =
   1/2); h = 0.995 lands (1 <= 1.01 * 0.995, hh = rem = 1); hmax = 1/4
   clamps h = 1/2 to 1/4; at t = tk the output time is reached.
   gerr: |(1, 2) - (3/2, 2)| = (1/2, 0), max 1/2. */
static void
test_util(void)
{
    arb_t hh, rem, tk, t;
    arb_ptr a = _arb_vec_init(2), b = _arb_vec_init(2), g = _arb_vec_init(2);
    nh_ode_stats_t sp;
    double h;
    int ok = 1, r;
    arb_init(hh); arb_init(rem); arb_init(tk); arb_init(t);
    arb_one(tk);
    h = 0.5;
    r = _nh_ode_next_step(hh, rem, tk, t, &h, 0, 64);
    ok = ok && r == 0 && arb_equal_si(rem, 1) && arf_cmp_d(arb_midref(hh), 0.5) == 0
         && mag_is_zero(arb_radref(hh));
    h = 0.995;
    r = _nh_ode_next_step(hh, rem, tk, t, &h, 0, 64);
    ok = ok && r == 1 && arb_equal_si(hh, 1);
    h = 0.5;
    r = _nh_ode_next_step(hh, rem, tk, t, &h, 0.25, 64);
    ok = ok && r == 0 && h == 0.25 && arf_cmp_d(arb_midref(hh), 0.25) == 0;
    arb_one(t);
    ok = ok && _nh_ode_next_step(hh, rem, tk, t, &h, 0, 64) == -1;
    tap_ok(ok, "_nh_ode_next_step: plain step, landing, hmax clamp, output time reached");
    arb_set_si(a + 0, 1); arb_set_si(a + 1, 2);
    arb_set_d(b + 0, 1.5); arb_set_si(b + 1, 2);
    nh_ode_stats_init(sp);
    _nh_ode_gerr(g, NULL, sp, a, a, b, b, 2, 64);
    tap_ok(sp->gerr_q == 0.5 && sp->gerr_v == 0 && arf_cmp_d(arb_midref(g + 0), 0.5) == 0
           && arb_is_zero(g + 1), "_nh_ode_gerr: |qc - q| = (1/2, 0), max 1/2; v not asked");
    arb_clear(hh); arb_clear(rem); arb_clear(tk); arb_clear(t);
    _arb_vec_clear(a, 2); _arb_vec_clear(b, 2); _arb_vec_clear(g, 2);
}

int
main(void)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    arb_ptr q0, v0, q, v, qe, ve, gq, gv, times;
    arb_t eps, T;
    nh_ode_opts_t o;
    nh_ode_stats_t st;
    slong s, N;
    int status;

    tap_plan(7 + 3 + 2 + 4 + 2);
    nh_error_init(err);
    test_coeffs();
    test_util();

    if (nh_model_parse(&M, LIN_MODEL, "linear_test", err) != NH_OK)
        tap_bail("model: %s", err->msg);
    q0 = _arb_vec_init(2); v0 = _arb_vec_init(2);
    q = _arb_vec_init(2); v = _arb_vec_init(2);
    qe = _arb_vec_init(2); ve = _arb_vec_init(2);
    gq = _arb_vec_init(2); gv = _arb_vec_init(2);
    times = _arb_vec_init(1);
    arb_init(eps); arb_init(T);
    arb_set_d(q0 + 0, 0.5); arb_set_d(q0 + 1, -0.25);
    arb_set_d(v0 + 0, 1.0); arb_set_d(v0 + 1, 0.75);   /* off D: initial layer */

    /* 2. stiff, adaptive */
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 10000, PREC);
    arb_set_d(T, 1.5);
    arb_set(times, T);
    nh_ode_opts_init(o);
    o->prec = PREC;
    o->rtol = o->atol = 1e-22;
    status = nh_flow_full(q, v, gq, gv, M, eps, q0, v0, times, 1, o, st, err);
    if (status != NH_OK)
        tap_bail("nh_flow_full: %s", err->msg);
    exact_solution(qe, ve, eps, T, q0, v0, PREC);
    {
        double eq = maxdiff(q, qe, 2), ev = maxdiff(v, ve, 2);
        double est = FLINT_MAX(st->gerr_q, st->gerr_v), tru = FLINT_MAX(eq, ev);
        tap_diag("eps = 1e-4, T = 1.5: steps %ld rejected %ld newton %ld f %ld, %.2f s",
                 (long) st->steps, (long) st->rejected, (long) st->newton_iters,
                 (long) st->f_evals, st->seconds);
        tap_diag("true error q %.3e v %.3e; estimated %.3e %.3e", eq, ev, st->gerr_q, st->gerr_v);
        tap_ok(tru < 1e-20, "linear stiff system: error vs exp(TL) x0 below 1e-20 (%.3e)", tru);
        tap_ok(tru <= 10 * est + 1e-30, "global error estimate not optimistic by > 10x");
        tap_ok(est < 1e-15, "global error estimate small (%.3e)", est);
    }

    /* 3. order at fixed step, eps = 1 */
    arb_one(eps);
    arb_set_ui(T, 1);
    exact_solution(qe, ve, eps, T, q0, v0, PREC);
    for (s = 2; s <= 3; s++)
    {
        double e[2], ord;
        for (N = 0; N < 2; N++)
        {
            _arb_vec_set(q, q0, 2);
            _arb_vec_set(v, v0, 2);
            if (nh_flow_full_fixed(q, v, M, eps, T, 8 << N, s, PREC, err) != NH_OK)
                tap_bail("fixed: %s", err->msg);
            e[N] = FLINT_MAX(maxdiff(q, qe, 2), maxdiff(v, ve, 2));
        }
        ord = log2(e[0] / e[1]);
        tap_ok(fabs(ord - (2 * s - 1)) < 0.35, "Radau IIA s = %ld: observed order %.3f (expect %ld; errors %.3e %.3e)",
               (long) s, ord, (long) (2 * s - 1), e[0], e[1]);
    }

    /* 4. several output times (t = 0, repeated times): every row against
       exp(t L) x0; and the error paths */
    {
        arb_ptr tt = _arb_vec_init(4), Q = _arb_vec_init(8), V = _arb_vec_init(8);
        static const double tv[4] = { 0, 0.5, 0.5, 1.25 };
        double worst = 0;
        slong r;
        arb_set_ui(eps, 1);
        arb_div_ui(eps, eps, 100, PREC);
        for (r = 0; r < 4; r++)
            arb_set_d(tt + r, tv[r]);
        o->rtol = o->atol = 1e-20;
        if (nh_flow_full(Q, V, NULL, NULL, M, eps, q0, v0, tt, 4, o, st, err) != NH_OK)
            tap_bail("outputs: %s", err->msg);
        for (r = 0; r < 4; r++)
        {
            exact_solution(qe, ve, eps, tt + r, q0, v0, PREC);
            worst = FLINT_MAX(worst, FLINT_MAX(maxdiff(Q + 2 * r, qe, 2), maxdiff(V + 2 * r, ve, 2)));
        }
        tap_ok(worst < 1e-16, "outputs at t = 0, 0.5, 0.5, 1.25 match exp(tL) x0 (worst %.2e)", worst);

        arb_set_d(tt + 1, -0.5);
        status = nh_flow_full(Q, V, NULL, NULL, M, eps, q0, v0, tt, 4, o, st, err);
        tap_ok(status == NH_ERR_USAGE, "negative / decreasing output time: NH_ERR_USAGE (%s)", err->msg);
        arb_set_d(tt + 1, 0.5);
        arb_zero(eps);
        status = nh_flow_full(Q, V, NULL, NULL, M, eps, q0, v0, tt, 4, o, st, err);
        tap_ok(status == NH_ERR_USAGE, "eps = 0: NH_ERR_USAGE (%s)", err->msg);
        arb_set_d(eps, 0.01);
        o->max_steps = 3;
        status = nh_flow_full(Q, V, NULL, NULL, M, eps, q0, v0, tt, 4, o, st, err);
        tap_ok(status == NH_ERR_RESOURCE, "max_steps exceeded: NH_ERR_RESOURCE (%s)", err->msg);
        _arb_vec_clear(tt, 4); _arb_vec_clear(Q, 8); _arb_vec_clear(V, 8);
    }

    _arb_vec_clear(q0, 2); _arb_vec_clear(v0, 2);
    _arb_vec_clear(q, 2); _arb_vec_clear(v, 2);
    _arb_vec_clear(qe, 2); _arb_vec_clear(ve, 2);
    _arb_vec_clear(gq, 2); _arb_vec_clear(gv, 2);
    _arb_vec_clear(times, 1);
    arb_clear(eps); arb_clear(T);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
