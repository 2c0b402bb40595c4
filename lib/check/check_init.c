/*
 * check_init.c -- a check's settings (check.h): the quantity names of the
 * protocol mapped to the table of lib/quantity.h, the box, exact numbers
 * and their decimal strings.
 */
#include <stdlib.h>
#include <string.h>
#include "impl.h"
#include "expr.h"

/* the protocol names (doc/check.md) and their table entries */
static const struct
{
    const char *name, *table;
}
alias[] = {
    {"vD", "vD"}, {"h", "h"}, {"reaction", "react"}, {"reduced", "reduced_vdot"},
    {"nh_accel", "acc_lagrange"}, {"full", "full_vdot"},
};
#define NALIAS ((slong) (sizeof alias / sizeof alias[0]))

static const nh_quantity_struct *
lookup(const char *name, slong order, slong *k)
{
    slong i;
    char buf[40];
    *k = 0;
    for (i = 0; i < NALIAS; i++)
        if (strcmp(name, alias[i].name) == 0)
        {
            if (strcmp(alias[i].table, "h") == 0 || strcmp(alias[i].table, "react") == 0)
            {
                snprintf(buf, sizeof buf, "%s%ld", alias[i].table, (long) order);
                return nh_quantity_find(buf, k);
            }
            return nh_quantity_find(alias[i].table, k);
        }
    return nh_quantity_find(name, k);
}

static int
usable(const nh_quantity_struct *Q, const nh_model_struct *M, const nh_quantity_params *par)
{
    slong shape[3], len;
    int nd;
    if (Q->flags & (NH_QUANTITY_GHAT | NH_QUANTITY_LINAUT))
        return 0;
    nd = nh_quantity_shape(shape, &len, Q, nh_model_n(M), nh_model_m(M), par);
    return nd == 1 && len == nh_model_n(M) && Q->kind != NH_Q_ROUTES;
}

static int
set_quantity(nh_check_t C, const char *name, slong order, const fmpq_t eps, nh_error_t err)
{
    slong k;
    const nh_quantity_struct *Q = lookup(name, order, &k);
    if (Q == NULL || !usable(Q, C->M, &C->par))
        return nh_error_set(err, NH_ERR_USAGE, "--quantity '%s': not a quantity check can test "
                            "(use vD, h, reaction, reduced, nh_accel, full, or a table name of "
                            "a vector of length n such as reduced_qdot, acc_voronets, h2)", name);
    C->Q = Q;
    C->par.k = k;
    C->par.order = (Q->kind == NH_Q_H || Q->kind == NH_Q_REACT) ? k : order;
    C->order = C->par.order;
    if (Q->flags & NH_QUANTITY_EPS)
    {
        if (eps == NULL || fmpq_sgn(eps) <= 0)
            return nh_error_set(err, NH_ERR_USAGE, "--quantity %s needs --eps E > 0", name);
        fmpq_set(C->eps, eps);
        C->par.eps_q = C->eps;
    }
    if (Q->flags & NH_QUANTITY_NH)
        C->QD = nh_quantity_by_kind(NH_Q_ACC_LAGRANGE);
    else if (Q->flags & NH_QUANTITY_ON_D)
        C->QD = nh_quantity_by_kind(NH_Q_VD);
    strncpy(C->name, name, sizeof C->name - 1);
    return NH_OK;
}

int
nh_check_init(nh_check_t C, const nh_model_struct *M, const char *name, slong order,
              const fmpq_t eps, double atol, double rtol, slong prec, slong max_prec,
              nh_error_t err)
{
    slong i, n = nh_model_n(M);
    memset(C, 0, sizeof *C);
    C->M = M;
    C->n = n;
    fmpq_init(C->eps);
    nh_quantity_params_init(&C->par);
    C->replay = NULL;
    C->nreplay = 0;
    C->lo = _fmpq_vec_init(2 * n);
    C->hi = _fmpq_vec_init(2 * n);
    for (i = 0; i < 2 * n; i++)
    {
        fmpq_set_si(C->lo + i, -1, 1);
        fmpq_one(C->hi + i);
    }
    C->atol = atol;
    C->rtol = rtol;
    C->prec = prec;
    C->max_prec = max_prec;
    C->ws = nh_quantity_ws_new(M);
    if (!(atol >= 0 && rtol >= 0 && atol + rtol > 0))
        return nh_error_set(err, NH_ERR_USAGE, "--atol and --rtol must be >= 0 and not both 0");
    return set_quantity(C, name, order, eps, err);
}

void
nh_check_clear(nh_check_t C)
{
    if (C->replay != NULL)
        _fmpq_vec_clear(C->replay, 2 * C->n * C->nreplay);
    _fmpq_vec_clear(C->lo, 2 * C->n);
    _fmpq_vec_clear(C->hi, 2 * C->n);
    fmpq_clear(C->eps);
    nh_quantity_ws_free(C->ws);
}

int
nh_check_parse_q(fmpq_t x, const char *s, const char *what, nh_error_t err)
{
    const char *slash = strchr(s, '/'), *p = s;
    int neg = 0;
    fmpq_t d;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    if (*p == '\0' || expr_parse_decimal(x, p, slash ? (size_t) (slash - p) : strlen(p)) != NULL)
        return nh_error_set(err, NH_ERR_USAGE, "%s: malformed number '%s'", what, s);
    if (slash != NULL)
    {
        fmpq_init(d);
        if (slash[1] == '\0' || expr_parse_decimal(d, slash + 1, strlen(slash + 1)) != NULL
            || fmpq_is_zero(d))
        {
            fmpq_clear(d);
            return nh_error_set(err, NH_ERR_USAGE, "%s: malformed number '%s'", what, s);
        }
        fmpq_div(x, x, d);
        fmpq_clear(d);
    }
    if (neg)
        fmpq_neg(x, x);
    return NH_OK;
}

/* one item NAME=LO:HI of a domain spec (item NUL-terminated, modified) */
static int
domain_item(nh_check_t C, char *item, nh_error_t err)
{
    char *eq = strchr(item, '='), *colon;
    const char *name = item;
    slong idx, off = 0;
    int r;
    fmpq_t lo, hi;
    if (eq == NULL || (colon = strchr(eq + 1, ':')) == NULL)
        return nh_error_set(err, NH_ERR_USAGE, "--domain: item '%s' is not NAME=LO:HI", item);
    *eq = *colon = '\0';
    if (strncmp(name, "v_", 2) == 0 && nh_model_coord_index(C->M, name + 2) >= 0)
    {
        name += 2;
        off = C->n;
    }
    if ((idx = nh_model_coord_index(C->M, name)) < 0)
        return nh_error_set(err, NH_ERR_USAGE, "--domain: '%s' is not a coordinate (or v_ and a "
                            "coordinate) of the model", item);
    fmpq_init(lo);
    fmpq_init(hi);
    r = nh_check_parse_q(lo, eq + 1, "--domain", err);
    if (r == NH_OK)
        r = nh_check_parse_q(hi, colon + 1, "--domain", err);
    if (r == NH_OK && fmpq_cmp(lo, hi) > 0)
        r = nh_error_set(err, NH_ERR_USAGE, "--domain: %s: LO %s > HI %s", item, eq + 1, colon + 1);
    if (r == NH_OK)
    {
        fmpq_set(C->lo + off + idx, lo);
        fmpq_set(C->hi + off + idx, hi);
    }
    fmpq_clear(lo);
    fmpq_clear(hi);
    return r;
}

int
nh_check_set_domain(nh_check_t C, const char *spec, nh_error_t err)
{
    char *s = strdup(spec), *item, *save = NULL;
    int r = NH_OK;
    if (s == NULL)
        return nh_error_set(err, NH_ERR_RESOURCE, "out of memory");
    for (item = strtok_r(s, ",", &save); item != NULL && r == NH_OK;
         item = strtok_r(NULL, ",", &save))
        r = domain_item(C, item, err);
    free(s);
    return r;
}

char *
nh_check_decimal(const fmpq_t x)
{
    fmpz_t den, num, p;
    slong a = 0, b = 0, e, len;
    char *s, *r;
    fmpz_init_set(den, fmpq_denref(x));
    fmpz_init(num);
    fmpz_init(p);
    while (a <= 200 && fmpz_divisible_si(den, 2) && ++a)
        fmpz_divexact_si(den, den, 2);
    while (b <= 200 && fmpz_divisible_si(den, 5) && ++b)
        fmpz_divexact_si(den, den, 5);
    if (!fmpz_is_one(den))
    {
        s = fmpq_get_str(NULL, 10, x);
        r = strdup(s);
        flint_free(s);
        goto done;
    }
    e = FLINT_MAX(a, b);        /* x 10^e is an integer */
    fmpz_ui_pow_ui(p, 10, (ulong) e);
    fmpz_mul(num, fmpq_numref(x), p);
    fmpz_divexact(num, num, fmpq_denref(x));
    fmpz_abs(p, num);
    s = fmpz_get_str(NULL, 10, p);
    len = (slong) strlen(s);
    r = malloc((size_t) (len + e + 4));
    if (e == 0)
        sprintf(r, "%s%s", fmpz_sgn(num) < 0 ? "-" : "", s);
    else if (len > e)
        sprintf(r, "%s%.*s.%s", fmpz_sgn(num) < 0 ? "-" : "", (int) (len - e), s, s + len - e);
    else
    {
        char *t = r + sprintf(r, "%s0.", fmpz_sgn(num) < 0 ? "-" : "");
        memset(t, '0', (size_t) (e - len));
        strcpy(t + (e - len), s);
    }
    flint_free(s);
done:
    fmpz_clear(den);
    fmpz_clear(num);
    fmpz_clear(p);
    return r;
}
