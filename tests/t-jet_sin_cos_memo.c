/*
 * t-jet_sin_cos_memo.c -- the issue-14 (branch pf14) shortcuts of lib/jet
 * against the plain computations they replace:
 *   - jet_sin_cos_memo (sin and cos kept across calls, only the degrees at
 *     or above the first change of the argument recomputed) against a
 *     fresh jet_sin_cos on the same argument, ball for ball (arb_equal),
 *     along a sequence of arguments that changes as the Picard passes of
 *     the certified integrator do (one more degree fixed per call, higher
 *     coefficients arbitrary), with the truncation order rising, falling,
 *     the precision and the context's shape changing, and a change at
 *     degree 0; the memo must also have reused degrees (hits > 0), or the
 *     test of the shortcut would pass vacuously;
 *   - jet_add, jet_sub, jet_neg, jet_scalar_mul, jet_addmul_scalar,
 *     jet_scalar_mul_si, jet_scalar_div_si, jet_integral and jet_set (exact
 *     zero coefficients copied instead of passed to Arb) against Arb's
 *     _arb_vec_* on sparse random jets: equal balls when every midpoint
 *     fits in prec bits; when a midpoint has more bits, the jet result must
 *     lie inside Arb's (identical or narrower) and contain the exact value;
 *   - jet_inv of a constant jet against the composition route
 *     (jet_compose_series of the geometric series), ball for ball.
 */
#include "jet.h"
#include "tap.h"
#include "jet_testutil.h"

#define PREC 128

static void
rand_jet(arb_ptr a, const jet_ctx_t ctx, flint_rand_t st, slong from)
{
    slong i;
    for (i = from; i < ctx->len; i++)
    {
        if (n_randint(st, 3) == 0)
            arb_zero(a + i);                     /* sparse, as in the fields */
        else
        {
            arb_set_si(a + i, (slong) n_randint(st, 2001) - 1000);
            arb_mul_2exp_si(a + i, a + i, -11);
            if (n_randint(st, 4) == 0)
                mag_set_d(arb_radref(a + i), 1e-30);
        }
    }
}


/* Picard-like sequence in ctx: call k fixes the coefficients of degree
   <= k - 1 and randomises the rest; ord = k + 1 (capped).  Every memo
   result must equal the fresh jet_sin_cos.  Returns 1 if all equal. */
static int
sequence(jet_sin_cos_memo_t m, const jet_ctx_t ctx, flint_rand_t st, slong prec)
{
    arb_ptr a = jet_init(ctx), S = jet_vec_init(2, ctx);
    arb_srcptr r;
    slong k, ord;
    int ok = 1;

    rand_jet(a, ctx, st, 0);
    for (k = 0; k <= ctx->order + 1; k++)
    {
        ord = FLINT_MIN(k + 1, ctx->order);
        if (k >= 1)
            rand_jet(a, ctx, st, ctx->deg_len[FLINT_MIN(k, ctx->order) - 1]);
        r = jet_sin_cos_memo(m, a, ord, ctx, prec);
        jet_sin_cos(S, S + ctx->len, a, ord, ctx, prec);
        ok = ok && tu_vec_equal(r, S, 2 * ctx->len);
    }
    /* a lower order on an unchanged argument, then a higher one */
    r = jet_sin_cos_memo(m, a, 2, ctx, prec);
    jet_sin_cos(S, S + ctx->len, a, 2, ctx, prec);
    ok = ok && tu_vec_equal(r, S, 2 * ctx->len);
    r = jet_sin_cos_memo(m, a, ctx->order, ctx, prec);
    jet_sin_cos(S, S + ctx->len, a, ctx->order, ctx, prec);
    ok = ok && tu_vec_equal(r, S, 2 * ctx->len);
    /* a change at degree 0 only */
    arb_add_ui(a, a, 1, prec);
    r = jet_sin_cos_memo(m, a, ctx->order, ctx, prec);
    jet_sin_cos(S, S + ctx->len, a, ctx->order, ctx, prec);
    ok = ok && tu_vec_equal(r, S, 2 * ctx->len);
    jet_clear(a, ctx);
    jet_vec_clear(S, 2, ctx);
    return ok;
}

static void
check_memo(flint_rand_t st)
{
    jet_ctx_t U, U2, C;
    jet_sin_cos_memo_t m;
    slong sizes[2] = {1, 5}, caps[2] = {12, 1};
    int ok;

    jet_ctx_init(U, 1, 20);
    jet_ctx_init_groups(C, 2, sizes, caps, 13);     /* (s | z_0..z_4), as the field's c2 */
    jet_sin_cos_memo_init(m);
    ok = sequence(m, U, st, PREC);
    tap_ok(ok, "memo = jet_sin_cos along a Picard-like sequence, one variable");
    tap_ok(m->hits > 0, "the memo reused degrees (hits %ld over %ld calls)", m->hits, m->calls);
    ok = sequence(m, C, st, PREC);
    tap_ok(ok, "memo = jet_sin_cos, context (s | z_0..z_4) caps (12 | 1), after a shape change");
    ok = sequence(m, C, st, 2 * PREC);
    tap_ok(ok, "memo = jet_sin_cos after a precision change");
    /* a context of the same shape rebuilt at another address */
    jet_ctx_init(U2, 1, 20);
    ok = sequence(m, U2, st, PREC);
    jet_ctx_clear(U2);
    jet_ctx_init(U2, 1, 20);
    ok = ok && sequence(m, U2, st, PREC);
    tap_ok(ok, "memo = jet_sin_cos across rebuilt contexts");
    jet_sin_cos_memo_clear(m);
    jet_ctx_clear(U);
    jet_ctx_clear(U2);
    jet_ctx_clear(C);
}

/* the linear operations against _arb_vec_* (wide = 0: dyadic midpoints,
   equal balls expected; 1: some midpoints with 3 prec bits, the jet
   result inside Arb's) */
static int
check_linear(const jet_ctx_t ctx, flint_rand_t st, int wide)
{
    slong n = ctx->len, i, prec = PREC;
    arb_ptr a = jet_init(ctx), b = jet_init(ctx), r = jet_init(ctx), s = jet_init(ctx);
    arb_t c;
    int ok = 1, op;

    arb_init(c);
    arb_set_si(c, 3);
    arb_div_ui(c, c, 7, prec);
    for (op = 0; op < 9; op++)
    {
        rand_jet(a, ctx, st, 0);
        rand_jet(b, ctx, st, 0);
        if (wide)
            for (i = 0; i < n; i += 3)
                if (!arb_is_zero(a + i))
                    arb_const_pi(a + i, 3 * prec);   /* 3 prec bits */
        rand_jet(r, ctx, st, 0);
        _arb_vec_set(s, r, n);
        switch (op)
        {
            case 0: jet_add(r, a, b, ctx, prec); _arb_vec_add(s, a, b, n, prec); break;
            case 1: jet_sub(r, a, b, ctx, prec); _arb_vec_sub(s, a, b, n, prec); break;
            case 2: jet_neg(r, a, ctx); _arb_vec_neg(s, a, n); break;
            case 3: jet_scalar_mul(r, a, c, ctx, prec); _arb_vec_scalar_mul(s, a, n, c, prec); break;
            case 4: jet_addmul_scalar(r, a, c, ctx, prec);
                _arb_vec_scalar_addmul(s, a, n, c, prec); break;
            case 5: jet_scalar_mul_si(r, a, -3, ctx, prec);
                for (i = 0; i < n; i++) arb_mul_si(s + i, a + i, -3, prec);
                break;
            case 6: jet_scalar_div_si(r, a, 5, ctx, prec);
                for (i = 0; i < n; i++) arb_div_si(s + i, a + i, 5, prec);
                break;
            case 7: jet_set(r, a, ctx); _arb_vec_set(s, a, n); break;
            default:
                jet_integral(r, a, 0, ctx, prec);
                for (i = n - 1; i >= 0; i--)
                {
                    slong dn = ctx->down[i * ctx->nvars];
                    if (dn < 0)
                        arb_zero(s + i);
                    else
                        arb_div_si(s + i, a + dn, ctx->exps[i * ctx->nvars], prec);
                }
        }
        for (i = 0; i < n; i++)
            if (wide ? !arb_contains(s + i, r + i) : !arb_equal(s + i, r + i))
                ok = 0;
        /* aliasing res = a */
        if (op == 0 || op == 1)
        {
            _arb_vec_set(r, a, n);
            if (op == 0)
                jet_add(r, r, b, ctx, prec);
            else
                jet_sub(r, r, b, ctx, prec);
            for (i = 0; i < n; i++)
                if (wide ? !arb_contains(s + i, r + i) : !arb_equal(s + i, r + i))
                    ok = 0;
        }
    }
    arb_clear(c);
    jet_clear(a, ctx); jet_clear(b, ctx); jet_clear(r, ctx); jet_clear(s, ctx);
    return ok;
}

static void
check_inv_const(flint_rand_t st)
{
    jet_ctx_t C;
    slong sizes[2] = {1, 3}, caps[2] = {8, 1}, k, ord = 9;
    arb_ptr a, r, o, g;
    arb_t mneg;
    int ok;

    jet_ctx_init_groups(C, 2, sizes, caps, 9);
    a = jet_init(C); r = jet_init(C); o = jet_init(C); g = _arb_vec_init(ord + 1);
    arb_init(mneg);
    arb_set_si(a, 7);
    arb_div_ui(a, a, 3, PREC);
    mag_set_d(arb_radref(a), 1e-25);
    rand_jet(r, C, st, 0);                     /* junk to be overwritten */
    jet_inv(r, a, ord, C, PREC);
    arb_inv(g, a, PREC);
    arb_neg(mneg, g);
    for (k = 1; k <= ord; k++)
        arb_mul(g + k, g + k - 1, mneg, PREC);
    jet_compose_series(o, g, ord + 1, a, ord, C, PREC);
    ok = tu_vec_equal(r, o, C->len);
    jet_set(r, a, C);
    jet_inv(r, r, ord, C, PREC);               /* aliasing */
    ok = ok && tu_vec_equal(r, o, C->len);
    tap_ok(ok, "jet_inv of a constant jet = the composition route, ball for ball");
    arb_clear(mneg);
    jet_clear(a, C); jet_clear(r, C); jet_clear(o, C); _arb_vec_clear(g, ord + 1);
    jet_ctx_clear(C);
}

int
main(void)
{
    flint_rand_t st;
    jet_ctx_t U, C;
    slong sizes[2] = {1, 4}, caps[2] = {10, 1};

    tap_plan(10);
    flint_rand_init(st);
    check_memo(st);
    jet_ctx_init(U, 1, 30);
    jet_ctx_init_groups(C, 2, sizes, caps, 11);
    tap_ok(check_linear(U, st, 0), "linear operations = _arb_vec_*, one variable");
    tap_ok(check_linear(C, st, 0), "linear operations = _arb_vec_*, (s | z) caps (10 | 1)");
    tap_ok(check_linear(U, st, 1), "linear operations inside _arb_vec_*, long midpoints");
    tap_ok(check_linear(C, st, 1), "linear operations inside _arb_vec_*, long midpoints, (s | z)");
    check_inv_const(st);
    jet_ctx_clear(U);
    jet_ctx_clear(C);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
