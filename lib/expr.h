/*
 * expr.h -- expression trees of model files (lexer, parser, constant
 * folding, evaluation on jets).  Installed as <nhoracle/expr.h> because
 * conv.h, gmap.h and proof.h embed its types (expr_arena_t, expr_src);
 * a program normally reaches expressions through model.h, gmap.h and
 * conv.h only.  See doc/model-format.md for the syntax.
 *
 * Nodes live in one growable array (an arena) owned by the model;
 * children are referred to by index, so subtrees may be shared (the
 * constraint linearisation builds coefficient trees that share the
 * user's subtrees) and everything is freed at once.
 */
#ifndef NH_EXPR_H
#define NH_EXPR_H

#include "jet.h"

/* ---- limits (documented in doc/model-format.md) --------------------- */
#define EXPR_MAX_COORDS 64        /* n                                   */
#define EXPR_MAX_PARAMS 1024
#define EXPR_MAX_NAME 64          /* identifier length                   */
#define EXPR_MAX_NUMBER 1000      /* characters of a numeric literal     */
#define EXPR_MAX_EXP10 4000       /* |decimal exponent| of a literal     */
#define EXPR_MAX_NEST 200         /* nesting of ( ), unary -, ^          */
#define EXPR_MAX_DEPTH 2000       /* depth of any expression tree        */
#define EXPR_MAX_NODES 1000000
#define EXPR_MAX_TEXT (64L << 20) /* bytes of a model file              */
#define EXPR_MAX_POW_BITS 200000  /* size of exact folded powers         */
#define EXPR_MAX_EXPANDED 1000000L  /* nodes of a tree with its shared
                                     (let) subtrees expanded            */
#define EXPR_MAX_EXP_BITS 62      /* bits of an exact exponent p/q that is
                                     not folded (evaluated on balls)     */
#define NH_STR_(x) #x
#define NH_STR(x) NH_STR_(x)

/* Node operations (expr_node.op) and their operands a, b. */
enum
{
    EXPR_NUM = 0,   /* a = index into literal table                     */
    EXPR_PARAM,     /* a = parameter index                              */
    EXPR_COORD,     /* a = coordinate index                             */
    EXPR_DIFF,      /* a = coordinate index (d<coord>, parse time only) */
    EXPR_PI,        /* pi (no operand) */
    EXPR_NEG,       /* a                                                */
    EXPR_ADD,       /* a + b                                            */
    EXPR_SUB,       /* a - b */
    EXPR_MUL,       /* a * b */
    EXPR_DIV,       /* a / b */
    EXPR_POW,       /* a ^ b */
    EXPR_SIN,       /* a (functions: argument a)                        */
    EXPR_COS,       /* cos(a) */
    EXPR_TAN,       /* tan(a) */
    EXPR_EXP,       /* exp(a) */
    EXPR_LOG,       /* log(a) */
    EXPR_SQRT       /* sqrt(a) */
};

#define EXPR_IS_FUNC(op) ((op) >= EXPR_SIN)
#define EXPR_IS_BINARY(op) ((op) >= EXPR_ADD && (op) <= EXPR_POW)

/* One node of an expression tree (in an arena). */
typedef struct
{
    unsigned char op;         /* EXPR_* operation */
    unsigned char is_const;   /* no coordinate in the subtree            */
    unsigned char is_exact;   /* constant with an exact rational value   */
    unsigned char has_diff;   /* a differential (EXPR_DIFF) in the tree  */
    int a, b;                 /* children or payload                     */
    int line, col;            /* source position                         */
    int depth;                /* tree depth                              */
    int need;                 /* jet temporaries needed to evaluate      */
    int val;                  /* index into value table if is_exact      */
    long size;                /* nodes of the tree with shared subtrees
                                 expanded (<= EXPR_MAX_EXPANDED): bounds
                                 every recursive walk                    */
    int slot;                 /* value slot of a shared node (a let, or a
                                 subtree with several parents), or -1:
                                 set by expr_share                       */
}
expr_node;

/* The arena: every node, literal and folded value of a model's (or a
   document's) expressions. */
typedef struct
{
    expr_node *nodes;         /* the nodes, indexed by int */
    slong len, alloc;         /* nodes used, allocated */
    fmpq *lits;               /* numeric literals                        */
    slong nlits, alits;       /* literals used, allocated */
    fmpq *vals;               /* folded exact values (one per node that
                                 is_exact), recomputed by expr_prepare   */
    slong nvals, avals;       /* values used, allocated */
    fmpq *params;             /* current parameter values (not owned)    */
    slong nslots;             /* value slots assigned by expr_share      */
    /* sin/cos of a coordinate or a slotted node kept across evaluation
       sessions (issue 14): nscm memos, scm_key[k] as the session's
       sc_key; logically const (filled during evaluation through a const
       arena, like a jet context's product table), valid whatever the
       arguments because jet_sin_cos_memo compares them (jet.h) */
    slong nscm;
    slong *scm_key;
    jet_sin_cos_memo_struct *scm;
}
expr_arena_struct;

typedef expr_arena_struct expr_arena_t[1];

/* An empty arena / free it with everything it holds. */
void expr_arena_init(expr_arena_t A);
void expr_arena_clear(expr_arena_t A);

/* New node; returns index or -1 (too many nodes / too deep: *why set). */
int expr_new(expr_arena_t A, int op, int a, int b, int line, int col, const char **why);
int expr_new_lit(expr_arena_t A, const fmpq_t v, int line, int col, const char **why);

/* ---- lexer ---------------------------------------------------------- */

/* Tokens of the lexer: end of text, end of line, a name, a number, the
   operators + - * / ^ ( ) , = :, and a bad character (lexer's bad). */
enum
{
    TOK_EOF = 0, TOK_NL, TOK_NAME, TOK_NUM, TOK_PLUS, TOK_MINUS, TOK_STAR,  /* see above */
    TOK_SLASH, TOK_CARET, TOK_LPAR, TOK_RPAR, TOK_COMMA, TOK_EQ, TOK_COLON, /* see above */
    TOK_BAD                                                                 /* see above */
};

/* A lexer over text[0..len), at byte pos, with its current token. */
typedef struct
{
    const char *text;         /* the text (not owned) */
    size_t len, pos;          /* its length, the read position */
    int line, col;            /* of pos                                  */
    /* current token */
    int tok;
    size_t tstart, tlen;
    int tline, tcol;
    fmpq_t num;               /* value of TOK_NUM                        */
    const char *bad;          /* reason for TOK_BAD                      */
}
expr_lexer_struct;

typedef expr_lexer_struct expr_lexer_t[1];

/* Start a lexer on text[0..len) (not copied; tok = TOK_NL until the
   first expr_lex_next) / free it / read the next token into L->tok. */
void expr_lexer_init(expr_lexer_t L, const char *text, size_t len);
void expr_lexer_clear(expr_lexer_t L);
void expr_lex_next(expr_lexer_t L);
/* Describe the current token for messages ("'+'", "name 'x'",
   "end of line", ...) into buf. */
void expr_tok_describe(char *buf, size_t size, const expr_lexer_t L);
/* Set err to NH_ERR_PARSE "file:line:col: expected WHAT, found <current
   token>" at the current token; returns NH_ERR_PARSE. */
int expr_error_expected(nh_error_t err, const char *file, const expr_lexer_t L,
                        const char *what);

/* Set err to NH_ERR_PARSE "file:line:col: why" at the position of node;
   returns NH_ERR_PARSE. */
int expr_error_at(nh_error_t err, const char *file, const expr_arena_t A, int node,
                  const char *why);

/* expr_new at the position of node 'at'; errors (too many nodes, too
   deep, too large) as expr_error_at there. */
int expr_new_at(int *res, expr_arena_t A, int op, int a, int b, int at, const char *file,
                nh_error_t err);

/* A new literal v (an integer) at the position of node 'at'. */
int expr_new_int_at(int *res, expr_arena_t A, slong v, int at, const char *file, nh_error_t err);

/* Parse a decimal literal s[0..len) ("12", "0.25", "1e-3", "2.5E+4")
   exactly.  Returns 0 on success, else a static reason. */
const char *expr_parse_decimal(fmpq_t res, const char *s, size_t len);

/* ---- parser --------------------------------------------------------- */

/* Name resolution callback data. */
typedef struct
{
    slong n;                  /* number of coordinates */
    char **coords;            /* their names */
    slong np;                 /* number of parameters */
    char **pnames;            /* their names */
    int allow_diff;           /* d<coord> allowed (constraint forms)     */
    int allow_coords;         /* coordinates allowed (0: parameter defs) */
    /* Added for time-dependent models (issue 7); 0 = old behaviour.  If
       nonzero (and allow_coords), the name `t` -- unless it is a
       coordinate or parameter -- is the time, an EXPR_COORD node with
       a = n (so evaluation needs n + 1 jets, the last one t), and, if
       also allow_diff, `dt` is an EXPR_DIFF node with a = n (then call
       expr_linearize with n + 1). */
    int allow_time;
    /* issue 16: let definitions (doc/model-format.md "let, d(), kinetic,
       lagrangian").  A let name stands for the shared subtree lroots[k]
       (no copy); lform[k] != 0 when it is a form in the differentials
       (then only allowed where allow_diff).  Lets are visible only where
       allow_coords.  defining: the let being defined (for the message
       of a self-reference), or NULL. */
    slong nlets;
    char **lnames;
    const int *lroots;
    const unsigned char *lform;
    const char *defining;
}
expr_names_struct;

/* Parse one expression at the lexer's current token; on success returns
   NH_OK and *root.  Errors: NH_ERR_PARSE with "file:line:col: ..." in
   err. */
int expr_parse(int *root, expr_arena_t A, expr_lexer_t L, const expr_names_struct *N,
               const char *filename, nh_error_t err);

/* Split a linear form in the differentials into coefficients:
   coef[i] = node index or -1 (zero). */
int expr_linearize(int *coef, expr_arena_t A, int root, slong n,
                   const char *filename, nh_error_t err);

/* 1 if the tree at node contains a differential (EXPR_DIFF node). */
int expr_has_diff(const expr_arena_t A, int node);

/* The differential d(f) of the tree f (coordinates 0..n-1 and, if
   nt = n + 1, the time as coordinate n), as a new tree that is a
   linear form in EXPR_DIFF nodes (dq^i, and dt for the time): built
   symbolically by the chain and product rules (exact, no finite
   differences).  f must not contain differentials.  *res = -1 when
   d(f) is identically 0 (f constant).  Errors: NH_ERR_PARSE
   "file:line:col: ..." (too many nodes). */
int expr_differential(int *res, expr_arena_t A, int f, slong nt,
                      const char *filename, nh_error_t err);

/* Split an expression in the differentials by degree in the velocities
   (issue 16, `kinetic:` / `lagrangian:`): root = c0 + sum_i c1[i] v^i +
   sum_{i<=j} c2[i*n+j] v^i v^j, the velocities v^i = dq^i (i < n); a
   differential dt (index n, present when nt = n + 1) counts as the
   number 1 (the velocity of the time), so it contributes to lower
   degrees.  c0: one node or -1 (zero); c1: n nodes; c2: n*n nodes, only
   i <= j set (-1 = zero).  Errors (NH_ERR_PARSE at the offending
   node): a term of degree > 2, a differential in a function argument,
   a divisor or an exponent, a non-constant or non-integer power of a
   form (only ^1, ^2 of forms are allowed). */
int expr_split_quadratic(int *c0, int *c1, int *c2, expr_arena_t A, int root,
                         slong n, slong nt, const char *filename, nh_error_t err);

/* Structural equality of two trees; after expr_prepare, two exact
   constant subtrees are equal when their folded values are. */
int expr_equal(const expr_arena_t A, int a, int b);

/* Recompute constness, exact folded values and temporaries needed for
   every node (call after parsing and after any parameter change). */
void expr_prepare(expr_arena_t A);

/* 1 if node is an exact constant equal to 0. */
int expr_is_zero(const expr_arena_t A, int node);

/* Exact value of a constant subtree (parameter definitions).  Returns
   NULL on success, else a reason; *bad_node = where. */
const char *expr_eval_exact(fmpq_t res, const expr_arena_t A, int node, int *bad_node);

/* ---- typed formulas ------------------------------------------------- */

/* A text value with its source position (line, col are 1-based, of the
   first character of text in its file): a value of a claim block
   (lib/proof.h) or of a field file (lib/conv.h). */
typedef struct
{
    char *text;     /* NULL if absent; newlines kept                     */
    int line, col;  /* position of text's first character */
}
expr_src;

/* Deepest nesting of lists in a typed formula. */
#define EXPR_FORMULA_MAX_DIMS 3

/* A typed formula: a scalar expression or nested lists ("[[a, b], [c,
   d]]") of expressions; len roots (row-major), shape[0..ndims-1]. */
typedef struct
{
    int *roots;                 /* root node of each entry */
    slong len, alloc;           /* entries used, allocated */
    int ndims;                  /* 0: scalar                            */
    slong shape[EXPR_FORMULA_MAX_DIMS]; /* extent of each dimension */
}
expr_formula;

/* An empty formula / free it (not the arena's nodes). */
void expr_formula_init(expr_formula *F);
void expr_formula_clear(expr_formula *F);
/* Parse the value v (a scalar expression or nested lists, at most
   EXPR_FORMULA_MAX_DIMS deep, rectangular) into arena A with names N;
   positions of errors are mapped back to v's file: NH_ERR_PARSE with
   "file:line:col: ...". */
int expr_formula_parse(expr_formula *F, const expr_src *v, expr_arena_t A,
                       const expr_names_struct *N, const char *file, nh_error_t err);

/* ---- evaluation ----------------------------------------------------- */

/* Shared nodes (issue 16: "let" values are evaluated once per point).
   expr_share gives a value slot to the root of every let in lets[0..
   nlets) and to every operation node that is a child of two or more
   nodes of the arena (subtrees shared by d(), the linearisation of
   forms and the split of energies by degree); coordinates, literals,
   parameters and differentials get none.  Call once after parsing
   (slots depend only on the structure, not on parameter values). */
void expr_share(expr_arena_t A, const int *lets, slong nlets);

/* The values of the slotted nodes during one evaluation session (one
   point, one jet context, one order): each is computed at its first use
   and then reused, so a let is evaluated once per session however many
   expressions use it.  Likewise sin(u) and cos(u) of the same u (a
   coordinate or a slotted node) come from one jet_sin_cos per session.  val[s] is allocated at first use; fills[s]
   counts the computations of slot s (1 per session when sharing works;
   a test reads it). */
typedef struct
{
    slong nslots;             /* slots (the arena's nslots) */
    arb_ptr *val;             /* value of each slot (a jet) or NULL */
    unsigned char *ok;        /* 1: val[s] computed this session */
    slong *fills;             /* computations of each slot (above) */
    const jet_ctx_struct *ctx; /* the session's jet context */
    /* sin and cos of one argument computed together (issue 14): for an
       argument with a stable value in the session (a coordinate or a
       slotted node), key nsc entries sc_key[k] (-1 - coordinate index,
       or the slot) with sc_val[k] = 2 jets, sin then cos */
    slong nsc;
    slong *sc_key;
    arb_ptr *sc_val;
    unsigned char *sc_own;    /* sc_val[k] allocated here (1) or a memo
                                 of the arena (0)                        */
}
expr_cache_struct;

/* A new session for arena A in context ctx (nothing computed) / free. */
void expr_cache_init(expr_cache_struct *C, const expr_arena_struct *A, const jet_ctx_struct *ctx);
void expr_cache_clear(expr_cache_struct *C);

/* One evaluation: arena, point, truncation and workspace. */
typedef struct
{
    const expr_arena_struct *A; /* the expressions */
    arb_srcptr q;             /* coordinate jets (n, or n + 1 with t) */
    slong ord, L, prec;       /* jet order, jet_ctx_len(ctx, ord), bits */
    const jet_ctx_struct *ctx; /* the jet context */
    arb_ptr stack;            /* workspace: nstack jets                  */
    slong nstack;             /* jets in stack */
    int bad_node;             /* on error: failing node                  */
    const char *bad_why;      /* ... and why */
    expr_cache_struct *cache; /* NULL: no sharing (every use of a let
                                 evaluated again); else slotted nodes are
                                 computed once into it                   */
}
expr_eval_struct;

/* Evaluate root into the jet out (all ctx->len coefficients written;
   those of degree > ord are zero).  Returns NH_OK or NH_ERR_DOMAIN with
   E->bad_node / E->bad_why. */
int expr_eval_jet(arb_ptr out, expr_eval_struct *E, int root);

#endif
