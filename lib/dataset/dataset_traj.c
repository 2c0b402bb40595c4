/*
 * dataset_traj.c -- enclosure records of certified trajectories
 * (dataset.h, nh_dataset_add_traj_balls; issue 14, doc/datasets.md
 * "Trajectories").
 */
#include <math.h>
#include <stdlib.h>
#include "dataset.h"
#include "impl.h"

/* drop the records appended after len0 */
static void
truncate_to(nh_dataset_t ds, slong len0)
{
    while (ds->len > len0)
    {
        ds->len--;
        free(ds->rec[ds->len].mid);
        free(ds->rec[ds->len].rad);
    }
}

slong
nh_dataset_add_traj_balls(nh_dataset_t ds, const char *quantity, slong k, slong eps,
                          slong point, slong t, arb_srcptr x, slong n, slong digits, slong prec)
{
    slong i, u, len0 = ds->len, E = 0;
    double xm = 0, rm = 0, d;
    arf_t b;

    arf_init(b);
    for (i = 0; i < n; i++)
    {
        arf_abs(b, arb_midref(x + i));
        d = arf_get_d(b, ARF_RND_UP);
        xm = d > xm ? d : xm;
        d = mag_get_d(arb_radref(x + i));
        rm = d > rm ? d : rm;
    }
    arf_clear(b);
    if (xm > 0 && isfinite(xm))
        E = (slong) ceil(log10(xm));
    u = E - digits - 1;
    if (rm > 0 && isfinite(rm) && (slong) ceil(log10(4 * rm)) > u)
        u = (slong) ceil(log10(4 * rm));
    for (; u <= E + 2; u++)
    {
        int bad = 0;
        for (i = 0; i < n && !bad; i++)
            bad = nh_dataset_add_ball(ds, quantity, k, eps, point, i, -1, -1, x + i, u, prec) != 0;
        if (!bad)
        {
            for (i = len0; i < ds->len; i++)
                ds->rec[i].t = t;
            return u;
        }
        truncate_to(ds, len0);
    }
    return WORD_MIN;        /* balls wider than the values: nothing appended */
}
