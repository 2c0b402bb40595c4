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
#include <time.h>
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

static int
cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/* median of the n values t (sorted in place) */
static double
median(double *t, int n)
{
    qsort(t, n, sizeof(double), cmp_dbl);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* The CPU axis of a trend plot: from 0 to at least the median plus
   time-floor (the time rule's own noise threshold), so that 1 ms of
   jitter is flat; the band median +- 1.4826 MAD (the spread of the
   history, a robust standard deviation) drawn behind. */
static void
cpu_axis(sqlite3 *db, const nh_sweep_job_struct *J, double floor_s, sb_t *gp)
{
    sqlite3_stmt *st;
    double t[256], dev[256], med = 0, mad = 0, top = 0;
    int n = 0, i;

    sqlite3_prepare_v2(db, "SELECT cpu FROM results WHERE job_id = ? AND cpu >= 0 ORDER BY run_id "
                       "DESC LIMIT 256", -1, &st, NULL);
    sqlite3_bind_text(st, 1, J->id, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        t[n] = sqlite3_column_double(st, 0);
        top = t[n] > top ? t[n] : top;
        n++;
    }
    sqlite3_finalize(st);
    if (n > 0)
    {
        med = median(t, n);
        for (i = 0; i < n; i++)
            dev[i] = t[i] > med ? t[i] - med : med - t[i];
        mad = 1.4826 * median(dev, n);
    }
    top = top > med + floor_s ? top : med + floor_s;
    _nh_sweep_cat(&gp->b, &gp->l, &gp->c, "unset object\nset yrange [0:%.6g]\n"
                  "set object 1 rect from graph 0, first %.6g to graph 1, first %.6g behind "
                  "fc rgb '#ccccff' fs solid 0.5 noborder\n", 1.1 * top,
                  med - mad > 0 ? med - mad : 0, med + mad);
    _nh_sweep_cat(&gp->b, &gp->l, &gp->c, "set arrow 1 from graph 0, first %.6g to graph 1, first %.6g "
                  "nohead lc rgb '#4444aa' dt 2\n", med, med);
}

/* trend data of job J: "run cpu q_T(k=0) lo hi q_T(k=1) lo hi ..." per run */
static void
trend_data(sqlite3 *db, const nh_sweep_job_struct *J, const char *dir, double floor_s, sb_t *gp,
           int *kmax, nh_error_t err)
{
    sqlite3_stmt *st, *so;
    sb_t d = {flint_malloc(64), 0, 64};
    char path[4096];
    int k;

    *kmax = -1;
    sqlite3_prepare_v2(db, "SELECT run_id, cpu FROM results WHERE job_id = ? ORDER BY run_id", -1, &st, NULL);
    sqlite3_prepare_v2(db, "SELECT k, observed, ci_lo, ci_hi FROM orders WHERE run_id = ? AND "
                       "job_id = ? AND quantity = 'q_T' ORDER BY k", -1, &so, NULL);
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
            /* the estimate and its interval (an end without one, a fit
               through two points: the estimate itself) */
            double o = sqlite3_column_double(so, 1);
            _nh_sweep_cat(&d.b, &d.l, &d.c, " %.9g %.9g %.9g", o,
                          sqlite3_column_type(so, 2) == SQLITE_NULL ? o : sqlite3_column_double(so, 2),
                          sqlite3_column_type(so, 3) == SQLITE_NULL ? o : sqlite3_column_double(so, 3));
            *kmax = k > *kmax ? k : *kmax;
        }
        _nh_sweep_cat(&d.b, &d.l, &d.c, "\n");
    }
    sqlite3_finalize(st);
    sqlite3_finalize(so);
    snprintf(path, sizeof(path), "%s/svg/%s-trend.dat", dir, J->id);
    _nh_sweep_write_file(path, d.b, d.l, err);
    flint_free(d.b);
    cpu_axis(db, J, floor_s, gp);
    _nh_sweep_cat(&gp->b, &gp->l, &gp->c,
                  "set output 'svg/%s-trend.svg'\nset title 'job %s (band: median +- spread of the cpu time)'\nset xlabel 'run'\n"
                  "set ylabel 'cpu time (s)'\nset y2label 'observed order q(T) (estimate)'\n"
                  "set ytics nomirror\nset y2tics\nplot 'svg/%s-trend.dat' using 1:2 with linespoints "
                  "title 'cpu (s)'", J->id, J->id, J->id);
    for (k = 0; k <= *kmax; k++)
        _nh_sweep_cat(&gp->b, &gp->l, &gp->c, ", '' using 1:%d:%d:%d axes x1y2 with yerrorlines "
                      "title 'order q(T), k=%d, with its interval'", 3 * k + 3, 3 * k + 4, 3 * k + 5, k);
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

/* "YYYY-MM-DD HH:MM UTC" of a time in seconds since the epoch */
static void
utc(char *buf, size_t n, double t)
{
    time_t s = (time_t) t;
    struct tm tm;

    if (t <= 0 || gmtime_r(&s, &tm) == NULL)
        snprintf(buf, n, "?");
    else
        strftime(buf, n, "%Y-%m-%d %H:%M UTC", &tm);
}

/* the options of job J (its words after the file), escaped */
static void
options_text(const nh_sweep_job_struct *J, sb_t *h)
{
    int a;

    for (a = 2; a < J->argc; a++)
    {
        _nh_sweep_esc(&h->b, &h->l, &h->c, J->argv[a]);
        _nh_sweep_cat(&h->b, &h->l, &h->c, a + 1 < J->argc ? " " : "");
    }
}

/* The error text of a job that did not end ok: the tail of its standard
   error as recorded (at most 800 bytes, escaped). */
static void
error_text(sqlite3 *db, long run_id, const char *job, sb_t *h)
{
    sqlite3_stmt *st;

    sqlite3_prepare_v2(db, "SELECT log FROM results WHERE run_id = ? AND job_id = ? AND status != 'ok' "
                       "AND log IS NOT NULL", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, job, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
    {
        const char *log = (const char *) sqlite3_column_text(st, 0);
        size_t n = strlen(log);
        _nh_sweep_cat(&h->b, &h->l, &h->c, "<pre class=\"log\">");
        _nh_sweep_esc(&h->b, &h->l, &h->c, log + (n > 800 ? n - 800 : 0));
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</pre>");
    }
    sqlite3_finalize(st);
}

/* DIR/jobs/ID.html: the job's label and its history, one row per run. */
static int
job_page(sqlite3 *db, const nh_sweep_job_struct *J, const char *dir, nh_error_t err)
{
    sqlite3_stmt *st;
    sb_t h = {flint_malloc(1024), 0, 1024};
    char path[4096], when[64];
    int rc;

    _nh_sweep_cat(&h.b, &h.l, &h.c, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>job %s"
                  "</title><style>body{font-family:sans-serif}table{border-collapse:collapse}"
                  "td,th{border:1px solid #999;padding:3px;vertical-align:top}tr.flagged{background:#f88}"
                  "</style></head><body>\n<h1>job <code>%s</code>: %s ", J->id, J->id, J->kind);
    _nh_sweep_esc(&h.b, &h.l, &h.c, J->label);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</h1>\n<p>options: <code>");
    options_text(J, &h);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</code></p>\n<table id=\"history\"><tr><th>run</th><th>git revision</th>"
                  "<th>date</th><th>status</th><th>cpu (s)</th><th>case SHA-256</th><th>flags</th>"
                  "<th>accepted</th></tr>\n");
    sqlite3_prepare_v2(db, "SELECT r.run_id, u.git_rev, u.started, r.status, r.exit_code, r.cpu, "
                       "r.case_sha256, (SELECT group_concat(what, char(10)) FROM flags f WHERE "
                       "f.run_id = r.run_id AND f.job_id = r.job_id), (SELECT group_concat(who || ': ' "
                       "|| why, char(10)) FROM accepts a WHERE a.run_id = r.run_id AND a.job_id = "
                       "r.job_id) FROM results r LEFT JOIN runs u ON u.run_id = r.run_id WHERE "
                       "r.job_id = ? ORDER BY r.run_id DESC", -1, &st, NULL);
    sqlite3_bind_text(st, 1, J->id, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        const char *fl = (const char *) sqlite3_column_text(st, 7);
        const char *ac = (const char *) sqlite3_column_text(st, 8);
        utc(when, sizeof(when), sqlite3_column_double(st, 2));
        _nh_sweep_cat(&h.b, &h.l, &h.c, "<tr class=\"run%s\"><td>%lld</td><td><code>", fl ? " flagged" : "",
                      (long long) sqlite3_column_int64(st, 0));
        _nh_sweep_esc(&h.b, &h.l, &h.c, (const char *) sqlite3_column_text(st, 1));
        _nh_sweep_cat(&h.b, &h.l, &h.c, "</code></td><td>%s</td><td>%s (exit %d)</td><td>%.3f</td>"
                      "<td><code>%.16s</code></td><td>", when, sqlite3_column_text(st, 3),
                      sqlite3_column_int(st, 4), sqlite3_column_double(st, 5), sqlite3_column_text(st, 6));
        _nh_sweep_esc(&h.b, &h.l, &h.c, fl ? fl : "");
        _nh_sweep_cat(&h.b, &h.l, &h.c, "</td><td>");
        _nh_sweep_esc(&h.b, &h.l, &h.c, ac ? ac : "");
        _nh_sweep_cat(&h.b, &h.l, &h.c, "</td></tr>\n");
    }
    sqlite3_finalize(st);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</table>\n<p><a href=\"../index.html\">back to the run</a></p>\n"
                  "</body></html>\n");
    snprintf(path, sizeof(path), "%s/jobs/%s.html", dir, J->id);
    rc = _nh_sweep_write_file(path, h.b, h.l, err);
    flint_free(h.b);
    return rc;
}

/* The accepted changes of the history (newest first). */
static void
accepted_section(sqlite3 *db, sb_t *h)
{
    sqlite3_stmt *st;
    char when[64];

    _nh_sweep_cat(&h->b, &h->l, &h->c, "<h2>Accepted changes</h2>\n<table id=\"accepted\"><tr><th>when</th>"
                  "<th>who</th><th>run</th><th>job</th><th>why</th></tr>\n");
    sqlite3_prepare_v2(db, "SELECT a.at, a.who, a.run_id, a.job_id, r.label, a.why FROM accepts a LEFT "
                       "JOIN results r ON r.run_id = a.run_id AND r.job_id = a.job_id ORDER BY a.at DESC, "
                       "a.rowid DESC LIMIT 200", -1, &st, NULL);
    while (sqlite3_step(st) == SQLITE_ROW)
    {
        utc(when, sizeof(when), sqlite3_column_double(st, 0));
        _nh_sweep_cat(&h->b, &h->l, &h->c, "<tr class=\"accepted\"><td>%s</td><td>", when);
        _nh_sweep_esc(&h->b, &h->l, &h->c, (const char *) sqlite3_column_text(st, 1));
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>%lld</td><td><code>%s</code> ",
                      (long long) sqlite3_column_int64(st, 2), sqlite3_column_text(st, 3));
        _nh_sweep_esc(&h->b, &h->l, &h->c, sqlite3_column_text(st, 4) ? (const char *) sqlite3_column_text(st, 4) : "");
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>");
        _nh_sweep_esc(&h->b, &h->l, &h->c, (const char *) sqlite3_column_text(st, 5));
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td></tr>\n");
    }
    sqlite3_finalize(st);
    _nh_sweep_cat(&h->b, &h->l, &h->c, "</table>\n");
}

/* "git revision REV, started DATE" of run run_id */
static void
run_header(sqlite3 *db, long run_id, sb_t *h)
{
    sqlite3_stmt *st;
    char when[64];

    sqlite3_prepare_v2(db, "SELECT git_rev, started FROM runs WHERE run_id = ?", -1, &st, NULL);
    sqlite3_bind_int64(st, 1, run_id);
    if (sqlite3_step(st) == SQLITE_ROW)
    {
        utc(when, sizeof(when), sqlite3_column_double(st, 1));
        _nh_sweep_cat(&h->b, &h->l, &h->c, "<p id=\"run\">git revision <code>");
        _nh_sweep_esc(&h->b, &h->l, &h->c, (const char *) sqlite3_column_text(st, 0));
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</code>, started %s.</p>\n", when);
    }
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
    _nh_sweep_cat(&h->b, &h->l, &h->c, "<br><code class=\"options\">");
    options_text(J, h);
    _nh_sweep_cat(&h->b, &h->l, &h->c, "</code><br><a href=\"jobs/%s.html\">history</a>", J->id);
    if (sqlite3_step(st) == SQLITE_ROW)
    {
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>%s (exit %d)", sqlite3_column_text(st, 0),
                      sqlite3_column_int(st, 1));
        error_text(db, run_id, J->id, h);
        _nh_sweep_cat(&h->b, &h->l, &h->c, "</td><td>%.2f</td><td>%.2f</td><td>",
                      sqlite3_column_double(st, 2), sqlite3_column_double(st, 3));
    }
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

    static const char *const subs[] = {"json", "svg", "jobs", NULL};

    if ((rc = _nh_sweep_mkdirs(dir, subs, err)))
        goto out;
    _nh_sweep_cat(&gp.b, &gp.l, &gp.c, "set terminal svg size 480,240 font 'sans,9'\nset key bottom left\n");
    for (i = 0; i < S->njobs; i++)
        trend_data(db->db, S->jobs + i, dir, S->time_floor, &gp, &kmax, err);
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
                  "pre.log{max-width:40em;white-space:pre-wrap;font-size:80%%}"
                  "</style></head><body>\n<h1>nhoracle sweep: run %ld</h1>\n<p>Sweep <code>", run_id, run_id);
    _nh_sweep_esc(&h.b, &h.l, &h.c, S->path);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</code> (sha256 %.16s), %ld jobs.</p>\n", S->sha256, S->njobs);
    run_header(db->db, run_id, &h);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "<p>Observed orders are "
                  "<em>estimates</em> (least-squares slopes with 95%% intervals, doc/convergence.md); "
                  "times in seconds.</p>\n<table id=\"jobs\"><tr><th>job</th><th>kind</th><th>case / "
                  "document</th><th>status</th><th>wall</th><th>cpu</th><th>observed order q(T)</th>"
                  "<th>regressions</th><th>links, trend</th></tr>\n");
    for (i = 0; i < S->njobs && rc == NH_OK; i++)
    {
        job_row(db->db, run_id, S->jobs + i, dir, outdir, svg_ok, &h, err);
        rc = job_page(db->db, S->jobs + i, dir, err);
    }
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</table>\n");
    accepted_section(db->db, &h);
    _nh_sweep_cat(&h.b, &h.l, &h.c, "</body></html>\n");
    if (rc)
        goto out;
    snprintf(path, sizeof(path), "%s/index.html", dir);
    rc = _nh_sweep_write_file(path, h.b, h.l, err);
out:
    flint_free(h.b);
    flint_free(gp.b);
    return rc;
}
