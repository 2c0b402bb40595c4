/*
 * jet_ctx_index.c -- monomial lookup (O(nvars) via the ranking tables
 * built in jet_ctx_init.c) and small context accessors.
 */
#include "impl.h"

slong
jet_ctx_index(const jet_ctx_t ctx, const slong * exp)
{
    slong d = ctx->nvars, W = ctx->order + 1, i, k, r, s, e, rank;
    const slong *ncap = ctx->rank_tab, *G = ctx->rank_tab + d;

    k = 0;
    for (i = 0; i < d; i++)
    {
        if (exp[i] < 0)
            return -1;
        k += exp[i];
        if (k > ctx->order)
            return -1;
    }

    r = k;
    s = ncap[0];
    rank = (k == 0) ? 0 : ctx->deg_len[k - 1];
    for (i = 0; i < d; i++)
    {
        e = exp[i];
        if (e > s)              /* e <= r holds by construction */
            return -1;
        rank += G[(((i * W) + r) * W + s) * W + e];
        r -= e;
        if (i + 1 < d)
            s = (ncap[i + 1] >= 0) ? ncap[i + 1] : s - e;
    }
    return rank;
}

slong
jet_ctx_len(const jet_ctx_t ctx, slong ord)
{
    if (ord < 0)
        return 0;
    if (ord > ctx->order)
        ord = ctx->order;
    return ctx->deg_len[ord];
}

slong
jet_ctx_var_index(const jet_ctx_t ctx, slong i)
{
    if (i < 0 || i >= ctx->nvars)
        return -1;
    return ctx->up[0 * ctx->nvars + i];
}

const slong *
jet_ctx_exp(const jet_ctx_t ctx, slong idx)
{
    return ctx->exps + idx * ctx->nvars;
}

slong
jet_ctx_degree(const jet_ctx_t ctx, slong idx)
{
    /* graded order: binary search in deg_len */
    slong lo = 0, hi = ctx->order;
    while (lo < hi)
    {
        slong mid = (lo + hi) / 2;
        if (idx < ctx->deg_len[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}
