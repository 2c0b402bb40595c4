/* t-model_parse.c -- model file parser: shipped cases, exact literals,
   precedence, every error class with its file:line:col, parse_point,
   set_param, and a crash-freedom smoke fuzz.

   Expected error positions are computed by the test itself from a '@'
   marker placed in the test text (removed before parsing), never copied
   from the parser's output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "tap.h"

static const char *
srcdir(void)
{
    const char *s = getenv("NH_TOP_SRCDIR");
    return (s != NULL && s[0] != '\0') ? s : "..";
}

static nh_model_ptr
load_case(const char *name, nh_error_t err)
{
    char path[4096];
    nh_model_ptr M = NULL;
    snprintf(path, sizeof path, "%s/cases/%s", srcdir(), name);
    if (nh_model_load(&M, path, err) != NH_OK)
        tap_diag("load %s: %s", path, err->msg);
    return M;
}

/* Parse text with a '@' marking the expected error position; check the
   code and that the message starts with "<string>:line:col:" and
   contains `frag`. */
static void
check_error(const char *marked, const char *frag, const char *label)
{
    char *text = malloc(strlen(marked) + 1), want[64];
    const char *p;
    size_t k = 0;
    int line = 1, col = 1, found = 0, r;
    nh_model_ptr M = NULL;
    nh_error_t err;

    for (p = marked; *p; p++)
    {
        if (*p == '@' && !found)
        {
            found = 1;
            continue;
        }
        if (!found)
        {
            if (*p == '\n')
            {
                line++;
                col = 1;
            }
            else
                col++;
        }
        text[k++] = *p;
    }
    text[k] = '\0';
    snprintf(want, sizeof want, "<string>:%d:%d:", line, col);
    nh_error_init(err);
    r = nh_model_parse(&M, text, "<string>", err);
    tap_ok(r == NH_ERR_PARSE && M == NULL && strncmp(err->msg, want, strlen(want)) == 0
           && (frag == NULL || strstr(err->msg, frag) != NULL),
           "%s: error at %s (got %d: %s)", label, want, r, err->msg);
    nh_model_free(M);
    free(text);
}

#define HEAD "model t\ncoordinates x, y\n"
#define BODY "metric diagonal: 1, 1\nconstraint: dx\n"

/* exact value of parameter expression e */
static int
param_is(const char *e, slong num, ulong den)
{
    char text[512];
    nh_model_ptr M = NULL;
    nh_error_t err;
    fmpq_t v, w;
    int ok;
    snprintf(text, sizeof text, HEAD "parameter p = %s\n" BODY, e);
    nh_error_init(err);
    if (nh_model_parse(&M, text, "<string>", err) != NH_OK)
    {
        tap_diag("%s", err->msg);
        return 0;
    }
    fmpq_init(v);
    fmpq_init(w);
    nh_model_param_value(v, M, 0);
    fmpq_set_si(w, num, den);
    ok = fmpq_equal(v, w);
    fmpq_clear(v);
    fmpq_clear(w);
    nh_model_free(M);
    return ok;
}

int
main(void)
{
    nh_error_t err;
    nh_model_ptr M;
    flint_rand_t state;
    const char *cases[] = {"vertical_disk.nh", "chaplygin_sleigh.nh",
                           "pendulum_radial_friction.nh", "inclined_sleigh.nh"};
    const slong cn[] = {4, 3, 2, 3}, cm[] = {2, 1, 1, 1};
    int i;

    tap_plan(85);
    nh_error_init(err);

    /* ---- shipped cases ---- */
    for (i = 0; i < 4; i++)
    {
        M = load_case(cases[i], err);
        tap_ok(M != NULL && nh_model_n(M) == cn[i] && nh_model_m(M) == cm[i],
               "case %s parses, n = %ld, m = %ld", cases[i], (long) cn[i], (long) cm[i]);
        if (M != NULL)
            tap_ok(strlen(nh_model_source(M)) > 0 && strlen(nh_model_name(M)) > 0,
                   "case %s has name '%s' and source", cases[i], nh_model_name(M));
        else
            tap_ok(0, "case %s has name and source", cases[i]);
        nh_model_free(M);
    }

    M = load_case("vertical_disk.nh", err);
    if (M == NULL)
        tap_bail("cannot load vertical_disk.nh");
    {
        fmpq_t v;
        slong k;
        fmpq_init(v);
        tap_ok(nh_model_coord_index(M, "varphi") == 3 && nh_model_coord_index(M, "phi") == -1
               && strcmp(nh_model_coord_name(M, 0), "theta") == 0, "disk coordinate names");
        for (k = 0; k < nh_model_nparams(M); k++)
            if (strcmp(nh_model_param_name(M, k), "R") == 0)
                nh_model_param_value(v, M, k);
        tap_ok(fmpz_equal_si(fmpq_numref(v), 1) && fmpz_equal_si(fmpq_denref(v), 2),
               "disk R = 0.5 read exactly as 1/2");
        tap_ok(nh_model_potential_is_zero(M), "disk potential is zero");
        fmpq_set_si(v, 3, 7);
        tap_ok(nh_model_set_param(M, "R", v, err) == NH_OK, "set_param R = 3/7");
        for (k = 0; k < nh_model_nparams(M); k++)
            if (strcmp(nh_model_param_name(M, k), "R") == 0)
                nh_model_param_value(v, M, k);
        tap_ok(fmpz_equal_si(fmpq_numref(v), 3) && fmpz_equal_si(fmpq_denref(v), 7), "R is now 3/7");
        tap_ok(nh_model_set_param(M, "Q", v, err) == NH_ERR_USAGE && strstr(err->msg, "'Q'") != NULL,
               "set_param unknown name -> usage error naming it (%s)", err->msg);
        fmpq_clear(v);
    }

    /* ---- parse_point ---- */
    {
        arb_ptr q = _arb_vec_init(4);
        arb_t w;
        arb_init(w);
        tap_ok(nh_model_parse_point(q, M, "theta=0.3, x=0,y=-1/2", "--q", 128, err) == NH_OK,
               "parse_point ok");
        arb_set_si(w, 3);
        arb_div_si(w, w, 10, 128);
        tap_ok(arb_overlaps(q + 0, w) && arb_rel_accuracy_bits(q + 0) > 120, "theta = 3/10");
        tap_ok(arb_is_zero(q + 1) && arb_is_zero(q + 3), "x = 0 given, varphi = 0 left out");
        arb_set_si(w, -1);
        arb_mul_2exp_si(w, w, -1);
        tap_ok(arb_equal(q + 2, w), "y = -1/2 exactly");
        tap_ok(nh_model_parse_point(q, M, "", "--q", 128, err) == NH_OK && arb_is_zero(q), "empty point");
        tap_ok(nh_model_parse_point(q, M, "z=1", "--q", 128, err) == NH_ERR_USAGE
               && strstr(err->msg, "'z'") && strstr(err->msg, "--q"), "unknown name: %s", err->msg);
        tap_ok(nh_model_parse_point(q, M, "x=1.2.3", "--q", 128, err) == NH_ERR_USAGE
               && strstr(err->msg, "'1.2.3'"), "bad number: %s", err->msg);
        tap_ok(nh_model_parse_point(q, M, "x=1/0", "--v", 128, err) == NH_ERR_USAGE,
               "x=1/0: %s", err->msg);
        tap_ok(nh_model_parse_point(q, M, "x", "--q", 128, err) == NH_ERR_USAGE, "no '=': %s", err->msg);
        tap_ok(nh_model_parse_point(q, M, "x=1,x=2", "--q", 128, err) == NH_ERR_USAGE, "twice: %s", err->msg);
        tap_ok(nh_model_parse_point(q, M, "x=", "--q", 128, err) == NH_ERR_USAGE, "empty value: %s", err->msg);
        tap_ok(nh_model_parse_point(q, M, "x=1e-3,y=-2.5E1/4", "--q", 128, err) == NH_OK, "exponents");
        arb_set_si(w, 1);
        arb_div_si(w, w, 1000, 128);
        tap_ok(arb_overlaps(q + 1, w) && arb_rel_accuracy_bits(q + 1) > 120, "x = 1e-3 = 1/1000");
        arb_set_si(w, -25);
        arb_mul_2exp_si(w, w, -2);
        tap_ok(arb_equal(q + 2, w), "y = -2.5E1/4 = -25/4");
        arb_clear(w);
        _arb_vec_clear(q, 4);
    }
    nh_model_free(M);

    /* ---- exact literals, precedence, associativity ---- */
    tap_ok(param_is("0.1 + 0.2", 3, 10), "0.1 + 0.2 == 3/10 exactly");
    tap_ok(param_is("1e-3", 1, 1000), "1e-3 == 1/1000");
    tap_ok(param_is("2.5E+2", 250, 1), "2.5E+2 == 250");
    tap_ok(param_is(".5", 1, 2), ".5 == 1/2");
    tap_ok(param_is("2^3^2", 512, 1), "2^3^2 == 512 (right associative)");
    tap_ok(param_is("-2^2", -4, 1), "-2^2 == -4 (^ binds tighter than unary -)");
    tap_ok(param_is("2^-1", 1, 2), "2^-1 == 1/2");
    tap_ok(param_is("(1/3)^-2", 9, 1), "(1/3)^-2 == 9");
    tap_ok(param_is("8/2/2", 2, 1), "8/2/2 == 2 (left associative)");
    tap_ok(param_is("2-3-4", -5, 1), "2-3-4 == -5");
    tap_ok(param_is("1+2*3^2", 19, 1), "1+2*3^2 == 19");
    tap_ok(param_is("-(-3)", 3, 1), "-(-3) == 3");
    tap_ok(param_is("sqrt(9/4) + cos(0)", 5, 2), "sqrt(9/4) + cos(0) == 5/2 (exact folding)");

    /* ---- error classes ---- */
    check_error("", "'model'", "empty file");
    check_error(HEAD "metric diagonal: 1, @z\nconstraint: dx\n", "unknown name 'z'", "unknown name");
    check_error(HEAD "metric: 1, 0\nmetric: 0@\nconstraint: dx\n", "2 entries", "short metric row");
    check_error(HEAD "metric diagonal: 1, 1@, 1\nconstraint: dx\n", "end of line", "long metric row");
    check_error(HEAD "@metric: 1, 0\nconstraint: dx\n", "2 metric rows", "missing metric row");
    check_error(HEAD "constraint: dx\n@", "'metric'", "missing metric section");
    check_error("model t\n@metric diagonal: 1\n", "'coordinates'", "metric before coordinates");
    check_error(HEAD "metric diagonal: 1, 1\n@", "constraint", "no constraints");
    check_error(HEAD "metric diagonal: @1.2.3, 1\nconstraint: dx\n", "malformed number", "bad number");
    check_error(HEAD "metric diagonal: @1e, 1\nconstraint: dx\n", "exponent", "bad exponent");
    check_error(HEAD "metric diagonal: @2x, 1\nconstraint: dx\n", "malformed number", "glued number");
    check_error(HEAD "metric diagonal: 1, 1 @)\nconstraint: dx\n", "found ')'", "unexpected token");
    check_error(HEAD "metric diagonal: (1@, 1\nconstraint: dx\n", "expected ')'", "missing )");
    check_error(HEAD "metric diagonal: 1, @$\nconstraint: dx\n", "'$'", "bad character");
    check_error("model t\ncoordinates x, y, @x\n", "duplicate", "duplicate coordinate");
    check_error(HEAD "parameter a = 1\nparameter @a = 2\n", "duplicate", "duplicate parameter");
    check_error(HEAD "parameter @x = 2\n", "duplicate", "parameter named like a coordinate");
    check_error(HEAD "parameter @dx = 2\n", "differential", "parameter named d<coordinate>");
    check_error(HEAD "parameter @sin = 2\n", "reserved", "reserved name");
    check_error(HEAD "parameter a @2\n", "expected '='", "missing =");
    check_error(HEAD "parameter a = @x\n", "unknown name 'x'", "parameter uses a coordinate");
    check_error(HEAD "parameter a = @pi\n", "exact", "parameter not rational");
    check_error(HEAD "parameter a = 1@/0\n", "division by zero", "parameter 1/0");
    check_error(HEAD BODY "@constraint: dy\n", "at most 1", "m >= n");
    check_error(HEAD "metric diagonal: 1, 1\nconstraint: dx@*dy\n", "product of differentials", "nonlinear form");
    check_error(HEAD "metric diagonal: 1, 1\nconstraint: dx + @x\n", "without differential", "affine form");
    check_error(HEAD "metric diagonal: 1, 1\nconstraint: @sin(dx)\n", "function argument", "d inside function");
    check_error(HEAD "metric diagonal: 1, 1\nconstraint: x@*y\n", "without differentials", "no differential");
    check_error(HEAD "metric diagonal: @dx, 1\nconstraint: dx\n", "unknown name 'dx'", "differential outside constraint");
    check_error(HEAD "metric diagonal: 1, 1\nconstraint: dx\nfriction: 1@, 2\n", "end of line", "friction row length");
    check_error(HEAD "metric diagonal: 1, 1\n@friction: 1\nconstraint: dx\n", "before 'friction'", "friction first");
    check_error(HEAD "metric diagonal: 1, 1\nconstraint: dx\n@frobnicate\n", "expected a statement", "unknown keyword");
    check_error(HEAD "metric diagonal: sin @x, 1\nconstraint: dx\n", "'('", "function without (");
    check_error(HEAD "metric diagonal: 1, 1\npotential: 1\n@potential: 2\nconstraint: dx\n", "single 'potential'", "two potentials");
    check_error(HEAD "metric diagonal: 1, 1\n@metric diagonal: 1, 1\nconstraint: dx\n", "second", "two metrics");
    check_error("model t\n@model u\n", "single", "two model lines");

    /* ---- deep nesting and huge inputs: errors, no crash ---- */
    {
        size_t K = 5000, k;
        char *t = malloc(4 * K + 200), *p;
        int r;
        /* parentheses */
        p = t + sprintf(t, HEAD "potential: ");
        for (k = 0; k < K; k++) *p++ = '(';
        *p++ = 'x';
        for (k = 0; k < K; k++) *p++ = ')';
        strcpy(p, "\n" BODY);
        r = nh_model_parse(&M, t, "<deep>", err);
        tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "deeply nested"), "5000 parentheses: %s", err->msg);
        /* unary minus chain */
        p = t + sprintf(t, HEAD "potential: ");
        for (k = 0; k < K; k++) *p++ = '-';
        strcpy(p, "x\n" BODY);
        r = nh_model_parse(&M, t, "<deep>", err);
        tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "deeply nested"), "5000 unary minus: %s", err->msg);
        /* power tower */
        p = t + sprintf(t, HEAD "potential: ");
        for (k = 0; k < K; k++) { *p++ = 'x'; *p++ = '^'; }
        strcpy(p, "x\n" BODY);
        r = nh_model_parse(&M, t, "<deep>", err);
        tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "deeply nested"), "5000 powers: %s", err->msg);
        /* long left-associative sum (tree depth) */
        p = t + sprintf(t, HEAD "potential: x");
        for (k = 0; k < K; k++) { *p++ = '+'; *p++ = 'x'; }
        strcpy(p, "\n" BODY);
        r = nh_model_parse(&M, t, "<deep>", err);
        tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "deeply nested"), "5000-term sum: %s", err->msg);
        /* a 200-term sum is fine */
        p = t + sprintf(t, HEAD "potential: x");
        for (k = 0; k < 200; k++) { *p++ = '+'; *p++ = 'y'; }
        strcpy(p, "\n" BODY);
        r = nh_model_parse(&M, t, "<sum>", err);
        tap_ok(r == NH_OK, "200-term sum parses");
        nh_model_free(M);
        /* long name */
        p = t + sprintf(t, HEAD "parameter ");
        for (k = 0; k < 1000; k++) *p++ = 'a';
        strcpy(p, " = 1\n" BODY);
        r = nh_model_parse(&M, t, "<long>", err);
        tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "too long") && strstr(err->msg, "<long>:3:11:"),
               "long name: %s", err->msg);
        free(t);
    }
    tap_ok(nh_model_load(&M, "/nonexistent/x.nh", err) == NH_ERR_IO && M == NULL, "missing file -> io error");

    /* ---- smoke fuzz: random mutations of a shipped case never crash ---- */
    {
        char path[4096], *base, *t;
        FILE *f;
        long len, it, nok = 0, nparse = 0, nother = 0;
        const char alphabet[] = "()+-*/^,=:#\n 0123456789.eExyzd_phisncoq@$\t";
        flint_rand_init(state);
        tap_diag("fuzz seed: flint_rand_init default");
        snprintf(path, sizeof path, "%s/cases/inclined_sleigh.nh", srcdir());
        f = fopen(path, "rb");
        if (f == NULL)
            tap_bail("cannot open %s", path);
        fseek(f, 0, SEEK_END);
        len = ftell(f);
        fseek(f, 0, SEEK_SET);
        base = malloc(len + 1);
        t = malloc(len + 64);
        len = (long) fread(base, 1, len, f);
        base[len] = '\0';
        fclose(f);
        for (it = 0; it < 3000; it++)
        {
            long tl = len, k, nm = 1 + n_randint(state, 6);
            int r;
            memcpy(t, base, len + 1);
            for (k = 0; k < nm; k++)
            {
                ulong kind = n_randint(state, 3);
                long pos = (long) n_randint(state, (ulong) tl + 1);
                if (kind == 0 && pos < tl)           /* replace */
                    t[pos] = alphabet[n_randint(state, sizeof alphabet - 1)];
                else if (kind == 1 && pos < tl)      /* delete */
                {
                    memmove(t + pos, t + pos + 1, tl - pos);
                    tl--;
                }
                else if (tl + 1 < len + 63)          /* insert */
                {
                    memmove(t + pos + 1, t + pos, tl - pos + 1);
                    t[pos] = alphabet[n_randint(state, sizeof alphabet - 1)];
                    tl++;
                }
            }
            r = nh_model_parse(&M, t, "<fuzz>", err);
            if (r == NH_OK)
            {
                nok++;
                nh_model_free(M);
            }
            else if (r == NH_ERR_PARSE && M == NULL && strncmp(err->msg, "<fuzz>:", 7) == 0)
                nparse++;
            else
                nother++;
        }
        tap_ok(nother == 0, "fuzz: %ld parsed, %ld parse errors, %ld other", nok, nparse, nother);
        free(base);
        free(t);
        flint_rand_clear(state);
    }

    flint_cleanup();
    return tap_done();
}
