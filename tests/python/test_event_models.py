"""Model files with events (data/models: walkers, the knee stop) in the Python module: simulate
returns the event log over `event_time`, with the CLI's numbers bit for bit, and a sweep over the
walker's slope gives the CLI's file."""
import math
import unittest
from pathlib import Path

import numpy as np

import chaoskit as ck
from support import TempDirCase, cli, cli_json, h5_variables, same_bits

MODELS = Path(__file__).resolve().parents[2] / "data" / "models"
WALKER = str(MODELS / "simplest_walker.toml")
KNEED = str(MODELS / "kneed_walker.toml")

# Garcia et al.'s (1998) gait at gamma = 0.009 just after heel strike (data/models/README.md).
TH, DTH = 0.20031090049483, -0.19983247291764
GARCIA = [TH, 2 * TH, DTH, (1 - math.cos(2 * TH)) * DTH]


class EventModelTests(TempDirCase):
    def test_simulate_returns_the_event_log(self):
        ds = ck.simulate(ck.Model(WALKER), GARCIA, 12.0, dt_out=0.5, integrator={"rtol": 1e-12, "atol": 1e-12})
        self.assertEqual(ds.attrs["status"], "ok")
        self.assertEqual(ds.sizes["event_time"], 3)
        self.assertEqual(list(ds.event.values), ["heel_strike"] * 3)
        self.assertEqual(list(ds.mode_before.values), ["default"] * 3)
        # On the guard phi - 2 theta = 0, theta < 0, and the paper's reset theta+ = -theta-.
        before, after = ds.state_before.values, ds.state_after.values
        np.testing.assert_allclose(before[:, 1] - 2 * before[:, 0], 0.0, atol=1e-12)
        self.assertTrue(np.all(before[:, 0] < 0))
        np.testing.assert_array_equal(after[:, 0], -before[:, 0])
        # Garcia's gait: every heel strike returns to the start.
        np.testing.assert_allclose(after, np.tile(GARCIA, (3, 1)), atol=1e-9)
        # The CLI's event log, bit for bit.
        j = cli_json("simulate", "--model", WALKER, "--state", ",".join(repr(v) for v in GARCIA), "--time", "12",
                     "--dt-out", "0.5", "--rtol", "1e-12", "--atol", "1e-12")
        self.assertTrue(same_bits(ds.event_time.values, [e["t"] for e in j["events"]]))
        self.assertTrue(same_bits(after, [e["state_after"] for e in j["events"]]))
        self.assertTrue(same_bits(ds.energy_before.values, [e["energy_before"] for e in j["events"]]))

    def test_modes_in_the_event_log(self):
        x0 = [0.15, -0.25, -0.25, -1.0, 1.6, 1.6]
        ds = ck.simulate(ck.Model(KNEED), x0, 1.2, dt_out=0.1)
        names = list(ds.event.values)
        self.assertGreaterEqual(names.count("knee_strike"), 1)
        self.assertGreaterEqual(names.count("heel_strike"), 1)
        for name, before, after in zip(names, ds.mode_before.values, ds.mode_after.values):
            expected = ("unlocked", "locked") if name == "knee_strike" else ("locked", "unlocked")
            self.assertEqual((before, after), expected)

    def test_a_model_without_events_has_no_event_log(self):
        ds = ck.simulate(ck.Model(str(MODELS / "golf.toml")), [2.0, -1.0, 0.0, 0.0], 0.5)
        self.assertNotIn("event_time", ds.dims)

    def test_a_sweep_over_the_slope(self):
        (self.tmp / "job.toml").write_text(
            f'[model]\nname = "{WALKER}"\n[grid]\ngamma = {{ list = [0.007, 0.009] }}\n'
            f'theta = {GARCIA[0]!r}\nphi = {GARCIA[1]!r}\ndtheta = {GARCIA[2]!r}\ndphi = {GARCIA[3]!r}\n'
            '[compute]\nfinal_state = { time = 8.0 }\n')
        cli("sweep", "job.toml", "--out", "cli.h5", "--progress", "quiet")
        ds = ck.sweep(self.tmp / "job.toml", out="py.h5", threads=2)
        self.assertTrue(np.all(ds.status.values == 1))
        self.assertTrue(same_bits(ds.final_state.values, h5_variables("cli.h5")["final_state"]))
        self.assertNotEqual(ds.final_state.values[0, 0], ds.final_state.values[1, 0])


if __name__ == "__main__":
    unittest.main()
