/*
 * args.c -- the command line of a subcommand (cli.h, "command line"):
 * the common options and their help text, nh_cli_parse, the number
 * parsers (nh_parse_slong, nh_parse_fmpq, nh_parse_fmpq_list,
 * nh_parse_double), --param overrides of the
 * model's parameters and the point given by --q / --v.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quantity.h"

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
nh_parse_double(double *x, const char *s, double lo, const char *what, nh_error_t err)
{
    char *end;
    *x = strtod(s, &end);
    if (s[0] == '\0' || *end != '\0' || !isfinite(*x) || !(*x >= lo))
    {
        if (lo == -HUGE_VAL)
            return nh_error_set(err, NH_ERR_USAGE, "%s: expected a number, found '%s'", what, s);
        return nh_error_set(err, NH_ERR_USAGE, "%s: expected a number >= %g, found '%s'", what,
                            lo, s);
    }
    return NH_OK;
}

/* The rules of nh_parse_fmpq_list for item i (0-based) of x, text item
   at column col of the argument; where: "WHAT item I (column C)". */
static int
fmpq_list_item_ok(const fmpq *x, slong i, const char *item, const nh_fmpq_list_rules *r,
                  const char *where, nh_error_t err)
{
    slong j;
    if (r->positive && fmpq_sgn(x + i) <= 0)
        return nh_error_set(err, NH_ERR_USAGE, "%s: must be positive, found '%s'", where, item);
    if (r->increasing && i > 0 && fmpq_cmp(x + i, x + i - 1) <= 0)
        return nh_error_set(err, NH_ERR_USAGE, "%s: must be larger than the previous item, "
                            "found '%s'", where, item);
    if (r->hi != WORD_MAX && fmpq_cmp_si(x + i, r->hi) > 0)
        return nh_error_set(err, NH_ERR_USAGE, "%s: at most %ld, found '%s'", where,
                            (long) r->hi, item);
    for (j = 0; r->distinct && j < i; j++)
        if (fmpq_equal(x + j, x + i))
            return nh_error_set(err, NH_ERR_USAGE, "%s: value '%s' repeated (item %ld)", where,
                                item, (long) (j + 1));
    return NH_OK;
}

int
nh_parse_fmpq_list(fmpq *x, slong *count, const char *arg, const char *what,
                   const nh_fmpq_list_rules *r, nh_error_t err)
{
    char *copy = strdup(arg), *p = copy, *item, where[128];
    slong n = 0;
    int rc = NH_OK;

    while (rc == NH_OK && (item = strsep(&p, ":,")) != NULL)
    {
        snprintf(where, sizeof where, "%s item %ld (column %ld)", what, (long) (n + 1),
                 (long) (item - copy + 1));
        if (*item == '\0')
            rc = nh_error_set(err, NH_ERR_USAGE, "%s: empty", where);
        else if (n == r->max)
            rc = nh_error_set(err, NH_ERR_USAGE, "%s: at most %ld values, found more", where,
                              (long) r->max);
        else if ((rc = nh_parse_fmpq(x + n, item, where, err)) == NH_OK)
            rc = fmpq_list_item_ok(x, n, item, r, where, err);
        n++;
    }
    free(copy);
    if (rc == NH_OK && n < r->min)
        rc = nh_error_set(err, NH_ERR_USAGE, "%s: need at least %ld values, found %ld in '%s'",
                          what, (long) r->min, (long) n, arg);
    if (rc == NH_OK)
        *count = n;
    return rc;
}

int
nh_parse_fmpq_pos(fmpq_t res, const char *s, const char *what, nh_error_t err)
{
    if (nh_parse_fmpq(res, s, what, err) != NH_OK)
        return NH_ERR_USAGE;
    if (fmpq_sgn(res) <= 0)
        return nh_error_set(err, NH_ERR_USAGE, "%s: must be positive, found '%s'", what, s);
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
    OPT_TIMEOUT, OPT_MAX_MEMORY, OPT_POINTS_FILE, OPT_CPU_LIMIT, OPT_V_MODE
};

static const struct option common_options[] = {
    {"q", required_argument, NULL, OPT_Q},
    {"v", required_argument, NULL, OPT_V},
    {"v-mode", required_argument, NULL, OPT_V_MODE},
    {"points-file", required_argument, NULL, OPT_POINTS_FILE},
    {"prec", required_argument, NULL, OPT_PREC},
    {"max-prec", required_argument, NULL, OPT_MAX_PREC},
    {"digits", required_argument, NULL, OPT_DIGITS},
    {"json", no_argument, NULL, OPT_JSON},
    {"param", required_argument, NULL, OPT_PARAM},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"cpu-limit", required_argument, NULL, OPT_CPU_LIMIT},
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
"  --v-mode M       meaning of --v: project (onto the constraints), complete\n"
"                   (dependent velocities from the constraints) or require\n"
"                   (must satisfy them); series, reduced, converge,\n"
"                   slowmanifold: default project; nh: default complete;\n"
"                   flow: see its help.\n"
"                   Changed components are noted on stderr and in JSON\n"
"                   \"v_changed\"\n"
"  --points-file FILE  many points in one process (geometry, series, reduced,\n"
"                   nh, converge, slowmanifold): one line 'Q_SPEC [V_SPEC]' per\n"
"                   point ('-' = empty, '#' comments); the outputs follow each\n"
"                   other (one JSON object per line with --json)\n"
"  --param NAME=VALUE  override a model parameter (exact rational; repeatable)\n"
"  --prec BITS      working precision in bits (%d..%d, default %d)\n"
"  --max-prec BITS  cap for the automatic precision increase (default %d)\n"
"  --digits D       significant digits to print (1..%d, default %d)\n"
"  --json           print one JSON object instead of tables\n"
"  -o, --output FILE  write the output to FILE (atomically)\n"
"  --timeout S      give up after S seconds of wall-clock time (exit 6)\n"
"  --cpu-limit S    give up after S seconds of CPU time (RLIMIT_CPU; exit 6)\n"
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

/* The common options followed by the subcommand's extra ones (NULL:
   none), ending in a zero entry; free() the result. */
static struct option *
merged_options(const struct option *extra)
{
    slong nextra = 0, i;
    struct option *opts;
    while (extra != NULL && extra[nextra].name != NULL)
        nextra++;
    opts = calloc((size_t) (NCOMMON + nextra + 1), sizeof(struct option));
    if (opts == NULL)
        abort();
    for (i = 0; i < NCOMMON; i++)
        opts[i] = common_options[i];
    for (i = 0; i < nextra; i++)
        opts[NCOMMON + i] = extra[i];
    return opts;
}

/* Apply option c (getopt_long's result, argument optarg; not -h) to cli,
   or pass it to handler.  *max_prec_set: --max-prec was given.  Returns
   NH_OK or NH_ERR_USAGE. */
static int
apply_option(nh_cli_t cli, int c, char **argv, int *max_prec_set,
             nh_opt_handler handler, void *data, nh_error_t err)
{
    int rc = NH_OK;
    switch (c)
    {
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
        case OPT_V_MODE:
        {
            nh_point_velocity_mode mode;
            rc = nh_point_velocity_mode_parse(&mode, optarg, err);
            cli->v_mode = (int) mode;
            if (rc == NH_OK && nh_cli_v_mode(cli, -1) == -2)
                rc = nh_error_set(err, NH_ERR_USAGE, "%s: --v-mode is not an option of this "
                                  "subcommand (series, reduced, converge, slowmanifold, nh, flow)",
                                  cli->subcommand);
            break;
        }
        case OPT_POINTS_FILE:
            cli->points_file = optarg;
            break;
        case OPT_PREC:
            rc = nh_parse_slong(&cli->prec, optarg, NH_MIN_PREC, NH_MAX_PREC, "--prec", err);
            cli->prec_set = 1;
            break;
        case OPT_MAX_PREC:
            rc = nh_parse_slong(&cli->max_prec, optarg, NH_MIN_PREC, NH_MAX_PREC, "--max-prec", err);
            *max_prec_set = 1;
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
        case OPT_CPU_LIMIT:
            rc = nh_parse_slong(&cli->cpu_limit, optarg, 1, NH_MAX_TIMEOUT, "--cpu-limit", err);
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
    return rc;
}

/* After the options: exactly one model file argv[optind], and --max-prec
   (raised to --prec when not given) not below --prec.  Returns NH_OK or
   NH_ERR_USAGE. */
static int
finish_args(nh_cli_t cli, int argc, char **argv, int max_prec_set, nh_error_t err)
{
    if (optind >= argc)
        return nh_error_set(err, NH_ERR_USAGE, "%s: missing model file CASE.nh", argv[0]);
    if (optind + 1 < argc)
        return nh_error_set(err, NH_ERR_USAGE, "%s: unexpected argument '%s' (one model file expected)",
                            argv[0], argv[optind + 1]);
    cli->case_path = argv[optind];
    if (!max_prec_set && cli->max_prec < cli->prec)
        cli->max_prec = cli->prec;
    if (cli->max_prec < cli->prec)
        return nh_error_set(err, NH_ERR_USAGE, "--max-prec %ld is below --prec %ld",
                            (long) cli->max_prec, (long) cli->prec);
    return NH_OK;
}

int
nh_cli_parse(nh_cli_t cli, int argc, char **argv,
             const struct option *extra, nh_opt_handler handler, void *data,
             void (*usage)(FILE *), nh_error_t err)
{
    struct option *opts;
    int c, rc = NH_OK, max_prec_set = 0;

    memset(cli, 0, sizeof(nh_cli_struct));
    cli->subcommand = argv[0];
    cli->q_spec = "";
    cli->v_spec = "";
    cli->v_mode = -1;
    cli->prec = NH_DEFAULT_PREC;
    cli->max_prec = NH_DEFAULT_MAX_PREC;
    cli->digits = NH_DEFAULT_DIGITS;
    opts = merged_options(extra);

    optind = 0;     /* full reinitialisation (glibc), scanning from argv[1] */
    opterr = 0;
    while (rc == NH_OK && (c = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1)
    {
        if (c == 'h')
        {
            usage(stdout);
            free(opts);
            nh_cli_clear(cli);
            return -1;
        }
        rc = apply_option(cli, c, argv, &max_prec_set, handler, data, err);
    }
    free(opts);
    if (rc == NH_OK)
        rc = finish_args(cli, argc, argv, max_prec_set, err);
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
        slong j;
        /* a derived parameter (defined from others) set directly: say so
           (doc/model-format.md "Derived parameters") */
        for (j = 0; j < nh_model_nparams(*M); j++)
            if (strcmp(nh_model_param_name(*M, j), cli->param_name[k]) == 0
                && nh_model_param_is_derived(*M, j))
                fprintf(stderr, "nhoracle: note: --param %s overrides a derived parameter "
                        "(defined from other parameters in %s); its definition is not used\n",
                        cli->param_name[k], nh_model_filename(*M));
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
nh_cli_point_t(arb_ptr q, arb_ptr v, arb_t t, const nh_model_struct *M, const nh_cli_t cli,
               const char *t_spec, slong prec, nh_error_t err)
{
    fmpq_t tq;
    int rc = nh_cli_point(q, v, M, cli, prec, err);
    fmpq_init(tq);
    if (rc == NH_OK && t_spec != NULL)
        rc = nh_parse_fmpq(tq, t_spec, "--t", err);
    arb_set_fmpq(t, tq, prec);
    fmpq_clear(tq);
    return rc;
}
