"""Hypothesis strategies of exact points of a model (doc/python.md)."""

import fractions

from hypothesis import strategies as st

from .model import Model


def _parse_domain(model, domain):
    """{'q': {name: (lo, hi)}, 'v': {...}} from "NAME=LO:HI,v_NAME=LO:HI" or a dict;
    every coordinate and velocity defaults to [-1, 1] (the box of `check`)."""
    box = {("q", c): (fractions.Fraction(-1), fractions.Fraction(1)) for c in model.coordinates}
    box.update({("v", c): (fractions.Fraction(-1), fractions.Fraction(1))
                for c in model.coordinates})
    if isinstance(domain, str):
        items = [it.split("=", 1) for it in domain.split(",") if it.strip()]
        domain = {k.strip(): tuple(v.split(":")) for k, v in items}
    for name, (lo, hi) in (domain or {}).items():
        kind, c = ("v", name[2:]) if name.startswith("v_") else ("q", name)
        if c not in model.coordinates:
            raise ValueError("domain: unknown coordinate '%s'" % c)
        lo, hi = fractions.Fraction(str(lo)), fractions.Fraction(str(hi))
        if lo > hi:
            raise ValueError("domain: %s: LO > HI" % name)
        box[(kind, c)] = (lo, hi)
    return box


def points(model, domain=None, digits=6):
    """A strategy of exact points (q, v): two dicts coordinate name -> exact decimal
    string, each value a multiple of 10^-digits inside the domain (the grid of `check`),
    so the reference is model.series(q, v, ...) at exactly the drawn point."""
    if not isinstance(model, Model):
        model = Model(model)
    box = _parse_domain(model, domain)
    scale = 10 ** digits

    def coord(lo, hi):
        a = -((-lo * scale) // 1)   # ceil
        b = (hi * scale) // 1       # floor
        return st.integers(int(a), int(b)).map(lambda k: _dec(k, digits))

    qs = st.fixed_dictionaries({c: coord(*box[("q", c)]) for c in model.coordinates})
    vs = st.fixed_dictionaries({c: coord(*box[("v", c)]) for c in model.coordinates})
    return st.tuples(qs, vs)


def _dec(k, digits):
    sign = "-" if k < 0 else ""
    k = abs(k)
    s = "%d.%0*d" % (k // 10 ** digits, digits, k % 10 ** digits) if digits else str(k)
    s = s.rstrip("0").rstrip(".") if "." in s else s
    return sign + s if s != "0" else "0"
