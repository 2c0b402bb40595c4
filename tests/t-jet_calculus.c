/*
 * t-jet_calculus.c -- derivative, integral, multiplication by a
 * variable, transfer between contexts, composition.
 *
 *  - d/dx_i x^alpha = alpha_i x^(alpha - e_i) (closed form), for every
 *    monomial; top degree lost (set to zero).
 *  - d/dx_i (integral in x_i of a) = a up to degree order - 1, zero at
 *    the top degree (the integral of the top-degree part leaves the set).
 *  - integral(d/dx_i a) = a - a|_{x_i = 0} exactly (every alpha with
 *    alpha_i > 0 is recovered from alpha itself).
 *  - x_i x^alpha = x^(alpha + e_i) or dropped.
 *  - Transfer (x, y) -> (u, v, w) with x -> w, y -> u: x^i y^j -> w^i u^j;
 *    with y -> 0 only j = 0 survives; (x, y) -> (u) with both -> u maps
 *    (1 + x + y)^5 to (1 + 2u)^5 = sum binomial(5, k) 2^k u^k.
 *  - grouped (t | y) caps (5 | 1): derivative in y equals the plain one.
 *  - jet_zero_above(ord): degree <= ord (from the exponents) kept, the
 *    rest zero.
 *  - compose_series with c_k = 1 (1/(1-s)) at a = x + y (a(0) = 0):
 *    sum_k (x + y)^k, coefficient of x^i y^j is binomial(i + j, i).
 */
#include <string.h>
#include "jet.h"
#include "tap.h"
#include "jet_testutil.h"

#define PREC 128


int
main(void)
{
    flint_rand_t st;
    ulong seed = 4242;
    jet_ctx_t ctx;
    arb_ptr a, b, c;
    slong d = 3, N = 5, idx, i, j;
    int ok;

    flint_rand_init(st);
    flint_rand_set_seed(st, seed, seed * 7);
    tap_diag("seed %lu", seed);

    jet_ctx_init(ctx, d, N);
    a = jet_init(ctx);
    b = jet_init(ctx);
    c = jet_init(ctx);

    /* derivative of monomials */
    ok = 1;
    for (idx = 0; idx < ctx->len; idx++)
        for (i = 0; i < d; i++)
        {
            slong e[3], t;
            jet_zero(a, ctx);
            arb_one(a + idx);
            jet_derivative(b, a, i, ctx, PREC);
            memcpy(e, jet_ctx_exp(ctx, idx), sizeof e);
            e[i]--;
            t = (e[i] >= 0) ? jet_ctx_index(ctx, e) : -1;
            for (j = 0; j < ctx->len; j++)
                if (!arb_equal_si(b + j, (j == t) ? e[i] + 1 : 0))
                    ok = 0;
        }
    tap_ok(ok, "d/dx_i x^alpha = alpha_i x^(alpha - e_i) for all monomials, d=3 order 5");

    ok = 1;
    for (idx = 0; idx < ctx->len; idx++)
        for (i = 0; i < d; i++)
        {
            slong e[3], t;
            jet_zero(a, ctx);
            arb_one(a + idx);
            jet_mul_var(b, a, i, ctx);
            memcpy(e, jet_ctx_exp(ctx, idx), sizeof e);
            e[i]++;
            t = jet_ctx_index(ctx, e);
            for (j = 0; j < ctx->len; j++)
                if (!arb_equal_si(b + j, (j == t) ? 1 : 0))
                    ok = 0;
        }
    tap_ok(ok, "x_i x^alpha = x^(alpha + e_i) or dropped");

    for (i = 0; i < d; i++)
    {
        slong ntop = jet_ctx_len(ctx, N - 1);
        tu_rand_jet(a, ctx, st, 10, 0);
        jet_integral(b, a, i, ctx, PREC);
        jet_derivative(b, b, i, ctx, PREC);
        ok = 1;
        for (j = 0; j < ctx->len; j++)
            if (j < ntop ? !arb_contains(b + j, a + j) : !arb_is_zero(b + j))
                ok = 0;
        tap_ok(ok, "d/dx_%ld integral_x_%ld a = a below the top degree (aliased)", i, i);

        jet_derivative(b, a, i, ctx, PREC);
        jet_integral(b, b, i, ctx, PREC);
        ok = 1;
        for (j = 0; j < ctx->len; j++)
            if (jet_ctx_exp(ctx, j)[i] > 0 ? !arb_contains(b + j, a + j) : !arb_is_zero(b + j))
                ok = 0;
        tap_ok(ok, "integral_x_%ld d/dx_%ld a = a - a|_{x_%ld=0}", i, i, i);
    }

    /* transfer */
    {
        jet_ctx_t c2, c3, c1;
        arb_ptr x2, x3, x1;
        slong map[2];
        jet_ctx_init(c2, 2, 5);
        jet_ctx_init(c3, 3, 5);
        jet_ctx_init(c1, 1, 5);
        x2 = jet_init(c2);
        x3 = jet_init(c3);
        x1 = jet_init(c1);
        tu_rand_jet(x2, c2, st, 10, 0);

        map[0] = 2; map[1] = 0;
        jet_transfer(x3, c3, x2, c2, map);
        ok = 1;
        for (idx = 0; idx < c3->len; idx++)
        {
            const slong *e = jet_ctx_exp(c3, idx);
            slong src[2];
            src[0] = e[2];
            src[1] = e[0];
            if (e[1] != 0 ? !arb_is_zero(x3 + idx)
                          : !arb_equal(x3 + idx, x2 + jet_ctx_index(c2, src)))
                ok = 0;
        }
        tap_ok(ok, "transfer x -> w, y -> u: x^i y^j -> w^i u^j");

        map[0] = 1; map[1] = -1;
        jet_transfer(x3, c3, x2, c2, map);
        ok = 1;
        for (idx = 0; idx < c3->len; idx++)
        {
            const slong *e = jet_ctx_exp(c3, idx);
            slong src[2];
            src[0] = e[1];
            src[1] = 0;
            if (e[0] != 0 || e[2] != 0 ? !arb_is_zero(x3 + idx)
                                       : !arb_equal(x3 + idx, x2 + jet_ctx_index(c2, src)))
                ok = 0;
        }
        tap_ok(ok, "transfer with y -> 0 keeps the y-free part");

        jet_set_si(x2, 1, c2);
        arb_one(x2 + jet_ctx_var_index(c2, 0));
        arb_one(x2 + jet_ctx_var_index(c2, 1));
        jet_pow_ui(x2, x2, 5, 5, c2, PREC);
        map[0] = 0; map[1] = 0;
        jet_transfer(x1, c1, x2, c2, map);
        ok = 1;
        for (idx = 0; idx <= 5; idx++)
        {
            fmpz_t f;
            fmpz_init(f);
            fmpz_bin_uiui(f, 5, idx);
            fmpz_mul_2exp(f, f, idx);
            if (!arb_contains_fmpz(x1 + jet_ctx_index(c1, &idx), f))
                ok = 0;
            fmpz_clear(f);
        }
        tap_ok(ok, "transfer x, y -> u: (1 + x + y)^5 -> (1 + 2u)^5 binomials");

        /* into a smaller order: drop degrees > 2 */
        {
            jet_ctx_t s;
            arb_ptr xs;
            slong id[2] = {0, 1};
            jet_ctx_init(s, 2, 2);
            xs = jet_init(s);
            tu_rand_jet(x2, c2, st, 10, 0);
            jet_transfer(xs, s, x2, c2, id);
            ok = 1;
            for (idx = 0; idx < s->len; idx++)
                if (!arb_equal(xs + idx, x2 + jet_ctx_index(c2, jet_ctx_exp(s, idx))))
                    ok = 0;
            tap_ok(ok, "transfer to order 2 keeps exactly the degree <= 2 part");
            jet_clear(xs, s);
            jet_ctx_clear(s);
        }

        /* compose_series: 1/(1 - s) at s = x + y */
        {
            arb_ptr cc = _arb_vec_init(9);
            for (i = 0; i < 9; i++)
                arb_one(cc + i);
            jet_zero(x2, c2);
            arb_one(x2 + jet_ctx_var_index(c2, 0));
            arb_one(x2 + jet_ctx_var_index(c2, 1));
            jet_compose_series(x2, cc, 9, x2, 5, c2, PREC);
            ok = 1;
            for (idx = 0; idx < c2->len; idx++)
            {
                const slong *e = jet_ctx_exp(c2, idx);
                fmpz_t f;
                fmpz_init(f);
                fmpz_bin_uiui(f, e[0] + e[1], e[0]);
                if (!arb_contains_fmpz(x2 + idx, f))
                    ok = 0;
                fmpz_clear(f);
            }
            tap_ok(ok, "compose_series(1/(1-s), x + y): binomial(i+j, i), clen > ord+1, aliased");
            _arb_vec_clear(cc, 9);
        }

        jet_clear(x2, c2);
        jet_clear(x3, c3);
        jet_clear(x1, c1);
        jet_ctx_clear(c2);
        jet_ctx_clear(c3);
        jet_ctx_clear(c1);
    }

    /* grouped derivative in y agrees with plain */
    {
        jet_ctx_t g, p;
        slong sizes[2] = {1, 2}, caps[2] = {5, 1}, id[3] = {0, 1, 2};
        arb_ptr ga, gb, pa, pb, back;
        jet_ctx_init_groups(g, 2, sizes, caps, 6);
        jet_ctx_init(p, 3, 6);
        ga = jet_init(g); gb = jet_init(g); back = jet_init(g);
        pa = jet_init(p); pb = jet_init(p);
        tu_rand_jet(ga, g, st, 10, 0);
        ok = 1;
        for (i = 0; i < 3; i++)
        {
            jet_derivative(gb, ga, i, g, PREC);
            jet_transfer(pa, p, ga, g, id);
            jet_derivative(pb, pa, i, p, PREC);
            jet_transfer(back, g, pb, p, id);
            for (idx = 0; idx < g->len; idx++)
            {
                /* known iff alpha + e_i lies in the grouped set */
                if (g->up[idx * 3 + i] >= 0 ? !arb_equal(gb + idx, back + idx)
                                            : !arb_is_zero(gb + idx))
                    ok = 0;
            }
        }
        tap_ok(ok, "grouped (t|y1,y2) caps (5|1): derivatives agree with the plain context");
        jet_clear(ga, g); jet_clear(gb, g); jet_clear(back, g);
        jet_clear(pa, p); jet_clear(pb, p);
        jet_ctx_clear(g);
        jet_ctx_clear(p);
    }

    /* jet_zero_above: degree <= ord kept bit for bit, above zero (the
       degree read off the exponents, not from the graded layout) */
    {
        slong o, e;
        ok = 1;
        for (o = -1; o <= N + 1; o++)
        {
            for (idx = 0; idx < ctx->len; idx++)
            {
                arb_set_si(a + idx, (slong) n_randint(st, 199) - 99);
                if (n_randint(st, 3) == 0)
                    arb_zero(a + idx);
            }
            jet_set(b, a, ctx);
            jet_zero_above(b, o, ctx);
            for (idx = 0; idx < ctx->len; idx++)
            {
                const slong *ex = jet_ctx_exp(ctx, idx);
                for (e = i = 0; i < d; i++)
                    e += ex[i];
                if (e <= o ? !arb_equal(b + idx, a + idx) : !arb_is_zero(b + idx))
                    ok = 0;
            }
        }
        tap_ok(ok, "jet_zero_above(ord) for ord = -1..order+1: degree <= ord kept, above zero");
    }

    jet_clear(a, ctx);
    jet_clear(b, ctx);
    jet_clear(c, ctx);
    jet_ctx_clear(ctx);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
