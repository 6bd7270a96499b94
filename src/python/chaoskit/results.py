"""Sweeps into HDF5 results files and the xarray view of results (files and in-memory)."""
import os

import numpy as np

from . import _chaoskit

STATUS_MEANINGS = _chaoskit._status_meanings  # "not_computed ok step_underflow ..." (core/point_status.hpp)


def sweep(job, out=None, *, resume=False, force=False, threads=None, progress="quiet", log_interval=10.0, open=True):
    """Runs a sweep job, given as the path of a job file or as a dict in the job-file schema
    (README of src/chaoskit/sweep), into the HDF5 file `chaoskit sweep` writes for it (out=, else
    the job's [output] file, else the job file's name with .h5). resume=True continues an
    interrupted or complete file; force=True replaces one. Returns the opened xarray.Dataset
    (open=False: the run's summary dict). Ctrl-C stops the sweep (no new point starts), keeps every
    finished point in the file (resume later) and raises KeyboardInterrupt. progress: 'quiet', 'bar', 'log' (a line every
    log_interval seconds) or 'auto' (bar on a terminal, else log), on stderr."""
    from .compute import _threads

    if not isinstance(job, (dict, str, os.PathLike)):
        raise TypeError(f"job: expected the path of a job file or a dict, got {type(job).__name__}")
    if not isinstance(job, dict):
        job = os.fspath(job)
    summary = _chaoskit._sweep(job, os.fspath(out) if out is not None else "", bool(resume), bool(force),
                               _threads(threads), str(progress), float(log_interval))
    if not open:
        return summary
    return open_results(summary["output"])


def open_results(path):
    """A chaoskit results file (a sweep's HDF5) as an xarray.Dataset, values as stored (no masking:
    integer variables stay integers, as in the file; float variables hold NaN where undefined)."""
    import xarray as xr

    return xr.open_dataset(os.fspath(path), engine="h5netcdf", mask_and_scale=False)


def dataset_from_memory(raw):
    """The xarray.Dataset of an in-memory run (_chaoskit._evaluate): the variables, coordinates and
    attributes a results file of the same job has."""
    import xarray as xr

    dims = [a["name"] for a in raw["axes"]]
    shape = [len(a["values"]) for a in raw["axes"]]
    coords = {a["name"]: (a["name"], a["values"], {"units": a["units"], "long_name": a["long_name"]})
              for a in raw["axes"]}
    data = {}
    for v in raw["variables"]:
        values = np.asarray(v["values"])
        values = values.reshape(shape + list(values.shape[1:]))
        attrs = {"units": v["units"], "long_name": v["long_name"]}
        if "flag_values" in v:  # an enumerated variable's CF flags (orbit_class, orbit_votes)
            attrs["flag_values"] = np.asarray(v["flag_values"], dtype=values.dtype)
            attrs["flag_meanings"] = v["flag_meanings"]
        data[v["name"]] = (dims + list(v["trailing"]), values, attrs)
    data["status"] = (dims, np.asarray(raw["status"]).reshape(shape),
                      {"units": "1", "long_name": "point status", "flag_meanings": STATUS_MEANINGS})
    return xr.Dataset(data, coords=coords, attrs=dict(raw["attributes"]))
