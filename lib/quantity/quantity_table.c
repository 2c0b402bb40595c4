/*
 * quantity_table.c -- the table of quantities (quantity.h): names,
 * kinds, flags, shapes, the series terms and companion values they need.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "impl.h"

#define D NH_QUANTITY_ON_D
#define E NH_QUANTITY_EPS
#define N NH_QUANTITY_NH

static const nh_quantity_struct qtab[] = {
    {"G", NH_Q_G, 0, "metric G (72), n x n"},
    {"Ginv", NH_Q_GINV, 0, "G^{-1}, n x n"},
    {"A", NH_Q_A, 0, "constraint one-forms (73) as rows, m x n"},
    {"mu_bar", NH_Q_MU, 0, "friction coefficients mu_bar (37), m x m"},
    {"S", NH_Q_S, 0, "A G^{-1} A^T, m x m"},
    {"P", NH_Q_P, 0, "projection onto D (78), n x n"},
    {"P_perp", NH_Q_PPERP, 0, "projection onto D_perp (79), n x n"},
    {"FR_sharp", NH_Q_FRS, 0, "G^{-1} A^T mu_bar A (81), n x n"},
    {"Q", NH_Q_Q, 0, "the map Q of Lemma 4 (82), n x n"},
    {"gradV", NH_Q_GRADV, 0, "(dV)^sharp, n"},
    {"dV", NH_Q_DV, 0, "dV/dq, n"},
    {"Gamma", NH_Q_GAMMA, 0, "Christoffel symbols Gamma^i_{jk}, n x n x n"},
    {"vD", NH_Q_VD, D, "P v (80), n"},
    {"lambda", NH_Q_LAMBDA, D, "nonholonomic multipliers, m"},
    {"routes", NH_Q_ROUTES, D, "h^(k) time route minus covariant route, k = 1..order, order x n"},
    {"lemma4", NH_Q_LEMMA4, 0, "[Q FR_sharp - P_perp; Q P], 2n x n"},
    {"remark12", NH_Q_REMARK12, D, "mu_bar A h^(1) + lambda, m"},
    {"reduced_vdot", NH_Q_RED_VDOT, D | E, "velocity form of the order-k reduced field, n"},
    {"reduced_qdot", NH_Q_RED_QDOT, D | E, "qdot of the order-k reduced field, n"},
    {"reduced_vDdot", NH_Q_RED_VDDOT, D | E, "vDdot of the order-k reduced field, n"},
    {"full_vdot", NH_Q_FULL_VDOT, E, "full friction field (39)-(40) dv/dt, n"},
    {"dEdt", NH_Q_DEDT, E, "dE/dt along the full friction field, scalar"},
    {"DV_h1", NH_Q_DV_H1, D, "vertical Jacobian D^V h^(1) at (q, vD) (000 eq (29)), n x n"},
    {"nablaH_h1", NH_Q_NABLAH_H1, D, "horizontal covariant derivative nabla^H h^(1) at (q, vD) (000 eq (30)/(33)), n x n, [m][i] = (nabla^H_{e_i} h^(1))^m"},
    {"acc_lagrange", NH_Q_ACC_LAGRANGE, N, "route 1 (Lagrange-d'Alembert) qddot at (q, qdot, t), n"},
    {"acc_voronets", NH_Q_ACC_VORONETS, N, "route 3 (Voronets) qddot, n"},
    {"acc_connection", NH_Q_ACC_CONNECTION, N | NH_QUANTITY_LINAUT, "route 2 (affine connection) qddot, n (linear autonomous models)"},
    {"lambda_connection", NH_Q_LAMBDA_CONNECTION, N | NH_QUANTITY_LINAUT, "route 2 lambda (000 eq (15)), n"},
    {"multipliers", NH_Q_MULTIPLIERS, N, "route 1 multipliers (reaction force A^T mult), m"},
    {"p_dependent", NH_Q_P_DEPENDENT, N, "dL/dsdot^nu on the constraint, m"},
    {"B_ab", NH_Q_B_AB, N, "curvature B^nu_ab by formula, m x p x p"},
    {"B_a", NH_Q_B_A, N, "curvature B^nu_a by formula, m x p"},
    {"B_ab_brackets", NH_Q_B_AB_BR, N, "-theta^nu([xi_a, xi_b]), m x p x p"},
    {"B_a_brackets", NH_Q_B_A_BR, N, "-theta^nu([xi_a, xi_t]), m x p"},
    {"acc_geodesic", NH_Q_ACC_GEODESIC, N | NH_QUANTITY_GHAT, "geodesic acceleration of the ghat: model's metric, n"},
    {"ghat", NH_Q_GHAT, N | NH_QUANTITY_GHAT, "the ghat: model's metric, n x n"},
    {"ghat_det", NH_Q_GHAT_DET, N | NH_QUANTITY_GHAT, "det of the ghat: model's metric, scalar"},
    {"Lc", NH_Q_LC, N, "L = 1/2 G(qdot, qdot) + Delta(qdot) - V at the completed qdot: the constrained Lagrangian L_c(q, qdot, t) = L(q, pr_t(qdot), t) (003 Sec 5.2), scalar"},
    {"Theta", NH_Q_THETA, N, "vertical-valued one-form Theta_ = omega^nu d/ds^nu of the constraints on Q x R (003 Sec 5.2, 004 Sec 2), [i][K] = (Theta_(d/dq^K))^i, K = n: d/dt, n x (n + 1)"},
    {"domega", NH_Q_DOMEGA, N, "d omega^nu(d/dq^K, d/dq^L) = d_K omega^nu_L - d_L omega^nu_K (004 Sec 2), K, L = n: t, m x (n + 1) x (n + 1)"},
    {"lemma2", NH_Q_LEMMA2, N | NH_QUANTITY_GHAT | NH_QUANTITY_LINAUT, "002 Lemma 2 residuals of the ghat: metric (nh_dyn_lemma2): condition (A) [c][a][b] (p^3), (B) [i][a][b] (m p^2), ghat_ab - g_ab (p^2), one vector; all 0 iff (A), (B) hold at the point and ghat is D-preserving"},
    {"frame_g", NH_Q_FRAME_G, N | NH_QUANTITY_LINAUT, "metric g_{al be} = G(X_al, X_be) in the frame of 002 Sec 4 adapted to D + D^g (nh_quantity_frame: indices labelled by coordinates), n x n"},
    {"frame_R", NH_Q_FRAME_R, N | NH_QUANTITY_LINAUT, "structure functions [X_al, X_be] = R^ga_{al be} X_ga of the frame of 002 Sec 4, [ga][al][be], n x n x n"},
    {"frame_Gamma", NH_Q_FRAME_GAMMA, N | NH_QUANTITY_LINAUT, "Levi-Civita symbols nabla_{X_al} X_be = Gamma^ga_{al be} X_ga in the frame of 002 Sec 4 (from the coordinate Christoffel symbols), [ga][al][be], n x n x n"},
    {"frame_Gamma_low", NH_Q_FRAME_GAMMA_LOW, N | NH_QUANTITY_LINAUT, "g_{ga de} Gamma^de_{al be} = G(nabla_{X_al} X_be, X_ga) in the frame of 002 Sec 4, [ga][al][be], n x n x n (half the left side of 002 Lemma 1's Koszul formula)"},
    {"exp_dE0", NH_Q_EXP_DE0, N | NH_QUANTITY_LINAUT, "002 Lemma 3: dE^be_a/dv^b(0) of the tangent map of exp^nh_q in the frame of 002 Sec 4, from the Hessian of exp^nh_q at 0 (polarized route-1 acceleration) and the frame (nh_quantity_exp_dE0), [be][a][b], n x p x p"},
    {"friction_h", NH_Q_FRICTION_H, N, "h^(1..order) of the friction realization -(1/eps) A^T mu_bar (A v + b) at (q, t, vD = P(q,t) qdot) (proofs/020, nh_series_time_t), order x n"},
    {"friction_acc0", NH_Q_FRICTION_ACC0, N, "order-0 acceleration d/dt(vD + v_p) of the friction realization's series (proofs/020 (A6)), n"},
    {"friction_lambda", NH_Q_FRICTION_LAMBDA, N, "-mu_bar A h^(1) of the friction realization (proofs/020 (A7)), m"},
    {"exp_dv", NH_Q_EXP_DV, N | NH_QUANTITY_LINAUT, "002 Sec 6: T_v exp^nh_q on D_q at a finite v in D_q, [mu][a] = d exp^nh_q(v)^mu / dv^a along the frame X_a of D_q, from the certified variational equation of the time-1 nonholonomic flow (nh_quantity_exp_dv), n x p"},
    {"exp_gauss", NH_Q_EXP_GAUSS, N | NH_QUANTITY_GHAT | NH_QUANTITY_LINAUT, "002 Props 7, 9: Gauss-type residuals ghat_{exp v}(T_v exp(v), T_v exp(X_a)) - ghat_q(v, X_a) of the ghat: metric at a finite v in D_q (nh_quantity_exp_dv), p"},
    {"sode1", NH_Q_SODE1, N | NH_QUANTITY_LINAUT, "002 Prop 1: qddot of the SODE extension Gamma^1 = p(Gamma_L) at (q, v) with v NOT completed into D, from the paper's frame form v^al X_al^C + F^a X_a^V (nh_quantity_sode1, route 0), n"},
    {"sode1_coord", NH_Q_SODE1_COORD, N | NH_QUANTITY_LINAUT, "Gamma^1 at (q, v), v not completed, by the own coordinate derivation a_L - G^-1 A^T (S^-1 A a_L + d(S^-1 A)[v] v) (nh_quantity_sode1, route 1), n"},
    {"sode2", NH_Q_SODE2, N | NH_QUANTITY_LINAUT, "002 Prop 2: qddot of Gamma^2 = Gamma_L - [nabla(Q(T))]^V at (q, v), v NOT completed into D, from the proof's frame form v^al X_al^C + F^a X_a^V - v^i (nabla X_i)^V, nabla X_i = v^al Gam^be_(al i) X_be (nh_quantity_sode2, route 0), n"},
    {"sode2_coord", NH_Q_SODE2_COORD, N | NH_QUANTITY_LINAUT, "Gamma^2 at (q, v), v not completed, by the own coordinate derivation P a_L - (d_v Q) v - Gamma(v, Q v) (nh_quantity_sode2, route 1), n"},
    {"spray_nh", NH_Q_SPRAY_NH, N | NH_QUANTITY_LINAUT, "002 Lemma 1's third expression: qddot of the spray of nabla^nh_X Y = P(nabla_X Y) + nabla_X(Q Y) at (q, v), v not completed, as printed in the frame (G and D only, V ignored; nh_quantity_sode2, route 2), n"},
    {"spray_nh_coord", NH_Q_SPRAY_NH_COORD, N | NH_QUANTITY_LINAUT, "the spray of nabla^nh at (q, v), v not completed, by the own coordinate derivation -P Gamma(v, v) - (d_v Q) v - Gamma(v, Q v) (nh_quantity_sode2, route 3), n"},
    {"spray_nh_compact", NH_Q_SPRAY_NH_COMPACT, N | NH_QUANTITY_LINAUT, "002 Prop 3's proof, compact form Gamma_g - Gamma^c_j v^j X_c^V + Gamma^k_a v^a X_k^V with the printed Gamma^be_i = Gam^be_(i al) v^al, at (q, v) (nh_quantity_sode2, route 4), n"},
    {"spray_nh_dyncov", NH_Q_SPRAY_NH_DYNCOV, N | NH_QUANTITY_LINAUT, "002 Prop 3's proof, compact form with Gamma^be_i = Gam^be_(al i) v^al (nabla_T X_i = Gamma^be_i X_be), = its first form, at (q, v) (nh_quantity_sode2, route 5), n"},
    {"frame_v", NH_Q_FRAME_V, N | NH_QUANTITY_LINAUT, "frame coordinates (xi, eta) = F(q)^-1 v of the velocity v as given (off D allowed) in the frame of 002 Sec 4 adapted to D + D_perp, labelled by coordinates (001 (26)-(28)), n"},
    {"frame_full", NH_Q_FRAME_FULL, N | E | NH_QUANTITY_LINAUT, "d/dt (xi, eta) along the full friction field (000 (39)-(40)) at (q, v), v as given (eta != 0 allowed): 001 (30) in slow time, n"},
    {"frame_geodesic", NH_Q_FRAME_GEODESIC, N | NH_QUANTITY_LINAUT, "d/dt (xi, eta) along the geodesic field of G at (q, v), v as given: the frame components v^al' of 001 (43) with nabla_qdot qdot = 0, n"},
    {"frame_h", NH_Q_FRAME_H, N | NH_QUANTITY_LINAUT, "frame coordinates F^-1 h^(k)(q, vD), k = 1..order (default 3), vD the velocity completed from the constraints, 000 normalisation (time route), order x n"},
    {"frame_reduced", NH_Q_FRAME_REDUCED, N | E | NH_QUANTITY_LINAUT, "order-k reduced field in frame coordinates at vD (completed): xi-labelled entries d xi/dt, eta-labelled entries eta = F^-1 sum_{j<=k} eps^j h^(j) (001 (31), slow time), n"},
    {"frame_Dh1", NH_Q_FRAME_DH1, N | NH_QUANTITY_LINAUT, "d/dt F^-1 h^(1)(q, vD) along the nonholonomic field X_NH: D h^(1) along the frame from the jets of 000 (67) (nh_bundle_h1), the eps^1 right side of 001 (33), n"},
    {"lagrangian", NH_Q_LAGRANGIAN, N, "L = 1/2 G(v, v) + Delta(v) - V at (q, v, t), v as given (not completed; compare Lc), scalar"},
    {"TTQ_proj", NH_Q_TTQ_PROJ, 0, "000 (26)-(27), Prop 1: [P_H; P_V] of the tangent X_*(v) of the section X = P(.) v (v fixed in coordinates): [v; dP[v] v + Gamma(X, v)], 2 x n"},
    {"prop5", NH_Q_PROP5, N | NH_QUANTITY_GHAT | NH_QUANTITY_LINAUT, "002 Prop 5 on C for a D-preserving ghat: [g_cd delta^d(Gamma^1_ghat); g_cd delta^d(Gamma^2_ghat); (iv)_c] in the frame of D (nh_quantity_prop56; = [A; A; -A], A_c = ghat_bk R^k_ac v^a v^b), 3 x p"},
    {"prop6", NH_Q_PROP6, N | NH_QUANTITY_GHAT | NH_QUANTITY_LINAUT, "002 Prop 6 on C for a D-preserving ghat: [ghat(nabla^(Q^(T)), X^_i) (coordinates); M_ik F^k (frame)] (nh_quantity_prop56; both = B_i - ghat_di g^dc A_c), 2 x m"},
    {"prop8_gauss", NH_Q_PROP8_GAUSS, N | NH_QUANTITY_GHAT | NH_QUANTITY_LINAUT, "002 Prop 8, Prop 9 (second condition): Phi_nu = ghat_{c(1)}(c'(1), W_nu(1)) + h(1)(W_nu(1)) - ghat_q(v, w_nu) of the ghat: metric, w_nu = G^-1 A^T e_nu in D^g_q, W_nu its parallel transport by nabla-bar of 002 Sec 6 and h(W) = int lambda(W) along the nonholonomic trajectory from (q, v), certified (nh_quantity_prop8_gauss), m"},
    {"h", NH_Q_H, D | NH_QUANTITY_INDEXED, "h^(k) (000 eq (66)), n"},
    {"react", NH_Q_REACT, D | NH_QUANTITY_INDEXED, "reaction^(k) = -FR_sharp h^(k), n"},
};
#define NQ ((slong) (sizeof qtab / sizeof qtab[0]))
#define NNAMED (NQ - 2)

void
nh_quantity_params_init(nh_quantity_params *par)
{
    memset(par, 0, sizeof *par);
    par->route = NH_ROUTE_TIME;
}

slong
nh_quantity_count(void)
{
    return NQ;
}

const nh_quantity_struct *
nh_quantity_get(slong i)
{
    return i >= 0 && i < NQ ? qtab + i : NULL;
}

const nh_quantity_struct *
nh_quantity_by_kind(int kind)
{
    slong i;
    for (i = 0; i < NQ; i++)
        if (qtab[i].kind == kind)
            return qtab + i;
    return NULL;
}

const nh_quantity_struct *
nh_quantity_find(const char *s, slong *kp)
{
    slong i;
    if (kp != NULL)
        *kp = 0;
    if ((s[0] == 'h' || strncmp(s, "react", 5) == 0) && s[0] != '\0' && s[strlen(s) - 1] != '_')
    {
        const char *d = s[0] == 'h' ? s + 1 : s + 5;
        if (*d != '\0' && isdigit((unsigned char) *d))
        {
            char *end;
            long k = strtol(d, &end, 10);
            if (*end == '\0' && k >= 1 && k < NH_SERIES_MAX_ORDER)
            {
                if (kp != NULL)
                    *kp = k;
                return nh_quantity_by_kind(s[0] == 'h' ? NH_Q_H : NH_Q_REACT);
            }
        }
    }
    for (i = 0; i < NNAMED; i++)
        if (strcmp(s, qtab[i].name) == 0)
            return qtab + i;
    return NULL;
}

void
nh_quantity_names(char *list, size_t size)
{
    size_t len = 0;
    slong i;
    list[0] = '\0';
    for (i = 0; i < NNAMED && len < size; i++)
        len += (size_t) snprintf(list + len, size - len, "%s%s", i ? ", " : "", qtab[i].name);
}

int
nh_quantity_shape(slong *shape, slong *len, const nh_quantity_struct *Q, slong n, slong m,
                  const nh_quantity_params *par)
{
    int nd = 1, i;
    slong l = 1;
    shape[0] = n;
    shape[1] = shape[2] = 0;
    switch (Q->kind)
    {
        case NH_Q_G: case NH_Q_GINV: case NH_Q_P: case NH_Q_PPERP: case NH_Q_FRS: case NH_Q_Q:
        case NH_Q_DV_H1: case NH_Q_NABLAH_H1: case NH_Q_GHAT:
            nd = 2; shape[1] = n; break;
        case NH_Q_A: nd = 2; shape[0] = m; shape[1] = n; break;
        case NH_Q_MU: case NH_Q_S: nd = 2; shape[0] = m; shape[1] = m; break;
        case NH_Q_GAMMA: nd = 3; shape[1] = n; shape[2] = n; break;
        case NH_Q_LAMBDA: case NH_Q_REMARK12: case NH_Q_MULTIPLIERS: case NH_Q_P_DEPENDENT:
        case NH_Q_FRICTION_LAMBDA:
            shape[0] = m; break;
        case NH_Q_FRICTION_H: case NH_Q_FRAME_H:
            nd = 2; shape[0] = par->order > 0 ? par->order : 3; shape[1] = n; break;
        case NH_Q_TTQ_PROJ: nd = 2; shape[0] = 2; shape[1] = n; break;
        case NH_Q_ROUTES:
            nd = 2; shape[0] = nh_quantity_series_terms(Q, par); shape[1] = n; break;
        case NH_Q_LEMMA4: nd = 2; shape[0] = 2 * n; shape[1] = n; break;
        case NH_Q_DEDT: case NH_Q_GHAT_DET: case NH_Q_LC: case NH_Q_LAGRANGIAN: nd = 0; shape[0] = 0; break;
        case NH_Q_B_AB: case NH_Q_B_AB_BR:
            nd = 3; shape[0] = m; shape[1] = shape[2] = n - m; break;
        case NH_Q_B_A: case NH_Q_B_A_BR:
            nd = 2; shape[0] = m; shape[1] = n - m; break;
        case NH_Q_THETA: nd = 2; shape[1] = n + 1; break;
        case NH_Q_DOMEGA: nd = 3; shape[0] = m; shape[1] = shape[2] = n + 1; break;
        case NH_Q_LEMMA2: shape[0] = (n - m) * (n - m) * (n - m + m + 1); break;
        case NH_Q_FRAME_G: nd = 2; shape[1] = n; break;
        case NH_Q_FRAME_R: case NH_Q_FRAME_GAMMA: case NH_Q_FRAME_GAMMA_LOW:
            nd = 3; shape[1] = shape[2] = n; break;
        case NH_Q_EXP_DE0: nd = 3; shape[1] = shape[2] = n - m; break;
        case NH_Q_EXP_DV: nd = 2; shape[1] = n - m; break;
        case NH_Q_EXP_GAUSS: shape[0] = n - m; break;
        case NH_Q_PROP5: nd = 2; shape[0] = 3; shape[1] = n - m; break;
        case NH_Q_PROP6: nd = 2; shape[0] = 2; shape[1] = m; break;
        case NH_Q_PROP8_GAUSS: shape[0] = m; break;
        default: break;         /* vectors of length n */
    }
    for (i = 0; i < nd; i++)
        l *= shape[i];
    if (len != NULL)
        *len = l;
    return nd;
}

slong
nh_quantity_series_terms(const nh_quantity_struct *Q, const nh_quantity_params *par)
{
    switch (Q->kind)
    {
        case NH_Q_H: case NH_Q_REACT: return FLINT_MAX(par->k, par->order);
        case NH_Q_ROUTES: return par->order > 0 ? par->order : 3;
        case NH_Q_REMARK12: case NH_Q_DV_H1: case NH_Q_NABLAH_H1: return 1;
        case NH_Q_RED_VDOT: case NH_Q_RED_QDOT: case NH_Q_RED_VDDOT: return par->order + 1;
        default: return 0;
    }
}

slong
nh_quantity_nextra(const nh_quantity_struct *Q, const nh_model_struct *M,
                   const nh_quantity_params *par)
{
    slong n = nh_model_n(M), m = nh_model_m(M), shape[3], len;
    int nd;
    if (Q->kind == NH_Q_THETA)
        return m * (n + 1);
    if (Q->kind == NH_Q_DOMEGA)
        return m * (n + 1) * n / 2;
    if (Q->kind >= NH_Q_FRAME_G && Q->kind <= NH_Q_EXP_DE0)
        return n <= NH_QUANTITY_FRAME_NAMED ? n * (n + 1) / 2 + n * n * n + n : 0;
    if (Q->kind >= NH_Q_SODE_FIRST && Q->kind <= NH_Q_SODE_LAST)
        /* at a velocity off D: the SODE route vectors, no nonholonomic ones */
        return n <= NH_QUANTITY_SODE_NAMED ? NH_QUANTITY_SODE_NROUTES * n : 0;
    if (Q->kind == NH_Q_PROP5 || Q->kind == NH_Q_PROP6)
        return nh_quantity_prop56_ncomp(n, m);
    if (Q->flags & NH_QUANTITY_NH)
        return 2 * n + (nh_model_is_linear_autonomous(M) ? n : 0)
            + (par->ghat != NULL && Q->kind != NH_Q_GHAT_DET ? n : 0) + 2 * m
            + (Q->kind == NH_Q_GHAT ? n * n : 0);
    switch (Q->kind)
    {
        case NH_Q_RED_VDOT: case NH_Q_RED_QDOT: case NH_Q_RED_VDDOT: return 3 * n;
        case NH_Q_DEDT: return 1;
        case NH_Q_DV_H1: case NH_Q_NABLAH_H1: return 2 * n * n + 2 * n;
        case NH_Q_ROUTES: return 0;
        default: break;
    }
    nd = nh_quantity_shape(shape, &len, Q, n, m, par);
    return nd == 1 ? len : 0;
}
