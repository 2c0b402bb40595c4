/*
 * sweep_accept.c -- `nhoracle sweep --accept JOB_ID|RUN_ID --why TEXT`
 * (doc/sweep.md, "Acceptance"): records in table accepts who accepted
 * which results and why.  An accepted result becomes its job's baseline
 * (sweep_regress.c, last_accepted), so a flag persists from night to
 * night until someone accepts the change.
 */
#include <ctype.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <flint/flint.h>
#include "impl.h"

static const char *
who_am_i(void)
{
    const char *u = getenv("USER");
    struct passwd *pw;

    if (u && u[0])
        return u;
    pw = getpwuid(getuid());
    return pw && pw->pw_name ? pw->pw_name : "unknown";
}

static int
all_of(const char *s, const char *set)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!strchr(set, *s))
            return 0;
    return 1;
}

int
nh_sweep_accept(nh_sweep_db_ptr db, const char *id, const char *why, long *naccepted,
                nh_error_t err)
{
    sqlite3_stmt *st;
    int by_run = all_of(id, "0123456789") && strlen(id) < NH_SWEEP_ID_LEN;
    int rc;

    *naccepted = 0;
    if (!by_run && !(strlen(id) == NH_SWEEP_ID_LEN && all_of(id, "0123456789abcdef")))
        return nh_error_set(err, NH_ERR_USAGE, "sweep --accept: '%.64s' is neither a run id "
                            "(a number) nor a job id (16 hex digits)", id);
    if (why == NULL || why[0] == '\0')
        return nh_error_set(err, NH_ERR_USAGE, "sweep --accept: --why TEXT is required (why the "
                            "change is right)");
    if ((rc = _nh_sweep_begin(db, err)))
        return rc;
    /* a run: each of its ok results; a job: its latest result, if ok */
    sqlite3_prepare_v2(db->db, by_run
                       ? "INSERT INTO accepts SELECT run_id, job_id, ?1, ?2, ?3 FROM results "
                         "WHERE run_id = CAST(?4 AS INTEGER) AND status = 'ok'"
                       : "INSERT INTO accepts SELECT run_id, job_id, ?1, ?2, ?3 FROM results "
                         "WHERE job_id = ?4 AND status = 'ok' AND run_id = (SELECT MAX(run_id) "
                         "FROM results WHERE job_id = ?4)", -1, &st, NULL);
    sqlite3_bind_text(st, 1, who_am_i(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, why, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 3, _nh_sweep_clock(0));
    sqlite3_bind_text(st, 4, id, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
    {
        _nh_sweep_dberr(db, "cannot record the acceptance", err);
        sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
        return err->code;
    }
    *naccepted = sqlite3_changes(db->db);
    if (*naccepted == 0)
    {
        sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
        return nh_error_set(err, NH_ERR_USAGE, "sweep --accept: %s %s has no ok result to accept",
                            by_run ? "run" : "job", id);
    }
    return _nh_sweep_exec(db, "COMMIT", "cannot record the acceptance", err);
}
