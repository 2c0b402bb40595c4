/*
 * flow_zctx.c -- the caller's jet context extended by d variables z of
 * cap 1, for forward-mode directional derivatives on jets, cached per
 * context (impl.h; nh_flow_certified_variation,
 * nh_flow_certified_transport).
 */
#include <string.h>
#include "impl.h"

static void
zslot_clear(_nh_flow_zslot *sl)
{
    if (sl->key == NULL)
        return;
    flint_free(sl->up);
    flint_free(sl->down);
    jet_ctx_clear(sl->c3);
    sl->key = NULL;
}

static void
zslot_init(_nh_flow_zslot *sl, const jet_ctx_t ctx, slong d)
{
    slong k, g, sizes[JET_MAX_GROUPS], caps[JET_MAX_GROUPS];

    for (g = 0; g < ctx->ngroups; g++)
    {
        sizes[g] = ctx->group_start[g + 1] - ctx->group_start[g];
        caps[g] = ctx->group_order[g];
    }
    sizes[g] = d;
    caps[g] = 1;
    jet_ctx_init_groups(sl->c3, ctx->ngroups + 1, sizes, caps, ctx->order + 1);
    sl->up = flint_malloc(ctx->nvars * sizeof(slong));
    sl->down = flint_malloc(sl->c3->nvars * sizeof(slong));
    for (k = 0; k < ctx->nvars; k++)
        sl->up[k] = k;
    for (k = 0; k < sl->c3->nvars; k++)
        sl->down[k] = (k < ctx->nvars) ? k : -1;
    sl->key = ctx;
    sl->keylen = ctx->len;
}

void
_nh_flow_zcache_init(_nh_flow_zcache *C, slong d)
{
    memset(C, 0, sizeof *C);
    C->d = d;
}

_nh_flow_zslot *
_nh_flow_zcache_get(_nh_flow_zcache *C, const jet_ctx_t ctx)
{
    slong k;
    _nh_flow_zslot *sl;

    for (k = 0; k < NH_FLOW_ZSLOTS; k++)
        if (C->slot[k].key == ctx && C->slot[k].keylen == ctx->len)
            return C->slot + k;
    sl = C->slot + C->next;
    C->next = (C->next + 1) % NH_FLOW_ZSLOTS;
    zslot_clear(sl);
    zslot_init(sl, ctx, C->d);
    return sl;
}

void
_nh_flow_zcache_clear(_nh_flow_zcache *C)
{
    slong k;

    for (k = 0; k < NH_FLOW_ZSLOTS; k++)
        zslot_clear(C->slot + k);
}
