/*
 * jet.h -- truncated multivariate Taylor series ("jets") over Arb balls.
 *
 * A jet context fixes d variables x_0..x_{d-1} and a finite, downward
 * closed set of monomials x^alpha: all alpha with total degree
 * |alpha| <= order and, for each variable group g, the degree in the
 * variables of that group <= group_order[g].  (One group whose order
 * equals the total order is the usual total-degree truncation.)
 *
 * A jet is an arb_ptr of length ctx->len holding the Taylor coefficients
 * c_alpha (NOT derivatives: f = sum_alpha c_alpha x^alpha, so
 * c_alpha = d^alpha f(0) / alpha!).  Monomials are stored in graded
 * order: all monomials of total degree 0, then degree 1, ... (within one
 * degree lexicographically descending in (alpha_0, alpha_1, ...), so
 * index 0 is the constant and x_0, x_1, ... follow) so the
 * coefficients of total degree <= k form the prefix of length
 * jet_ctx_len(ctx, k).  Operations that take an argument `ord`
 * (0 <= ord <= ctx->order) compute the result exactly up to total degree
 * ord and set all higher coefficients of the result to zero; this lets
 * one context serve several truncation orders cheaply.
 *
 * Precision semantics: every operation takes prec (bits) and returns
 * balls that contain the exact coefficients of the truncated result of
 * the exact operation on any series whose coefficients lie in the input
 * balls.  Output may alias input unless stated otherwise.
 *
 * Error returns: functions returning int give NH_OK or NH_ERR_DOMAIN
 * (e.g. inverse of a jet whose constant term contains 0, log or sqrt of
 * a jet whose constant term is not certified positive); on error the
 * result is undefined but valid (can be cleared).
 *
 * Used for every derivative nhoracle needs: no finite differences.
 */
#ifndef NH_JET_H
#define NH_JET_H

#include "nh_arb.h"
#include "nh_error.h"

/* Most variable groups of a context (jet_ctx_init_groups). */
#define JET_MAX_GROUPS 4

/* Largest multiplication table stored (pairs; 16 bytes each).  Larger
   contexts still work: the pairs are then enumerated during each
   product (slower, no memory). */
#define JET_MUL_MAX_PAIRS (WORD(1) << 25)

typedef struct
{
    slong nvars;                 /* d                                   */
    slong order;                 /* maximal total degree                */
    slong ngroups;                /* variable groups (1: plain total degree) */
    slong group_start[JET_MAX_GROUPS + 1]; /* vars of group g:
                                    group_start[g] .. group_start[g+1]-1 */
    slong group_order[JET_MAX_GROUPS]; /* degree cap of each group */
    slong len;                   /* number of monomials                 */
    slong *deg_len;              /* deg_len[k] = #monomials of total
                                    degree <= k, k = 0..order           */
    slong *exps;                 /* len * nvars exponents               */
    slong *up;                   /* len * nvars: index of alpha + e_i,
                                    or -1 if outside the set            */
    slong *down;                 /* len * nvars: index of alpha - e_i,
                                    or -1 if alpha_i == 0               */
    /* multiplication table (pairs (a, b) with alpha_a + alpha_b =
       alpha_c, grouped by c), built on first use                       */
    slong *mul_start;            /* len + 1                             */
    slong *mul_a;
    slong *mul_b;
    slong mul_npairs;            /* 0 until first use; then the number
                                    of pairs.  If it exceeds
                                    JET_MUL_MAX_PAIRS the table is not
                                    stored (mul_start == NULL) and the
                                    pairs are enumerated on the fly.    */
    /* internal (jet_ctx_init), not part of the interface:              */
    slong mul_maxpairs;          /* max pairs for one output monomial   */
    slong *rank_tab;             /* tables for jet_ctx_index            */
}
jet_ctx_struct;

typedef jet_ctx_struct jet_ctx_t[1];

/* ---- contexts ------------------------------------------------------ */

/* Total-degree truncation: d variables, degree <= order. */
void jet_ctx_init(jet_ctx_t ctx, slong nvars, slong order);

/* Grouped truncation: ngroups groups of sizes group_sizes[g] (summing to
   nvars), each with its own degree cap group_orders[g], and total degree
   <= order.  Example: (t, eps | y_1..y_n) with caps (K | 1), order K+1
   gives bivariate series in (t, eps) carrying first partials in y. */
void jet_ctx_init_groups(jet_ctx_t ctx, slong ngroups,
                         const slong *group_sizes, const slong *group_orders,
                         slong order);

/* Free the tables of a context (its jets must be cleared first or after,
   with their own count and the same len). */
void jet_ctx_clear(jet_ctx_t ctx);

/* Number of monomials of total degree <= ord (ord > order is clamped,
   ord < 0 gives 0). */
slong jet_ctx_len(const jet_ctx_t ctx, slong ord);

/* Index of the monomial with exponent vector exp[0..nvars-1], or -1
   (negative entries, total degree > order, or a group cap exceeded).
   O(nvars) via ranking tables. */
slong jet_ctx_index(const jet_ctx_t ctx, const slong *exp);

/* Index of the monomial x_i (or -1 if the set does not contain it). */
slong jet_ctx_var_index(const jet_ctx_t ctx, slong i);

/* Exponent vector of monomial idx (pointer into ctx, nvars entries). */
const slong *jet_ctx_exp(const jet_ctx_t ctx, slong idx);

/* Total degree of monomial idx. */
slong jet_ctx_degree(const jet_ctx_t ctx, slong idx);

/* ---- memory -------------------------------------------------------- */

/* A new jet of ctx->len balls, all zero / free it (the same ctx). */
arb_ptr jet_init(const jet_ctx_t ctx);               /* all zero        */
void jet_clear(arb_ptr a, const jet_ctx_t ctx);
arb_ptr jet_vec_init(slong count, const jet_ctx_t ctx);  /* count jets,
                                     jet k at offset k * ctx->len        */
void jet_vec_clear(arb_ptr v, slong count, const jet_ctx_t ctx); /* free count jets */
#define JET_ENTRY(v, k, ctx) ((v) + (k) * (ctx)->len)

/* ---- assignment ---------------------------------------------------- */

/* res = 0 (every coefficient, exactly). */
void jet_zero(arb_ptr res, const jet_ctx_t ctx);
/* Coefficients of total degree > ord set to zero (ord < 0: all); only
   the nonzero ones are touched, so this costs little on a jet whose tail
   is already zero.  (jet_zero and the operations' zeroing above ord
   likewise touch only nonzero coefficients.) */
void jet_zero_above(arb_ptr res, slong ord, const jet_ctx_t ctx);
void jet_set(arb_ptr res, arb_srcptr a, const jet_ctx_t ctx);
/* One coefficient: res = a, where an exact zero a only clears res (if
   not already zero) and res == a does nothing: cheaper than arb_set on
   the mostly-zero coefficients of the field's jets (issue 14).  Same
   value as arb_set.  jet_set copies this way. */
static inline void
jet_coeff_set(arb_ptr res, arb_srcptr a)
{
    if (res == a)
        return;
    if (arb_is_zero(a))
    {
        if (!arb_is_zero(res))
            arb_zero(res);
    }
    else
        arb_set(res, a);
}
void jet_set_arb(arb_ptr res, const arb_t c, const jet_ctx_t ctx);
void jet_set_si(arb_ptr res, slong c, const jet_ctx_t ctx);
void jet_set_fmpq(arb_ptr res, const fmpq_t c, const jet_ctx_t ctx, slong prec);
/* res = c + x_i  (the independent variable i at base point c) */
void jet_set_var(arb_ptr res, const arb_t c, slong i, const jet_ctx_t ctx);
/* Constant term (value at x = 0). */
arb_srcptr jet_const(arb_srcptr a);

/* ---- ring operations ----------------------------------------------- */

/* Coefficientwise, on all ctx->len coefficients: res = a + b, a - b, -a,
   c a (c a ball, or a machine integer), a / c (c a nonzero machine
   integer).  res may alias the inputs. */
void jet_add(arb_ptr res, arb_srcptr a, arb_srcptr b, const jet_ctx_t ctx, slong prec);
void jet_sub(arb_ptr res, arb_srcptr a, arb_srcptr b, const jet_ctx_t ctx, slong prec);
void jet_neg(arb_ptr res, arb_srcptr a, const jet_ctx_t ctx);
void jet_scalar_mul(arb_ptr res, arb_srcptr a, const arb_t c, const jet_ctx_t ctx, slong prec);
void jet_scalar_mul_si(arb_ptr res, arb_srcptr a, slong c, const jet_ctx_t ctx, slong prec);
void jet_scalar_div_si(arb_ptr res, arb_srcptr a, slong c, const jet_ctx_t ctx, slong prec);
/* res += a * c */
void jet_addmul_scalar(arb_ptr res, arb_srcptr a, const arb_t c, const jet_ctx_t ctx, slong prec);

/* res = a * b truncated at total degree ord.  res may alias a or b. */
void jet_mul(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord, const jet_ctx_t ctx, slong prec);
/* res += a * b truncated at total degree ord.  res must not alias a, b. */
void jet_addmul(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord, const jet_ctx_t ctx, slong prec);
/* res -= a * b */
void jet_submul(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord, const jet_ctx_t ctx, slong prec);
/* res = sum_k a_k * b_k over count pairs, a_k = a + k * astride and
   b_k = b + k * bstride (strides in arb entries, e.g. ctx->len for
   consecutive jets), computed with one arb_dot per coefficient.  res must not alias any
   a_k or b_k. */
void jet_dot(arb_ptr res, arb_srcptr a, slong astride, arb_srcptr b, slong bstride,
             slong count, slong ord, const jet_ctx_t ctx, slong prec);

/* res = a^e (e >= 0; a^0 = 1) truncated at total degree ord, by
   binary powering.  res may alias a. */
void jet_pow_ui(arb_ptr res, arb_srcptr a, ulong e, slong ord, const jet_ctx_t ctx, slong prec);

/* ---- calculus ------------------------------------------------------ */

/* res = d a / d x_i (coefficients of degree ctx->order are lost: the
   result is exact up to degree order-1; top degree set to zero.  In a
   grouped context the coefficients whose alpha + e_i exceeds the cap of
   the group of x_i are likewise unknown and set to zero).  res may
   alias a. */
void jet_derivative(arb_ptr res, arb_srcptr a, slong i, const jet_ctx_t ctx, slong prec);
/* res = integral_0^{x_i} a d x_i (terms leaving the monomial set are
   dropped).  res may alias a. */
void jet_integral(arb_ptr res, arb_srcptr a, slong i, const jet_ctx_t ctx, slong prec);
/* res = x_i * a (terms leaving the set are dropped).  res may alias a. */
void jet_mul_var(arb_ptr res, arb_srcptr a, slong i, const jet_ctx_t ctx);

/* res = sum_{k=0}^{clen-1} c[k] (a - a(0))^k : composition of the
   univariate Taylor series with coefficients c (expanded at a(0)) with
   the jet a, truncated at total degree ord.  clen > ord + 1 is allowed
   (extra terms vanish). */
void jet_compose_series(arb_ptr res, arb_srcptr c, slong clen, arb_srcptr a,
                        slong ord, const jet_ctx_t ctx, slong prec);

/* ---- elementary functions (log, sqrt, tan, pow via jet_compose_series
        and Arb's univariate series functions; exp, sin, cos by the
        Euler-operator recurrence d F_c = sum |alpha| a_alpha G_beta, the
        cost of one or two products: lib/jet/jet_sin_cos.c) ----------- */

/* (jet_inv, hence jet_div: the graded recursion of a r = 1, r_c =
   -(1/a_0) sum over the pairs of c with alpha != 0 of a_alpha r_beta, the
   cost of one product: lib/jet/jet_inv.c.)
   res = 1/a, a/b, sqrt a, exp a, log a, sin a, cos a, tan a truncated at
   total degree ord.  NH_ERR_DOMAIN when the constant term of a (of b for
   jet_div) contains 0 (inv, div, tan: cos a(0) contains 0) or is not
   certified positive (sqrt, log); exp, sin and cos always return
   NH_OK.  res may alias the inputs. */
int jet_inv(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
int jet_div(arb_ptr res, arb_srcptr a, arb_srcptr b, slong ord, const jet_ctx_t ctx, slong prec);
int jet_sqrt(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
int jet_exp(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
int jet_log(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
int jet_sin(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
int jet_cos(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
int jet_tan(arb_ptr res, arb_srcptr a, slong ord, const jet_ctx_t ctx, slong prec);
/* s = sin a and c = cos a, both from one run of the recurrence (the cost
   of jet_sin alone; jet_sin and jet_cos each compute both).  Either
   output may be NULL; s and c may alias a but not each other.  Exact to
   total degree ord, higher coefficients zero.  Returns NH_OK. */
int jet_sin_cos(arb_ptr s, arb_ptr c, arb_srcptr a, slong ord, const jet_ctx_t ctx,
                slong prec);
/* sin and cos of an argument kept across calls, recomputing only the
   coefficients that changed (issue 14): the certified integrator's
   Picard passes (lib/taylor.h) evaluate the field again and again on
   series whose low coefficients are fixed, and the Euler-operator
   recurrence computes the degree-d coefficients of sin a, cos a from a's
   coefficients of degree <= d and their own of degree < d only.  The
   memo stores the argument a (coefficients of degree <= its ord), sin a
   and cos a; jet_sin_cos_memo(m, a, ord, ctx, prec) finds the lowest
   degree lo where a differs from the stored argument (arb_equal on every
   coefficient: midpoint and radius bit for bit; lo = 0 if prec or the
   context's shape changed or nothing is stored; lo <= the stored ord + 1)
   and recomputes degrees lo..ord only.  The result is therefore the one
   jet_sin_cos(s, c, a, ord, ctx, prec) gives, ball for ball (tested in
   t-jet_sin_cos_memo), whatever the caller passes.  Returns s = sin a;
   cos a is at s + ctx->len; both exact to degree ord, zero above, valid
   until the next call on m.  m keeps copies (no pointer into ctx), so
   ctx may be freed and rebuilt between calls.  calls and hits (the sum
   of lo) count the calls and the degrees reused, for tests. */
typedef struct
{
    arb_ptr a, s, c;            /* 3 * len balls, one allocation          */
    slong ord, prec, len, nvars, order, ngroups;
    slong group_start[JET_MAX_GROUPS + 1], group_order[JET_MAX_GROUPS];
    slong calls, hits;
}
jet_sin_cos_memo_struct;

typedef jet_sin_cos_memo_struct jet_sin_cos_memo_t[1];

/* An empty memo (nothing stored) / free it / the memoised sin and cos
   described above. */
void jet_sin_cos_memo_init(jet_sin_cos_memo_t m);
void jet_sin_cos_memo_clear(jet_sin_cos_memo_t m);
arb_srcptr jet_sin_cos_memo(jet_sin_cos_memo_t m, arb_srcptr a, slong ord,
                            const jet_ctx_t ctx, slong prec);

/* a^p for rational p; for p not an integer the constant term of a must
   be certified positive; for negative integer p it must exclude 0. */
int jet_pow_fmpq(arb_ptr res, arb_srcptr a, const fmpq_t p, slong ord, const jet_ctx_t ctx, slong prec);

/* ---- moving between contexts --------------------------------------- */

/* res (in ctx_res) = a (in ctx_a) with variable i of ctx_a renamed to
   variable varmap[i] of ctx_res (varmap[i] = -1: variable i set to 0).
   Monomials of a that do not exist in ctx_res are dropped; coefficients
   of res not hit are zero.  Several variables may map to the same
   target (substitution); coinciding terms are added exactly.  res must
   not alias a. */
void jet_transfer(arb_ptr res, const jet_ctx_t ctx_res, arb_srcptr a,
                  const jet_ctx_t ctx_a, const slong *varmap);

/* Largest radius of any coefficient (as a double upper bound), for
   precision management. */
double jet_max_rad(arb_srcptr a, const jet_ctx_t ctx);

/* Print the nonzero coefficients of a to stdout, digits digits each
   (debugging). */
void jet_print(arb_srcptr a, const jet_ctx_t ctx, slong digits);

#endif
