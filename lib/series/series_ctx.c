/*
 * series_ctx.c -- the jet contexts of the series routes, cached per thread
 * across calls (and so across the points of one --points-file run, the
 * field evaluations of a reduced flow): the contexts are index and
 * multiplication tables of monomials, functions of (n, order) only, shared
 * by the time route (series_time.c) and the covariant route
 * (series_covtraj.c); neither route's arithmetic is shared.  Each route
 * also keeps its workspace (the jets of a call, built on these contexts)
 * in a slot of its own for the next call with the same (n, m, K).
 */
#include "impl.h"

/* see impl.h.  Per-thread cache of the contexts c2 (order s) and cy (order s + 1,
   degree <= 1 in y) for s = 1..K and one n: they depend only on (n, s),
   not on the point, and building them (and their multiplication tables)
   costs as much as a few sweeps at small K.  Freed by flint_cleanup()
   (the pattern Arb uses for its own thread-local caches). */
static FLINT_TLS_PREFIX slong ctx_cache_n = -1;
static FLINT_TLS_PREFIX slong ctx_cache_K = 0;
static FLINT_TLS_PREFIX jet_ctx_struct *ctx_cache_c2 = NULL;
static FLINT_TLS_PREFIX jet_ctx_struct *ctx_cache_cy = NULL;
static FLINT_TLS_PREFIX int ctx_cache_registered = 0;

/* see impl.h: the workspace slots; a workspace in a slot was built on the
   contexts above, so the slots are emptied before those are freed */
typedef struct
{
    void *ws;
    slong n, m, K;
    _nh_series_ws_clear_fn clear;
}
ws_slot_struct;

static FLINT_TLS_PREFIX ws_slot_struct ws_slots[NH_SERIES_WS_SLOTS];

static void
ws_slot_empty(ws_slot_struct *sl)
{
    if (sl->ws != NULL)
        sl->clear(sl->ws);
    sl->ws = NULL;
}

void *
_nh_series_ws_take(int slot, slong n, slong m, slong K)
{
    ws_slot_struct *sl = ws_slots + slot;
    void *ws = NULL;
    if (sl->ws != NULL && sl->n == n && sl->m == m && sl->K == K)
    {
        ws = sl->ws;
        sl->ws = NULL;
    }
    else
        ws_slot_empty(sl);
    return ws;
}

void
_nh_series_ws_give(int slot, void *ws, slong n, slong m, slong K, double bytes,
                   _nh_series_ws_clear_fn clear)
{
    ws_slot_struct *sl = ws_slots + slot;
    ws_slot_empty(sl);
    if (!(bytes <= NH_SERIES_WS_KEEP_BYTES))
    {
        clear(ws);
        return;
    }
    sl->ws = ws;
    sl->n = n;
    sl->m = m;
    sl->K = K;
    sl->clear = clear;
}

static void
ctx_cache_free(void)
{
    slong s;
    int k;
    for (k = 0; k < NH_SERIES_WS_SLOTS; k++)
        ws_slot_empty(ws_slots + k);
    for (s = 0; s < ctx_cache_K; s++)
    {
        jet_ctx_clear(ctx_cache_c2 + s);
        jet_ctx_clear(ctx_cache_cy + s);
    }
    flint_free(ctx_cache_c2);
    flint_free(ctx_cache_cy);
    ctx_cache_c2 = ctx_cache_cy = NULL;
    ctx_cache_n = -1;
    ctx_cache_K = 0;
}

/* registered with flint_register_cleanup_function; flint_cleanup()
   forgets its list afterwards, so register again on the next use */
static void
ctx_cache_cleanup(void)
{
    ctx_cache_free();
    ctx_cache_registered = 0;
}

void
_nh_series_contexts(jet_ctx_struct **c2, jet_ctx_struct **cy, slong n, slong K)
{
    slong s, sizes[2], orders[2];
    if (ctx_cache_n != n || ctx_cache_K < K)
    {
        ctx_cache_free();
        if (!ctx_cache_registered)
        {
            flint_register_cleanup_function(ctx_cache_cleanup);
            ctx_cache_registered = 1;
        }
        ctx_cache_c2 = flint_malloc(K * sizeof(jet_ctx_struct));
        ctx_cache_cy = flint_malloc(K * sizeof(jet_ctx_struct));
        sizes[0] = 2; sizes[1] = n; orders[1] = 1;
        for (s = 1; s <= K; s++)
        {
            jet_ctx_init(ctx_cache_c2 + s - 1, 2, s);
            orders[0] = s;
            jet_ctx_init_groups(ctx_cache_cy + s - 1, 2, sizes, orders, s + 1);
        }
        ctx_cache_n = n;
        ctx_cache_K = K;
    }
    *c2 = ctx_cache_c2;
    *cy = ctx_cache_cy;
}
