/*
 * t-dataset_record.c -- the record model of reference datasets
 * (lib/dataset.h): SHA-256, canonical text, balls on a decimal grid,
 * JSON Lines / CSV round trips, eps mapping of candidates.
 * Expected values are derived by hand in the comments (or are published
 * test vectors), not printed by the code under test.
 */
#include <string.h>
#include <stdlib.h>
#include <math.h>
#include "dataset.h"
#include "tap.h"

/* |x - mid| <= rad with mid, rad decimal strings, checked exactly:
   x = p/q rational; the decimals are converted to rationals by hand
   (digits and exponent), independently of the writer. */
static void
decimal_to_fmpq(fmpq_t r, const char *s)
{
    fmpz_t num, den;
    int neg = 0, after = 0;
    slong frac = 0, ex = 0;
    fmpz_init(num);
    fmpz_init(den);
    if (*s == '-')
        neg = 1, s++;
    for (; *s && *s != 'e'; s++)
    {
        if (*s == '.')
        {
            after = 1;
            continue;
        }
        fmpz_mul_ui(num, num, 10);
        fmpz_add_ui(num, num, (ulong) (*s - '0'));
        if (after)
            frac++;
    }
    if (*s == 'e')
        ex = atol(s + 1);
    ex -= frac;
    fmpz_one(den);
    if (ex >= 0)
    {
        fmpz_ui_pow_ui(den, 10, (ulong) ex);
        fmpz_mul(num, num, den);
        fmpz_one(den);
    }
    else
        fmpz_ui_pow_ui(den, 10, (ulong) (-ex));
    if (neg)
        fmpz_neg(num, num);
    fmpq_set_fmpz_frac(r, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
}

static int
encloses(const nh_record_struct *r, const fmpq_t x)
{
    fmpq_t m, d;
    int ok;
    fmpq_init(m);
    fmpq_init(d);
    decimal_to_fmpq(m, r->mid);
    fmpq_sub(m, m, x);
    fmpq_abs(m, m);
    decimal_to_fmpq(d, r->rad);
    ok = fmpq_cmp(m, d) <= 0;
    fmpq_clear(m);
    fmpq_clear(d);
    return ok;
}

static int
same_record(const nh_record_struct *a, const nh_record_struct *b)
{
    return strcmp(a->quantity, b->quantity) == 0 && a->k == b->k && a->eps == b->eps
        && a->point == b->point && a->i == b->i && a->j == b->j && a->l == b->l
        && strcmp(a->mid, b->mid) == 0 && strcmp(a->rad, b->rad) == 0 && a->value == b->value
        && a->estimate == b->estimate;
}

int
main(void)
{
    char hex[65], *s;
    nh_dataset_t ds, back;
    nh_error_t err;
    arb_t x;
    fmpq_t q;
    size_t len;
    slong i;
    int ok, rc;

    tap_plan(39);
    nh_error_init(err);

    /* FIPS 180-2 test vectors */
    nh_sha256_hex(hex, "abc", 3);
    tap_ok(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0,
           "SHA-256(\"abc\") (FIPS 180-2 vector)");
    nh_sha256_hex(hex, "", 0);
    tap_ok(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0,
           "SHA-256(\"\")");

    /* canonical text: comments, blank lines, runs of blanks, CRLF */
    s = nh_model_canonical_text("model a   # comment\r\n\n  x =  1\t\n# only a comment\nlast");
    tap_ok(strcmp(s, "model a\nx = 1\nlast\n") == 0, "canonical text");
    free(s);

    /* balls on a decimal grid */
    arb_init(x);
    fmpq_init(q);
    nh_dataset_init(ds);

    /* 1/3, u = -20: nearest multiple of 1e-20 is 0.333...3 (20 threes) */
    fmpq_set_si(q, 1, 3);
    arb_set_fmpq(x, q, 300);
    rc = nh_dataset_add_ball(ds, "h", 1, -1, 0, 0, -1, -1, x, -20, 300);
    tap_ok(rc == 0 && strcmp(ds->rec[0].mid, "0.33333333333333333333") == 0
           && strcmp(ds->rec[0].rad, "1e-20") == 0, "1/3 at 1e-20: %s +/- %s", ds->rec[0].mid, ds->rec[0].rad);
    tap_ok(encloses(ds->rec + 0, q), "... encloses 1/3 exactly");
    tap_ok(ds->rec[0].value == 1.0 / 3.0, "... plain value is the double nearest 1/3");

    /* -2/3, u = -5: -0.666666... rounds to -0.66667 */
    fmpq_set_si(q, -2, 3);
    arb_set_fmpq(x, q, 300);
    rc = nh_dataset_add_ball(ds, "h", 1, -1, 0, 1, -1, -1, x, -5, 300);
    tap_ok(rc == 0 && strcmp(ds->rec[1].mid, "-0.66667") == 0 && encloses(ds->rec + 1, q),
           "-2/3 at 1e-5: %s +/- %s", ds->rec[1].mid, ds->rec[1].rad);

    /* 1/4 is exact on the grid: trailing zeros dropped, radius 0 */
    fmpq_set_si(q, 1, 4);
    arb_set_fmpq(x, q, 300);
    rc = nh_dataset_add_ball(ds, "h", 1, -1, 0, 2, -1, -1, x, -5, 300);
    tap_ok(rc == 0 && strcmp(ds->rec[2].mid, "0.25") == 0 && strcmp(ds->rec[2].rad, "0") == 0,
           "exact 1/4: %s +/- %s", ds->rec[2].mid, ds->rec[2].rad);

    /* exact 0 */
    arb_zero(x);
    rc = nh_dataset_add_ball(ds, "G", -1, -1, 0, 0, 1, -1, x, -30, 300);
    tap_ok(rc == 0 && strcmp(ds->rec[3].mid, "0") == 0 && strcmp(ds->rec[3].rad, "0") == 0,
           "exact 0: %s +/- %s", ds->rec[3].mid, ds->rec[3].rad);

    /* 12345 on the grid 1e2: 12300 +/- 1e2 */
    arb_set_si(x, 12345);
    rc = nh_dataset_add_ball(ds, "G", -1, -1, 0, 0, 0, -1, x, 2, 300);
    fmpq_set_si(q, 12345, 1);
    tap_ok(rc == 0 && strcmp(ds->rec[4].mid, "12300") == 0 && strcmp(ds->rec[4].rad, "1e2") == 0
           && encloses(ds->rec + 4, q), "12345 at 1e2: %s +/- %s", ds->rec[4].mid, ds->rec[4].rad);

    /* rounding noise around 0: [1e-40 +/- 1e-39] prints as 0 +/- 1e-30 */
    arb_set_d(x, 1e-40);
    mag_set_d(arb_radref(x), 1e-39);
    rc = nh_dataset_add_ball(ds, "h", 1, -1, 0, 3, -1, -1, x, -30, 300);
    tap_ok(rc == 0 && strcmp(ds->rec[5].mid, "0") == 0 && strcmp(ds->rec[5].rad, "1e-30") == 0,
           "noise near 0: %s +/- %s", ds->rec[5].mid, ds->rec[5].rad);

    /* a ball wider than half the grid step is refused */
    arb_set_d(x, 0.5);
    mag_set_d(arb_radref(x), 1e-3);
    tap_ok(nh_dataset_add_ball(ds, "h", 1, -1, 0, 3, -1, -1, x, -5, 300) == -1 && ds->len == 6,
           "ball [0.5 +/- 1e-3] refused on the grid 1e-5");

    /* a reduced-field record with an eps, an estimate, and a point record */
    nh_dataset_add_eps(ds, "0.01", 0.01);
    nh_dataset_add_eps(ds, "1/10", 0.1);
    arb_set_si(x, -7);
    nh_dataset_add_ball(ds, "vDdot", 1, 1, 2, 3, -1, -1, x, -3, 300);
    ds->rec[6].estimate = 1;
    nh_dataset_add_exact(ds, "q", 2, 0, "0.682", 0.682);
    ds->meta = json_tokener_parse("{\"format\":\"nhoracle-dataset\",\"case_sha256\":\"ab\","
                                  "\"eps\":[\"0.01\",\"1/10\"],\"text\":\"a,b\\nc\"}");

    /* round trips */
    for (i = 0; i < 2; i++)
    {
        char *text = i == 0 ? nh_dataset_jsonl(ds, &len) : nh_dataset_csv(ds, &len);
        slong r;
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, text, len, i == 0 ? "rt.jsonl" : "rt.csv", NULL, err);
        ok = rc == NH_OK && back->len == ds->len && back->nissue == 0 && back->neps == 2
            && strcmp(back->eps[1], "1/10") == 0 && back->case_sha256 != NULL
            && strcmp(back->case_sha256, "ab") == 0;
        for (r = 0; ok && r < ds->len; r++)
            ok = same_record(ds->rec + r, back->rec + r);
        tap_ok(ok, "%s round trip: %ld records, metadata, eps list (rc %d%s%s)",
               i == 0 ? "JSON Lines" : "CSV", (long) back->len, rc, rc ? ": " : "", rc ? err->msg : "");
        tap_ok(memchr(text, '\n', len) != NULL && strlen(text) == len, "%s text is NUL-free",
               i == 0 ? "JSON Lines" : "CSV");
        if (i == 1)
            tap_ok(strncmp(text, "# {", 3) == 0
                   && strstr(text, "\nquantity,k,eps,point,i,j,l,mid,rad,value,status\n") != NULL
                   && strstr(text, "\nvDdot,1,1/10,2,3,,,-7,0,-7,estimate\n") != NULL,
                   "CSV layout: metadata comment, header, row");
        else
            tap_ok(strstr(text, "{\"quantity\":\"q\",\"k\":null,\"eps\":null,\"point\":2,\"i\":0,"
                                "\"j\":null,\"l\":null,\"mid\":\"0.682\",\"rad\":\"0\",\"value\":0.68200000000000005,"
                                "\"status\":\"enclosure\"}\n") != NULL,
                   "JSON Lines layout: members in the documented order");
        nh_dataset_clear(back);
        free(text);
    }
    /* writing twice gives the same bytes */
    {
        size_t l1, l2;
        char *a = nh_dataset_jsonl(ds, &l1), *b = nh_dataset_jsonl(ds, &l2);
        tap_ok(l1 == l2 && memcmp(a, b, l1) == 0, "deterministic serialisation");
        free(a);
        free(b);
    }

    /* candidates: eps mapped by value (decimal, p/q), columns in any order */
    {
        const char *c = "# a comment\nvalue , eps,i,point,quantity,k\n"
                        "-7,0.1,3,2,vDdot,1\n 1.5 ,1/100,0,0,qdot,0\n";
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, c, strlen(c), "cand.csv", ds, err);
        tap_ok(rc == NH_OK && back->len == 2 && back->rec[0].eps == 1 && back->rec[1].eps == 0
               && back->rec[0].value == -7 && back->rec[1].value == 1.5 && back->rec[0].i == 3
               && back->rec[0].j == -1 && back->rec[0].line == 3,
               "candidate CSV: columns by name, eps 0.1 -> 1/10, 1/100 -> 0.01");
        nh_dataset_clear(back);
    }
    {
        const char *c = "{\"quantity\":\"vDdot\",\"k\":1,\"eps\":0.1,\"point\":2,\"i\":3,\"value\":-7}\n"
                        "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":0,\"value\":\"0.25\"}\n";
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, c, strlen(c), "cand.jsonl", ds, err);
        tap_ok(rc == NH_OK && back->len == 2 && back->rec[0].eps == 1 && back->rec[1].eps == -1
               && back->rec[1].value == 0.25 && back->nissue == 0,
               "candidate JSON Lines: numeric eps, string value, absent members");
        nh_dataset_clear(back);
    }
    {
        const char *c = "quantity,k,eps,point,i,value\nvDdot,1,10,2,3,-7\nvDdot,1,0.5,2,3,-7\n";
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, c, strlen(c), "cand.csv", ds, err);
        tap_ok(rc == NH_OK && back->len == 0 && back->nissue == 2
               && strstr(back->issue[0], "cand.csv:2: eps = 10 is not one of the reference's eps values (0.01, 1/10)") != NULL
               && strstr(back->issue[0], "wrong units?") != NULL
               && strstr(back->issue[1], "cand.csv:3: eps = 0.5") != NULL
               && strstr(back->issue[1], "wrong units") == NULL,
               "eps not in the reference: message, 1/eps hint only when it applies");
        nh_dataset_clear(back);
    }
    {
        const char *c = "quantity,point,value\nh,0,1.2.3\nh,x,1\nh,0\nh,1,nan\nh,2,1e999\n";
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, c, strlen(c), "bad.csv", ds, err);
        tap_ok(rc == NH_OK && back->nissue == 5
               && strstr(back->issue[0], "bad.csv:2: unparsable value '1.2.3'") != NULL
               && strstr(back->issue[1], "bad.csv:3: bad or missing point id 'x'") != NULL
               && strstr(back->issue[2], "bad.csv:4: expected 3 comma-separated fields") != NULL
               && strstr(back->issue[3], "bad.csv:5: value 'nan'") != NULL
               && strstr(back->issue[4], "bad.csv:6: value '1e999'") != NULL,
               "per-line problems are collected with file:line");
        for (i = 0; i < back->nissue; i++)
            tap_diag("%s", back->issue[i]);
        nh_dataset_clear(back);
    }

    /* whole-file errors */
    {
        static const char *const bad[] = {"", "   \n\n", "# only a comment\n", "a,b,c\n1,2,3\n",
                                          "quantity,point,value\n"};
        static const char *const want[] = {"empty file", "empty file", "no CSV header",
                                           "expected a CSV header naming", "no records"};
        for (i = 0; i < 5; i++)
        {
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, bad[i], strlen(bad[i]), "f.csv", ds, err);
            tap_ok(rc == NH_ERR_PARSE && strstr(err->msg, want[i]) != NULL && strncmp(err->msg, "f.csv", 5) == 0,
                   "unusable file %ld: %s", (long) i, err->msg);
            nh_dataset_clear(back);
        }
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, "ab\0cd", 5, "bin", ds, err);
        tap_ok(rc == NH_ERR_PARSE && strstr(err->msg, "NUL byte at offset 2") != NULL, "binary: %s", err->msg);
        nh_dataset_clear(back);
        nh_dataset_init(back);
        rc = nh_dataset_parse(back, "quantity,point,value\nh,0,1\n", 26, "r.csv", NULL, err);
        tap_ok(rc == NH_ERR_PARSE && strstr(err->msg, "not a reference dataset") != NULL,
               "a reference needs its metadata: %s", err->msg);
        nh_dataset_clear(back);
    }

    /* ambiguous files (issue 13 item 7): a CSV header naming a known
       column twice is a whole-file error; a JSON object with a repeated
       key (json-c would keep the last value) is a per-line issue, and the
       line is not read */
    {
        static const char *const hdr[] = {"quantity,point,value,value\nh,0,1,2\n",
                                          "# c\nquantity,K,point,k,value\nh,1,0,1,2\n",
                                          "Quantity,point,i,\"QUANTITY\",value\nh,0,0,h,1\n"};
        static const char *const want[] = {
            "f.csv:1: the CSV header names the column 'value' twice (columns 3 and 4)",
            "f.csv:2: the CSV header names the column 'k' twice (columns 2 and 4)",
            "f.csv:1: the CSV header names the column 'quantity' twice (columns 1 and 4)"};
        for (i = 0; i < 3; i++)
        {
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, hdr[i], strlen(hdr[i]), "f.csv", ds, err);
            tap_ok(rc == NH_ERR_PARSE && strstr(err->msg, want[i]) != NULL,
                   "CSV header with a repeated column %ld: %s", (long) i, err->msg);
            nh_dataset_clear(back);
        }
        {
            const char *c = "# {\"format\":\"nhoracle-dataset\",\"eps\":[\"0.01\"]}\n"
                            "quantity,k,eps,point,i,j,l,mid,rad,mid,value,status\n"
                            "h,1,,0,0,,,1,0,2,1,enclosure\n";
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, c, strlen(c), "r.csv", NULL, err);
            tap_ok(rc == NH_ERR_PARSE && strstr(err->msg, "r.csv:2: the CSV header names the column "
                                                "'mid' twice (columns 8 and 10)") != NULL,
                   "reference CSV with 'mid' twice: %s", err->msg);
            nh_dataset_clear(back);
        }
        {
            const char *c = "quantity,note,point,note,value\nh,a,0,b,0.5\n";
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, c, strlen(c), "f.csv", ds, err);
            tap_ok(rc == NH_OK && back->len == 1 && back->nissue == 0 && back->rec[0].value == 0.5,
                   "an unknown column named twice is ignored like any unknown column");
            nh_dataset_clear(back);
        }
        {
            const char *c = "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":1,\"value\":0.25}\n"
                            "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":0,\"value\":1,\"value\":2}\n"
                            "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":2,\"va\\u006cue\":1, /* c */ \"value\" :2}\n"
                            "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":3,\"i\":3,\"value\":2}\n";
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, c, strlen(c), "c.jsonl", ds, err);
            tap_ok(rc == NH_OK && back->len == 1 && back->rec[0].i == 1 && back->nissue == 3
                   && strstr(back->issue[0], "c.jsonl:2: repeated key \"value\" in a JSON object") != NULL
                   && strstr(back->issue[1], "c.jsonl:3: repeated key \"value\"") != NULL
                   && strstr(back->issue[2], "c.jsonl:4: repeated key \"i\"") != NULL,
                   "JSON Lines: repeated keys (also spelled with an escape) are issues naming "
                   "file:line, the lines are not read");
            for (i = 0; i < back->nissue; i++)
                tap_diag("%s", back->issue[i]);
            nh_dataset_clear(back);
        }
        {
            /* the same name in different objects, inside strings, in a
               comment, single-quoted names (json-c's lenient syntax) */
            const char *c = "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":0,\"x\":{\"value\":1,"
                            "\"k\":[{\"a\":1},{\"a\":2}]},'note':\"\\\"value\\\": 3\", "
                            "/* \"value\": 4, */ \"value\":0.25}\n";
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, c, strlen(c), "c.jsonl", ds, err);
            tap_ok(rc == NH_OK && back->len == 1 && back->nissue == 0 && back->rec[0].value == 0.25,
                   "JSON Lines: equal names in different objects, strings and comments are no repetition");
            for (i = 0; i < back->nissue; i++)
                tap_diag("%s", back->issue[i]);
            nh_dataset_clear(back);
        }
        {
            const char *c = "{\"format\":\"nhoracle-dataset\",\"sampling\":{\"seed\":1,\"seed\":2}}\n"
                            "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":0,\"mid\":\"1\",\"rad\":\"0\",\"value\":1}\n";
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, c, strlen(c), "r.jsonl", NULL, err);
            tap_ok(rc == NH_ERR_PARSE && back->nissue == 1
                   && strstr(back->issue[0], "r.jsonl:1: repeated key \"seed\"") != NULL,
                   "reference metadata with a repeated key (nested): issue, metadata not read (%s)",
                   err->msg);
            nh_dataset_clear(back);
        }
        {
            const char *c = "# {\"format\":\"mine\",\"case_sha256\":\"11\",\"case_sha256\":\"22\"}\n"
                            "quantity,k,point,i,value\nh,1,0,0,1\n";
            nh_dataset_init(back);
            rc = nh_dataset_parse(back, c, strlen(c), "c.csv", ds, err);
            tap_ok(rc == NH_OK && back->nissue == 1 && back->case_sha256 == NULL
                   && strstr(back->issue[0], "c.csv:1: repeated key \"case_sha256\"") != NULL,
                   "CSV metadata comment with a repeated key: issue naming file:line");
            nh_dataset_clear(back);
        }
    }

    nh_dataset_clear(ds);
    arb_clear(x);
    fmpq_clear(q);
    flint_cleanup();
    return tap_done();
}
