/*
 * t-dataset_fuzz.c -- malformed candidate and reference files must give
 * clean errors (NH_OK with collected issues, or NH_ERR_PARSE with a
 * message naming the file), never a crash: truncated lines, huge
 * numbers, binary junk, an empty file, only a header, very long lines,
 * and 3000 random mutations (fixed seed) of valid CSV and JSON Lines
 * files.  Run under the sanitizer build (--enable-sanitizers) to catch
 * memory errors too.
 */
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include <stdint.h>
#include "dataset.h"
#include "tap.h"

static nh_dataset_t ref;

/* parse as candidate (and validate) and as reference: clean outcome? */
static int
clean(const char *text, size_t len)
{
    nh_dataset_t d;
    nh_validation_t res;
    nh_error_t err;
    int rc, ok = 1, pass;
    nh_error_init(err);
    nh_dataset_init(d);
    rc = nh_dataset_parse(d, text, len, "fuzz.csv", ref, err);
    if (rc == NH_OK)
    {
        nh_validation_init(res, 1e-12, 1e-10, 0);
        nh_dataset_validate(res, ref, d);
        pass = res->pass;
        /* a candidate with reading issues never passes */
        if (d->nissue > 0 && pass)
            ok = 0;
        nh_validation_clear(res);
    }
    else if (rc != NH_ERR_PARSE || strncmp(err->msg, "fuzz.csv", 8) != 0)
        ok = 0;
    nh_dataset_clear(d);
    nh_dataset_init(d);
    rc = nh_dataset_parse(d, text, len, "fuzz.csv", NULL, err);
    if (rc != NH_OK && rc != NH_ERR_PARSE)
        ok = 0;
    nh_dataset_clear(d);
    return ok;
}

static uint64_t state = 12345;
static uint64_t
rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

int
main(void)
{
    static const char *const fixed[] = {
        "",
        "quantity,k,eps,point,i,j,l,value\n",
        "quantity,k,eps,point,i,j,l,value\nh,1,,0,0,,,1.41421356",   /* no final newline */
        "quantity,k,eps,point,i,j,l,value\nh,1,,0,0",                /* truncated line */
        "quantity,k,eps,point,i,j,l,value\nh,1,,0,0,,,1e400\nh,1,,0,1,,,-1e-400\n",
        "quantity,k,eps,point,i,j,l,value\nh,99999999999999999999,,0,0,,,1\n",
        "quantity,k,eps,point,i,j,l,value\nh,1,,-1,0,,,1\n",
        "quantity,k,eps,point,i,j,l,value\n\"h,1,,0,0,,,1\n",         /* unbalanced quote */
        "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":0,\"value\":1.4",  /* truncated JSON */
        "{\"quantity\":\"h\",\"k\":1,\"point\":0,\"i\":0,\"value\":1e999999}\n",
        "{\"quantity\":[1,2],\"k\":{},\"point\":\"zero\",\"value\":null}\n",
        "{\"format\":\"nhoracle-dataset\",\"eps\":[1,\"x\",null]}\n",
        "{}\n[]\n\"string\"\n42\n",
        "{\"quantity\":\"h\"} trailing\n",
        "\xff\xfe\x00\x01binary",
        "\xef\xbb\xbfquantity,point,value\nh,0,1\n",                 /* UTF-8 BOM */
        "quantity,point,value\r\nh,0,1\r\n",
    };
    static const char *const valid_csv =
        "# case_sha256: 1111\nquantity,k,eps,point,i,j,l,value\nh,1,,0,0,,,1.4142135623730951\n"
        "h,1,,0,1,,,-3.1415926535897931\nvDdot,1,0.01,0,0,,,-0.69314718055994531\n";
    static const char *const valid_jsonl =
        "{\"quantity\":\"h\",\"k\":1,\"eps\":null,\"point\":0,\"i\":0,\"value\":1.4142135623730951}\n"
        "{\"quantity\":\"vDdot\",\"k\":1,\"eps\":\"0.01\",\"point\":0,\"i\":0,\"value\":-0.69}\n";
    arb_t x;
    slong i, n = (slong) (sizeof fixed / sizeof fixed[0]), bad = 0;
    char *buf;
    size_t len;

    tap_plan(6);
    arb_init(x);
    nh_dataset_init(ref);
    nh_dataset_add_eps(ref, "0.01", 0.01);
    arb_set_ui(x, 2);
    arb_sqrt(x, x, 128);
    nh_dataset_add_ball(ref, "h", 1, -1, 0, 0, -1, -1, x, -30, 128);
    arb_const_pi(x, 128);
    arb_neg(x, x);
    nh_dataset_add_ball(ref, "h", 1, -1, 0, 1, -1, -1, x, -30, 128);
    arb_const_log2(x, 128);
    arb_neg(x, x);
    nh_dataset_add_ball(ref, "vDdot", 1, 0, 0, 0, -1, -1, x, -30, 128);
    ref->meta = json_tokener_parse("{\"format\":\"nhoracle-dataset\",\"case_sha256\":\"1111\",\"eps\":[\"0.01\"]}");

    for (i = 0; i < n; i++)
        if (!clean(fixed[i], i == 14 ? 14 : strlen(fixed[i])))
        {
            tap_diag("not clean: fixed input %ld", (long) i);
            bad++;
        }
    tap_ok(bad == 0, "%ld hand-made malformed inputs: clean errors", (long) n);

    /* a 1 MB line of digits, and a line of 100000 commas */
    len = 1 << 20;
    buf = malloc(len + 64);
    strcpy(buf, "quantity,point,value\nh,0,");
    memset(buf + strlen(buf), '7', len);
    buf[len + 25] = '\0';
    tap_ok(clean(buf, strlen(buf)), "1 MB number: clean");
    strcpy(buf, "quantity,point,value\n");
    memset(buf + 21, ',', 100000);
    buf[100021] = '\0';
    tap_ok(clean(buf, strlen(buf)), "100000 commas: clean");
    free(buf);

    /* random binary junk */
    buf = malloc(4096);
    for (i = 0, bad = 0; i < 300; i++)
    {
        size_t k;
        len = (size_t) (rnd() % 4000);
        for (k = 0; k < len; k++)
            buf[k] = (char) (rnd() % 256);
        if (i % 2)  /* text-like junk: no NUL */
            for (k = 0; k < len; k++)
                if (buf[k] == 0)
                    buf[k] = ',';
        if (!clean(buf, len))
            bad++;
    }
    tap_ok(bad == 0, "300 random binary / text junk files: clean (%ld not)", (long) bad);
    free(buf);

    /* mutations of valid files: truncation, byte flips, insertions */
    for (i = 0, bad = 0; i < 3000; i++)
    {
        const char *src = i % 2 ? valid_csv : valid_jsonl;
        size_t sl = strlen(src), k, m = 1 + rnd() % 4;
        buf = malloc(sl + 64);
        memcpy(buf, src, sl + 1);
        len = sl;
        for (k = 0; k < m; k++)
        {
            size_t pos = (size_t) (rnd() % len);
            switch (rnd() % 4)
            {
                case 0: len = pos; break;                                    /* truncate */
                case 1: buf[pos] = (char) (rnd() % 256); break;              /* flip */
                case 2: buf[pos] = "0123456789,.\"{}:eE-+\n"[rnd() % 21]; break;
                case 3:
                    if (len + 8 < sl + 64)
                    {
                        memmove(buf + pos + 1, buf + pos, len - pos);
                        buf[pos] = "9e99999,\n"[rnd() % 9];
                        len++;
                    }
                    break;
            }
            if (len == 0)
                break;
        }
        if (!clean(buf, len))
            bad++;
        free(buf);
    }
    tap_ok(bad == 0, "3000 mutated CSV / JSON Lines files: clean (%ld not)", (long) bad);
    tap_ok(clean(valid_csv, strlen(valid_csv)), "the unmutated file is fine");

    nh_dataset_clear(ref);
    arb_clear(x);
    flint_cleanup();
    return tap_done();
}
