/*
 * sweep_record.c -- recording one job's outcome: the result row, and
 * from its JSON the observed orders (`converge`: doc/json-schema.md) and
 * the claim verdicts (`prove`), all in one transaction.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <json-c/json.h>
#include <flint/flint.h>
#include "dataset.h"
#include "impl.h"

static const char *const QUANT[5] = {"q_T", "v_T", "q_max", "v_max", "defect_max"};

static double
num(json_object *o, const char *key)
{
    json_object *v;
    /* a JSON null (an unbounded interval end, no slope) is NAN, stored as NULL */
    return json_object_object_get_ex(o, key, &v) && v != NULL ? json_object_get_double(v)
                                                              : 0.0 / 0.0;
}

static int
ins_orders(nh_sweep_db_ptr db, long run_id, const char *job, json_object *root)
{
    json_object *orders, *o, *q, *k;
    sqlite3_stmt *st;
    size_t i;
    int j, rc = SQLITE_DONE;

    if (!json_object_object_get_ex(root, "orders", &orders) || !json_object_is_type(orders, json_type_array))
        return SQLITE_DONE;
    sqlite3_prepare_v2(db->db, "INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?)", -1, &st, NULL);
    for (i = 0; i < json_object_array_length(orders); i++)
    {
        o = json_object_array_get_idx(orders, i);
        /* an order exact within the integration error has no slope */
        if (!json_object_object_get_ex(o, "k", &k) || json_object_object_get_ex(o, "exact", NULL))
            continue;
        for (j = 0; j < 5; j++)
        {
            if (!json_object_object_get_ex(o, QUANT[j], &q))
                continue;
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, run_id);
            sqlite3_bind_text(st, 2, job, -1, SQLITE_STATIC);
            sqlite3_bind_int(st, 3, json_object_get_int(k));
            sqlite3_bind_text(st, 4, QUANT[j], -1, SQLITE_STATIC);
            sqlite3_bind_double(st, 5, num(q, "observed"));
            sqlite3_bind_double(st, 6, num(q, "ci_lo"));
            sqlite3_bind_double(st, 7, num(q, "ci_hi"));
            sqlite3_bind_double(st, 8, num(q, "predicted"));
            if ((rc = sqlite3_step(st)) != SQLITE_DONE)
                break;
        }
    }
    sqlite3_finalize(st);
    return rc;
}

static const char *
str(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) ? json_object_get_string(v) : NULL;
}

static int
ins_verdicts(nh_sweep_db_ptr db, long run_id, const char *job, json_object *root)
{
    json_object *claims, *c;
    sqlite3_stmt *st;
    size_t i;
    int rc = SQLITE_DONE;

    if (!json_object_object_get_ex(root, "claims", &claims) || !json_object_is_type(claims, json_type_array))
        return SQLITE_DONE;
    sqlite3_prepare_v2(db->db, "INSERT INTO verdicts VALUES (?, ?, ?, ?, ?)", -1, &st, NULL);
    for (i = 0; i < json_object_array_length(claims) && rc == SQLITE_DONE; i++)
    {
        c = json_object_array_get_idx(claims, i);
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_text(st, 2, job, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, str(c, "id"), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, str(c, "verdict"), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 5, str(c, "recorded"), -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(st);
    }
    sqlite3_finalize(st);
    return rc;
}

static int
ins_result(nh_sweep_db_ptr db, long run_id, const nh_sweep_job_struct *J,
           const nh_sweep_outcome_struct *o, const char *status)
{
    sqlite3_stmt *st;
    char hash[65] = "";
    size_t len;
    char *text = _nh_sweep_slurp(J->file, &len);
    int rc;

    if (text)
    {
        nh_sha256_hex(hash, text, len);
        flint_free(text);
    }
    sqlite3_prepare_v2(db->db, "INSERT OR REPLACE INTO results VALUES "
                       "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, J->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, J->kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, J->label, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, J->file, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, hash, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 7, status, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 8, o->exit_code);
    sqlite3_bind_int(st, 9, o->signal);
    sqlite3_bind_double(st, 10, o->wall);
    sqlite3_bind_double(st, 11, o->cpu);
    sqlite3_bind_text(st, 12, o->json, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 13, o->log, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 14, _nh_sweep_clock(0));
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc;
}

/* crashed (killed by a signal), failed (nonzero exit or no readable
   JSON), ok; root: the parsed JSON (NULL: none) */
static const char *
status_of(const nh_sweep_outcome_struct *o, json_object *root)
{
    if (o->signal != 0)
        return "crashed";
    if (o->exit_code != 0 || root == NULL)
        return "failed";
    return "ok";
}

static json_object *
first_json(const char *text)
{
    json_object *root;
    json_tokener *tok;

    if (text == NULL)
        return NULL;
    tok = json_tokener_new();
    root = json_tokener_parse_ex(tok, text, (int) strlen(text));
    json_tokener_free(tok);
    return root;
}

const char *
nh_sweep_outcome_status(const nh_sweep_outcome_struct *o)
{
    json_object *root = first_json(o->json);
    const char *s = status_of(o, root);

    json_object_put(root);
    return s;
}

int
nh_sweep_db_record(nh_sweep_db_ptr db, long run_id, const nh_sweep_job_struct *J,
                   const nh_sweep_outcome_struct *o, nh_error_t err)
{
    json_object *root = NULL;
    const char *status;
    char sql[320];
    int rc;

    /* the first JSON value of the output (emit writes JSON Lines) */
    root = first_json(o->json);
    status = status_of(o, root);
    if (_nh_sweep_begin(db, err))
    {
        json_object_put(root);
        return err->code;
    }
    snprintf(sql, sizeof(sql), "DELETE FROM orders WHERE run_id = %ld AND job_id = '%s';"
             "DELETE FROM verdicts WHERE run_id = %ld AND job_id = '%s';"
             "DELETE FROM balls WHERE run_id = %ld AND job_id = '%s'", run_id, J->id, run_id, J->id,
             run_id, J->id);
    rc = sqlite3_exec(db->db, sql, NULL, NULL, NULL) == SQLITE_OK ? SQLITE_DONE : SQLITE_ERROR;
    if (rc == SQLITE_DONE)
        rc = ins_result(db, run_id, J, o, status);
    if (rc == SQLITE_DONE && root)
        rc = ins_orders(db, run_id, J->id, root);
    if (rc == SQLITE_DONE && root)
        rc = ins_verdicts(db, run_id, J->id, root);
    if (rc == SQLITE_DONE && root)
        rc = _nh_sweep_ins_balls(db, run_id, J->id, o->json);
    json_object_put(root);
    if (rc != SQLITE_DONE)
    {
        _nh_sweep_dberr(db, "cannot record a job", err);
        sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
        return err->code;
    }
    return _nh_sweep_exec(db, "COMMIT", "cannot record a job", err);
}
