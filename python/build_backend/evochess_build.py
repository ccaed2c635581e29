"""An in-tree PEP 517 build backend for the evochess module, standard library only.

It runs CMake on the repository (the module is the target evochess_python) and writes a
wheel holding the compiled module and its stubs. pip needs nothing more, so
`pip install ./python` works without a network.

EVOCHESS_CMAKE_BUILD_DIR names an existing CMake build directory of this checkout to build
the target in (the tests reuse the release build); otherwise the backend configures
<repo>/build-python, kept so that a second install is quick.
"""

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

NAME = "evochess"
VERSION = "0.1.0"
PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
BUILD_DIR_VARIABLE = "EVOCHESS_CMAKE_BUILD_DIR"


def _metadata():
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {VERSION}\n"
        "Summary: Rules and engine of EvoChess, EChess, Promote King Chess and chess\n"
        "Requires-Python: >=3.9\n"
    )


def _tag():
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}-{platform}"


def _run(command):
    print("evochess_build:", " ".join(str(part) for part in command), file=sys.stderr)
    subprocess.run(command, check=True, stdout=sys.stderr)


def _configure(build_dir):
    command = ["cmake", "-S", REPO, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
               "-DEVO_TESTS=OFF", "-DEVO_WEB_UI=OFF", "-DEVO_WERROR=OFF",
               f"-DPython_EXECUTABLE={sys.executable}"]
    if shutil.which("ninja"):
        command += ["-G", "Ninja"]
    _run(command)


def _built_module():
    """Builds the target and answers the path of the module for this interpreter."""
    reused = os.environ.get(BUILD_DIR_VARIABLE)
    if reused:
        build_dir = Path(reused).resolve()
        if not (build_dir / "CMakeCache.txt").is_file():
            raise RuntimeError(f"{BUILD_DIR_VARIABLE}={reused} is not a CMake build directory")
    else:
        build_dir = REPO / "build-python"
        if not (build_dir / "CMakeCache.txt").is_file():
            _configure(build_dir)
    _run(["cmake", "--build", build_dir, "--target", "evochess_python",
          "-j", str(os.cpu_count() or 1)])
    module = build_dir / "python" / (NAME + sysconfig.get_config_var("EXT_SUFFIX"))
    if not module.is_file():
        raise RuntimeError(f"{module} was not built: the build at {build_dir} is for another "
                           "Python, or pybind11 (Debian's pybind11-dev) was not found")
    return module


def _write_dist_info(directory):
    dist_info = Path(directory) / f"{NAME}-{VERSION}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata())
    return dist_info.name


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    module = _built_module()
    tag = _tag()
    dist_info = f"{NAME}-{VERSION}.dist-info"
    files = {
        module.name: module.read_bytes(),
        f"{NAME}.pyi": (PYTHON_DIR / f"{NAME}.pyi").read_bytes(),
        f"{dist_info}/METADATA": _metadata().encode(),
        f"{dist_info}/WHEEL": (
            "Wheel-Version: 1.0\n"
            "Generator: evochess_build\n"
            "Root-Is-Purelib: false\n"
            f"Tag: {tag}\n"
        ).encode(),
    }
    record = "".join(_record_line(name, data) for name, data in files.items())
    record += f"{dist_info}/RECORD,,\n"
    wheel_name = f"{NAME}-{VERSION}-{tag}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
        wheel.writestr(f"{dist_info}/RECORD", record)
    return wheel_name
