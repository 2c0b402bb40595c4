"""Ball: an Arb ball [mid +/- rad] converted exactly to mpmath."""

import fractions

import mpmath
from mpmath.libmp import from_man_exp

from ._lib import ffi, lib


def _fmpz_int(z):
    s = lib.fmpz_get_str(ffi.NULL, 16, z)
    try:
        return int(ffi.string(s), 16)
    finally:
        lib.flint_free(s)


def _arf_man_exp(x):
    """(man, exp) integers with arf x = man 2^exp, exactly."""
    man = ffi.new("fmpz *")
    exp = ffi.new("fmpz *")
    lib.arf_get_fmpz_2exp(man, exp, x)
    try:
        return _fmpz_int(man), _fmpz_int(exp)
    finally:
        lib.fmpz_clear(man)
        lib.fmpz_clear(exp)


def _mpf_exact(man, exp):
    v = mpmath.mpf(0)
    v._mpf_ = from_man_exp(man, exp)  # prec 0: exact, no rounding
    return v


def to_fmpq(x, out):
    """Set the fmpq out to the exact value of x (int, Fraction, float, mpf, str)."""
    if isinstance(x, mpmath.mpf):
        sign, man, exp, _ = x._mpf_
        if not man and exp:
            raise ValueError("not a finite number: %r" % x)
        x = fractions.Fraction(int(man) * (-1 if sign else 1)) * fractions.Fraction(2) ** int(exp)
    elif isinstance(x, float):
        x = fractions.Fraction(x)  # exact (raises for nan/inf)
    elif isinstance(x, int):
        x = fractions.Fraction(x)
    if isinstance(x, fractions.Fraction):
        s = "%d/%d" % (x.numerator, x.denominator)
        if lib.fmpq_set_str(out, s.encode(), 10) != 0:
            raise ValueError("cannot convert %r" % x)
        return
    if isinstance(x, str):
        from .errors import check
        err = ffi.new("nh_error_struct *")
        check(lib.nh_check_parse_q(out, x.encode(), b"value", err), err)
        return
    raise TypeError("expected int, Fraction, float, mpf or str, got %r" % (x,))


class Ball:
    """An enclosure [mid +/- rad] of a real number (a copy of an Arb ball).

    .mid, .rad: mpmath.mpf, exact copies of Arb's midpoint and radius."""

    __slots__ = ("_man", "_exp", "_rman", "_rexp", "_str", "_arb")

    def __init__(self, arb):
        self._arb = ffi.gc(ffi.new("arb_struct[1]"), _arb_clear)
        lib.arb_init(self._arb)
        if ffi.typeof(arb).kind != "pointer":
            arb = ffi.addressof(arb)
        lib.arb_set(self._arb, arb)
        self._man, self._exp = _arf_man_exp(ffi.addressof(arb, "mid"))
        r = ffi.new("arf_struct *")
        lib.arf_init(r)
        lib.arf_set_mag(r, ffi.addressof(arb, "rad"))
        self._rman, self._rexp = _arf_man_exp(r)
        lib.arf_clear(r)
        self._str = {}

    @property
    def mid(self):
        return _mpf_exact(self._man, self._exp)

    @property
    def rad(self):
        return _mpf_exact(self._rman, self._rexp)

    def _fractions(self):
        F = fractions.Fraction
        m = F(self._man) * F(2) ** self._exp
        r = F(self._rman) * F(2) ** self._rexp
        return m, r

    def contains(self, x):
        """True if x (int, float, Fraction, mpf, exact decimal str) lies in the ball (exact)."""
        q = ffi.new("fmpq *")
        q.den = 1
        try:
            to_fmpq(x, q)
            return bool(lib.arb_contains_fmpq(self._arb, q))
        finally:
            lib.fmpq_clear(q)

    def __contains__(self, x):
        return self.contains(x)

    def __float__(self):
        return float(self._fractions()[0])

    def str(self, digits=15):
        """Arb's decimal string (arb_get_str) with `digits` digits: the CLI's format."""
        if digits not in self._str:
            self._str[digits] = _arb_str(self._arb, digits)
        return self._str[digits]

    def __str__(self):
        return self.str()

    def __repr__(self):
        return "Ball(%s)" % self.str()


def _arb_str(a, digits):
    s = lib.arb_get_str(a, digits, 0)
    try:
        return ffi.string(s).decode()
    finally:
        lib.flint_free(s)


def _arb_clear(a):
    lib.arb_clear(a)


def balls(vec, n, offset=0):
    return [Ball(vec[offset + i]) for i in range(n)]
