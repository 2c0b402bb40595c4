/*
 * proof_map.c -- claims relating two models under a time-dependent
 * point map g_t: M -> Q (003 Sec 3, moving frames; issue 21): the
 * `case2:` model Q, the `map:` g_t from the case's coordinates x and t
 * to Q's coordinates q (lib/gmap.h), and the values of the pair at
 * corresponding points (doc/proofs.md "Two models and a map").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

static void
add(pctx *P, const char *pre, const char *suf)
{
    char buf[EXPR_MAX_NAME + 80];
    snprintf(buf, sizeof buf, "%s%s", pre, suf);
    P->names = realloc(P->names, (size_t) (P->nnames + 1) * sizeof(char *));
    P->names[P->nnames++] = _nh_proof_strdup(buf);
}

static void
add_coords(pctx *P, const char *pre, const nh_model_struct *M)
{
    slong i;
    for (i = 0; i < nh_model_n(M); i++)
        add(P, pre, nh_model_coord_name(M, i));
}

static void
add_index(pctx *P, const char *pre, slong m)
{
    slong i;
    char b[32];
    for (i = 0; i < m; i++)
    {
        snprintf(b, sizeof b, "%ld", (long) (i + 1));
        add(P, pre, b);
    }
}

/* The names, in the order _nh_proof_map_eval writes them. */
static void
add_names(pctx *P)
{
    const nh_model_struct *Q = P->M2, *M = P->M;
    int g = P->pair;
    P->map0 = P->nnames;
    if (g & NH_PAIR_MAP)
    {
        add_coords(P, "q_", Q);
        add_coords(P, "qdot_", Q);
        add_coords(P, "qddot_", Q);
        add_coords(P, "omega_", Q);
        add_coords(P, "Omega_", M);
    }
    if (g & NH_PAIR_MOTION)
    {
        add_coords(P, "acc_Q_", Q);
        add_index(P, "mult_Q_", nh_model_m(Q));
        add_index(P, "res_Q_", nh_model_m(Q));
    }
    if (g & NH_PAIR_ENERGY)
    {
        add(P, "L_Q", "");
        add(P, "E_Q", "");
        add_coords(P, "FL_Q_", Q);
        add(P, "L_M", "");
        add(P, "E_M", "");
        add_coords(P, "FL_M_", M);
    }
    if (g & NH_PAIR_EL)
    {
        add_coords(P, "EL_Q_", Q);
        add_coords(P, "EL_M_", M);
    }
    if (g & NH_PAIR_DG)
    {
        slong a, i;
        char b[2 * EXPR_MAX_NAME + 8];
        for (a = 0; a < P->n; a++)
            for (i = 0; i < P->n; i++)
            {
                snprintf(b, sizeof b, "%s_%s", nh_model_coord_name(Q, a), nh_model_coord_name(M, i));
                add(P, "dg_", b);
            }
    }
    if (g & NH_PAIR_PROJ)
        add_coords(P, "prQ_", Q);
}

/* `pair: map, motion, energy, el` (absent: all groups). */
static int
parse_pair(pctx *P, const nh_proof_val *v, nh_error_t err)
{
    static const char *names[6] = {"map", "motion", "energy", "el", "dg", "proj"};
    char *t, *tok, *save = NULL;
    int r = NH_OK, k;
    P->pair = 0;
    if (v->text == NULL)
    {
        P->pair = NH_PAIR_DEFAULT;
        return NH_OK;
    }
    t = _nh_proof_strdup(v->text);
    for (tok = strtok_r(t, ", \n\t", &save); tok != NULL && r == NH_OK; tok = strtok_r(NULL, ", \n\t", &save))
    {
        for (k = 0; k < 6 && strcmp(tok, names[k]) != 0; k++) ;
        if (k == 6)
            r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: pair: unknown group '%s' (map, motion, "
                             "energy, el, dg, proj)", P->file, v->line, v->col, tok);
        else
            P->pair |= 1 << k;
    }
    free(t);
    if (r == NH_OK && P->pair == 0)
        r = nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: pair: no group", P->file, v->line, v->col);
    return r;
}

void
_nh_proof_map_clear(pctx *P)
{
    if (P->gm != NULL)
    {
        nh_gmap_clear(P->gm);
        free(P->gm);
    }
    if (P->M2 != NULL)
        nh_model_free(P->M2);
    free(P->dep2);
    P->dep2 = NULL;
    P->gm = NULL;
    P->M2 = NULL;
}

int
_nh_proof_map_setup(pctx *P, const nh_claim_struct *c, const char *srcdir, nh_error_t err)
{
    int r;
    if (c->case2.text == NULL && c->map.text == NULL)
    {
        const nh_proof_val *x = c->pair.text != NULL ? &c->pair : &c->dependent2;
        if (x->text != NULL)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': %s: without case2: and map:",
                                P->file, x->line, x->col, c->id.text,
                                x == &c->pair ? "pair" : "dependent2");
        return NH_OK;
    }
    if ((r = parse_pair(P, &c->pair, err)) != NH_OK)
        return r;
    if (c->case2.text == NULL || c->map.text == NULL)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d: claim '%s': '%s:' needs '%s:' (two models and "
                            "the map g_t between them)", P->file, c->line, c->id.text,
                            c->map.text == NULL ? "case2" : "map", c->map.text == NULL ? "map" : "case2");
    if (!P->nh)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': case2: needs a nonholonomic "
                            "quantity (acc_lagrange, Lc, ...: the points carry the time t of g_t)",
                            P->file, c->case2.line, c->case2.col, c->id.text);
    if ((r = _nh_proof_load_model(&P->M2, srcdir, &c->case2, "case2", P->file, c->id.text, err)) != NH_OK)
        return r;
    if (nh_model_n(P->M2) != P->n)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': case2: %s has %ld coordinates, "
                            "the case %ld: g_t must be a diffeomorphism M -> Q", P->file, c->case2.line,
                            c->case2.col, c->id.text, c->case2.text, (long) nh_model_n(P->M2),
                            (long) P->n);
    if (c->dependent2.text != NULL
        && (r = _nh_proof_parse_dependent(&P->dep2, P->M2, &c->dependent2, "dependent2", P->file,
                                          err)) != NH_OK)
        return r;
    P->gm = malloc(sizeof(nh_gmap_struct));
    if ((r = nh_gmap_parse(P->gm, &c->map, P->M, P->M2, P->file, err)) != NH_OK)
    {
        free(P->gm);
        P->gm = NULL;
        return r;
    }
    add_names(P);
    return NH_OK;
}

/* case2's pr_t (the completion from its constraints, split dep2) of the
   image dg_t xi + omega_t of the drawn velocity xi (not completed). */
static int
project_image(arb_ptr out, pctx *P, const nh_gmap_values_struct *G, const fmpq *vraw, arb_srcptr t,
              slong p, nh_error_t err)
{
    slong n = P->n, a, i;
    arb_ptr w = _arb_vec_init(n), xi = _arb_vec_init(n);
    nh_quantity_routes_struct R;
    int r;
    for (i = 0; i < n; i++)
        arb_set_fmpq(xi + i, vraw + i, p);
    for (a = 0; a < n; a++)
    {
        arb_set(w + a, G->omega + a);
        for (i = 0; i < n; i++)
            arb_addmul(w + a, G->dg + a * n + i, xi + i, p);
    }
    nh_quantity_routes_init(&R, P->M2);
    r = nh_quantity_routes(&R, P->M2, G->q, w, t, P->dep2, NULL, 0, p, err);
    if (r == NH_OK)
        _arb_vec_set(out, R.v, n);
    nh_quantity_routes_clear(&R);
    _arb_vec_clear(w, n);
    _arb_vec_clear(xi, n);
    return r;
}

int
_nh_proof_map_eval(arb_ptr out, pctx *P, arb_srcptr vals, const fmpq *vraw, slong p,
                   nh_error_t err)
{
    slong n = P->n, m2 = nh_model_m(P->M2);
    arb_srcptr x = vals, xdot = vals + n, t = vals + 2 * n + 1;
    nh_quantity_routes_struct RM, RQ;
    nh_quantity_lagr_struct lq, lm;
    nh_gmap_values_struct G;
    arb_ptr o = out;
    int r, g = P->pair;

    nh_quantity_routes_init(&RM, P->M);
    nh_quantity_routes_init(&RQ, P->M2);
    nh_quantity_lagr_init(&lq, n, m2);
    nh_quantity_lagr_init(&lm, n, P->m);
    nh_gmap_values_init(&G, P->gm);
    /* the motion of M through (x, xdot) at t (route 1), pushed forward;
       Q's route 1 at the image point (q, qdot); L of both */
    r = nh_quantity_routes(&RM, P->M, x, xdot, t, P->dep, NULL, 0, p, err);
    if (r == NH_OK)
        r = nh_gmap_eval(&G, P->gm, x, t, xdot, RM.acc1, p, err);
    if (r == NH_OK && (g & NH_PAIR_MOTION))
        r = nh_quantity_routes(&RQ, P->M2, G.q, G.qdot, t, P->dep2, NULL, 0, p, err);
    if (r == NH_OK)
        r = nh_quantity_lagrangian(&lq, P->M2, G.q, t, G.qdot, G.qddot, p, err);
    if (r == NH_OK)
        r = nh_quantity_lagrangian(&lm, P->M, x, t, xdot, RM.acc1, p, err);
    if (r == NH_OK && (g & NH_PAIR_MAP))
    {
        _arb_vec_set(o, G.q, n); o += n;
        _arb_vec_set(o, G.qdot, n); o += n;
        _arb_vec_set(o, G.qddot, n); o += n;
        _arb_vec_set(o, G.omega, n); o += n;
        _arb_vec_set(o, G.Omega, n); o += n;
    }
    if (r == NH_OK && (g & NH_PAIR_MOTION))
    {
        _arb_vec_set(o, RQ.acc1, n); o += n;
        _arb_vec_set(o, RQ.mult, m2); o += m2;
        _arb_vec_set(o, lq.res, m2); o += m2;
    }
    if (r == NH_OK && (g & NH_PAIR_ENERGY))
    {
        arb_set(o++, lq.L);
        arb_set(o++, lq.E);
        _arb_vec_set(o, lq.FL, n); o += n;
        arb_set(o++, lm.L);
        arb_set(o++, lm.E);
        _arb_vec_set(o, lm.FL, n); o += n;
    }
    if (r == NH_OK && (g & NH_PAIR_EL))
    {
        _arb_vec_set(o, lq.EL, n); o += n;
        _arb_vec_set(o, lm.EL, n); o += n;
    }
    if (r == NH_OK && (g & NH_PAIR_DG))
    {
        _arb_vec_set(o, G.dg, n * n);
        o += n * n;
    }
    if (r == NH_OK && (g & NH_PAIR_PROJ))
        r = project_image(o, P, &G, vraw, t, p, err);
    if (r == NH_ERR_DOMAIN)
        r = NH_ERR_PRECISION;
    else if (r != NH_OK && r != NH_ERR_PRECISION && strstr(err->msg, "map:") == NULL)
        nh_error_prefix(err, "%s:%d: case2/map: ", P->file, P->c->map.line);
    nh_gmap_values_clear(&G);
    nh_quantity_lagr_clear(&lq);
    nh_quantity_lagr_clear(&lm);
    nh_quantity_routes_clear(&RM);
    nh_quantity_routes_clear(&RQ);
    return r;
}
