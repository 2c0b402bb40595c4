/*
 * converge.h -- private to `nhoracle converge` (oracles/cmd_converge.c,
 * oracles/converge_args.c, oracles/converge_report.c): the command's options and the writers of
 * its text report, certified part and plot pictures, which print balls
 * through the command line's certified output (nh_out_*).  The study
 * and its estimate writers (JSON, TAP, plot files) are in lib/conv.h.
 */
#ifndef NH_CONVERGE_H
#define NH_CONVERGE_H

#include "cli.h"
#include "conv.h"

#define CONV_MAX_EPS 64
/* largest picture accepted from gnuplot (a 900 x 650 PNG is ~50 kB) */
#define CONV_PLOT_MAX_BYTES ((size_t) 64 << 20)

/* Exit status of `converge --tap` when some line is "not ok" (an
   observed order outside --order-tol of the predicted one); the TAP
   output is still written (doc/exit-codes.md). */
#define NH_EXIT_ORDER 10
/* lift order actually used (option value -1: kmax + 3) */
#define LIFT(o) ((o)->lift >= 0 ? (o)->lift : (o)->kmax + 3)

typedef struct
{
    int init;
    fmpq_t T, t1;
    int have_t1;
    slong nt, kmax, lift, max_steps;
    slong neps;
    fmpq eps[CONV_MAX_EPS];
    double tol, min_tol, ratio, order_tol;
    int tap, quiet, no_timings;
    const char *plot;
    const char *field;      /* --field FILE: user field for the row k = kmax */
    int certified;          /* --certified: the certified part (issue 14) */
    int cert_opts;          /* some --cert-* option given */
    nh_conv_cert_opts_struct cert;
}
converge_opts;

/* the command line (converge_args.c): options table, help, one option,
   the checks after parsing (nh_cli_main's callbacks) */
extern const struct option converge_options[];
void converge_usage(FILE *f);
int converge_option(int opt, const char *arg, void *data, nh_error_t err);
int converge_validate(void *data, nh_error_t err);

/* the text report of the estimated study (prec: the working precision) */
void converge_print_text(nh_out_t out, const nh_conv_result_t r, const converge_opts *o,
                         const nh_conv_opts_struct *co, const nh_model_struct *M, slong prec,
                         nh_error_t err);
/* the certified part: text, and the JSON key "certified" */
void converge_print_cert(nh_out_t out, const nh_conv_result_t r, const nh_conv_cert_struct *c,
                         const converge_opts *o, const nh_conv_opts_struct *co);
void converge_add_cert_json(nh_out_t out, const nh_conv_result_t r,
                            const nh_conv_cert_struct *c, const converge_opts *o,
                            const nh_conv_opts_struct *co);
/* --plot PREFIX: PREFIX.dat, PREFIX.gp (nh_conv_plot_dat, nh_conv_plot_gp)
   and, when gnuplot is installed, PREFIX.png and PREFIX.svg */
int converge_write_plot(const char *prefix, const nh_conv_result_t r, const nh_model_struct *M,
                        int init, nh_error_t err);

#endif
