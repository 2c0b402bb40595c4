"""Errors: nhoracle.Error subclasses named after the exit-code classes."""

import pytest

import nhoracle
from conftest import case


def test_parse_error_names_file_line_col(tmp_path):
    p = tmp_path / "bad.nh"
    p.write_text("model bad\ncoordinates x\nmetric diagonal: 1 +\n")
    with pytest.raises(nhoracle.ParseError) as e:
        nhoracle.Model(str(p))
    assert e.value.code == 2
    assert "bad.nh:3:" in str(e.value)


def test_missing_file_is_io_error(tmp_path):
    with pytest.raises(nhoracle.IOError_) as e:
        nhoracle.Model(str(tmp_path / "none.nh"))
    assert e.value.code == 5 and isinstance(e.value, nhoracle.Error)


def test_unknown_coordinate_and_param():
    m = nhoracle.Model(case("vertical_disk.nh"))
    with pytest.raises(nhoracle.UsageError, match="unknown coordinate 'phi'"):
        m.series({"phi": 1}, {}, 1)
    with pytest.raises(nhoracle.UsageError):
        nhoracle.Model(case("vertical_disk.nh"), params={"nosuch": 1})
    with pytest.raises(nhoracle.UsageError, match="exact"):
        nhoracle.Model(case("vertical_disk.nh"), params={"m": 0.1})


def test_degenerate_metric_is_model_error():
    """m = 0 makes G = diag(I, 0, 0, J) singular: not positive definite."""
    m = nhoracle.Model(case("vertical_disk.nh"), params={"m": 0})
    with pytest.raises(nhoracle.ModelError) as e:
        m.series({}, {"x": 1}, 1)
    assert e.value.code == 3
