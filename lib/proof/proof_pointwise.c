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

/* The workspace of _nh_proof_check_points: the point (q, v), the two
   sides at the eps nodes (lhs, rhs: nnodes blocks of cmp_len), their eps
   coefficients (lc, rc: ncoef blocks) and difference d, the tolerance. */
typedef struct
{
    slong n, cmp_len, D, ncoef, nnodes;
    fmpq *q, *v;
    arb_ptr lhs, rhs, lc, rc, d, vel;
    arb_t eps, tol, scale;
    mag_t bound, tm;
}
pw_ws;

static void
pw_init(pw_ws *W, const pctx *P)
{
    const nh_claim_struct *c = P->c;
    slong len;
    W->n = P->n;
    W->cmp_len = P->have_lhs ? P->lhs.len : P->qlen;
    W->D = c->series > 0 ? FLINT_MAX(4 * c->order + 2, c->series) : 0;
    W->ncoef = c->series > 0 ? c->series : 1;
    W->nnodes = W->D + 1;
    len = W->cmp_len * W->nnodes;
    W->q = _fmpq_vec_init(W->n);
    W->v = _fmpq_vec_init(W->n);
    W->lhs = _arb_vec_init(len); W->rhs = _arb_vec_init(len);
    W->lc = _arb_vec_init(len); W->rc = _arb_vec_init(len);
    W->d = _arb_vec_init(len);
    W->vel = _arb_vec_init(W->n);
    arb_init(W->eps); arb_init(W->tol); arb_init(W->scale);
    mag_init(W->bound); mag_init(W->tm);
}

static void
pw_clear(pw_ws *W)
{
    slong len = W->cmp_len * W->nnodes;
    arb_clear(W->eps); arb_clear(W->tol); arb_clear(W->scale);
    mag_clear(W->bound); mag_clear(W->tm);
    _fmpq_vec_clear(W->q, W->n);
    _fmpq_vec_clear(W->v, W->n);
    _arb_vec_clear(W->lhs, len); _arb_vec_clear(W->rhs, len);
    _arb_vec_clear(W->lc, len); _arb_vec_clear(W->rc, len);
    _arb_vec_clear(W->d, len);
    _arb_vec_clear(W->vel, W->n);
}

/* The next random point (q, v) and, for nonholonomic quantities, time
   (drawn after q and v, so that the points of the other claims are
   unchanged); then the fixed coordinates of the claim. */
static void
pw_draw(pw_ws *W, pctx *P, ulong *x)
{
    const nh_claim_struct *c = P->c;
    slong n = W->n, i;
    for (i = 0; i < n; i++)
        random_coord(W->q + i, x, c->qrange);
    for (i = 0; i < n; i++)
        random_coord(W->v + i, x, c->vrange);
    if (P->nh)
    {
        random_coord(P->tcur, x, c->trange);
        if (P->fixmask[2 * n])
            fmpq_set(P->tcur, P->fixval + 2 * n);
    }
    for (i = 0; i < 2 * n; i++)
        if (P->fixmask[i])
            fmpq_set(i < n ? W->q + i : W->v + i - n, P->fixval + i);
}

/* Both sides at every eps node (eps = 1, 2, ... for series claims, else
   the claim's eps or 0) at working precision pw, then their eps
   coefficients lc, rc (interpolation for series claims) and d = lc - rc.
   W->eps keeps the last node's eps. */
static int
pw_eval(pw_ws *W, pctx *P, slong pw, nh_error_t err)
{
    const nh_claim_struct *c = P->c;
    slong cmp_len = W->cmp_len, e;
    int r = NH_OK;
    for (e = 0; e < W->nnodes && r == NH_OK; e++)
    {
        if (c->series > 0)
            arb_set_si(W->eps, e + 1);
        else if (c->have_eps)
            arb_set_fmpq(W->eps, c->eps, pw);
        else
            arb_zero(W->eps);
        r = eval_sides(W->lhs + e * cmp_len, W->rhs + e * cmp_len, P, W->q, W->v, W->eps, pw,
                       cmp_len, err);
    }
    if (r != NH_OK)
        return r;
    if (c->series > 0)
    {
        interpolate(W->lc, W->lhs, W->D, cmp_len, pw);
        interpolate(W->rc, W->rhs, W->D, cmp_len, pw);
    }
    else
    {
        _arb_vec_set(W->lc, W->lhs, cmp_len);
        _arb_vec_set(W->rc, W->rhs, cmp_len);
    }
    _arb_vec_sub(W->d, W->lc, W->rc, cmp_len * W->ncoef, pw);
    return NH_OK;
}

/* scale = max(1, max |lc|), tol = scale 2^-(p - 20); returns the first
   entry of d that excludes 0 (a refutation) or -1, and sets
   *inconclusive when some entry is wider than tol. */
static slong
pw_compare(pw_ws *W, slong p, int *inconclusive)
{
    slong i, len = W->cmp_len * W->ncoef;
    arb_one(W->scale);
    for (i = 0; i < len; i++)
    {
        arb_get_mag(W->tm, W->lc + i);
        if (mag_cmp_2exp_si(W->tm, 0) > 0)
        {
            arf_t t;
            arf_init(t);
            arf_set_mag(t, W->tm);
            if (arf_cmp(t, arb_midref(W->scale)) > 0)
                arb_set_arf(W->scale, t);
            arf_clear(t);
        }
    }
    arb_mul_2exp_si(W->tol, W->scale, -(p - 20));
    *inconclusive = 0;
    for (i = 0; i < len; i++)
    {
        if (!arb_contains_zero(W->d + i))
            return i;
        arb_get_mag(W->tm, W->d + i);
        arb_get_mag_lower(W->bound, W->tol);
        if (mag_cmp(W->tm, W->bound) > 0)
            *inconclusive = 1;
    }
    return -1;
}

/* The refutation at entry bad of d: the witness point (with the
   velocity of an evaluation at the last node), the entry, the sides. */
static void
pw_refuted(nh_claim_result_struct *res, pw_ws *W, pctx *P, slong bad, slong pw)
{
    slong cmp_len = W->cmp_len, len = cmp_len * W->ncoef;
    arb_ptr tmp = _arb_vec_init(FLINT_MAX(P->qlen, 1));
    arb_ptr cm = _arb_vec_init(FLINT_MAX(P->ncomp, 1));
    char buf[200];
    nh_error_t e2;

    _nh_proof_describe_entry(buf, sizeof buf, P, bad % cmp_len,
                             P->c->series > 0 ? bad / cmp_len : -1);
    res->verdict = NH_VERDICT_REFUTED;
    nh_error_init(e2);
    compute_quantity(tmp, cm, W->vel, P, W->q, W->v, W->eps, pw, e2);
    _arb_vec_clear(tmp, FLINT_MAX(P->qlen, 1));
    _arb_vec_clear(cm, FLINT_MAX(P->ncomp, 1));
    res->witness = _nh_proof_describe_point(P, W->q, W->v, W->vel);
    res->entry = _nh_proof_strdup(buf);
    res->diff = arb_get_str(W->d + bad, 20, 0);
    res->computed = _nh_proof_describe_vec(W->lc, len);
    res->typed = _nh_proof_describe_vec(W->rc, len);
    res->max_diff = arf_get_d(arb_midref(W->d + bad), ARF_RND_NEAR);
    if (res->max_diff < 0)
        res->max_diff = -res->max_diff;
}

/* res->message: the first entry of d wider than the tolerance at p bits. */
static void
pw_inconclusive(nh_claim_result_struct *res, pw_ws *W, pctx *P, slong p)
{
    slong cmp_len = W->cmp_len, len = cmp_len * W->ncoef, i;
    char buf[200];
    nh_sbuf_t b;

    free(res->message);
    for (i = 0; i < len; i++)
    {
        arb_get_mag(W->tm, W->d + i);
        arb_get_mag_lower(W->bound, W->tol);
        if (mag_cmp(W->tm, W->bound) > 0)
            break;
    }
    _nh_proof_describe_entry(buf, sizeof buf, P, i % cmp_len, P->c->series > 0 ? i / cmp_len : -1);
    nh_sbuf_init(b);
    nh_sbuf_printf(b, "%s: difference ", buf);
    _nh_proof_sb_ball(b, W->d + i);
    nh_sbuf_printf(b, " contains 0 but is wider than the tolerance 2^-%ld * %.3g at %ld bits",
                   (long) (p - 20), arf_get_d(arb_midref(W->scale), ARF_RND_NEAR), (long) p);
    res->message = nh_sbuf_take(b, NULL);
}

/* max over the entries of d of the upper bound of |d| */
static double
pw_max_diff(pw_ws *W)
{
    slong i, len = W->cmp_len * W->ncoef;
    double m = 0.0, t;
    for (i = 0; i < len; i++)
    {
        arb_get_mag(W->tm, W->d + i);
        t = mag_get_d(W->tm);
        if (t > m)
            m = t;
    }
    return m;
}

/* Check P->rhs against lhs at the claim's points. */
int
_nh_proof_check_points(nh_claim_result_struct *res, pctx *P, slong points, slong seed, nh_error_t err)
{
    const nh_claim_struct *c = P->c;
    slong pt, p, bad;
    pw_ws W;
    ulong x = (ulong) seed * UWORD(2654435761) + UWORD(12345);
    int r = NH_OK, decided, inconclusive;
    double maxd = 0.0, t;

    pw_init(&W, P);
    res->verdict = NH_VERDICT_HOLDS;
    res->prec_used = c->prec;
    for (pt = 0; pt < points; pt++)
    {
        decided = 0;
        pw_draw(&W, P, &x);
        for (p = c->prec; p <= c->max_prec && !decided; p *= 2)
        {
            slong pw = p + NH_PROOF_GUARD_BITS;     /* working precision */
            r = pw_eval(&W, P, pw, err);
            if (r == NH_ERR_PRECISION)
            {
                free(res->message);
                res->message = _nh_proof_strdup(err->msg);
                r = NH_OK;
                continue;
            }
            if (r != NH_OK)
            {
                nh_error_prefix(err, "claim '%s': ", c->id.text);
                goto done;
            }
            bad = pw_compare(&W, p, &inconclusive);
            if (p > res->prec_used)
                res->prec_used = p;
            if (bad >= 0)
            {
                pw_refuted(res, &W, P, bad, pw);
                res->points_done = pt + 1;
                goto done;
            }
            if (!inconclusive)
            {
                decided = 1;
                t = pw_max_diff(&W);
                if (t > maxd)
                    maxd = t;
            }
            else
                pw_inconclusive(res, &W, P, p);
        }
        if (!decided)
        {
            res->verdict = NH_VERDICT_UNDECIDED;
            res->witness = _nh_proof_describe_point(P, W.q, W.v, NULL);
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
    pw_clear(&W);
    return r;
}
