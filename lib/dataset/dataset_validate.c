/*
 * dataset_validate.c -- match a candidate's records with a reference
 * dataset and judge each value against the certified ball (dataset.h,
 * doc/datasets.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdarg.h>

#include "dataset.h"

#define MAX_MSGS 100000

/* dataset_record.c */
void _nh_dataset_msg_vappend(char ***list, slong *n, slong *alloc, slong max,
                             slong first_alloc, size_t bufsize, const char *fmt, va_list ap);

static void
add_msg(nh_validation_t res, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    _nh_dataset_msg_vappend(&res->msg, &res->nmsg, &res->msg_alloc, MAX_MSGS, 64, 640, fmt, ap);
    va_end(ap);
}

void
nh_validation_init(nh_validation_t res, double atol, double rtol, int require_all)
{
    memset(res, 0, sizeof(nh_validation_struct));
    res->atol = atol;
    res->rtol = rtol;
    res->require_all = require_all;
    res->records = json_object_new_array();
}

void
nh_validation_clear(nh_validation_t res)
{
    slong i;
    for (i = 0; i < res->nmsg; i++)
        free(res->msg[i]);
    free(res->msg);
    free(res->fam);
    json_object_put(res->records);
    memset(res, 0, sizeof(nh_validation_struct));
}

/* the echoed inputs: the sample point (q, v) itself, which a candidate
   copies rather than computes.  Compared when present, never required,
   and not counted as checked values.  (vD = P(q) v is computed.) */
static int
is_input_echo(const char *q)
{
    return strcmp(q, "q") == 0 || strcmp(q, "v") == 0;
}

/* human-readable record description */
static void
describe(char *buf, size_t size, const nh_dataset_struct *ref, const nh_record_struct *r)
{
    char fam[48];
    size_t o;
    nh_record_family(fam, sizeof fam, r);
    o = (size_t) snprintf(buf, size, "%s", fam);
    if (r->eps >= 0 && o < size)
        o += (size_t) snprintf(buf + o, size - o, " eps=%s",
                               ref != NULL && r->eps < ref->neps ? ref->eps[r->eps] : "?");
    if (r->t >= 0 && o < size)
        o += (size_t) snprintf(buf + o, size - o, " t=%s",
                               ref != NULL && r->t < ref->ntimes ? ref->times[r->t] : "?");
    if (o < size)
        o += (size_t) snprintf(buf + o, size - o, " point %ld", (long) r->point);
    if (r->i >= 0 && o < size)
    {
        o += (size_t) snprintf(buf + o, size - o, " [%ld", (long) r->i);
        if (r->j >= 0 && o < size)
            o += (size_t) snprintf(buf + o, size - o, ",%ld", (long) r->j);
        if (r->l >= 0 && o < size)
            o += (size_t) snprintf(buf + o, size - o, ",%ld", (long) r->l);
        if (o < size)
            snprintf(buf + o, size - o, "]");
    }
}

typedef struct
{
    char *key;
    slong idx;
}
keyed;

static int
keyed_cmp(const void *a, const void *b)
{
    return strcmp(((const keyed *) a)->key, ((const keyed *) b)->key);
}

static int
slong_cmp(const void *a, const void *b)
{
    slong x = *(const slong *) a, y = *(const slong *) b;
    return (x > y) - (x < y);
}

static char *
xstrdup(const char *s)
{
    char *r = malloc(strlen(s) + 1);
    if (r == NULL)
        abort();
    return strcpy(r, s);
}

/* Groups and points of the reference records.  A group is one vector or
   matrix: the records sharing (quantity, k, eps, point, t), i.e. the key
   without the component indices i, j, l.  group[r] is the group id of
   record r (0..ngroups-1), pidx[r] the index of its point among the
   reference's distinct points (0..npoints-1).  Returns ngroups; the
   number of points in *npoints. */
static slong
ref_groups_points(slong *group, slong *pidx, slong *npoints, const nh_dataset_struct *ref)
{
    keyed *g = malloc(sizeof(keyed) * (size_t) (ref->len + 1));
    slong *pts = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    slong r, ng = 0, np = 0;
    char key[160];
    if (g == NULL || pts == NULL)
        abort();
    for (r = 0; r < ref->len; r++)
    {
        nh_record_struct tmp = ref->rec[r];
        tmp.i = tmp.j = tmp.l = -1;
        nh_record_key(key, sizeof key, &tmp);
        g[r].key = xstrdup(key);
        g[r].idx = r;
        pts[r] = ref->rec[r].point;
    }
    qsort(g, (size_t) ref->len, sizeof(keyed), keyed_cmp);
    for (r = 0; r < ref->len; r++)
    {
        if (r > 0 && strcmp(g[r].key, g[r - 1].key) != 0)
            ng++;
        group[g[r].idx] = ng;
    }
    for (r = 0; r < ref->len; r++)
        free(g[r].key);
    free(g);
    qsort(pts, (size_t) ref->len, sizeof(slong), slong_cmp);
    for (r = 0; r < ref->len; r++)
        if (np == 0 || pts[r] != pts[np - 1])
            pts[np++] = pts[r];
    for (r = 0; r < ref->len; r++)
        pidx[r] = (slong *) bsearch(&ref->rec[r].point, pts, (size_t) np, sizeof(slong),
                                    slong_cmp) - pts;
    free(pts);
    *npoints = np;
    return ref->len > 0 ? ng + 1 : 0;
}

nh_family_result *
nh_validation_family(const nh_validation_struct *res, const char *family)
{
    slong f;
    for (f = 0; f < res->nfam; f++)
        if (strcmp(res->fam[f].family, family) == 0)
            return res->fam + f;
    return NULL;
}

static slong
family_index(nh_validation_t res, const char *fam)
{
    const nh_family_result *F = nh_validation_family(res, fam);
    if (F != NULL)
        return F - res->fam;
    res->fam = realloc(res->fam, sizeof(nh_family_result) * (size_t) (res->nfam + 1));
    if (res->fam == NULL)
        abort();
    memset(res->fam + res->nfam, 0, sizeof(nh_family_result));
    snprintf(res->fam[res->nfam].family, sizeof res->fam[res->nfam].family, "%s", fam);
    return res->nfam++;
}

void
nh_dataset_validate(nh_validation_t res, const nh_dataset_t ref, const nh_dataset_t cand)
{
    keyed *idx;
    slong r, *match, *rfam, *group, *pidx, ngroups, npoints;
    char *gsupplied, *pcovered;
    char key[160], desc[200], fam[48];
    arb_t ball, c;
    json_object *refsha = NULL;

    idx = malloc(sizeof(keyed) * (size_t) (ref->len + 1));
    match = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    rfam = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    group = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    pidx = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    if (idx == NULL || match == NULL || rfam == NULL || group == NULL || pidx == NULL)
        abort();
    ngroups = ref_groups_points(group, pidx, &npoints, ref);
    gsupplied = calloc((size_t) ngroups + 1, 1);
    pcovered = calloc((size_t) npoints + 1, 1);
    if (gsupplied == NULL || pcovered == NULL)
        abort();
    res->checked = 0;
    res->points = npoints;
    res->points_covered = 0;
    for (r = 0; r < ref->len; r++)
    {
        nh_record_key(key, sizeof key, ref->rec + r);
        idx[r].key = malloc(strlen(key) + 1);
        if (idx[r].key == NULL)
            abort();
        strcpy(idx[r].key, key);
        idx[r].idx = r;
        match[r] = -1;
        nh_record_family(fam, sizeof fam, ref->rec + r);
        rfam[r] = family_index(res, fam);
        res->fam[rfam[r]].total++;
        if (ref->rec[r].estimate)
            res->fam[rfam[r]].estimates++;
    }
    qsort(idx, (size_t) ref->len, sizeof(keyed), keyed_cmp);

    /* case hash */
    if (cand->case_sha256 != NULL && ref->meta != NULL
        && json_object_object_get_ex(ref->meta, "case_sha256", &refsha)
        && strcmp(cand->case_sha256, json_object_get_string(refsha)) != 0)
    {
        json_object *name = NULL;
        res->hash_mismatch = 1;
        json_object_object_get_ex(ref->meta, "case", &name);
        snprintf(res->hash_msg, sizeof res->hash_msg,
                 "candidate is for a different case: its case_sha256 %.16s... differs from "
                 "the reference's %.16s... (case %s)", cand->case_sha256,
                 json_object_get_string(refsha), name ? json_object_get_string(name) : "?");
        add_msg(res, "%s", res->hash_msg);
    }

    for (r = 0; r < cand->nissue; r++)
        add_msg(res, "%s", cand->issue[r]);
    res->issues = cand->nissue;

    arb_init(ball);
    arb_init(c);
    for (r = 0; r < cand->len; r++)
    {
        const nh_record_struct *x = cand->rec + r;
        keyed probe, *hit;
        slong ri, f;
        const nh_record_struct *y;
        nh_family_result *F;
        double mid, rad, diff, excess, rel, tol;
        int inside, pass;
        char relstr[32];
        json_object *o;

        nh_record_key(key, sizeof key, x);
        probe.key = key;
        hit = ref->len ? bsearch(&probe, idx, (size_t) ref->len, sizeof(keyed), keyed_cmp) : NULL;
        describe(desc, sizeof desc, ref, x);
        if (hit == NULL)
        {
            res->extra++;
            add_msg(res, "%s:%ld: extra record %s: no such record in the reference%s",
                    cand->filename, (long) x->line, desc,
                    (x->eps < 0 && (strcmp(x->quantity, "qdot") == 0 || strcmp(x->quantity, "vDdot") == 0
                                    || strcmp(x->quantity, "vdot") == 0))
                    ? " (reduced fields need an eps)"
                    : (x->t < 0 && (strncmp(x->quantity, "full_", 5) == 0
                                    || strncmp(x->quantity, "reduced_", 8) == 0))
                    ? " (trajectory records need a time t and an eps)" : "");
            continue;
        }
        ri = hit->idx;
        y = ref->rec + ri;
        f = rfam[ri];
        F = res->fam + f;
        F->provided = 1;
        if (match[ri] >= 0)
        {
            res->duplicates++;
            F->failed++;
            add_msg(res, "%s:%ld: duplicate key %s (first given on line %ld)", cand->filename,
                    (long) x->line, desc, (long) cand->rec[match[ri]].line);
            continue;
        }
        match[ri] = r;
        gsupplied[group[ri]] = 1;
        pcovered[pidx[ri]] = 1;
        if (x->bad)
        {
            res->bad_values++;
            F->failed++;
            F->checked++;
            snprintf(F->worst, sizeof F->worst, "%s: value not usable (NaN, Inf or unparsable)", desc);
            F->worst_excess = INFINITY;
            continue;       /* message already among the reading issues */
        }
        mid = strtod(y->mid, NULL);
        rad = strtod(y->rad, NULL);
        diff = fabs(x->value - mid);
        excess = diff - rad > 0 ? diff - rad : 0;
        /* relative error: only meaningful when the ball excludes 0 */
        rel = fabs(mid) > rad ? diff / fabs(mid) : (diff == 0 ? 0 : NAN);
        tol = res->atol + res->rtol * fabs(mid);
        arb_set_str(ball, y->mid, 256);
        {
            arb_t rb;
            arb_init(rb);
            arb_set_str(rb, y->rad, 64);
            arb_add_error(ball, rb);
            arb_clear(rb);
        }
        arb_set_d(c, x->value);
        inside = arb_contains(ball, c);
        pass = excess <= tol;
        if (isfinite(rel))
            snprintf(relstr, sizeof relstr, "%.3g", rel);
        else
            snprintf(relstr, sizeof relstr, "n/a (ball contains 0)");
        if (!is_input_echo(y->quantity))
            res->checked++;
        F->checked++;
        if (pass)
            F->passed++;
        else
            F->failed++;
        if (!inside)
            F->outside++;
        if (diff > F->worst_abs)
            F->worst_abs = diff;
        if (isfinite(rel) && rel > F->worst_rel)
            F->worst_rel = rel;
        if (!pass && (excess - tol > F->worst_excess || F->worst[0] == '\0'))
        {
            F->worst_excess = excess - tol;
            snprintf(F->worst, sizeof F->worst, y->estimate
                     ? "%s: candidate %.17g, reference ESTIMATE %s, error estimate %s, "
                       "abs err %.3g, rel err %s"
                     : "%s: candidate %.17g, reference %s +/- %s, abs err %.3g, rel err %s",
                     desc, x->value, y->mid, y->rad, diff, relstr);
        }
        if (!pass && y->estimate)
            add_msg(res, "%s:%ld: FAIL %s: candidate %.17g, reference ESTIMATE %s with error "
                    "estimate %s, abs err %.3g, rel err %s, %s the error estimate (tolerance %.3g "
                    "+ error estimate)", cand->filename, (long) x->line,
                    desc, x->value, y->mid, y->rad, diff, relstr, inside ? "within" : "beyond", tol);
        else if (!pass)
            add_msg(res, "%s:%ld: FAIL %s: candidate %.17g, reference [%s +/- %s], abs err %.3g, "
                    "rel err %s, %s the ball (tolerance %.3g)", cand->filename, (long) x->line,
                    desc, x->value, y->mid, y->rad, diff, relstr, inside ? "inside" : "outside", tol);
        o = json_object_new_object();
        json_object_object_add(o, "record", json_object_new_string(desc));
        json_object_object_add(o, "family", json_object_new_string(F->family));
        json_object_object_add(o, "candidate", json_object_new_double(x->value));
        json_object_object_add(o, "mid", json_object_new_string(y->mid));
        json_object_object_add(o, "rad", json_object_new_string(y->rad));
        json_object_object_add(o, "abs_err", json_object_new_double(diff));
        json_object_object_add(o, "rel_err", isfinite(rel) ? json_object_new_double(rel) : NULL);
        json_object_object_add(o, "status", json_object_new_string(y->estimate ? "estimate"
                                                                        : "enclosure"));
        json_object_object_add(o, "inside", json_object_new_boolean(inside));
        json_object_object_add(o, "pass", json_object_new_boolean(pass));
        json_object_array_add(res->records, o);
    }
    arb_clear(ball);
    arb_clear(c);

    for (r = 0; r < npoints; r++)
        res->points_covered += pcovered[r];

    /* missing records: every computed record of the reference (default,
       and require_all), or with subset every record of a vector/matrix
       of which the candidate supplies some component */
    for (r = 0; r < ref->len; r++)
    {
        const nh_record_struct *y = ref->rec + r;
        nh_family_result *F = res->fam + rfam[r];
        if (match[r] >= 0 || is_input_echo(y->quantity))
            continue;
        if (!res->require_all && res->subset && !gsupplied[group[r]])
            continue;
        F->missing++;
        describe(desc, sizeof desc, ref, y);
        add_msg(res, "%s: missing record %s (reference %s +/- %s)", cand->filename, desc, y->mid, y->rad);
    }

    res->pass = !res->hash_mismatch && res->extra == 0 && res->duplicates == 0
        && res->issues == 0 && res->checked > 0;
    for (r = 0; r < res->nfam; r++)
        if (res->fam[r].failed || res->fam[r].missing)
            res->pass = 0;
    if (res->checked == 0)
    {
        /* the most important message: first (when the list is full, the
           last message makes room for it) */
        char *m;
        slong n0 = res->nmsg;
        if (n0 >= MAX_MSGS)
            free(res->msg[--res->nmsg]);
        add_msg(res, "%s: 0 values checked: the candidate supplies no value of a computed "
                "quantity of the reference (the echoed inputs q and v do not count), so "
                "nothing was validated", cand->filename);
        m = res->msg[res->nmsg - 1];
        memmove(res->msg + 1, res->msg, sizeof(char *) * (size_t) (res->nmsg - 1));
        res->msg[0] = m;
    }

    for (r = 0; r < ref->len; r++)
        free(idx[r].key);
    free(idx);
    free(match);
    free(rfam);
    free(group);
    free(pidx);
    free(gsupplied);
    free(pcovered);
}
