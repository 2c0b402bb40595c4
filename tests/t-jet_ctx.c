/*
 * t-jet_ctx.c -- jet contexts.
 *
 *  - Sizes: the monomials of total degree <= N in d variables number
 *    binomial(N + d, d) (stars and bars), so deg_len[k] = binomial(k+d, d).
 *  - Grouped (t, e | y_1..y_4) with caps (K | 1) and order K + 1: a
 *    monomial is t^i e^j (i + j = k1 <= K, k1 + 1 choices) times 1 or one
 *    of the 4 y's (k1 + 1 <= K + 1 always holds), so the count is
 *    sum_{k1=0}^{K} 5 (k1 + 1) = 5 (K + 1)(K + 2) / 2.
 *  - General grouped contexts: count by brute force over the box
 *    [0, order]^d (an independent enumeration), and every box vector is
 *    found by jet_ctx_index iff it satisfies the constraints.
 *  - exps/index roundtrip, graded order, degree, up/down, var_index.
 */
#include <string.h>
#include "jet.h"
#include "tap.h"

static int
valid(const slong * e, slong d, slong ng, const slong * sizes,
      const slong * caps, slong order)
{
    slong g, i, v = 0, tot = 0;
    for (g = 0; g < ng; g++)
    {
        slong s = 0;
        for (i = 0; i < sizes[g]; i++)
            s += e[v++];
        if (s > caps[g])
            return 0;
        tot += s;
    }
    return tot <= order;
}

/* check everything on one context against the brute-force box scan */
static void
check_ctx(const jet_ctx_t ctx, slong ng, const slong * sizes,
          const slong * caps, const char *name)
{
    slong d = ctx->nvars, O = ctx->order, idx, i, count = 0;
    slong *e = flint_calloc(d, sizeof(slong));
    int ok_index = 1, ok_round = 1, ok_graded = 1, ok_nb = 1, ok_deg = 1;

    /* box scan: odometer over [0, O]^d */
    for (;;)
    {
        slong j = jet_ctx_index(ctx, e);
        if (valid(e, d, ng, sizes, caps, O))
        {
            count++;
            if (j < 0 || j >= ctx->len)
                ok_index = 0;
            else
                for (i = 0; i < d; i++)
                    if (jet_ctx_exp(ctx, j)[i] != e[i])
                        ok_index = 0;
        }
        else if (j != -1)
            ok_index = 0;
        for (i = 0; i < d && e[i] == O; i++)
            e[i] = 0;
        if (i == d)
            break;
        e[i]++;
    }

    for (idx = 0; idx < ctx->len; idx++)
    {
        const slong *x = jet_ctx_exp(ctx, idx);
        slong s = 0;
        for (i = 0; i < d; i++)
            s += x[i];
        if (jet_ctx_index(ctx, x) != idx)
            ok_round = 0;
        if (jet_ctx_degree(ctx, idx) != s)
            ok_deg = 0;
        if (idx > 0 && jet_ctx_degree(ctx, idx - 1) > s)
            ok_graded = 0;
        if (idx >= jet_ctx_len(ctx, s) || (s > 0 && idx < jet_ctx_len(ctx, s - 1)))
            ok_graded = 0;
        for (i = 0; i < d; i++)
        {
            slong u = ctx->up[idx * d + i], dn = ctx->down[idx * d + i], t;
            memcpy(e, x, d * sizeof(slong));
            e[i]++;
            t = valid(e, d, ng, sizes, caps, O) ? 1 : 0;
            if (t ? (u < 0 || jet_ctx_exp(ctx, u)[i] != x[i] + 1) : (u != -1))
                ok_nb = 0;
            if (x[i] == 0 ? dn != -1 : (dn < 0 || jet_ctx_exp(ctx, dn)[i] != x[i] - 1
                                        || ctx->up[dn * d + i] != idx))
                ok_nb = 0;
        }
    }

    tap_ok(count == ctx->len && ok_index,
           "%s: %ld monomials = brute-force count %ld; index finds exactly the valid vectors",
           name, ctx->len, count);
    tap_ok(ok_round && ok_deg && ok_graded, "%s: index(exps(i)) = i, degree, graded prefixes", name);
    tap_ok(ok_nb, "%s: up/down tables", name);
    flint_free(e);
}

int
main(void)
{
    jet_ctx_t ctx;
    slong d, N, k;
    int ok;

    tap_diag("no randomness");

    /* binomial sizes */
    ok = 1;
    for (d = 1; d <= 8; d++)
        for (N = 0; N <= 8; N++)
        {
            fmpz_t b;
            fmpz_init(b);
            jet_ctx_init(ctx, d, N);
            for (k = 0; k <= N; k++)
            {
                fmpz_bin_uiui(b, k + d, d);
                if (!fmpz_equal_si(b, jet_ctx_len(ctx, k)))
                    ok = 0;
            }
            if (ctx->len != jet_ctx_len(ctx, N) || jet_ctx_len(ctx, N + 5) != ctx->len)
                ok = 0;
            for (k = 0; k < d; k++)
                if (N >= 1 && jet_ctx_var_index(ctx, k) != 1 + k)
                    ok = 0;     /* x_0 first in lex-descending order */
            jet_ctx_clear(ctx);
            fmpz_clear(b);
        }
    tap_ok(ok, "deg_len[k] = binomial(k + d, d) for d <= 8, order <= 8");

    jet_ctx_init(ctx, 16, 4);
    {
        fmpz_t b;
        fmpz_init(b);
        fmpz_bin_uiui(b, 20, 16);
        tap_ok(fmpz_equal_si(b, ctx->len), "d = 16, order 4: binomial(20, 16) = %ld", ctx->len);
        fmpz_clear(b);
    }
    jet_ctx_clear(ctx);

    {
        slong sizes[1] = {3}, caps[1] = {5};
        jet_ctx_init(ctx, 3, 5);
        check_ctx(ctx, 1, sizes, caps, "plain d=3 order 5");
        jet_ctx_clear(ctx);
    }

    for (k = 0; k <= 6; k++)
    {
        slong sizes[2] = {2, 4}, caps[2];
        caps[0] = k;
        caps[1] = 1;
        jet_ctx_init_groups(ctx, 2, sizes, caps, k + 1);
        tap_ok(ctx->len == 5 * (k + 1) * (k + 2) / 2,
               "(t,e|y1..y4) caps (%ld|1) order %ld: 5(K+1)(K+2)/2 = %ld monomials",
               k, k + 1, ctx->len);
        if (k == 3)
            check_ctx(ctx, 2, sizes, caps, "(t,e|y1..y4) caps (3|1)");
        jet_ctx_clear(ctx);
    }

    {
        slong sizes[3] = {1, 2, 2}, caps[3] = {3, 2, 1};
        jet_ctx_init_groups(ctx, 3, sizes, caps, 4);
        check_ctx(ctx, 3, sizes, caps, "groups (1|2|2) caps (3|2|1) order 4");
        jet_ctx_clear(ctx);
    }
    {
        /* caps above the order are clamped; a cap-0 group is inert */
        slong sizes[3] = {2, 1, 2}, caps[3] = {9, 0, 2};
        jet_ctx_init_groups(ctx, 3, sizes, caps, 3);
        check_ctx(ctx, 3, sizes, caps, "groups (2|1|2) caps (9|0|2) order 3");
        tap_ok(jet_ctx_var_index(ctx, 2) == -1, "variable of a cap-0 group has no index");
        jet_ctx_clear(ctx);
    }

    flint_cleanup();
    return tap_done();
}
