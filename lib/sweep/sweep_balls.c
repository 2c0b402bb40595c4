/*
 * sweep_balls.c -- the certified values of a job (doc/sweep.md,
 * "Certified values"): every JSON string of its output that Arb reads as
 * a number or ball ("[0.318445496375202 +/- 6.56e-18]", "0",
 * "1.00000000000000") is stored as written, with its place in the JSON
 * (quantity = path of the key, component = index in its array), and
 * compared with the same place of the job's baseline run: two balls
 * that do not overlap (arb_overlaps on the balls arb_set_str reads from
 * the two decimal strings; each contains its decimal exactly) are a
 * certain change of the value.
 */
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>
#include <flint/flint.h>
#include "nh_arb.h"
#include "impl.h"

#define BALL_PREC 1024  /* bits: arb_set_str rounds outward, the ball keeps the decimal */

/* keys whose strings (and everything below them) are identifiers,
   inputs or estimates, not certified values */
static int
skip_key(const char *k)
{
    static const char *const K[] = {"case_sha256", "canonical_sha256", "canonical_text",
                                    "nhoracle_version", "file", "case_file", "case", "command",
                                    "subcommand", "id", "convention", "parameters", NULL};
    /* estimates are labelled so (doc/conventions.md): w_estimate,
       fitted_estimate, ...; they follow the estimate rules, not arb_overlaps */
    return _nh_sweep_in_list(k, K) || strstr(k, "estimate") != NULL;
}

static int
is_ball(const char *s)
{
    arb_t x;
    int ok;

    if (strpbrk(s, "0123456789") == NULL || strlen(s) > 4000)
        return 0;
    arb_init(x);
    ok = arb_set_str(x, s, BALL_PREC) == 0;
    arb_clear(x);
    return ok;
}

typedef struct
{
    sqlite3_stmt *st;
    long run_id;
    const char *job;
    int rc;
}
walk_t;

static void
put_ball(walk_t *w, const char *q, int comp, const char *s)
{
    if (w->rc != SQLITE_DONE || !is_ball(s))
        return;
    sqlite3_reset(w->st);
    sqlite3_bind_int64(w->st, 1, w->run_id);
    sqlite3_bind_text(w->st, 2, w->job, -1, SQLITE_STATIC);
    sqlite3_bind_text(w->st, 3, q, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(w->st, 4, comp);
    sqlite3_bind_text(w->st, 5, s, -1, SQLITE_TRANSIENT);
    w->rc = sqlite3_step(w->st);
}

static void
walk(walk_t *w, json_object *o, const char *path)
{
    char sub[1024];

    if (json_object_is_type(o, json_type_object))
    {
        json_object_object_foreach(o, key, val)
        {
            if (skip_key(key))
                continue;
            snprintf(sub, sizeof(sub), "%s%s%s", path, path[0] ? "." : "", key);
            if (json_object_is_type(val, json_type_string))
                put_ball(w, sub, -1, json_object_get_string(val));
            else
                walk(w, val, sub);
        }
    }
    else if (json_object_is_type(o, json_type_array))
    {
        size_t i, n = json_object_array_length(o);
        for (i = 0; i < n; i++)
        {
            json_object *e = json_object_array_get_idx(o, i);
            if (json_object_is_type(e, json_type_string))
                put_ball(w, path, (int) i, json_object_get_string(e));
            else
            {
                snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
                walk(w, e, sub);
            }
        }
    }
}

int
_nh_sweep_ins_balls(nh_sweep_db_ptr db, long run_id, const char *job, const char *text)
{
    json_tokener *tok;
    json_object *o;
    const char *p = text, *end;
    walk_t w;
    int line = 0;
    char path[32];

    if (text == NULL)
        return SQLITE_DONE;
    end = text + strlen(text);  /* once: emit's JSON Lines have many values */
    w.run_id = run_id;
    w.job = job;
    w.rc = SQLITE_DONE;
    if (sqlite3_prepare_v2(db->db, "INSERT INTO balls VALUES (?, ?, ?, ?, ?)", -1, &w.st, NULL)
        != SQLITE_OK)
        return SQLITE_ERROR;
    tok = json_tokener_new();
    /* every JSON value of the output (emit writes JSON Lines: value N is "LN") */
    while (w.rc == SQLITE_DONE && *p)
    {
        while (*p == '\n' || *p == ' ' || *p == '\r' || *p == '\t')
            p++;
        if (!*p)
            break;
        json_tokener_reset(tok);
        o = json_tokener_parse_ex(tok, p, (int) (end - p));
        if (o == NULL)
            break;
        snprintf(path, sizeof(path), line ? "L%d" : "", line);
        walk(&w, o, path);
        json_object_put(o);
        p += json_tokener_get_parse_end(tok);
        line++;
    }
    json_tokener_free(tok);
    sqlite3_finalize(w.st);
    return w.rc;
}

/* Compare the balls of job in run_id with those of run prev: one line
   per pair that does not overlap (at most max lines, then a count) into
   *msgs; the number of such pairs is returned. */
long
_nh_sweep_cmp_balls(sqlite3 *db, const char *job, long run_id, long prev, int max,
                    char **msgs, size_t *len, size_t *cap)
{
    sqlite3_stmt *st;
    arb_t a, b;
    long n = 0;

    if (prev < 0)
        return 0;
    arb_init(a);
    arb_init(b);
    sqlite3_prepare_v2(db, "SELECT c.quantity, c.comp, p.ball, c.ball FROM balls c JOIN balls p "
                       "ON p.run_id = ? AND p.job_id = c.job_id AND p.quantity = c.quantity AND "
                       "p.comp = c.comp WHERE c.run_id = ? AND c.job_id = ? ORDER BY c.rowid",
                       -1, &st, NULL);
    sqlite3_bind_int64(st, 1, prev);
    sqlite3_bind_int64(st, 2, run_id);
    sqlite3_bind_text(st, 3, job, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        const char *q = (const char *) sqlite3_column_text(st, 0);
        int comp = sqlite3_column_int(st, 1);
        const char *old = (const char *) sqlite3_column_text(st, 2);
        const char *new = (const char *) sqlite3_column_text(st, 3);
        if (arb_set_str(a, old, BALL_PREC) || arb_set_str(b, new, BALL_PREC) || arb_overlaps(a, b))
            continue;
        if (n++ < max)
        {
            _nh_sweep_cat(msgs, len, cap, "value %s", q);
            if (comp >= 0)
                _nh_sweep_cat(msgs, len, cap, " component %d", comp);
            _nh_sweep_cat(msgs, len, cap, ": %s (run %ld) and %s no longer overlap\n", old, prev, new);
        }
    }
    sqlite3_finalize(st);
    if (n > max)
        _nh_sweep_cat(msgs, len, cap, "... and %ld more values that no longer overlap\n", n - max);
    arb_clear(a);
    arb_clear(b);
    return n;
}
