#!/usr/bin/python3
"""Derives limb-model states (th1, th2, dth1, dth2) of one measured stride from Winter's raw gait
marker coordinates, and writes data/gait/winter_limb_states.csv.

Source: D. A. Winter, Biomechanics and Motor Control of Human Movement, Table A.1 (right-side
marker coordinates in cm, 69.9 Hz), as the file data/WinterTableA1.txt of the BMClab/BMC repository
(commit fa66686132feea98ada3048cc83287d1cf60ba9d). Usage:

    derive_winter_states.py path/to/WinterTableA1.txt

Angles from the downward vertical, + = distal end forward (walking is +x): thigh from the hip to
the knee marker, shank from the knee to the ankle marker; the limb model's angles are absolute,
so th1 = thigh, th2 = shank. Rates: central differences of the angles smoothed by a 5-point moving
average (the raw markers are unfiltered; smoothing lowers peaks by a few per cent).
"""
import sys
from pathlib import Path

import numpy as np

TOP = Path(__file__).resolve().parents[2]


def main():
    rows = [line.split() for line in Path(sys.argv[1]).read_text().splitlines()[2:] if line.strip()]
    a = np.array(rows, dtype=float)
    frame, t = a[:, 0], a[:, 1]
    hip, knee, ankle = a[:, 4:6], a[:, 6:8], a[:, 10:12]
    thigh = np.arctan2(knee[:, 0] - hip[:, 0], hip[:, 1] - knee[:, 1])
    shank = np.arctan2(ankle[:, 0] - knee[:, 0], knee[:, 1] - ankle[:, 1])
    kernel = np.ones(5) / 5

    def smooth(x):
        return np.convolve(np.pad(x, 2, mode="edge"), kernel, mode="valid")

    th1, th2 = smooth(thigh), smooth(shank)
    dth1, dth2 = np.gradient(th1, t), np.gradient(th2, t)
    out = TOP / "data" / "gait" / "winter_limb_states.csv"
    with open(out, "w") as f:
        f.write("# Limb-model states of one stride (right leg) derived from Winter, Biomechanics and Motor Control of\n"
                "# Human Movement, Table A.1 (BMClab/BMC data/WinterTableA1.txt, commit fa66686), by\n"
                "# analyses/limb_regularity/derive_winter_states.py: th1 thigh, th2 shank (absolute, rad, from the\n"
                "# downward vertical, + forward), rates by central differences of 5-point-smoothed angles (rad/s).\n"
                "# Right heel contact at frames 28 and 97, toe-off near frame 69 (swing about frames 69-97).\n")
        f.write("frame,t,th1,th2,dth1,dth2\n")
        for i in range(len(t)):
            f.write(f"{int(frame[i])},{t[i]:.3f},{th1[i]:.6f},{th2[i]:.6f},{dth1[i]:.6f},{dth2[i]:.6f}\n")
    print(f"wrote {out}: {len(t)} frames; thigh {np.degrees(th1.min()):.1f}..{np.degrees(th1.max()):.1f} deg, "
          f"{dth1.min():.2f}..{dth1.max():.2f} rad/s; shank {np.degrees(th2.min()):.1f}..{np.degrees(th2.max()):.1f} deg, "
          f"{dth2.min():.2f}..{dth2.max():.2f} rad/s")


if __name__ == "__main__":
    main()
