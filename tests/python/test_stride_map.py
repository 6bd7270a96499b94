"""chaoskit.periodic_orbit and chaoskit.continuation at an event (at_event="heel_strike"): a walker's
stride map, the numbers of `chaoskit periodic --at-event` bit for bit, slope overrides, and errors."""
import math
import unittest
from pathlib import Path

import numpy as np

import chaoskit as ck
from support import TempDirCase, cli_json, same_bits

WALKER = str(Path(__file__).resolve().parents[2] / "data" / "models" / "simplest_walker.toml")
# Garcia's long gait at slope 0.009 (theta, theta'), as a full state just after heel strike.
THETA, DTHETA = 0.20031090049483, -0.19983247291764
STATE = [THETA, 2 * THETA, DTHETA, (1 - math.cos(2 * THETA)) * DTHETA]


class StrideMapTests(TempDirCase):
    def test_gait_matches_the_cli(self):
        ds = ck.periodic_orbit(ck.Model(WALKER), STATE, at_event="heel_strike")
        j = cli_json("periodic", "--model", WALKER, "--at-event", "heel_strike", "--state",
                     ",".join(repr(v) for v in STATE))
        self.assertEqual(j["at_event"], "heel_strike")
        self.assertTrue(same_bits(ds.state.values, j["state"]))
        self.assertTrue(same_bits(ds.return_time.values, j["return_time"]))
        self.assertEqual(ds.attrs["at_event"], "heel_strike")
        self.assertEqual(ds.attrs["kind"], "map")
        self.assertEqual(int(ds.multiplier_trivial.sum()), 2)
        self.assertLess(abs(float(ds.state[0]) - THETA), 1e-9)
        self.assertLess(float(np.max(np.abs(ds.multipliers.values))), 1.0)

    def test_slope_override_and_period_two(self):
        # Garcia et al. (1998): at gamma = 0.017 the period-one gait is unstable (limping, period two).
        walker = ck.Model(WALKER, overrides={"gamma": 0.017})
        # A guess near the long-period gait (the short one, step time about 3.07, is unstable too,
        # through a multiplier above +1).
        one = ck.periodic_orbit(walker, [0.2466, 0.4931, -0.2397, -0.0286], at_event="heel_strike")
        self.assertGreater(float(one.return_time), 3.5)
        self.assertEqual(int(one.stability), 2)
        mu = one.multipliers.values[one.multiplier_trivial.values == 0]
        self.assertLess(float(np.min(mu.real)), -1.0)

    def test_continuation_in_the_slope(self):
        ds = ck.continuation(ck.Model(WALKER), STATE, "gamma", at_event="heel_strike", max=0.0155, ds=0.002,
                             ds_max=0.005)
        pd = ds.parameter.values[ds.point_type.values == 5]
        self.assertEqual(len(pd), 1)
        self.assertTrue(0.014 < pd[0] < 0.0155)

    def test_bad_input(self):
        with self.assertRaisesRegex(ValueError, "unknown event 'toe_off'"):
            ck.periodic_orbit(ck.Model(WALKER), STATE, at_event="toe_off")
        with self.assertRaisesRegex(ValueError, "has no events"):
            ck.periodic_orbit("limb", [0.1, 0.0, 0.0, 0.0], at_event="heel_strike")
        with self.assertRaisesRegex(ValueError, "period: applies to a model's flow"):
            ck.periodic_orbit(ck.Model(WALKER), STATE, at_event="heel_strike", period=3.0)
        with self.assertRaisesRegex(ValueError, "max_time: applies to at_event only"):
            ck.periodic_orbit("limb", [0.1, 0.0, 0.0, 0.0], period=1.0, max_time=3.0)
        with self.assertRaisesRegex(RuntimeError,
                                    "^no periodic orbit: guard not reached: the model's terminal event .* fell"):
            ck.periodic_orbit(ck.Model(WALKER), [0.2, 0.4, -0.02, 0.0], at_event="heel_strike", max_time=30.0)


if __name__ == "__main__":
    unittest.main()
