"""The C declarations nhoracle uses, in one place (cffi ABI mode).

Each block names the header it copies from; when the C API changes,
update the block here (layouts must match the headers exactly: structs
that Python allocates are declared in full, the others are opaque).
FLINT 2.9 / Arb 2.23 on LP64: slong = long, fmpz = slong.
"""

CDEF = r"""
/* ---- FLINT / Arb (flint/flint.h, fmpz.h, fmpq.h, arf.h, mag.h, arb.h) */
typedef long slong;
typedef unsigned long ulong;
typedef slong fmpz;
typedef struct { fmpz num; fmpz den; } fmpq;
typedef struct { slong alloc; ulong *d; } mantissa_ptr_struct;
typedef struct { ulong d[2]; } mantissa_noptr_struct;
typedef union { mantissa_noptr_struct noptr; mantissa_ptr_struct ptr; } mantissa_struct;
typedef struct { fmpz exp; slong size; mantissa_struct d; } arf_struct;
typedef struct { fmpz exp; ulong man; } mag_struct;
typedef struct { arf_struct mid; mag_struct rad; } arb_struct;
typedef arb_struct *arb_ptr;
typedef const arb_struct *arb_srcptr;

void fmpz_init(fmpz *f);
void fmpz_clear(fmpz *f);
char *fmpz_get_str(char *str, int b, const fmpz *f);
void fmpq_init(fmpq *x);
void fmpq_clear(fmpq *x);
int fmpq_set_str(fmpq *dest, const char *s, int base);
void flint_free(void *ptr);
arb_ptr _arb_vec_init(slong n);
void _arb_vec_clear(arb_ptr v, slong n);
void arb_set_fmpq(arb_ptr y, const fmpq *x, slong prec);
void arb_set(arb_ptr y, arb_srcptr x);
void arb_init(arb_ptr x);
void arb_clear(arb_ptr x);
void arb_set_d(arb_ptr x, double y);
int arb_contains_fmpq(arb_srcptr x, const fmpq *y);
int arb_contains_zero(arb_srcptr x);
void arb_sub(arb_ptr z, arb_srcptr x, arb_srcptr y, slong prec);
slong arb_rel_accuracy_bits(arb_srcptr x);
char *arb_get_str(arb_srcptr x, slong n, ulong flags);
void arf_init(arf_struct *x);
void arf_clear(arf_struct *x);
void arf_set_mag(arf_struct *y, const mag_struct *x);
void arf_get_fmpz_2exp(fmpz *man, fmpz *exp, const arf_struct *x);
double arf_get_d(const arf_struct *x, int rnd);
double mag_get_d(const mag_struct *z);

/* ---- lib/nh_error.h */
typedef struct { int code; char msg[1024]; } nh_error_struct;
void nh_error_init(nh_error_struct *err);
const char *nh_error_code_name(int code);

/* ---- lib/model.h */
typedef struct nh_model_struct nh_model_struct;
int nh_model_load(nh_model_struct **M, const char *path, nh_error_struct *err);
void nh_model_free(nh_model_struct *M);
const char *nh_model_name(const nh_model_struct *M);
const char *nh_model_filename(const nh_model_struct *M);
slong nh_model_n(const nh_model_struct *M);
slong nh_model_m(const nh_model_struct *M);
const char *nh_model_coord_name(const nh_model_struct *M, slong i);
slong nh_model_coord_index(const nh_model_struct *M, const char *name);
slong nh_model_nparams(const nh_model_struct *M);
const char *nh_model_param_name(const nh_model_struct *M, slong k);
int nh_model_set_param(nh_model_struct *M, const char *name, const fmpq *value,
                       nh_error_struct *err);
int nh_model_is_linear_autonomous(const nh_model_struct *M);

/* ---- lib/series.h */
int nh_project_D(arb_ptr vD, const nh_model_struct *M, arb_srcptr q0, arb_srcptr v,
                 slong prec, nh_error_struct *err);
int nh_series_time(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                   arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_struct *err);
int nh_series_time_t(arb_ptr h, arb_ptr react, arb_ptr vdot0, const nh_model_struct *M,
                     arb_srcptr q0, const arb_struct *t0, arb_srcptr vD, slong K,
                     slong prec, nh_error_struct *err);
int nh_project_D_t(arb_ptr vD, arb_ptr vp, const nh_model_struct *M, arb_srcptr q0,
                   arb_srcptr t0, arb_srcptr v, slong prec, nh_error_struct *err);
int nh_series_covariant(arb_ptr h, arb_ptr react, const nh_model_struct *M,
                        arb_srcptr q0, arb_srcptr vD, slong K, slong prec, nh_error_struct *err);

/* ---- lib/quantity.h */
typedef struct {
    const char *name; int kind; int flags; const char *doc;
} nh_quantity_struct;
typedef struct {
    slong k; slong order; int route; arb_srcptr eps; const fmpq *eps_q;
    const fmpq *t; const slong *dep; const nh_model_struct *ghat;
} nh_quantity_params;
typedef struct nh_quantity_ws_s nh_quantity_ws_struct;
void nh_quantity_params_init(nh_quantity_params *par);
slong nh_quantity_count(void);
const nh_quantity_struct *nh_quantity_get(slong i);
const nh_quantity_struct *nh_quantity_find(const char *name, slong *k);
int nh_quantity_shape(slong *shape, slong *len, const nh_quantity_struct *Q, slong n, slong m,
                      const nh_quantity_params *par);
slong nh_quantity_nextra(const nh_quantity_struct *Q, const nh_model_struct *M,
                         const nh_quantity_params *par);
int nh_quantity_eval(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                     const nh_model_struct *M, const fmpq *q, const fmpq *v,
                     const nh_quantity_params *par, slong prec, nh_error_struct *err);

/* ---- lib/taylor.h, lib/flow.h */
typedef struct {
    slong order; int stiff; double max_width; slong max_steps; double tol; int slow_manifold;
} nh_taylor_opts_struct;
typedef struct {
    slong steps; slong halvings; double width; double hmin; double hmax;
    slong hull_verified; slong hull_full; slong remainder_ok; slong remainder_failed;
    slong slow_steps; double slow_from; double slow_to;
} nh_taylor_stats_struct;
void nh_taylor_opts_init(nh_taylor_opts_struct *opts);
int nh_flow_certified(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M, int system,
                      arb_srcptr eps, arb_srcptr q0, arb_srcptr v0, arb_srcptr times,
                      slong nt, const nh_taylor_opts_struct *opts, nh_taylor_stats_struct *st,
                      slong prec, nh_error_struct *err);
int nh_flow_certified_reduced(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                              slong k, arb_srcptr eps, arb_srcptr q0, arb_srcptr vD0,
                              arb_srcptr times, slong nt, const nh_taylor_opts_struct *opts,
                              nh_taylor_stats_struct *st, slong prec, nh_error_struct *err);

/* ---- lib/dataset.h */
typedef struct json_object json_object;
typedef struct {
    char quantity[24]; slong k, eps, point, i, j, l; slong t;
    char *mid, *rad; double value; int estimate; int bad; slong line;
} nh_record_struct;
typedef struct {
    json_object *meta; slong neps; char **eps; double *eps_d; slong ntimes;
    char **times; double *times_d; nh_record_struct *rec; slong len, alloc;
    char **issue; slong nissue, issue_alloc; char *case_sha256; char *filename;
} nh_dataset_struct;
typedef struct {
    char family[48]; slong total, checked, passed, failed, missing, outside;
    double worst_abs, worst_rel, worst_excess; char worst[512]; int provided;
    slong estimates;
} nh_family_result;
typedef struct {
    double atol, rtol; int require_all; int subset; slong checked;
    slong points, points_covered; nh_family_result *fam; slong nfam;
    slong extra, duplicates, bad_values, issues; int hash_mismatch; char hash_msg[256];
    char **msg; slong nmsg, msg_alloc; json_object *records; int pass;
} nh_validation_struct;
void nh_dataset_init(nh_dataset_struct *ds);
void nh_dataset_clear(nh_dataset_struct *ds);
int nh_dataset_load(nh_dataset_struct *ds, const char *path, const nh_dataset_struct *ref,
                    nh_error_struct *err);
int nh_dataset_parse(nh_dataset_struct *ds, const char *text, size_t len, const char *filename,
                     const nh_dataset_struct *ref, nh_error_struct *err);
void nh_validation_init(nh_validation_struct *res, double atol, double rtol, int require_all);
void nh_validation_clear(nh_validation_struct *res);
void nh_dataset_validate(nh_validation_struct *res, const nh_dataset_struct *ref,
                         const nh_dataset_struct *cand);
void nh_tolerance_defaults(double *atol, double *rtol);

/* ---- lib/check.h */
typedef struct {
    const nh_model_struct *M; slong n; const nh_quantity_struct *Q;
    const nh_quantity_struct *QD; char name[32]; nh_quantity_params par; fmpq eps[1];
    slong order; fmpq *lo, *hi; double atol, rtol; slong prec, max_prec;
    fmpq *replay; slong nreplay;
    nh_quantity_ws_struct *ws;
} nh_check_struct;
typedef struct {
    fmpq *x; fmpq *q, *w; arb_ptr ref; arb_ptr cand; double score; int fails;
} nh_check_point_struct;
typedef struct {
    slong evals; slong replay_evals; slong special_evals; slong random_evals;
    slong search_evals, shrink_evals; slong cover_n; slong nfailed;
    nh_check_point_struct worst; int have_fail; nh_check_point_struct first_fail;
    nh_check_point_struct shrunk; slong shrink_steps; slong skipped; int skip_rc;
    char skip_msg[1024];
} nh_check_result_struct;
typedef int (*nh_check_candidate_fn)(arb_ptr vals, const fmpq *q, const fmpq *w, slong npts,
                                     void *data, nh_error_struct *err);
int nh_check_init(nh_check_struct *C, const nh_model_struct *M, const char *name, slong order,
                  const fmpq *eps, double atol, double rtol, slong prec, slong max_prec,
                  nh_error_struct *err);
void nh_check_clear(nh_check_struct *C);
int nh_check_set_domain(nh_check_struct *C, const char *spec, nh_error_struct *err);
int nh_check_parse_q(fmpq *x, const char *s, const char *what, nh_error_struct *err);
char *nh_check_decimal(const fmpq *x);
void nh_check_result_init(nh_check_result_struct *R, const nh_check_struct *C);
void nh_check_result_clear(nh_check_result_struct *R, const nh_check_struct *C);
int nh_check_run(nh_check_result_struct *R, const nh_check_struct *C, slong budget, ulong seed,
                 slong batch, nh_check_candidate_fn fn, void *data, nh_error_struct *err);
void free(void *p);
"""

# The NH_* constants copied from the headers.
NH_OK = 0
NH_ERR_USAGE, NH_ERR_PARSE, NH_ERR_MODEL, NH_ERR_PRECISION = 1, 2, 3, 4
NH_ERR_IO, NH_ERR_RESOURCE, NH_ERR_DOMAIN = 5, 6, 7
NH_EXIT_DISAGREE, NH_EXIT_VALIDATE_FAIL, NH_EXIT_ORDER = 8, 9, 10
NH_EXIT_VERDICT, NH_EXIT_CANDIDATE = 11, 12
NH_QUANTITY_ON_D, NH_QUANTITY_EPS, NH_QUANTITY_NH = 1, 2, 4
NH_FLOW_NH, NH_FLOW_FULL, NH_FLOW_REDUCED = 0, 1, 2
NH_CHECK_DEFAULT_PREC = 128
ARF_RND_NEAR = 4  # arf.h: FMPR_RND_NEAR
NH_DEFAULT_PREC, NH_DEFAULT_DIGITS, NH_DEFAULT_MAX_PREC = 256, 15, 4096
