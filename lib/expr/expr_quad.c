/* expr_quad.c -- expr_split_quadratic: an expression in the
   differentials split by degree in the velocities (issue 16, `kinetic:`
   and `lagrangian:`, doc/model-format.md).  Symbolic on the tree: the
   coefficient of v^i v^j is a new tree sharing the user's subtrees, so
   G = Hessian of T in the velocities is exact (no finite differences).

   Monomials are indexed 0 (degree 0), 1 + i (v^i), 1 + n + i*n + j
   (v^i v^j, i <= j). */
#include <string.h>
#include "expr.h"

typedef struct
{
    expr_arena_struct *A;
    slong n, nt;
    const char *file;
    nh_error_struct *err;
    int one;                  /* literal 1                               */
}
qstate;

typedef struct
{
    int *c;                   /* 1 + n + n*n node indices, -1 = zero      */
    int deg;                  /* highest degree with an entry, -1 if none */
}
qpoly;

static slong
qlen(const qstate *S)
{
    return 1 + S->n + S->n * S->n;
}

static int
qdeg(const qstate *S, slong k)
{
    return k == 0 ? 0 : (k <= S->n ? 1 : 2);
}

static void
qinit(qpoly *P, const qstate *S)
{
    slong k;
    P->c = flint_malloc(qlen(S) * sizeof(int));
    for (k = 0; k < qlen(S); k++)
        P->c[k] = -1;
    P->deg = -1;
}

static int
qerr(qstate *S, int node, const char *why)
{
    return expr_error_at(S->err, S->file, S->A, node, why);
}

/* New node (operands -1 = zero, the literal 1 simplified in products). */
static int
qmk(qstate *S, int *res, int op, int a, int b, int at)
{
    if (op == EXPR_MUL && a == S->one)
    {
        *res = b;
        return NH_OK;
    }
    if (op == EXPR_MUL && b == S->one)
    {
        *res = a;
        return NH_OK;
    }
    if (op == EXPR_ADD && a < 0)
    {
        *res = b;
        return NH_OK;
    }
    return expr_new_at(res, S->A, op, a, b, at, S->file, S->err);
}

static int qsplit(qstate *S, qpoly *P, int node);

/* P = Pa * Pb (at node, for positions and the degree error). */
static int
qmul(qstate *S, qpoly *P, const qpoly *Pa, const qpoly *Pb, int node)
{
    slong n = S->n, ka, kb, k, i, j, ia, ib, na = 0, nb = 0, *nz;
    int r, t;
    char why[128];

    if (Pa->deg + Pb->deg > 2)
    {
        snprintf(why, sizeof why,
                 "expected a term of degree at most 2 in the velocities (differentials), found degree %d",
                 Pa->deg + Pb->deg);
        return qerr(S, node, why);
    }
    nz = flint_malloc(2 * qlen(S) * sizeof(slong));
    for (k = 0; k < qlen(S); k++)
    {
        if (Pa->c[k] >= 0)
            nz[na++] = k;
        if (Pb->c[k] >= 0)
            nz[qlen(S) + nb++] = k;
    }
    for (ia = 0; ia < na; ia++)
        for (ib = 0; ib < nb; ib++)
        {
            ka = nz[ia];
            kb = nz[qlen(S) + ib];
            if (qdeg(S, ka) == 0)
                k = kb;
            else if (qdeg(S, kb) == 0)
                k = ka;
            else
            {
                i = FLINT_MIN(ka, kb) - 1;
                j = FLINT_MAX(ka, kb) - 1;
                k = 1 + n + i * n + j;
            }
            if ((r = qmk(S, &t, EXPR_MUL, Pa->c[ka], Pb->c[kb], node)) != NH_OK
                || (r = qmk(S, P->c + k, EXPR_ADD, P->c[k], t, node)) != NH_OK)
            {
                flint_free(nz);
                return r;
            }
            P->deg = FLINT_MAX(P->deg, qdeg(S, k));
        }
    flint_free(nz);
    return NH_OK;
}

/* node = base ^ e, base with differentials: e must be the exact
   integer 1 or 2. */
static int
qpow(qstate *S, qpoly *P, int node)
{
    expr_node x = S->A->nodes[node];
    qpoly B;
    fmpq_t e;
    int r, bad;

    if (S->A->nodes[x.b].has_diff)
        return qerr(S, node, "expected an exponent without differentials, found a differential under '^'");
    fmpq_init(e);
    if (expr_eval_exact(e, S->A, x.b, &bad) != NULL || !fmpz_is_one(fmpq_denref(e))
        || fmpz_cmp_ui(fmpq_numref(e), 1) < 0 || fmpz_cmp_ui(fmpq_numref(e), 2) > 0)
    {
        fmpq_clear(e);
        return qerr(S, node, "expected the power ^1 or ^2 of a form in the velocities (differentials), found another exponent");
    }
    qinit(&B, S);
    r = qsplit(S, &B, x.a);
    if (r == NH_OK && fmpz_is_one(fmpq_numref(e)))
    {
        memcpy(P->c, B.c, qlen(S) * sizeof(int));
        P->deg = B.deg;
    }
    else if (r == NH_OK)
        r = qmul(S, P, &B, &B, node);
    flint_free(B.c);
    fmpq_clear(e);
    return r;
}

static int
qbinary(qstate *S, qpoly *P, int node)
{
    expr_node x = S->A->nodes[node];
    qpoly Pa, Pb;
    slong k;
    int r;

    if (x.op == EXPR_POW)
        return qpow(S, P, node);
    if (x.op == EXPR_DIV && S->A->nodes[x.b].has_diff)
        return qerr(S, node, "expected a divisor without differentials, found a differential");
    qinit(&Pa, S);
    qinit(&Pb, S);
    r = qsplit(S, &Pa, x.a);
    if (r == NH_OK && x.op != EXPR_DIV)
        r = qsplit(S, &Pb, x.b);
    if (r == NH_OK && x.op == EXPR_MUL)
        r = qmul(S, P, &Pa, &Pb, node);
    else if (r == NH_OK)
    {
        for (k = 0; k < qlen(S) && r == NH_OK; k++)
        {
            int a = Pa.c[k], b = Pb.c[k];
            if (x.op == EXPR_DIV)
                r = a < 0 ? NH_OK : qmk(S, P->c + k, EXPR_DIV, a, x.b, node);
            else if (b < 0)
                P->c[k] = a;
            else if (a < 0)
                r = x.op == EXPR_ADD ? (P->c[k] = b, NH_OK) : qmk(S, P->c + k, EXPR_NEG, b, -1, node);
            else
                r = qmk(S, P->c + k, x.op, a, b, node);
        }
        P->deg = FLINT_MAX(Pa.deg, x.op == EXPR_DIV ? -1 : Pb.deg);
    }
    flint_free(Pa.c);
    flint_free(Pb.c);
    return r;
}

static int
qsplit(qstate *S, qpoly *P, int node)
{
    expr_node x = S->A->nodes[node];   /* copy: the arena may move */
    slong k;
    int r;

    if (!x.has_diff)
    {
        P->c[0] = node;
        P->deg = 0;
        return NH_OK;
    }
    if (x.op == EXPR_DIFF)
    {
        k = x.a < S->n ? 1 + x.a : 0;   /* dt: the number 1 */
        P->c[k] = S->one;
        P->deg = qdeg(S, k);
        return NH_OK;
    }
    if (EXPR_IS_FUNC(x.op))
        return qerr(S, node, "expected an expression without differentials as function argument, found a differential");
    if (x.op != EXPR_NEG)
        return qbinary(S, P, node);
    if ((r = qsplit(S, P, x.a)) != NH_OK)
        return r;
    for (k = 0; k < qlen(S); k++)
        if (P->c[k] >= 0 && (r = qmk(S, P->c + k, EXPR_NEG, P->c[k], -1, node)) != NH_OK)
            return r;
    return NH_OK;
}

int
expr_split_quadratic(int *c0, int *c1, int *c2, expr_arena_t A, int root,
                     slong n, slong nt, const char *filename, nh_error_t err)
{
    qstate S;
    qpoly P;
    int r;

    S.A = A;
    S.n = n;
    S.nt = nt;
    S.file = filename;
    S.err = err;
    if ((r = expr_new_int_at(&S.one, A, 1, root, filename, err)) != NH_OK)
        return r;
    qinit(&P, &S);
    r = qsplit(&S, &P, root);
    if (r == NH_OK)
    {
        *c0 = P.c[0];
        memcpy(c1, P.c + 1, n * sizeof(int));
        memcpy(c2, P.c + 1 + n, n * n * sizeof(int));
    }
    flint_free(P.c);
    return r;
}
