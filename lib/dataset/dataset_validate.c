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
#include "impl.h"

#define MAX_MSGS 100000

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

/* the model time t of a point of a time-dependent dataset (issue 19):
   an echoed input, but part of the point, so required (missing: fails;
   with --subset, for the points the candidate covers) */
static int
is_point_time(const char *q)
{
    return strcmp(q, "t") == 0;
}

/* the echoed inputs: the sample point (q, v), and t for time-dependent
   models, which a candidate copies rather than computes.  Compared when
   present, not counted as checked values, never required but for t.
   (vD = P(q) v is computed.) */
static int
is_input_echo(const char *q)
{
    return strcmp(q, "q") == 0 || strcmp(q, "v") == 0 || is_point_time(q);
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

/* The working arrays of one validation: the reference records sorted by
   key (idx), for each reference record the candidate record matched to
   it (match, -1: none yet), its family (rfam), group and point index
   (ref_groups_points), and which groups and points the candidate
   supplies. */
typedef struct
{
    keyed *idx;
    slong *match, *rfam, *group, *pidx, ngroups, npoints;
    char *gsupplied, *pcovered;
}
val_ctx;

/* Allocate ctx for ref, index the reference records by key and count
   them in their families of res (total, estimates). */
static void
val_ctx_init(val_ctx *ctx, nh_validation_t res, const nh_dataset_struct *ref)
{
    char key[160], fam[48];
    slong r;
    ctx->idx = malloc(sizeof(keyed) * (size_t) (ref->len + 1));
    ctx->match = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    ctx->rfam = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    ctx->group = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    ctx->pidx = malloc(sizeof(slong) * (size_t) (ref->len + 1));
    if (ctx->idx == NULL || ctx->match == NULL || ctx->rfam == NULL || ctx->group == NULL
        || ctx->pidx == NULL)
        abort();
    ctx->ngroups = ref_groups_points(ctx->group, ctx->pidx, &ctx->npoints, ref);
    ctx->gsupplied = calloc((size_t) ctx->ngroups + 1, 1);
    ctx->pcovered = calloc((size_t) ctx->npoints + 1, 1);
    if (ctx->gsupplied == NULL || ctx->pcovered == NULL)
        abort();
    for (r = 0; r < ref->len; r++)
    {
        nh_record_key(key, sizeof key, ref->rec + r);
        ctx->idx[r].key = xstrdup(key);
        ctx->idx[r].idx = r;
        ctx->match[r] = -1;
        nh_record_family(fam, sizeof fam, ref->rec + r);
        ctx->rfam[r] = family_index(res, fam);
        res->fam[ctx->rfam[r]].total++;
        if (ref->rec[r].estimate)
            res->fam[ctx->rfam[r]].estimates++;
    }
    qsort(ctx->idx, (size_t) ref->len, sizeof(keyed), keyed_cmp);
}

static void
val_ctx_clear(val_ctx *ctx, slong len)
{
    slong r;
    for (r = 0; r < len; r++)
        free(ctx->idx[r].key);
    free(ctx->idx);
    free(ctx->match);
    free(ctx->rfam);
    free(ctx->group);
    free(ctx->pidx);
    free(ctx->gsupplied);
    free(ctx->pcovered);
}

/* The candidate names a case whose sha256 differs from the reference's:
   set res->hash_mismatch and its message. */
static void
check_case_hash(nh_validation_t res, const nh_dataset_struct *ref, const nh_dataset_struct *cand)
{
    json_object *refsha = NULL, *name = NULL;
    if (cand->case_sha256 == NULL || ref->meta == NULL
        || !json_object_object_get_ex(ref->meta, "case_sha256", &refsha)
        || strcmp(cand->case_sha256, json_object_get_string(refsha)) == 0)
        return;
    res->hash_mismatch = 1;
    json_object_object_get_ex(ref->meta, "case", &name);
    snprintf(res->hash_msg, sizeof res->hash_msg,
             "candidate is for a different case: its case_sha256 %.16s... differs from "
             "the reference's %.16s... (case %s)", cand->case_sha256,
             json_object_get_string(refsha), name ? json_object_get_string(name) : "?");
    add_msg(res, "%s", res->hash_msg);
}

/* The message of candidate record x that matches no reference record. */
static void
msg_extra(nh_validation_t res, const nh_dataset_struct *cand, const nh_record_struct *x,
          const char *desc)
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
}

/* The comparison of a candidate value x with its reference record y. */
typedef struct
{
    double diff, excess, rel, tol;
    int inside, pass;
    char relstr[32];
}
val_cmp;

/* Compare x->value with the reference ball y (mid +/- rad): absolute
   and relative error, tolerance atol + rtol |mid|, containment. */
static void
compare_value(val_cmp *v, const nh_validation_struct *res, const nh_record_struct *x,
              const nh_record_struct *y)
{
    double mid = strtod(y->mid, NULL), rad = strtod(y->rad, NULL);
    arb_t ball, c, rb;
    v->diff = fabs(x->value - mid);
    v->excess = v->diff - rad > 0 ? v->diff - rad : 0;
    /* relative error: only meaningful when the ball excludes 0 */
    v->rel = fabs(mid) > rad ? v->diff / fabs(mid) : (v->diff == 0 ? 0 : NAN);
    v->tol = res->atol + res->rtol * fabs(mid);
    arb_init(ball);
    arb_init(c);
    arb_init(rb);
    arb_set_str(ball, y->mid, 256);
    arb_set_str(rb, y->rad, 64);
    arb_add_error(ball, rb);
    arb_set_d(c, x->value);
    v->inside = arb_contains(ball, c);
    arb_clear(rb);
    arb_clear(c);
    arb_clear(ball);
    v->pass = v->excess <= v->tol;
    if (isfinite(v->rel))
        snprintf(v->relstr, sizeof v->relstr, "%.3g", v->rel);
    else
        snprintf(v->relstr, sizeof v->relstr, "n/a (ball contains 0)");
}

/* Count the comparison v of candidate record x (reference y) in its
   family F, keep the family's worst case, add the FAIL message. */
static void
judge_value(nh_validation_t res, nh_family_result *F, const nh_dataset_struct *cand,
            const nh_record_struct *x, const nh_record_struct *y, const char *desc,
            const val_cmp *v)
{
    if (!is_input_echo(y->quantity))
        res->checked++;
    F->checked++;
    if (v->pass)
        F->passed++;
    else
        F->failed++;
    if (!v->inside)
        F->outside++;
    if (v->diff > F->worst_abs)
        F->worst_abs = v->diff;
    if (isfinite(v->rel) && v->rel > F->worst_rel)
        F->worst_rel = v->rel;
    if (!v->pass && (v->excess - v->tol > F->worst_excess || F->worst[0] == '\0'))
    {
        F->worst_excess = v->excess - v->tol;
        snprintf(F->worst, sizeof F->worst, y->estimate
                 ? "%s: candidate %.17g, reference ESTIMATE %s, error estimate %s, "
                   "abs err %.3g, rel err %s"
                 : "%s: candidate %.17g, reference %s +/- %s, abs err %.3g, rel err %s",
                 desc, x->value, y->mid, y->rad, v->diff, v->relstr);
    }
    if (!v->pass && y->estimate)
        add_msg(res, "%s:%ld: FAIL %s: candidate %.17g, reference ESTIMATE %s with error "
                "estimate %s, abs err %.3g, rel err %s, %s the error estimate (tolerance %.3g "
                "+ error estimate)", cand->filename, (long) x->line,
                desc, x->value, y->mid, y->rad, v->diff, v->relstr,
                v->inside ? "within" : "beyond", v->tol);
    else if (!v->pass)
        add_msg(res, "%s:%ld: FAIL %s: candidate %.17g, reference [%s +/- %s], abs err %.3g, "
                "rel err %s, %s the ball (tolerance %.3g)", cand->filename, (long) x->line,
                desc, x->value, y->mid, y->rad, v->diff, v->relstr,
                v->inside ? "inside" : "outside", v->tol);
}

/* The JSON object of one compared record (res->records). */
static json_object *
record_json(const nh_family_result *F, const nh_record_struct *x, const nh_record_struct *y,
            const char *desc, const val_cmp *v)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "record", json_object_new_string(desc));
    json_object_object_add(o, "family", json_object_new_string(F->family));
    json_object_object_add(o, "candidate", json_object_new_double(x->value));
    json_object_object_add(o, "mid", json_object_new_string(y->mid));
    json_object_object_add(o, "rad", json_object_new_string(y->rad));
    json_object_object_add(o, "abs_err", json_object_new_double(v->diff));
    json_object_object_add(o, "rel_err", isfinite(v->rel) ? json_object_new_double(v->rel) : NULL);
    json_object_object_add(o, "status", json_object_new_string(y->estimate ? "estimate"
                                                                    : "enclosure"));
    json_object_object_add(o, "inside", json_object_new_boolean(v->inside));
    json_object_object_add(o, "pass", json_object_new_boolean(v->pass));
    return o;
}

/* Match candidate record r with the reference (extra, duplicate, bad
   value) and judge its value. */
static void
validate_record(nh_validation_t res, val_ctx *ctx, const nh_dataset_struct *ref,
                const nh_dataset_struct *cand, slong r)
{
    const nh_record_struct *x = cand->rec + r, *y;
    char key[160], desc[200];
    keyed probe, *hit;
    nh_family_result *F;
    val_cmp v;
    slong ri;

    nh_record_key(key, sizeof key, x);
    probe.key = key;
    hit = ref->len ? bsearch(&probe, ctx->idx, (size_t) ref->len, sizeof(keyed), keyed_cmp) : NULL;
    describe(desc, sizeof desc, ref, x);
    if (hit == NULL)
    {
        msg_extra(res, cand, x, desc);
        return;
    }
    ri = hit->idx;
    y = ref->rec + ri;
    F = res->fam + ctx->rfam[ri];
    F->provided = 1;
    if (ctx->match[ri] >= 0)
    {
        res->duplicates++;
        F->failed++;
        add_msg(res, "%s:%ld: duplicate key %s (first given on line %ld)", cand->filename,
                (long) x->line, desc, (long) cand->rec[ctx->match[ri]].line);
        return;
    }
    ctx->match[ri] = r;
    ctx->gsupplied[ctx->group[ri]] = 1;
    ctx->pcovered[ctx->pidx[ri]] = 1;
    if (x->bad)
    {
        res->bad_values++;
        F->failed++;
        F->checked++;
        snprintf(F->worst, sizeof F->worst, "%s: value not usable (NaN, Inf or unparsable)", desc);
        F->worst_excess = INFINITY;
        return;       /* message already among the reading issues */
    }
    compare_value(&v, res, x, y);
    judge_value(res, F, cand, x, y, desc, &v);
    json_object_array_add(res->records, record_json(F, x, y, desc, &v));
}

/* Missing records: every computed record of the reference (default,
   and require_all), or with subset every record of a vector/matrix of
   which the candidate supplies some component. */
static void
report_missing(nh_validation_t res, const val_ctx *ctx, const nh_dataset_struct *ref,
               const nh_dataset_struct *cand)
{
    char desc[200];
    slong r;
    for (r = 0; r < ref->len; r++)
    {
        const nh_record_struct *y = ref->rec + r;
        nh_family_result *F = res->fam + ctx->rfam[r];
        int tpt = is_point_time(y->quantity);
        if (ctx->match[r] >= 0 || (is_input_echo(y->quantity) && !tpt))
            continue;
        if (!res->require_all && res->subset && !ctx->gsupplied[ctx->group[r]]
            && !(tpt && ctx->pcovered[ctx->pidx[r]]))
            continue;
        F->missing++;
        describe(desc, sizeof desc, ref, y);
        add_msg(res, "%s: missing record %s (reference %s +/- %s)", cand->filename, desc, y->mid, y->rad);
    }
}

/* The overall verdict; with 0 values checked, that message first (when
   the list is full, the last message makes room for it). */
static void
set_verdict(nh_validation_t res, const nh_dataset_struct *cand)
{
    slong r;
    res->pass = !res->hash_mismatch && res->extra == 0 && res->duplicates == 0
        && res->issues == 0 && res->checked > 0;
    for (r = 0; r < res->nfam; r++)
        if (res->fam[r].failed || res->fam[r].missing)
            res->pass = 0;
    if (res->checked == 0)
    {
        char *m;
        if (res->nmsg >= MAX_MSGS)
            free(res->msg[--res->nmsg]);
        add_msg(res, "%s: 0 values checked: the candidate supplies no value of a computed "
                "quantity of the reference (the echoed inputs q and v do not count), so "
                "nothing was validated", cand->filename);
        m = res->msg[res->nmsg - 1];
        memmove(res->msg + 1, res->msg, sizeof(char *) * (size_t) (res->nmsg - 1));
        res->msg[0] = m;
    }
}

void
nh_dataset_validate(nh_validation_t res, const nh_dataset_t ref, const nh_dataset_t cand)
{
    val_ctx ctx;
    slong r;

    val_ctx_init(&ctx, res, ref);
    res->checked = 0;
    res->points = ctx.npoints;
    res->points_covered = 0;
    check_case_hash(res, ref, cand);
    for (r = 0; r < cand->nissue; r++)
        add_msg(res, "%s", cand->issue[r]);
    res->issues = cand->nissue;
    for (r = 0; r < cand->len; r++)
        validate_record(res, &ctx, ref, cand, r);
    for (r = 0; r < ctx.npoints; r++)
        res->points_covered += ctx.pcovered[r];
    report_missing(res, &ctx, ref, cand);
    set_verdict(res, cand);
    val_ctx_clear(&ctx, ref->len);
}
