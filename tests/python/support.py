"""Shared helpers of the Python module's tests: the CLI to compare with, temporary folders."""
import json
import os
import subprocess
import tempfile
import unittest
from pathlib import Path

import h5py
import numpy as np

CLI = os.environ.get("CHAOSKIT_CLI", "chaoskit")


def cli(*args, check=True):
    """Runs the chaoskit CLI; returns the CompletedProcess (stdout, stderr as text)."""
    r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    if check and r.returncode != 0:
        raise AssertionError(f"chaoskit {' '.join(map(str, args))} failed ({r.returncode}): {r.stderr}")
    return r


def cli_json(*args):
    return json.loads(cli(*args, "--json").stdout)


def write_points_csv(path, names, states):
    """A [points] file with full round-trip precision (repr of each double)."""
    lines = [",".join(names)] + [",".join(repr(float(v)) for v in row) for row in np.atleast_2d(states)]
    Path(path).write_text("\n".join(lines) + "\n")


def h5_variables(path):
    """Every dataset of a results file as numpy arrays."""
    out = {}
    with h5py.File(path, "r") as f:
        for name, obj in f.items():
            if isinstance(obj, h5py.Dataset):
                out[name] = obj[...]
    return out


def same_bits(a, b):
    """Equal shape and dtype-compatible values bit for bit (NaN equal to NaN)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if a.dtype.kind == "f" or b.dtype.kind == "f":
        return np.array_equal(a.astype(np.float64).view(np.int64), b.astype(np.float64).view(np.int64))
    return np.array_equal(a, b)


class TempDirCase(unittest.TestCase):
    """A test case with a fresh temporary folder (self.tmp) that is also the working directory."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="chaoskit_py_")
        self.tmp = Path(self._tmp.name)
        self._cwd = os.getcwd()
        os.chdir(self.tmp)

    def tearDown(self):
        os.chdir(self._cwd)
        self._tmp.cleanup()
