/*
 * sweep_read.c -- the sweep file (doc/sweep.md): settings, case lines and
 * job lines, expanded into jobs with stable ids.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include "nh_file.h"
#include "dataset.h"
#include "impl.h"

#define MAXV 16  /* values of one list setting */

typedef struct
{
    const char *path;
    const char *top;
    int line;
    int ntok;
    char *tok[NH_SWEEP_MAX_ARGS];
    int col[NH_SWEEP_MAX_ARGS];
    /* list settings of converge jobs */
    int nv[5];
    char *val[5][MAXV];
}
rd_t;

static const char *const LISTKEY[5] = {"prec", "T", "kmax", "init", "eps-geom"};
static const char *const LISTOPT[5] = {"--prec", "--T", "--kmax", "--init", "--eps-geom"};

static int
rd_err(rd_t *r, int i, nh_error_t err, const char *msg, const char *arg)
{
    return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s%s%s%s", r->path, r->line,
                        i < r->ntok ? r->col[i] : 1, msg, arg ? " '" : "", arg ? arg : "",
                        arg ? "'" : "");
}

/* A path named in the sweep (a line's file word or an option value):
   relative, resolved under top with realpath (".." and symbolic links
   included) and inside it; off: its column offset in word i.  *full
   (may be NULL): top/f.  NH_ERR_PARSE "FILE:LINE:COL: ..." otherwise. */
static int
rd_path(rd_t *r, int i, const char *f, int off, const char *what, char **full, nh_error_t err)
{
    char *real = NULL;
    int inside = 0, col = (i < r->ntok ? r->col[i] : 1) + off;

    if (f[0] == '\0' || f[0] == '/' || nh_file_has_control(f))
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s must be a relative path inside the "
                            "tree %s: '%.200s'", r->path, r->line, col, what,
                            r->top ? r->top : ".", f);
    if (nh_file_under(&real, &inside, r->top, f, err))
        return err->code;
    free(real);
    if (!inside)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: %s '%.200s' leads outside the tree %s "
                            "(after '..' and symbolic links): refused", r->path, r->line, col,
                            what, f, r->top ? r->top : ".");
    if (full)
    {
        size_t n = strlen(f) + (r->top ? strlen(r->top) : 0) + 2;
        *full = flint_malloc(n);
        if (r->top)
            snprintf(*full, n, "%s/%s", r->top, f);
        else
            snprintf(*full, n, "%s", f);
    }
    return NH_OK;
}

/* A file named in the sweep: inside the tree and readable. */
static int
rd_file(rd_t *r, int i, char **full, nh_error_t err)
{
    FILE *fp;

    if (rd_path(r, i, r->tok[i], 0, "file", full, err))
        return err->code;
    if ((fp = fopen(*full, "r")) == NULL)
    {
        flint_free(*full);
        *full = NULL;
        return rd_err(r, i, err, "cannot read file", r->tok[i]);
    }
    fclose(fp);
    return NH_OK;
}

/* The options of the subcommands whose value is a path (input or
   output), long names without "--"; getopt_long also accepts a unique
   prefix ("--points-f"), so a word that is a prefix of one of them, and
   not itself a complete option that takes no path, counts. */
static const char *const PATHOPT[] = {
    "output", "out", "points-file", "ghat", "report", "reference", "plot", "field", "errata",
    "tap", "junit", "candidate", "top", "db", "collect", "slurm", "oracle", "coverage", NULL};
static const char *const OTHEROPT[] = {
    "points", "order", "only", "order-tol", "atol", "batch", "budget", "candidate-timeout",
    "cert-max-prec", "cert-max-ratio", "cert-prec", "dependent", "digits", "domain", "engine",
    "eps", "eps-geom", "format", "git-rev", "init", "items", "jobs", "k", "kmax", "lift-order",
    "max-memory", "max-prec", "max-steps", "max-width", "min-tol", "nt", "param", "prec", "q",
    "quantity", "ratio", "reduced-orders", "route", "rtol", "seed", "system", "t", "taylor-order",
    "timeout", "times", "tol", "traj-orders", "traj-tol", "v", NULL};

static int
is_path_option(const char *name, size_t n)
{
    int i;

    for (i = 0; OTHEROPT[i]; i++)
        if (strlen(OTHEROPT[i]) == n && strncmp(OTHEROPT[i], name, n) == 0)
            return 0;
    for (i = 0; PATHOPT[i]; i++)
        if (n > 0 && strncmp(PATHOPT[i], name, n) == 0)
            return 1;
    return 0;
}

/* Every path-valued option among words first..ntok-1 of the line:
   "--opt VALUE", "--opt=VALUE", "-o VALUE", "-oVALUE" (also after other
   short flags, "-ho VALUE") stays inside the tree. */
static int
rd_options(rd_t *r, int first, nh_error_t err)
{
    int i;

    for (i = first; i < r->ntok; i++)
    {
        const char *w = r->tok[i], *eq, *o;
        if (w[0] != '-' || w[1] == '\0')
            continue;
        if (w[1] == '-')
        {
            eq = strchr(w, '=');
            if (!is_path_option(w + 2, eq ? (size_t) (eq - w - 2) : strlen(w + 2)))
                continue;
            if (eq)
            {
                if (rd_path(r, i, eq + 1, (int) (eq + 1 - w), w, NULL, err))
                    return err->code;
            }
            else if (i + 1 >= r->ntok)
                return rd_err(r, i, err, "option without its path:", w);
            else if (rd_path(r, i + 1, r->tok[i + 1], 0, w, NULL, err))
                return err->code;
            else
                i++;
        }
        else if ((o = strchr(w + 1, 'o')) != NULL)
        {
            if (o[1] != '\0')
            {
                if (rd_path(r, i, o + 1, (int) (o + 1 - w), "-o", NULL, err))
                    return err->code;
            }
            else if (i + 1 >= r->ntok)
                return rd_err(r, i, err, "option without its path:", w);
            else
            {
                i++;
                if (rd_path(r, i, r->tok[i], 0, "-o", NULL, err))
                    return err->code;
            }
        }
    }
    return NH_OK;
}

static char *
dupstr(const char *s)
{
    char *d = flint_malloc(strlen(s) + 1);
    strcpy(d, s);
    return d;
}

/* Append one job: argv = kind, file, extra[0..nextra). */
static void
add_job(nh_sweep_t S, const char *kind, const char *asis, char *full,
        char *const *extra, int nextra, const char *label)
{
    nh_sweep_job_struct *J;
    char *buf;
    size_t len = 0, cap = 64;
    int a;

    S->jobs = flint_realloc(S->jobs, (S->njobs + 1) * sizeof(nh_sweep_job_struct));
    J = S->jobs + S->njobs++;
    memset(J, 0, sizeof(*J));
    snprintf(J->kind, sizeof(J->kind), "%s", kind);
    J->file = full;
    J->label = dupstr(label);
    J->argv[J->argc++] = dupstr(kind);
    J->argv[J->argc++] = dupstr(full);
    for (a = 0; a < nextra; a++)
        J->argv[J->argc++] = dupstr(extra[a]);
    J->argv[J->argc] = NULL;
    /* stable id: SHA-256 of kind, the file as written, the options */
    buf = flint_malloc(cap);
    _nh_sweep_cat(&buf, &len, &cap, "%s%c%s", kind, 0, asis);
    for (a = 0; a < nextra; a++)
        _nh_sweep_cat(&buf, &len, &cap, "%c%s", 0, extra[a]);
    {
        char hex[65];
        nh_sha256_hex(hex, buf, len);
        memcpy(J->id, hex, NH_SWEEP_ID_LEN);
        J->id[NH_SWEEP_ID_LEN] = '\0';
    }
    flint_free(buf);
}

/* case FILE POINT-ARGS...: the cross product of the list settings. */
static int
expand_case(nh_sweep_t S, rd_t *r, nh_error_t err)
{
    int idx[5] = {0, 0, 0, 0, 0}, s, a, n;
    char *extra[NH_SWEEP_MAX_ARGS], *full, label[512];
    const char *base;

    if (r->ntok < 2)
        return rd_err(r, 0, err, "case: expected 'case FILE [POINT OPTIONS]'", NULL);
    if (rd_options(r, 2, err) || rd_file(r, 1, &full, err))
        return err->code;
    if (r->ntok - 2 + 10 > NH_SWEEP_MAX_ARGS)
        return rd_err(r, 0, err, "too many arguments", NULL);
    base = strrchr(r->tok[1], '/') ? strrchr(r->tok[1], '/') + 1 : r->tok[1];
    for (;;)
    {
        /* the file's lists first, the line's own options last: an
           option of the line (`--kmax 0`) overrides a list of the file
           (getopt_long: the last one counts) */
        n = 0;
        for (s = 0; s < 5; s++)
            if (r->nv[s] > 0)
            {
                extra[n++] = (char *) LISTOPT[s];
                extra[n++] = r->val[s][idx[s]];
            }
        for (a = 2; a < r->ntok; a++)
            extra[n++] = r->tok[a];
        snprintf(label, sizeof(label), "%s", base);
        for (s = 0; s < 5; s++)
            if (r->nv[s] > 1)
                snprintf(label + strlen(label), sizeof(label) - strlen(label), " %s=%s",
                         LISTKEY[s], r->val[s][idx[s]]);
        add_job(S, "converge", r->tok[1], idx[0] + idx[1] + idx[2] + idx[3] + idx[4] ? dupstr(full) : full,
                extra, n, label);
        for (s = 0; s < 5; s++)
        {
            if (r->nv[s] > 0 && ++idx[s] < r->nv[s])
                break;
            idx[s] = 0;
        }
        if (s == 5)
            break;
    }
    return NH_OK;
}

/* The directives that are one job of the subcommand of the same name
   (converge: one job with the line's options only, e.g. --certified). */
static int
job_kind(const char *k)
{
    static const char *const K[] = {"series", "emit", "prove", "nh", "geometry", "flow",
                                    "slowmanifold", "reduced", "converge", NULL};
    return _nh_sweep_in_list(k, K);
}

static int
do_line(nh_sweep_t S, rd_t *r, nh_error_t err)
{
    const char *k = r->tok[0];
    int s, a;
    char *full;

    for (s = 0; s < 5; s++)
        if (strcmp(k, LISTKEY[s]) == 0)
        {
            if (r->ntok < 2 || r->ntok - 1 > MAXV)
                return rd_err(r, 0, err, "expected 1 to 16 values after", k);
            for (a = 0; a < r->nv[s]; a++)
                flint_free(r->val[s][a]);
            r->nv[s] = r->ntok - 1;
            for (a = 1; a < r->ntok; a++)
                r->val[s][a - 1] = dupstr(r->tok[a]);
            return NH_OK;
        }
    if (strcmp(k, "order-tol") == 0 || strcmp(k, "time-factor") == 0 ||
        strcmp(k, "time-floor") == 0 || strcmp(k, "time-history") == 0)
    {
        char *end;
        double x = r->ntok == 2 ? strtod(r->tok[1], &end) : -1;
        if (r->ntok != 2 || *end != '\0' || !(x >= 0 && x < 1e6))
            return rd_err(r, 1 < r->ntok ? 1 : 0, err, "expected one number >= 0 after", k);
        if (k[0] == 'o')
            S->order_tol = x;
        else if (strcmp(k, "time-factor") == 0)
            S->time_factor = x;
        else if (strcmp(k, "time-floor") == 0)
            S->time_floor = x;
        else
            S->time_history = (int) x < 1 ? 1 : (int) x;
        return NH_OK;
    }
    if (strcmp(k, "case") == 0)
        return expand_case(S, r, err);
    if (job_kind(k))
    {
        char label[512];
        if (r->ntok < 2)
            return rd_err(r, 0, err, "expected a file after", k);
        if (rd_options(r, 2, err) || rd_file(r, 1, &full, err))
            return err->code;
        snprintf(label, sizeof(label), "%s", strrchr(r->tok[1], '/') ? strrchr(r->tok[1], '/') + 1 : r->tok[1]);
        add_job(S, k, r->tok[1], full, r->tok + 2, r->ntok - 2, label);
        return NH_OK;
    }
    return rd_err(r, 0, err, "unknown keyword", k);
}

int
nh_sweep_read(nh_sweep_t S, const char *path, const char *top, nh_error_t err)
{
    char *text, *line, *save = NULL, *p;
    size_t len;
    rd_t r;
    int rc = NH_OK, s, a;

    memset(S, 0, sizeof(*S));
    S->order_tol = 0.25;
    S->time_factor = 2;
    S->time_floor = 1;
    S->time_history = 5;
    if (nh_file_read(&text, &len, path, 1 << 20, "sweep file", err))
        return err->code;
    S->path = dupstr(path);
    S->top = top ? dupstr(top) : NULL;
    nh_sha256_hex(S->sha256, text, len);
    memset(&r, 0, sizeof(r));
    r.path = path;
    r.top = top;
    /* strtok_r on '\n' would skip empty lines: count them by hand */
    for (line = text; rc == NH_OK && line != NULL && *line; line = save)
    {
        save = strchr(line, '\n');
        if (save)
            *save++ = '\0';
        r.line++;
        if ((p = strchr(line, '#')) != NULL)
            *p = '\0';
        r.ntok = 0;
        for (p = line; *p;)
        {
            while (*p && isspace((unsigned char) *p))
                *p++ = '\0';
            if (!*p)
                break;
            if (r.ntok == NH_SWEEP_MAX_ARGS)
            {
                rc = rd_err(&r, 0, err, "too many words on the line", NULL);
                break;
            }
            r.col[r.ntok] = (int) (p - line) + 1;
            r.tok[r.ntok++] = p;
            while (*p && !isspace((unsigned char) *p))
                p++;
        }
        if (rc == NH_OK && r.ntok > 0)
            rc = do_line(S, &r, err);
    }
    for (s = 0; s < 5; s++)
        for (a = 0; a < r.nv[s]; a++)
            flint_free(r.val[s][a]);
    flint_free(text);
    if (rc == NH_OK && S->njobs == 0)
        rc = nh_error_set(err, NH_ERR_PARSE, "%s:1:1: the sweep has no jobs", path);
    if (rc == NH_OK)
    {
        long i, j;
        for (i = 0; i < S->njobs; i++)
            for (j = 0; j < i; j++)
                if (strcmp(S->jobs[i].id, S->jobs[j].id) == 0)
                    rc = nh_error_set(err, NH_ERR_PARSE, "%s: job '%s' appears twice (%s)",
                                      path, S->jobs[i].label, S->jobs[i].id);
    }
    if (rc)
        nh_sweep_clear(S);
    return rc;
}

void
nh_sweep_clear(nh_sweep_t S)
{
    long i;
    int a;

    for (i = 0; i < S->njobs; i++)
    {
        for (a = 0; a < S->jobs[i].argc; a++)
            flint_free(S->jobs[i].argv[a]);
        flint_free(S->jobs[i].file);
        flint_free(S->jobs[i].label);
    }
    flint_free(S->jobs);
    flint_free(S->path);
    flint_free(S->top);
    memset(S, 0, sizeof(*S));
}
