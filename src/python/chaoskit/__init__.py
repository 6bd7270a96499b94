"""chaoskit from Python: chaos and sensitivity analysis of pendulum-chain models.

The same C++ library as the `chaoskit` command underneath (no second implementation): a Model is
built as a job's [model] table builds it, the functions over arrays of states run the sweep's point
evaluator, and sweep() writes the file `chaoskit sweep` writes.

    import chaoskit as ck
    golf = ck.Model("golf")
    ds = ck.lyapunov(golf, [[2.0, -1.0, 0.0, 0.0], [0.5, 0.2, 0.0, 0.0]], time=200)
    ds.lambda_max.values, ds.lambda_max_error.values

See src/python/README.md for every function.
"""
import os as _os
import sys as _sys

from . import _locations


def _interpreter_hint(error):
    """Why chaoskit cannot be imported by this interpreter, and which one it was built for."""
    here = f"{_sys.executable} (Python {_sys.version_info.major}.{_sys.version_info.minor})"
    return (f"chaoskit cannot be imported by {here}: {error}. Its compiled module was built for "
            f"{_locations.PYTHON} (Python {_locations.PYTHON_VERSION}), with Debian's python3-numpy, "
            f"python3-xarray and python3-h5netcdf: run {_locations.PYTHON} instead, or build chaoskit "
            f"for this interpreter (cmake -DPython_EXECUTABLE={_sys.executable}, with numpy installed for it)")


try:
    from . import _chaoskit
    import numpy as _numpy  # noqa: F401  (every function's arrays; checked here to say why it is missing)
except ImportError as _error:
    raise ImportError(_interpreter_hint(_error)) from _error

if not _os.environ.get("CHAOSKIT_DATA"):
    _chaoskit._set_data_directory(_locations.DATA_DIR)

__version__ = _chaoskit.__version__
__commit__ = _chaoskit.commit

from .model import Model, models, param_sets, data_directory  # noqa: E402
from .compute import (simulate, lyapunov, orbit_class, sali, megno, ftle, stm, section, basin,  # noqa: E402
                      evaluate)
from .results import sweep, open_results  # noqa: E402
from .periodic import periodic_orbit, continuation  # noqa: E402


def vector_path():
    """The SIMD path the tangent flows run on here, e.g. 'avx512 (8 lanes)' (CHAOSKIT_SIMD narrows it)."""
    return _chaoskit._vector_path()


__all__ = ["Model", "models", "param_sets", "data_directory", "simulate", "lyapunov", "orbit_class", "sali", "megno", "ftle", "stm",
           "section", "basin", "evaluate", "sweep", "open_results", "periodic_orbit", "continuation", "vector_path",
           "__version__"]
