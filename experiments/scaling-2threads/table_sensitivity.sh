#!/bin/sh
# One-thread searches of the default scaling suite at depth 13 with other table sizes, for
# table_sensitivity.py (report.md, "Where the overhead lies"). Node counts only: a one-thread
# search to a fixed depth does not depend on timing, so the machine need not be idle.
#   experiments/scaling-2threads/table_sensitivity.sh [SPLITLAB]   (from the repository root)
set -eu
splitlab=${1:-bazel-bin/splitlab}
for mb in 4 16; do
  "$splitlab" scale --threads 1 --references glaurung --glaurung-depth 13 --depth 13 \
    --repeats 1 --hash "$mb" --out "experiments/scaling-2threads/table-sensitivity/hash-$mb"
done
summary=experiments/scaling-2threads/table-sensitivity/summary.txt
{
  echo "# command: experiments/scaling-2threads/table_sensitivity.sh $*"
  echo "# commit: $(git rev-parse HEAD) (the runs' own commit is in their runs.csv)"
  echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); cores=$(nproc)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ); seed: none (one-thread searches to a fixed depth)"
} > "$summary"
python3 experiments/scaling-2threads/table_sensitivity.py \
  --two-thread experiments/scaling-2threads/results-suite160/runs.csv \
  4=experiments/scaling-2threads/table-sensitivity/hash-4/runs.csv \
  16=experiments/scaling-2threads/table-sensitivity/hash-16/runs.csv \
  64=experiments/scaling-2threads/results-suite160/runs.csv |
  tee -a "$summary"
