/* geom_init.c -- allocation of nh_geom_t (see geom.h). */
#include "geom.h"

void
nh_geom_init(nh_geom_t g, const nh_model_struct *M, const jet_ctx_t ctx)
{
    slong n = nh_model_n(M), m = nh_model_m(M);

    g->n = n;
    g->m = m;
    g->ord = -1;
    jet_mat_init(g->G, n, n, ctx);
    jet_mat_init(g->Ginv, n, n, ctx);
    jet_mat_init(g->A, m, n, ctx);
    jet_mat_init(g->mu, m, m, ctx);
    jet_mat_init(g->S, m, m, ctx);
    jet_mat_init(g->Sinv, m, m, ctx);
    jet_mat_init(g->Pperp, n, n, ctx);
    jet_mat_init(g->P, n, n, ctx);
    jet_mat_init(g->FRs, n, n, ctx);
    jet_mat_init(g->Q, n, n, ctx);
    jet_mat_init(g->dV, n, 1, ctx);
    jet_mat_init(g->gradV, n, 1, ctx);
    g->Gamma = jet_vec_init(n * n * n, ctx);
}

void
nh_geom_clear(nh_geom_t g, const jet_ctx_t ctx)
{
    jet_mat_clear(g->G, ctx);
    jet_mat_clear(g->Ginv, ctx);
    jet_mat_clear(g->A, ctx);
    jet_mat_clear(g->mu, ctx);
    jet_mat_clear(g->S, ctx);
    jet_mat_clear(g->Sinv, ctx);
    jet_mat_clear(g->Pperp, ctx);
    jet_mat_clear(g->P, ctx);
    jet_mat_clear(g->FRs, ctx);
    jet_mat_clear(g->Q, ctx);
    jet_mat_clear(g->dV, ctx);
    jet_mat_clear(g->gradV, ctx);
    jet_vec_clear(g->Gamma, g->n * g->n * g->n, ctx);
}
