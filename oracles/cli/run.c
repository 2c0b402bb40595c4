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

int
nh_cli_start(nh_model_ptr *M, const nh_cli_t cli, nh_error_t err)
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

int
nh_cli_run(const nh_cli_t cli, nh_compute_fn fn, void *data)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_out_t out;
    nh_prec_policy_struct P = {cli->prec, cli->max_prec, 1, 1, run_note};
    run_attempt_struct A = {cli, fn, data, NULL, out, 0, ""};
    slong prec;
    int rc;

    nh_error_init(err);
    rc = nh_cli_start(&M, cli, err);
    if (rc != NH_OK)
        return nh_report(err);

    A.M = M;
    rc = nh_prec_loop(&prec, &P, run_attempt, &A, err);
    if (rc != NH_OK)
    {
        if (rc == NH_ERR_DOMAIN)
            nh_error_prefix(err, "at the precision cap of %ld bits (raise --max-prec; "
                            "the point may be on a singularity): ", (long) prec);
        else if (rc == NH_PREC_WIDE)
            nh_error_set(err, NH_ERR_PRECISION,
                         "%s too wide for %ld digits even at the precision cap of %ld bits "
                         "(raise --max-prec or lower --digits)",
                         A.wide_what, (long) cli->digits, (long) prec);
        nh_model_free(M);
        return nh_report(err);
    }

    if (cli->json)
    {
        const char *s = json_object_to_json_string_ext(out->root,
                            JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
        size_t l = strlen(s);
        char *t = malloc(l + 2);
        if (t == NULL)
            abort();
        memcpy(t, s, l);
        t[l] = '\n';
        t[l + 1] = '\0';
        rc = write_output(cli, t, l + 1, err);
        free(t);
    }
    else
        rc = write_output(cli, out->buf, out->len, err);

    if (rc == NH_OK)
    {
        rc = out->status;
        if (out->status_msg[0] != '\0')
            fprintf(stderr, "nhoracle: %s\n", out->status_msg);
    }
    else
        rc = nh_report(err);
    _nh_out_clear(out);
    nh_model_free(M);
    return rc;
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
