/*
 * common.c -- shared machinery of the nhoracle subcommands (common.h).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"

#ifndef JSON_C_TO_STRING_NOSLASHESCAPE
#define JSON_C_TO_STRING_NOSLASHESCAPE 0
#endif

slong
nh_digits_to_bits(slong digits)
{
    return (slong) ((double) digits * 3.3219280948873623 + 1.0);
}

/* ---- output ---------------------------------------------------------- */

static void
nh_out_init(nh_out_t out, const nh_cli_struct *cli, slong prec)
{
    out->cli = cli;
    out->prec = prec;
    out->cap = 4096;
    out->len = 0;
    out->buf = malloc(out->cap);
    if (out->buf == NULL)
        abort();
    out->buf[0] = '\0';
    out->root = json_object_new_object();
    out->too_wide = 0;
    out->wide_what[0] = '\0';
    out->status = NH_OK;
    out->status_msg[0] = '\0';
}

static void
nh_out_clear(nh_out_t out)
{
    free(out->buf);
    out->buf = NULL;
    json_object_put(out->root);
    out->root = NULL;
}

static void
nh_out_vprintf(nh_out_t out, const char *fmt, va_list ap)
{
    va_list aq;
    int k;
    va_copy(aq, ap);
    k = vsnprintf(out->buf + out->len, out->cap - out->len, fmt, aq);
    va_end(aq);
    if (k < 0)
        return;
    if (out->len + (size_t) k + 1 > out->cap)
    {
        while (out->len + (size_t) k + 1 > out->cap)
            out->cap *= 2;
        out->buf = realloc(out->buf, out->cap);
        if (out->buf == NULL)
            abort();
        vsnprintf(out->buf + out->len, out->cap - out->len, fmt, ap);
    }
    out->len += (size_t) k;
}

void
nh_out_printf(nh_out_t out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nh_out_vprintf(out, fmt, ap);
    va_end(ap);
}

char *
nh_out_ball_str(const nh_out_t out, const arb_t x)
{
    return arb_get_str(x, out->cli->digits, 0);
}

json_object *
nh_out_ball_json(const nh_out_t out, const arb_t x)
{
    char *s = nh_out_ball_str(out, x);
    json_object *o = json_object_new_string(s);
    flint_free(s);
    return o;
}

void
nh_out_mark_wide(nh_out_t out, const char *fmt, ...)
{
    va_list ap;
    if (out->too_wide)
        return;
    out->too_wide = 1;
    va_start(ap, fmt);
    vsnprintf(out->wide_what, sizeof out->wide_what, fmt, ap);
    va_end(ap);
}

void
nh_out_check(nh_out_t out, arb_srcptr x, slong len, slong stride, const char *what)
{
    slong i, need = nh_digits_to_bits(out->cli->digits);
    arf_t gmax, bound;

    if (out->too_wide)
        return;

    arf_init(gmax);
    arf_init(bound);
    for (i = 0; i < len; i++)
        if (arf_cmpabs(arb_midref(x + i * stride), gmax) > 0)
            arf_abs(gmax, arb_midref(x + i * stride));
    /* A vector every entry of which is consistent with 0 (a quantity that
       vanishes identically, e.g. h^(k) of a model whose free motion
       preserves D) has no significant digits to certify: judge it by the
       absolute criterion below, as an exact zero vector. */
    for (i = 0; i < len && arb_contains_zero(x + i * stride); i++)
        ;
    if (i == len)
        arf_zero(gmax);
    arf_mul_2exp_si(bound, gmax, -need);

    for (i = 0; i < len; i++)
    {
        arb_srcptr e = x + i * stride;
        if (!arb_is_finite(e))
        {
            nh_out_mark_wide(out, "%s (not finite)", what);
            break;
        }
        if (mag_is_zero(arb_radref(e)) || arb_rel_accuracy_bits(e) >= need)
            continue;
        if (!arf_is_zero(gmax))
        {
            if (arf_cmpabs_mag(bound, arb_radref(e)) >= 0)
                continue;
        }
        else if (mag_cmp_2exp_si(arb_radref(e), -(out->prec / 2)) <= 0)
            continue;
        if (len == 1)
            nh_out_mark_wide(out, "%s", what);
        else
            nh_out_mark_wide(out, "%s (entry %ld)", what, (long) i);
        break;
    }
    arf_clear(gmax);
    arf_clear(bound);
}

void
nh_out_scalar(nh_out_t out, const char *key, const char *label, const arb_t x)
{
    char *s = nh_out_ball_str(out, x);
    nh_out_check(out, x, 1, 1, label);
    nh_out_printf(out, "%s: %s\n", label, s);
    json_object_object_add(out->root, key, json_object_new_string(s));
    flint_free(s);
}

json_object *
nh_out_vector_json(const nh_out_t out, arb_srcptr x, slong n, slong stride)
{
    slong i;
    json_object *a = json_object_new_array();
    for (i = 0; i < n; i++)
        json_object_array_add(a, nh_out_ball_json(out, x + i * stride));
    return a;
}

void
nh_out_vector(nh_out_t out, const char *key, const char *label,
              arb_srcptr x, slong n, slong stride, const nh_model_struct *M)
{
    slong i, w = 0;
    nh_out_check(out, x, n, stride, label);
    for (i = 0; i < n; i++)
    {
        slong l = (slong) strlen(nh_model_coord_name(M, i));
        if (l > w)
            w = l;
    }
    nh_out_printf(out, "%s:\n", label);
    for (i = 0; i < n; i++)
    {
        char *s = nh_out_ball_str(out, x + i * stride);
        nh_out_printf(out, "  %-*s  %s\n", (int) w, nh_model_coord_name(M, i), s);
        flint_free(s);
    }
    if (key != NULL)
        json_object_object_add(out->root, key, nh_out_vector_json(out, x, n, stride));
}

void
nh_out_matrix(nh_out_t out, const char *key, const char *label,
              arb_srcptr x, slong r, slong c, slong stride,
              const char *const *rowlab, const char *const *collab)
{
    slong i, j, rw = 0;
    char **s = malloc(sizeof(char *) * (size_t) (r * c > 0 ? r * c : 1));
    size_t *cw = calloc((size_t) (c > 0 ? c : 1), sizeof(size_t));
    char num[32];
    json_object *rows;

    if (s == NULL || cw == NULL)
        abort();
    nh_out_check(out, x, r * c, stride, label);
    rows = json_object_new_array();
    for (i = 0; i < r; i++)
    {
        json_object *row = json_object_new_array();
        for (j = 0; j < c; j++)
        {
            s[i * c + j] = nh_out_ball_str(out, x + (i * c + j) * stride);
            json_object_array_add(row, json_object_new_string(s[i * c + j]));
            if (strlen(s[i * c + j]) > cw[j])
                cw[j] = strlen(s[i * c + j]);
        }
        json_object_array_add(rows, row);
        if (rowlab != NULL && (slong) strlen(rowlab[i]) > rw)
            rw = (slong) strlen(rowlab[i]);
    }
    if (rowlab == NULL)
        rw = 3;
    for (j = 0; j < c; j++)
    {
        size_t l = collab != NULL ? strlen(collab[j]) : 3;
        if (l > cw[j])
            cw[j] = l;
    }

    nh_out_printf(out, "%s (%ld x %ld):\n", label, (long) r, (long) c);
    nh_out_printf(out, "  %-*s", (int) rw, "");
    for (j = 0; j < c; j++)
    {
        if (collab != NULL)
            nh_out_printf(out, "  %-*s", (int) cw[j], collab[j]);
        else
        {
            snprintf(num, sizeof num, "%ld", (long) (j + 1));
            nh_out_printf(out, "  %-*s", (int) cw[j], num);
        }
    }
    nh_out_printf(out, "\n");
    for (i = 0; i < r; i++)
    {
        if (rowlab != NULL)
            nh_out_printf(out, "  %-*s", (int) rw, rowlab[i]);
        else
        {
            snprintf(num, sizeof num, "%ld", (long) (i + 1));
            nh_out_printf(out, "  %-*s", (int) rw, num);
        }
        for (j = 0; j < c; j++)
        {
            nh_out_printf(out, "  %-*s", (int) cw[j], s[i * c + j]);
            flint_free(s[i * c + j]);
        }
        nh_out_printf(out, "\n");
    }
    if (key != NULL)
        json_object_object_add(out->root, key, rows);
    else
        json_object_put(rows);
    free(s);
    free(cw);
}

void
nh_out_header(nh_out_t out, const nh_model_struct *M, arb_srcptr q, arb_srcptr v)
{
    slong i, n = nh_model_n(M);
    json_object *coords = json_object_new_array();
    const char *src = nh_model_source(M);

    json_object_object_add(out->root, "command", json_object_new_string(out->cli->subcommand));
    json_object_object_add(out->root, "case", json_object_new_string(nh_model_name(M)));
    json_object_object_add(out->root, "file", json_object_new_string(nh_model_filename(M)));
    for (i = 0; i < n; i++)
        json_object_array_add(coords, json_object_new_string(nh_model_coord_name(M, i)));
    json_object_object_add(out->root, "coordinates", coords);
    json_object_object_add(out->root, "prec", json_object_new_int64(out->prec));
    json_object_object_add(out->root, "digits", json_object_new_int64(out->cli->digits));

    nh_out_printf(out, "nhoracle %s: case %s (%s)\n", out->cli->subcommand,
                  nh_model_name(M), nh_model_filename(M));
    if (src != NULL && src[0] != '\0')
        nh_out_printf(out, "source: %s\n", src);
    nh_out_printf(out, "working precision: %ld bits; digits: %ld\n",
                  (long) out->prec, (long) out->cli->digits);
    nh_out_printf(out, "coordinates:");
    for (i = 0; i < n; i++)
        nh_out_printf(out, " %s", nh_model_coord_name(M, i));
    nh_out_printf(out, "\n");
    if (nh_model_nparams(M) > 0)
    {
        json_object *par = json_object_new_object();
        fmpq_t p;
        fmpq_init(p);
        nh_out_printf(out, "parameters:");
        for (i = 0; i < nh_model_nparams(M); i++)
        {
            char *s;
            nh_model_param_value(p, M, i);
            s = fmpq_get_str(NULL, 10, p);
            nh_out_printf(out, " %s=%s", nh_model_param_name(M, i), s);
            json_object_object_add(par, nh_model_param_name(M, i), json_object_new_string(s));
            flint_free(s);
        }
        nh_out_printf(out, "\n");
        json_object_object_add(out->root, "parameters", par);
        fmpq_clear(p);
    }
    if (q != NULL)
        nh_out_vector(out, "q", "q", q, n, 1, M);
    if (v != NULL)
        nh_out_vector(out, "v", "v", v, n, 1, M);
}

/* ---- parsing --------------------------------------------------------- */

int
nh_parse_slong(slong *res, const char *s, slong lo, slong hi, const char *what, nh_error_t err)
{
    char *end;
    long long x;
    errno = 0;
    x = strtoll(s, &end, 10);
    if (s[0] == '\0' || *end != '\0' || errno == ERANGE)
        return nh_error_set(err, NH_ERR_USAGE, "%s: '%s' is not an integer", what, s);
    if (x < (long long) lo || x > (long long) hi)
        return nh_error_set(err, NH_ERR_USAGE, "%s: %s is out of range (allowed %ld..%ld)",
                            what, s, (long) lo, (long) hi);
    *res = (slong) x;
    return NH_OK;
}

int
nh_parse_fmpq(fmpq_t res, const char *s, const char *what, nh_error_t err)
{
    const char *p = s;
    int neg = 0, ndig = 0;
    fmpz_t num, den, t;
    slong e = 0;
    int rc = NH_OK;

    fmpz_init(num);
    fmpz_init(den);
    fmpz_init(t);
    fmpz_one(den);
    while (*p == ' ')
        p++;
    if (*p == '+' || *p == '-')
        neg = (*p++ == '-');
    while (*p >= '0' && *p <= '9')
    {
        fmpz_mul_ui(num, num, 10);
        fmpz_add_ui(num, num, (ulong) (*p++ - '0'));
        ndig++;
    }
    if (*p == '.')
    {
        p++;
        while (*p >= '0' && *p <= '9')
        {
            fmpz_mul_ui(num, num, 10);
            fmpz_add_ui(num, num, (ulong) (*p++ - '0'));
            fmpz_mul_ui(den, den, 10);
            ndig++;
        }
    }
    if (ndig == 0)
        goto bad;
    if (*p == 'e' || *p == 'E')
    {
        char *end;
        long x;
        p++;
        errno = 0;
        x = strtol(p, &end, 10);
        if (end == p || errno == ERANGE || x > 100000 || x < -100000)
            goto bad;
        e = x;
        p = end;
    }
    else if (*p == '/')
    {
        p++;
        if (!(*p >= '0' && *p <= '9'))
            goto bad;
        fmpz_zero(t);
        while (*p >= '0' && *p <= '9')
        {
            fmpz_mul_ui(t, t, 10);
            fmpz_add_ui(t, t, (ulong) (*p++ - '0'));
        }
        if (fmpz_is_zero(t))
        {
            rc = nh_error_set(err, NH_ERR_USAGE, "%s: '%s': division by zero", what, s);
            goto done;
        }
        fmpz_mul(den, den, t);
    }
    while (*p == ' ')
        p++;
    if (*p != '\0')
        goto bad;
    if (e > 0)
    {
        fmpz_ui_pow_ui(t, 10, (ulong) e);
        fmpz_mul(num, num, t);
    }
    else if (e < 0)
    {
        fmpz_ui_pow_ui(t, 10, (ulong) (-e));
        fmpz_mul(den, den, t);
    }
    if (neg)
        fmpz_neg(num, num);
    fmpq_set_fmpz_frac(res, num, den);
    goto done;
bad:
    rc = nh_error_set(err, NH_ERR_USAGE,
                      "%s: '%s' is not a rational number (examples: 3, -1/2, 0.25, 1e-3)",
                      what, s);
done:
    fmpz_clear(num);
    fmpz_clear(den);
    fmpz_clear(t);
    return rc;
}

/* ---- command line ---------------------------------------------------- */

enum
{
    OPT_Q = 256, OPT_V, OPT_PREC, OPT_MAX_PREC, OPT_DIGITS, OPT_JSON, OPT_PARAM,
    OPT_TIMEOUT, OPT_MAX_MEMORY
};

static const struct option common_options[] = {
    {"q", required_argument, NULL, OPT_Q},
    {"v", required_argument, NULL, OPT_V},
    {"prec", required_argument, NULL, OPT_PREC},
    {"max-prec", required_argument, NULL, OPT_MAX_PREC},
    {"digits", required_argument, NULL, OPT_DIGITS},
    {"json", no_argument, NULL, OPT_JSON},
    {"param", required_argument, NULL, OPT_PARAM},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
};

#define NCOMMON ((slong) (sizeof common_options / sizeof common_options[0]))

void
nh_cli_common_help(FILE *f)
{
    fprintf(f,
"Common options:\n"
"  --q SPEC         configuration, e.g. 'theta=0.3,x=0' (names as in the model\n"
"                   file; decimal literals are exact rationals; omitted names = 0)\n"
"  --v SPEC         velocity, same syntax (default: all 0)\n"
"  --param NAME=VALUE  override a model parameter (exact rational; repeatable)\n"
"  --prec BITS      working precision in bits (%d..%d, default %d)\n"
"  --max-prec BITS  cap for the automatic precision increase (default %d)\n"
"  --digits D       significant digits to print (1..%d, default %d)\n"
"  --json           print one JSON object instead of tables\n"
"  -o, --output FILE  write the output to FILE (atomically)\n"
"  --timeout S      give up after S seconds of wall-clock time (exit 6)\n"
"  --max-memory MB  limit the address space to MB megabytes (exit 6 when\n"
"                   exceeded; not enforced in AddressSanitizer builds)\n"
"  -h, --help       show this help\n"
"Every number is an Arb ball [mid +/- rad] containing the exact value.\n"
"Exit status: 0 ok, 1 usage, 2 parse, 3 model, 4 precision, 5 io,\n"
"6 resource, 7 domain (internal), 8 series routes disagree,\n"
"130/143 interrupted by SIGINT/SIGTERM (no output file is left).\n",
            NH_MIN_PREC, NH_MAX_PREC, NH_DEFAULT_PREC, NH_DEFAULT_MAX_PREC,
            NH_MAX_DIGITS, NH_DEFAULT_DIGITS);
}

static int
add_param(nh_cli_t cli, const char *arg, nh_error_t err)
{
    const char *eq = strchr(arg, '=');
    char *name;
    slong k;
    if (eq == NULL || eq == arg)
        return nh_error_set(err, NH_ERR_USAGE, "--param: expected NAME=VALUE, found '%s'", arg);
    if (cli->nparams >= NH_CLI_MAX_PARAMS)
        return nh_error_set(err, NH_ERR_USAGE, "--param: at most %d overrides", NH_CLI_MAX_PARAMS);
    name = malloc((size_t) (eq - arg) + 1);
    if (name == NULL)
        abort();
    memcpy(name, arg, (size_t) (eq - arg));
    name[eq - arg] = '\0';
    k = cli->nparams;
    fmpq_init(cli->param_value + k);
    if (nh_parse_fmpq(cli->param_value + k, eq + 1, "--param", err) != NH_OK)
    {
        fmpq_clear(cli->param_value + k);
        free(name);
        return NH_ERR_USAGE;
    }
    cli->param_name[k] = name;
    cli->nparams++;
    return NH_OK;
}

void
nh_cli_clear(nh_cli_t cli)
{
    slong k;
    for (k = 0; k < cli->nparams; k++)
    {
        free((char *) cli->param_name[k]);
        fmpq_clear(cli->param_value + k);
    }
    cli->nparams = 0;
}

int
nh_cli_parse(nh_cli_t cli, int argc, char **argv,
             const struct option *extra, nh_opt_handler handler, void *data,
             void (*usage)(FILE *), nh_error_t err)
{
    slong nextra = 0, i;
    struct option *opts;
    int c, rc = NH_OK, max_prec_set = 0;

    memset(cli, 0, sizeof(nh_cli_struct));
    cli->subcommand = argv[0];
    cli->q_spec = "";
    cli->v_spec = "";
    cli->prec = NH_DEFAULT_PREC;
    cli->max_prec = NH_DEFAULT_MAX_PREC;
    cli->digits = NH_DEFAULT_DIGITS;

    while (extra != NULL && extra[nextra].name != NULL)
        nextra++;
    opts = calloc((size_t) (NCOMMON + nextra + 1), sizeof(struct option));
    if (opts == NULL)
        abort();
    for (i = 0; i < NCOMMON; i++)
        opts[i] = common_options[i];
    for (i = 0; i < nextra; i++)
        opts[NCOMMON + i] = extra[i];

    optind = 0;     /* full reinitialisation (glibc), scanning from argv[1] */
    opterr = 0;
    while (rc == NH_OK && (c = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1)
    {
        switch (c)
        {
            case 'h':
                usage(stdout);
                free(opts);
                nh_cli_clear(cli);
                return -1;
            case 'o':
                if (optarg[0] == '\0')
                    rc = nh_error_set(err, NH_ERR_USAGE, "-o: empty file name");
                cli->output = optarg;
                break;
            case OPT_Q:
                cli->q_spec = optarg;
                break;
            case OPT_V:
                cli->v_spec = optarg;
                break;
            case OPT_PREC:
                rc = nh_parse_slong(&cli->prec, optarg, NH_MIN_PREC, NH_MAX_PREC, "--prec", err);
                break;
            case OPT_MAX_PREC:
                rc = nh_parse_slong(&cli->max_prec, optarg, NH_MIN_PREC, NH_MAX_PREC, "--max-prec", err);
                max_prec_set = 1;
                break;
            case OPT_DIGITS:
                rc = nh_parse_slong(&cli->digits, optarg, 1, NH_MAX_DIGITS, "--digits", err);
                break;
            case OPT_JSON:
                cli->json = 1;
                break;
            case OPT_PARAM:
                rc = add_param(cli, optarg, err);
                break;
            case OPT_TIMEOUT:
                rc = nh_parse_slong(&cli->timeout, optarg, 1, NH_MAX_TIMEOUT, "--timeout", err);
                break;
            case OPT_MAX_MEMORY:
                rc = nh_parse_slong(&cli->max_memory, optarg, 16, NH_MAX_MEMORY_MB, "--max-memory", err);
                break;
            case ':':
                rc = nh_error_set(err, NH_ERR_USAGE, "%s: option '%s' requires an argument",
                                  argv[0], argv[optind - 1]);
                break;
            case '?':
                if (optopt != 0)
                    rc = nh_error_set(err, NH_ERR_USAGE, "%s: unknown option '-%c'", argv[0], optopt);
                else
                    rc = nh_error_set(err, NH_ERR_USAGE, "%s: unknown option '%s'",
                                      argv[0], argv[optind - 1]);
                break;
            default:
                if (handler != NULL)
                    rc = handler(c, optarg, data, err);
                else
                    rc = nh_error_set(err, NH_ERR_USAGE, "%s: unknown option", argv[0]);
                break;
        }
    }
    free(opts);

    if (rc == NH_OK)
    {
        if (optind >= argc)
            rc = nh_error_set(err, NH_ERR_USAGE, "%s: missing model file CASE.nh", argv[0]);
        else if (optind + 1 < argc)
            rc = nh_error_set(err, NH_ERR_USAGE, "%s: unexpected argument '%s' (one model file expected)",
                              argv[0], argv[optind + 1]);
        else
            cli->case_path = argv[optind];
    }
    if (rc == NH_OK)
    {
        if (!max_prec_set && cli->max_prec < cli->prec)
            cli->max_prec = cli->prec;
        if (cli->max_prec < cli->prec)
            rc = nh_error_set(err, NH_ERR_USAGE, "--max-prec %ld is below --prec %ld",
                              (long) cli->max_prec, (long) cli->prec);
    }
    if (rc != NH_OK)
        nh_cli_clear(cli);
    return rc;
}

int
nh_cli_load_model(nh_model_ptr *M, const nh_cli_t cli, nh_error_t err)
{
    slong k;
    int rc = nh_model_load(M, cli->case_path, err);
    if (rc != NH_OK)
        return rc;
    for (k = 0; k < cli->nparams; k++)
    {
        rc = nh_model_set_param(*M, cli->param_name[k], cli->param_value + k, err);
        if (rc != NH_OK)
        {
            nh_error_prefix(err, "--param %s: ", cli->param_name[k]);
            nh_model_free(*M);
            *M = NULL;
            return rc;
        }
    }
    return NH_OK;
}

int
nh_cli_point(arb_ptr q, arb_ptr v, const nh_model_struct *M, const nh_cli_t cli,
             slong prec, nh_error_t err)
{
    int rc = nh_model_parse_point(q, M, cli->q_spec, "--q", prec, err);
    if (rc == NH_OK && v != NULL)
        rc = nh_model_parse_point(v, M, cli->v_spec, "--v", prec, err);
    return rc;
}

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

/* ---- signals and limits (issue 6) ----------------------------------- */

/* The temporary file of a pending nh_write_atomic, removed by the signal
   handlers.  A fixed buffer (no allocation in a handler); nh_tmp_active
   is set only once the name is complete. */
static char nh_tmp_path[4096];
static volatile sig_atomic_t nh_tmp_active = 0;
/* The child of a pending nh_run_capture (0: none), killed and reaped by
   the handlers so that no helper program outlives nhoracle. */
static volatile pid_t nh_child_pid = 0;
/* messages formatted at install time (the handlers cannot format) */
static char nh_msg_timeout[160] = "nhoracle: time limit exceeded (--timeout); no output written\n";
static char nh_msg_memory[200] = "nhoracle: out of memory; no output written\n";

static void
nh_pending_tmp_set(const char *tmp)
{
    nh_tmp_active = 0;
    if (tmp != NULL && strlen(tmp) < sizeof nh_tmp_path)
    {
        strcpy(nh_tmp_path, tmp);
        nh_tmp_active = 1;
    }
}

/* async-signal-safe: write(2), unlink(2), _exit(2) only */
static void
nh_die_clean(const char *msg, int code)
{
    ssize_t w;
    if (nh_child_pid > 0)
    {
        kill(nh_child_pid, SIGKILL);
        waitpid(nh_child_pid, NULL, 0);
    }
    if (nh_tmp_active)
        unlink(nh_tmp_path);
    w = write(STDERR_FILENO, msg, strlen(msg));
    (void) w;
    _exit(code);
}

static void
nh_on_signal(int sig)
{
    switch (sig)
    {
        case SIGALRM:
            nh_die_clean(nh_msg_timeout, NH_ERR_RESOURCE);
            break;
        case SIGINT:
            nh_die_clean("nhoracle: interrupted by SIGINT; no output written\n", 128 + sig);
            break;
        case SIGTERM:
            nh_die_clean("nhoracle: terminated by SIGTERM; no output written\n", 128 + sig);
            break;
        case SIGABRT:
            nh_die_clean(nh_msg_memory, NH_ERR_RESOURCE);
            break;
        default:
            nh_die_clean("nhoracle: terminated by a signal; no output written\n", 128 + sig);
            break;
    }
}

#if defined(__SANITIZE_ADDRESS__)
#define NH_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NH_ASAN 1
#endif
#endif

#ifndef NH_ASAN
static FLINT_NORETURN void
nh_on_flint_abort(void)
{
    nh_die_clean(nh_msg_memory, NH_ERR_RESOURCE);
    abort();
}
#endif

void
nh_cli_limits_install(const nh_cli_struct *cli)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = nh_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    snprintf(nh_msg_timeout, sizeof nh_msg_timeout,
             "nhoracle: time limit exceeded (--timeout %ld s); no output written\n",
             (long) cli->timeout);
    if (cli->max_memory > 0)
        snprintf(nh_msg_memory, sizeof nh_msg_memory,
                 "nhoracle: out of memory (an allocation failed under --max-memory %ld MB); "
                 "no output written\n", (long) cli->max_memory);
    if (cli->timeout > 0)
    {
        sigaction(SIGALRM, &sa, NULL);
        alarm((unsigned int) cli->timeout);
    }
    if (cli->max_memory > 0)
    {
#ifdef NH_ASAN
        fprintf(stderr, "nhoracle: note: --max-memory is not enforced in an "
                "AddressSanitizer build\n");
#else
        struct rlimit rl;
        rlim_t lim = (rlim_t) cli->max_memory << 20;
        if (getrlimit(RLIMIT_AS, &rl) == 0 && (rl.rlim_max == RLIM_INFINITY || lim <= rl.rlim_max))
        {
            rl.rlim_cur = lim;
            if (setrlimit(RLIMIT_AS, &rl) != 0)
                fprintf(stderr, "nhoracle: warning: cannot set --max-memory: %s\n", strerror(errno));
        }
        /* allocation failures inside FLINT/Arb and our own abort() on a
           failed malloc become a clean exit 6 */
        flint_set_abort(nh_on_flint_abort);
        sigaction(SIGABRT, &sa, NULL);
#endif
    }
}

double
nh_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

void
nh_cli_progress(const char *what, slong done, slong total, double t0, double *last)
{
    double now = nh_cli_now();
    if (done >= total || done <= 0 || now - *last < NH_PROGRESS_SECONDS)
        return;
    *last = now;
    fprintf(stderr, "nhoracle: %s: %ld/%ld (%.0f s elapsed, about %.0f s to go; estimate)\n",
            what, (long) done, (long) total, now - t0,
            (now - t0) * (double) (total - done) / (double) done);
}

double
nh_cli_memory_limit(const nh_cli_struct *cli)
{
    long pages, psz;
    if (cli->max_memory > 0)
        return (double) cli->max_memory * 1048576.0;
    pages = sysconf(_SC_PHYS_PAGES);
    psz = sysconf(_SC_PAGESIZE);
    return (pages > 0 && psz > 0) ? (double) pages * (double) psz : 1e12;
}

int
nh_cli_check_bytes(const nh_cli_struct *cli, double bytes, const char *what,
                   const char *hint, nh_error_t err)
{
    double limit = nh_cli_memory_limit(cli);
    if (bytes <= limit)
        return NH_OK;
    return nh_error_set(err, NH_ERR_RESOURCE,
                        "%s would need about %.3g MB of memory, more than the %s of %.3g MB; %s",
                        what, bytes / 1048576.0,
                        cli->max_memory > 0 ? "--max-memory limit" : "physical memory",
                        limit / 1048576.0, hint);
}

static double
nh_binom_d(slong n, slong k)
{
    double r = 1.0;
    slong i;
    for (i = 1; i <= k; i++)
        r = r * (double) (n - k + i) / (double) i;
    return r;
}

int
nh_cli_check_cost(const nh_cli_struct *cli, slong n, slong nvars, slong order,
                  slong nmat, double *bytes, nh_error_t err)
{
    /* an arb_t of p bits: 48 bytes of struct + the limbs of the midpoint */
    double ball = 48.0 + (double) ((cli->max_prec + 63) / 64) * 8.0;
    double len = nh_binom_d(nvars + order, order);
    double njets = (double) n * n * n + (double) nmat * n * n;
    double b = njets * len * ball;
    char what[256];
    if (bytes != NULL)
        *bytes = b;
    snprintf(what, sizeof what, "the requested computation (%ld coordinates, jets in %ld variables "
             "to order %ld: %.3g coefficients each, %.3g jets, at up to %ld bits)",
             (long) n, (long) nvars, (long) order, len, njets, (long) cli->max_prec);
    return nh_cli_check_bytes(cli, b, what, "lower the order or --max-prec", err);
}

/* What an output path is (see nh_output_check in common.h). */
enum { NH_OUT_NEW, NH_OUT_REPLACE, NH_OUT_STREAM };

static int
nh_output_kind(int *kind, const char *path, nh_error_t err)
{
    struct stat st, tg;
    if (lstat(path, &st) != 0)
    {
        if (errno == ENOENT)
        {
            *kind = NH_OUT_NEW;
            return NH_OK;
        }
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
    }
    if (S_ISLNK(st.st_mode))
    {
        if (stat(path, &tg) == 0 && !S_ISREG(tg.st_mode) && !S_ISDIR(tg.st_mode))
        {
            *kind = NH_OUT_STREAM;      /* /dev/stdout, a link to a FIFO */
            return NH_OK;
        }
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': it is a symbolic link; "
                            "name the file itself (output never follows or replaces a link)",
                            path);
    }
    if (S_ISDIR(st.st_mode))
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': it is a directory", path);
    if (!S_ISREG(st.st_mode))
    {
        *kind = NH_OUT_STREAM;          /* /dev/null, a FIFO, a terminal */
        return NH_OK;
    }
    if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': the file is read-only "
                            "(no write permission bit set); it is left untouched", path);
    *kind = NH_OUT_REPLACE;
    return NH_OK;
}

int
nh_output_check(const char *path, const char *input, nh_error_t err)
{
    struct stat so, si;
    int kind;
    if (nh_output_kind(&kind, path, err) != NH_OK)
        return err->code;
    if (input != NULL && kind != NH_OUT_NEW && stat(path, &so) == 0 && stat(input, &si) == 0
        && so.st_dev == si.st_dev && so.st_ino == si.st_ino)
        return nh_error_set(err, NH_ERR_USAGE, "the output file '%s' is the input file '%s'; "
                            "refusing to overwrite it", path, input);
    return NH_OK;
}

/* write all of data to the open descriptor fd */
static int
nh_write_all(int fd, const char *data, size_t len)
{
    size_t off = 0;
    while (off < len)
    {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0)
        {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (size_t) w;
    }
    return 0;
}

int
nh_write_atomic(const char *path, const char *data, size_t len, nh_error_t err)
{
    size_t plen = strlen(path);
    char *tmp;
    int fd, e, kind;
    mode_t mask;

    if (nh_output_kind(&kind, path, err) != NH_OK)
        return err->code;
    if (kind == NH_OUT_STREAM)
    {
        /* a device or FIFO: no rename is possible (and renaming over
           /dev/null as root would replace the device); write to it */
        fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0 || nh_write_all(fd, data, len) != 0)
        {
            e = errno;
            if (fd >= 0)
                close(fd);
            return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(e));
        }
        if (close(fd) != 0)
            return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
        return NH_OK;
    }
    tmp = malloc(plen + 16);
    if (tmp == NULL)
        return nh_error_set(err, NH_ERR_RESOURCE, "out of memory");
    snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
    nh_pending_tmp_set(NULL);
    fd = mkstemp(tmp);
    if (fd >= 0)
        nh_pending_tmp_set(tmp);
    if (fd < 0)
    {
        e = errno;
        free(tmp);
        return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(e));
    }
    if (nh_write_all(fd, data, len) != 0)
        goto fail;
    mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0)
        goto fail;
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        goto fail;
    if (close(fd) != 0)
    {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    nh_pending_tmp_set(NULL);
    free(tmp);
    return NH_OK;

fail:
    e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    nh_pending_tmp_set(NULL);
    free(tmp);
    return nh_error_set(err, NH_ERR_IO, "cannot write '%s': %s", path, strerror(e));
}

/* pipe(2) with both ends close-on-exec (nhoracle is single-threaded) */
static int
nh_pipe_cloexec(int p[2])
{
    if (pipe(p) != 0)
        return -1;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

int
nh_run_capture(char **out, size_t *outlen, int *not_found, const char *dir,
               char *const argv[], size_t max_bytes, nh_error_t err)
{
    int outp[2], errp[2], status, e = 0, rc = NH_OK;
    sigset_t all, old;
    size_t cap = 65536;
    ssize_t r;
    pid_t pid;

    *out = NULL;
    *outlen = 0;
    *not_found = 0;
    if (nh_pipe_cloexec(outp) != 0)
        return nh_error_set(err, NH_ERR_IO, "cannot run %s: pipe: %s", argv[0], strerror(errno));
    if (nh_pipe_cloexec(errp) != 0)
    {
        e = errno;
        close(outp[0]);
        close(outp[1]);
        return nh_error_set(err, NH_ERR_IO, "cannot run %s: pipe: %s", argv[0], strerror(e));
    }
    /* no handler may run in the child before exec (it would remove the
       parent's pending temporary file): block, fork, restore */
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    pid = fork();
    if (pid == 0)
    {
        static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGABRT, SIGPIPE};
        size_t i;
        int fd;
        for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
            signal(sigs[i], SIG_DFL);
        alarm(0);
        sigprocmask(SIG_SETMASK, &old, NULL);
        fd = open("/dev/null", O_RDONLY);
        if (fd < 0 || dup2(fd, STDIN_FILENO) < 0 || dup2(outp[1], STDOUT_FILENO) < 0
            || (dir != NULL && chdir(dir) != 0))
            e = errno;
        else
        {
            execvp(argv[0], argv);
            e = errno;
        }
        r = write(errp[1], &e, sizeof e);
        (void) r;
        _exit(127);
    }
    e = errno;
    if (pid > 0)
        nh_child_pid = pid;
    sigprocmask(SIG_SETMASK, &old, NULL);
    close(outp[1]);
    close(errp[1]);
    if (pid < 0)
    {
        close(outp[0]);
        close(errp[0]);
        return nh_error_set(err, NH_ERR_IO, "cannot run %s: fork: %s", argv[0], strerror(e));
    }

    /* exec failure: the child wrote its errno before the close-on-exec
       pipe closed */
    e = 0;
    do
        r = read(errp[0], &e, sizeof e);
    while (r < 0 && errno == EINTR);
    close(errp[0]);
    if (r == (ssize_t) sizeof e)
    {
        *not_found = (e == ENOENT);
        rc = nh_error_set(err, NH_ERR_IO, "cannot run %s: %s", argv[0], strerror(e));
    }
    else
    {
        *out = malloc(cap);
        if (*out == NULL)
            abort();
        for (;;)
        {
            r = read(outp[0], *out + *outlen, cap - *outlen);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                break;
            *outlen += (size_t) r;
            if (*outlen > max_bytes)
                break;
            if (*outlen == cap)
            {
                cap *= 2;
                *out = realloc(*out, cap);
                if (*out == NULL)
                    abort();
            }
        }
        if (r < 0)
            rc = nh_error_set(err, NH_ERR_IO, "%s: cannot read its output: %s", argv[0],
                              strerror(errno));
        else if (*outlen > max_bytes)
        {
            kill(pid, SIGKILL);
            rc = nh_error_set(err, NH_ERR_IO, "%s printed more than %zu bytes", argv[0], max_bytes);
        }
    }
    close(outp[0]);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
        {
            status = -1;
            break;
        }
    nh_child_pid = 0;
    if (rc == NH_OK && !(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0))
    {
        if (status != -1 && WIFSIGNALED(status))
            rc = nh_error_set(err, NH_ERR_IO, "%s was killed by signal %d", argv[0],
                              WTERMSIG(status));
        else
            rc = nh_error_set(err, NH_ERR_IO, "%s failed (exit status %d)", argv[0],
                              status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    if (rc != NH_OK)
    {
        free(*out);
        *out = NULL;
        *outlen = 0;
    }
    return rc;
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

int
nh_cli_finish_stdout(int rc)
{
    int bad = fflush(stdout) != 0, e = errno;
    if (!bad && ferror(stdout))
    {
        bad = 1;
        e = EIO;
    }
    if (!bad)
        return rc;
    clearerr(stdout);
    if (e == EIO)
        fprintf(stderr, "nhoracle: cannot write to standard output (a write to it failed)\n");
    else
        fprintf(stderr, "nhoracle: cannot write to standard output: %s\n", strerror(e));
    return NH_ERR_IO;
}

int
nh_cli_run(const nh_cli_t cli, nh_compute_fn fn, void *data)
{
    nh_model_ptr M = NULL;
    nh_error_t err;
    nh_out_t out;
    slong prec = cli->prec;
    int rc;

    nh_error_init(err);
    rc = nh_cli_start(&M, cli, err);
    if (rc != NH_OK)
        return nh_report(err);

    for (;;)
    {
        slong next = prec >= cli->max_prec / 2 ? cli->max_prec : 2 * prec;
        nh_error_init(err);
        nh_out_init(out, cli, prec);
        rc = fn(out, cli, M, prec, data, err);

        if (rc == NH_ERR_DOMAIN && prec < cli->max_prec)
        {
            /* inconclusive ball arithmetic (e.g. a divisor ball meeting 0):
               may be resolved by a higher precision */
            fprintf(stderr, "nhoracle: raising working precision to %ld bits (%s)\n",
                    (long) next, err->msg);
            nh_out_clear(out);
            prec = next;
            continue;
        }
        if (rc != NH_OK)
        {
            if (rc == NH_ERR_DOMAIN)
                nh_error_prefix(err, "at the precision cap of %ld bits (raise --max-prec; "
                                "the point may be on a singularity): ", (long) prec);
            nh_out_clear(out);
            nh_model_free(M);
            return nh_report(err);
        }
        if (out->too_wide)
        {
            if (prec < cli->max_prec)
            {
                fprintf(stderr, "nhoracle: raising working precision to %ld bits "
                        "(%s too wide for %ld digits at %ld bits)\n",
                        (long) next, out->wide_what, (long) cli->digits, (long) prec);
                nh_out_clear(out);
                prec = next;
                continue;
            }
            nh_error_set(err, NH_ERR_PRECISION,
                         "%s too wide for %ld digits even at the precision cap of %ld bits "
                         "(raise --max-prec or lower --digits)",
                         out->wide_what, (long) cli->digits, (long) prec);
            nh_out_clear(out);
            nh_model_free(M);
            return nh_report(err);
        }
        break;
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
    nh_out_clear(out);
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
