"""Model files (data/models/*.toml) in the Python module: the built-in's numbers (rhs, energy, and
the mechanical pieces of inspect and modes), the CLI's bits, parameter overrides, and a sweep job
whose grid axis is one of the file's parameters."""
import unittest
from pathlib import Path

import numpy as np

import chaoskit as ck
from support import TempDirCase, cli, cli_json, h5_variables, same_bits

MODELS = Path(__file__).resolve().parents[2] / "data" / "models"
GOLF = str(MODELS / "golf.toml")


class ModelFileTests(TempDirCase):
    def test_golf_file_matches_the_builtin(self):
        f, b = ck.Model(GOLF), ck.Model("golf")
        self.assertEqual(f.state_names, b.state_names)
        self.assertEqual(f.input_names, b.input_names)
        self.assertEqual(f.state_units, ["rad", "rad", "rad/s", "rad/s"])
        x = np.array([0.7, -1.3, 2.1, 0.4])
        df, db = f.rhs(x, inputs=[1.5, -0.25]), b.rhs(x, inputs=[1.5, -0.25])
        self.assertLess(np.max(np.abs(df - db)) / np.max(np.abs(db)), 1e-14)
        self.assertLess(abs(f.energy(x) - b.energy(x)), 1e-13 * abs(b.energy(x)))

    def test_golf_file_mechanics_match_the_builtin(self):
        f, b = ck.Model(GOLF), ck.Model("golf")
        self.assertTrue(f.mechanical)
        self.assertFalse(ck.Model(str(MODELS / "lorenz.toml")).mechanical)
        x = np.array([0.0, -0.08726646259971647, 10.0, 9.0])
        i, j = f.inspect(x, torque=[5.0, 0.0]), b.inspect(x, torque=[5.0, 0.0])
        for key in ("M", "c", "G", "qdd", "kinetic_energy", "potential_energy", "energy", "schur_inertia"):
            np.testing.assert_allclose(i[key], j[key], rtol=1e-12, atol=1e-12, err_msg=key)
        for key in ("p", "v", "a"):
            np.testing.assert_allclose(i["endpoint"][key], j["endpoint"][key], rtol=1e-12, atol=1e-12, err_msg=key)
        np.testing.assert_allclose(f.modes()["omega"], b.modes()["omega"], rtol=1e-10)
        with self.assertRaisesRegex(ValueError, "not a mechanical model"):
            ck.Model(str(MODELS / "lorenz.toml")).modes()

    def test_overrides_reach_the_file_parameters(self):
        x = np.array([0.7, -1.3, 2.1, 0.4])
        heavy = ck.Model(GOLF, overrides={"m2": 0.8}).rhs(x)
        ref = ck.Model("golf", overrides={"m2": 0.8}).rhs(x)
        self.assertLess(np.max(np.abs(heavy - ref)) / np.max(np.abs(ref)), 1e-14)

    def test_lyapunov_equals_the_cli(self):
        x = [2.0, -1.0, 0.0, 0.0]
        one = ck.lyapunov(ck.Model(GOLF), x, time=20)
        j = cli_json("lyapunov", "--model", GOLF, "--state", "2,-1,0,0", "--time", "20")
        self.assertTrue(same_bits(one.lambda_max.values, j["lambda_max"]))

    def test_a_sweep_over_a_file_parameter(self):
        (self.tmp / "job.toml").write_text(
            f'[model]\nname = "{GOLF}"\n[grid]\nm2 = {{ list = [0.4, 0.8] }}\nth1 = 2.0\nth2 = -1.0\n'
            'dth1 = 0.0\ndth2 = 0.0\n[compute]\nlambda_max = { time = 10.0 }\n')
        cli("sweep", "job.toml", "--out", "cli.h5", "--progress", "quiet")
        ds = ck.sweep(self.tmp / "job.toml", out="py.h5", threads=1)
        self.assertEqual(ds.lambda_max.dims, ("m2",))
        self.assertTrue(np.all(ds.status.values == 1))
        self.assertEqual(ds.m2.attrs["units"], "kg")
        ref = h5_variables("cli.h5")
        self.assertTrue(same_bits(ds.lambda_max.values, ref["lambda_max"]))
        # The heavier club is a different model: its exponent differs.
        self.assertNotEqual(ds.lambda_max.values[0], ds.lambda_max.values[1])

    def test_a_two_state_file_runs_on_the_run_time_sized_type(self):
        # A forced Duffing oscillator: no compiled size of two states, and the flow's divergence is
        # -delta everywhere, so the two exponents sum to -0.3.
        path = self.tmp / "duffing.toml"
        path.write_text('model = "ode"\nstates = ["x", "v"]\n[values]\ndelta = 0.3\ngamma = 0.5\nomega = 1.2\n'
                        '[derivatives]\nx = "v"\nv = "-delta*v + x - x^3 + gamma*cos(omega*t)"\n')
        m = ck.Model(str(path))
        self.assertEqual(m.state_names, ["x", "v"])
        tr = ck.simulate(m, [1.0, 0.0], 2.0)
        self.assertEqual(tr.state.shape[1], 2)
        ds = ck.lyapunov(m, [[1.0, 0.0], [0.5, 0.0]], time=100, spectrum=True, threads=1)
        self.assertEqual(ds.spectrum.shape, (2, 2))
        np.testing.assert_allclose(ds.spectrum.sum(axis=-1).values, [-0.3, -0.3], atol=1e-6)
        j = cli_json("lyapunov", "--model", str(path), "--state", "1,0", "--time", "100", "--spectrum")
        self.assertTrue(same_bits(ds.spectrum.values[0], j["spectrum"]))


if __name__ == "__main__":
    unittest.main()
