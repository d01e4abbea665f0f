#!/usr/bin/env python3
"""Runs a command and prints the CPU seconds (user + sys) it and its children
used, from getrusage(RUSAGE_CHILDREN): `cpu_time.py OUT.txt CMD ARG...`
writes the seconds to OUT.txt and exits with the command's status."""
import resource
import subprocess
import sys

status = subprocess.run(sys.argv[2:]).returncode
r = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    f.write(f"{r.ru_utime + r.ru_stime:.3f}\n")
sys.exit(status)
