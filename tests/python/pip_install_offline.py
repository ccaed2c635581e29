"""`pip install ./python` into a new virtual environment with no package index and every
proxy pointing nowhere, reusing a CMake build (EVOCHESS_CMAKE_BUILD_DIR); then the
installed module answers and docs/python.md's worked example runs."""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--repo", required=True)
    args = parser.parse_args()
    repo = Path(args.repo)

    env = dict(os.environ)
    env.update({
        "EVOCHESS_CMAKE_BUILD_DIR": args.build_dir,
        "PIP_NO_INDEX": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
        "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
    })
    env.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "v"
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        python = venv / "bin" / "python"
        subprocess.run([venv / "bin" / "pip", "install", "--no-index", repo / "python"],
                       check=True, env=env)
        where = subprocess.run(
            [python, "-c", "import evochess; print(evochess.__file__); "
             "print(len(evochess.legal_moves('evochess', '', ['e2e4'])))"],
            check=True, env=env, cwd=tmp, capture_output=True, text=True).stdout.split()
        assert where[0].startswith(str(venv)), where
        assert where[1] == "18", where  # black's 16 pawn moves and 2 king steps
        example = subprocess.run(
            [python, repo / "python" / "examples" / "rights_by_move_30.py", "--games", "2"],
            check=True, env=env, cwd=tmp, capture_output=True, text=True).stdout
        print(example)
        assert "rights earned by move 30, 2 games (4 sides)" in example, example
    print("pip install without a network: ok")


if __name__ == "__main__":
    main()
