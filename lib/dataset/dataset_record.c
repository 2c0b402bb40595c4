/*
 * dataset_record.c -- the record model of reference datasets: records,
 * eps list, family and key names, SHA-256 (nettle) and the canonical text
 * of a model file.  See dataset.h and doc/datasets.md.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <nettle/sha2.h>

#include "dataset.h"
#include "impl.h"

static void *
xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (q == NULL)
    {
        fprintf(stderr, "nhoracle: out of memory\n");
        abort();
    }
    return q;
}

static char *
xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = xrealloc(NULL, n);
    memcpy(r, s, n);
    return r;
}

void
nh_dataset_init(nh_dataset_t ds)
{
    memset(ds, 0, sizeof(nh_dataset_struct));
}

void
nh_dataset_clear(nh_dataset_t ds)
{
    slong i;
    if (ds->meta != NULL)
        json_object_put(ds->meta);
    for (i = 0; i < ds->neps; i++)
        free(ds->eps[i]);
    free(ds->eps);
    free(ds->eps_d);
    for (i = 0; i < ds->ntimes; i++)
        free(ds->times[i]);
    free(ds->times);
    free(ds->times_d);
    for (i = 0; i < ds->len; i++)
    {
        free(ds->rec[i].mid);
        free(ds->rec[i].rad);
    }
    free(ds->rec);
    for (i = 0; i < ds->nissue; i++)
        free(ds->issue[i]);
    free(ds->issue);
    free(ds->case_sha256);
    free(ds->filename);
    memset(ds, 0, sizeof(nh_dataset_struct));
}

/* append (s, d) to an axis of the dataset (the eps values or the output
   times: strings names[0..*n), doubles vals[0..*n)); returns its index */
static slong
axis_append(char ***names, double **vals, slong *n, const char *s, double d)
{
    *names = xrealloc(*names, sizeof(char *) * (size_t) (*n + 1));
    *vals = xrealloc(*vals, sizeof(double) * (size_t) (*n + 1));
    (*names)[*n] = xstrdup(s);
    (*vals)[*n] = d;
    return (*n)++;
}

slong
nh_dataset_add_eps(nh_dataset_t ds, const char *eps, double d)
{
    return axis_append(&ds->eps, &ds->eps_d, &ds->neps, eps, d);
}

slong
nh_dataset_add_time(nh_dataset_t ds, const char *t, double d)
{
    return axis_append(&ds->times, &ds->times_d, &ds->ntimes, t, d);
}

/* impl.h */
void
_nh_dataset_msg_vappend(char ***list, slong *n, slong *alloc, slong max, slong first_alloc,
                        size_t bufsize, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, bufsize < sizeof buf ? bufsize : sizeof buf, fmt, ap);
    if (*n >= max)
        return;
    if (*n == *alloc)
    {
        *alloc = *alloc ? 2 * *alloc : first_alloc;
        *list = realloc(*list, sizeof(char *) * (size_t) *alloc);
        if (*list == NULL)
            abort();
    }
    (*list)[*n] = malloc(strlen(buf) + 1);
    if ((*list)[*n] == NULL)
        abort();
    strcpy((*list)[(*n)++], buf);
}

/* impl.h */
nh_record_struct *
_nh_dataset_new_record(nh_dataset_t ds)
{
    nh_record_struct *r;
    if (ds->len == ds->alloc)
    {
        ds->alloc = ds->alloc ? 2 * ds->alloc : 64;
        ds->rec = xrealloc(ds->rec, sizeof(nh_record_struct) * (size_t) ds->alloc);
    }
    r = ds->rec + ds->len++;
    memset(r, 0, sizeof(nh_record_struct));
    r->k = r->eps = r->i = r->j = r->l = r->t = -1;
    return r;
}

static void
set_key(nh_record_struct *r, const char *quantity, slong k, slong eps, slong point,
        slong i, slong j, slong l)
{
    snprintf(r->quantity, sizeof r->quantity, "%s", quantity);
    r->k = k;
    r->eps = eps;
    r->point = point;
    r->i = i;
    r->j = j;
    r->l = l;
}

/* decimal string of n * 10^u, trailing zeros after the point dropped */
static char *
scaled_str(const fmpz_t n, slong u)
{
    char *d, *r;
    size_t len, z, o = 0;
    int neg = fmpz_sgn(n) < 0;
    fmpz_t a;
    if (fmpz_is_zero(n))
        return xstrdup("0");
    fmpz_init(a);
    fmpz_abs(a, n);
    d = fmpz_get_str(NULL, 10, a);
    fmpz_clear(a);
    len = strlen(d);
    r = xrealloc(NULL, len + (size_t) FLINT_ABS(u) + 8);
    if (neg)
        r[o++] = '-';
    if (u >= 0)
    {
        memcpy(r + o, d, len);
        o += len;
        memset(r + o, '0', (size_t) u);
        o += (size_t) u;
    }
    else
    {
        size_t f = (size_t) (-u);           /* digits after the point */
        if (len <= f)
        {
            r[o++] = '0';
            r[o++] = '.';
            for (z = len; z < f; z++)
                r[o++] = '0';
            memcpy(r + o, d, len);
            o += len;
        }
        else
        {
            memcpy(r + o, d, len - f);
            o += len - f;
            r[o++] = '.';
            memcpy(r + o, d + len - f, f);
            o += f;
        }
        while (r[o - 1] == '0')
            o--;
        if (r[o - 1] == '.')
            o--;
    }
    r[o] = '\0';
    flint_free(d);
    return r;
}

int
nh_dataset_add_ball(nh_dataset_t ds, const char *quantity, slong k, slong eps,
                    slong point, slong i, slong j, slong l, const arb_t x,
                    slong u, slong prec)
{
    nh_record_struct *r;
    arb_t t, p10;
    fmpz_t n;
    arf_t bound;
    int ok, exact;
    char buf[40];

    arb_init(t);
    arb_init(p10);
    fmpz_init(n);
    arf_init(bound);
    /* t = x / 10^u, n = nearest integer to mid(t) */
    fmpz_ui_pow_ui(n, 10, (ulong) FLINT_ABS(u));
    arb_set_fmpz(p10, n);               /* 10^|u|, exact */
    if (u <= 0)
        arb_mul(t, x, p10, prec);
    else
        arb_div(t, x, p10, prec);
    arf_get_fmpz(n, arb_midref(t), ARF_RND_NEAR);
    arb_sub_fmpz(t, t, n, prec);
    exact = arb_is_zero(t);
    /* certified |x - n 10^u| <= 10^u / 2 */
    arb_get_abs_ubound_arf(bound, t, 64);
    ok = arf_cmp_2exp_si(bound, -1) <= 0;
    if (ok)
    {
        r = _nh_dataset_new_record(ds);
        set_key(r, quantity, k, eps, point, i, j, l);
        r->mid = scaled_str(n, u);
        if (exact)
            r->rad = xstrdup("0");
        else
        {
            snprintf(buf, sizeof buf, "1e%ld", (long) u);
            r->rad = xstrdup(buf);
        }
        r->value = strtod(r->mid, NULL);
        r->estimate = 0;
    }
    arb_clear(t);
    arb_clear(p10);
    fmpz_clear(n);
    arf_clear(bound);
    return ok ? 0 : -1;
}

void
nh_dataset_add_estimate(nh_dataset_t ds, const char *quantity, slong k, slong eps,
                        slong point, slong i, slong t, const arb_t x, double e,
                        slong u, slong prec)
{
    nh_record_struct *r;
    arb_t y, p10;
    fmpz_t n, R;
    arf_t s;
    char *rs, *buf;

    arb_init(y);
    arb_init(p10);
    fmpz_init(n);
    fmpz_init(R);
    arf_init(s);
    /* n = nearest integer to mid(x) / 10^u (midpoint only: an estimate) */
    fmpz_ui_pow_ui(n, 10, (ulong) FLINT_ABS(u));
    arb_set_fmpz(p10, n);
    arb_set_arf(y, arb_midref(x));
    if (u <= 0)
        arb_mul(y, y, p10, prec);
    else
        arb_div(y, y, p10, prec);
    arf_get_fmpz(n, arb_midref(y), ARF_RND_NEAR);
    /* R = ceil(e / 10^u + 1/2), computed in Arb and rounded up */
    arb_set_d(y, e);
    if (u <= 0)
        arb_mul(y, y, p10, prec);
    else
        arb_div(y, y, p10, prec);
    arb_set_d(p10, 0.5);
    arb_add(y, y, p10, prec);            /* e / 10^u + 1/2 */
    arb_get_ubound_arf(s, y, prec);
    arf_get_fmpz(R, s, ARF_RND_CEIL);
    if (fmpz_sgn(R) <= 0)
        fmpz_one(R);

    r = _nh_dataset_new_record(ds);
    set_key(r, quantity, k, eps, point, i, -1, -1);
    r->t = t;
    r->mid = scaled_str(n, u);
    rs = fmpz_get_str(NULL, 10, R);
    buf = xrealloc(NULL, strlen(rs) + 32);
    sprintf(buf, "%se%ld", rs, (long) u);
    flint_free(rs);
    r->rad = buf;
    r->value = strtod(r->mid, NULL);
    r->estimate = 1;
    arb_clear(y);
    arb_clear(p10);
    fmpz_clear(n);
    fmpz_clear(R);
    arf_clear(s);
}

void
nh_dataset_add_exact(nh_dataset_t ds, const char *quantity, slong point, slong i,
                     const char *s, double d)
{
    nh_record_struct *r = _nh_dataset_new_record(ds);
    set_key(r, quantity, -1, -1, point, i, -1, -1);
    r->mid = xstrdup(s);
    r->rad = xstrdup("0");
    r->value = d;
}

static int
is_series_quantity(const char *q)
{
    return strcmp(q, "h") == 0 || strcmp(q, "reaction") == 0;
}

void
nh_record_family(char *buf, size_t size, const nh_record_struct *r)
{
    if (r->k < 0)
        snprintf(buf, size, "%s", r->quantity);
    else if (is_series_quantity(r->quantity))
        snprintf(buf, size, "%s^(%ld)", r->quantity, (long) r->k);
    else
        snprintf(buf, size, "%s[k=%ld]", r->quantity, (long) r->k);
}

void
nh_record_key(char *buf, size_t size, const nh_record_struct *r)
{
    snprintf(buf, size, "%s|%ld|%ld|%ld|%ld|%ld|%ld|%ld", r->quantity, (long) r->k,
             (long) r->eps, (long) r->point, (long) r->i, (long) r->j, (long) r->l,
             (long) r->t);
}

void
nh_sha256_hex(char out[65], const void *data, size_t len)
{
    struct sha256_ctx c;
    uint8_t dig[SHA256_DIGEST_SIZE];
    int i;
    sha256_init(&c);
    sha256_update(&c, len, data);
    sha256_digest(&c, SHA256_DIGEST_SIZE, dig);
    for (i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(out + 2 * i, 3, "%02x", dig[i]);
    out[64] = '\0';
}

json_object *
nh_dataset_meta_new(int version, const char *program_version, const char *case_name,
                    const char *case_file, const char *text, size_t len)
{
    json_object *m = json_object_new_object();
    char hex[65], *canon;
    json_object_object_add(m, "format", json_object_new_string(NH_DATASET_FORMAT));
    json_object_object_add(m, "format_version", json_object_new_int(version));
    json_object_object_add(m, "nhoracle_version", json_object_new_string(program_version));
    json_object_object_add(m, "case", json_object_new_string(case_name));
    json_object_object_add(m, "case_file", json_object_new_string(case_file));
    nh_sha256_hex(hex, text, len);
    json_object_object_add(m, "case_sha256", json_object_new_string(hex));
    canon = nh_model_canonical_text(text);
    nh_sha256_hex(hex, canon, strlen(canon));
    json_object_object_add(m, "canonical_sha256", json_object_new_string(hex));
    json_object_object_add(m, "canonical_text", json_object_new_string(canon));
    free(canon);
    return m;
}

char *
nh_model_canonical_text(const char *text)
{
    size_t n = strlen(text), o = 0, linestart;
    char *res = xrealloc(NULL, n + 2);
    const char *p = text;

    while (*p)
    {
        int pending_space = 0;
        linestart = o;
        while (*p && *p != '\n')
        {
            char c = *p++;
            if (c == '#')
            {
                while (*p && *p != '\n')
                    p++;
                break;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
            {
                pending_space = (o > linestart);
                continue;
            }
            if (pending_space)
                res[o++] = ' ';
            pending_space = 0;
            res[o++] = c;
        }
        if (*p == '\n')
            p++;
        if (o > linestart)
            res[o++] = '\n';
    }
    res[o] = '\0';
    return res;
}
