#!/usr/bin/env bash
# Regenerates the golden reports in Tests/Fixtures/golden/expected/ on purpose:
# the five reports and the GitHub annotations of a deterministic run over the
# fixture's layouts/ and wallpapers/. GoldenReportsTests compares a fresh run
# with these files byte for byte.
#
# Run it only when a change is meant to change report bytes, then review the
# diff of the expected files and commit it with the change (CONTRIBUTING.md).
# Run from anywhere; builds the debug binary first.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fixture="$root/Tests/Fixtures/golden"
expected="$fixture/expected"

if [ -d /opt/swift/usr/bin ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
cd "$root"
swift build --product glass-audit
binary="$(swift build --show-bin-path)/glass-audit"

# The run happens in a scratch folder holding copies of the inputs, with
# relative paths, so that no absolute path reaches a report.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$fixture/layouts" "$fixture/wallpapers" "$work/"

status=0
(
  cd "$work"
  env -u GITHUB_STEP_SUMMARY GITHUB_ACTIONS=true "$binary" run --deterministic --quiet \
    --layouts layouts --wallpapers wallpapers --out out >/dev/null 2>annotations.txt
) || status=$?
# The fixture fails on purpose: exit status 1 is expected, anything else is not.
if [[ $status -ne 1 ]]; then
  echo "error: glass-audit exited with $status (expected 1); annotations.txt:" >&2
  cat "$work/annotations.txt" >&2
  exit 1
fi

mkdir -p "$expected"
for f in report.json report.md report.html junit.xml report.sarif; do
  cp "$work/out/$f" "$expected/$f"
done
cp "$work/annotations.txt" "$expected/annotations.txt"

echo "Golden files regenerated in ${expected#"$root"/}. Changes:"
git -C "$root" add -N -- "$expected" 2>/dev/null || true
git -C "$root" --no-pager diff --stat -- "$expected"
