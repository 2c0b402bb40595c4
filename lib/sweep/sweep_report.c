/*
 * sweep_report.c -- the static HTML report of a run (doc/sweep.md,
 * "Report"): DIR/index.html with one row per job (regressions marked,
 * class "regression"), DIR/json/ID.json (the job's JSON), DIR/svg/ID.svg
 * (the log-log plot of `converge --plot`), DIR/svg/ID-trend.svg (CPU time
 * and observed orders over the runs; gnuplot with an argument vector).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <flint/flint.h>
#include "impl.h"

typedef struct
{
    char *b;
    size_t l, c;
}
sb_t;

static int
copy_file(const char *from, const char *to, nh_error_t err)
{
    size_t len;
    char *t = _nh_sweep_slurp(from, &len);
    int rc;

    if (t == NULL)
        return 1;
    rc = _nh_sweep_write_file(to, t, len, err);
    flint_free(t);
    return rc;
}

/* trend data of job J: "run cpu q_T(k=0) q_T(k=1) ..." per run */
static void
trend_data(sqlite3 *db, const nh_sweep_job_struct *J, const char *dir, sb_t *gp, int *kmax, nh_error_t err)
{
    sqlite3_stmt *st, *so;
    sb_t d = {flint_malloc(64), 0, 64};
    char path[4096];
    int k;

    *kmax = -1;
    sqlite3_prepare_v2(db, "SELECT run_id, cpu FROM results WHERE job_id = ? ORDER BY run_id", -1, &st, NULL);
    sqlite3_prepare_v2(db, "SELECT k, observed FROM orders WHERE run_id = ? AND job_id = ? AND "
                       "quantity = 'q_T' ORDER BY k", -1, &so, NULL);
    sqlite3_bind_text(st, 1, J->id, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        _nh_sweep_cat(&d.b, &d.l, &d.c, "%lld %.6g", (long long) sqlite3_column_int64(st, 0),
                      sqlite3_column_double(st, 1));
        sqlite3_reset(so);
        sqlite3_bind_int64(so, 1, sqlite3_column_int64(st, 0));
        sqlite3_bind_text(so, 2, J->id, -1, SQLITE_STATIC);
        for (k = 0; sqlite3_step(so) == SQLITE_ROW && k < 16; k++)
        {
            _nh_sweep_cat(&d.b, &d.l, &d.c, " %.9g", sqlite3_column_double(so, 1));
            *kmax = k > *kmax ? k : *kmax;
        }
        _nh_sweep_cat(&d.b, &d.l, &d.c, "\n");
    }
    sqlite3_finalize(st);
    sqlite3_finalize(so);
    snprintf(path, sizeof(path), "%s/svg/%s-trend.dat", dir, J->id);
    _nh_sweep_write_file(path, d.b, d.l, err);
    flint_free(d.b);
    _nh_sweep_cat(&gp->b, &gp->l, &gp->c,
                  "set output 'svg/%s-trend.svg'\nset title 'job %s'\nset xlabel 'run'\n"
                  "set ylabel 'cpu time (s)'\nset y2label 'observed order q(T) (estimate)'\n"
                  "set ytics nomirror\nset y2tics\nplot 'svg/%s-trend.dat' using 1:2 with linespoints "
                  "title 'cpu (s)'", J->id, J->id, J->id);
    for (k = 0; k <= *kmax; k++)
        _nh_sweep_cat(&gp->b, &gp->l, &gp->c, ", '' using 1:%d axes x1y2 with linespoints "
                      "title 'order q(T), k=%d'", k + 3, k);
    _nh_sweep_cat(&gp->b, &gp->l, &gp->c, "\n");
}

/* Run gnuplot on script (argument vector, in dir); 0 when it worked. */
static int
run_gnuplot(const char *dir, const char *script)
{
    pid_t pid = fork();
    int status;

    if (pid == 0)
    {
        char *av[] = {(char *) "gnuplot", (char *) script, NULL};
        int fd;
        if (chdir(dir) != 0)
            _exit(127);
        /* its warnings (empty ranges of a first run) go to a log */
        if ((fd = open("svg/gnuplot.log", O_WRONLY | O_CREAT | O_TRUNC, 0644)) >= 0)
            dup2(fd, 2);
        execvp(av[0], av);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return 1;
    return !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* Summary cell of a converge job: q(T) orders per k. */
static void
orders_cell(sqlite3 *db, long run_id, const char *job, sb_t *h)
{
    sqlite3_stmt *st;

    sqlite3_prepare_v2(db, "SELECT k, observed, ci_lo, ci_hi, predicted FROM orders WHERE run_id = ? "
                       "AND job_id = ? AND quantity = 'q_T' ORDER BY k", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, job, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
        _nh_sweep_cat(&h->b, &h->l, &h->c, "k=%d: %.3f [%.3f, %.3f] (pred. %g)<br>",
                      sqlite3_column_int(st, 0), sqlite3_column_double(st, 1),
                      sqlite3_column_double(st, 2), sqlite3_column_double(st, 3),
                      sqlite3_column_double(st, 4));
    sqlite3_finalize(st);
}

static void
job_row(sqlite3 *db, long run_id, const nh_sweep_job_struct *J, const char *dir,
        const char *outdir, int svg_ok, sb_t *h, nh_error_t err)
{
    sqlite3_stmt *st, *sf;
    char from[4096], to[4096];
    int nflag = 0;
    sb_t f = {flint_malloc(64), 0, 64};

    sqlite3_prepare_v2(db, "SELECT what FROM flags WHERE run_id = ? AND job_id = ?", -1, &sf, NULL);
    sqlite3_bind_int64(sf, 1, run_id);
    sqlite3_bind_text(sf, 2, J->id, -1, SQLITE_STATIC);
    f.b[0] = '\0';
    while (sqlite3_step(sf) == SQLITE_ROW)
    {
        nflag++;
        _nh_sweep_esc(&f.b, &f.l, &f.c, (const char *) sqlite3_column_text(sf, 0));
        _nh_sweep_cat(&f.b, &f.l, &f.c, "<br>");
    }
    sqlite3_finalize(sf);
    sqlite3_prepare_v2(db, "SELECT status, exit_code, wall, cpu FROM results WHERE run_id = ? AND job_id = ?",
                       -1, &st, NULL);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, J->id, -1, SQLITE_STATIC);
    _nh_sweep_cat(&h->b, &h->l, &h->c, "<tr class=\"job %s\" id=\"job-%s\"><td><code>%s</code></td><td>%s</td><td>",
                  nflag ? "regression" : "good", J->id, J->id, J->kind);
    _nh_sweep_esc(&h->b, &h->l, &h->c, J->label);
    if (sqlite3_step(st) == SQLITE_ROW)
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>%s (exit %d)</td><td>%.2f</td><td>%.2f</td><td>",
                      sqlite3_column_text(st, 0), sqlite3_column_int(st, 1),
                      sqlite3_column_double(st, 2), sqlite3_column_double(st, 3));
    else
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>not run</td><td></td><td></td><td>");
    sqlite3_finalize(st);
    orders_cell(db, run_id, J->id, h);
    _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>%s%s</td><td>", nflag ? "<strong>REGRESSION</strong><br>" : "",
                  f.b);
    snprintf(from, sizeof(from), "%s/%s.json", outdir, J->id);
    snprintf(to, sizeof(to), "%s/json/%s.json", dir, J->id);
    if (copy_file(from, to, err) == 0)
        _nh_sweep_cat(&h->b, &h->l, &h->c, "<a href=\"json/%s.json\">JSON</a> ", J->id);
    snprintf(from, sizeof(from), "%s/%s.svg", outdir, J->id);
    snprintf(to, sizeof(to), "%s/svg/%s.svg", dir, J->id);
    if (copy_file(from, to, err) == 0)
        _nh_sweep_cat(&h->b, &h->l, &h->c, "<a href=\"svg/%s.svg\">log-log</a> ", J->id);
    if (svg_ok)
        _nh_sweep_cat(&h->b, &h->l, &h->c, "<a href=\"svg/%s-trend.svg\"><img class=\"trend\" "
                      "src=\"svg/%s-trend.svg\" alt=\"trend\"></a>", J->id, J->id);
    _nh_sweep_cat(&h->b, &h->l, &h->c, "</td></tr>\n");
    flint_free(f.b);
}

int
nh_sweep_report(nh_sweep_db_ptr db, long run_id, const nh_sweep_t S, const char *dir,
                const char *outdir, nh_error_t err)
{
    sb_t h = {flint_malloc(1024), 0, 1024}, gp = {flint_malloc(1024), 0, 1024};
    char path[4096];
    long i;
    int kmax, svg_ok, rc;

    static const char *const subs[] = {"json", "svg", NULL};

    if ((rc = _nh_sweep_mkdirs(dir, subs, err)))
        goto out;
    _nh_sweep_cat(&gp.b, &gp.l, &gp.c, "set terminal svg size 480,240 font 'sans,9'\nset key bottom left\n");
    for (i = 0; i < S->njobs; i++)
        trend_data(db->db, S->jobs + i, dir, &gp, &kmax, err);
    snprintf(path, sizeof(path), "%s/svg/trend.gp", dir);
    if ((rc = _nh_sweep_write_file(path, gp.b, gp.l, err)))
        goto out;
    svg_ok = run_gnuplot(dir, "svg/trend.gp") == 0;
    if (!svg_ok)
        fprintf(stderr, "sweep: gnuplot failed or is not installed: no trend plots\n");
    _nh_sweep_cat(&h.b, &h.l, &h.c, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                  "<title>nhoracle sweep: run %ld</title><style>body{font-family:sans-serif}"
                  "table{border-collapse:collapse}td,th{border:1px solid #999;padding:3px;vertical-align:top}"
                  "tr.regression{background:#f88}tr.good{background:#dfd}img.trend{width:320px}"
                  "</style></head><body>\n<h1>nhoracle sweep: run %ld</h1>\n<p>Sweep <code>", run_id, run_id);
    _nh_sweep_esc(&h.b, &h.l, &h.c, S->path);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</code> (sha256 %.16s), %ld jobs.  Observed orders are "
                  "<em>estimates</em> (least-squares slopes with 95%% intervals, doc/convergence.md); "
                  "times in seconds.</p>\n<table id=\"jobs\"><tr><th>job</th><th>kind</th><th>case / "
                  "document</th><th>status</th><th>wall</th><th>cpu</th><th>observed order q(T)</th>"
                  "<th>regressions</th><th>links, trend</th></tr>\n", S->sha256, S->njobs);
    for (i = 0; i < S->njobs; i++)
        job_row(db->db, run_id, S->jobs + i, dir, outdir, svg_ok, &h, err);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</table>\n</body></html>\n");
    snprintf(path, sizeof(path), "%s/index.html", dir);
    rc = _nh_sweep_write_file(path, h.b, h.l, err);
out:
    flint_free(h.b);
    flint_free(gp.b);
    return rc;
}
