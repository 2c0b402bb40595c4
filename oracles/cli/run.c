/*
 * run.c -- the life of a subcommand (cli.h): nh_cli_start (limits,
 * -o check, model, up-front cost), nh_cli_run (the one precision-doubling
 * loop of doc/conventions.md, then the output of the final, certified
 * run), nh_cli_main and nh_report.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "impl.h"
#include "nh_prec.h"
#include "nh_sbuf.h"
#include "nh_file.h"

#ifndef JSON_C_TO_STRING_NOSLASHESCAPE
#define JSON_C_TO_STRING_NOSLASHESCAPE 0
#endif

int
nh_report(const nh_error_t err)
{
    int code = err->code;
    fprintf(stderr, "nhoracle: %s\n", err->msg[0] ? err->msg : nh_error_code_name(code));
    if (code == NH_ERR_USAGE)
        fprintf(stderr, "Try 'nhoracle --help' or 'nhoracle SUBCOMMAND --help'.\n");
    if (code <= 0 || code > 255)
        code = NH_ERR_USAGE;
    return code;
}

static int
write_output(const nh_cli_struct *cli, const char *data, size_t len, nh_error_t err)
{
    if (cli->output != NULL && strcmp(cli->output, "-") != 0)
        return nh_write_atomic(cli->output, data, len, err);
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0)
        return nh_error_set(err, NH_ERR_IO, "cannot write to standard output: %s", strerror(errno));
    return NH_OK;
}

/* nh_cli_start without the --points-file refusal (nh_cli_run has the
   batch mode, the other callers of nh_cli_start do not). */
static int
start_model(nh_model_ptr *M, const nh_cli_struct *cli, nh_error_t err)
{
    int rc;
    *M = NULL;
    nh_cli_limits_install(cli);
    if (cli->output != NULL && strcmp(cli->output, "-") != 0
        && (rc = nh_output_check(cli->output, cli->case_path, err)) != NH_OK)
        return rc;
    rc = nh_cli_load_model(M, cli, err);
    if (rc != NH_OK)
        return rc;
    /* every subcommand computes at least the geometry to jet order 2 */
    rc = nh_cli_check_cost(cli, nh_model_n(*M), nh_model_n(*M), 2, 12, NULL, err);
    if (rc != NH_OK)
    {
        nh_model_free(*M);
        *M = NULL;
    }
    return rc;
}

int
nh_cli_start(nh_model_ptr *M, const nh_cli_t cli, nh_error_t err)
{
    *M = NULL;
    if (cli->points_file != NULL)
        return nh_error_set(err, NH_ERR_USAGE, "--points-file is not an option of '%s'",
                            cli->subcommand != NULL ? cli->subcommand : "this subcommand");
    return start_model(M, cli, err);
}

/* One attempt of nh_cli_run at working precision prec (nh_prec_loop). */
typedef struct
{
    const nh_cli_struct *cli;
    nh_compute_fn fn;
    void *data;
    nh_model_ptr M;
    nh_out_struct *out;
    slong prec;                 /* of the last attempt */
    char wide_what[sizeof(((nh_out_struct *) 0)->wide_what)];
}
run_attempt_struct;

static int
run_attempt(void *data, slong prec, nh_error_t err)
{
    run_attempt_struct *A = data;
    int rc;
    A->prec = prec;
    _nh_out_init(A->out, A->cli, prec);
    rc = A->fn(A->out, A->cli, A->M, prec, A->data, err);
    if (rc == NH_OK && A->out->too_wide)
    {
        memcpy(A->wide_what, A->out->wide_what, sizeof A->wide_what);
        rc = NH_PREC_WIDE;
    }
    if (rc != NH_OK)
        _nh_out_clear(A->out);
    return rc;
}

static void
run_note(void *data, slong next, int why, const nh_error_t err)
{
    run_attempt_struct *A = data;
    if (why == NH_ERR_DOMAIN)
        /* inconclusive ball arithmetic (e.g. a divisor ball meeting 0):
           may be resolved by a higher precision */
        fprintf(stderr, "nhoracle: raising working precision to %ld bits (%s)\n",
                (long) next, err->msg);
    else
        fprintf(stderr, "nhoracle: raising working precision to %ld bits "
                "(%s too wide for %ld digits at %ld bits)\n",
                (long) next, A->wide_what, (long) A->cli->digits, (long) A->prec);
}

static int run_batch(const nh_cli_struct *cli, nh_model_ptr M, nh_compute_fn fn, void *data);

slong
nh_cli_start_prec(const nh_cli_struct *cli, int note)
{
    static int said = 0;        /* once per process (--points-file) */
    slong need = nh_digits_to_bits(cli->digits), prec = cli->prec;
    while (prec < need && 2 * prec <= cli->max_prec)
        prec *= 2;
    if (prec != cli->prec && note && !said++)
        fprintf(stderr, "nhoracle: note: --digits %ld needs at least %ld bits, more than --prec "
                "%ld: starting at %ld bits\n", (long) cli->digits, (long) need,
                (long) cli->prec, (long) prec);
    return prec;
}

/* The precision loop at the point of cli (--q, --v): on success out holds
   the final, certified run; otherwise err says why (out is cleared). */
static int
run_point(nh_out_struct *out, const nh_cli_struct *cli, nh_model_ptr M, nh_compute_fn fn,
          void *data, nh_error_t err)
{
    nh_prec_policy_struct P = {nh_cli_start_prec(cli, 1), cli->max_prec, 1, 1, run_note};
    run_attempt_struct A = {cli, fn, data, M, out, 0, ""};
    slong prec;
    int rc = nh_prec_loop(&prec, &P, run_attempt, &A, err);
    if (rc == NH_ERR_DOMAIN)
        nh_error_prefix(err, "at the precision cap of %ld bits (raise --max-prec; "
                        "the point may be on a singularity): ", (long) prec);
    else if (rc == NH_PREC_WIDE)
        rc = nh_error_set(err, NH_ERR_PRECISION,
                          "%s too wide for %ld digits even at the precision cap of %ld bits "
                          "(raise --max-prec or lower --digits)",
                          A.wide_what, (long) cli->digits, (long) prec);
    return rc;
}

/* The text of a final run: its JSON object (pretty, or on one line for
   --points-file) or its tables. */
static void
out_text(nh_sbuf_t b, const nh_out_struct *out, const nh_cli_struct *cli, int one_line)
{
    if (cli->json)
    {
        int flags = (one_line ? JSON_C_TO_STRING_PLAIN : JSON_C_TO_STRING_PRETTY)
                    | JSON_C_TO_STRING_NOSLASHESCAPE;
        nh_sbuf_puts(b, json_object_to_json_string_ext(out->root, flags));
        nh_sbuf_puts(b, "\n");
    }
    else
        nh_sbuf_put(b, out->buf, out->len);
}

/* Write the output and report a status requested by the computation
   (its message with prefix `where`).  Returns the exit code. */
static int
finish(const nh_cli_struct *cli, nh_sbuf_t b, int status, const char *where, const char *msg)
{
    nh_error_t err;
    size_t len;
    const char *text = nh_sbuf_str(b, &len);
    nh_error_init(err);
    if (write_output(cli, text, len, err) != NH_OK)
        return nh_report(err);
    if (msg[0] != '\0')
        fprintf(stderr, "nhoracle: %s%s\n", where, msg);
    return status;
}

int
nh_cli_run(const nh_cli_t cli, nh_compute_fn fn, void *data)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_out_t out;
    nh_sbuf_t b;
    int rc;

    nh_error_init(err);
    rc = start_model(&M, cli, err);
    if (rc != NH_OK)
        return nh_report(err);
    if (cli->points_file != NULL)
    {
        rc = run_batch(cli, M, fn, data);
        nh_model_free(M);
        return rc;
    }
    rc = run_point(out, cli, M, fn, data, err);
    if (rc != NH_OK)
    {
        nh_model_free(M);
        return nh_report(err);
    }
    nh_sbuf_init(b);
    out_text(b, out, cli, 0);
    rc = finish(cli, b, out->status, "", out->status_msg);
    nh_sbuf_clear(b);
    _nh_out_clear(out);
    nh_model_free(M);
    return rc;
}

/* ---- --points-file: many points, one process --------------------------- */

/* The next non-blank, non-comment line of *p, split into at most two
   whitespace-separated fields (NUL-terminated in place; "-" is an empty
   spec).  Returns 0 at the end of the text, 1 with the fields and the
   line number, or NH_ERR_PARSE (err: FILE:LINE:COL) for a third field. */
static int
next_point(char **p, slong *lineno, const char **q, const char **v, const char *file,
           nh_error_t err)
{
    while (**p != '\0')
    {
        char *line = *p, *s = line, *e = strchr(line, '\n'), *f[3], *hash;
        int nf = 0;
        if (e != NULL)
            *e = '\0';
        *p = e != NULL ? e + 1 : line + strlen(line);
        (*lineno)++;
        if ((hash = strchr(line, '#')) != NULL)
            *hash = '\0';
        while (nf < 3)
        {
            s += strspn(s, " \t\r");
            if (*s == '\0')
                break;
            f[nf++] = s;
            s += strcspn(s, " \t\r");
            if (*s != '\0')
                *s++ = '\0';
        }
        if (nf == 0)
            continue;
        if (nf == 3)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%ld:%ld: expected 'Q_SPEC [V_SPEC]' "
                                "(at most two fields)", file, (long) *lineno,
                                (long) (f[2] - line + 1));
        *q = strcmp(f[0], "-") == 0 ? "" : f[0];
        *v = nf < 2 || strcmp(f[1], "-") == 0 ? "" : f[1];
        return 1;
    }
    return 0;
}

static int
run_batch(const nh_cli_struct *cli, nh_model_ptr M, nh_compute_fn fn, void *data)
{
    nh_error_t err;
    nh_out_t out;
    nh_sbuf_t b;
    nh_cli_struct pc = *cli;
    char *text = NULL, *p, where[512] = "", msg[sizeof out->status_msg] = "";
    size_t len;
    slong lineno = 0, npoints = 0;
    int rc, status = NH_OK;

    nh_error_init(err);
    rc = nh_file_read(&text, &len, cli->points_file, (size_t) NH_CLI_MAX_POINTS_BYTES,
                      "points file", err);
    if (rc != NH_OK)
        return nh_report(err);
    if (memchr(text, '\0', len) != NULL)
    {
        free(text);
        nh_error_set(err, NH_ERR_PARSE, "%s: a NUL byte in the points file", cli->points_file);
        return nh_report(err);
    }
    nh_sbuf_init(b);
    for (p = text; (rc = next_point(&p, &lineno, &pc.q_spec, &pc.v_spec, cli->points_file, err)) == 1; )
    {
        rc = run_point(out, &pc, M, fn, data, err);
        if (rc != NH_OK)
        {
            nh_error_prefix(err, "%s:%ld: ", cli->points_file, (long) lineno);
            break;
        }
        npoints++;
        if (!cli->json)
            nh_sbuf_printf(b, "%s# point %ld (%s:%ld): --q '%s' --v '%s'\n", npoints > 1 ? "\n" : "",
                           (long) npoints, cli->points_file, (long) lineno, pc.q_spec, pc.v_spec);
        out_text(b, out, cli, 1);
        if (out->status != NH_OK && status == NH_OK)
        {
            status = out->status;
            snprintf(where, sizeof where, "%s:%ld: ", cli->points_file, (long) lineno);
            memcpy(msg, out->status_msg, sizeof msg);
        }
        _nh_out_clear(out);
    }
    free(text);
    if (rc == 0 && npoints == 0)
        rc = nh_error_set(err, NH_ERR_PARSE, "%s: no point (lines 'Q_SPEC [V_SPEC]')",
                          cli->points_file);
    if (rc != 0)
        status = nh_report(err);        /* nothing written */
    else
        status = finish(cli, b, status, where, msg);
    nh_sbuf_clear(b);
    return status;
}

int
nh_cli_main(int argc, char **argv, const struct option *extra, nh_opt_handler handler,
            void *data, void (*usage)(FILE *), int (*validate)(void *data, nh_error_t err),
            nh_compute_fn fn)
{
    nh_cli_t cli;
    nh_error_t err;
    int rc;

    nh_error_init(err);
    rc = nh_cli_parse(cli, argc, argv, extra, handler, data, usage, err);
    if (rc == -1)
        return NH_OK;
    if (rc == NH_OK && validate != NULL && (rc = validate(data, err)) != NH_OK)
        nh_cli_clear(cli);
    if (rc != NH_OK)
        return nh_report(err);
    rc = nh_cli_run(cli, fn, data);
    nh_cli_clear(cli);
    return rc;
}
