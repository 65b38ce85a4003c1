#!/usr/bin/env bash
# Mutation check: applies each fault in faults.txt alone to a copy of the package, runs
# `swift test`, and reports whether the suite caught it. Exit 0 only when every fault is caught.
#   Tests/mutation/run.sh            every fault
#   Tests/mutation/run.sh 3 7        faults 3 and 7 (numbered from 1, as the report numbers them)
# The copy lives in a scratch folder with its own build, so the working tree is never touched.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${SAYLINE_MUTATION_DIR:-${TMPDIR:-/tmp}/sayline-mutation}
mkdir -p "$work"
# The package as it is now (tracked and new files), over the copy's earlier build; files the
# package no longer has are removed from the copy first (a moved source would build twice).
find "$work" -path "$work/.build" -prune -o -type f -print | sed "s|^$work/||" | sort > "$work.had"
(cd "$root" && git ls-files -co --exclude-standard | sort) > "$work.has"
comm -23 "$work.had" "$work.has" | while read -r stale; do rm -f "$work/$stale"; done
rm -f "$work.had" "$work.has"
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | (cd "$work" && tar -xf -)

python3 - "$work" "$@" <<'PY'
import os, re, signal, subprocess, sys, time

work, wanted = sys.argv[1], {int(a) for a in sys.argv[2:]}
blocks = [b.strip("\n").split("\n") for b in open(os.path.join(work, "Tests/mutation/faults.txt")).read().split("\n\n")]
faults = [b for b in blocks if len(b) >= 4 and not b[0].startswith("#")]

def failed_test(log):
    """The first failed test a swift test log names, as "SuiteFile/name()" when the issue says
    where it was recorded ("✘ Test name() recorded an issue at File.swift:12:3: …"), else the
    name alone; for a run that died without a failed test (a crash), the tests it left
    unfinished; None when the log names none."""
    lines = log.splitlines()
    for line in lines:
        failed = re.search(r"\u2718 Test (.+?) (?:recorded an issue|failed)\b", line)
        if not failed:
            continue
        name = failed.group(1)
        for issue in lines:
            at = re.search(r"\u2718 Test " + re.escape(name) + r" recorded an issue\b.*? at (\S+?)\.swift:\d+:\d+", issue)
            if at:
                return f"{os.path.basename(at.group(1))}/{name}"
        return name
    started = re.findall(r"\u25c7 Test (.+?) started\.", log)
    ended = set(re.findall(r"[\u2714\u2718\u279c] Test (.+?) (?:passed|failed|skipped)\b", log))
    unfinished = [name for name in started if name not in ended and name != "run"]
    return "unfinished: " + ", ".join(unfinished[:3]) + (" …" if len(unfinished) > 3 else "") if unfinished else None

def run_suite(log_path):
    """Runs swift test; stops at the first failed test. Returns the verdict ('caught',
    'survived' or 'no build') and the failed test that caught it (None if no test is named)."""
    with open(log_path, "w") as log:
        build = subprocess.run(["swift", "build", "--build-tests"], cwd=work, stdout=log, stderr=subprocess.STDOUT)
        if build.returncode != 0:
            return "no build", None
        test = subprocess.Popen(["swift", "test", "--skip-build"], cwd=work, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    while test.poll() is None:
        time.sleep(0.5)
        text = open(log_path, errors="replace").read()
        # A whole line with a failure: its test's name and place are written by then.
        mark = text.find("\u2718")
        if mark >= 0 and "\n" in text[mark:]:
            os.killpg(test.pid, signal.SIGKILL)
            test.wait()
            return "caught", failed_test(open(log_path, errors="replace").read())
    if test.returncode == 0:
        return "survived", None
    return "caught", failed_test(open(log_path, errors="replace").read())

def by(test):
    return f" \u2014 by {test}" if test else ""

# The suite must pass as it is, or every fault would look caught.
if not wanted:
    began = time.time()
    baseline, failing = run_suite(os.path.join(work, ".mutation-0.log"))
    print(f"  0 {'passes' if baseline == 'survived' else 'FAILS':9} {time.time() - began:5.0f} s  the package as it is{by(failing)}", flush=True)
    if baseline != "survived":
        sys.exit(2)

results = []
for number, (path, original, mutant, what) in enumerate((f[:4] for f in faults), start=1):
    if wanted and number not in wanted:
        continue
    file = os.path.join(work, path)
    text = open(file).read()
    if text.count(original + "\n") != 1:
        results.append((number, "not found", path, what, None))
        print(f"{number:3} not found  {path}: {what}", flush=True)
        continue
    open(file, "w").write(text.replace(original + "\n", mutant + "\n"))
    began = time.time()
    try:
        verdict, caught_by = run_suite(os.path.join(work, f".mutation-{number}.log"))
    finally:
        open(file, "w").write(text)
    results.append((number, verdict, path, what, caught_by))
    print(f"{number:3} {verdict:9} {time.time() - began:5.0f} s  {path}: {what}{by(caught_by)}", flush=True)

caught = sum(1 for r in results if r[1] == "caught")
print(f"\n{caught} of {len(results)} faults caught")
sys.exit(0 if caught == len(results) else 1)
PY
