"""Periodic orbits, their Floquet multipliers and their continuation (chaoskit periodic / continue).

Both functions run the library calls of the CLI commands, write the same branch file
(src/chaoskit/periodic/branch_file.hpp) and return it opened as an xarray.Dataset, with the
multipliers also as one complex variable `multipliers` (over the dimension `multiplier`).
"""
import os
import tempfile

import numpy as np
import xarray as xr

from . import _chaoskit
from .model import Model

_ORBIT_KEYS = ("period", "segments", "iterates", "forcing_period", "energy", "conservative", "winding", "tol",
               "max_iterations", "threads", "integrator", "inputs", "at_event", "max_time")


def _target(model, map, map_params):
    if (model is None) == (map is None):
        raise ValueError("model: give either a Model (or a model name) or map='henon'")
    if map is not None:
        if not isinstance(map, str):
            raise TypeError(f"map: expected a map name (str), got {type(map).__name__}")
        if map_params is not None and not isinstance(map_params, dict):
            raise TypeError(f"map_params: expected a dict of name = value, got {type(map_params).__name__}")
        return None, map, dict(map_params or {})
    if isinstance(model, str):
        model = Model(model)
    if not isinstance(model, Model):
        raise TypeError(f"model: expected a chaoskit.Model or a model name, got {type(model).__name__}")
    if map_params:
        raise ValueError("map_params: applies to map= only")
    return model._m, "", {}


def _options(kwargs):
    unknown = sorted(set(kwargs) - set(_ORBIT_KEYS))
    if unknown:
        raise TypeError(f"unexpected keyword argument(s): {', '.join(unknown)}")
    if kwargs.get("conservative") in (True, False):
        kwargs["conservative"] = "yes" if kwargs["conservative"] else "no"
    return {k: v for k, v in kwargs.items() if v is not None}


def _open(path):
    with xr.open_dataset(path, engine="h5netcdf") as ds:
        ds = ds.load()
    ds["multipliers"] = ds.multiplier_real + 1j * ds.multiplier_imag
    ds.multipliers.attrs["long_name"] = "Floquet multipliers (complex), trivial ones first"
    return ds


def _run(call, out, *args):
    if out is not None:
        out = os.fspath(out)
        if os.path.exists(out):
            raise ValueError(f"out: '{out}' exists; remove it first")
        result = call(*args, out)
        return result, (out if result["status"] in ("converged", "ok") else None)
    with tempfile.TemporaryDirectory(prefix="chaoskit_periodic_") as tmp:
        path = os.path.join(tmp, "branch.h5")
        result = call(*args, path)
        if result["status"] not in ("converged", "ok"):
            return result, None
        return result, _open(path)


def periodic_orbit(model=None, state=None, *, map=None, map_params=None, out=None, **options):
    """A periodic orbit near `state`, as `chaoskit periodic` finds it.

    model: a chaoskit.Model (or a model name); or map="henon" with map_params={"a": 1.4, "b": 0.3}.
    Options (the CLI's): period (guess [s], autonomous flows), segments, iterates (a map's period k,
    or forcing periods), forcing_period [s], energy [J], conservative ("auto" | True | False),
    winding (turns per coordinate), tol (1e-10), max_iterations (20), threads, integrator={...}
    (tolerances default to 1e-12), inputs={...}. at_event="heel_strike" takes a model with events at
    that event: the map from just after one occurrence to just after the next (a walker's stride
    map; `state` is a state just after the event, `iterates` the period k, max_time the longest a
    step may take, 100 by default); the dataset's return_time is then the step time.

    Returns an xarray.Dataset with the dimension `point` dropped: state, period, energy, residual,
    multipliers (complex) with multiplier_trivial, stability (0 asymptotically stable, 1 linearly
    stable, 2 unstable), monodromy, unknowns; the file's attributes. Raises RuntimeError with the
    one-line reason when Newton fails, ValueError for bad input."""
    m, name, params = _target(model, map, map_params)
    if state is None:
        raise ValueError("state: a guess of a state on the orbit is required")
    result, ds = _run(_chaoskit._periodic_orbit, out, m, name, params, np.asarray(state, dtype=float),
                      _options(options))
    if ds is None and result["status"] != "converged":
        raise RuntimeError("no periodic orbit: " + result["message"])
    if isinstance(ds, str):
        ds = _open(ds)
    return ds.isel(point=0)


def continuation(model=None, state=None, parameter=None, *, map=None, map_params=None, out=None, min=None, max=None,
                 ds=0.01, ds_min=1e-8, ds_max=0.1, max_points=200, direction=1, switch_pd=0, locate_tol=1e-10,
                 **options):
    """Pseudo-arclength continuation of the orbit near `state` in `parameter`, as `chaoskit continue`.

    parameter: "energy", an input ("tau1"), a parameter-set key ("L1", "b2"), or a map's ("a").
    min/max bound the parameter; ds, ds_min, ds_max the step; switch_pd the period-doubling levels
    to switch onto; the orbit options are periodic_orbit's.

    Returns the branch file as an xarray.Dataset over `point` (parameter, state, period, energy,
    multipliers, stability, point_type with its flag_meanings, branch, ...). Raises RuntimeError
    when the start orbit is not found, ValueError for bad input."""
    m, name, params = _target(model, map, map_params)
    if state is None:
        raise ValueError("state: a guess of a state on the orbit is required")
    if not isinstance(parameter, str):
        raise TypeError("parameter: expected a parameter name (str)")
    opts = _options(options)
    opts.update({k: v for k, v in dict(min=min, max=max, ds=ds, ds_min=ds_min, ds_max=ds_max, max_points=max_points,
                                         direction=direction, switch_pd=switch_pd, locate_tol=locate_tol).items()
                 if v is not None})
    result, branch = _run(_chaoskit._continuation, out, m, name, params, np.asarray(state, dtype=float), parameter,
                          opts)
    if branch is None:
        raise RuntimeError("no branch: " + result["message"])
    return _open(branch) if isinstance(branch, str) else branch
