/*
 * jet_ctx_init.c -- jet contexts: monomial enumeration (graded, within a
 * degree lexicographically descending: x_0^k first), ranking tables for
 * jet_ctx_index, up/down neighbour tables.
 *
 * Ranking.  Let W = order + 1, cap_g = min(group_order[g], order).  For
 * variable position i, remaining degree r and remaining capacity s of
 * the group of variable i, N(i, r, s) is the number of exponent tails
 * (e_i..e_{d-1}) with sum exactly r respecting the caps.  The rank of a
 * vector of degree k among degree-k vectors in lex-descending order is
 * sum_i G(i, r_i, s_i, e_i), where G(i, r, s, e) = sum_{e < e' <=
 * min(r, s)} N(i+1, r - e', s'(e')) counts the tails with a larger
 * entry at position i.  rank_tab holds ncap[0..d-1] (cap of the group
 * starting at variable i, or -1 if i does not start a group) followed
 * by G as a d x W x W x W array.
 */
#include <stdio.h>
#include <string.h>
#include "impl.h"

#define GIDX(i, r, s, e, W) ((((i) * (W) + (r)) * (W) + (s)) * (W) + (e))

static void
_enumerate(jet_ctx_struct * ctx, slong * cur, slong i, slong r, slong s,
           slong * pos)
{
    slong d = ctx->nvars, e, emax, s2;
    const slong *ncap = ctx->rank_tab;

    if (i == d - 1)
    {
        if (r <= s)
        {
            cur[i] = r;
            memcpy(ctx->exps + (*pos) * d, cur, d * sizeof(slong));
            (*pos)++;
        }
        return;
    }
    emax = FLINT_MIN(r, s);
    for (e = emax; e >= 0; e--)
    {
        cur[i] = e;
        s2 = (ncap[i + 1] >= 0) ? ncap[i + 1] : s - e;
        _enumerate(ctx, cur, i + 1, r - e, s2, pos);
    }
}

static void
_jet_ctx_init(jet_ctx_struct * ctx, slong ngroups, const slong * gsizes,
              const slong * gorders, slong order)
{
    slong d, W, g, i, r, s, e, k, idx, v, *N, *G, *ncap, *cur;
    double dlen;

    if (ngroups < 1 || ngroups > JET_MAX_GROUPS || order < 0)
        flint_abort();

    d = 0;
    for (g = 0; g < ngroups; g++)
    {
        if (gsizes[g] < 0 || gorders[g] < 0)
        {
            flint_printf("jet_ctx_init: negative group size or order\n");
            flint_abort();
        }
        ctx->group_start[g] = d;
        ctx->group_order[g] = gorders[g];
        d += gsizes[g];
    }
    ctx->group_start[ngroups] = d;
    for (g = ngroups; g < JET_MAX_GROUPS; g++)
    {
        ctx->group_start[g + 1] = d;
        ctx->group_order[g] = 0;
    }
    if (d < 1)
    {
        flint_printf("jet_ctx_init: need at least one variable\n");
        flint_abort();
    }

    ctx->nvars = d;
    ctx->order = order;
    ctx->ngroups = ngroups;
    W = order + 1;

    /* ncap */
    ctx->rank_tab = flint_malloc((d + d * W * W * W) * sizeof(slong));
    ncap = ctx->rank_tab;
    G = ctx->rank_tab + d;
    for (i = 0; i < d; i++)
        ncap[i] = -1;
    for (g = 0; g < ngroups; g++)
        if (gsizes[g] > 0)
            ncap[ctx->group_start[g]] = FLINT_MIN(gorders[g], order);

    /* N(i, r, s), i = 0..d, counts saturate at WORD_MAX / 2 */
    N = flint_calloc((d + 1) * W * W, sizeof(slong));
    for (s = 0; s < W; s++)
        N[(d * W + 0) * W + s] = 1;
    for (i = d - 1; i >= 0; i--)
    {
        for (r = 0; r < W; r++)
            for (s = 0; s < W; s++)
            {
                slong acc = 0, emax = FLINT_MIN(r, s);
                for (e = W - 1; e >= 0; e--)
                {
                    G[GIDX(i, r, s, e, W)] = acc;
                    if (e <= emax)
                    {
                        slong s2 = (i + 1 < d && ncap[i + 1] >= 0) ? ncap[i + 1]
                                   : (i + 1 < d ? s - e : 0);
                        acc += N[((i + 1) * W + (r - e)) * W + s2];
                        if (acc > WORD_MAX / 4)
                            acc = WORD_MAX / 4;
                    }
                }
                N[(i * W + r) * W + s] = acc;
            }
    }

    ctx->deg_len = flint_malloc(W * sizeof(slong));
    dlen = 0;
    for (k = 0; k <= order; k++)
    {
        dlen += (double) N[(0 * W + k) * W + ncap[0]];
        ctx->deg_len[k] = (slong) FLINT_MIN(dlen, (double) WORD_MAX / 4);
    }
    flint_free(N);

    if (dlen > 1e8 || dlen * d > 4e8)
    {
        flint_printf("jet_ctx_init: %.0f monomials in %wd variables: too large\n",
                     dlen, d);
        flint_abort();
    }
    ctx->len = ctx->deg_len[order];

    /* monomials */
    ctx->exps = flint_malloc(ctx->len * d * sizeof(slong));
    cur = flint_calloc(d, sizeof(slong));
    idx = 0;
    for (k = 0; k <= order; k++)
        _enumerate(ctx, cur, 0, k, ncap[0], &idx);
    flint_free(cur);
    if (idx != ctx->len)
        flint_abort();

    /* neighbours */
    ctx->up = flint_malloc(ctx->len * d * sizeof(slong));
    ctx->down = flint_malloc(ctx->len * d * sizeof(slong));
    cur = flint_malloc(d * sizeof(slong));
    for (idx = 0; idx < ctx->len; idx++)
    {
        memcpy(cur, ctx->exps + idx * d, d * sizeof(slong));
        for (v = 0; v < d; v++)
        {
            cur[v]++;
            ctx->up[idx * d + v] = jet_ctx_index(ctx, cur);
            cur[v] -= 2;
            ctx->down[idx * d + v] = (cur[v] < 0) ? -1 : jet_ctx_index(ctx, cur);
            cur[v]++;
        }
    }
    flint_free(cur);

    ctx->mul_start = NULL;
    ctx->mul_a = NULL;
    ctx->mul_b = NULL;
    ctx->mul_npairs = 0;
    ctx->mul_maxpairs = 0;
}

void
jet_ctx_init(jet_ctx_t ctx, slong nvars, slong order)
{
    slong o = order;
    _jet_ctx_init(ctx, 1, &nvars, &o, order);
}

void
jet_ctx_init_groups(jet_ctx_t ctx, slong ngroups, const slong * group_sizes,
                    const slong * group_orders, slong order)
{
    _jet_ctx_init(ctx, ngroups, group_sizes, group_orders, order);
}

void
jet_ctx_clear(jet_ctx_t ctx)
{
    flint_free(ctx->deg_len);
    flint_free(ctx->exps);
    flint_free(ctx->up);
    flint_free(ctx->down);
    flint_free(ctx->rank_tab);
    flint_free(ctx->mul_start);
    flint_free(ctx->mul_a);
    flint_free(ctx->mul_b);
}
