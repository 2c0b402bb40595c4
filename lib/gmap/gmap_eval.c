/*
 * gmap_eval.c -- g_t, dg_t, omega_t, Omega_t and the first- and
 * second-order point maps at a point, from the order-2 jets of the map
 * in (x, t) (lib/gmap.h; 003 eq (3.1), Prop 3.1).
 */
#include <stdlib.h>
#include <string.h>
#include "impl.h"

void
nh_gmap_values_init(nh_gmap_values_struct *V, const nh_gmap_t g)
{
    slong n = g->n, nq = g->nq;
    V->n = n;
    V->nq = nq;
    V->q = _arb_vec_init(nq);
    V->dg = _arb_vec_init(nq * n);
    V->omega = _arb_vec_init(nq);
    V->Omega = _arb_vec_init(n);
    V->qdot = _arb_vec_init(nq);
    V->qddot = _arb_vec_init(nq);
    V->d2g = _arb_vec_init(nq * (n + 1) * (n + 1));
}

void
nh_gmap_values_clear(nh_gmap_values_struct *V)
{
    slong n = V->n, nq = V->nq;
    _arb_vec_clear(V->q, nq);
    _arb_vec_clear(V->dg, nq * n);
    _arb_vec_clear(V->omega, nq);
    _arb_vec_clear(V->Omega, n);
    _arb_vec_clear(V->qdot, nq);
    _arb_vec_clear(V->qddot, nq);
    _arb_vec_clear(V->d2g, nq * (n + 1) * (n + 1));
}

/* The jets of g^a at (x, t) to order 2 in the n + 1 variables; values,
   first and second derivatives into V (q, dg, omega, d2g). */
static int
eval_jets(nh_gmap_values_struct *V, const nh_gmap_t g, arb_srcptr x, const arb_t t, slong prec,
          nh_error_t err)
{
    slong n = g->n, n1 = n + 1, a, I, J;
    jet_ctx_t ctx;
    arb_ptr y, out;
    expr_eval_struct E;
    int r = NH_OK;
    slong *e = calloc((size_t) n1, sizeof(slong));

    jet_ctx_init(ctx, n1, 2);
    y = jet_vec_init(n1, ctx);
    out = jet_init(ctx);
    for (I = 0; I < n; I++)
        jet_set_var(JET_ENTRY(y, I, ctx), x + I, I, ctx);
    jet_set_var(JET_ENTRY(y, n, ctx), t, n, ctx);
    memset(&E, 0, sizeof E);
    E.A = g->A;
    E.q = y;
    E.ord = 2;
    E.L = jet_ctx_len(ctx, 2);
    E.prec = prec;
    E.ctx = ctx;
    E.nstack = g->need;
    E.stack = jet_vec_init(g->need, ctx);
    for (a = 0; a < g->nq && r == NH_OK; a++)
    {
        E.bad_node = -1;
        if ((r = expr_eval_jet(out, &E, g->roots[a])) != NH_OK)
        {
            const expr_node *bad = g->A->nodes + E.bad_node;
            nh_error_set(err, NH_ERR_DOMAIN, "%s:%d:%d: map: %s", g->file, bad->line, bad->col,
                         E.bad_why);
            break;
        }
        arb_set(V->q + a, out);
        for (I = 0; I < n1; I++)
        {
            arb_srcptr c = out + jet_ctx_var_index(ctx, I);
            if (I < n)
                arb_set(V->dg + a * n + I, c);
            else
                arb_set(V->omega + a, c);
            for (J = 0; J < n1; J++)
            {
                /* Taylor coefficient -> derivative: d^2/dy^I^2 = 2 c_II */
                arb_ptr d = V->d2g + (a * n1 + I) * n1 + J;
                memset(e, 0, (size_t) n1 * sizeof(slong));
                e[I]++;
                e[J]++;
                arb_set(d, out + jet_ctx_index(ctx, e));
                if (I == J)
                    arb_mul_2exp_si(d, d, 1);
            }
        }
    }
    jet_vec_clear(E.stack, g->need, ctx);
    jet_clear(out, ctx);
    jet_vec_clear(y, n1, ctx);
    jet_ctx_clear(ctx);
    free(e);
    return r;
}

/* Omega = dg^-1 omega (003 Prop 3.1 (i)); NH_ERR_MODEL if dg is
   certainly singular, NH_ERR_DOMAIN if not certified invertible. */
static int
solve_Omega(nh_gmap_values_struct *V, const nh_gmap_t g, arb_srcptr x, const arb_t t, slong prec,
            nh_error_t err)
{
    slong n = g->n, i;
    arb_mat_t D, w, W;
    int r = NH_OK;
    arb_mat_init(D, n, n);
    arb_mat_init(w, n, 1);
    arb_mat_init(W, n, 1);
    for (i = 0; i < n * n; i++)
        arb_set(arb_mat_entry(D, i / n, i % n), V->dg + i);
    for (i = 0; i < n; i++)
        arb_set(arb_mat_entry(w, i, 0), V->omega + i);
    if (arb_mat_solve(W, D, w, prec))
        for (i = 0; i < n; i++)
            arb_set(V->Omega + i, arb_mat_entry(W, i, 0));
    else
    {
        arb_t det;
        char *ds, *ts;
        arb_init(det);
        arb_mat_det(det, D, prec);
        ds = arb_get_str(det, 10, 0);
        ts = arb_get_str(t, 10, 0);
        if (arb_is_zero(det))
        {
            char buf[400];
            size_t l = 0;
            for (i = 0; i < n && l < sizeof buf - 40; i++)
            {
                char *xs = arb_get_str(x + i, 10, 0);
                l += (size_t) snprintf(buf + l, sizeof buf - l, "%s%s", i ? ", " : "", xs);
                flint_free(xs);
            }
            r = nh_error_set(err, NH_ERR_MODEL, "%s:%d:%d: map: dg_t is singular at x = (%s), t = %s "
                             "(det dg_t = %s): Omega_t = dg_t^-1 omega_t is undefined",
                             g->file, g->line, g->col, buf, ts, ds);
        }
        else
            r = nh_error_set(err, NH_ERR_DOMAIN, "%s:%d:%d: map: dg_t not certified invertible "
                             "(det dg_t = %s) at %ld bits", g->file, g->line, g->col, ds, (long) prec);
        flint_free(ds);
        flint_free(ts);
        arb_clear(det);
    }
    arb_mat_clear(D);
    arb_mat_clear(w);
    arb_mat_clear(W);
    return r;
}

int
nh_gmap_eval(nh_gmap_values_struct *V, const nh_gmap_t g, arb_srcptr x, const arb_t t,
             arb_srcptr xdot, arb_srcptr xddot, slong prec, nh_error_t err)
{
    slong n = g->n, n1 = n + 1, a, I, J;
    int r = eval_jets(V, g, x, t, prec, err);
    if (r != NH_OK)
        return r;
    if (g->nq == n && (r = solve_Omega(V, g, x, t, prec, err)) != NH_OK)
        return r;
    for (a = 0; a < g->nq; a++)
    {
        /* qdot = dg xdot + omega (Prop 3.1 (ii)) */
        if (xdot != NULL)
        {
            arb_set(V->qdot + a, V->omega + a);
            for (I = 0; I < n; I++)
                arb_addmul(V->qdot + a, V->dg + a * n + I, xdot + I, prec);
        }
        /* qddot = dg xddot + d^2 g[y, y], y = (xdot, 1) */
        if (xdot != NULL && xddot != NULL)
        {
            arb_t s;
            arb_init(s);
            arb_zero(V->qddot + a);
            for (I = 0; I < n; I++)
                arb_addmul(V->qddot + a, V->dg + a * n + I, xddot + I, prec);
            for (I = 0; I < n1; I++)
                for (J = 0; J < n1; J++)
                {
                    arb_set(s, V->d2g + (a * n1 + I) * n1 + J);
                    if (I < n)
                        arb_mul(s, s, xdot + I, prec);
                    if (J < n)
                        arb_mul(s, s, xdot + J, prec);
                    arb_add(V->qddot + a, V->qddot + a, s, prec);
                }
            arb_clear(s);
        }
    }
    return NH_OK;
}
