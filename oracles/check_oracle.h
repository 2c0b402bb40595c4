/*
 * check_oracle.h -- private to `nhoracle check` (oracles/cmd_check.c, its
 * options and run; oracles/check_proto.c, the subprocess candidate: the
 * JSON lines of the protocol, the callback given to nh_check_run, the
 * culprit of a candidate error isolated and shrunk; oracles/check_report.c,
 * the report of a candidate error, the result printed through lib's
 * writers, the regression file).  The search,
 * the references and the shrinking are lib/check.h; the candidate process
 * is oracles/cli/candidate.c.
 */
#ifndef NH_CHECK_ORACLE_H
#define NH_CHECK_ORACLE_H

#include "cli.h"
#include "check.h"

#ifndef JSON_C_TO_STRING_NOSLASHESCAPE
#define JSON_C_TO_STRING_NOSLASHESCAPE 0
#endif

/* the command's options */
typedef struct
{
    const char *candidate, *quantity, *domain, *replay;
    slong order, budget, batch, cand_mem;
    ulong seed;
    int have_eps, have_order, tap;
    fmpq_t eps;
    double rtol, atol, timeout;
}
check_opts;

/* the subprocess candidate (check_proto.c) */
typedef struct
{
    const nh_check_struct *C;
    nh_candidate_struct cand;
    json_object *params;        /* the model's parameters (shared)          */
    slong next_id;
    nh_argv_struct batch;       /* the request lines of the current batch   */
    fmpq *bq, *bw;              /* the batch's points (n each, bcap points)  */
    slong bcap;
    slong culprit;              /* on a candidate error: the index in batch
                                   of the request being answered           */
    int alone;                  /* ... which fails alone, in a new candidate */
}
proto_struct;

/* a culprit shrunk: its point, the simplifications kept, the candidates
   started, whether the time ran out */
typedef struct
{
    nh_check_point_struct p;
    slong steps, trials;
    int out_of_time;
}
culprit_shrink;

/* P for the case C of model M: the model's parameters, ids from 1 (the
   candidate process is started by the caller into P->cand) */
void check_proto_init(proto_struct *P, const nh_check_struct *C, const nh_model_struct *M);
void check_proto_clear(proto_struct *P);
/* p (initialised here) = the culprit request's point: x = its sent q and v */
void check_culprit_point(nh_check_point_struct *p, const proto_struct *P);
/* the nh_check_candidate_fn of the subprocess protocol (data: P) */
int check_candidate_fn(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts, void *data,
                       nh_error_t err);
/* After nh_check_run returned NH_EXIT_CANDIDATE (err): the culprit
   isolated and shrunk, reported (TAP, JSON, stderr) and written to -o. */
void check_candidate_error(proto_struct *P, const nh_cli_struct *cli, const check_opts *o,
                           const nh_check_result_struct *R, nh_error_t err);

/* the reports (check_report.c) */
void check_report_candidate_error(const nh_check_struct *C, const check_opts *o,
                                  const nh_cli_struct *cli, const proto_struct *P,
                                  const culprit_shrink *cs, nh_error_t err);
void check_report(const nh_check_struct *C, const check_opts *o, const nh_check_result_struct *R,
                  const nh_cli_struct *cli);
int check_write_regression(const nh_cli_struct *cli, const nh_check_struct *C,
                           const nh_check_point_struct *const *pts, slong npts, ulong seed,
                           slong budget, nh_error_t err);
void check_write_culprit(const nh_cli_struct *cli, const nh_check_struct *C, const check_opts *o,
                         const proto_struct *P, nh_check_point_struct *sp, slong steps);

#endif
