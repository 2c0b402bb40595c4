/*
 * t-jet_mul.c -- products of jets against closed forms.
 *
 *  - (1 + x + y + z)^k: by the multinomial theorem the coefficient of
 *    x^i y^j z^l is k! / (i! j! l! (k-i-j-l)!) for i+j+l <= k, else 0.
 *  - exp(x + y) exp(-x) = exp(y): with the closed-form coefficients
 *    1/(i! j!) and (-1)^i / i!, the product coefficient of x^i y^j is
 *    (1/j!) sum_m (-1)^m / (m! (i-m)!) = (1/j!) (1-1)^i / i! = [i = 0]/j!.
 *  - truncation (ord), aliasing, addmul/submul, jet_dot = sum of
 *    products, the grouped context (t, e | y_1..y_4) with caps (K | 1)
 *    against the plain total-degree context, and the on-the-fly pairing
 *    (no stored table) against the table; a factor constant up to the
 *    truncation order against jet_scalar_mul (coefficientwise arb_mul).
 */
#include "jet.h"
#include "tap.h"
#include "jet_testutil.h"

#define PREC 128




static int
all_zero(arb_srcptr a, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (!arb_is_zero(a + i))
            return 0;
    return 1;
}

int
main(void)
{
    flint_rand_t st;
    ulong seed = 20240611;
    jet_ctx_t ctx, g, p;
    arb_ptr a, b, c, d, e;
    slong k, idx;

    flint_rand_init(st);
    flint_rand_set_seed(st, seed, seed ^ 0x5a5a);
    tap_diag("seed %lu", seed);

    /* ---- multinomials ------------------------------------------------ */
    jet_ctx_init(ctx, 3, 6);
    a = jet_init(ctx);
    b = jet_init(ctx);
    c = jet_init(ctx);
    d = jet_init(ctx);
    e = jet_init(ctx);
    jet_set_si(a, 1, ctx);
    for (k = 0; k < 3; k++)
        arb_one(a + jet_ctx_var_index(ctx, k));
    jet_set_si(c, 1, ctx);      /* c = a^k by repeated jet_mul */
    for (k = 0; k <= 8; k++)
    {
        int ok1 = 1, ok2 = 1;
        jet_pow_ui(b, a, k, ctx->order, ctx, PREC);
        if (k > 0)
            jet_mul(c, c, a, ctx->order, ctx, PREC);
        for (idx = 0; idx < ctx->len; idx++)
        {
            const slong *ex = jet_ctx_exp(ctx, idx);
            slong s = ex[0] + ex[1] + ex[2];
            fmpz_t m, t;
            fmpz_init(m);
            fmpz_init(t);
            if (s <= k)
            {
                fmpz_fac_ui(m, k);
                fmpz_fac_ui(t, ex[0]); fmpz_divexact(m, m, t);
                fmpz_fac_ui(t, ex[1]); fmpz_divexact(m, m, t);
                fmpz_fac_ui(t, ex[2]); fmpz_divexact(m, m, t);
                fmpz_fac_ui(t, k - s); fmpz_divexact(m, m, t);
            }
            if (!arb_contains_fmpz(b + idx, m) || !arb_is_exact(b + idx))
                ok1 = 0;
            if (!arb_contains_fmpz(c + idx, m) || !arb_is_exact(c + idx))
                ok2 = 0;
            fmpz_clear(m);
            fmpz_clear(t);
        }
        tap_ok(ok1, "jet_pow_ui: (1+x+y+z)^%ld = multinomials (exact), order 6", k);
        tap_ok(ok2, "jet_mul: repeated product (1+x+y+z)^%ld = multinomials", k);
    }

    /* ---- exp(x+y) exp(-x) = exp(y) ---------------------------------- */
    {
        jet_ctx_t c2;
        arb_ptr ea, eb, r;
        int ok = 1;
        jet_ctx_init(c2, 2, 10);
        ea = jet_init(c2);
        eb = jet_init(c2);
        r = jet_init(c2);
        for (idx = 0; idx < c2->len; idx++)
        {
            const slong *ex = jet_ctx_exp(c2, idx);
            fmpq_t q;
            fmpz_t f1, f2;
            fmpq_init(q);
            fmpz_init(f1);
            fmpz_init(f2);
            fmpz_fac_ui(f1, ex[0]);
            fmpz_fac_ui(f2, ex[1]);
            fmpz_mul(fmpq_denref(q), f1, f2);
            fmpz_one(fmpq_numref(q));
            arb_set_fmpq(ea + idx, q, PREC);             /* 1/(i! j!) */
            if (ex[1] == 0)
            {
                fmpz_set_si(fmpq_numref(q), (ex[0] % 2) ? -1 : 1);
                fmpz_set(fmpq_denref(q), f1);
                arb_set_fmpq(eb + idx, q, PREC);         /* (-1)^i / i! */
            }
            fmpq_clear(q);
            fmpz_clear(f1);
            fmpz_clear(f2);
        }
        jet_mul(r, ea, eb, c2->order, c2, PREC);
        for (idx = 0; idx < c2->len; idx++)
        {
            const slong *ex = jet_ctx_exp(c2, idx);
            arb_t t;
            arb_init(t);
            if (ex[0] == 0)
            {
                arb_fac_ui(t, ex[1], PREC);
                arb_inv(t, t, PREC);
            }
            if (!arb_overlaps(r + idx, t) || mag_cmp_2exp_si(arb_radref(r + idx), -100) > 0)
                ok = 0;
            arb_clear(t);
        }
        tap_ok(ok, "exp(x+y) exp(-x) = exp(y) coefficientwise, order 10, radii < 2^-100");
        jet_clear(ea, c2);
        jet_clear(eb, c2);
        jet_clear(r, c2);
        jet_ctx_clear(c2);
    }

    /* ---- truncation and aliasing ------------------------------------ */
    tu_rand_jet(a, ctx, st, 10, -120);
    tu_rand_jet(b, ctx, st, 10, -120);
    jet_mul(c, a, b, ctx->order, ctx, PREC);
    for (k = 0; k <= ctx->order; k++)
    {
        slong n = jet_ctx_len(ctx, k);
        jet_mul(d, a, b, k, ctx, PREC);
        tap_ok(tu_vec_equal(c, d, n) && all_zero(d + n, ctx->len - n),
               "jet_mul ord=%ld: equals full product up to degree %ld, zero above", k, k);
    }
    jet_set(d, a, ctx);
    jet_mul(d, d, b, ctx->order, ctx, PREC);
    tap_ok(tu_vec_equal(c, d, ctx->len), "jet_mul res aliasing a");
    jet_set(d, b, ctx);
    jet_mul(d, a, d, ctx->order, ctx, PREC);
    tap_ok(tu_vec_equal(c, d, ctx->len), "jet_mul res aliasing b");
    jet_mul(e, a, a, ctx->order, ctx, PREC);
    jet_set(d, a, ctx);
    jet_mul(d, d, d, ctx->order, ctx, PREC);
    tap_ok(tu_vec_equal(e, d, ctx->len), "jet_mul res aliasing a and b (square)");
    tap_ok(tu_vec_rad_le(c, ctx->len, -100), "product radii < 2^-100");

    /* commutativity, associativity (overlap) */
    jet_mul(d, b, a, ctx->order, ctx, PREC);
    tap_ok(tu_vec_overlaps(c, d, ctx->len), "jet_mul commutative");
    tu_rand_jet(e, ctx, st, 10, -120);
    {
        arb_ptr l = jet_init(ctx), r = jet_init(ctx);
        jet_mul(l, c, e, 5, ctx, PREC);          /* (ab)e */
        jet_mul(r, b, e, 5, ctx, PREC);
        jet_mul(r, a, r, 5, ctx, PREC);          /* a(be) */
        tap_ok(tu_vec_overlaps(l, r, ctx->len), "jet_mul associative (ord 5)");
        jet_clear(l, ctx);
        jet_clear(r, ctx);
    }

    /* addmul / submul */
    jet_set(d, e, ctx);
    jet_addmul(d, a, b, ctx->order, ctx, PREC);
    {
        arb_ptr s = jet_init(ctx);
        jet_add(s, e, c, ctx, PREC);
        tap_ok(tu_vec_overlaps(d, s, ctx->len), "jet_addmul: e + ab");
        jet_submul(d, a, b, ctx->order, ctx, PREC);
        k = 1;
        for (idx = 0; idx < ctx->len; idx++)
            if (!arb_contains(d + idx, e + idx))
                k = 0;
        tap_ok(k, "jet_submul undoes jet_addmul (contains e)");
        jet_set(d, e, ctx);
        jet_addmul(d, a, b, 3, ctx, PREC);
        k = 1;
        for (idx = 0; idx < ctx->len; idx++)
        {
            if (jet_ctx_degree(ctx, idx) <= 3 ? !arb_overlaps(d + idx, s + idx)
                                               : !arb_equal(d + idx, e + idx))
                k = 0;
        }
        tap_ok(k, "jet_addmul ord=3 leaves higher coefficients of res untouched");
        jet_clear(s, ctx);
    }

    /* jet_dot = sum of products */
    {
        slong cnt = 4, j;
        arb_ptr va = jet_vec_init(cnt, ctx), vb = jet_vec_init(2 * cnt, ctx);
        arb_ptr s = jet_init(ctx);
        for (j = 0; j < cnt; j++)
        {
            tu_rand_jet(JET_ENTRY(va, j, ctx), ctx, st, 10, -120);
            tu_rand_jet(JET_ENTRY(vb, 2 * j, ctx), ctx, st, 10, -120);
        }
        jet_zero(s, ctx);
        for (j = 0; j < cnt; j++)
            jet_addmul(s, JET_ENTRY(va, j, ctx), JET_ENTRY(vb, 2 * j, ctx), 5, ctx, PREC);
        jet_dot(d, va, ctx->len, vb, 2 * ctx->len, cnt, 5, ctx, PREC);
        tap_ok(tu_vec_overlaps(d, s, ctx->len) && all_zero(d + jet_ctx_len(ctx, 5), ctx->len - jet_ctx_len(ctx, 5)),
               "jet_dot (strides len, 2 len) = sum of jet_addmul, ord 5");
        jet_vec_clear(va, cnt, ctx);
        jet_vec_clear(vb, 2 * cnt, ctx);
        jet_clear(s, ctx);
    }

    /* sparse operands: degree skipping must not change results */
    {
        arb_ptr l = jet_init(ctx), r = jet_init(ctx);
        jet_set(l, a, ctx);
        _arb_vec_zero(l, jet_ctx_len(ctx, 1));              /* degrees >= 2 */
        jet_set(r, b, ctx);
        _arb_vec_zero(r + jet_ctx_len(ctx, 2), ctx->len - jet_ctx_len(ctx, 2));  /* <= 2 */
        arb_zero(r);                                        /* 1..2 */
        jet_mul(d, l, r, ctx->order, ctx, PREC);
        /* reference: coefficientwise sum over all pairs by brute force */
        k = 1;
        for (idx = 0; idx < ctx->len; idx++)
        {
            slong i1, i2;
            arb_t s, t;
            arb_init(s);
            arb_init(t);
            for (i1 = 0; i1 < ctx->len; i1++)
                for (i2 = 0; i2 < ctx->len; i2++)
                {
                    const slong *e1 = jet_ctx_exp(ctx, i1), *e2 = jet_ctx_exp(ctx, i2),
                                *e0 = jet_ctx_exp(ctx, idx);
                    if (e1[0] + e2[0] == e0[0] && e1[1] + e2[1] == e0[1]
                        && e1[2] + e2[2] == e0[2])
                    {
                        arb_mul(t, l + i1, r + i2, PREC);
                        arb_add(s, s, t, PREC);
                    }
                }
            if (!arb_overlaps(s, d + idx))
                k = 0;
            arb_clear(s);
            arb_clear(t);
        }
        tap_ok(k, "jet_mul of degree-restricted operands = brute-force double sum");
        jet_clear(l, ctx);
        jet_clear(r, ctx);
    }

    /* a factor constant up to degree ord (only the one pair (0, c) per
       coefficient is formed): against jet_scalar_mul (coefficientwise
       arb_mul) on both sides, with a nonzero coefficient of k above ord
       that the truncated product must not see, and aliasing */
    {
        arb_ptr k0 = jet_init(ctx), r1 = jet_init(ctx), r2 = jet_init(ctx), r3 = jet_init(ctx);
        slong o = 4, no = jet_ctx_len(ctx, o);
        int okc = 1;
        tu_rand_jet(k0, ctx, st, 10, -110);
        _arb_vec_zero(k0 + 1, no - 1);          /* constant up to degree 4 */
        jet_scalar_mul(r1, a, k0, ctx, PREC);
        _arb_vec_zero(r1 + no, ctx->len - no);
        jet_mul(r2, k0, a, o, ctx, PREC);
        okc &= tu_vec_overlaps(r1, r2, ctx->len);
        jet_mul(r2, a, k0, o, ctx, PREC);
        okc &= tu_vec_overlaps(r1, r2, ctx->len);
        jet_set(r3, a, ctx);
        jet_mul(r3, r3, k0, o, ctx, PREC);     /* res aliases the general factor */
        okc &= tu_vec_overlaps(r1, r3, ctx->len);
        jet_set(r2, b, ctx);
        jet_addmul(r2, k0, a, o, ctx, PREC);
        jet_submul(r2, a, k0, o, ctx, PREC);    /* b + k a - a k */
        okc &= tu_vec_overlaps(r2, b, no) && tu_vec_rad_le(r2, no, -100);
        tap_ok(okc, "jet_mul/addmul/submul with a factor constant up to ord = jet_scalar_mul, "
               "terms above ord ignored, aliasing");
        jet_clear(k0, ctx); jet_clear(r1, ctx); jet_clear(r2, ctx); jet_clear(r3, ctx);
    }

    /* on-the-fly pairing (table not stored) = table (white-box) */
    {
        jet_ctx_t c3;
        jet_ctx_init(c3, 3, 6);
        c3->mul_npairs = ctx->mul_npairs;       /* pretend: over the cap */
        c3->mul_maxpairs = ctx->mul_maxpairs;
        jet_mul(d, a, b, 6, c3, PREC);
        tap_ok(c3->mul_start == NULL && tu_vec_equal(c, d, ctx->len),
               "on-the-fly pairing gives the same product as the table");
        jet_ctx_clear(c3);
    }

    /* ---- grouped context vs plain ----------------------------------- */
    {
        slong K = 4, sizes[2] = {2, 4}, caps[2] = {4, 1}, map[6] = {0, 1, 2, 3, 4, 5};
        arb_ptr ga, gb, gc, pa, pb, pc, back;
        jet_ctx_init_groups(g, 2, sizes, caps, K + 1);
        jet_ctx_init(p, 6, K + 1);
        ga = jet_init(g); gb = jet_init(g); gc = jet_init(g);
        pa = jet_init(p); pb = jet_init(p); pc = jet_init(p);
        back = jet_init(g);
        tu_rand_jet(ga, g, st, 10, -120);
        tu_rand_jet(gb, g, st, 10, -120);
        jet_mul(gc, ga, gb, g->order, g, PREC);
        jet_transfer(pa, p, ga, g, map);
        jet_transfer(pb, p, gb, g, map);
        jet_mul(pc, pa, pb, p->order, p, PREC);
        jet_transfer(back, g, pc, p, map);
        tap_ok(tu_vec_overlaps(gc, back, g->len) && tu_vec_rad_le(gc, g->len, -100),
               "grouped (t,e|y1..y4) caps (4|1): product = plain product on common monomials");
        for (k = 0; k <= g->order; k++)
        {
            jet_mul(gc, ga, gb, k, g, PREC);
            jet_mul(pc, pa, pb, k, p, PREC);
            jet_transfer(back, g, pc, p, map);
            if (!tu_vec_overlaps(gc, back, g->len))
                break;
        }
        tap_ok(k == g->order + 1, "grouped vs plain for every truncation order");
        jet_clear(ga, g); jet_clear(gb, g); jet_clear(gc, g); jet_clear(back, g);
        jet_clear(pa, p); jet_clear(pb, p); jet_clear(pc, p);
        jet_ctx_clear(g);
        jet_ctx_clear(p);
    }

    jet_clear(a, ctx);
    jet_clear(b, ctx);
    jet_clear(c, ctx);
    jet_clear(d, ctx);
    jet_clear(e, ctx);
    jet_ctx_clear(ctx);
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
