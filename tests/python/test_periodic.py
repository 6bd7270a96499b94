"""chaoskit.periodic_orbit and chaoskit.continuation: the numbers of `chaoskit periodic` and
`chaoskit continue` bit for bit, as xarray Datasets, and clear errors."""
import math
import unittest

import numpy as np
import xarray as xr

import chaoskit as ck
from support import TempDirCase, cli, cli_json, same_bits


class PeriodicOrbitTests(TempDirCase):
    def test_pendulum_orbit_matches_the_cli(self):
        rod = ck.Model("chain", params="chain1_rod")
        ds = ck.periodic_orbit(rod, [2.0, 0.0], period=2.0)
        self.assertIsInstance(ds, xr.Dataset)
        j = cli_json("periodic", "--model", "chain", "--params", "chain1_rod", "--state", "2,0", "--period", "2")
        self.assertTrue(same_bits(ds.period.values, j["period"]))
        self.assertTrue(same_bits(ds.state.values, j["state"]))
        self.assertTrue(same_bits(ds.monodromy.values, j["monodromy"]))
        mu = ds.multipliers.values
        self.assertEqual(mu.dtype.kind, "c")
        self.assertEqual(int(ds.multiplier_trivial.sum()), 2)
        self.assertEqual(ds.attrs["status"], "converged")
        self.assertEqual(ds.attrs["kind"], "autonomous_flow")
        self.assertLessEqual(float(ds.residual), 1e-10)

    def test_henon_period_two(self):
        ds = ck.periodic_orbit(map="henon", map_params={"a": 1.2}, state=[1.0, -0.2], iterates=2)
        self.assertEqual(int(ds.segments), 2)
        self.assertAlmostEqual(abs(complex(ds.multipliers[0] * ds.multipliers[1])), 0.09, places=12)  # b^2

    def test_failures_and_bad_input(self):
        with self.assertRaisesRegex(RuntimeError, "^no periodic orbit: no convergence: residual "):
            ck.periodic_orbit("lorenz", [-10.0, -10.0, 25.0], period=1.2, max_iterations=1)
        with self.assertRaisesRegex(ValueError, "segments: must be a positive integer"):
            ck.periodic_orbit("lorenz", [1.0, 1.0, 1.0], period=1.0, segments=0)
        with self.assertRaisesRegex(ValueError, "state: expected 3"):
            ck.periodic_orbit("lorenz", [1.0, 1.0], period=1.0)
        with self.assertRaisesRegex(ValueError, "period: a guess of the period"):
            ck.periodic_orbit("lorenz", [1.0, 1.0, 1.0])
        with self.assertRaisesRegex(ValueError, "map: unknown map 'cat'"):
            ck.periodic_orbit(map="cat", state=[1.0, 1.0])
        with self.assertRaisesRegex(ValueError, "iterates: must be >= 1"):
            ck.periodic_orbit(map="henon", state=[1.0, 1.0], iterates=0)
        with self.assertRaisesRegex(TypeError, "unexpected keyword argument"):
            ck.periodic_orbit("lorenz", [1.0, 1.0, 1.0], period=1.0, perod=2)


class ContinuationTests(TempDirCase):
    def test_henon_branch_matches_the_cli_file(self):
        ds = ck.continuation(map="henon", map_params={"a": 0.1}, state=[1.2, 0.36], parameter="a", max=1.0,
                             switch_pd=1, out="py.h5")
        cli("continue", "--map", "henon", "--map-params", "a=0.1", "--state", "1.2,0.36", "--param", "a", "--max", "1",
            "--switch-pd", "1", "--out", "cli.h5")
        with xr.open_dataset("cli.h5", engine="h5netcdf") as c:
            for var in ("parameter", "state", "multiplier_real", "multiplier_imag", "point_type", "point_branch"):
                self.assertTrue(same_bits(ds[var].values, c[var].values), var)
        pd = ds.parameter.values[(ds.point_type.values == 5) & (ds.point_branch.values == 0)]
        self.assertEqual(len(pd), 1)
        self.assertLess(abs(pd[0] - 0.3675), 1e-9)
        self.assertIn("period_doubling", ds.point_type.attrs["flag_meanings"])

    def test_energy_family_in_memory(self):
        ds = ck.continuation(ck.Model("chain", params="chain1_rod"), [0.5, 0.0], "energy", period=1.7, max=3.0,
                             ds=0.3, ds_max=0.5)
        self.assertTrue(np.all(np.isfinite(ds.period.values)))
        self.assertTrue(np.all(np.abs(ds.energy.values - ds.parameter.values) < 1e-10))

    def test_bad_parameter(self):
        with self.assertRaisesRegex(ValueError, "parameter: unknown parameter 'L9'"):
            ck.continuation(ck.Model("chain", params="chain1_rod"), [0.5, 0.0], "L9", period=1.7)


if __name__ == "__main__":
    unittest.main()
