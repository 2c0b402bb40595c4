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

/* A function met a ball x0 (the constant term of its argument) outside
   its domain.  If x0 certifies the singularity (exactly 0 for a divisor;
   certainly <= 0 for log, sqrt and non-integer powers; certainly < 0 for
   a scalar sqrt) the model is singular at the point: NH_ERR_MODEL with
   the message `sure`.  Otherwise the ball only meets the singular set,
   a higher working precision may resolve it: NH_ERR_DOMAIN (the caller
   retries, see nh_cli_run in oracles/cli/run.c) with the message `unsure`. */
enum { SING_ZERO, SING_NONPOS, SING_NEG };

static int
settle(expr_eval_struct *E, int node, const arb_t x0, int kind,
       const char *sure, const char *unsure)
{
    int certain = kind == SING_ZERO ? arb_is_zero(x0)
        : kind == SING_NONPOS ? arb_is_nonpositive(x0) : arb_is_negative(x0);
    E->bad_node = node;
    E->bad_why = certain ? sure : unsure;
    return certain ? NH_ERR_MODEL : NH_ERR_DOMAIN;
}

#define DIV0 "division by 0", "division by a ball containing 0"
#define NEGPOW0 "negative power of 0", "negative power of a ball containing 0"
#define LOG0 "log of a non-positive value", "log of a ball not certified positive"
#define SQRT0 "sqrt of a non-positive value (not differentiable at 0)", \
    "sqrt of a ball not certified positive"
#define FRACPOW0 "non-integer power of a non-positive base", \
    "non-integer power of a base not certified positive"
#define VARPOW0 "power with non-constant exponent of a non-positive base", \
    "power with non-constant exponent of a base not certified positive"

/* An exact exponent whose numerator or denominator has more than
   EXPR_MAX_EXP_BITS bits is refused (NH_ERR_MODEL: no precision helps):
   binary powering costs log2|e| multiplications on numbers whose
   exponents grow to log2|e| bits, so a 300-byte literal tower such as
   2^-(10^2000) would take minutes (fuzz finding slow-power-tower). */
static int
check_exponent(expr_eval_struct *E, int node, const fmpq_t p)
{
    if (fmpz_bits(fmpq_numref(p)) <= EXPR_MAX_EXP_BITS
        && fmpz_bits(fmpq_denref(p)) <= EXPR_MAX_EXP_BITS)
        return NH_OK;
    E->bad_node = node;
    E->bad_why = "exact exponent too large (numerator or denominator of more than "
        NH_STR(EXPR_MAX_EXP_BITS) " bits)";
    return NH_ERR_MODEL;
}

/* ---- scalars ---------------------------------------------------------- */

static int scalar_node(arb_t res, expr_eval_struct *E, int node);

/* The slot of node in E's cache, allocated, or NULL (no sharing). */
static arb_ptr
slot_of(expr_eval_struct *E, const expr_node *x)
{
    expr_cache_struct *C = E->cache;
    if (C == NULL || x->slot < 0 || x->slot >= C->nslots)
        return NULL;
    if (C->val[x->slot] == NULL)
        C->val[x->slot] = _arb_vec_init(C->ctx->len);
    return C->val[x->slot];
}

static void
slot_filled(expr_eval_struct *E, const expr_node *x)
{
    E->cache->ok[x->slot] = 1;
    E->cache->fills[x->slot]++;
}

/* A constant node; a shared one (a let) is computed once per session. */
static int
scalar(arb_t res, expr_eval_struct *E, int node)
{
    const expr_arena_struct *A = E->A;
    const expr_node *x = A->nodes + node;
    arb_ptr sv;
    int r;

    if (x->is_exact)
    {
        arb_set_fmpq(res, A->vals + x->val, E->prec);
        return NH_OK;
    }
    if ((sv = slot_of(E, x)) == NULL)
        return scalar_node(res, E, node);
    if (!E->cache->ok[x->slot])
    {
        if ((r = scalar_node(sv, E, node)) != NH_OK)
            return r;
        slot_filled(E, x);
    }
    arb_set(res, sv);
    return NH_OK;
}

static int
scalar_node(arb_t res, expr_eval_struct *E, int node)
{
    const expr_arena_struct *A = E->A;
    const expr_node *x = A->nodes + node;
    slong prec = E->prec;
    int r = NH_OK;
    arb_t u, v;

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
                r = settle(E, node, v, SING_ZERO, DIV0);
                goto done;
            }
            arb_div(res, u, v, prec);
            break;
        case EXPR_POW:
        {
            const expr_node *y = A->nodes + x->b;
            if (y->is_exact && (r = check_exponent(E, node, A->vals + y->val)) != NH_OK)
                goto done;
            if (y->is_exact && fmpz_is_one(fmpq_denref(A->vals + y->val)))
            {
                const fmpz *e = fmpq_numref(A->vals + y->val);
                if (fmpz_sgn(e) < 0 && arb_contains_zero(u))
                {
                    r = settle(E, node, u, SING_ZERO, NEGPOW0);
                    goto done;
                }
                arb_pow_fmpz(res, u, e, prec);
            }
            else if (!arb_is_positive(u))
            {
                r = settle(E, node, u, SING_NONPOS, FRACPOW0);
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
                r = settle(E, node, u, SING_NONPOS, LOG0);
                goto done;
            }
            arb_log(res, u, prec);
            break;
        case EXPR_SQRT:
            if (!arb_is_nonnegative(u))
            {
                r = settle(E, node, u, SING_NEG, "sqrt of a negative value",
                           "sqrt of a ball not certified nonnegative");
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

static int ev_node(arb_srcptr *res, expr_eval_struct *E, int node, arb_ptr out, arb_ptr stk);

/* sin(u) or cos(u) (want_cos) of the argument node arg with value pa: if
   u has a stable value in the session (a coordinate, or a slotted node
   whose cache slot holds it), both come from one jet_sin_cos into the
   cache's sin/cos memo and a pointer into it is returned (a later cos(u)
   or sin(u) reads it); otherwise NULL. */
#define EXPR_MAX_SC_MEMOS 64

/* The arena's memo for key in a context of E's length: found, or added
   (at most EXPR_MAX_SC_MEMOS, never replaced: a session may hold a
   pointer into any of them); NULL when full.  The arena is logically
   const (expr.h). */
static jet_sin_cos_memo_struct *
arena_memo(expr_eval_struct *E, slong key)
{
    expr_arena_struct *A = (expr_arena_struct *) E->A;
    slong k;

    for (k = 0; k < A->nscm; k++)
        if (A->scm_key[k] == key && A->scm[k].len == E->ctx->len)
            return A->scm + k;
    if (A->nscm >= EXPR_MAX_SC_MEMOS)
        return NULL;
    if (A->scm == NULL)
    {
        A->scm = flint_malloc(EXPR_MAX_SC_MEMOS * sizeof(jet_sin_cos_memo_struct));
        A->scm_key = flint_malloc(EXPR_MAX_SC_MEMOS * sizeof(slong));
    }
    A->scm_key[A->nscm] = key;
    jet_sin_cos_memo_init(A->scm + A->nscm);
    return A->scm + A->nscm++;
}

static arb_srcptr
sin_cos_shared(expr_eval_struct *E, int arg, arb_srcptr pa, int want_cos)
{
    expr_cache_struct *C = E->cache;
    const expr_node *u = E->A->nodes + arg;
    slong key, k, len = E->ctx->len;
    jet_sin_cos_memo_struct *m;

    if (C == NULL)
        return NULL;
    if (u->op == EXPR_COORD)
        key = -1 - (slong) u->a;
    else if (u->slot >= 0 && u->slot < C->nslots && C->ok[u->slot])
        key = u->slot;
    else
        return NULL;
    for (k = 0; k < C->nsc; k++)
        if (C->sc_key[k] == key)
            return C->sc_val[k] + (want_cos ? len : 0);
    C->sc_key = flint_realloc(C->sc_key, (C->nsc + 1) * sizeof(slong));
    C->sc_val = flint_realloc(C->sc_val, (C->nsc + 1) * sizeof(arb_ptr));
    C->sc_own = flint_realloc(C->sc_own, (C->nsc + 1));
    C->sc_key[C->nsc] = key;
    if ((m = arena_memo(E, key)) != NULL)
    {
        /* across sessions: only the coefficients whose degree is at or
           above the first change of u are recomputed (jet.h,
           jet_sin_cos_memo: the same balls as jet_sin_cos) */
        C->sc_val[C->nsc] = (arb_ptr) jet_sin_cos_memo(m, pa, E->ord, E->ctx, E->prec);
        C->sc_own[C->nsc] = 0;
    }
    else
    {
        C->sc_val[C->nsc] = _arb_vec_init(2 * len);
        C->sc_own[C->nsc] = 1;
        jet_sin_cos(C->sc_val[C->nsc], C->sc_val[C->nsc] + len, pa, E->ord, E->ctx,
                    E->prec);
    }
    return C->sc_val[C->nsc++] + (want_cos ? len : 0);
}

/* Evaluate the non-constant node into out (may instead return a pointer
   to a coordinate jet or to the cached value of a shared node in *res;
   *res is out, a q jet, a cache slot or a sin/cos memo jet, never to be written through).
   stk = free temporaries.  A shared node (a let, a subtree with several
   parents: expr_share) is computed into its slot at its first use in
   the session and read from there afterwards. */
static int
ev(arb_srcptr *res, expr_eval_struct *E, int node, arb_ptr out, arb_ptr stk)
{
    const expr_node *x = E->A->nodes + node;
    arb_srcptr p;
    arb_ptr sv;
    int r;

    if (x->op == EXPR_COORD)
    {
        *res = E->q + x->a * E->ctx->len;
        return NH_OK;
    }
    if ((sv = slot_of(E, x)) == NULL)
        return ev_node(res, E, node, out, stk);
    if (!E->cache->ok[x->slot])
    {
        if ((r = ev_node(&p, E, node, sv, stk)) != NH_OK)
            return r;
        if (p != sv)
            _arb_vec_set(sv, p, E->L);
        slot_filled(E, x);
    }
    *res = sv;
    return NH_OK;
}

/* a unary node (negation or a function) of the jet of its argument */
static int
ev_unary(arb_srcptr *res, expr_eval_struct *E, int node, arb_ptr out, arb_ptr stk)
{
    const expr_node *x = E->A->nodes + node;
    const jet_ctx_struct *ctx = E->ctx;
    slong prec = E->prec, ord = E->ord;
    arb_srcptr pa, pb;
    int r;

    if ((r = ev(&pa, E, x->a, out, stk)) != NH_OK)
        return r;
    if ((x->op == EXPR_SIN || x->op == EXPR_COS)
        && (pb = sin_cos_shared(E, x->a, pa, x->op == EXPR_COS)) != NULL)
    {
        *res = pb;
        return NH_OK;
    }
    switch (x->op)
    {
        case EXPR_NEG: _arb_vec_neg(out, pa, E->L); return NH_OK;
        case EXPR_SIN: return dom(E, node, jet_sin(out, pa, ord, ctx, prec), "sin");
        case EXPR_COS: return dom(E, node, jet_cos(out, pa, ord, ctx, prec), "cos");
        case EXPR_TAN:
            return dom(E, node, jet_tan(out, pa, ord, ctx, prec), "tan at a ball where cos contains 0");
        case EXPR_EXP: return dom(E, node, jet_exp(out, pa, ord, ctx, prec), "exp");
        case EXPR_LOG:
            if (jet_log(out, pa, ord, ctx, prec) != NH_OK)
                return settle(E, node, pa, SING_NONPOS, LOG0);
            return NH_OK;
        case EXPR_SQRT:
            if (jet_sqrt(out, pa, ord, ctx, prec) != NH_OK)
                return settle(E, node, pa, SING_NONPOS, SQRT0);
            return NH_OK;
        default:
            return fail(E, node, "internal error: unexpected node");
    }
}

/* a binary node whose two operands are both non-constant jets */
static int
ev_binary_jets(expr_eval_struct *E, int node, arb_ptr out, arb_ptr stk)
{
    const expr_node *x = E->A->nodes + node;
    const jet_ctx_struct *ctx = E->ctx;
    slong prec = E->prec, ord = E->ord, L = E->L;
    arb_srcptr pa, pb;
    int r;

    if ((r = ev(&pa, E, x->a, out, stk)) != NH_OK)
        return r;
    if ((r = ev(&pb, E, x->b, stk, stk + ctx->len)) != NH_OK)
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
            if (jet_div(out, pa, pb, ord, ctx, prec) != NH_OK)
                return settle(E, node, pb, SING_ZERO, DIV0);
            return NH_OK;
        case EXPR_POW:
            /* a^b = exp(b log a) */
            if (jet_log(out, pa, ord, ctx, prec) != NH_OK)
                return settle(E, node, pa, SING_NONPOS, VARPOW0);
            jet_mul(out, out, pb, ord, ctx, prec);
            return dom(E, node, jet_exp(out, out, ord, ctx, prec), "exp");
        default:
            return fail(E, node, "internal error: unexpected node");
    }
}

/* out = pa^e for an integer exponent e (node: the power node) */
static int
ev_pow_int(expr_eval_struct *E, int node, arb_ptr out, arb_srcptr pa, const fmpq *p)
{
    const jet_ctx_struct *ctx = E->ctx;
    slong prec = E->prec, ord = E->ord, L = E->L;
    const fmpz *e = fmpq_numref(p);
    int r = NH_OK;

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
            r = settle(E, node, pa, SING_ZERO, NEGPOW0);
        else if (!fmpz_equal_si(e, -1))
            jet_pow_ui(out, out, (ulong) (-fmpz_get_si(e)), ord, ctx, prec);
    }
    else if (jet_pow_fmpq(out, pa, p, ord, ctx, prec) != NH_OK)
        r = settle(E, node, pa, SING_ZERO, NEGPOW0);
    return r;
}

/* jet ^ constant; c is scratch for a non-exact exponent */
static int
ev_pow_const(expr_eval_struct *E, int node, arb_t c, arb_ptr out, arb_ptr stk)
{
    const expr_arena_struct *A = E->A;
    const expr_node *x = A->nodes + node, *xb = A->nodes + x->b;
    const jet_ctx_struct *ctx = E->ctx;
    slong prec = E->prec, ord = E->ord;
    const fmpq *p = xb->is_exact ? A->vals + xb->val : NULL;
    arb_srcptr pa;
    int r;

    if (p != NULL && (r = check_exponent(E, node, p)) != NH_OK)
        return r;
    if ((r = ev(&pa, E, x->a, out, stk)) != NH_OK)
        return r;
    if (p != NULL && fmpz_is_one(fmpq_denref(p)))
        return ev_pow_int(E, node, out, pa, p);
    if (p != NULL)
    {
        if (jet_pow_fmpq(out, pa, p, ord, ctx, prec) != NH_OK)
            return settle(E, node, pa, SING_NONPOS, FRACPOW0);
        return NH_OK;
    }
    if ((r = scalar(c, E, x->b)) != NH_OK)
        return r;
    if (jet_log(out, pa, ord, ctx, prec) != NH_OK)
        return settle(E, node, pa, SING_NONPOS, FRACPOW0);
    _arb_vec_scalar_mul(out, out, E->L, c, prec);
    return dom(E, node, jet_exp(out, out, ord, ctx, prec), "exp");
}

/* a binary node with exactly one constant operand c (not jet ^ constant) */
static int
ev_one_const(expr_eval_struct *E, int node, arb_t c, arb_ptr out, arb_ptr stk)
{
    const expr_node *x = E->A->nodes + node;
    const jet_ctx_struct *ctx = E->ctx;
    slong prec = E->prec, ord = E->ord, L = E->L;
    int aconst = E->A->nodes[x->a].is_const;
    arb_srcptr pa;
    int r;

    if ((r = scalar(c, E, aconst ? x->a : x->b)) != NH_OK)
        return r;
    if ((r = ev(&pa, E, aconst ? x->b : x->a, out, stk)) != NH_OK)
        return r;

    switch (x->op)
    {
        case EXPR_ADD:
            if (pa != out)
                _arb_vec_set(out, pa, L);
            arb_add(out, out, c, prec);
            return NH_OK;
        case EXPR_SUB:
            if (aconst)
                _arb_vec_neg(out, pa, L);
            else if (pa != out)
                _arb_vec_set(out, pa, L);
            if (aconst)
                arb_add(out, out, c, prec);
            else
                arb_sub(out, out, c, prec);
            return NH_OK;
        case EXPR_MUL:
            _arb_vec_scalar_mul(out, pa, L, c, prec);
            return NH_OK;
        case EXPR_DIV:
            if (aconst)
            {
                if (jet_inv(out, pa, ord, ctx, prec) != NH_OK)
                    return settle(E, node, pa, SING_ZERO, DIV0);
                _arb_vec_scalar_mul(out, out, L, c, prec);
                return NH_OK;
            }
            if (arb_contains_zero(c))
                return settle(E, node, c, SING_ZERO, DIV0);
            _arb_vec_scalar_div(out, pa, L, c, prec);
            return NH_OK;
        case EXPR_POW:
            /* constant ^ jet = exp(b log c) */
            if (!arb_is_positive(c))
                return settle(E, node, c, SING_NONPOS, VARPOW0);
            arb_log(c, c, prec);
            _arb_vec_scalar_mul(out, pa, L, c, prec);
            return dom(E, node, jet_exp(out, out, ord, ctx, prec), "exp");
        default:
            return fail(E, node, "internal error: unexpected node");
    }
}

/* the jet of one node into out (*res: where it is, out or a shared slot) */
static int
ev_node(arb_srcptr *res, expr_eval_struct *E, int node, arb_ptr out, arb_ptr stk)
{
    const expr_arena_struct *A = E->A;
    const expr_node *x = A->nodes + node;
    arb_t c;
    int r;

    *res = out;
    if (x->op == EXPR_NEG || EXPR_IS_FUNC(x->op))
        return ev_unary(res, E, node, out, stk);
    if (!A->nodes[x->a].is_const && !A->nodes[x->b].is_const)
        return ev_binary_jets(E, node, out, stk);
    /* exactly one side constant */
    arb_init(c);
    if (x->op == EXPR_POW && !A->nodes[x->a].is_const)
        r = ev_pow_const(E, node, c, out, stk);
    else
        r = ev_one_const(E, node, c, out, stk);
    arb_clear(c);
    return r;
}

int
expr_eval_jet(arb_ptr out, expr_eval_struct *E, int root)
{
    const expr_node *x = E->A->nodes + root;
    slong L = E->L;
    arb_srcptr p;
    int r;

    if (x->is_const)
    {
        jet_zero(out, E->ctx);
        if (x->is_exact && fmpq_is_zero(E->A->vals + x->val))
            return NH_OK;
        return scalar(out, E, root);
    }
    r = ev(&p, E, root, out, E->stack);
    if (r != NH_OK)
        return r;
    if (p != out)
        _arb_vec_set(out, p, L);
    jet_zero_above(out, E->ord, E->ctx);
    return NH_OK;
}
