"""chaoskit.Model and models(): the same numbers as `chaoskit inspect`, and clear errors."""
import math
import unittest

import numpy as np

import chaoskit as ck
from support import cli, cli_json, same_bits


class ModelTests(unittest.TestCase):
    def test_models_lists_every_registered_model(self):
        names = [m["name"] for m in ck.models()]
        cli_names = cli("models").stdout
        for n in ("limb", "golf", "chain", "lorenz", "henon_heiles"):
            self.assertIn(n, names)
            self.assertIn(n, cli_names)
        self.assertIn("golf_manufactured", ck.param_sets())

    def test_data_directory_holds_the_shipped_sets_and_model_files(self):
        d = ck.data_directory()
        for name in ck.param_sets():
            self.assertTrue((d / "params" / f"{name}.toml").is_file(), name)
        walker = d / "models" / "simplest_walker.toml"
        self.assertTrue(walker.is_file())
        self.assertEqual(ck.Model(str(walker)).state_names, ["theta", "phi", "dtheta", "dphi"])

    def test_version_agrees_with_the_cli(self):
        first = cli("--version").stdout.splitlines()[0]
        self.assertIn(ck.__version__, first.split())
        self.assertIn(ck.__commit__, first)

    def test_golf_rhs_and_energy_match_inspect(self):
        golf = ck.Model("golf")
        self.assertEqual(golf.state_names, ["th1", "th2", "dth1", "dth2"])
        self.assertEqual(golf.state_units, ["rad", "rad", "rad/s", "rad/s"])
        self.assertEqual(golf.input_names, ["tau1", "tau2"])
        x = np.array([0.7, -1.3, 2.1, 0.4])
        j = cli_json("inspect", "--model", "golf", "--state", ",".join(map(repr, x)), "--torque", "1.5,-0.25")
        d = golf.rhs(x, inputs=[1.5, -0.25])
        self.assertTrue(same_bits(d[:2], x[2:]))
        self.assertTrue(same_bits(d[2:], j["qdd"]))
        self.assertTrue(same_bits(golf.energy(x), j["energy"]))
        insp = golf.inspect(x, torque=[1.5, -0.25])
        for key in ("M", "c", "G", "qdd", "kinetic_energy", "potential_energy", "power", "schur_inertia"):
            self.assertTrue(same_bits(insp[key], j[key]), key)
        self.assertTrue(same_bits(insp["endpoint"]["J"], j["endpoint"]["J"]))

    def test_rhs_over_many_states_equals_row_by_row(self):
        lorenz = ck.Model("lorenz", params="lorenz_classic")
        rng = np.random.default_rng(1)
        xs = rng.normal(size=(50, 3)) * 10
        d = lorenz.rhs(xs)
        self.assertEqual(d.shape, (50, 3))
        for k in (0, 17, 49):
            self.assertTrue(same_bits(d[k], lorenz.rhs(xs[k])))
        s, r, b = 10.0, 28.0, 8.0 / 3.0
        x, y, z = xs[3]
        np.testing.assert_allclose(d[3], [s * (y - x), x * (r - z) - y, x * y - b * z], rtol=1e-15)
        self.assertTrue(np.all(np.isnan(lorenz.energy(xs))))

    def test_modes_match_inspect_modes(self):
        limb = ck.Model("limb")
        j = cli_json("inspect", "--model", "limb", "--state", "0,0,0,0", "--modes")
        m = limb.modes()
        self.assertTrue(same_bits(m["omega"], j["modes"]["omega"]))
        self.assertTrue(same_bits(m["shapes"], j["modes"]["shapes"]))
        self.assertTrue(np.allclose(m["period"], 2 * math.pi / m["omega"]))

    def test_overrides_change_the_model(self):
        a = ck.Model("golf")
        b = ck.Model("golf", overrides={"m2": 0.9})
        x = np.array([0.3, 0.2, 0.0, 0.0])
        self.assertNotEqual(a.energy(x), b.energy(x))
        self.assertIn("overrides", b.params)
        self.assertEqual(b.job_table()["overrides"], {"m2": 0.9})

    def test_bad_input_raises_with_the_cli_message(self):
        with self.assertRaisesRegex(ValueError, "unknown model"):
            ck.Model("pendulum")
        with self.assertRaisesRegex(ValueError, "no_such_set"):
            ck.Model("golf", params="no_such_set")
        with self.assertRaisesRegex(ValueError, r"overrides\.zz"):
            ck.Model("golf", overrides={"zz": 1.0})
        golf = ck.Model("golf")
        with self.assertRaisesRegex(ValueError, r"state: expected 4 components \(th1, th2, dth1, dth2\), got 3"):
            golf.rhs([1, 2, 3])
        with self.assertRaisesRegex(ValueError, "dth1 of state 1 is not finite"):
            golf.energy([[0, 0, 0, 0], [0, 0, math.nan, 0]])
        with self.assertRaisesRegex(ValueError, "expected numbers"):
            golf.rhs("abc")
        with self.assertRaisesRegex(ValueError, "not a mechanical model"):
            ck.Model("lorenz").modes()
        with self.assertRaises(TypeError):
            ck.Model(3)


if __name__ == "__main__":
    unittest.main()
