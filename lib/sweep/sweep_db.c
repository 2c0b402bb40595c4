/*
 * sweep_db.c -- the SQLite history of `nhoracle sweep` (doc/sweep.md,
 * "Database"): WAL journal, one IMMEDIATE transaction per recorded job,
 * so a crash or a kill never loses a committed result and two sweeps on
 * one database serialise their writes.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <flint/flint.h>
#include "impl.h"

static const char *const SCHEMA =
    "CREATE TABLE IF NOT EXISTS runs(run_id INTEGER PRIMARY KEY, sweep_sha256 TEXT, "
    "sweep_path TEXT, git_rev TEXT, started REAL, finished REAL, owner_pid INTEGER, "
    "owner_host TEXT);"
    "CREATE TABLE IF NOT EXISTS results(run_id INTEGER, job_id TEXT, kind TEXT, label TEXT, "
    "file TEXT, case_sha256 TEXT, status TEXT, exit_code INTEGER, signal INTEGER, "
    "wall REAL, cpu REAL, json TEXT, log TEXT, recorded REAL, PRIMARY KEY(run_id, job_id));"
    "CREATE TABLE IF NOT EXISTS orders(run_id INTEGER, job_id TEXT, k INTEGER, quantity TEXT, "
    "observed REAL, ci_lo REAL, ci_hi REAL, predicted REAL);"
    "CREATE INDEX IF NOT EXISTS orders_job ON orders(job_id, run_id);"
    "CREATE TABLE IF NOT EXISTS verdicts(run_id INTEGER, job_id TEXT, claim TEXT, "
    "verdict TEXT, recorded TEXT);"
    "CREATE INDEX IF NOT EXISTS verdicts_job ON verdicts(job_id, run_id);"
    "CREATE TABLE IF NOT EXISTS flags(run_id INTEGER, job_id TEXT, what TEXT);"
    /* schema 2 (issue 31): added to older histories when they are opened */
    "CREATE TABLE IF NOT EXISTS balls(run_id INTEGER, job_id TEXT, quantity TEXT, comp INTEGER, "
    "ball TEXT);"
    "CREATE INDEX IF NOT EXISTS balls_job ON balls(job_id, run_id);"
    "CREATE TABLE IF NOT EXISTS accepts(run_id INTEGER, job_id TEXT, who TEXT, why TEXT, at REAL);"
    "PRAGMA user_version = 2;";

int
_nh_sweep_dberr(nh_sweep_db_ptr db, const char *what, nh_error_t err)
{
    return nh_error_set(err, NH_ERR_IO, "%s: %s: %s", db->path, what, sqlite3_errmsg(db->db));
}

int
_nh_sweep_exec(nh_sweep_db_ptr db, const char *sql, const char *what, nh_error_t err)
{
    if (sqlite3_exec(db->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return _nh_sweep_dberr(db, what, err);
    return NH_OK;
}

int
_nh_sweep_begin(nh_sweep_db_ptr db, nh_error_t err)
{
    return _nh_sweep_exec(db, "BEGIN IMMEDIATE", "cannot start a transaction", err);
}

/* PRAGMA quick_check before anything is written (no WAL switch, no
   schema): a damaged database is refused and left as it is. */
static int
quick_check(nh_sweep_db_ptr db, nh_error_t err)
{
    sqlite3_stmt *st = NULL;
    const char *row;
    int rc, ok = 1;
    char first[400] = "";

    if (sqlite3_prepare_v2(db->db, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK)
        return _nh_sweep_dberr(db, "PRAGMA quick_check failed (damaged, or not an SQLite database); "
                               "left untouched", err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
    {
        row = (const char *) sqlite3_column_text(st, 0);
        if (row == NULL || strcmp(row, "ok") != 0)
        {
            if (ok)
                snprintf(first, sizeof(first), "%s", row ? row : "(null)");
            ok = 0;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return _nh_sweep_dberr(db, "PRAGMA quick_check failed (damaged, or not an SQLite database); "
                               "left untouched", err);
    if (!ok)
        return nh_error_set(err, NH_ERR_IO, "%s: the database fails PRAGMA quick_check (%s); "
                            "refused, left untouched (restore it from a copy, or start a new "
                            "history)", db->path, first);
    return NH_OK;
}

/* PRAGMA journal_mode=WAL, retried while SQLITE_BUSY for up to the busy
   timeout (120 s).  SQLite does not call the busy handler for a journal
   mode change that meets another connection's lock (it would risk a
   deadlock), so two sweeps opening one new database at the same time
   saw "database is locked" at once (e2e-sweep, "two concurrent sweeps") */
static int
enable_wal(nh_sweep_db_ptr db, nh_error_t err)
{
    int rc, tries;

    for (tries = 0; ; tries++)
    {
        rc = sqlite3_exec(db->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            return NH_OK;
        if (((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) || tries >= 6000)
            return _nh_sweep_dberr(db, "cannot enable WAL", err);
        usleep(20000);   /* 6000 x 20 ms = the 120 s busy timeout */
    }
}

int
nh_sweep_db_open(nh_sweep_db_ptr *res, const char *path, nh_error_t err)
{
    nh_sweep_db_ptr db = flint_calloc(1, sizeof(*db));

    *res = NULL;
    db->path = flint_malloc(strlen(path) + 1);
    strcpy(db->path, path);
    if (sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
    {
        _nh_sweep_dberr(db, "cannot open the database", err);
        nh_sweep_db_close(db);
        return err->code;
    }
    sqlite3_busy_timeout(db->db, 120000);
    if (quick_check(db, err))
    {
        nh_sweep_db_close(db);
        return err->code;
    }
    if (enable_wal(db, err) ||
        _nh_sweep_exec(db, "PRAGMA synchronous=NORMAL", "pragma", err) ||
        _nh_sweep_begin(db, err) ||
        _nh_sweep_exec(db, SCHEMA, "cannot create the schema (not a sweep database?)", err) ||
        _nh_sweep_exec(db, "COMMIT", "cannot create the schema", err))
    {
        nh_sweep_db_close(db);
        return err->code;
    }
    *res = db;
    return NH_OK;
}

void
nh_sweep_db_close(nh_sweep_db_ptr db)
{
    if (db == NULL)
        return;
    sqlite3_close(db->db);
    flint_free(db->path);
    flint_free(db);
}

/* Is the owner (pid, host) of an unfinished run still alive? */
static int
owner_alive(long pid, const char *host)
{
    char me[256] = "";

    gethostname(me, sizeof(me) - 1);
    if (host == NULL || strcmp(host, me) != 0)
        return 1;   /* another machine: cannot tell, assume alive */
    if (pid == (long) getpid())
        return 0;
    return kill((pid_t) pid, 0) == 0 || errno == EPERM;
}

int
nh_sweep_run_begin(nh_sweep_db_ptr db, const nh_sweep_t S, const char *git_rev, int fresh,
                   long *run_id, nh_error_t err)
{
    sqlite3_stmt *st = NULL;
    char host[256] = "";
    long found = -1;

    gethostname(host, sizeof(host) - 1);
    if (_nh_sweep_begin(db, err))
        return err->code;
    if (!fresh)
    {
        sqlite3_prepare_v2(db->db, "SELECT run_id, owner_pid, owner_host FROM runs WHERE "
                           "sweep_sha256 = ? AND git_rev = ? AND finished IS NULL "
                           "ORDER BY run_id DESC", -1, &st, NULL);
        sqlite3_bind_text(st, 1, S->sha256, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, git_rev, -1, SQLITE_STATIC);
        while (found < 0 && sqlite3_step(st) == SQLITE_ROW)
            if (!owner_alive(sqlite3_column_int64(st, 1), (const char *) sqlite3_column_text(st, 2)))
                found = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    if (found >= 0)
        sqlite3_prepare_v2(db->db, "UPDATE runs SET owner_pid = ?, owner_host = ? WHERE run_id = ?",
                           -1, &st, NULL);
    else
        sqlite3_prepare_v2(db->db, "INSERT INTO runs(owner_pid, owner_host, sweep_sha256, sweep_path, "
                           "git_rev, started) VALUES (?, ?, ?, ?, ?, ?)", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, (long) getpid());
    sqlite3_bind_text(st, 2, host, -1, SQLITE_STATIC);
    if (found >= 0)
        sqlite3_bind_int64(st, 3, found);
    else
    {
        sqlite3_bind_text(st, 3, S->sha256, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, S->path, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, git_rev, -1, SQLITE_STATIC);
        sqlite3_bind_double(st, 6, _nh_sweep_clock(0));
    }
    if (sqlite3_step(st) != SQLITE_DONE)
    {
        sqlite3_finalize(st);
        _nh_sweep_dberr(db, "cannot record the run", err);
        sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
        return err->code;
    }
    sqlite3_finalize(st);
    *run_id = found >= 0 ? found : (long) sqlite3_last_insert_rowid(db->db);
    return _nh_sweep_exec(db, "COMMIT", "cannot record the run", err);
}

int
nh_sweep_run_end(nh_sweep_db_ptr db, long run_id, nh_error_t err)
{
    char sql[128];

    snprintf(sql, sizeof(sql), "UPDATE runs SET finished = %.6f WHERE run_id = %ld", _nh_sweep_clock(0), run_id);
    return _nh_sweep_exec(db, sql, "cannot finish the run", err);
}

int
nh_sweep_db_done(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, char *done, nh_error_t err)
{
    sqlite3_stmt *st;
    long i;

    if (sqlite3_prepare_v2(db->db, "SELECT 1 FROM results WHERE run_id = ? AND job_id = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return _nh_sweep_dberr(db, "cannot query the results", err);
    for (i = 0; i < S->njobs; i++)
    {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_text(st, 2, S->jobs[i].id, -1, SQLITE_STATIC);
        done[i] = sqlite3_step(st) == SQLITE_ROW;
    }
    sqlite3_finalize(st);
    return NH_OK;
}
