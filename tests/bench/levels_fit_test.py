#!/usr/bin/env python3
"""bench/levels_fit.py: the fitted Elo scale of the playing levels, and the levels table's
Elo column against the fit of the committed calibration games."""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "bench", "levels_fit.py")
spec = importlib.util.spec_from_file_location("levels_fit", SCRIPT)
levels_fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(levels_fit)


def fit_text(text, anchor="a", anchor_elo=1000.0):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        return levels_fit.fit(levels_fit.read_results(f.name), anchor, anchor_elo)
    finally:
        os.unlink(f.name)


class FitTest(unittest.TestCase):
    def test_a_76_percent_score_is_200_elo(self):
        rating, covariance = fit_text("b a 76 0 24\n")
        self.assertAlmostEqual(rating["b"], 1200.0, delta=0.5)
        self.assertEqual(rating["a"], 1000.0)
        # 100 games at 76%: the score's standard error sqrt(.76 * .24 / 100) = 0.0427, and
        # the Elo curve's slope there 400 / ln 10 / (.76 * .24) = 952 Elo per unit of score.
        self.assertAlmostEqual(covariance("b", "b") ** 0.5, 0.0427 * 952, delta=1)
        self.assertEqual(covariance("a", "a"), 0.0)

    def test_draws_count_half_a_point(self):
        rating, _ = fit_text("b a 70 12 18  # 76 points of 100\n")
        self.assertAlmostEqual(rating["b"], 1200.0, delta=0.5)

    def test_a_common_opponent_links_two_players(self):
        # b and c never met: each scored against x, whose rating is fitted, not given.
        rating, _ = fit_text("a x 50 0 50\nb x 76 0 24\nc x 24 0 76\n")
        self.assertAlmostEqual(rating["b"] - rating["c"], 400.0, delta=1)

    def test_players_not_linked_to_the_anchor_are_an_error(self):
        with self.assertRaises(SystemExit) as e:
            fit_text("a b 5 0 5\nc d 5 0 5\n")
        self.assertIn("do not connect", str(e.exception))

    def test_a_bad_line_is_named(self):
        with self.assertRaises(SystemExit) as e:
            fit_text("# fine\na b 5 0\n")
        self.assertIn(":2:", str(e.exception))


class StepTest(unittest.TestCase):
    def test_steps_run_from_each_level_to_the_next(self):
        rating, covariance = fit_text("level2 level1 76 0 24\nlevel3 level2 64 0 36\n", "level1")
        steps = levels_fit.level_steps(rating, covariance)
        self.assertEqual([n for n, _, _ in steps], [1, 2])
        self.assertAlmostEqual(steps[0][1], 200.0, delta=0.5)
        self.assertAlmostEqual(steps[1][1], 100.0, delta=1)
        self.assertTrue(all(error > 0 for _, _, error in steps))


class CommittedCalibrationTest(unittest.TestCase):
    def test_the_levels_table_holds_the_fitted_elo(self):
        # src/engine/levels.cpp's Elo column is the fit of bench/levels-results.txt, rounded
        # to 5: new games without a new table (or the reverse) fail here.
        matches = levels_fit.read_results(os.path.join(ROOT, "bench", "levels-results.txt"))
        rating, _ = levels_fit.fit(matches, *levels_fit.DEFAULT_ANCHOR)
        with open(os.path.join(ROOT, "src", "engine", "levels.cpp")) as f:
            table = re.findall(r'\{(\d+),\s*"[^"]*",\s*"[^"]*",\s*(\d+),', f.read())
        self.assertEqual(len(table), 8)
        for number, elo in table:
            fitted = rating[f"level{number}"]
            self.assertLessEqual(abs(int(elo) - fitted), 5, f"level {number}: {elo} vs {fitted:.0f}")

    def test_the_script_prints_every_player(self):
        out = subprocess.run([sys.executable, SCRIPT, os.path.join(ROOT, "bench", "levels-results.txt")],
                             capture_output=True, text=True, check=True).stdout
        for level in range(1, 9):
            self.assertIn(f"level{level} ", out)
        self.assertIn("anchor", out)


if __name__ == "__main__":
    unittest.main()
