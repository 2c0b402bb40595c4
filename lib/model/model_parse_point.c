/* model_parse_point.c -- nh_model_parse_point: "theta=0.3,x=0,y=-1/2". */
#include <stdio.h>
#include <string.h>
#include <flint/fmpq_vec.h>
#include "impl.h"

static int
is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Exact rational "[+-]dec[/[+-]dec]" in s[0..len). */
static const char *
parse_rational(fmpq_t res, const char *s, size_t len)
{
    size_t i, slash = len;
    int neg = 0;
    const char *why;
    fmpq_t den;

    for (i = 0; i < len; i++)
        if (s[i] == '/')
        {
            slash = i;
            break;
        }
    if (len > 0 && (s[0] == '-' || s[0] == '+'))
    {
        neg = (s[0] == '-');
        s++;
        len--;
        slash--;
    }
    if ((why = expr_parse_decimal(res, s, slash)) != NULL)
        return why;
    if (slash < len)
    {
        const char *t = s + slash + 1;
        size_t tl = len - slash - 1;
        int dneg = 0;
        if (tl > 0 && (t[0] == '-' || t[0] == '+'))
        {
            dneg = (t[0] == '-');
            t++;
            tl--;
        }
        fmpq_init(den);
        why = expr_parse_decimal(den, t, tl);
        if (why == NULL && fmpq_is_zero(den))
            why = "division by zero";
        if (why == NULL)
        {
            fmpq_div(res, res, den);
            if (dneg)
                neg = !neg;
        }
        fmpq_clear(den);
        if (why != NULL)
            return why;
    }
    if (neg)
        fmpq_neg(res, res);
    return NULL;
}

int
nh_model_parse_point_fmpq(fmpq *vals, const nh_model_struct *M, const char *spec,
                          const char *what, nh_error_t err)
{
    slong n = M->n, i;
    const char *p = spec;
    char *seen;
    fmpq_t v;
    int r = NH_OK;

    if (what == NULL)
        what = "point";
    for (i = 0; i < n; i++)
        fmpq_zero(vals + i);
    if (spec == NULL)
        return NH_OK;
    seen = flint_calloc(n > 0 ? n : 1, 1);
    fmpq_init(v);
    while (r == NH_OK)
    {
        const char *name, *val, *end;
        size_t nl, vl;
        slong k;
        const char *why;

        while (is_blank(*p))
            p++;
        if (*p == '\0')
            break;
        name = p;
        while (*p != '\0' && *p != '=' && *p != ',' && !is_blank(*p))
            p++;
        nl = (size_t) (p - name);
        while (is_blank(*p))
            p++;
        if (nl == 0 || *p != '=')
        {
            r = nh_error_set(err, NH_ERR_USAGE, "%s: expected name=value, found '%.*s'",
                             what, (int) (strcspn(name, ",") > 60 ? 60 : strcspn(name, ",")), name);
            break;
        }
        p++;
        while (is_blank(*p))
            p++;
        val = p;
        while (*p != '\0' && *p != ',')
            p++;
        end = p;
        while (end > val && is_blank(end[-1]))
            end--;
        vl = (size_t) (end - val);
        k = -1;
        for (i = 0; i < n; i++)
            if (strlen(M->coords[i]) == nl && memcmp(M->coords[i], name, nl) == 0)
                k = i;
        if (k < 0)
        {
            r = nh_error_set(err, NH_ERR_USAGE, "%s: unknown coordinate '%.*s' (model %s has coordinates%s)",
                             what, (int) (nl > 60 ? 60 : nl), name, M->name, "");
            {
                size_t len = strlen(err ? err->msg : "");
                if (err != NULL)
                {
                    /* list the coordinates, dropping the closing ')' */
                    len--;
                    for (i = 0; i < n && len + 2 < NH_ERROR_MSG_LEN; i++)
                    {
                        snprintf(err->msg + len, NH_ERROR_MSG_LEN - len, " %s", M->coords[i]);
                        len = strlen(err->msg);
                    }
                    if (len + 2 < NH_ERROR_MSG_LEN)
                        strcat(err->msg, ")");
                }
            }
            break;
        }
        if (seen[k])
        {
            r = nh_error_set(err, NH_ERR_USAGE, "%s: coordinate '%s' given twice", what, M->coords[k]);
            break;
        }
        seen[k] = 1;
        why = parse_rational(v, val, vl);
        if (why != NULL)
        {
            r = nh_error_set(err, NH_ERR_USAGE, "%s: bad number '%.*s' for %s: %s",
                             what, (int) (vl > 60 ? 60 : vl), val, M->coords[k], why);
            break;
        }
        fmpq_set(vals + k, v);
        if (*p == ',')
        {
            p++;
            while (is_blank(*p))
                p++;
            if (*p == '\0')
            {
                r = nh_error_set(err, NH_ERR_USAGE, "%s: expected name=value after ',', found end of string", what);
                break;
            }
        }
    }
    fmpq_clear(v);
    flint_free(seen);
    return r;
}

int
nh_model_parse_point(arb_ptr vals, const nh_model_struct *M, const char *spec,
                     const char *what, slong prec, nh_error_t err)
{
    slong n = M->n, i;
    fmpq *v = _fmpq_vec_init(n > 0 ? n : 1);
    int r = nh_model_parse_point_fmpq(v, M, spec, what, err);
    for (i = 0; i < n; i++)
        if (r == NH_OK)
            arb_set_fmpq(vals + i, v + i, prec);
        else
            arb_zero(vals + i);
    _fmpq_vec_clear(v, n > 0 ? n : 1);
    return r;
}
