/*
 * series_ctx.c -- the jet contexts of the series routes, cached per thread
 * across calls (and so across the points of one --points-file run): the
 * contexts are index and multiplication tables of monomials, functions of
 * (n, order) only, shared by the time route (series_time.c) and the
 * covariant route (series_covtraj.c); neither route's arithmetic is shared.
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

static void
ctx_cache_free(void)
{
    slong s;
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
