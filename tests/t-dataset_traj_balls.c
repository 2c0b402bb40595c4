/*
 * t-dataset_traj_balls.c -- nh_dataset_add_traj_balls (lib/dataset.h):
 * the enclosure records of a certified trajectory row.  Expected grids
 * and strings worked out by hand from the rule in dataset.h: u = the
 * smallest integer >= max(E - digits - 1, log10(4 max rad)), raised until
 * each ball is within 10^u / 2 of its printed mid; and every printed
 * [mid - rad, mid + rad] must contain the ball (checked with Arb).
 */
#include <string.h>
#include "dataset.h"
#include "tap.h"

/* the printed record r as a ball contains x */
static int
record_contains(const nh_record_struct *r, const arb_t x)
{
    arb_t m, d;
    int ok;
    arb_init(m);
    arb_init(d);
    arb_set_str(m, r->mid, 256);
    arb_set_str(d, r->rad, 256);
    arb_add_error(m, d);
    ok = arb_contains(m, x);
    arb_clear(m);
    arb_clear(d);
    return ok;
}

int
main(void)
{
    nh_dataset_t ds;
    arb_ptr x = _arb_vec_init(3);
    slong u;
    int ok;

    tap_plan(5);
    nh_dataset_init(ds);
    nh_dataset_add_eps(ds, "0.1", 0.1);
    nh_dataset_add_time(ds, "0.5", 0.5);
    nh_dataset_add_time(ds, "1", 1.0);
    /* x = (1.23456789 +/- 1e-10, -0.5 exactly, 0.001 +/- 2e-11):
       max|x| ~ 1.23 -> E = 1; digits 30 -> floor u = -30; the width
       4e-10 -> u = ceil(log10 4e-10) = -9 */
    arb_set_str(x + 0, "1.23456789 +/- 1e-10", 128);
    arb_set_si(x + 1, -1);
    arb_mul_2exp_si(x + 1, x + 1, -1);
    arb_set_str(x + 2, "0.001 +/- 2e-11", 128);
    u = nh_dataset_add_traj_balls(ds, "full_q", -1, 0, 3, 1, x, 3, 30, 128);
    tap_ok(u == -9 && ds->len == 3, "grid 10^-9 from the ball width (got u = %ld, %ld records)",
           (long) u, (long) ds->len);
    ok = ds->len == 3 && strcmp(ds->rec[0].rad, "1e-9") == 0 && strcmp(ds->rec[1].mid, "-0.5") == 0
        && strcmp(ds->rec[1].rad, "0") == 0 && strcmp(ds->rec[2].rad, "1e-9") == 0;
    tap_ok(ok, "rad 1e-9, the exact -0.5 printed exactly with rad 0 (mid %s, %s, %s)",
           ds->len > 0 ? ds->rec[0].mid : "", ds->len > 1 ? ds->rec[1].mid : "",
           ds->len > 2 ? ds->rec[2].mid : "");
    ok = ds->len == 3;
    for (u = 0; ok && u < 3; u++)
        ok = record_contains(ds->rec + u, x + u) && !ds->rec[u].estimate && ds->rec[u].t == 1
             && ds->rec[u].point == 3 && ds->rec[u].eps == 0 && ds->rec[u].i == u;
    tap_ok(ok, "every printed ball contains its Arb ball; status enclosure, key (point 3, eps 0, "
           "t 1, i)");
    /* a ball wider than its value: nothing appended */
    arb_set_str(x + 0, "1 +/- 1e3", 128);
    u = nh_dataset_add_traj_balls(ds, "full_v", -1, 0, 3, 0, x, 1, 30, 128);
    tap_ok(u == WORD_MIN && ds->len == 3, "a ball of radius 1e3 around 1: refused, nothing appended");
    /* exact entries: the --digits floor decides: 0.25 -> E = 0, u = -31 */
    arb_set_d(x + 0, 0.25);
    u = nh_dataset_add_traj_balls(ds, "full_v", -1, 0, 0, 0, x, 1, 30, 128);
    tap_ok(u == -31 && ds->len == 4 && strcmp(ds->rec[3].mid, "0.25") == 0
           && strcmp(ds->rec[3].rad, "0") == 0, "exact 0.25: grid from --digits, printed exactly");
    nh_dataset_clear(ds);
    _arb_vec_clear(x, 3);
    flint_cleanup();
    return tap_done();
}
