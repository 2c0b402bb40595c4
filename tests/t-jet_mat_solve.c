/*
 * t-jet_mat_solve.c -- linear algebra over the jet ring.
 *
 *  - A X = B: X from jet_mat_solve, A X recomputed with jet_mat_mul must
 *    contain the exact B; the constant term of X must overlap
 *    arb_mat_solve applied to the constant terms (a second method).
 *  - Rotation R(phi), phi = theta + x + 2y: R^{-1} = R(-phi) = R^T.  Both
 *    are built from the closed form: the coefficient of x^i y^j in
 *    f(theta + x + 2y) is f^{(i+j)}(theta)/(i+j)! * binomial(i+j, i) 2^j,
 *    with f^{(n)} = sin/cos cycling; jet_mat_inv(R) must overlap R^T.
 *  - A(0) = [[0, 1], [1, 0]] needs a row swap; A A^{-1} = I.
 *  - A(0) singular: NH_ERR_DOMAIN; A(0) a ball holding I and a singular
 *    matrix (diag([1 +/- 2], 1)): NH_ERR_DOMAIN (t-series_singular's
 *    retry relies on it).  X aliasing B.  jet_mat_mul against explicit
 *    sums of jet_mul; transpose, add/sub/neg, derivative.
 *  - Exact univariate reference (second method, no jet arithmetic): A(x),
 *    B(x) random integer polynomial matrices (3 x 3, 3 x 2, degree <= N),
 *    A^{-1} = adj(A) / det(A) over Z[x] (fmpz_poly_mat_inv), X = adj(A) B
 *    / det(A) expanded by the rational power series division
 *    fmpq_poly_div_series; every ball of jet_mat_solve (and of
 *    jet_mat_inv against adj(A) / det(A)) must contain the exact rational
 *    coefficient, and the largest radius is reported.
 */
#include <math.h>
#include <flint/fmpz_poly_mat.h>
#include <flint/fmpq_poly.h>
#include "jet_mat.h"
#include "tap.h"
#include "jet_testutil.h"

#define PREC 128


static int
mat_contains(const jet_mat_t R, const jet_mat_t E, const jet_ctx_t ctx)
{
    slong i, n = R->r * R->c * ctx->len;
    for (i = 0; i < n; i++)
        if (!arb_contains(R->entries + i, E->entries + i)
            || mag_cmp_2exp_si(arb_radref(R->entries + i), -90) > 0)
            return 0;
    return 1;
}

static int
mat_overlaps(const jet_mat_t R, const jet_mat_t E, const jet_ctx_t ctx)
{
    slong i, n = R->r * R->c * ctx->len;
    for (i = 0; i < n; i++)
        if (!arb_overlaps(R->entries + i, E->entries + i)
            || mag_cmp_2exp_si(arb_radref(R->entries + i), -90) > 0)
            return 0;
    return 1;
}



/* the exact series coefficients of num / den (den(0) != 0) up to x^N
   contained in the jet x (univariate context, index k = x^k); *maxrad
   raised to the largest radius seen */
static int
series_contains(arb_srcptr x, const fmpz_poly_t num, const fmpz_poly_t den, slong N,
                double *maxrad)
{
    fmpq_poly_t a, b, q;
    fmpq_t c;
    slong k;
    int ok = 1;
    fmpq_poly_init(a);
    fmpq_poly_init(b);
    fmpq_poly_init(q);
    fmpq_init(c);
    fmpq_poly_set_fmpz_poly(a, num);
    fmpq_poly_set_fmpz_poly(b, den);
    fmpq_poly_div_series(q, a, b, N + 1);
    for (k = 0; k <= N; k++)
    {
        fmpq_poly_get_coeff_fmpq(c, q, k);
        if (!arb_contains_fmpq(x + k, c))
            ok = 0;
        *maxrad = FLINT_MAX(*maxrad, mag_get_d(arb_radref(x + k)));
    }
    fmpq_poly_clear(a);
    fmpq_poly_clear(b);
    fmpq_poly_clear(q);
    fmpq_clear(c);
    return ok;
}

/* random integer polynomial (coefficients in [-5, 5], degree <= N) into
   the fmpz_poly p and the jet x (univariate context) */
static void
rand_int_poly(fmpz_poly_t p, arb_ptr x, slong N, flint_rand_t st, slong shift)
{
    slong k;
    fmpz_poly_zero(p);
    for (k = 0; k <= N; k++)
        fmpz_poly_set_coeff_si(p, k, (slong) n_randint(st, 11) - 5 + (k == 0 ? shift : 0));
    for (k = 0; k <= N; k++)
    {
        fmpz_t t;
        fmpz_init(t);
        fmpz_poly_get_coeff_fmpz(t, p, k);
        arb_set_fmpz(x + k, t);
        fmpz_clear(t);
    }
}

/* Whether X and Ai contain PI PB / den and PI / den (the exact series). */
static int
contains_exact(const jet_mat_t X, const jet_mat_t Ai, const fmpz_poly_mat_t PA,
               const fmpz_poly_mat_t PB, slong N, const jet_ctx_t c1, double *rs, double *ri)
{
    slong n = PA->r, m = PB->c, i, j;
    fmpz_poly_mat_t PI, PX;
    fmpz_poly_t den;
    int ok = 1;

    fmpz_poly_mat_init(PI, n, n);
    fmpz_poly_mat_init(PX, n, m);
    fmpz_poly_init(den);
    if (!fmpz_poly_mat_inv(PI, den, PA))
        ok = 0;
    fmpz_poly_mat_mul(PX, PI, PB);
    for (i = 0; ok && i < n; i++)
    {
        for (j = 0; j < m; j++)
            ok &= series_contains(JET_MAT_ENTRY(X, i, j, c1), fmpz_poly_mat_entry(PX, i, j),
                                  den, N, rs);
        for (j = 0; j < n; j++)
            ok &= series_contains(JET_MAT_ENTRY(Ai, i, j, c1), fmpz_poly_mat_entry(PI, i, j),
                                  den, N, ri);
    }
    fmpz_poly_clear(den);
    fmpz_poly_mat_clear(PI);
    fmpz_poly_mat_clear(PX);
    return ok;
}

/* A X = B and A^{-1} against adj(A) / det(A) over Z[x]; 1 if all contain.
   wide: the constant terms of A are the balls [a, a + 1] (the wide path of
   jet_mat_solve: a second, preconditioned solve intersected with the
   first), and the exact series of both integer end matrices a and a + 1
   must be contained. */
static int
exact_univariate(flint_rand_t st, slong N, int wide)
{
    slong n = 3, m = 2, i, j;
    jet_ctx_t c1;
    jet_mat_t A, B, X, Ai;
    fmpz_poly_mat_t PA, PB;
    double rs = 0, ri = 0;
    int ok = 1;

    jet_ctx_init(c1, 1, N);
    jet_mat_init(A, n, n, c1);
    jet_mat_init(B, n, m, c1);
    jet_mat_init(X, n, m, c1);
    jet_mat_init(Ai, n, n, c1);
    fmpz_poly_mat_init(PA, n, n);
    fmpz_poly_mat_init(PB, n, m);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)         /* A(0) diagonally dominant */
            rand_int_poly(fmpz_poly_mat_entry(PA, i, j), JET_MAT_ENTRY(A, i, j, c1), N, st,
                          i == j ? 20 : 0);
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            rand_int_poly(fmpz_poly_mat_entry(PB, i, j), JET_MAT_ENTRY(B, i, j, c1), N, st, 0);
    if (wide)
        for (i = 0; i < n * n; i++)
        {
            arb_ptr a = A->entries + i * c1->len;
            arb_t u;
            arb_init(u);
            arb_add_ui(u, a, 1, PREC);
            arb_union(a, a, u, PREC);
            arb_clear(u);
        }
    if (jet_mat_solve(X, A, B, N, c1, PREC) != NH_OK || jet_mat_inv(Ai, A, N, c1, PREC) != NH_OK)
        ok = 0;
    ok = ok && contains_exact(X, Ai, PA, PB, N, c1, &rs, &ri);
    if (wide)
    {
        for (i = 0; i < n * n; i++)
        {
            fmpz_t t;
            fmpz_init(t);
            fmpz_poly_get_coeff_fmpz(t, PA->rows[i / n] + i % n, 0);
            fmpz_add_ui(t, t, 1);
            fmpz_poly_set_coeff_fmpz(PA->rows[i / n] + i % n, 0, t);
            fmpz_clear(t);
        }
        ok = ok && contains_exact(X, Ai, PA, PB, N, c1, &rs, &ri);
    }
    tap_diag("exact univariate, order %ld, %d bits%s: largest radius %.3g (solve), %.3g "
             "(inverse)", (long) N, PREC, wide ? ", A(0) +- 1/2" : "", rs, ri);
    if (!wide)
        ok = ok && rs < ldexp(1.0, -90) && ri < ldexp(1.0, -90);
    fmpz_poly_mat_clear(PA);
    fmpz_poly_mat_clear(PB);
    jet_mat_clear(A, c1);
    jet_mat_clear(B, c1);
    jet_mat_clear(X, c1);
    jet_mat_clear(Ai, c1);
    jet_ctx_clear(c1);
    return ok;
}

/* f(theta + x + 2 y) with f = sin (which = 0) or cos (which = 1) */
static void
rot_entry(arb_ptr r, const arb_t theta, int which, int sign, const jet_ctx_t ctx)
{
    slong idx;
    arb_t s, c, t;
    arb_init(s);
    arb_init(c);
    arb_init(t);
    arb_sin_cos(s, c, theta, PREC);
    for (idx = 0; idx < ctx->len; idx++)
    {
        const slong *e = jet_ctx_exp(ctx, idx);
        slong n = e[0] + e[1], q;
        /* f^{(n)}: sin -> cos -> -sin -> -cos; cos -> -sin -> -cos -> sin */
        q = (n + (which ? 1 : 0)) % 4;
        if (q == 0) arb_set(t, s);
        else if (q == 1) arb_set(t, c);
        else if (q == 2) arb_neg(t, s);
        else arb_neg(t, c);
        {
            fmpz_t f;
            fmpz_init(f);
            fmpz_bin_uiui(f, n, e[0]);
            fmpz_mul_2exp(f, f, e[1]);
            arb_mul_fmpz(t, t, f, PREC);
            fmpz_fac_ui(f, n);
            arb_div_fmpz(t, t, f, PREC);
            fmpz_clear(f);
        }
        if (sign < 0)
            arb_neg(t, t);
        arb_set(r + idx, t);
    }
    arb_clear(s);
    arb_clear(c);
    arb_clear(t);
}

int
main(void)
{
    flint_rand_t st;
    ulong seed = 99991;
    jet_ctx_t ctx;
    slong n = 4, m = 2, i, j, k, N = 6;
    jet_mat_t A, B, X, P;

    flint_rand_init(st);
    flint_rand_set_seed(st, seed, 3 * seed);
    tap_diag("seed %lu", seed);

    jet_ctx_init(ctx, 2, N);

    /* ---- A X = B ---------------------------------------------------- */
    jet_mat_init(A, n, n, ctx);
    jet_mat_init(B, n, m, ctx);
    jet_mat_init(X, n, m, ctx);
    jet_mat_init(P, n, m, ctx);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            tu_rand_jet(JET_MAT_ENTRY(A, i, j, ctx), ctx, st, 10, 0);
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            tu_rand_jet(JET_MAT_ENTRY(B, i, j, ctx), ctx, st, 10, 0);
    for (i = 0; i < n; i++)      /* make A(0) comfortably invertible */
        arb_add_si(JET_MAT_ENTRY(A, i, (i + 1) % n, ctx),
                   JET_MAT_ENTRY(A, i, (i + 1) % n, ctx), 5, PREC);

    tap_ok(jet_mat_solve(X, A, B, N, ctx, PREC) == NH_OK, "jet_mat_solve 4x4, 2 rhs, order 6: ok");
    jet_mat_mul(P, A, X, N, ctx, PREC);
    tap_ok(mat_contains(P, B, ctx), "A X contains B, radii < 2^-90");
    {
        arb_mat_t a0, b0, x0;
        int ok = 1;
        arb_mat_init(a0, n, n);
        arb_mat_init(b0, n, m);
        arb_mat_init(x0, n, m);
        jet_mat_get_const(a0, A, ctx);
        jet_mat_get_const(b0, B, ctx);
        ok = arb_mat_solve(x0, a0, b0, PREC);
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++)
                if (!arb_overlaps(arb_mat_entry(x0, i, j), JET_MAT_ENTRY(X, i, j, ctx)))
                    ok = 0;
        tap_ok(ok, "constant term of X overlaps arb_mat_solve on A(0), B(0)");
        arb_mat_clear(a0);
        arb_mat_clear(b0);
        arb_mat_clear(x0);
    }
    /* truncated solve ord 3 */
    {
        jet_mat_t X3;
        int ok = 1;
        slong n3 = jet_ctx_len(ctx, 3);
        jet_mat_init(X3, n, m, ctx);
        jet_mat_solve(X3, A, B, 3, ctx, PREC);
        for (i = 0; i < n * m; i++)
            for (k = 0; k < ctx->len; k++)
            {
                arb_srcptr u = X3->entries + i * ctx->len + k, v = X->entries + i * ctx->len + k;
                if (k < n3 ? !arb_overlaps(u, v) : !arb_is_zero(u))
                    ok = 0;
            }
        tap_ok(ok, "jet_mat_solve ord=3 agrees up to degree 3, zero above");
        jet_mat_clear(X3, ctx);
    }
    /* X aliasing B */
    jet_mat_set(P, B, ctx);
    jet_mat_solve(P, A, P, N, ctx, PREC);
    tap_ok(tu_vec_equal(P->entries, X->entries, n * m * ctx->len), "jet_mat_solve with X aliasing B");

    /* jet_mat_mul against explicit sums */
    {
        arb_ptr s = jet_init(ctx);
        int ok = 1;
        jet_mat_mul(P, A, X, N, ctx, PREC);
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++)
            {
                jet_zero(s, ctx);
                for (k = 0; k < n; k++)
                    jet_addmul(s, JET_MAT_ENTRY(A, i, k, ctx), JET_MAT_ENTRY(X, k, j, ctx), N, ctx, PREC);
                for (k = 0; k < ctx->len; k++)
                    if (!arb_overlaps(s + k, JET_MAT_ENTRY(P, i, j, ctx) + k))
                        ok = 0;
            }
        tap_ok(ok, "jet_mat_mul = sums of jet_addmul");
        jet_clear(s, ctx);
    }

    /* inverse: A A^{-1} = I */
    {
        jet_mat_t Ai, I, Q;
        jet_mat_init(Ai, n, n, ctx);
        jet_mat_init(I, n, n, ctx);
        jet_mat_init(Q, n, n, ctx);
        jet_mat_one(I, ctx);
        tap_ok(jet_mat_inv(Ai, A, N, ctx, PREC) == NH_OK, "jet_mat_inv ok");
        jet_mat_mul(Q, A, Ai, N, ctx, PREC);
        tap_ok(mat_contains(Q, I, ctx), "A A^{-1} contains I");
        jet_mat_mul(Q, Ai, A, N, ctx, PREC);
        tap_ok(mat_contains(Q, I, ctx), "A^{-1} A contains I");
        jet_mat_clear(Ai, ctx);
        jet_mat_clear(I, ctx);
        jet_mat_clear(Q, ctx);
    }

    /* ---- rotation R(theta + x + 2y) --------------------------------- */
    {
        jet_mat_t R, Ri, E;
        arb_t th;
        arb_init(th);
        arb_set_si(th, 7);
        arb_div_si(th, th, 10, PREC);       /* theta = 0.7 */
        jet_mat_init(R, 2, 2, ctx);
        jet_mat_init(Ri, 2, 2, ctx);
        jet_mat_init(E, 2, 2, ctx);
        /* R = [[cos, -sin], [sin, cos]], R^{-1} = [[cos, sin], [-sin, cos]] */
        rot_entry(JET_MAT_ENTRY(R, 0, 0, ctx), th, 1, 1, ctx);
        rot_entry(JET_MAT_ENTRY(R, 0, 1, ctx), th, 0, -1, ctx);
        rot_entry(JET_MAT_ENTRY(R, 1, 0, ctx), th, 0, 1, ctx);
        rot_entry(JET_MAT_ENTRY(R, 1, 1, ctx), th, 1, 1, ctx);
        rot_entry(JET_MAT_ENTRY(E, 0, 0, ctx), th, 1, 1, ctx);
        rot_entry(JET_MAT_ENTRY(E, 0, 1, ctx), th, 0, 1, ctx);
        rot_entry(JET_MAT_ENTRY(E, 1, 0, ctx), th, 0, -1, ctx);
        rot_entry(JET_MAT_ENTRY(E, 1, 1, ctx), th, 1, 1, ctx);
        tap_ok(jet_mat_inv(Ri, R, N, ctx, PREC) == NH_OK && mat_overlaps(Ri, E, ctx),
               "inverse of R(0.7 + x + 2y) = R(-0.7 - x - 2y) (closed form)");
        /* the same via jet_sin/jet_cos of the jet phi */
        {
            arb_ptr phi = jet_init(ctx), sn = jet_init(ctx), cs = jet_init(ctx);
            jet_set_var(phi, th, 0, ctx);
            arb_set_si(phi + jet_ctx_var_index(ctx, 1), 2);
            jet_sin(sn, phi, N, ctx, PREC);
            jet_cos(cs, phi, N, ctx, PREC);
            tap_ok(tu_vec_overlaps(sn, JET_MAT_ENTRY(R, 1, 0, ctx), ctx->len)
                   && tu_vec_overlaps(cs, JET_MAT_ENTRY(R, 0, 0, ctx), ctx->len),
                   "jet_sin/jet_cos of 0.7 + x + 2y match the closed form");
            jet_clear(phi, ctx);
            jet_clear(sn, ctx);
            jet_clear(cs, ctx);
        }
        jet_mat_transpose(Ri, R, ctx);
        tap_ok(mat_overlaps(Ri, E, ctx), "jet_mat_transpose(R) = R^{-1}");
        arb_clear(th);
        jet_mat_clear(R, ctx);
        jet_mat_clear(Ri, ctx);
        jet_mat_clear(E, ctx);
    }

    /* ---- pivoting and singular cases -------------------------------- */
    {
        jet_mat_t S, Si, I, Q;
        jet_mat_init(S, 2, 2, ctx);
        jet_mat_init(Si, 2, 2, ctx);
        jet_mat_init(I, 2, 2, ctx);
        jet_mat_init(Q, 2, 2, ctx);
        jet_mat_one(I, ctx);
        /* S = [[x, 1 + y], [1, x y]] : S(0) = [[0, 1], [1, 0]] */
        arb_one(JET_MAT_ENTRY(S, 0, 0, ctx) + jet_ctx_var_index(ctx, 0));
        jet_set_si(JET_MAT_ENTRY(S, 0, 1, ctx), 1, ctx);
        arb_one(JET_MAT_ENTRY(S, 0, 1, ctx) + jet_ctx_var_index(ctx, 1));
        jet_set_si(JET_MAT_ENTRY(S, 1, 0, ctx), 1, ctx);
        {
            slong e[2] = {1, 1};
            arb_one(JET_MAT_ENTRY(S, 1, 1, ctx) + jet_ctx_index(ctx, e));
        }
        tap_ok(jet_mat_inv(Si, S, N, ctx, PREC) == NH_OK, "inverse with zero (0,0) pivot: ok (row swap)");
        jet_mat_mul(Q, S, Si, N, ctx, PREC);
        tap_ok(mat_contains(Q, I, ctx), "S S^{-1} contains I");
        /* singular: rows equal at 0 */
        jet_mat_zero(S, ctx);
        jet_set_si(JET_MAT_ENTRY(S, 0, 0, ctx), 1, ctx);
        jet_set_si(JET_MAT_ENTRY(S, 0, 1, ctx), 2, ctx);
        jet_set_si(JET_MAT_ENTRY(S, 1, 0, ctx), 1, ctx);
        jet_set_si(JET_MAT_ENTRY(S, 1, 1, ctx), 2, ctx);
        arb_one(JET_MAT_ENTRY(S, 1, 1, ctx) + jet_ctx_var_index(ctx, 0));
        tap_ok(jet_mat_inv(Si, S, N, ctx, PREC) == NH_ERR_DOMAIN,
               "A(0) singular (A nonsingular as a function): NH_ERR_DOMAIN");
        jet_mat_zero(S, ctx);
        tap_ok(jet_mat_inv(Si, S, N, ctx, PREC) == NH_ERR_DOMAIN, "zero matrix: NH_ERR_DOMAIN");
        /* diag([1 +/- 2] + x, 1): the constant ball holds I and diag(0, 1) */
        jet_set_si(JET_MAT_ENTRY(S, 0, 0, ctx), 1, ctx);
        mag_set_ui(arb_radref(JET_MAT_ENTRY(S, 0, 0, ctx)), 2);
        arb_one(JET_MAT_ENTRY(S, 0, 0, ctx) + jet_ctx_var_index(ctx, 0));
        jet_set_si(JET_MAT_ENTRY(S, 1, 1, ctx), 1, ctx);
        tap_ok(jet_mat_inv(Si, S, N, ctx, PREC) == NH_ERR_DOMAIN,
               "A(0) a ball meeting singular matrices: NH_ERR_DOMAIN");
        jet_mat_clear(S, ctx);
        jet_mat_clear(Si, ctx);
        jet_mat_clear(I, ctx);
        jet_mat_clear(Q, ctx);
    }

    /* ---- exact univariate reference --------------------------------- */
    tap_ok(exact_univariate(st, 8, 0), "3x3 integer polynomial A, order 8: X and A^{-1} contain "
           "adj(A) B / det(A) and adj(A) / det(A) (exact rational series), radii < 2^-90");
    tap_ok(exact_univariate(st, 20, 0), "the same at order 20");
    tap_ok(exact_univariate(st, 12, 1), "constant terms of A the balls [a, a + 1] (the "
           "preconditioned second solve, intersected): X and A^{-1} contain the exact series "
           "of both end matrices");

    /* ---- entrywise ops ---------------------------------------------- */
    {
        jet_mat_t U;
        int ok = 1;
        jet_mat_init(U, n, m, ctx);
        jet_mat_add(U, B, X, ctx, PREC);
        jet_mat_sub(U, U, X, ctx, PREC);
        ok = mat_contains(U, B, ctx);
        jet_mat_neg(U, B, ctx);
        jet_mat_add(U, U, B, ctx, PREC);
        for (i = 0; i < n * m * ctx->len; i++)
            if (!arb_contains_zero(U->entries + i))
                ok = 0;
        tap_ok(ok, "jet_mat_add/sub/neg");
        /* d/dx of x * B = B + x dB/dx: check via scalar_mul_jet and derivative */
        {
            arb_ptr xj = jet_init(ctx);
            jet_mat_t V, W;
            jet_mat_init(V, n, m, ctx);
            jet_mat_init(W, n, m, ctx);
            jet_zero(xj, ctx);
            arb_one(xj + jet_ctx_var_index(ctx, 0));
            jet_mat_scalar_mul_jet(U, B, xj, N, ctx, PREC);     /* x B */
            jet_mat_derivative(V, U, 0, ctx, PREC);             /* B + x B_x */
            jet_mat_derivative(W, B, 0, ctx, PREC);
            jet_mat_scalar_mul_jet(W, W, xj, N, ctx, PREC);
            jet_mat_add(W, W, B, ctx, PREC);
            ok = 1;
            for (i = 0; i < n * m; i++)
                for (k = 0; k < jet_ctx_len(ctx, N - 1); k++)
                    if (!arb_overlaps(V->entries + i * ctx->len + k, W->entries + i * ctx->len + k))
                        ok = 0;
            tap_ok(ok, "d/dx (x B) = B + x dB/dx up to degree N-1");
            jet_clear(xj, ctx);
            jet_mat_clear(V, ctx);
            jet_mat_clear(W, ctx);
        }
        jet_mat_clear(U, ctx);
    }

    jet_mat_clear(A, ctx);
    jet_mat_clear(B, ctx);
    jet_mat_clear(X, ctx);
    jet_mat_clear(P, ctx);
    jet_ctx_clear(ctx);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
