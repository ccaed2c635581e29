#!/usr/bin/env python3
"""bench/puzzles_stockfish.py: reading Stockfish's MultiPV lines and the uniqueness rule of
docs/puzzles.md applied to them (no Stockfish needed: the lines are given)."""
import importlib.util
import os
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench"))  # its UCI driver lives in bench/peers.py
spec = importlib.util.spec_from_file_location("puzzles_stockfish", os.path.join(ROOT, "bench", "puzzles_stockfish.py"))
puzzles_stockfish = importlib.util.module_from_spec(spec)
spec.loader.exec_module(puzzles_stockfish)
parse_lines = puzzles_stockfish.parse_lines
judge = puzzles_stockfish.judge


def info(multipv, kind, value, pv, bound=""):
    return (f"info depth 20 seldepth 24 multipv {multipv} score {kind} {value}{bound} nodes 100 nps 100 "
            f"tbhits 0 time 1 pv {pv}\n")


class ParseTest(unittest.TestCase):
    def test_the_last_complete_score_of_each_line_counts(self):
        lines = [
            info(1, "cp", 300, "g7b7 c8b7"),
            info(2, "cp", 20, "g7d7 c8d7"),
            info(1, "mate", 2, "g7b7 c8b7 a1a8"),
            info(2, "mate", 3, "g7d7 b8a8 d7c8"),
            info(1, "cp", 900, "g7b7", bound=" lowerbound"),
        ]
        self.assertEqual(parse_lines(lines), {"g7b7": ("mate", 2), "g7d7": ("mate", 3)})

    def test_other_output_is_ignored(self):
        self.assertEqual(parse_lines(["info string NNUE evaluation enabled\n", "info depth 1 currmove e2e4\n"]), {})


class JudgeTest(unittest.TestCase):
    def test_a_second_mate_one_move_slower_fails(self):
        reason = judge({"g7b7": ("mate", 2), "g7d7": ("mate", 3)}, "g7b7", 2, mate_puzzle=True)
        self.assertIn("second mate", reason)

    def test_a_second_mate_two_moves_slower_passes(self):
        self.assertIsNone(judge({"a": ("mate", 2), "b": ("mate", 4)}, "a", 2, mate_puzzle=True))

    def test_a_mate_in_one_passes_beside_other_mates_in_one(self):
        self.assertIsNone(judge({"a": ("mate", 1), "b": ("mate", 1)}, "a", 1, mate_puzzle=True))

    def test_a_solution_that_does_not_mate_fails(self):
        self.assertIn("does not mate", judge({"a": ("cp", 800), "b": ("cp", 0)}, "a", 2, mate_puzzle=True))

    def test_a_defence_longer_than_the_line_fails(self):
        self.assertIn("defence holds longer", judge({"a": ("mate", 4), "b": ("cp", 0)}, "a", 3, mate_puzzle=True))

    def test_a_mated_side_is_not_a_mate_for_the_solver(self):
        self.assertIsNone(judge({"a": ("mate", 3), "b": ("mate", -2)}, "a", 3, mate_puzzle=True))

    def test_a_material_puzzle_fails_when_another_move_mates(self):
        self.assertIn("another move mates", judge({"a": ("cp", 500), "b": ("mate", 5)}, "a", 2, mate_puzzle=False))

    def test_a_material_puzzle_passes_without_another_mate(self):
        self.assertIsNone(judge({"a": ("cp", 500), "b": ("cp", 90)}, "a", 2, mate_puzzle=False))


if __name__ == "__main__":
    unittest.main()
