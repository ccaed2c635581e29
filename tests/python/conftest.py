import json
import os
from pathlib import Path

DATA = Path(os.environ.get("EVOCHESS_TEST_DATA", Path(__file__).resolve().parents[1] / "data"))


def rule_cases():
    """The public rule cases of tests/data (as tests/core/rules_cases_test.cpp reads them)."""
    with open(DATA / "rules-cases.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]
