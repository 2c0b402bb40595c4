/*
 * t-sweep.c -- unit tests of lib/sweep (doc/sweep.md) without running
 * any job: the expansion of a sweep file (nh_sweep_read: cross product,
 * override order, stable and distinct ids, errors at FILE:LINE:COL, paths
 * kept inside the tree), and the history (nh_sweep_db_open,
 * nh_sweep_run_begin / run_end, nh_sweep_db_record, nh_sweep_db_done,
 * nh_sweep_regressions) fed with outcomes written by hand, so that every
 * expected regression is known in advance from the rules of doc/sweep.md
 * "Regressions".  The end-to-end behaviour (engines, resume after
 * SIGKILL, concurrency, report) is tests/e2e-sweep.sh.
 */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include <ftw.h>
#include <sys/stat.h>
#include "sweep.h"
#include "tap.h"

static char top[256];

static int
rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void) sb; (void) flag; (void) ftw;
    return remove(p);
}

static void
put(const char *rel, const char *text)
{
    char p[512];
    FILE *f;
    snprintf(p, sizeof(p), "%s/%s", top, rel);
    f = fopen(p, "w");
    if (f == NULL)
        abort();
    fputs(text, f);
    fclose(f);
}

static int
read_sweep(nh_sweep_t S, const char *text, nh_error_t err)
{
    char p[512];
    put("sweeps/t.sweep", text);
    snprintf(p, sizeof(p), "%s/sweeps/t.sweep", top);
    return nh_sweep_read(S, p, top, err);
}

static int
is_hex16(const char *id)
{
    int i;
    for (i = 0; i < NH_SWEEP_ID_LEN; i++)
        if (!strchr("0123456789abcdef", id[i]))
            return 0;
    return id[NH_SWEEP_ID_LEN] == '\0';
}

/* index of word w in job's argv after position from, or -1 */
static int
argpos(const nh_sweep_job_struct *J, const char *w, int from)
{
    int i;
    for (i = from; i < J->argc; i++)
        if (!strcmp(J->argv[i], w))
            return i;
    return -1;
}

static void
test_read(void)
{
    nh_sweep_t S, S2;
    nh_error_t err;
    int rc, i, j, distinct = 1, p1, p2;
    const char *text = "# test sweep\nprec 128 256\nT 1 2\nkmax 1\n"
                       "case cases/a.nh --q x=1 --prec 512\nseries cases/a.nh --order 2\n";

    nh_error_init(err);
    rc = read_sweep(S, text, err);
    tap_ok(rc == NH_OK, "read: a valid sweep file is accepted (%s)", rc ? err->msg : "ok");
    if (rc != NH_OK)
        return;
    /* 2 prec x 2 T converge jobs from the case line, one series job */
    tap_ok(S->njobs == 5, "read: cross product prec x T = 4 converge jobs + 1 series job (got %ld)",
           S->njobs);
    for (i = 0; i < S->njobs; i++)
        for (j = i + 1; j < S->njobs; j++)
            distinct &= strcmp(S->jobs[i].id, S->jobs[j].id) != 0;
    tap_ok(distinct, "read: job ids are distinct");
    for (i = 0, j = 1; i < S->njobs; i++)
        j &= is_hex16(S->jobs[i].id);
    tap_ok(j, "read: job ids are 16 lowercase hex digits");
    /* the line's --prec 512 comes after the file's --prec (it overrides) */
    p1 = argpos(&S->jobs[0], "--prec", 0);
    p2 = (p1 >= 0) ? argpos(&S->jobs[0], "--prec", p1 + 1) : -1;
    tap_ok(!strcmp(S->jobs[0].kind, "converge") && p1 >= 0 && p2 > p1
           && !strcmp(S->jobs[0].argv[p2 + 1], "512"),
           "read: a case line's options come after the file's settings");
    /* the same text read again gives the same ids (stable) */
    rc = read_sweep(S2, text, err);
    for (i = 0, j = (rc == NH_OK && S2->njobs == S->njobs); j && i < S->njobs; i++)
        j &= !strcmp(S->jobs[i].id, S2->jobs[i].id);
    tap_ok(j, "read: ids are stable across reads");
    if (rc == NH_OK)
        nh_sweep_clear(S2);
    /* one option changed: that job's id changes, the others do not */
    rc = read_sweep(S2, "# test sweep\nprec 128 256\nT 1 2\nkmax 1\n"
                    "case cases/a.nh --q x=1 --prec 512\nseries cases/a.nh --order 3\n", err);
    tap_ok(rc == NH_OK && S2->njobs == 5 && strcmp(S->jobs[4].id, S2->jobs[4].id) != 0
           && !strcmp(S->jobs[0].id, S2->jobs[0].id),
           "read: changing an option of one job changes its id only");
    if (rc == NH_OK)
        nh_sweep_clear(S2);
    nh_sweep_clear(S);
}

/* A bad file: the error is a parse or I/O error whose message names the
   sweep file, line and column ("t.sweep:LINE:COL:"). */
static void
bad(const char *text, const char *where, const char *what)
{
    nh_sweep_t S;
    nh_error_t err;
    int rc;

    nh_error_init(err);
    rc = read_sweep(S, text, err);
    tap_ok(rc != NH_OK && strstr(err->msg, where) != NULL,
           "bad sweep file (%s): rejected at %s (%s)", what, where, rc ? err->msg : "accepted");
    if (rc == NH_OK)
        nh_sweep_clear(S);
}

static void
test_bad(void)
{
    bad("prec 128\nfrobnicate 3\n", "t.sweep:2:1:", "unknown directive");
    bad("case ../outside.nh --q x=1\n", "t.sweep:1:6:", "path leaving the tree");
    bad("\ncase /etc/passwd\n", "t.sweep:2:6:", "absolute path");
    bad("series cases/missing.nh\n", "t.sweep:1:8:", "missing file");
}

/* Issue 31: every path of a line, option values included, stays inside
   the tree after ".." and symbolic links; the column is the value's. */
static void
test_hostile_paths(void)
{
    char link[512];
    nh_sweep_t S;
    nh_error_t err;
    int rc;

    snprintf(link, sizeof(link), "%s/cases/link.nh", top);
    if (symlink("/etc/hostname", link) != 0)
        abort();
    snprintf(link, sizeof(link), "%s/cases/ld", top);
    if (symlink("/tmp", link) != 0)
        abort();
    bad("emit cases/a.nh -o /tmp/x\n", "t.sweep:1:20:", "-o with an absolute path");
    bad("emit cases/a.nh -o../out.json\n", "t.sweep:1:19:", "-oVALUE leaving the tree");
    bad("series cases/a.nh --points-file /etc/hostname\n", "t.sweep:1:33:", "--points-file absolute");
    bad("series cases/a.nh --points-f=/etc/hostname\n", "t.sweep:1:30:",
        "an abbreviated --points-file=VALUE (getopt_long accepts it)");
    bad("series cases/link.nh\n", "t.sweep:1:8:", "a symbolic link in the tree to a file outside");
    bad("nh cases/a.nh --ghat cases/ld/x.nh\n", "t.sweep:1:22:",
        "--ghat below a symbolic link to a directory outside");
    bad("prove proofs/p.md --report ../r\n", "t.sweep:1:28:", "--report leaving the tree");
    nh_error_init(err);
    rc = read_sweep(S, "emit cases/a.nh --points 4 -o out/x.json\nnh cases/../cases/a.nh --ghat=cases/a.nh\n",
                    err);
    tap_ok(rc == NH_OK && S->njobs == 2, "hostile: paths inside the tree are accepted, --points is "
           "not a path, '..' staying inside is fine (%s)", rc ? err->msg : "ok");
    if (rc == NH_OK)
        nh_sweep_clear(S);
    /* the subcommands whose balls are compared are job directives */
    rc = read_sweep(S, "geometry cases/a.nh --q x=1\nflow cases/a.nh\nslowmanifold cases/a.nh\n"
                    "converge cases/a.nh --certified\n", err);
    tap_ok(rc == NH_OK && S->njobs == 4 && !strcmp(S->jobs[0].kind, "geometry")
           && !strcmp(S->jobs[1].kind, "flow") && !strcmp(S->jobs[2].kind, "slowmanifold")
           && !strcmp(S->jobs[3].kind, "converge") && !strcmp(S->jobs[3].argv[2], "--certified"),
           "read: geometry, flow, slowmanifold and converge lines are one job each (%s)",
           rc ? err->msg : "ok");
    if (rc == NH_OK)
        nh_sweep_clear(S);
}

/* a converge JSON with one order (k = 0, q_T) */
static void
conv_json(char *buf, size_t len, double obs, double lo, double hi)
{
    snprintf(buf, len, "{\"orders\": [{\"k\": 0, \"q_T\": {\"observed\": %g, \"ci_lo\": %g, "
             "\"ci_hi\": %g, \"predicted\": 1}}]}", obs, lo, hi);
}

static int
record(nh_sweep_db_ptr db, long run, const nh_sweep_job_struct *J, int code, int sig,
       double cpu, const char *json)
{
    nh_sweep_outcome_struct o;
    nh_error_t err;
    nh_error_init(err);
    o.exit_code = code;
    o.signal = sig;
    o.wall = cpu;
    o.cpu = cpu;
    o.json = json;
    o.log = NULL;
    return nh_sweep_db_record(db, run, J, &o, err);
}

/* regressions of run, with the TAP text in tap (caller frees) */
static long
regressions(nh_sweep_db_ptr db, long run, const nh_sweep_t S, char **tap)
{
    FILE *f;
    size_t len;
    long nreg = -1;
    nh_error_t err;

    nh_error_init(err);
    f = open_memstream(tap, &len);
    if (nh_sweep_regressions(db, run, S, f, NULL, &nreg, err) != NH_OK)
        nreg = -1;
    fclose(f);
    return nreg;
}

static int
count(const char *s, const char *w)
{
    int c = 0;
    for (; (s = strstr(s, w)) != NULL; s += strlen(w))
        c++;
    return c;
}

/* Resuming: a child process begins a run and stays alive; a run_begin
   without fresh must not take that run over; once the child is killed,
   it must resume it (doc/sweep.md "Resumable"). */
static void
test_owner(nh_sweep_db_ptr db, const nh_sweep_t S, const char *path)
{
    int fd[2], st;
    long child_run = -1, mine = -1, again = -1;
    pid_t pid;
    nh_error_t err;

    nh_error_init(err);
    if (pipe(fd) != 0 || (pid = fork()) < 0)
        tap_bail("pipe/fork");
    if (pid == 0)
    {
        nh_sweep_db_ptr cdb;
        long r = -1;
        close(fd[0]);
        if (nh_sweep_db_open(&cdb, path, err) == NH_OK)
            nh_sweep_run_begin(cdb, S, "rev-owner", 1, &r, err);
        if (write(fd[1], &r, sizeof(r)) != sizeof(r))
            _exit(1);
        pause();
        _exit(0);
    }
    close(fd[1]);
    if (read(fd[0], &child_run, sizeof(child_run)) != sizeof(child_run))
        child_run = -1;
    close(fd[0]);
    nh_sweep_run_begin(db, S, "rev-owner", 0, &mine, err);
    tap_ok(child_run > 0 && mine > 0 && mine != child_run,
           "db: an unfinished run whose owner process is alive is not resumed (%ld, %ld)",
           child_run, mine);
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    nh_sweep_run_end(db, mine, err);
    nh_sweep_run_begin(db, S, "rev-owner", 0, &again, err);
    tap_ok(again == child_run, "db: once its owner is gone, the unfinished run is resumed (%ld, %ld)",
           child_run, again);
}

/* Issue 31, hand-written histories: one series job (balls) and one
   converge job (an estimate); each night's outcome is chosen here, the
   expected flags follow from the rules of doc/sweep.md by hand. */
static long nights;

static long
night(nh_sweep_db_ptr db, const nh_sweep_t S, const char *ball, double obs, double w, char **tap)
{
    char js[384], conv[256];
    long run;
    nh_error_t err;

    nh_error_init(err);
    nh_sweep_run_begin(db, S, "rev", 1, &run, err);
    /* an estimate (labelled so) that changes every night is not a ball */
    snprintf(js, sizeof(js), "{\"h\": [[\"0\", \"%s\"]], \"parameters\": {\"a\": \"%s\"}, "
             "\"points\": [{\"w_estimate\": [\"0\", \"%ld.5\"]}]}", ball, ball, (long) ++nights);
    conv_json(conv, sizeof(conv), obs, obs - w, obs + w);
    record(db, run, &S->jobs[0], 0, 0, 0.01, conv);
    record(db, run, &S->jobs[1], 0, 0, 0.01, js);
    nh_sweep_run_end(db, run, err);
    free(*tap);
    *tap = NULL;
    return regressions(db, run, S, tap);
}

/* nh_sweep_run with the collect engine (no job runs): the per-job files
   of a Slurm run written here by hand -- a converge job with a good order
   and a series job killed by SIGSEGV (exit 139) -- give a run with 2
   results ingested, none missing and 1 regression (the crash); a second
   run whose directory lacks the series job's files has it missing. */
static void
test_run(void)
{
    nh_sweep_t S;
    nh_sweep_db_ptr db;
    nh_sweep_opts_struct o;
    nh_sweep_result_struct R;
    nh_error_t err;
    char path[512], dir[512], conv[256], *tap = NULL;
    size_t len;
    int rc;

    nh_error_init(err);
    if (read_sweep(S, "case cases/a.nh --q x=1\nseries cases/a.nh\n", err) != NH_OK)
        tap_bail("run sweep");
    snprintf(path, sizeof(path), "%s/run.sqlite", top);
    snprintf(dir, sizeof(dir), "%s/coll", top);
    mkdir(dir, 0755);
    snprintf(path, sizeof(path), "%s/coll/out", top);
    mkdir(path, 0755);
    conv_json(conv, sizeof(conv), 1.0, 0.99, 1.01);
    snprintf(path, sizeof(path), "coll/out/%s.rc", S->jobs[0].id);   put(path, "0\n");
    snprintf(path, sizeof(path), "coll/out/%s.time", S->jobs[0].id); put(path, "1.5 0.5 0.1\n");
    snprintf(path, sizeof(path), "coll/out/%s.json", S->jobs[0].id); put(path, conv);
    snprintf(path, sizeof(path), "coll/out/%s.rc", S->jobs[1].id);   put(path, "139\n");
    snprintf(path, sizeof(path), "%s/run.sqlite", top);
    if (nh_sweep_db_open(&db, path, err) != NH_OK)
        tap_bail("run db");
    nh_sweep_opts_init(&o);
    o.engine = NH_SWEEP_ENGINE_COLLECT;
    o.collect = dir;
    o.db_path = path;
    o.git_rev = "rev";
    o.tap = open_memstream(&tap, &len);
    rc = nh_sweep_run(&R, db, S, &o, err);
    fclose(o.tap);
    tap_ok(rc == NH_OK && R.run_id == 1 && R.ningested == 2 && R.missing == 0 && R.nregress == 1
           && tap != NULL && strstr(tap, "not ok 2") != NULL && strstr(tap, "ok 1") != NULL,
           "run: collect engine: 2 ingested, 0 missing, 1 regression (the crashed job)");
    free(tap);
    tap = NULL;
    snprintf(path, sizeof(path), "%s/coll/out/%s.rc", top, S->jobs[1].id);
    remove(path);
    o.fresh = 1;
    o.tap = NULL;
    rc = nh_sweep_run(&R, db, S, &o, err);
    tap_ok(rc == NH_OK && R.run_id == 2 && R.ningested == 1 && R.missing == 1,
           "run: a job without its files is missing (%ld ingested, %ld missing)", R.ningested,
           R.missing);
    nh_sweep_db_close(db);
    nh_sweep_clear(S);
}

/* issue 31's pendulum (g 9.81 -> 100): 1.917 [1.588, 2.246] -> 1.711
   [0.556, 2.866], shifted by -0.917 to the predicted order 1 of this
   stub: each estimate lies in the other's interval, but the interval
   grew 2.31 / 0.658 = 3.5x */
static void
test_widening(void)
{
    nh_sweep_t S;
    nh_sweep_db_ptr db;
    nh_error_t err;
    char path[512], *tap = NULL;
    long n;
    const char *b0 = "[0.185508420720190 +/- 1e-15]";

    nh_error_init(err);
    if (read_sweep(S, "case cases/a.nh --q x=1\nseries cases/a.nh\n", err) != NH_OK)
        tap_bail("widening sweep");
    snprintf(path, sizeof(path), "%s/widen.sqlite", top);
    if (nh_sweep_db_open(&db, path, err) != NH_OK)
        tap_bail("widening db");
    night(db, S, b0, 1.0, 0.329, &tap);                         /* run 1 */
    n = night(db, S, b0, 0.794, 1.155, &tap);                   /* run 2 */
    tap_ok(n == 1 && count(tap, "interval of the observed order widened") == 1
           && strstr(tap, "3.5x") != NULL && !strstr(tap, "outside"),
           "widening: an interval 3.5x wider is flagged though both estimates lie in both "
           "intervals (%ld)", n);
    /* 1.0 [0.4, 1.6]: 1.2 / 0.658 = 1.8x, not more than twice */
    n = night(db, S, b0, 1.0, 0.6, &tap);                       /* run 3 */
    tap_ok(n == 0, "widening: an interval 1.8x wider is no regression (%ld)", n);
    free(tap);
    nh_sweep_db_close(db);
    nh_sweep_clear(S);
}

static void
test_history(void)
{
    nh_sweep_t S;
    nh_sweep_db_ptr db;
    nh_error_t err;
    char path[512], *tap = NULL;
    long n, acc = 0;
    const char *b0 = "[0.185508420720190 +/- 1e-15]", *b1 = "[0.181442540991801 +/- 1e-15]";

    nh_error_init(err);
    if (read_sweep(S, "case cases/a.nh --q x=1\nseries cases/a.nh\n", err) != NH_OK)
        tap_bail("history sweep");
    snprintf(path, sizeof(path), "%s/hist.sqlite", top);
    if (nh_sweep_db_open(&db, path, err) != NH_OK)
        tap_bail("history db");
    n = night(db, S, b0, 1.0, 0.01, &tap);                      /* run 1 */
    tap_ok(n == 0, "history: night 1 has nothing to compare (%ld)", n);
    /* 0.1855... vs 0.1814...: radii 1e-15, 4e-3 apart; a parameter is an
       input, not compared (the case's SHA-256 is) */
    n = night(db, S, b1, 1.0, 0.01, &tap);                      /* run 2 */
    tap_ok(n == 1 && count(tap, "value h[0] component 1: [0.185508420720190 +/- 1e-15] (run 1) "
                                "and [0.181442540991801 +/- 1e-15] no longer overlap") == 1
           && !strstr(tap, "parameters"),
           "history: a ball that no longer overlaps is flagged with quantity, component, both balls");
    n = night(db, S, b1, 1.0, 0.01, &tap);                      /* run 3 */
    tap_ok(n == 1 && strstr(tap, "(run 1)") != NULL, "history: the flag persists a second night "
           "(baseline still run 1)");
    n = night(db, S, "[0.18 +/- 0.01]", 1.0, 0.01, &tap);       /* run 4: overlaps b0 */
    tap_ok(n == 0, "history: a ball overlapping the baseline's is no regression (%ld)", n);
    /* estimate: 1 [0.99, 1.01] -> 1.3 [0.7, 1.9]; |1.3 - 1| = 0.3 < max
       width 1.2 (the old rule hid it), 1.3 > 1.01 + 0.25 (the new rule) */
    n = night(db, S, b0, 1.3, 0.6, &tap);                       /* run 5 */
    tap_ok(n == 1 && strstr(tap, "the new estimate is outside the old interval") != NULL,
           "history: a shift hidden by a widened interval is flagged (%ld)", n);
    /* 1 [0.99, 1.01] -> 1.2 [1.19, 1.21]: 1.2 in [0.74, 1.26] and 1 in
       [0.94, 1.46]: within order-tol both ways */
    n = night(db, S, b0, 1.2, 0.01, &tap);                      /* run 6 */
    tap_ok(n == 0, "history: a shift within order-tol both ways is no regression (%ld)", n);
    n = night(db, S, b1, 1.0, 0.01, &tap);                      /* run 7 */
    tap_ok(n == 1 && strstr(tap, "(run 6)") != NULL, "history: against the last unflagged run 6");
    n = nh_sweep_accept(db, "7", "new a", &acc, err);
    tap_ok(n == NH_OK && acc == 2, "history: accepting run 7 accepts its 2 ok results (%ld)", acc);
    n = night(db, S, b1, 1.0, 0.01, &tap);                      /* run 8 */
    tap_ok(n == 0, "history: after the acceptance the new value is the baseline (%ld)", n);
    /* a run killed after recording a changed value, never resumed nor
       compared: no baseline; the next night is compared with run 8 */
    {
        long killed;
        nh_sweep_run_begin(db, S, "rev", 1, &killed, err);
        record(db, killed, &S->jobs[1], 0, 0, 0.01, "{\"h\": [[\"0\", \"[0.185508420720190 +/- 1e-15]\"]]}");
        n = night(db, S, b0, 1.0, 0.01, &tap);
        tap_ok(killed == 9 && n == 1 && strstr(tap, "(run 8)") != NULL,
               "history: a killed run's results are no baseline (compared with run 8)");
    }
    tap_ok(nh_sweep_accept(db, "7", "", &acc, err) == NH_ERR_USAGE
           && nh_sweep_accept(db, "abc", "x", &acc, err) == NH_ERR_USAGE,
           "history: --accept needs a reason and a run or job id");
    free(tap);
    nh_sweep_db_close(db);
    nh_sweep_clear(S);
}

static void
test_db(void)
{
    nh_sweep_t S;
    nh_sweep_db_ptr db;
    nh_error_t err;
    char path[512], js[256], done[8], *tap = NULL;
    long r1, r2, r3, nreg;
    int rc;

    nh_error_init(err);
    /* jobs: 0, 1 converge; 2 prove */
    if (read_sweep(S, "prec 128\nT 1 2\ncase cases/a.nh --q x=1\nprove proofs/p.md\n", err) != NH_OK
        || S->njobs != 3)
    {
        tap_ok(0, "db: the sweep of the history tests reads (%s)", err->msg);
        return;
    }
    snprintf(path, sizeof(path), "%s/h.sqlite", top);
    rc = nh_sweep_db_open(&db, path, err);
    tap_ok(rc == NH_OK, "db: open creates the history (%s)", rc ? err->msg : "ok");
    if (rc != NH_OK)
        return;
    rc = nh_sweep_run_begin(db, S, "rev1", 1, &r1, err);
    /* run 1: job 0 good order, job 1 crashed, job 2 prove 'holds' */
    conv_json(js, sizeof(js), 1.0, 0.98, 1.02);
    rc |= record(db, r1, &S->jobs[0], 0, 0, 2.0, js);
    rc |= record(db, r1, &S->jobs[1], -1, 9, 0.5, NULL);
    memset(done, 9, sizeof(done));
    rc |= nh_sweep_db_done(db, r1, S, done, err);
    tap_ok(rc == NH_OK && done[0] == 1 && done[1] == 1 && done[2] == 0,
           "db: done marks exactly the recorded jobs (%d %d %d)", done[0], done[1], done[2]);
    rc = record(db, r1, &S->jobs[2], 0, 0, 1.0,
                "{\"claims\": [{\"id\": \"c1\", \"verdict\": \"holds\"}]}");
    rc |= nh_sweep_run_end(db, r1, err);
    nreg = regressions(db, r1, S, &tap);
    /* run 1 has no history: only the crashed job is a regression */
    tap_ok(rc == NH_OK && nreg == 1 && count(tap, "not ok") == 1,
           "regressions: a crashed job is the only regression of a first run (%ld)", nreg);
    free(tap);

    /* run 2: job 0's order drops to 0.5 [0.45, 0.55]: outside 1 +- 0.25 and
       moved by more than its interval (rules 2 and 3); job 1 now good;
       job 2 same verdict */
    rc = nh_sweep_run_begin(db, S, "rev2", 1, &r2, err);
    tap_ok(rc == NH_OK && r2 != r1, "db: a fresh run gets a new id (%ld, %ld)", r1, r2);
    conv_json(js, sizeof(js), 0.5, 0.45, 0.55);
    rc = record(db, r2, &S->jobs[0], 0, 0, 2.0, js);
    conv_json(js, sizeof(js), 1.0, 0.98, 1.02);
    rc |= record(db, r2, &S->jobs[1], 0, 0, 2.0, js);
    rc |= record(db, r2, &S->jobs[2], 0, 0, 1.0,
                 "{\"claims\": [{\"id\": \"c1\", \"verdict\": \"holds\"}]}");
    rc |= nh_sweep_run_end(db, r2, err);
    nreg = regressions(db, r2, S, &tap);
    tap_ok(rc == NH_OK && nreg == 1 && count(tap, "not ok") == 1 && strstr(tap, "REGRESSION") != NULL,
           "regressions: an order that left its interval is flagged, nothing else (%ld)", nreg);
    free(tap);

    /* run 3: job 2's verdict changes (rule 4); job 1 not recorded
       (rule 1); job 0 back to a good order but with CPU 100 s against a
       median of 2 s (rule 5): three jobs flagged */
    rc = nh_sweep_run_begin(db, S, "rev3", 1, &r3, err);
    conv_json(js, sizeof(js), 1.0, 0.98, 1.02);
    rc |= record(db, r3, &S->jobs[0], 0, 0, 100.0, js);
    rc |= record(db, r3, &S->jobs[2], 0, 0, 1.0,
                 "{\"claims\": [{\"id\": \"c1\", \"verdict\": \"refuted\"}]}");
    nreg = regressions(db, r3, S, &tap);
    tap_ok(rc == NH_OK && nreg == 3 && count(tap, "not ok") == 3,
           "regressions: a changed verdict, a missing result and a CPU time 50x the median (%ld)",
           nreg);
    free(tap);
    /* re-recording a job replaces its row (one result per job and run) */
    rc = record(db, r3, &S->jobs[2], 0, 0, 1.0,
                "{\"claims\": [{\"id\": \"c1\", \"verdict\": \"holds\"}]}");
    rc |= record(db, r3, &S->jobs[1], 0, 0, 2.0, js);
    nreg = regressions(db, r3, S, &tap);
    tap_ok(rc == NH_OK && nreg == 1 && strstr(tap, "cpu time") != NULL,
           "db: a job recorded again replaces its result (%ld left: the cpu time)", nreg);
    free(tap);
    test_owner(db, S, path);
    nh_sweep_db_close(db);
    nh_sweep_clear(S);
}

int
main(void)
{
    char *t = getenv("TMPDIR");
    char cmd[600];

    snprintf(top, sizeof(top), "%s/t-sweep.XXXXXX", t ? t : "/tmp");
    if (mkdtemp(top) == NULL)
        return 99;
    snprintf(cmd, sizeof(cmd), "%s/sweeps", top);
    mkdir(cmd, 0700);
    snprintf(cmd, sizeof(cmd), "%s/cases", top);
    mkdir(cmd, 0700);
    snprintf(cmd, sizeof(cmd), "%s/proofs", top);
    mkdir(cmd, 0700);
    put("cases/a.nh", "model a\n");
    put("proofs/p.md", "# p\n");
    tap_plan(44);
    test_read();
    test_bad();
    test_hostile_paths();
    test_history();
    test_widening();
    test_run();
    test_db();
    nftw(top, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    return tap_done();
}
