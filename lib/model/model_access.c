/* model_access.c -- accessors of nh_model_struct, parameter overrides. */
#include <string.h>
#include "impl.h"

const char *nh_model_name(const nh_model_struct *M) { return M->name; }
const char *nh_model_source(const nh_model_struct *M) { return M->source; }
const char *nh_model_filename(const nh_model_struct *M) { return M->filename; }
slong nh_model_n(const nh_model_struct *M) { return M->n; }
slong nh_model_m(const nh_model_struct *M) { return M->m; }
slong nh_model_nparams(const nh_model_struct *M) { return M->np; }

const char *
nh_model_coord_name(const nh_model_struct *M, slong i)
{
    return (i >= 0 && i < M->n) ? M->coords[i] : NULL;
}

slong
nh_model_coord_index(const nh_model_struct *M, const char *name)
{
    slong i;
    for (i = 0; i < M->n; i++)
        if (strcmp(M->coords[i], name) == 0)
            return i;
    return -1;
}

const char *
nh_model_param_name(const nh_model_struct *M, slong k)
{
    return (k >= 0 && k < M->np) ? M->pnames[k] : NULL;
}

slong
nh_model_nlets(const nh_model_struct *M)
{
    return M->nlets;
}

const char *
nh_model_let_name(const nh_model_struct *M, slong k)
{
    return (k >= 0 && k < M->nlets) ? M->lnames[k] : NULL;
}

void
nh_model_param_value(fmpq_t res, const nh_model_struct *M, slong k)
{
    if (k >= 0 && k < M->np)
        fmpq_set(res, M->params + k);
    else
        fmpq_zero(res);
}

/* The terms of degree 0 and 1 of 'kinetic:' that were exactly 0 at the
   file's parameter values (and dropped) must still be 0 (issue 16 (c)). */
static int
check_dropped(const nh_model_struct *M, const char *name, nh_error_t err)
{
    slong i;
    for (i = 0; i < M->ndropped; i++)
    {
        const expr_node *x = M->A->nodes + M->dropped[i];
        int k = M->dropped_k[i];
        if (expr_is_zero(M->A, M->dropped[i]))
            continue;
        return nh_error_set(err, NH_ERR_MODEL,
            "%s:%d:%d: %s: the term of degree %d%s%s%s is 0 at the file's parameter "
            "values but not after setting '%s'; a kinetic energy must be quadratic "
            "and homogeneous in the velocities (use 'lagrangian:')",
            M->filename, x->line, x->col, M->metric_what, k < 0 ? 0 : 1,
            k < 0 ? "" : " (in d", k < 0 ? "" : M->coords[k], k < 0 ? "" : ")", name);
    }
    return NH_OK;
}

int
nh_model_set_param(nh_model_struct *M, const char *name, const fmpq_t value, nh_error_t err)
{
    slong k, j;
    for (k = 0; k < M->np; k++)
        if (strcmp(M->pnames[k], name) == 0)
        {
            fmpq_set(M->params + k, value);
            M->poverride[k] = 1;
            /* re-evaluate, in file order, every derived parameter that
               was not itself set directly (issue 16) */
            for (j = k + 1; j < M->np; j++)
            {
                const char *why;
                int bad;
                if (!M->pderived[j] || M->poverride[j])
                    continue;
                why = expr_eval_exact(M->params + j, M->A, M->proot[j], &bad);
                if (why != NULL)
                    return nh_error_set(err, NH_ERR_USAGE,
                        "%s:%d:%d: parameter '%s', defined from '%s', cannot be re-evaluated: %s",
                        M->filename, M->A->nodes[bad].line, M->A->nodes[bad].col,
                        M->pnames[j], name, why);
            }
            _nh_model_prepare(M);
            return check_dropped(M, name, err);
        }
    return nh_error_set(err, NH_ERR_USAGE, "model %s has no parameter '%s'", M->name, name);
}

int
nh_model_param_is_derived(const nh_model_struct *M, slong k)
{
    return k >= 0 && k < M->np && M->pderived[k];
}

const char *
nh_model_metric_what(const nh_model_struct *M)
{
    return M->metric_what;
}

int
nh_model_potential_is_zero(const nh_model_struct *M)
{
    return M->potential < 0 || expr_is_zero(M->A, M->potential);
}

static int
root_need(const nh_model_struct *M, int root)
{
    if (root < 0 || M->A->nodes[root].is_const)
        return 0;
    return M->A->nodes[root].need;
}

/* mirror[r*k + c] for a symmetric k x k matrix of roots: for r > c, the
   index c*k + r of the upper entry when the lower entry is the same
   function syntactically (both literal 0, or expr_equal after constant
   folding), so that it needs neither evaluation nor a symmetry check;
   else -1 (diagonal and upper entries: always -1). */
static void
symmetric_mirrors(int *mirror, const nh_model_struct *M, const int *roots, slong k)
{
    slong i;
    for (i = 0; i < k * k; i++)
    {
        slong r = i / k, c = i % k, t = c * k + r;
        mirror[i] = -1;
        if (r > c && ((roots[i] < 0 && roots[t] < 0)
                      || (roots[i] >= 0 && roots[t] >= 0 && expr_equal(M->A, roots[i], roots[t]))))
            mirror[i] = (int) t;
    }
}

void
_nh_model_prepare(nh_model_struct *M)
{
    slong i, n = M->n, m = M->m;
    int need = 0;
    M->A->params = M->params;
    expr_prepare(M->A);
    for (i = 0; i < n * n; i++)
        need = FLINT_MAX(need, root_need(M, M->metric[i]));
    for (i = 0; i < m * n; i++)
        need = FLINT_MAX(need, root_need(M, M->constraints[i]));
    for (i = 0; i < m * m; i++)
        need = FLINT_MAX(need, root_need(M, M->friction[i]));
    need = FLINT_MAX(need, root_need(M, M->potential));
    for (i = 0; i < m && M->constraint_dt != NULL; i++)
        need = FLINT_MAX(need, root_need(M, M->constraint_dt[i]));
    for (i = 0; i < n && M->oneform != NULL; i++)
        need = FLINT_MAX(need, root_need(M, M->oneform[i]));
    for (i = 0; i < n && M->force != NULL; i++)
        need = FLINT_MAX(need, root_need(M, M->force[i]));
    for (i = 0; i < n * n && M->damping != NULL; i++)
        need = FLINT_MAX(need, root_need(M, M->damping[i]));
    M->need = need;
    symmetric_mirrors(M->metric_mirror, M, M->metric, n);
    symmetric_mirrors(M->friction_mirror, M, M->friction, m);
}

int nh_model_has_time(const nh_model_struct *M) { return M->has_time; }

static int
roots_zero(const nh_model_struct *M, const int *roots, slong k)
{
    slong i;
    if (roots == NULL)
        return 1;
    for (i = 0; i < k; i++)
        if (roots[i] >= 0 && !expr_is_zero(M->A, roots[i]))
            return 0;
    return 1;
}

int
nh_model_constraints_are_linear(const nh_model_struct *M)
{
    return roots_zero(M, M->constraint_dt, M->m);
}

int
nh_model_has_oneform(const nh_model_struct *M)
{
    return !roots_zero(M, M->oneform, M->n);
}

int
nh_model_has_force(const nh_model_struct *M)
{
    return !roots_zero(M, M->force, M->n);
}

int
nh_model_has_damping(const nh_model_struct *M)
{
    return !roots_zero(M, M->damping, M->n * M->n);
}

int
nh_model_is_linear_autonomous(const nh_model_struct *M)
{
    return !M->has_time && nh_model_constraints_are_linear(M)
        && !nh_model_has_oneform(M) && !nh_model_has_force(M) && !nh_model_has_damping(M);
}

int
nh_model_has_friction(const nh_model_struct *M)
{
    return M->friction_given;
}
