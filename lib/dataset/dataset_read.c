/*
 * dataset_read.c -- read a reference dataset or a candidate file (JSON
 * Lines through json-c, or CSV with a header), collecting per-record
 * problems as issues instead of aborting.  Formats: doc/datasets.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <errno.h>
#include <math.h>
#include <ctype.h>
#include <stdarg.h>

#include "nh_file.h"
#include "dataset.h"
#include "impl.h"

#define MAX_ISSUES 100000

static void
add_issue(nh_dataset_t ds, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    _nh_dataset_msg_vappend(&ds->issue, &ds->nissue, &ds->issue_alloc, MAX_ISSUES, 16, 512,
                            fmt, ap);
    va_end(ap);
}

static char *
dupn(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    if (r == NULL)
        abort();
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

/* Shorten s for messages (printable ASCII, at most 40 chars). */
static const char *
show(char *buf, size_t size, const char *s)
{
    size_t i, o = 0;
    for (i = 0; s[i] && o + 4 < size && i < 40; i++)
        buf[o++] = (s[i] >= 32 && s[i] < 127) ? s[i] : '?';
    if (s[i] && o + 4 < size)
    {
        buf[o++] = '.';
        buf[o++] = '.';
        buf[o++] = '.';
    }
    buf[o] = '\0';
    return buf;
}

/* copy of s[0..n) with every byte that is not printable ASCII replaced
   by '?' (strings from the file that reach messages: case_sha256) */
static char *
dup_printable(const char *s, size_t n)
{
    char *r = dupn(s, n);
    size_t i;
    for (i = 0; i < n; i++)
        if (r[i] < 32 || r[i] >= 127)
            r[i] = '?';
    return r;
}

/* 1 if s is nonempty printable ASCII */
static int
printable(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (*s < 32 || *s >= 127)
            return 0;
    return 1;
}

/* trimmed copy of a cell, with surrounding double quotes removed */
static char *
trim_cell(const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char) *s))
        s++, n--;
    while (n > 0 && isspace((unsigned char) s[n - 1]))
        n--;
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"')
        s++, n -= 2;
    return dupn(s, n);
}

/* index: "" -> -1 (not applicable); else a nonnegative integer */
static int
parse_index(slong *res, const char *s)
{
    char *end;
    long v;
    if (*s == '\0')
    {
        *res = -1;
        return 1;
    }
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end != '\0' || v < 0 || v > 1000000000L)
        return 0;
    *res = v;
    return 1;
}

/* number (decimal, exponent, or p/q); 0 if unparsable */
static int
parse_number(double *res, const char *s)
{
    char *end;
    const char *slash;
    if (*s == '\0')
        return 0;
    slash = strchr(s, '/');
    errno = 0;
    if (slash != NULL)
    {
        char *a = dupn(s, (size_t) (slash - s));
        double p, q;
        int ok = parse_number(&p, a) && parse_number(&q, slash + 1) && q != 0;
        free(a);
        if (ok)
            *res = p / q;
        return ok;
    }
    *res = strtod(s, &end);
    if (*end != '\0' || end == s)
        return 0;
    return 1;
}

static int
eps_close(double a, double b)
{
    double s = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= 1e-12 * s;
}

/* shared lookup of map_eps/map_time: map the string s to an index into
   an axis (eps values or output times).  For a reference (candidate ==
   0) the exact string must be in own[0..nown); for a candidate s is
   parsed and must equal one of ref_d[0..nref) within 1e-12 relative.
   `what` names the quantity and `listname` the metadata list in the
   messages.  Returns the index, -1 for an empty cell, -2 on an error
   already recorded, -3 when s parsed to *d but matched no reference
   value (the caller records the issue); the comma-separated reference
   values are then in list[0..lsize). */
static slong
map_axis(nh_dataset_t ds, const char *what, const char *listname, char **own, slong nown,
         int candidate, char **ref_names, const double *ref_d, slong nref, const char *s,
         slong line, double *d, char *list, size_t lsize)
{
    slong e;
    char sb[64];
    size_t o = 0;
    if (*s == '\0')
        return -1;
    if (!candidate)
    {
        for (e = 0; e < nown; e++)
            if (strcmp(own[e], s) == 0)
                return e;
        add_issue(ds, "%s:%ld: %s '%s' is not in the metadata's %s list", ds->filename,
                  (long) line, what, show(sb, sizeof sb, s), listname);
        return -2;
    }
    if (!parse_number(d, s) || !isfinite(*d))
    {
        add_issue(ds, "%s:%ld: unparsable %s '%s'", ds->filename, (long) line, what,
                  show(sb, sizeof sb, s));
        return -2;
    }
    for (e = 0; e < nref; e++)
        if (*d == ref_d[e] || eps_close(*d, ref_d[e]))
            return e;
    list[0] = '\0';
    for (e = 0; e < nref && o + 40 < lsize; e++)
        o += (size_t) snprintf(list + o, lsize - o, "%s%s", e ? ", " : "", ref_names[e]);
    return -3;
}

/* map a candidate eps string to the reference's eps index; -1 for an
   empty cell, -2 on error (issue recorded) */
static slong
map_eps(nh_dataset_t ds, const nh_dataset_struct *ref, const char *s, slong line)
{
    double d = 0;
    slong e;
    char sb[64], list[256];
    e = map_axis(ds, "eps", "eps", ds->eps, ds->neps, ref != NULL, ref ? ref->eps : NULL,
                 ref ? ref->eps_d : NULL, ref ? ref->neps : 0, s, line, &d, list, sizeof list);
    if (e != -3)
        return e;
    for (e = 0; e < ref->neps; e++)
        if (d != 0 && eps_close(1.0 / d, ref->eps_d[e]))
            break;
    add_issue(ds, "%s:%ld: eps = %s is not one of the reference's eps values (%s); eps is the "
              "friction parameter, a time in the model's units%s", ds->filename, (long) line,
              show(sb, sizeof sb, s), list,
              e < ref->neps ? " (this value is 1/eps of a reference value: wrong units?)" : "");
    return -2;
}

/* map a candidate time string to the reference's time index (exact
   string for a reference, numerically within 1e-12 relative for a
   candidate); -1 for an empty cell, -2 on error (issue recorded) */
static slong
map_time(nh_dataset_t ds, const nh_dataset_struct *ref, const char *s, slong line)
{
    double d = 0;
    slong e;
    char sb[64], list[256];
    e = map_axis(ds, "time t", "times", ds->times, ds->ntimes, ref != NULL,
                 ref ? ref->times : NULL, ref ? ref->times_d : NULL, ref ? ref->ntimes : 0, s, line, &d, list,
                 sizeof list);
    if (e != -3)
        return e;
    add_issue(ds, "%s:%ld: time t = %s is not one of the reference's output times (%s)",
              ds->filename, (long) line, show(sb, sizeof sb, s), ref->ntimes ? list : "none");
    return -2;
}

/* fill the value of a candidate/reference record from string s */
static void
set_value(nh_dataset_t ds, nh_record_struct *r, const char *s, slong line)
{
    char sb[64];
    double d;
    if (!parse_number(&d, s))
    {
        r->bad = 1;
        add_issue(ds, "%s:%ld: unparsable value '%s' for %s point %ld", ds->filename, (long) line,
                  show(sb, sizeof sb, s), r->quantity, (long) r->point);
        return;
    }
    r->value = d;
    if (!isfinite(d))
    {
        r->bad = 1;
        add_issue(ds, "%s:%ld: value '%s' for %s point %ld is not finite (NaN, Inf or overflow)",
                  ds->filename, (long) line, show(sb, sizeof sb, s), r->quantity,
                  (long) r->point);
    }
}

/* add the numbers of the metadata's array member `key` ("eps" or
   "times") to the dataset's axis with add (nh_dataset_add_eps or
   nh_dataset_add_time); non-numbers are skipped */
static void
meta_axis(nh_dataset_t ds, json_object *o, const char *key,
          slong (*add)(nh_dataset_t, const char *, double))
{
    json_object *x;
    size_t e;
    if (!json_object_object_get_ex(o, key, &x) || !json_object_is_type(x, json_type_array))
        return;
    for (e = 0; e < json_object_array_length(x); e++)
    {
        json_object *v = json_object_array_get_idx(x, e);
        double d;
        const char *s = json_object_get_string(v);
        if (s != NULL && parse_number(&d, s))
            add(ds, s, d);
    }
}

static void
meta_from_json(nh_dataset_t ds, json_object *o, int is_ref)
{
    json_object *x;
    if (json_object_object_get_ex(o, "case_sha256", &x) && json_object_is_type(x, json_type_string))
    {
        free(ds->case_sha256);
        ds->case_sha256 = dup_printable(json_object_get_string(x),
                                        strlen(json_object_get_string(x)));
    }
    if (!is_ref)
        return;
    meta_axis(ds, o, "eps", nh_dataset_add_eps);
    meta_axis(ds, o, "times", nh_dataset_add_time);
    if (ds->meta == NULL)
        ds->meta = json_object_get(o);
}

/* ---- JSON Lines ---- */

/* skip blanks and comments (json-c accepts / * ... * / and // ... outside
   strict mode) from s[p]; returns the next position */
static size_t
skip_blank(const char *s, size_t n, size_t p)
{
    for (;;)
    {
        while (p < n && isspace((unsigned char) s[p]))
            p++;
        if (p + 1 < n && s[p] == '/' && s[p + 1] == '*')
        {
            p += 2;
            while (p + 1 < n && !(s[p] == '*' && s[p + 1] == '/'))
                p++;
            p = p + 1 < n ? p + 2 : n;
        }
        else if (p + 1 < n && s[p] == '/' && s[p + 1] == '/')
            p = n;
        else
            return p;
    }
}

#define JSON_KEY_DEPTH 64

/* A repeated key in any object of the JSON text s[0..n), which json-c
   has already parsed successfully (json-c keeps the last value of a
   repeated key silently and has no flag to refuse it, see
   json_tokener.h).  The text is scanned for member names: a string
   ("..." or, as json-c accepts outside strict mode, '...') followed by
   ':' inside an object; each name is decoded by json-c itself (so
   escapes compare as json-c compares them) and looked up in a json-c
   object holding the names seen so far in that object.  Returns 1 and
   the repeated name (printable, shortened) in key, else 0 (dataset.h). */
int
nh_json_repeated_key(const char *s, size_t n, char *key, size_t ksize)
{
    json_object *seen[JSON_KEY_DEPTH];
    json_tokener *tok = NULL;
    int depth = -1, found = 0;
    size_t p = 0;

    while (p < n && !found)
    {
        char c = s[p];
        if (c == '"' || c == '\'')
        {
            size_t a = p++;
            while (p < n && s[p] != c)
                p += (s[p] == '\\' && p + 1 < n) ? 2 : 1;
            if (p < n)
                p++;
            if (depth >= 0 && depth < JSON_KEY_DEPTH && seen[depth] != NULL)
            {
                size_t b = skip_blank(s, n, p);
                if (b < n && s[b] == ':')
                {
                    json_object *name;
                    const char *k;
                    if (tok == NULL)
                        tok = json_tokener_new();
                    else
                        json_tokener_reset(tok);
                    if (tok == NULL)
                        abort();
                    name = json_tokener_parse_ex(tok, s + a, (int) (p - a));
                    k = name != NULL && json_object_is_type(name, json_type_string)
                        ? json_object_get_string(name) : NULL;
                    if (k == NULL)
                    {
                        /* not decodable alone (cannot happen after a
                           successful parse): compare the raw text */
                        char *raw = dupn(s + a, p - a);
                        json_object_put(name);
                        name = json_object_new_string(raw);
                        free(raw);
                        k = json_object_get_string(name);
                    }
                    if (json_object_object_get_ex(seen[depth], k, NULL))
                    {
                        show(key, ksize, k);
                        found = 1;
                    }
                    else
                        json_object_object_add(seen[depth], k, NULL);
                    json_object_put(name);
                }
            }
            continue;
        }
        if (c == '/' && p + 1 < n && (s[p + 1] == '*' || s[p + 1] == '/'))
        {
            p = skip_blank(s, n, p);
            continue;
        }
        if (c == '{' || c == '[')
        {
            depth++;
            if (depth < JSON_KEY_DEPTH)
                seen[depth] = c == '{' ? json_object_new_object() : NULL;
        }
        else if ((c == '}' || c == ']') && depth >= 0)
        {
            if (depth < JSON_KEY_DEPTH)
                json_object_put(seen[depth]);
            depth--;
        }
        p++;
    }
    for (; depth >= 0; depth--)
        if (depth < JSON_KEY_DEPTH)
            json_object_put(seen[depth]);
    if (tok != NULL)
        json_tokener_free(tok);
    return found;
}

static const char *
jstr(json_object *o, const char *key, char *buf, size_t size, int *present)
{
    json_object *x;
    *present = 0;
    buf[0] = '\0';
    if (!json_object_object_get_ex(o, key, &x) || x == NULL)
        return buf;
    *present = 1;
    if (json_object_is_type(x, json_type_string) || json_object_is_type(x, json_type_int)
        || json_object_is_type(x, json_type_double) || json_object_is_type(x, json_type_boolean))
        snprintf(buf, size, "%s", json_object_get_string(x));
    else
        snprintf(buf, size, "<%s>", json_type_to_name(json_object_get_type(x)));
    return buf;
}

static void
record_from_cells(nh_dataset_t ds, const nh_dataset_struct *ref, slong line,
                  const char *quantity, const char *k, const char *eps, const char *point,
                  const char *i, const char *j, const char *l, const char *t,
                  const char *value, const char *mid, const char *rad, const char *status)
{
    nh_record_struct tmp, *r;
    char sb[64];
    slong e, ti;
    memset(&tmp, 0, sizeof tmp);
    if (!printable(quantity) || strlen(quantity) >= NH_DATASET_QLEN)
    {
        add_issue(ds, "%s:%ld: bad or missing quantity '%s'", ds->filename, (long) line,
                  show(sb, sizeof sb, quantity));
        return;
    }
    if (!parse_index(&tmp.k, k))
    {
        add_issue(ds, "%s:%ld: unparsable order k '%s'", ds->filename, (long) line, show(sb, sizeof sb, k));
        return;
    }
    if (point[0] == '\0' || !parse_index(&tmp.point, point))
    {
        add_issue(ds, "%s:%ld: bad or missing point id '%s'", ds->filename, (long) line,
                  show(sb, sizeof sb, point));
        return;
    }
    if (!parse_index(&tmp.i, i) || !parse_index(&tmp.j, j) || !parse_index(&tmp.l, l))
    {
        char sb2[64], sb3[64];
        add_issue(ds, "%s:%ld: unparsable index i/j/l ('%s', '%s', '%s')", ds->filename, (long) line,
                  show(sb, sizeof sb, i), show(sb2, sizeof sb2, j), show(sb3, sizeof sb3, l));
        return;
    }
    e = map_eps(ds, ref, eps, line);
    if (e == -2)
        return;
    ti = map_time(ds, ref, t, line);
    if (ti == -2)
        return;
    r = _nh_dataset_new_record(ds);
    strcpy(r->quantity, quantity);
    r->k = tmp.k;
    r->eps = e;
    r->point = tmp.point;
    r->i = tmp.i;
    r->j = tmp.j;
    r->l = tmp.l;
    r->t = ti;
    r->line = line;
    set_value(ds, r, value, line);
    if (ref == NULL)
    {
        /* reference: mid and rad are required */
        double d;
        if (!parse_number(&d, mid) || !parse_number(&d, rad) || !(d >= 0))
        {
            r->bad = 1;
            add_issue(ds, "%s:%ld: reference record without a valid mid/rad", ds->filename, (long) line);
        }
        r->mid = dupn(mid, strlen(mid));
        r->rad = dupn(rad, strlen(rad));
        r->estimate = strcmp(status, "estimate") == 0;
    }
}

static void
parse_jsonl_line(nh_dataset_t ds, const nh_dataset_struct *ref, const char *s, size_t n, slong line)
{
    json_tokener *tok = json_tokener_new();
    json_object *o;
    enum json_tokener_error jerr;
    char q[64], k[64], e[128], p[64], i[64], j[64], l[64], t[128], v[128], mid[256], rad[64], st[32];
    int pr, have_v;

    o = json_tokener_parse_ex(tok, s, (int) n);
    jerr = json_tokener_get_error(tok);
    if (o != NULL && jerr == json_tokener_success && tok->char_offset < (int) n)
    {
        size_t off = (size_t) tok->char_offset;
        while (off < n && isspace((unsigned char) s[off]))
            off++;
        if (off < n)
            jerr = json_tokener_error_parse_unexpected;
    }
    if (o == NULL || jerr != json_tokener_success || !json_object_is_type(o, json_type_object))
    {
        add_issue(ds, "%s:%ld: not a JSON object (%s)", ds->filename, (long) line,
                  o == NULL || jerr != json_tokener_success
                  ? (jerr == json_tokener_continue ? "truncated line" : json_tokener_error_desc(jerr))
                  : "another JSON value");
        json_object_put(o);
        json_tokener_free(tok);
        return;
    }
    json_tokener_free(tok);
    {
        char kb[64];
        if (nh_json_repeated_key(s, n, kb, sizeof kb))
        {
            add_issue(ds, "%s:%ld: repeated key \"%s\" in a JSON object (json-c would keep the "
                      "last value silently): line not read", ds->filename, (long) line, kb);
            json_object_put(o);
            return;
        }
    }
    if (json_object_object_get_ex(o, "format", NULL))
    {
        meta_from_json(ds, o, ref == NULL);
        json_object_put(o);
        return;
    }
    {
        json_object *x;
        if (json_object_object_get_ex(o, "quantity", &x) && x != NULL
            && !json_object_is_type(x, json_type_string))
        {
            add_issue(ds, "%s:%ld: quantity must be a JSON string, found %s", ds->filename,
                      (long) line, json_type_to_name(json_object_get_type(x)));
            json_object_put(o);
            return;
        }
    }
    jstr(o, "quantity", q, sizeof q, &pr);
    jstr(o, "k", k, sizeof k, &pr);
    jstr(o, "eps", e, sizeof e, &pr);
    jstr(o, "point", p, sizeof p, &pr);
    jstr(o, "i", i, sizeof i, &pr);
    jstr(o, "j", j, sizeof j, &pr);
    jstr(o, "l", l, sizeof l, &pr);
    jstr(o, "t", t, sizeof t, &pr);
    jstr(o, "value", v, sizeof v, &have_v);
    jstr(o, "mid", mid, sizeof mid, &pr);
    jstr(o, "rad", rad, sizeof rad, &pr);
    jstr(o, "status", st, sizeof st, &pr);
    if (!have_v && ref != NULL)
        add_issue(ds, "%s:%ld: %s", ds->filename, (long) line,
                  json_object_object_get_ex(o, "value", NULL) ? "\"value\" is null"
                  : "record without a \"value\" member");
    else
        record_from_cells(ds, ref, line, q, k, e, p, i, j, l, t, v, mid, rad, st);
    json_object_put(o);
}

/* ---- CSV ---- */

enum { C_QUANTITY, C_K, C_EPS, C_POINT, C_I, C_J, C_L, C_T, C_VALUE, C_MID, C_RAD, C_STATUS, C_N };
static const char *const csv_names[C_N] =
    {"quantity", "k", "eps", "point", "i", "j", "l", "t", "value", "mid", "rad", "status"};

static slong
split_csv(char ***cells, const char *s, size_t n)
{
    slong c = 0, alloc = 16;
    size_t start = 0, p;
    int inq = 0;
    *cells = malloc(sizeof(char *) * (size_t) alloc);
    if (*cells == NULL)
        abort();
    for (p = 0; p <= n; p++)
    {
        if (p < n && s[p] == '"')
            inq = !inq;
        if (p == n || (s[p] == ',' && !inq))
        {
            if (c == alloc)
            {
                alloc *= 2;
                *cells = realloc(*cells, sizeof(char *) * (size_t) alloc);
                if (*cells == NULL)
                    abort();
            }
            (*cells)[c++] = trim_cell(s + start, p - start);
            start = p + 1;
        }
    }
    return c;
}

static void
free_cells(char **cells, slong c)
{
    slong i;
    for (i = 0; i < c; i++)
        free(cells[i]);
    free(cells);
}

/* A comment line of a CSV dataset, s[0..n) after '#' and its blanks:
   the metadata object, or "case_sha256: HEX". */
static void
parse_comment_line(nh_dataset_t ds, const nh_dataset_struct *ref, const char *s, size_t n,
                   slong line)
{
    char *t = dupn(s, n);
    if (t[0] == '{')
    {
        json_object *o = json_tokener_parse(t);
        char kb[64];
        if (o != NULL && json_object_is_type(o, json_type_object)
            && nh_json_repeated_key(t, strlen(t), kb, sizeof kb))
            add_issue(ds, "%s:%ld: repeated key \"%s\" in the JSON object of this "
                      "comment line (json-c would keep the last value silently): "
                      "line not read", ds->filename, (long) line, kb);
        else if (o != NULL && json_object_is_type(o, json_type_object))
            meta_from_json(ds, o, ref == NULL);
        json_object_put(o);
    }
    else if (strncmp(t, "case_sha256", 11) == 0)
    {
        char *h = t + 11;
        while (*h == ' ' || *h == ':' || *h == '=')
            h++;
        free(ds->case_sha256);
        ds->case_sha256 = dup_printable(h, strlen(h));
    }
    free(t);
}

/* The CSV header line s[0..n): col[b] is the column of csv_names[b]
   (-1: absent), *ncol the number of columns.  Errors: NH_ERR_PARSE for
   a column named twice or a missing quantity, point or value column. */
static int
parse_csv_header(slong *col, slong *ncol, const char *s, size_t n, slong line,
                 const char *filename, nh_error_t err)
{
    char **cells;
    slong nc = split_csv(&cells, s, n), a, b;
    for (b = 0; b < C_N; b++)
        col[b] = -1;
    for (a = 0; a < nc; a++)
        for (b = 0; b < C_N; b++)
            if (strcasecmp(cells[a], csv_names[b]) == 0)
            {
                if (col[b] >= 0)
                {
                    int rc = nh_error_set(err, NH_ERR_PARSE, "%s:%ld: the CSV header names "
                                          "the column '%s' twice (columns %ld and %ld): "
                                          "which one holds the data is ambiguous",
                                          filename, (long) line, csv_names[b],
                                          (long) col[b] + 1, (long) a + 1);
                    free_cells(cells, nc);
                    return rc;
                }
                col[b] = a;
            }
    free_cells(cells, nc);
    if (col[C_QUANTITY] < 0 || col[C_POINT] < 0 || col[C_VALUE] < 0)
    {
        char sb[64], *h = dupn(s, n);
        int rc = nh_error_set(err, NH_ERR_PARSE, "%s:%ld: expected a CSV header naming "
                              "at least the columns quantity, point and value, found "
                              "'%s'", filename, (long) line, show(sb, sizeof sb, h));
        free(h);
        return rc;
    }
    *ncol = nc;
    return NH_OK;
}

/* A CSV record line s[0..n) with the columns col of the header (ncol of
   them); a wrong number of fields is an issue of ds. */
static void
parse_csv_record(nh_dataset_t ds, const nh_dataset_struct *ref, const slong *col, slong ncol,
                 const char *s, size_t n, slong line, const char *filename)
{
    char **cells;
    const char *v[C_N];
    slong nc = split_csv(&cells, s, n), c;
    if (nc != ncol)
    {
        add_issue(ds, "%s:%ld: expected %ld comma-separated fields (as in the header), found %ld",
                  filename, (long) line, (long) ncol, (long) nc);
        free_cells(cells, nc);
        return;
    }
    for (c = 0; c < C_N; c++)
        v[c] = col[c] >= 0 ? cells[col[c]] : "";
    record_from_cells(ds, ref, line, v[C_QUANTITY], v[C_K], v[C_EPS], v[C_POINT], v[C_I],
                      v[C_J], v[C_L], v[C_T], v[C_VALUE], v[C_MID], v[C_RAD], v[C_STATUS]);
    free_cells(cells, nc);
}

/* The next line of text[0..len) from *p: [*ls, *le) without the line
   end ("\n" or "\r\n") and without leading blanks; *p moves past it.
   Returns 0 for a blank line. */
static int
next_line(size_t *ls, size_t *le, const char *text, size_t len, size_t *p)
{
    *ls = *p;
    while (*p < len && text[*p] != '\n')
        (*p)++;
    *le = *p;
    if (*p < len)
        (*p)++;
    if (*le > *ls && text[*le - 1] == '\r')
        (*le)--;
    while (*ls < *le && isspace((unsigned char) text[*ls]))
        (*ls)++;
    return *ls < *le;
}

/* Refuse binary data (a NUL byte) and an empty file; *jsonl: the first
   non-blank character is '{' (JSON Lines, else CSV). */
static int
check_start(int *jsonl, const char *text, size_t len, const char *filename, nh_error_t err)
{
    size_t first;
    const void *nul = memchr(text, '\0', len);
    if (nul != NULL)
        return nh_error_set(err, NH_ERR_PARSE, "%s: binary data (NUL byte at offset %ld): not a "
                            "CSV or JSON Lines file", filename, (long) ((const char *) nul - text));
    for (first = 0; first < len && isspace((unsigned char) text[first]); first++)
        ;
    if (first == len)
        return nh_error_set(err, NH_ERR_PARSE, "%s: empty file (no header, no records)", filename);
    *jsonl = text[first] == '{';
    return NH_OK;
}

int
nh_dataset_parse(nh_dataset_t ds, const char *text, size_t len, const char *filename,
                 const nh_dataset_struct *ref, nh_error_t err)
{
    size_t p = 0, ls, le;
    slong line = 0, col[C_N], ncol = -1;
    int jsonl = 0, rc;

    free(ds->filename);
    ds->filename = dupn(filename, strlen(filename));
    /* a UTF-8 byte order mark (spreadsheets write one) is not content */
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
    {
        text += 3;
        len -= 3;
    }
    rc = check_start(&jsonl, text, len, filename, err);
    if (rc != NH_OK)
        return rc;
    while (p < len)
    {
        line++;
        if (!next_line(&ls, &le, text, len, &p))
            continue;
        if (jsonl)
            parse_jsonl_line(ds, ref, text + ls, le - ls, line);
        else if (text[ls] == '#')
        {
            size_t a = ls + 1;
            while (a < le && text[a] == ' ')
                a++;
            parse_comment_line(ds, ref, text + a, le - a, line);
        }
        else if (ncol < 0)
        {
            rc = parse_csv_header(col, &ncol, text + ls, le - ls, line, filename, err);
            if (rc != NH_OK)
                return rc;
        }
        else
            parse_csv_record(ds, ref, col, ncol, text + ls, le - ls, line, filename);
    }
    if (!jsonl && ncol < 0)
        return nh_error_set(err, NH_ERR_PARSE, "%s: no CSV header (only comment lines)", filename);
    if (ds->len == 0 && ds->nissue == 0)
        return nh_error_set(err, NH_ERR_PARSE, "%s: no records", filename);
    if (ref == NULL && ds->meta == NULL)
        return nh_error_set(err, NH_ERR_PARSE, "%s: not a reference dataset (no metadata line with "
                            "\"format\": \"%s\")", filename, NH_DATASET_FORMAT);
    return NH_OK;
}

int
nh_dataset_load(nh_dataset_t ds, const char *path, const nh_dataset_struct *ref, nh_error_t err)
{
    char *buf;
    size_t len;
    int rc = nh_file_read(&buf, &len, path, NH_DATASET_MAX_TEXT, "dataset", err);
    if (rc != NH_OK)
        return rc;
    rc = nh_dataset_parse(ds, buf, len, path, ref, err);
    free(buf);
    return rc;
}
