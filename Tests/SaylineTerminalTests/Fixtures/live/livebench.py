#!/usr/bin/python3
"""Run in the desktop by sayline-bench's live section: the walk of a 1,000-slider GTK 3 window
by `sayline describe --app`, `sayline audit --app --no-keys` and pyatspi reading the same
properties (peer_walk.py), each as a whole command, its median wall time over RUNS and its
peak memory (GNU time's maximum resident set), as JSON."""
import json, os, statistics, subprocess, sys, time
sayline, runs = sys.argv[1], int(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
app = "sayline-many-fixture"
commands = {
    "sayline describe --app": [sayline, "describe", "--app", app, "--format", "json"],
    "sayline audit --app --no-keys": [sayline, "audit", "--app", app, "--no-keys", "--format", "json"],
    "pyatspi walk (peer_walk.py)": ["/usr/bin/python3", os.path.join(here, "peer_walk.py"), app],
}
out = {}
for label, command in commands.items():
    walls, peak, inner = [], 0, []
    for _ in range(runs + 1):
        start = time.monotonic()
        r = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
        walls.append((time.monotonic() - start) * 1000)
        peak = max(peak, int(r.stderr.strip().split("\n")[-1]))
        if "pyatspi" in label:
            inner.append(json.loads(r.stdout)["walkMilliseconds"])
        elif "describe" in label:
            assert len(json.loads(r.stdout)["controls"]) == 1000, r.stdout[:200]
    # The first run warms the caches (the application's, the page cache).
    walls = walls[1:]
    out[label] = {"medianMilliseconds": statistics.median(walls), "minMilliseconds": min(walls), "peakKilobytes": peak}
    if inner: out[label]["walkMedianMilliseconds"] = statistics.median(inner[1:])
print(json.dumps(out))
