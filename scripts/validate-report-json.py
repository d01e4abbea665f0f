#!/usr/bin/env python3
"""Validates report.json files against docs/report.schema.json (JSON Schema 2020-12),
and checks what a schema cannot say: every itemIndex, lookIndex and remedyIndex
points into its table, and the summary's listedChecks is the number of checks.

Usage: scripts/validate-report-json.py report.json [...]

Tooling only, never part of the build: needs `jsonschema` (pip install jsonschema).
Exits 0 when every file is valid, 1 when one is not (each error printed with its
JSON path), 2 on a usage error.
"""

import json
import os
import sys


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    try:
        import jsonschema
    except ModuleNotFoundError:
        sys.exit("jsonschema is missing: pip install jsonschema")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "docs", "report.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
        errors = [
            f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in validator.iter_errors(report)
        ]
        if not errors:
            tables = {"itemIndex": "items", "lookIndex": "looks", "remedyIndex": "remedies"}
            for n, c in enumerate(report["checks"]):
                for key, table in tables.items():
                    v = c.get(key)
                    if v is not None and v >= len(report[table]):
                        errors.append(f"checks/{n}/{key}: {v} is past the {len(report[table])} {table}")
            for n, item in enumerate(report["items"]):
                v = item["remedyIndex"]
                if v is not None and v >= len(report["remedies"]):
                    errors.append(f"items/{n}/remedyIndex: {v} is past the remedies")
            if report["summary"]["listedChecks"] != len(report["checks"]):
                errors.append("summary/listedChecks is not the number of checks")
        for e in errors[:20]:
            print(f"{path}: {e}", file=sys.stderr)
        if errors:
            bad += 1
        else:
            print(f"{path}: valid report.json (schema version {report['schemaVersion']}, {len(report['checks'])} checks)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
