#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""validate.py PROFILE [--live SAMPLES]: check a machine profile against
the schema of docs/trace-format.md ("machine profile files"), written
here from the document, not from machine-profile's code: the exact keys
(those starting with "_" are comments), the types, each distribution's
quantiles (p strictly increasing from 0 to 1, 101 points from 101
samples on, else one a sample; integer values, non-decreasing), counts
and percentages.  --live SAMPLES: a profile measured here just now with
--samples SAMPLES: each cost has SAMPLES samples and a plausible median
(a switch between 100 ns and 1 ms, waking an idle CPU between 100 ns and
10 ms, a migration below 10 ms), the kernel facts are this machine's.
Prints each problem; exit status 1 when there is one."""
import json
import os
import re
import sys

problems = []


def bad(path, what):
    problems.append(f"{path}: {what}")


def keys(obj, path, want):
    if not isinstance(obj, dict):
        bad(path, "not an object")
        return False
    got = {k for k in obj if not k.startswith("_")}
    if got != set(want):
        bad(path, f"keys {sorted(got)}, want {sorted(want)}")
        return False
    return True


def number(v, path, lo=None, hi=None, null=False):
    if v is None and null:
        return
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        bad(path, f"{v!r} is not a number")
    elif (lo is not None and v < lo) or (hi is not None and v > hi):
        bad(path, f"{v} outside [{lo}, {hi}]")


def whole(v, path, lo=0):
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        bad(path, f"{v!r} is not a whole number >= {lo}")


def dist(d, path, extra=()):
    if not keys(d, path, ("count", "quantiles") + tuple(extra)):
        return None
    n, q = d["count"], d["quantiles"]
    whole(n, path + ".count")
    if not isinstance(q, list):
        bad(path + ".quantiles", "not a list")
        return None
    if n == 0:
        if q:
            bad(path + ".quantiles", "not empty with count 0")
        return None
    want = 101 if n >= 101 else max(n, 2)
    if len(q) != want:
        bad(path + ".quantiles", f"{len(q)} points for count {n}, want {want}")
    for i, pair in enumerate(q):
        if (not isinstance(pair, list) or len(pair) != 2 or
                isinstance(pair[1], bool) or not isinstance(pair[1], int) or
                pair[1] < 0 or isinstance(pair[0], bool) or
                not isinstance(pair[0], (int, float))):
            bad(f"{path}.quantiles[{i}]", f"{pair!r} is not [p, ns]")
            return None
    ps = [p for p, _ in q]
    vs = [v for _, v in q]
    if ps[0] != 0 or ps[-1] != 1:
        bad(path + ".quantiles", f"p from {ps[0]} to {ps[-1]}, want 0 to 1")
    if any(b <= a for a, b in zip(ps, ps[1:])):
        bad(path + ".quantiles", "p not strictly increasing")
    if want == 101 and any(abs(p - i / 100) > 1e-9 for i, p in enumerate(ps)):
        bad(path + ".quantiles", "101 points but p is not 0, 0.01, ..., 1")
    if any(b < a for a, b in zip(vs, vs[1:])):
        bad(path + ".quantiles", "values decreasing")
    return vs


def main():
    args = sys.argv[1:]
    live = None
    if len(args) == 3 and args[1] == "--live":
        live = int(args[2])
    elif len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    with open(args[0]) as f:
        p = json.load(f)
    top = ("sched-sim-machine-profile", "kernel", "date", "host", "cpus",
           "hz", "measured", "per_cpu", "costs")
    if not keys(p, "$", top):
        return report()
    if p["sched-sim-machine-profile"] != 1:
        bad("$.sched-sim-machine-profile", "not 1")
    for k in ("kernel", "host"):
        if not isinstance(p[k], str) or not p[k]:
            bad("$." + k, "not a string")
    if not isinstance(p["date"], str) or not re.fullmatch(
            r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", p["date"]):
        bad("$.date", f"{p['date']!r} is not YYYY-MM-DDTHH:MM:SSZ")
    whole(p["cpus"], "$.cpus", 1)
    if p["hz"] is not None:
        whole(p["hz"], "$.hz", 1)
    m = p["measured"]
    if keys(m, "$.measured", ("command", "seconds", "load_before", "method",
                              "excluded")):
        number(m["seconds"], "$.measured.seconds", 0)
        number(m["load_before"], "$.measured.load_before", 0, null=True)
        for k in ("command", "method"):
            if not isinstance(m[k], str) or not m[k]:
                bad("$.measured." + k, "not a string")
        if not isinstance(m["excluded"], list) or not all(
                isinstance(e, str) for e in m["excluded"]):
            bad("$.measured.excluded", "not a list of strings")
    if not isinstance(p["per_cpu"], list) or len(p["per_cpu"]) != p["cpus"]:
        bad("$.per_cpu", f"not a list of cpus ({p['cpus']}) entries")
    else:
        last = -1
        for i, c in enumerate(p["per_cpu"]):
            path = f"$.per_cpu[{i}]"
            if not keys(c, path, ("cpu", "background", "irq", "steal_pct")):
                continue
            whole(c["cpu"], path + ".cpu")
            if isinstance(c["cpu"], int) and c["cpu"] <= last:
                bad(path + ".cpu", "not increasing")
            last = c["cpu"] if isinstance(c["cpu"], int) else last
            number(c["steal_pct"], path + ".steal_pct", 0, 100, null=True)
            b = c["background"]
            if keys(b, path + ".background", ("wakeups_per_s", "cpu_pct",
                                              "run_ns", "interval_ns",
                                              "tasks")):
                number(b["wakeups_per_s"], path + ".background.wakeups_per_s", 0)
                number(b["cpu_pct"], path + ".background.cpu_pct", 0, 100)
                dist(b["run_ns"], path + ".background.run_ns")
                dist(b["interval_ns"], path + ".background.interval_ns")
                if not isinstance(b["tasks"], list) or len(b["tasks"]) > 20:
                    bad(path + ".background.tasks", "not a list of at most 20")
                else:
                    for j, t in enumerate(b["tasks"]):
                        tp = f"{path}.background.tasks[{j}]"
                        if keys(t, tp, ("comm", "policy", "prio", "wakeups",
                                        "cpu_ns")):
                            if not isinstance(t["comm"], str):
                                bad(tp + ".comm", "not a string")
                            if t["policy"] not in ("normal", "rt", "deadline"):
                                bad(tp + ".policy", f"{t['policy']!r}")
                            whole(t["prio"], tp + ".prio", -1)
                            whole(t["wakeups"], tp + ".wakeups")
                            whole(t["cpu_ns"], tp + ".cpu_ns")
            q = c["irq"]
            if keys(q, path + ".irq", ("per_s", "cpu_pct", "run_ns",
                                       "interval_ns")):
                number(q["per_s"], path + ".irq.per_s", 0)
                number(q["cpu_pct"], path + ".irq.cpu_pct", 0, 100)
                dist(q["run_ns"], path + ".irq.run_ns")
                dist(q["interval_ns"], path + ".irq.interval_ns")
    costs = p["costs"]
    medians = {}
    if keys(costs, "$.costs", ("switch_ns", "idle_wakeup_ns", "migration_ns")):
        for k, c in costs.items():
            if k.startswith("_"):
                continue
            vs = dist(c, "$.costs." + k, ("method", "path"))
            if isinstance(c, dict):
                for s in ("method", "path"):
                    if not isinstance(c.get(s), str) or not c.get(s):
                        bad(f"$.costs.{k}.{s}", "not a string")
                if vs:
                    medians[k] = vs[len(vs) // 2]
                if live is not None and c.get("count") != live:
                    bad(f"$.costs.{k}.count", f"{c.get('count')}, want {live}")
    if live is not None:
        bounds = {"switch_ns": (100, 1000000),
                  "idle_wakeup_ns": (100, 10000000),
                  "migration_ns": (0, 10000000)}
        for k, (lo, hi) in bounds.items():
            if k in medians and not lo <= medians[k] <= hi:
                bad(f"$.costs.{k}", f"median {medians[k]} ns outside [{lo}, {hi}]")
        if p.get("kernel") != os.uname().release:
            bad("$.kernel", f"{p.get('kernel')!r}, not uname -r")
        m = p.get("measured", {})
        if m.get("load_before") is None:
            bad("$.measured.load_before", "null in a live recording")
        ex = " ".join(m.get("excluded", []))
        if "perf (pid" not in ex or "machine-profile (pid" not in ex:
            bad("$.measured.excluded", f"names neither perf nor the tool: {ex}")
        for i, c in enumerate(p.get("per_cpu", [])):
            if isinstance(c, dict) and c.get("steal_pct") is None:
                bad(f"$.per_cpu[{i}].steal_pct", "null in a live recording")
    return report()


def report():
    for pr in problems:
        print(pr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
