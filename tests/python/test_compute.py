"""Functions over arrays of states: bit-identical to `chaoskit sweep` of the same job with the
states as a [points] file, and to the single-state commands where they compute the same thing."""
import unittest

import h5py
import numpy as np

import chaoskit as ck
from support import TempDirCase, cli, cli_json, h5_variables, same_bits, write_points_csv

GOLF_STATES = np.array([[2.0, -1.0, 0.0, 0.0], [0.5, 0.2, 0.0, 0.0], [1.2, 2.5, 0.3, -0.7]])


class ComputeTests(TempDirCase):
    def sweep_file(self, model, params, states, compute_toml, extra=""):
        write_points_csv(self.tmp / "states.csv", ck.Model(model, params).state_names, states)
        (self.tmp / "job.toml").write_text(
            f'[model]\nname = "{model}"\nparams = "{params}"\n[points]\nfile = "states.csv"\n{extra}{compute_toml}')
        cli("sweep", self.tmp / "job.toml", "--out", self.tmp / "ref.h5", "--progress", "quiet")
        return h5_variables(self.tmp / "ref.h5")

    def assert_same_as_file(self, ds, ref, names):
        for n in names:
            self.assertIn(n, ds, n)
            self.assertTrue(same_bits(ds[n].values, ref[n]), f"{n}: {ds[n].values} vs {ref[n]}")
        self.assertTrue(same_bits(ds["status"].values, ref["status"]))

    def test_lyapunov_equals_the_sweep_file(self):
        golf = ck.Model("golf")
        ds = ck.lyapunov(golf, GOLF_STATES, time=40, renorm=0.5)
        ref = self.sweep_file("golf", "golf_manufactured", GOLF_STATES,
                              "[compute.lambda_max]\ntime = 40\nrenorm = 0.5\n")
        self.assert_same_as_file(ds, ref, ["lambda_max", "lambda_max_error", "lambda_max_converged", "initial_state",
                                           "initial_energy"])
        self.assertEqual(ds.lambda_max.attrs["units"], "1/s")
        self.assertEqual(ds.attrs["model"], "golf")
        self.assertIn("rkf78", ds.attrs["integrator"])

    def test_lyapunov_of_one_state_equals_the_lyapunov_command(self):
        x = GOLF_STATES[0]
        one = ck.lyapunov("golf", x, time=30)
        self.assertNotIn("point", one.dims)
        j = cli_json("lyapunov", "--model", "golf", "--state", ",".join(map(repr, x)), "--time", "30")
        self.assertTrue(same_bits(one.lambda_max.values, j["lambda_max"]))
        self.assertTrue(same_bits(one.lambda_max_error.values, j["lambda_max_error"]))

    def test_spectrum_pairs_and_threads_give_the_same_bits(self):
        a = ck.lyapunov("golf", GOLF_STATES, time=20, spectrum=True, threads=1)
        b = ck.lyapunov("golf", GOLF_STATES, time=20, spectrum=True, threads=2)
        self.assertTrue(same_bits(a.spectrum.values, b.spectrum.values))
        s = a.spectrum.values[0]
        self.assertLess(abs(s[0] + s[3]), 0.05 * abs(s[0]) + 1e-3)  # Hamiltonian pairing, to the error bar scale

    def test_orbit_class_equals_the_sweep_file(self):
        ds = ck.orbit_class("golf", GOLF_STATES, time=50, renorm=1)
        ref = self.sweep_file("golf", "golf_manufactured", GOLF_STATES,
                              "[compute.orbit_class]\ntime = 50\nrenorm = 1\n")
        names = [n for n in ref if n.startswith("orbit_")]
        self.assertIn("orbit_class", names)
        self.assert_same_as_file(ds, ref, names)
        self.assertTrue(set(np.unique(ds.orbit_class.values)) <= {0, 1, 2})
        # The verdict and the votes carry CF flags, in the file and here alike; the points are
        # indexed by an integer coordinate.
        with h5py.File(self.tmp / "ref.h5", "r") as f:
            for name in ("orbit_class", "orbit_votes"):
                self.assertEqual(f[name].attrs["flag_meanings"], "regular chaotic undecided")
                self.assertEqual(f[name].attrs["flag_values"].dtype, np.int32)
                self.assertEqual(list(f[name].attrs["flag_values"]), [0, 1, 2])
                self.assertEqual(ds[name].attrs["flag_meanings"], "regular chaotic undecided")
                self.assertEqual(ds[name].attrs["flag_values"].dtype, np.int32)
                self.assertEqual(list(ds[name].attrs["flag_values"]), [0, 1, 2])
            self.assertEqual(f["point"].dtype, np.int64)
        self.assertEqual(ds.point.dtype, np.int64)
        self.assertEqual(list(ds.point.values), [0, 1, 2])

    def test_sali_and_megno_equal_the_sweep_file(self):
        sali = ck.sali("golf", GOLF_STATES, time=30)
        megno = ck.megno("golf", GOLF_STATES, time=30, renorm=0.5)
        ref = self.sweep_file("golf", "golf_manufactured", GOLF_STATES,
                              "[compute.sali]\ntime = 30\n[compute.megno]\ntime = 30\nrenorm = 0.5\n")
        self.assertTrue(same_bits(sali.sali.values, ref["sali"]))
        self.assertTrue(same_bits(megno.megno.values, ref["megno"]))

    def test_stm_section_and_ftle_equal_the_sweep_file(self):
        states = GOLF_STATES[:2]
        stm = ck.stm("golf", states, time=2.0)
        ftle = ck.ftle("golf", states, time=2.0)
        sec = ck.section("golf", states, "th2 = 0", crossings=5, max_time=50)
        ref = self.sweep_file("golf", "golf_manufactured", states,
                              '[compute.stm]\ntime = 2.0\n[compute.ftle]\ntime = 2.0\n'
                              '[compute.section]\nplane = "th2 = 0"\ncrossings = 5\nmax_time = 50\n')
        self.assertTrue(same_bits(stm.stm.values, ref["stm"]))
        self.assertEqual(stm.stm.shape, (2, 4, 4))
        self.assertTrue(same_bits(ftle.ftle.values, ref["ftle"]))
        for n in ("section_count", "section_time", "section_state"):
            self.assertTrue(same_bits(sec[n].values, ref[n]), n)
        # Liouville's theorem holds in (q, p = M(q) qd), not in the state (q, qd): the free chain's
        # STM in (q, qd) has det Psi(T) = det M(q(0)) / det M(q(T)).
        final = ck.evaluate("golf", states, {"final_state": {"time": 2.0}}).final_state.values
        golf = ck.Model("golf")
        for p in range(2):
            m0 = np.linalg.det(golf.inspect(states[p])["M"])
            m1 = np.linalg.det(golf.inspect(final[p])["M"])
            self.assertAlmostEqual(float(np.linalg.det(stm.stm.values[p])) * m1 / m0, 1.0, places=6)

    def test_basin_of_a_damped_chain_equals_the_sweep_file(self):
        chain = ck.Model("chain", params="chain2_damped_rods")
        states = np.array([[0.5, 0.1, 0.0, 0.0], [3.0, 0.0, 2.0, 0.0]])
        ds = ck.basin(chain, states, kind="rest", max_time=60)
        ref = self.sweep_file("chain", "chain2_damped_rods", states, '[compute.basin]\nkind = "rest"\nmax_time = 60\n')
        self.assert_same_as_file(ds, ref, ["basin_label", "basin_time"])

    def test_simulate_equals_the_simulate_command(self):
        x = [0.4, 0.3, 0.0, 0.0]
        ds = ck.simulate("golf", x, 2.0, dt_out=0.05, inputs={"torque": [1.0, 0.0]})
        j = cli_json("simulate", "--model", "golf", "--state", "0.4,0.3,0,0", "--time", "2", "--dt-out", "0.05",
                     "--torque", "1,0")
        self.assertTrue(same_bits(ds.time.values, j["t"]))
        self.assertTrue(same_bits(ds.state.values, j["state"]))
        self.assertTrue(same_bits(ds.energy.values, j["energy"]))
        self.assertTrue(same_bits(ds.work.values, j["work"]))
        self.assertEqual(list(ds.component.values), ["th1", "th2", "dth1", "dth2"])
        # energy balance of the run: E(T) - E(0) = work - dissipated
        e = ds.energy.values
        self.assertAlmostEqual(e[-1] - e[0], ds.work.values[-1] - ds.dissipated.values[-1], places=6)

    def test_a_failed_simulation_raises_or_returns_its_samples(self):
        starved = {"max_steps": 50}
        with self.assertRaisesRegex(RuntimeError, "max_steps"):
            ck.simulate("golf", [2.0, -1.0, 0.0, 0.0], 10.0, integrator=starved)
        ds = ck.simulate("golf", [2.0, -1.0, 0.0, 0.0], 10.0, integrator=starved, check=False)
        self.assertEqual(ds.attrs["status"], "max_steps")
        self.assertLess(ds.attrs["t_reached"], 10.0)
        self.assertLessEqual(float(ds.time.values[-1]), ds.attrs["t_reached"])

    def test_bad_options_raise_value_errors_naming_the_field(self):
        with self.assertRaisesRegex(ValueError, r"compute\.lambda_max\.renorm"):
            ck.lyapunov("golf", GOLF_STATES, time=10, renorm=20)
        with self.assertRaisesRegex(ValueError, r"integrator\.rtol"):
            ck.lyapunov("golf", GOLF_STATES, time=10, integrator={"rtol": -1})
        with self.assertRaisesRegex(ValueError, r"integrator\.stepper"):
            ck.lyapunov("golf", GOLF_STATES, time=10, integrator={"stepper": "euler"})
        with self.assertRaisesRegex(ValueError, r"compute\.section\.plane"):
            ck.section("golf", GOLF_STATES, "th9 = 0")
        with self.assertRaisesRegex(ValueError, r"states: expected shape \(n, 4\)"):
            ck.lyapunov("golf", np.zeros((3, 3)), time=10)
        with self.assertRaisesRegex(ValueError, "threads"):
            ck.lyapunov("golf", GOLF_STATES, time=10, threads=0)
        with self.assertRaisesRegex(ValueError, "inputs"):
            ck.simulate("lorenz", [1, 1, 1], 1.0, inputs={"torque": [1.0]})
        with self.assertRaisesRegex(ValueError, "t_end"):
            ck.simulate("golf", [0, 0, 0, 0], -1.0)
        with self.assertRaises(TypeError):
            ck.lyapunov(42, GOLF_STATES)


if __name__ == "__main__":
    unittest.main()
