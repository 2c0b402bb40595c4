/*
 * sweep_regress.c -- regressions of a run against the history
 * (doc/sweep.md, "Regressions"), each job against its baseline, the last
 * accepted run (ok and unflagged, or accepted by sweep --accept): a
 * failed or crashed job; an observed order whose interval (widened by
 * order-tol) no longer contains the predicted order; an estimate outside
 * the other run's interval widened by order-tol (both ways), or an interval
 * more than twice as wide (and wider by order-tol); a claim
 * verdict that changed; a certified ball that no longer overlaps the
 * baseline's (sweep_balls.c); a CPU time above time-factor x the median
 * of the last time-history good runs (and above it by time-floor
 * seconds).  A changed case file is named beside them.  Output: TAP and
 * JUnit XML.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include "impl.h"

typedef struct
{
    char *buf;          /* messages of this job, one per line */
    size_t len, cap;
    int nreg;           /* regressions */
    char *notes;        /* known failures (not regressions) */
    size_t nlen, ncap;
}
jobrep_t;

/* The job's baseline: its last accepted run before run_id, i.e. the
   latest in which it ended ok and either raised no flag in a finished
   run (a killed, never resumed run was never compared: its results are
   no baseline) or was accepted (sweep --accept): a flag persists until
   accepted. */
static long
last_accepted(sqlite3 *db, const char *job, long run_id)
{
    sqlite3_stmt *st;
    long r = -1;

    sqlite3_prepare_v2(db, "SELECT MAX(r.run_id) FROM results r WHERE r.job_id = ? AND r.run_id < ? "
                       "AND r.status = 'ok' AND ((NOT EXISTS (SELECT 1 FROM flags f WHERE "
                       "f.run_id = r.run_id AND f.job_id = r.job_id) AND EXISTS (SELECT 1 FROM runs u "
                       "WHERE u.run_id = r.run_id AND u.finished IS NOT NULL)) OR EXISTS (SELECT 1 "
                       "FROM accepts a WHERE a.run_id = r.run_id AND a.job_id = r.job_id))", -1, &st, NULL);
    sqlite3_bind_text(st, 1, job, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, run_id);
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        r = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return r;
}

static void
reg(jobrep_t *R, const char *msg)
{
    _nh_sweep_cat(&R->buf, &R->len, &R->cap, "%s\n", msg);
    R->nreg++;
}

static int
outside(double lo, double hi, double pred, double tol)
{
    return !(pred >= lo - tol && pred <= hi + tol);
}

/* an interval end; NULL (JSON null: a fit through two points has no
   interval) is the unbounded end inf */
static double
col_end(sqlite3_stmt *st, int col, double inf)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? inf : sqlite3_column_double(st, col);
}

/* orders of a converge job against the prediction and the last good run */
static void
check_orders(sqlite3 *db, const char *job, long run_id, long prev, double tol, jobrep_t *R)
{
    sqlite3_stmt *st;
    char msg[512];

    sqlite3_prepare_v2(db, "SELECT c.k, c.quantity, c.observed, c.ci_lo, c.ci_hi, c.predicted, "
                       "p.observed, p.ci_lo, p.ci_hi FROM orders c LEFT JOIN orders p ON "
                       "p.run_id = ? AND p.job_id = c.job_id AND p.k = c.k AND p.quantity = c.quantity "
                       "WHERE c.run_id = ? AND c.job_id = ? ORDER BY c.k, c.rowid", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, prev);
    sqlite3_bind_int64(st, 2, run_id);
    sqlite3_bind_text(st, 3, job, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        int k = sqlite3_column_int(st, 0), has_prev = sqlite3_column_type(st, 6) != SQLITE_NULL;
        const char *q = (const char *) sqlite3_column_text(st, 1);
        double o = sqlite3_column_double(st, 2), lo = col_end(st, 3, -INFINITY);
        double hi = col_end(st, 4, INFINITY), pr = sqlite3_column_double(st, 5);
        double po = sqlite3_column_double(st, 6), plo = col_end(st, 7, -INFINITY);
        double phi = col_end(st, 8, INFINITY);

        if (strcmp(q, "defect_max") != 0 && outside(lo, hi, pr, tol))
        {
            snprintf(msg, sizeof(msg), "k=%d %s: observed order %.4f [%.4f, %.4f] does not contain "
                     "the predicted %g (order-tol %g)", k, q, o, lo, hi, pr, tol);
            if (has_prev && outside(plo, phi, pr, tol))
                _nh_sweep_cat(&R->notes, &R->nlen, &R->ncap, "%s; known: so in run %ld\n", msg, prev);
            else
                reg(R, msg);
        }
        /* both ways, so that a wider interval cannot hide a shift */
        if (has_prev && (outside(plo, phi, o, tol) || outside(lo, hi, po, tol)))
        {
            snprintf(msg, sizeof(msg), "k=%d %s: observed order moved from %.4f [%.4f, %.4f] (run %ld) "
                     "to %.4f [%.4f, %.4f]: %s (order-tol %g)", k, q, po, plo, phi, prev, o, lo, hi,
                     outside(plo, phi, o, tol) ? "the new estimate is outside the old interval"
                                               : "the old estimate is outside the new interval", tol);
            reg(R, msg);
        }
        /* an interval that more than doubled (by more than order-tol) is a
           lost estimate even when both estimates lie in both intervals:
           issue 31's pendulum, 1.917 [1.588, 2.246] -> 1.711 [0.556, 2.866]
           after g was edited; converge is deterministic, so run-to-run
           noise does not widen an interval */
        else if (has_prev && isfinite(lo) && isfinite(hi) && isfinite(plo) && isfinite(phi)
                 && hi - lo > 2.0 * (phi - plo) && (hi - lo) - (phi - plo) > tol)
        {
            snprintf(msg, sizeof(msg), "k=%d %s: the interval of the observed order widened from "
                     "%.4f [%.4f, %.4f] (run %ld) to %.4f [%.4f, %.4f], %.1fx: the estimate lost "
                     "precision (order-tol %g)", k, q, po, plo, phi, prev, o, lo, hi,
                     (hi - lo) / (phi - plo), tol);
            reg(R, msg);
        }
    }
    sqlite3_finalize(st);
}

static void
check_verdicts(sqlite3 *db, const char *job, long run_id, long prev, jobrep_t *R)
{
    sqlite3_stmt *st;
    char msg[512];

    sqlite3_prepare_v2(db, "SELECT c.claim, c.verdict, p.verdict FROM verdicts c JOIN verdicts p ON "
                       "p.run_id = ? AND p.job_id = c.job_id AND p.claim = c.claim "
                       "WHERE c.run_id = ? AND c.job_id = ? AND c.verdict IS NOT p.verdict",
                       -1, &st, NULL);
    sqlite3_bind_int64(st, 1, prev);
    sqlite3_bind_int64(st, 2, run_id);
    sqlite3_bind_text(st, 3, job, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        snprintf(msg, sizeof(msg), "claim '%s': verdict changed from %s (run %ld) to %s",
                 sqlite3_column_text(st, 0), sqlite3_column_text(st, 2), prev, sqlite3_column_text(st, 1));
        reg(R, msg);
    }
    sqlite3_finalize(st);
}

static int
cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static void
check_time(sqlite3 *db, const char *job, long run_id, double cpu, const nh_sweep_t S, jobrep_t *R)
{
    sqlite3_stmt *st;
    double t[64], med;
    int n = 0;
    char msg[256];

    sqlite3_prepare_v2(db, "SELECT cpu FROM results WHERE job_id = ? AND run_id < ? AND status = 'ok' "
                       "AND cpu >= 0 ORDER BY run_id DESC LIMIT ?", -1, &st, NULL);
    sqlite3_bind_text(st, 1, job, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, run_id);
    sqlite3_bind_int(st, 3, S->time_history < 64 ? S->time_history : 64);
    while (sqlite3_step(st) == SQLITE_ROW)
        t[n++] = sqlite3_column_double(st, 0);
    sqlite3_finalize(st);
    if (n == 0 || cpu < 0)
        return;
    qsort(t, n, sizeof(double), cmp_d);
    med = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    if (cpu > S->time_factor * med && cpu > med + S->time_floor)
    {
        snprintf(msg, sizeof(msg), "cpu time %.2f s is more than %g x the median %.2f s of the last %d "
                 "good runs", cpu, S->time_factor, med, n);
        reg(R, msg);
    }
}

/* A changed case file or proof document (SHA-256) is named beside the
   regressions (a line of the report that is not one), else as a note. */
static void
note_case_change(sqlite3 *db, const nh_sweep_job_struct *J, long run_id, long prev, jobrep_t *R)
{
    sqlite3_stmt *st;

    sqlite3_prepare_v2(db, "SELECT p.case_sha256, c.case_sha256 FROM results c JOIN results p ON "
                       "p.run_id = ? AND p.job_id = c.job_id WHERE c.run_id = ? AND c.job_id = ? "
                       "AND c.case_sha256 IS NOT p.case_sha256", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, prev);
    sqlite3_bind_int64(st, 2, run_id);
    sqlite3_bind_text(st, 3, J->id, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
    {
        char msg[512];
        snprintf(msg, sizeof(msg), "file %s changed since run %ld: SHA-256 %.16s... -> %.16s...",
                 J->file, prev, sqlite3_column_text(st, 0), sqlite3_column_text(st, 1));
        if (R->nreg > 0)
            _nh_sweep_cat(&R->buf, &R->len, &R->cap, "%s\n", msg);
        else
            _nh_sweep_cat(&R->notes, &R->nlen, &R->ncap, "%s\n", msg);
    }
    sqlite3_finalize(st);
}

/* All checks of job J in run run_id. */
static void
check_job(sqlite3 *db, const nh_sweep_job_struct *J, long run_id, const nh_sweep_t S, jobrep_t *R)
{
    sqlite3_stmt *st;
    long prev = last_accepted(db, J->id, run_id);
    char msg[512];

    sqlite3_prepare_v2(db, "SELECT status, exit_code, signal, cpu FROM results WHERE run_id = ? AND job_id = ?",
                       -1, &st, NULL);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, J->id, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_ROW)
        reg(R, "no result recorded (the job did not run)");
    else
    {
        const char *status = (const char *) sqlite3_column_text(st, 0);
        double cpu = sqlite3_column_double(st, 3);
        if (strcmp(status, "ok") != 0)
        {
            snprintf(msg, sizeof(msg), "job %s: exit %d%s%s", status, sqlite3_column_int(st, 1),
                     sqlite3_column_int(st, 2) ? ", signal " : "",
                     sqlite3_column_int(st, 2) ? strsignal(sqlite3_column_int(st, 2)) : "");
            reg(R, msg);
        }
        check_orders(db, J->id, run_id, prev, S->order_tol, R);
        if (prev >= 0)
            check_verdicts(db, J->id, run_id, prev, R);
        if (strcmp(status, "ok") == 0)
            check_time(db, J->id, run_id, cpu, S, R);
        R->nreg += _nh_sweep_cmp_balls(db, J->id, run_id, prev, 20, &R->buf, &R->len, &R->cap);
    }
    sqlite3_finalize(st);
    if (prev >= 0)
        note_case_change(db, J, run_id, prev, R);
}

/* TAP lines of one job; its flags into the database. */
static void
emit_job(FILE *tap, sqlite3_stmt *ins, long run_id, long n, const nh_sweep_job_struct *J, jobrep_t *R)
{
    char *line, *save = NULL;

    if (tap)
        fprintf(tap, "%s %ld - %s %s %s\n", R->nreg ? "not ok" : "ok", n, J->id, J->kind, J->label);
    for (line = R->buf ? strtok_r(R->buf, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save))
    {
        if (tap)
            fprintf(tap, "#   REGRESSION: %s\n", line);
        sqlite3_reset(ins);
        sqlite3_bind_int64(ins, 1, run_id);
        sqlite3_bind_text(ins, 2, J->id, -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 3, line, -1, SQLITE_TRANSIENT);
        sqlite3_step(ins);
    }
    if (tap && R->notes)
        for (line = strtok_r(R->notes, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
            fprintf(tap, "#   note: %s\n", line);
}

int
nh_sweep_regressions(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, FILE *tap,
                     const char *junit_path, long *nregress, nh_error_t err)
{
    jobrep_t *R = flint_calloc(S->njobs, sizeof(jobrep_t));
    sqlite3_stmt *ins;
    char sql[96];
    char *x = flint_malloc(256);
    size_t xl = 0, xc = 256;
    long i, nreg = 0;
    int rc;

    for (i = 0; i < S->njobs; i++)
    {
        check_job(db->db, S->jobs + i, run_id, S, R + i);
        nreg += R[i].nreg > 0;
    }
    if ((rc = _nh_sweep_begin(db, err)))
        goto out;
    snprintf(sql, sizeof(sql), "DELETE FROM flags WHERE run_id = %ld", run_id);
    sqlite3_exec(db->db, sql, NULL, NULL, NULL);
    sqlite3_prepare_v2(db->db, "INSERT INTO flags VALUES (?, ?, ?)", -1, &ins, NULL);
    if (tap)
        fprintf(tap, "1..%ld\n", S->njobs);
    _nh_sweep_cat(&x, &xl, &xc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
                  "<testsuite name=\"nhoracle-sweep\" tests=\"%ld\" failures=\"%ld\">\n", S->njobs, nreg);
    for (i = 0; i < S->njobs; i++)
    {
        _nh_sweep_cat(&x, &xl, &xc, "<testcase classname=\"%s\" name=\"%s ", S->jobs[i].kind, S->jobs[i].id);
        _nh_sweep_esc(&x, &xl, &xc, S->jobs[i].label);
        _nh_sweep_cat(&x, &xl, &xc, "\">");
        if (R[i].nreg)
        {
            _nh_sweep_cat(&x, &xl, &xc, "<failure message=\"regression\">");
            _nh_sweep_esc(&x, &xl, &xc, R[i].buf);
            _nh_sweep_cat(&x, &xl, &xc, "</failure>");
        }
        _nh_sweep_cat(&x, &xl, &xc, "</testcase>\n");
        emit_job(tap, ins, run_id, i + 1, S->jobs + i, R + i);
    }
    _nh_sweep_cat(&x, &xl, &xc, "</testsuite>\n</testsuites>\n");
    sqlite3_finalize(ins);
    if ((rc = _nh_sweep_exec(db, "COMMIT", "cannot record the flags", err)))
        goto out;
    if (junit_path)
        rc = _nh_sweep_write_file(junit_path, x, xl, err);
    *nregress = nreg;
out:
    for (i = 0; i < S->njobs; i++)
    {
        flint_free(R[i].buf);
        flint_free(R[i].notes);
    }
    flint_free(R);
    flint_free(x);
    return rc;
}
