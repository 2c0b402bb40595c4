/*
 * proof_pointwise.c -- pointwise claims: the quantity (lib/quantity.h) and the typed
 * sides at random exact points, the eps interpolation of series claims,
 * and the verdict (proof.h, doc/proofs.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include "impl.h"

/* ---- quantities ------------------------------------------------------- */

/* The quantity at (q, v) (exact), eps (ball), precision p (lib/quantity.h):
   out: qlen balls; comps: ncomp balls (the companion values named by
   add_components); vel: n balls (v, vD or the completed qdot).  Returns
   NH_OK, NH_ERR_PRECISION (inconclusive: retry with more bits), or an
   error. */
static int
compute_quantity(arb_ptr out, arb_ptr comps, arb_ptr vel, pctx *P, const fmpq *q,
                 const fmpq *v, const arb_t eps, slong p, nh_error_t err)
{
    P->par.eps = eps;
    P->par.t = P->tcur;
    P->par.dep = P->dep;
    P->par.ghat = P->Mh;
    return nh_quantity_eval(out, comps, vel, P->Q, P->M, q, v, &P->par, p, err);
}

/* ---- evaluation of the typed side(s) ---------------------------------- */

static int
eval_roots(arb_ptr out, pctx *P, const int *roots, slong len, arb_ptr vals, slong p,
           nh_error_t err)
{
    expr_eval_struct E;
    slong i;
    int r = NH_OK;
    E.A = P->A;
    E.cache = NULL;
    E.q = vals;
    E.ord = 0;
    E.L = 1;
    E.prec = p;
    E.ctx = P->jctx;
    E.nstack = P->need;
    E.stack = jet_vec_init(P->need, P->jctx);
    for (i = 0; i < len && r == NH_OK; i++)
    {
        E.bad_node = -1;
        r = expr_eval_jet(out + i, &E, roots[i]);
        if (r != NH_OK)
        {
            const expr_node *x = P->A->nodes + E.bad_node;
            nh_error_set(err, NH_ERR_PRECISION, "%s:%d:%d: %s", P->file, x->line, x->col, E.bad_why);
            r = NH_ERR_PRECISION;
        }
    }
    jet_vec_clear(E.stack, P->need, P->jctx);
    return r;
}

/* One point at one eps, precision p: lhs and rhs values (cmp_len each). */
static int
eval_sides(arb_ptr lhs, arb_ptr rhs, pctx *P, const fmpq *q, const fmpq *v,
           const arb_t eps, slong p, slong cmp_len, nh_error_t err)
{
    slong n = P->n, i;
    arb_ptr out = _arb_vec_init(FLINT_MAX(P->qlen, 1));
    arb_ptr vals = _arb_vec_init(P->nnames);
    int r;

    for (i = 0; i < n; i++)
        arb_set_fmpq(vals + i, q + i, p);
    arb_set(vals + 2 * n, eps);
    if (P->nh)
        arb_set_fmpq(vals + 2 * n + 1, P->tcur, p);
    r = compute_quantity(out, vals + P->comp0, vals + n, P, q, v, eps, p, err);
    if (r == NH_OK && P->gm != NULL)
        r = _nh_proof_map_eval(vals + P->map0, P, vals, v, p, err);
    for (i = 0; r == NH_OK && i < P->nlets; i++)
        r = eval_roots(vals + P->let0 + i, P, P->lets + i, 1, vals, p, err);
    if (r == NH_OK)
    {
        if (P->have_lhs)
            r = eval_roots(lhs, P, P->lhs.roots, P->lhs.len, vals, p, err);
        else
            _arb_vec_set(lhs, out, cmp_len);
    }
    if (r == NH_OK)
    {
        if (P->rhs.ndims == 0 && cmp_len > 1)
        {
            r = eval_roots(rhs, P, P->rhs.roots, 1, vals, p, err);
            for (i = 1; i < cmp_len; i++)
                arb_set(rhs + i, rhs);
        }
        else
            r = eval_roots(rhs, P, P->rhs.roots, cmp_len, vals, p, err);
    }
    _arb_vec_clear(out, FLINT_MAX(P->qlen, 1));
    _arb_vec_clear(vals, P->nnames);
    return r;
}

/* Deterministic generator (documented in doc/proofs.md): 64-bit LCG
   (Knuth's MMIX constants); a coordinate is num/1024 * range with
   num = (x >> 33) mod 2049 - 1024. */
static ulong
lcg_next(ulong *x)
{
    *x = *x * UWORD(6364136223846793005) + UWORD(1442695040888963407);
    return *x >> 33;
}

static void
random_coord(fmpq_t res, ulong *x, const fmpq_t range)
{
    slong num = (slong) (lcg_next(x) % 2049) - 1024;
    fmpq_set_si(res, num, 1024);
    fmpq_mul(res, res, range);
}

/* Interpolation: coefficients c[0..D] (stride len) of the polynomials in
   eps whose values at eps_j = j + 1 (j = 0..D) are y[j*len + e].  The
   Vandermonde system is solved with arb_mat_solve (exact nodes); exact
   when the function is a polynomial of degree <= D in eps. */
static int
interpolate(arb_ptr c, arb_srcptr y, slong D, slong len, slong p)
{
    arb_mat_t V, X, B;
    slong i, j;
    int ok;
    arb_mat_init(V, D + 1, D + 1);
    arb_mat_init(X, D + 1, len);
    arb_mat_init(B, D + 1, len);
    for (i = 0; i <= D; i++)
    {
        for (j = 0; j <= D; j++)
        {
            arb_set_si(arb_mat_entry(V, i, j), i + 1);
            arb_pow_ui(arb_mat_entry(V, i, j), arb_mat_entry(V, i, j), (ulong) j, p);
        }
        for (j = 0; j < len; j++)
            arb_set(arb_mat_entry(B, i, j), y + i * len + j);
    }
    ok = arb_mat_solve(X, V, B, p);
    for (i = 0; i <= D; i++)
        for (j = 0; j < len; j++)
            if (ok)
                arb_set(c + i * len + j, arb_mat_entry(X, i, j));
            else
                arb_indeterminate(c + i * len + j);
    arb_mat_clear(V); arb_mat_clear(X); arb_mat_clear(B);
    return ok;
}

/* Check P->rhs against lhs at the claim's points. */
int
_nh_proof_check_points(nh_claim_result_struct *res, pctx *P, slong points, slong seed, nh_error_t err)
{
    const nh_claim_struct *c = P->c;
    slong n = P->n, pt, i, e;
    slong cmp_len = P->have_lhs ? P->lhs.len : P->qlen;
    slong D = c->series > 0 ? FLINT_MAX(4 * c->order + 2, c->series) : 0;
    slong ncoef = c->series > 0 ? c->series : 1;
    slong nnodes = D + 1;
    fmpq *q = _fmpq_vec_init(n), *v = _fmpq_vec_init(n);
    arb_ptr lhs = _arb_vec_init(cmp_len * nnodes), rhs = _arb_vec_init(cmp_len * nnodes);
    arb_ptr lc = _arb_vec_init(cmp_len * nnodes), rc = _arb_vec_init(cmp_len * nnodes);
    arb_ptr d = _arb_vec_init(cmp_len * nnodes);
    arb_ptr vel = _arb_vec_init(n);
    arb_t eps, tol, scale;
    mag_t bound, tm;
    ulong x = (ulong) seed * UWORD(2654435761) + UWORD(12345);
    int r = NH_OK;
    double maxd = 0.0;

    arb_init(eps); arb_init(tol); arb_init(scale);
    mag_init(bound); mag_init(tm);
    res->verdict = NH_VERDICT_HOLDS;
    res->prec_used = c->prec;
    for (pt = 0; pt < points; pt++)
    {
        slong p;
        int decided = 0;
        for (i = 0; i < n; i++)
            random_coord(q + i, &x, c->qrange);
        for (i = 0; i < n; i++)
            random_coord(v + i, &x, c->vrange);
        if (P->nh)
        {
            /* the time, drawn after q and v (nonholonomic quantities only,
               so that the points of the other claims are unchanged) */
            random_coord(P->tcur, &x, c->trange);
            if (P->fixmask[2 * n])
                fmpq_set(P->tcur, P->fixval + 2 * n);
        }
        for (i = 0; i < 2 * n; i++)
            if (P->fixmask[i])
                fmpq_set(i < n ? q + i : v + i - n, P->fixval + i);
        for (p = c->prec; p <= c->max_prec && !decided; p *= 2)
        {
            int inconclusive = 0;
            slong bad = -1;
            slong pw = p + NH_PROOF_GUARD_BITS;     /* working precision */
            r = NH_OK;
            for (e = 0; e < nnodes && r == NH_OK; e++)
            {
                if (c->series > 0)
                    arb_set_si(eps, e + 1);
                else if (c->have_eps)
                    arb_set_fmpq(eps, c->eps, pw);
                else
                    arb_zero(eps);
                r = eval_sides(lhs + e * cmp_len, rhs + e * cmp_len, P, q, v, eps, pw, cmp_len, err);
            }
            if (r == NH_ERR_PRECISION)
            {
                if (res->message == NULL || 1)
                {
                    free(res->message);
                    res->message = _nh_proof_strdup(err->msg);
                }
                r = NH_OK;
                continue;
            }
            if (r != NH_OK)
            {
                nh_error_prefix(err, "claim '%s': ", c->id.text);
                goto done;
            }
            if (c->series > 0)
            {
                interpolate(lc, lhs, D, cmp_len, pw);
                interpolate(rc, rhs, D, cmp_len, pw);
            }
            else
            {
                _arb_vec_set(lc, lhs, cmp_len);
                _arb_vec_set(rc, rhs, cmp_len);
            }
            _arb_vec_sub(d, lc, rc, cmp_len * ncoef, pw);
            /* scale = max(1, max |lhs|) */
            arb_one(scale);
            for (i = 0; i < cmp_len * ncoef; i++)
            {
                arb_get_mag(tm, lc + i);
                if (mag_cmp_2exp_si(tm, 0) > 0)
                {
                    arf_t t;
                    arf_init(t);
                    arf_set_mag(t, tm);
                    if (arf_cmp(t, arb_midref(scale)) > 0)
                        arb_set_arf(scale, t);
                    arf_clear(t);
                }
            }
            arb_mul_2exp_si(tol, scale, -(p - 20));
            for (i = 0; i < cmp_len * ncoef; i++)
            {
                if (!arb_contains_zero(d + i))
                {
                    bad = i;
                    break;
                }
                arb_get_mag(tm, d + i);
                arb_get_mag_lower(bound, tol);
                if (mag_cmp(tm, bound) > 0)
                    inconclusive = 1;
            }
            if (p > res->prec_used)
                res->prec_used = p;
            if (bad >= 0)
            {
                char buf[200];
                _nh_proof_describe_entry(buf, sizeof buf, P, bad % cmp_len, c->series > 0 ? bad / cmp_len : -1);
                res->verdict = NH_VERDICT_REFUTED;
                /* vel of the last evaluation: recompute cheaply */
                {
                    arb_ptr tmp = _arb_vec_init(FLINT_MAX(P->qlen, 1));
                    arb_ptr cm = _arb_vec_init(FLINT_MAX(P->ncomp, 1));
                    nh_error_t e2;
                    nh_error_init(e2);
                    compute_quantity(tmp, cm, vel, P, q, v, eps, pw, e2);
                    _arb_vec_clear(tmp, FLINT_MAX(P->qlen, 1));
                    _arb_vec_clear(cm, FLINT_MAX(P->ncomp, 1));
                }
                res->witness = _nh_proof_describe_point(P, q, v, vel);
                res->entry = _nh_proof_strdup(buf);
                res->diff = arb_get_str(d + bad, 20, 0);
                res->computed = _nh_proof_describe_vec(lc, cmp_len * ncoef);
                res->typed = _nh_proof_describe_vec(rc, cmp_len * ncoef);
                res->max_diff = arf_get_d(arb_midref(d + bad), ARF_RND_NEAR);
                if (res->max_diff < 0)
                    res->max_diff = -res->max_diff;
                res->points_done = pt + 1;
                goto done;
            }
            if (!inconclusive)
            {
                decided = 1;
                for (i = 0; i < cmp_len * ncoef; i++)
                {
                    double t;
                    arb_get_mag(tm, d + i);
                    t = mag_get_d(tm);
                    if (t > maxd)
                        maxd = t;
                }
            }
            else
            {
                char buf[200];
                free(res->message);
                for (i = 0; i < cmp_len * ncoef; i++)
                {
                    arb_get_mag(tm, d + i);
                    arb_get_mag_lower(bound, tol);
                    if (mag_cmp(tm, bound) > 0)
                        break;
                }
                _nh_proof_describe_entry(buf, sizeof buf, P, i % cmp_len, c->series > 0 ? i / cmp_len : -1);
                {
                    nh_sbuf_t b;
    nh_sbuf_init(b);
                    nh_sbuf_printf(b, "%s: difference ", buf);
                    _nh_proof_sb_ball(b, d + i);
                    nh_sbuf_printf(b, " contains 0 but is wider than the tolerance 2^-%ld * %.3g at %ld bits",
                              (long) (p - 20), arf_get_d(arb_midref(scale), ARF_RND_NEAR), (long) p);
                    res->message = nh_sbuf_take(b, NULL);
                }
            }
        }
        if (!decided)
        {
            res->verdict = NH_VERDICT_UNDECIDED;
            res->witness = _nh_proof_describe_point(P, q, v, NULL);
            if (res->message == NULL)
                res->message = _nh_proof_strdup("inconclusive");
            res->points_done = pt + 1;
            goto done;
        }
    }
    res->points_done = points;
    res->max_diff = maxd;
    free(res->message);
    res->message = NULL;
done:
    arb_clear(eps); arb_clear(tol); arb_clear(scale);
    mag_clear(bound); mag_clear(tm);
    _fmpq_vec_clear(q, n);
    _fmpq_vec_clear(v, n);
    _arb_vec_clear(lhs, cmp_len * nnodes);
    _arb_vec_clear(rhs, cmp_len * nnodes);
    _arb_vec_clear(lc, cmp_len * nnodes);
    _arb_vec_clear(rc, cmp_len * nnodes);
    _arb_vec_clear(d, cmp_len * nnodes);
    _arb_vec_clear(vel, n);
    return r;
}
