/*
 * dataset_write.c -- serialise a dataset as JSON Lines (through json-c)
 * or CSV.  Deterministic: members in a fixed order, doubles printed with
 * "%.17g".  Formats: doc/datasets.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"

typedef struct
{
    char *buf;
    size_t len, cap;
}
sbuf;

static void
sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap)
    {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->buf = realloc(b->buf, cap);
        if (b->buf == NULL)
        {
            fprintf(stderr, "nhoracle: out of memory\n");
            abort();
        }
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

static void
sb_puts(sbuf *b, const char *s)
{
    sb_put(b, s, strlen(s));
}

static json_object *
int_or_null(slong x)
{
    return x < 0 ? NULL : json_object_new_int64(x);
}

static void
value_str(char *buf, size_t size, double d)
{
    snprintf(buf, size, "%.17g", d);
}

static const int flags = JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE;

char *
nh_dataset_jsonl(const nh_dataset_t ds, size_t *len)
{
    sbuf b = {NULL, 0, 0};
    slong r;
    char vb[40];

    sb_puts(&b, "");
    if (ds->meta != NULL)
    {
        sb_puts(&b, json_object_to_json_string_ext(ds->meta, flags));
        sb_puts(&b, "\n");
    }
    for (r = 0; r < ds->len; r++)
    {
        const nh_record_struct *x = ds->rec + r;
        json_object *o = json_object_new_object();
        json_object_object_add(o, "quantity", json_object_new_string(x->quantity));
        json_object_object_add(o, "k", int_or_null(x->k));
        json_object_object_add(o, "eps", x->eps < 0 ? NULL : json_object_new_string(ds->eps[x->eps]));
        json_object_object_add(o, "point", json_object_new_int64(x->point));
        json_object_object_add(o, "i", int_or_null(x->i));
        json_object_object_add(o, "j", int_or_null(x->j));
        json_object_object_add(o, "l", int_or_null(x->l));
        if (x->t >= 0)
            json_object_object_add(o, "t", json_object_new_string(ds->times[x->t]));
        json_object_object_add(o, "mid", json_object_new_string(x->mid));
        json_object_object_add(o, "rad", json_object_new_string(x->rad));
        value_str(vb, sizeof vb, x->value);
        json_object_object_add(o, "value", json_object_new_double_s(x->value, vb));
        json_object_object_add(o, "status",
                               json_object_new_string(x->estimate ? "estimate" : "enclosure"));
        sb_puts(&b, json_object_to_json_string_ext(o, flags));
        sb_puts(&b, "\n");
        json_object_put(o);
    }
    *len = b.len;
    return b.buf;
}

static void
csv_int(sbuf *b, slong x)
{
    char t[32];
    if (x >= 0)
    {
        snprintf(t, sizeof t, "%ld", (long) x);
        sb_puts(b, t);
    }
    sb_puts(b, ",");
}

char *
nh_dataset_csv(const nh_dataset_t ds, size_t *len)
{
    sbuf b = {NULL, 0, 0};
    slong r;
    char vb[40];

    sb_puts(&b, "");
    if (ds->meta != NULL)
    {
        /* the metadata object as one JSON comment line (one line: json-c
           escapes the newlines of the canonical text) */
        sb_puts(&b, "# ");
        sb_puts(&b, json_object_to_json_string_ext(ds->meta, flags));
        sb_puts(&b, "\n");
    }
    /* the time column only in datasets with trajectories */
    sb_puts(&b, ds->ntimes > 0 ? "quantity,k,eps,point,i,j,l,t,mid,rad,value,status\n"
            : "quantity,k,eps,point,i,j,l,mid,rad,value,status\n");
    for (r = 0; r < ds->len; r++)
    {
        const nh_record_struct *x = ds->rec + r;
        sb_puts(&b, x->quantity);
        sb_puts(&b, ",");
        csv_int(&b, x->k);
        if (x->eps >= 0)
            sb_puts(&b, ds->eps[x->eps]);
        sb_puts(&b, ",");
        csv_int(&b, x->point);
        csv_int(&b, x->i);
        csv_int(&b, x->j);
        csv_int(&b, x->l);
        if (ds->ntimes > 0)
        {
            if (x->t >= 0)
                sb_puts(&b, ds->times[x->t]);
            sb_puts(&b, ",");
        }
        sb_puts(&b, x->mid);
        sb_puts(&b, ",");
        sb_puts(&b, x->rad);
        sb_puts(&b, ",");
        value_str(vb, sizeof vb, x->value);
        sb_puts(&b, vb);
        sb_puts(&b, x->estimate ? ",estimate\n" : ",enclosure\n");
    }
    *len = b.len;
    return b.buf;
}
