/*
 * dataset_write.c -- serialise a dataset as JSON Lines (through json-c)
 * or CSV.  Deterministic: members in a fixed order, doubles printed with
 * "%.17g".  Formats: doc/datasets.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"
#include "nh_sbuf.h"

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
    nh_sbuf_t b;
    nh_sbuf_init(b);
    slong r;
    char vb[40];

    if (ds->meta != NULL)
    {
        nh_sbuf_puts(b, json_object_to_json_string_ext(ds->meta, flags));
        nh_sbuf_puts(b, "\n");
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
        nh_sbuf_puts(b, json_object_to_json_string_ext(o, flags));
        nh_sbuf_puts(b, "\n");
        json_object_put(o);
    }
    return nh_sbuf_take(b, len);
}

static void
csv_int(nh_sbuf_t b, slong x)
{
    char t[32];
    if (x >= 0)
    {
        snprintf(t, sizeof t, "%ld", (long) x);
        nh_sbuf_puts(b, t);
    }
    nh_sbuf_puts(b, ",");
}

char *
nh_dataset_csv(const nh_dataset_t ds, size_t *len)
{
    nh_sbuf_t b;
    nh_sbuf_init(b);
    slong r;
    char vb[40];

    if (ds->meta != NULL)
    {
        /* the metadata object as one JSON comment line (one line: json-c
           escapes the newlines of the canonical text) */
        nh_sbuf_puts(b, "# ");
        nh_sbuf_puts(b, json_object_to_json_string_ext(ds->meta, flags));
        nh_sbuf_puts(b, "\n");
    }
    /* the time column only in datasets with trajectories */
    nh_sbuf_puts(b, ds->ntimes > 0 ? "quantity,k,eps,point,i,j,l,t,mid,rad,value,status\n"
            : "quantity,k,eps,point,i,j,l,mid,rad,value,status\n");
    for (r = 0; r < ds->len; r++)
    {
        const nh_record_struct *x = ds->rec + r;
        nh_sbuf_puts(b, x->quantity);
        nh_sbuf_puts(b, ",");
        csv_int(b, x->k);
        if (x->eps >= 0)
            nh_sbuf_puts(b, ds->eps[x->eps]);
        nh_sbuf_puts(b, ",");
        csv_int(b, x->point);
        csv_int(b, x->i);
        csv_int(b, x->j);
        csv_int(b, x->l);
        if (ds->ntimes > 0)
        {
            if (x->t >= 0)
                nh_sbuf_puts(b, ds->times[x->t]);
            nh_sbuf_puts(b, ",");
        }
        nh_sbuf_puts(b, x->mid);
        nh_sbuf_puts(b, ",");
        nh_sbuf_puts(b, x->rad);
        nh_sbuf_puts(b, ",");
        value_str(vb, sizeof vb, x->value);
        nh_sbuf_puts(b, vb);
        nh_sbuf_puts(b, x->estimate ? ",estimate\n" : ",enclosure\n");
    }
    return nh_sbuf_take(b, len);
}
