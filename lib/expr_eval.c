/* expr_eval.c -- evaluation of prepared expression trees on jets.

   Constant subtrees (no coordinate) are evaluated as arb scalars (exact
   rational ones straight from their folded fmpq value) and combined with
   jets by scalar operations; only subtrees depending on q use jet
   arithmetic.  Jet temporaries come from a caller-provided stack whose
   size is the `need` computed by expr_prepare.  Arithmetic is done on
   the prefix of length L = jet_ctx_len(ctx, ord) only. */
#include "expr.h"

static int
fail(expr_eval_struct *E, int node, const char *why)
{
    E->bad_node = node;
    E->bad_why = why;
    return NH_ERR_DOMAIN;
}

/* ---- scalars ---------------------------------------------------------- */

static int
scalar(arb_t res, expr_eval_struct *E, int node)
{
    const expr_arena_struct *A = E->A;
    const expr_node *x = A->nodes + node;
    slong prec = E->prec;
    int r = NH_OK;
    arb_t u, v;

    if (x->is_exact)
    {
        arb_set_fmpq(res, A->vals + x->val, prec);
        return NH_OK;
    }
    if (x->op == EXPR_PI)
    {
        arb_const_pi(res, prec);
        return NH_OK;
    }

    arb_init(u);
    arb_init(v);
    if ((r = scalar(u, E, x->a)) != NH_OK)
        goto done;
    if (EXPR_IS_BINARY(x->op) && (r = scalar(v, E, x->b)) != NH_OK)
        goto done;

    switch (x->op)
    {
        case EXPR_NEG: arb_neg(res, u); break;
        case EXPR_ADD: arb_add(res, u, v, prec); break;
        case EXPR_SUB: arb_sub(res, u, v, prec); break;
        case EXPR_MUL: arb_mul(res, u, v, prec); break;
        case EXPR_DIV:
            if (arb_contains_zero(v))
            {
                r = fail(E, node, "division by a ball containing 0");
                goto done;
            }
            arb_div(res, u, v, prec);
            break;
        case EXPR_POW:
        {
            const expr_node *y = A->nodes + x->b;
            if (y->is_exact && fmpz_is_one(fmpq_denref(A->vals + y->val)))
            {
                const fmpz *e = fmpq_numref(A->vals + y->val);
                if (fmpz_sgn(e) < 0 && arb_contains_zero(u))
                {
                    r = fail(E, node, "negative power of a ball containing 0");
                    goto done;
                }
                arb_pow_fmpz(res, u, e, prec);
            }
            else if (!arb_is_positive(u))
            {
                r = fail(E, node, "non-integer power of a base not certified positive");
                goto done;
            }
            else if (y->is_exact)
                arb_pow_fmpq(res, u, A->vals + y->val, prec);
            else
                arb_pow(res, u, v, prec);
            break;
        }
        case EXPR_SIN: arb_sin(res, u, prec); break;
        case EXPR_COS: arb_cos(res, u, prec); break;
        case EXPR_TAN:
            arb_cos(v, u, prec);
            if (arb_contains_zero(v))
            {
                r = fail(E, node, "tan at a ball where cos contains 0");
                goto done;
            }
            arb_tan(res, u, prec);
            break;
        case EXPR_EXP: arb_exp(res, u, prec); break;
        case EXPR_LOG:
            if (!arb_is_positive(u))
            {
                r = fail(E, node, "log of a ball not certified positive");
                goto done;
            }
            arb_log(res, u, prec);
            break;
        case EXPR_SQRT:
            if (!arb_is_nonnegative(u))
            {
                r = fail(E, node, "sqrt of a ball not certified nonnegative");
                goto done;
            }
            arb_sqrt(res, u, prec);
            break;
        default:
            r = fail(E, node, "internal error: unexpected node");
    }
done:
    arb_clear(u);
    arb_clear(v);
    return r;
}

/* ---- jets ------------------------------------------------------------- */

static int
dom(expr_eval_struct *E, int node, int status, const char *why)
{
    if (status == NH_OK)
        return NH_OK;
    return fail(E, node, why);
}

/* Evaluate the non-constant node into out (may instead return a pointer
   to a coordinate jet in *res; *res is out or a q jet).  stk = free
   temporaries. */
static int
ev(arb_srcptr *res, expr_eval_struct *E, int node, arb_ptr out, arb_ptr stk)
{
    const expr_arena_struct *A = E->A;
    const expr_node *x = A->nodes + node;
    const jet_ctx_struct *ctx = E->ctx;
    slong prec = E->prec, ord = E->ord, L = E->L, len = ctx->len;
    arb_srcptr pa, pb;
    int r;

    if (x->op == EXPR_COORD)
    {
        *res = E->q + x->a * len;
        return NH_OK;
    }
    *res = out;

    if (x->op == EXPR_NEG || EXPR_IS_FUNC(x->op))
    {
        if ((r = ev(&pa, E, x->a, out, stk)) != NH_OK)
            return r;
        switch (x->op)
        {
            case EXPR_NEG: _arb_vec_neg(out, pa, L); return NH_OK;
            case EXPR_SIN: return dom(E, node, jet_sin(out, pa, ord, ctx, prec), "sin");
            case EXPR_COS: return dom(E, node, jet_cos(out, pa, ord, ctx, prec), "cos");
            case EXPR_TAN:
                return dom(E, node, jet_tan(out, pa, ord, ctx, prec), "tan at a ball where cos contains 0");
            case EXPR_EXP: return dom(E, node, jet_exp(out, pa, ord, ctx, prec), "exp");
            case EXPR_LOG:
                return dom(E, node, jet_log(out, pa, ord, ctx, prec), "log of a ball not certified positive");
            case EXPR_SQRT:
                return dom(E, node, jet_sqrt(out, pa, ord, ctx, prec), "sqrt of a ball not certified positive");
            default:
                return fail(E, node, "internal error: unexpected node");
        }
    }

    {
        const expr_node *xa = A->nodes + x->a, *xb = A->nodes + x->b;

        if (!xa->is_const && !xb->is_const)
        {
            if ((r = ev(&pa, E, x->a, out, stk)) != NH_OK)
                return r;
            if ((r = ev(&pb, E, x->b, stk, stk + len)) != NH_OK)
                return r;
            switch (x->op)
            {
                case EXPR_ADD: _arb_vec_add(out, pa, pb, L, prec); return NH_OK;
                case EXPR_SUB: _arb_vec_sub(out, pa, pb, L, prec); return NH_OK;
                case EXPR_MUL:
                    if (pa == pb)
                        jet_pow_ui(out, pa, 2, ord, ctx, prec);
                    else
                        jet_mul(out, pa, pb, ord, ctx, prec);
                    return NH_OK;
                case EXPR_DIV:
                    return dom(E, node, jet_div(out, pa, pb, ord, ctx, prec),
                               "division by a ball containing 0");
                case EXPR_POW:
                    /* a^b = exp(b log a) */
                    if (jet_log(out, pa, ord, ctx, prec) != NH_OK)
                        return fail(E, node, "power with non-constant exponent of a base not certified positive");
                    jet_mul(out, out, pb, ord, ctx, prec);
                    return dom(E, node, jet_exp(out, out, ord, ctx, prec), "exp");
                default:
                    return fail(E, node, "internal error: unexpected node");
            }
        }
        else
        {
            /* exactly one side constant */
            int aconst = xa->is_const;
            int cnode = aconst ? x->a : x->b;
            arb_t c;
            arb_init(c);
            r = NH_OK;

            if (x->op == EXPR_POW && !aconst)
            {
                /* jet ^ constant */
                const fmpq *p = xb->is_exact ? A->vals + xb->val : NULL;
                if ((r = ev(&pa, E, x->a, out, stk)) != NH_OK)
                    goto done1;
                if (p != NULL && fmpz_is_one(fmpq_denref(p)))
                {
                    const fmpz *e = fmpq_numref(p);
                    if (fmpz_is_zero(e))
                    {
                        _arb_vec_zero(out, L);
                        arb_one(out);
                    }
                    else if (fmpz_is_one(e))
                    {
                        if (pa != out)
                            _arb_vec_set(out, pa, L);
                    }
                    else if (fmpz_sgn(e) > 0 && fmpz_fits_si(e))
                        jet_pow_ui(out, pa, fmpz_get_ui(e), ord, ctx, prec);
                    else if (fmpz_sgn(e) < 0 && fmpz_cmp_si(e, -WORD_MAX) > 0)
                    {
                        if (jet_inv(out, pa, ord, ctx, prec) != NH_OK)
                            r = fail(E, node, "negative power of a ball containing 0");
                        else if (!fmpz_equal_si(e, -1))
                            jet_pow_ui(out, out, (ulong) (-fmpz_get_si(e)), ord, ctx, prec);
                    }
                    else
                        r = dom(E, node, jet_pow_fmpq(out, pa, p, ord, ctx, prec),
                                "power of a ball containing 0");
                }
                else if (p != NULL)
                    r = dom(E, node, jet_pow_fmpq(out, pa, p, ord, ctx, prec),
                            "non-integer power of a base not certified positive");
                else
                {
                    if ((r = scalar(c, E, x->b)) != NH_OK)
                        goto done1;
                    if (jet_log(out, pa, ord, ctx, prec) != NH_OK)
                    {
                        r = fail(E, node, "non-integer power of a base not certified positive");
                        goto done1;
                    }
                    _arb_vec_scalar_mul(out, out, L, c, prec);
                    r = dom(E, node, jet_exp(out, out, ord, ctx, prec), "exp");
                }
                goto done1;
            }

            if ((r = scalar(c, E, cnode)) != NH_OK)
                goto done1;
            if ((r = ev(&pa, E, aconst ? x->b : x->a, out, stk)) != NH_OK)
                goto done1;

            switch (x->op)
            {
                case EXPR_ADD:
                    if (pa != out)
                        _arb_vec_set(out, pa, L);
                    arb_add(out, out, c, prec);
                    break;
                case EXPR_SUB:
                    if (aconst)
                        _arb_vec_neg(out, pa, L);
                    else if (pa != out)
                        _arb_vec_set(out, pa, L);
                    if (aconst)
                        arb_add(out, out, c, prec);
                    else
                        arb_sub(out, out, c, prec);
                    break;
                case EXPR_MUL:
                    _arb_vec_scalar_mul(out, pa, L, c, prec);
                    break;
                case EXPR_DIV:
                    if (aconst)
                    {
                        if (jet_inv(out, pa, ord, ctx, prec) != NH_OK)
                            r = fail(E, node, "division by a ball containing 0");
                        else
                            _arb_vec_scalar_mul(out, out, L, c, prec);
                    }
                    else
                    {
                        if (arb_contains_zero(c))
                            r = fail(E, node, "division by a ball containing 0");
                        else
                            _arb_vec_scalar_div(out, pa, L, c, prec);
                    }
                    break;
                case EXPR_POW:
                    /* constant ^ jet = exp(b log c) */
                    if (!arb_is_positive(c))
                        r = fail(E, node, "power with non-constant exponent of a base not certified positive");
                    else
                    {
                        arb_log(c, c, prec);
                        _arb_vec_scalar_mul(out, pa, L, c, prec);
                        r = dom(E, node, jet_exp(out, out, ord, ctx, prec), "exp");
                    }
                    break;
                default:
                    r = fail(E, node, "internal error: unexpected node");
            }
        done1:
            arb_clear(c);
            return r;
        }
    }
}

int
expr_eval_jet(arb_ptr out, expr_eval_struct *E, int root)
{
    const expr_node *x = E->A->nodes + root;
    slong len = E->ctx->len, L = E->L;
    arb_srcptr p;
    int r;

    if (x->is_const)
    {
        _arb_vec_zero(out, len);
        if (x->is_exact && fmpq_is_zero(E->A->vals + x->val))
            return NH_OK;
        return scalar(out, E, root);
    }
    r = ev(&p, E, root, out, E->stack);
    if (r != NH_OK)
        return r;
    if (p != out)
        _arb_vec_set(out, p, L);
    _arb_vec_zero(out + L, len - L);
    return NH_OK;
}
