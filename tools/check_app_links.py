#!/usr/bin/env python3
"""The link check of the app's modules (docs/design.md, "The app as modules"): every symbol a
module's library uses and does not define itself must be defined by a module it may use, so a
function declared in one module's header but defined in another's source (which the include
check cannot see) is found.

    check_app_links.py --lib-dir BUILD/src/app --rules ";common:;accounts:common;..."
"""
import argparse
import re
import subprocess
import sys


def symbols(library, *flags):
    out = subprocess.run(["nm", "-C", "-g", *flags, library], capture_output=True, text=True,
                         check=True).stdout
    return out.splitlines()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib-dir", required=True)
    parser.add_argument("--rules", required=True)
    args = parser.parse_args()
    uses = {}
    for rule in filter(None, args.rules.split(";")):
        module, _, used = rule.partition(":")
        uses[module] = set(filter(None, used.split(",")))
    defined, needed = {}, {}
    for module in uses:
        library = f"{args.lib_dir}/libevochess_app_{module}.a"
        defined[module] = {line.split(" ", 2)[2] for line in symbols(library, "--defined-only")
                           if re.match(r"^[0-9a-f]+ [TDBRVWu] ", line)}
        needed[module] = {line.strip()[2:] for line in symbols(library, "-u")
                          if line.strip().startswith("U ")}
    problems = []
    for module, wanted in needed.items():
        allowed = uses[module] | {module}
        for symbol in sorted(wanted - defined[module]):
            owners = {other for other in uses if symbol in defined[other]}
            if owners and not owners & allowed:
                problems.append(f"{module} uses {symbol}, defined in {', '.join(sorted(owners))}")
    for problem in problems:
        print(problem)
    print(f"module links: {len(uses)} modules, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
