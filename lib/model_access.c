/* model_access.c -- accessors of nh_model_struct, parameter overrides. */
#include <string.h>
#include "expr_model.h"

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

void
nh_model_param_value(fmpq_t res, const nh_model_struct *M, slong k)
{
    if (k >= 0 && k < M->np)
        fmpq_set(res, M->params + k);
    else
        fmpq_zero(res);
}

int
nh_model_set_param(nh_model_struct *M, const char *name, const fmpq_t value, nh_error_t err)
{
    slong k;
    for (k = 0; k < M->np; k++)
        if (strcmp(M->pnames[k], name) == 0)
        {
            fmpq_set(M->params + k, value);
            _nh_model_prepare(M);
            return NH_OK;
        }
    return nh_error_set(err, NH_ERR_USAGE, "model %s has no parameter '%s'", M->name, name);
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
    M->need = need;
}
