/*
 * t-jet_elementary.c -- elementary functions of jets.
 *
 * Truncation to total degree <= N is a ring homomorphism onto the
 * truncated ring, so identities of convergent power series hold exactly
 * between truncated jets: sin^2 + cos^2 = 1, sqrt(a)^2 = a,
 * log(exp(a)) = a, inv(a) a = 1, (a^(1/3))^3 = a, a^(-2) a^2 = 1,
 * a^(5/2) = sqrt(a)^5, tan = sin / cos.  The exact sides are built from
 * the exact (dyadic) input coefficients.  Closed forms:
 *   exp(x + y):      coefficient of x^i y^j is 1/(i! j!)
 *   log(1 + x):      (-1)^(k+1) / k  (k >= 1), 0 for k = 0
 *   sqrt(1 + x):     binomial(1/2, k) = prod_{m<k} (1/2 - m) / k!
 *   sin(x):          x^(2k+1): (-1)^k / (2k+1)!
 * Domain errors: inv/div by a jet with constant term 0 (or a ball
 * containing 0), log/sqrt/x^(1/3) of a nonpositive constant term,
 * tan at pi/2.
 */
#include "jet.h"
#include "tap.h"

#define PREC 128

static void
rand_jet(arb_ptr a, const jet_ctx_t ctx, flint_rand_t st)
{
    slong i;
    for (i = 0; i < ctx->len; i++)
    {
        arb_set_si(a + i, (slong) n_randint(st, 2001) - 1000);
        arb_mul_2exp_si(a + i, a + i, -11);     /* exact, |.| <= 1/2 */
    }
    arb_add_ui(a, a, 1, PREC);                  /* constant in [1/2, 3/2] */
}

/* every coefficient of r contains the exact value of x (exact balls) and
   radii are < 2^-100 */
static int
contains_exact(arb_srcptr r, arb_srcptr x, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_contains(r + i, x + i)
            || mag_cmp_2exp_si(arb_radref(r + i), -100) > 0)
            return 0;
    return 1;
}

static int
overlap_small(arb_srcptr r, arb_srcptr x, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_overlaps(r + i, x + i)
            || mag_cmp_2exp_si(arb_radref(r + i), -100) > 0)
            return 0;
    return 1;
}

int
main(void)
{
    flint_rand_t st;
    ulong seed = 777123;
    jet_ctx_t ctx;
    arb_ptr a, b, c, d, one;
    slong N = 6, idx, k;
    fmpq_t p;

    flint_rand_init(st);
    flint_rand_set_seed(st, seed, seed + 1);
    tap_diag("seed %lu", seed);
    fmpq_init(p);

    jet_ctx_init(ctx, 3, N);
    a = jet_init(ctx);
    b = jet_init(ctx);
    c = jet_init(ctx);
    d = jet_init(ctx);
    one = jet_init(ctx);
    jet_set_si(one, 1, ctx);

    for (k = 0; k < 2; k++)
    {
        rand_jet(a, ctx, st);

        jet_sin(b, a, N, ctx, PREC);
        jet_cos(c, a, N, ctx, PREC);
        jet_mul(b, b, b, N, ctx, PREC);
        jet_addmul(b, c, c, N, ctx, PREC);
        tap_ok(contains_exact(b, one, ctx->len), "sin(a)^2 + cos(a)^2 = 1 (trial %ld)", k);

        tap_ok(jet_sqrt(b, a, N, ctx, PREC) == NH_OK, "sqrt ok");
        jet_mul(b, b, b, N, ctx, PREC);
        tap_ok(contains_exact(b, a, ctx->len), "sqrt(a)^2 = a");

        jet_exp(b, a, N, ctx, PREC);
        tap_ok(jet_log(b, b, N, ctx, PREC) == NH_OK && contains_exact(b, a, ctx->len),
               "log(exp(a)) = a (aliased)");

        tap_ok(jet_inv(b, a, N, ctx, PREC) == NH_OK, "inv ok");
        jet_mul(b, b, a, N, ctx, PREC);
        tap_ok(contains_exact(b, one, ctx->len), "inv(a) a = 1");

        fmpq_set_si(p, 1, 3);
        tap_ok(jet_pow_fmpq(b, a, p, N, ctx, PREC) == NH_OK, "a^(1/3) ok");
        jet_pow_ui(b, b, 3, N, ctx, PREC);
        tap_ok(contains_exact(b, a, ctx->len), "(a^(1/3))^3 = a");

        fmpq_set_si(p, -2, 1);
        tap_ok(jet_pow_fmpq(b, a, p, N, ctx, PREC) == NH_OK, "a^-2 ok");
        jet_mul(c, a, a, N, ctx, PREC);
        jet_mul(b, b, c, N, ctx, PREC);
        tap_ok(contains_exact(b, one, ctx->len), "a^-2 a^2 = 1");

        fmpq_set_si(p, 5, 2);
        jet_pow_fmpq(b, a, p, N, ctx, PREC);
        jet_sqrt(c, a, N, ctx, PREC);
        jet_pow_ui(c, c, 5, N, ctx, PREC);
        tap_ok(overlap_small(b, c, ctx->len), "a^(5/2) = sqrt(a)^5");

        tap_ok(jet_tan(b, a, N, ctx, PREC) == NH_OK, "tan ok");
        jet_sin(c, a, N, ctx, PREC);
        jet_cos(d, a, N, ctx, PREC);
        tap_ok(jet_div(c, c, d, N, ctx, PREC) == NH_OK && overlap_small(b, c, ctx->len),
               "tan(a) = sin(a) / cos(a)");

        /* exp(a) exp(-a) = 1 */
        jet_exp(b, a, N, ctx, PREC);
        jet_neg(c, a, ctx);
        jet_exp(c, c, N, ctx, PREC);
        jet_mul(b, b, c, N, ctx, PREC);
        tap_ok(contains_exact(b, one, ctx->len), "exp(a) exp(-a) = 1");

        /* truncation: ord = 3 */
        jet_exp(b, a, N, ctx, PREC);
        jet_exp(c, a, 3, ctx, PREC);
        {
            slong n3 = jet_ctx_len(ctx, 3), i;
            int ok = 1;
            for (i = 0; i < ctx->len; i++)
                if (i < n3 ? !arb_overlaps(b + i, c + i) : !arb_is_zero(c + i))
                    ok = 0;
            tap_ok(ok, "jet_exp ord=3: agrees up to degree 3, zero above");
        }
    }

    /* closed forms in 2 variables, order 9 */
    {
        jet_ctx_t c2;
        arb_ptr u, r;
        int ok;
        jet_ctx_init(c2, 2, 9);
        u = jet_init(c2);
        r = jet_init(c2);

        jet_zero(u, c2);
        arb_one(u + jet_ctx_var_index(c2, 0));
        arb_one(u + jet_ctx_var_index(c2, 1));
        jet_exp(r, u, 9, c2, PREC);
        ok = 1;
        for (idx = 0; idx < c2->len; idx++)
        {
            const slong *ex = jet_ctx_exp(c2, idx);
            fmpq_t q;
            arb_t t;
            fmpq_init(q);
            arb_init(t);
            fmpz_fac_ui(fmpq_numref(q), ex[0]);
            fmpz_fac_ui(fmpq_denref(q), ex[1]);
            fmpz_mul(fmpq_denref(q), fmpq_denref(q), fmpq_numref(q));
            fmpz_one(fmpq_numref(q));
            arb_set_fmpq(t, q, PREC);
            if (!arb_overlaps(r + idx, t) || !arb_contains_fmpq(r + idx, q))
                ok = 0;
            fmpq_clear(q);
            arb_clear(t);
        }
        tap_ok(ok, "exp(x + y) = sum x^i y^j / (i! j!)");

        /* log(1 + x), sqrt(1 + x), sin(x) in x = variable 0 */
        jet_set_si(u, 1, c2);
        arb_one(u + jet_ctx_var_index(c2, 0));
        jet_log(r, u, 9, c2, PREC);
        ok = 1;
        for (idx = 0; idx < c2->len; idx++)
        {
            const slong *ex = jet_ctx_exp(c2, idx);
            fmpq_t q;
            fmpq_init(q);
            if (ex[1] == 0 && ex[0] > 0)
                fmpq_set_si(q, (ex[0] % 2) ? 1 : -1, ex[0]);
            if (!arb_contains_fmpq(r + idx, q))
                ok = 0;
            fmpq_clear(q);
        }
        tap_ok(ok, "log(1 + x) = sum (-1)^(k+1) x^k / k");

        jet_sqrt(r, u, 9, c2, PREC);
        ok = 1;
        for (idx = 0; idx < c2->len; idx++)
        {
            const slong *ex = jet_ctx_exp(c2, idx);
            fmpq_t q, t;
            slong m;
            fmpq_init(q);
            fmpq_init(t);
            if (ex[1] == 0)
            {
                fmpq_one(q);                    /* binomial(1/2, k) */
                for (m = 0; m < ex[0]; m++)
                {
                    fmpq_set_si(t, 1 - 2 * m, 2 * (m + 1));  /* (1/2 - m)/(m+1) */
                    fmpq_mul(q, q, t);
                }
            }
            if (!arb_contains_fmpq(r + idx, q))
                ok = 0;
            fmpq_clear(q);
            fmpq_clear(t);
        }
        tap_ok(ok, "sqrt(1 + x) = sum binomial(1/2, k) x^k");

        jet_zero(u, c2);
        arb_one(u + jet_ctx_var_index(c2, 0));
        jet_sin(r, u, 9, c2, PREC);
        ok = 1;
        for (idx = 0; idx < c2->len; idx++)
        {
            const slong *ex = jet_ctx_exp(c2, idx);
            fmpq_t q;
            fmpq_init(q);
            if (ex[1] == 0 && ex[0] % 2 == 1)
            {
                fmpz_fac_ui(fmpq_denref(q), ex[0]);
                fmpz_set_si(fmpq_numref(q), (ex[0] % 4 == 1) ? 1 : -1);
            }
            if (!arb_contains_fmpq(r + idx, q))
                ok = 0;
            fmpq_clear(q);
        }
        tap_ok(ok, "sin(x) = sum (-1)^k x^(2k+1) / (2k+1)!");

        jet_clear(u, c2);
        jet_clear(r, c2);
        jet_ctx_clear(c2);
    }

    /* domain errors */
    rand_jet(a, ctx, st);
    arb_zero(a);
    tap_ok(jet_inv(b, a, N, ctx, PREC) == NH_ERR_DOMAIN, "inv of jet with constant term 0: DOMAIN");
    tap_ok(jet_div(b, one, a, N, ctx, PREC) == NH_ERR_DOMAIN, "div by jet with constant term 0: DOMAIN");
    fmpq_set_si(p, -1, 1);
    tap_ok(jet_pow_fmpq(b, a, p, N, ctx, PREC) == NH_ERR_DOMAIN, "a^-1 with a(0) = 0: DOMAIN");
    tap_ok(jet_sqrt(b, a, N, ctx, PREC) == NH_ERR_DOMAIN, "sqrt with a(0) = 0: DOMAIN");
    arb_set_si(a, -2);
    tap_ok(jet_log(b, a, N, ctx, PREC) == NH_ERR_DOMAIN, "log of negative: DOMAIN");
    fmpq_set_si(p, 1, 3);
    tap_ok(jet_pow_fmpq(b, a, p, N, ctx, PREC) == NH_ERR_DOMAIN, "a^(1/3) of negative: DOMAIN");
    arb_set_si(a, 1);
    mag_set_ui(arb_radref(a), 2);           /* [-1, 3] contains 0 */
    tap_ok(jet_inv(b, a, N, ctx, PREC) == NH_ERR_DOMAIN, "inv of ball containing 0: DOMAIN");
    arb_const_pi(a, PREC);
    arb_mul_2exp_si(a, a, -1);
    tap_ok(jet_tan(b, a, N, ctx, PREC) == NH_ERR_DOMAIN, "tan at pi/2: DOMAIN");
    fmpq_set_si(p, 3, 1);
    arb_set_si(a, -2);
    mag_zero(arb_radref(a));
    tap_ok(jet_pow_fmpq(b, a, p, N, ctx, PREC) == NH_OK, "a^3 with negative a(0) is fine");

    jet_clear(a, ctx);
    jet_clear(b, ctx);
    jet_clear(c, ctx);
    jet_clear(d, ctx);
    jet_clear(one, ctx);
    jet_ctx_clear(ctx);
    fmpq_clear(p);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
