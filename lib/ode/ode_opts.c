/* ode_opts.c -- defaults of the integrator options (ode.h). */
#include "ode.h"

void
nh_ode_opts_init(nh_ode_opts_t o)
{
    o->prec = 128;
    o->rtol = 1e-24;
    o->atol = 1e-24;
    o->max_steps = 0;
    o->quiet = 1;
    o->stages = 7;
    o->gbs_cols = 10;
    o->h0 = 0.0;
    o->hmax = 0.0;
    o->gerr_factor = 1e-3;
}

void
nh_ode_stats_init(nh_ode_stats_t st)
{
    st->steps = st->rejected = st->newton_iters = st->jac_evals = st->f_evals = 0;
    st->gerr_q = st->gerr_v = 0.0;
    st->seconds = 0.0;
}
