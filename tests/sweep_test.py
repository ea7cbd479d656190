#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tests/sweep_test.py MODE SIMBIN - the tests of tools/sweep.

MODE parallel (tests/run-sweep.sh): --help, bad grids, and a 16-point
grid run by GNU parallel on this machine.  MODE slurm
(tests/run-sweep-slurm.sh, which starts a one-node Slurm first): the same
grid as a Slurm job array, whose output must be byte-identical to
parallel's.

The grid is traces/shares.json for 10 s (before its shares event at 20 s)
over CPUs 1,2 x sched_granularity 1ms,4ms x /gold's shares 512,2048 x
seeds 3,4.  The oracles:
  - each report's cpus, seed, sched_granularity (in ns: 1 ms is
    1,000,000 ns) and /gold's shares equal the point's parameters;
  - each point's report (but for the trace's file name) and exit status
    equal those of sched-sim run directly with the point's options on a
    trace this test edits itself, and the CSV's share and ideal columns
    equal that run's numbers;
  - on one CPU, /gold's share is S / (S + 1024), /silver having 1024
    (the hierarchical fair share worked by hand);
  - the output does not depend on the order in which runs finish: -j2
    and -j1 (and Slurm) give byte-identical files.
Prints "ok NAME" or "FAIL NAME: why" per case, then "N passed, M failed".
"""

import csv
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWEEP = os.path.join(ROOT, "tools", "sweep")
TRACE = os.path.join(ROOT, "traces", "shares.json")

CPUS = [1, 2]
GRANULARITY = {"1ms": 1000000, "4ms": 4000000}   # the tunable, in ns
GOLD_SHARES = [512, 2048]
SEEDS = [3, 4]
GRID = ["--policy", "cfs-v19", "--cpus", "1,2",
        "--set", "sched_granularity=1ms,4ms",
        "--shares", "/gold=512,2048", "--seed", "3..4",
        "--duration", "10s"]
POINTS = len(CPUS) * len(GRANULARITY) * len(GOLD_SHARES) * len(SEEDS)

passed = failed = 0


def ok(name):
    global passed
    passed += 1
    print(f"ok   {name}")


def bad(name, why):
    global failed
    failed += 1
    print(f"FAIL {name}: {why}")


def check(name, condition, why=""):
    (ok if condition else lambda n: bad(n, why))(name)
    return condition


def sweep(sim, *args, cwd=None, timeout=600):
    return subprocess.run([SWEEP, "--sim", sim] + list(args), cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=timeout)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def direct_run(sim, tmp, params):
    """sched-sim run by hand with the point's options, on a copy of the
    trace whose /gold shares this test sets itself."""
    with open(TRACE) as f:
        trace = json.load(f)
    for group in trace["groups"]:
        if group["path"] == "/gold":
            group["shares"] = params["shares"]["/gold"]
    path = os.path.join(tmp, "direct.json")
    with open(path, "w") as f:
        json.dump(trace, f)
    out = subprocess.run(
        [sim, "--json", "--policy", params["policy"],
         "--cpus", str(params["cpus"]),
         "--set", "sched_granularity=" + params["set"]["sched_granularity"],
         "--seed", str(params["seed"]), "--duration", params["duration"],
         path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return out.returncode, json.loads(out.stdout)


def without_file(report):
    return {k: v for k, v in report.items() if k != "trace_file"}


def check_grid_output(sim, out_dir, tmp, label):
    """The checks both paths share: the lines, the parameters applied, the
    CSV against direct runs and the hand-worked shares."""
    lines = read(os.path.join(out_dir, "runs.jsonl")).splitlines()
    check(f"{label}: runs.jsonl has one line per point ({POINTS})",
          len(lines) == POINTS, f"{len(lines)} lines")
    runs = [json.loads(line) for line in lines]
    check(f"{label}: the lines are in point order 0..{POINTS - 1}",
          [r["point"] for r in runs] == list(range(POINTS)),
          str([r["point"] for r in runs]))

    wanted = set(itertools.product(CPUS, GRANULARITY, GOLD_SHARES, SEEDS))
    got = {(r["params"]["cpus"], r["params"]["set"]["sched_granularity"],
            r["params"]["shares"]["/gold"], r["params"]["seed"])
           for r in runs}
    check(f"{label}: the points are the grid, each once", got == wanted,
          f"{sorted(got ^ wanted)}")

    applied = []
    for r in runs:
        p, report = r["params"], r["report"]
        gold = [g for g in report["groups"] if g["path"] == "/gold"][0]
        if (report["cpus"], report["seed"], report["policy"],
                report["tunables"]["sched_granularity"], gold["shares"],
                report["duration_ns"]) != (
                p["cpus"], p["seed"], p["policy"],
                GRANULARITY[p["set"]["sched_granularity"]],
                p["shares"]["/gold"], 10 * 10**9):
            applied.append(r["point"])
    check(f"{label}: every report has its point's CPUs, seed, policy, "
          f"sched_granularity (ns), /gold shares and duration",
          not applied, f"points {applied}")

    with open(os.path.join(out_dir, "summary.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    check(f"{label}: summary.csv has one row per point",
          len(rows) == POINTS and
          [int(row["point"]) for row in rows] == list(range(POINTS)),
          f"{len(rows)} rows")

    mismatched, csv_off, analytic_off = [], [], []
    for r, row in zip(runs, rows):
        status, report = direct_run(sim, tmp, r["params"])
        if (status, without_file(report)) != (r["exit_status"],
                                              without_file(r["report"])):
            mismatched.append(r["point"])
        for g in report["groups"]:
            path = g["path"]
            csv_share = float(row[f"share:{path}"])
            csv_ideal = float(row[f"ideal:{path}"])
            csv_diff = float(row[f"diff_pp:{path}"])
            if (csv_share != g["share"] or csv_ideal != g["ideal_share"] or
                    abs(csv_diff - (g["share"] - g["ideal_share"]) * 100)
                    > 0.00005 or int(row["exit_status"]) != status or
                    row["cpus"] != str(r["params"]["cpus"]) or
                    row["shares:/gold"] != str(r["params"]["shares"]["/gold"])):
                csv_off.append((r["point"], path))
        if r["params"]["cpus"] == 1:
            s = r["params"]["shares"]["/gold"]
            if abs(float(row["share:/gold"]) - s / (s + 1024)) > 0.005:
                analytic_off.append((r["point"], row["share:/gold"],
                                     round(s / (s + 1024), 4)))
    check(f"{label}: each point's report and exit status equal a direct "
          f"sched-sim --json run of the point", not mismatched,
          f"points {mismatched}")
    check(f"{label}: the CSV's parameters, exit status, share, ideal and "
          f"diff_pp equal the direct runs'", not csv_off, str(csv_off))
    check(f"{label}: on 1 CPU /gold gets S/(S+1024) within 0.005 "
          f"(S = 512: 1/3, S = 2048: 2/3)", not analytic_off,
          str(analytic_off))

    leftovers = [os.path.join(d, n) for d, _, names in os.walk(out_dir)
                 for n in names if n.startswith(".")]
    check(f"{label}: no temporary file is left in the sweep's directory",
          not leftovers, str(leftovers))
    return runs


def test_help_and_bad_grids(sim, tmp):
    cwd = os.path.join(tmp, "help")
    os.makedirs(cwd)
    out = sweep(sim, "--help", "-o", "x", "--cpus", "1,2", TRACE, cwd=cwd)
    check("--help prints the usage and does nothing",
          out.returncode == 0 and "usage: tools/sweep" in out.stdout and
          "--sshloginfile" in out.stdout and os.listdir(cwd) == [],
          f"exit {out.returncode}, files {os.listdir(cwd)}")

    cases = [
        ("a policy not compiled in names the ones that are",
         ["--policy", "cfs-v19,cfs-2.6.24"], ['"cfs-2.6.24" is not compiled into',
                                         "valid: cfs-v19"]),
        ("an unknown tunable names the policy's tunables",
         ["--set", "sched_granularty=1ms"],
         ['"sched_granularty" is not a tunable of cfs-v19',
          "sched_granularity, sched_wakeup_granularity"]),
        ("a tunable value out of range is refused with sched-sim's range",
         ["--set", "sched_granularity=1ms,50s"],
         ["sched_granularity=50s", "out of range", "100us to 1s"]),
        ("a CPU count sched-sim refuses",
         ["--cpus", "1,0"], ["--cpus 0", "out of range"]),
        ("a value given twice", ["--seed", "1..3,2"],
         ["--seed: 2 is given twice"]),
        ("an empty range", ["--seed", "5..1"], ['range "5..1" is empty']),
        ("a word where an integer goes", ["--cpus", "two"],
         ['--cpus: "two" is not an integer']),
        ("shares of a group the trace lacks, naming its groups",
         ["--shares", "/bronze=512"],
         ['has no group "/bronze"', "valid: /gold, /silver"]),
        ("shares out of cpu.shares' range", ["--shares", "/gold=1"],
         ["1 is out of range", "2 to 262144"]),
        ("--submit without --slurm", ["--submit"], ["--submit goes with "
                                                   "--slurm"]),
        ("a CPU limit under a policy without CFS bandwidth control",
         ["--cpu-max", "/gold=50000 100000"], ["has no CPU limits"]),
        ("a CPU limit of a group the trace lacks",
         ["--policy", "eevdf", "--cpu-max", "/bronze=max"],
         ['"/bronze" is not a group of the trace']),
    ]
    for name, args, needles in cases:
        out_dir = os.path.join(tmp, "bad")
        out = sweep(sim, "-o", out_dir, *args, TRACE)
        check(f"bad grid: {name} (exit 2, nothing written)",
              out.returncode == 2 and all(n in out.stderr for n in needles)
              and not os.path.exists(out_dir),
              f"exit {out.returncode}, stderr {out.stderr.strip()!r}")


# What a shell would act on, in a path: each payload, if ever run by a
# shell, creates a PWNED file in the directory it runs in (the test's
# own, its cwd) or names one in the path.
HOSTILE = ("a b;touch PWNED-1;c $(touch PWNED-2) `touch PWNED-3` "
           "'q' \"d\" \\n \\ #e")


def sbatch_argument(line):
    """The first argument of an #SBATCH line as sbatch 22.05 reads it
    (Slurm's src/sbatch/opt.c, get_argument): white space outside quotes
    ends it (even after a backslash), double or single quotes group, a
    backslash escapes the next character, an unquoted # starts a
    comment."""
    out, escaped, quote = [], False, None
    for c in line:
        if quote is None and not escaped and c.isspace():
            break
        if escaped:
            out.append(c)
            escaped = False
        elif c == "\\":
            escaped = True
        elif quote is not None:
            if c == quote:
                quote = None
            else:
                out.append(c)
        elif c in "\"'":
            quote = c
        elif c == "#":
            break
        else:
            out.append(c)
    return "".join(out)


def pwned(tmp):
    return [os.path.join(d, n) for d, _, names in os.walk(tmp)
            for n in names if n.startswith("PWNED")]


def test_hostile_paths(sim, tmp):
    """-o, the trace's path and the directory sweep runs in hold ` $ ; ' "
    \\ # and spaces: nothing runs, every point runs (issue 33)."""
    base = os.path.join(tmp, "hostile " + HOSTILE)
    os.makedirs(base)
    trace = os.path.join(base, "trace " + HOSTILE + ".json")
    shutil.copy(TRACE, trace)
    for label, out_dir in (("the issue's -o 'x;touch PWNED;y'",
                            "x;touch PWNED;y"),
                           ("-o 'out dir'", "out dir"),
                           ("-o holding ` $ ; ' \" \\ # and spaces",
                            os.path.join(base, "out " + HOSTILE))):
        out = sweep(sim, "-o", out_dir, "-j", "2", "--duration", "100ms",
                    "--shares", "/gold=512,2048", trace, cwd=base)
        runs = []
        path = os.path.join(base, out_dir, "runs.jsonl")
        if os.path.exists(path):
            runs = [json.loads(line) for line in read(path).splitlines()]
        ran = pwned(tmp)
        check(f"hostile paths: {label}: nothing runs, both points run",
              out.returncode == 0 and not ran and
              [(r["point"], r["exit_status"], r["report"] is not None)
               for r in runs] == [(0, 1, True), (1, 1, True)],
              f"exit {out.returncode}, ran {ran}, runs {len(runs)}: "
              f"{out.stderr.strip()!r}")
        for f in ran:
            os.unlink(f)

    # --slurm: the #SBATCH --output line names the directory as sbatch
    # reads it, and the script's shell part runs point 0 there
    # (Slurm's log paths take no backslash: refused below)
    out_dir = os.path.join(tmp, "slurm " + HOSTILE.replace("\\", ""))
    out = sweep(sim, "-o", out_dir, "--slurm", "--duration", "100ms",
                "--sbatch-option=--time=10", trace, cwd=base)
    got = [sbatch_argument(line[len("#SBATCH "):])
           for line in out.stdout.splitlines()
           if line.startswith(("#SBATCH --chdir=", "#SBATCH --output="))]
    check("hostile paths: --slurm: sbatch reads the #SBATCH --chdir line "
          "as the directory (the logs: slurm/%A_%a.out in it)",
          out.returncode == 0 and got ==
          ["--chdir=" + out_dir, "--output=slurm/%A_%a.out"],
          f"exit {out.returncode}, read {got!r}: {out.stderr.strip()!r}")
    env = dict(os.environ, SLURM_ARRAY_TASK_ID="0")
    run = subprocess.run(["sh", os.path.join(out_dir, "sweep.sbatch")],
                         cwd=base, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True) \
        if out.returncode == 0 else None
    status = os.path.join(out_dir, "results", "0.status")
    check("hostile paths: --slurm: the array script runs point 0 in the "
          "directory and nothing else",
          run is not None and run.returncode == 0 and
          os.path.exists(status) and read(status) == "1\n" and
          not pwned(tmp), f"{run and run.stderr!r}, ran {pwned(tmp)}")

    # A newline cannot be quoted in DIR's line-based files: refused
    for name, args in (("-o holding a newline",
                        ["-o", os.path.join(tmp, "nl\n#SBATCH --x=1")]),
                       ("--sbatch-option holding a newline",
                        ["-o", os.path.join(tmp, "nl2"), "--slurm",
                         "--sbatch-option=--time=10\ntouch PWNED-4"]),
                       ("--slurm with a backslash in -o",
                        ["-o", os.path.join(tmp, "bs\\n"), "--slurm"])):
        out = sweep(sim, *args, "--duration", "100ms", trace, cwd=base)
        check(f"hostile paths: {name} is refused (exit 2, nothing written)",
              out.returncode == 2 and
              ("newline" in out.stderr or "backslash" in out.stderr) and
              not os.path.exists(args[1]) and not pwned(tmp),
              f"exit {out.returncode}: {out.stderr.strip()!r}")


# A trace whose shares depend on the seed: /a's task runs and sleeps for
# random times, /b's hogs; its expectation passes for some seeds only.
RANDOM_TRACE = {
    "sched-sim": 1, "duration": "2s", "machine": {"cpus": 1},
    "scheduler": {},
    "groups": [{"path": "/a", "shares": 1024}, {"path": "/b", "shares": 1024}],
    "tasks": [{"name": "sleeper", "group": "/a", "loop": "forever",
               "program": [{"run": {"uniform": ["1ms", "20ms"]}},
                           {"sleep": {"uniform": ["1ms", "30ms"]}}]},
              {"name": "hog", "group": "/b", "program": [{"run": "forever"}]}],
    "expect": [{"group": "/a", "share": 0.355, "tolerance": 0.01}],
}


def csv_rows(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_sim_options(sim, tmp):
    """Options after -- reach every run (--hz, --no-expect, --series),
    checked in each report and against a direct run; the ones the sweep
    cannot pass on are refused before anything runs."""
    out_dir = os.path.join(tmp, "passthrough")
    out = sweep(sim, "-o", out_dir, "--cpus", "1,2", "--duration", "1s",
                TRACE, "--", "--hz", "1000", "--no-expect",
                "--series", "100ms", "--set", "sched_wakeup_granularity=3ms")
    runs = [json.loads(line) for line in
            read(os.path.join(out_dir, "runs.jsonl")).splitlines()] \
        if out.returncode == 0 else []
    # shares.json expects its shares after its event at 20 s: in 1 s they
    # fail, so each run's exit status 0 says --no-expect reached it
    check("-- options: every run has --hz 1000, --no-expect (exit 0, no "
          "expectation), --series (10 rows a series of 1 s by 100 ms) and "
          "the --set",
          len(runs) == 2 and all(
              r["report"]["hz"] == 1000 and r["exit_status"] == 0 and
              not r["report"]["expect"] and
              r["report"]["tunables"]["sched_wakeup_granularity"] == 3000000
              and r["report"].get("series") for r in runs),
          f"exit {out.returncode}: {out.stderr.strip()!r}")
    if runs:
        direct = subprocess.run(
            [sim, "--json", "--hz", "1000", "--no-expect", "--series",
             "100ms", "--set", "sched_wakeup_granularity=3ms", "--cpus", "2",
             "--duration", "1s", TRACE], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        check("-- options: point 1's report equals sched-sim run directly "
              "with them and --cpus 2",
              without_file(json.loads(direct.stdout)) ==
              without_file(runs[1]["report"]))
        check("-- options: sweep.json records them",
              json.loads(read(os.path.join(out_dir, "sweep.json")))
              ["sim_args"] == ["--hz", "1000", "--no-expect", "--series",
                               "100ms", "--set",
                               "sched_wakeup_granularity=3ms"])

    cases = [
        ("--json", ["--json"], ["-- --json: not passed to every run"]),
        ("-o", ["-o", "x.json"], ["-- -o: not passed", "results/N.json"]),
        ("--junit", ["--junit=x.xml"], ["-- --junit", "tools/sweep --junit"]),
        ("-vv", ["-vv"], ["-- -vv: not passed"]),
        ("a trace after --", [TRACE], ["not an option of sched-sim",
                                       "the trace goes before --"]),
        ("an option an axis sweeps", ["--cpus", "4"],
         ["-- --cpus: the grid sweeps it already (--cpus)"]),
        ("a tunable an axis sweeps", ["--set", "sched_granularity=2ms"],
         ["the grid sweeps sched_granularity already"]),
        ("an option without its value", ["--hz"], ["-- --hz: needs a value"]),
        ("a value sched-sim refuses", ["--hz", "7"],
         ["sched-sim refuses the trace", "with -- --hz 7", "hz"]),
        ("an option sched-sim does not know", ["--hetz", "7"],
         ["sched-sim refuses the trace", "--hetz"]),
    ]
    for name, args, needles in cases:
        bad_dir = os.path.join(tmp, "bad-passthrough")
        out = sweep(sim, "-o", bad_dir, "--cpus", "1,2",
                    "--set", "sched_granularity=1ms", TRACE, "--", *args)
        check(f"-- options: {name} is refused (exit 2, nothing written)",
              out.returncode == 2 and all(n in out.stderr for n in needles)
              and not os.path.exists(bad_dir),
              f"exit {out.returncode}, stderr {out.stderr.strip()!r}")


def test_policy_axes(sim, tmp):
    """--set POLICY:TUNABLE=... sweeps a tunable at the points of its
    policy only: cfs-v19's sched_granularity (2 values) and eevdf's
    sched_base_slice (3 values) give 2 + 3 points, not 2 x 2 x 3."""
    out_dir = os.path.join(tmp, "policy-axes")
    out = sweep(sim, "-o", out_dir, "--policy", "cfs-v19,eevdf",
                "--set", "cfs-v19:sched_granularity=1ms,4ms",
                "--set", "eevdf:sched_base_slice=1ms,3ms,5ms",
                "--duration", "200ms", TRACE)
    runs = [json.loads(line) for line in
            read(os.path.join(out_dir, "runs.jsonl")).splitlines()] \
        if out.returncode == 0 else []
    got = [(r["report"]["policy"],
            r["report"]["tunables"].get("sched_granularity")
            if r["report"]["policy"] == "cfs-v19" else
            r["report"]["tunables"].get("sched_base_slice")) for r in runs]
    check("policy axes: 5 points, each policy's tunable at its values only",
          got == [("cfs-v19", 1000000), ("cfs-v19", 4000000),
                  ("eevdf", 1000000), ("eevdf", 3000000),
                  ("eevdf", 5000000)],
          f"exit {out.returncode}, {got}: {out.stderr.strip()!r}")
    rows = csv_rows(os.path.join(out_dir, "summary.csv"))
    cells = [(row["policy"], row["cfs-v19:sched_granularity"],
              row["eevdf:sched_base_slice"]) for row in rows]
    check("policy axes: summary.csv has a column per policy's axis, empty "
          "at the other policy's points",
          cells == [("cfs-v19", "1ms", ""), ("cfs-v19", "4ms", ""),
                    ("eevdf", "", "1ms"), ("eevdf", "", "3ms"),
                    ("eevdf", "", "5ms")], str(cells))

    # with a group's CPU limit swept too (--cpu-max: a column of its own,
    # cpu_max:/gold, on every point; eevdf only, so cfs-v19 is left out)
    out_dir = os.path.join(tmp, "policy-axes-cpu-max")
    out = sweep(sim, "-o", out_dir, "--policy", "eevdf",
                "--set", "eevdf:sched_base_slice=1ms,3ms",
                "--cpu-max", "/gold=50000 100000,max",
                "--duration", "200ms", TRACE)
    rows = csv_rows(os.path.join(out_dir, "summary.csv"))
    cells = [(row["eevdf:sched_base_slice"], row["cpu_max:/gold"])
             for row in rows]
    check("policy axes: beside a --cpu-max axis, both columns hold their "
          "point's values",
          out.returncode == 0 and cells == [
              ("1ms", "50000 100000"), ("1ms", "max"),
              ("3ms", "50000 100000"), ("3ms", "max")],
          f"exit {out.returncode}, {cells}: {out.stderr.strip()!r}")
    out = sweep(sim, "-o", os.path.join(tmp, "bad-cpu-max"), "--policy",
                "eevdf", "--cpu-max", "/gold=max", TRACE, "--",
                "--cpu-max", "/gold=50000 100000")
    check("-- options: --cpu-max of a group the grid limits is refused",
          out.returncode == 2 and "the grid sweeps /gold's already "
          "(--cpu-max)" in out.stderr, out.stderr)

    cases = [
        ("a tunable of one policy swept for both",
         ["--policy", "cfs-v19,eevdf", "--set", "sched_granularity=1ms"],
         ['"sched_granularity" is not a tunable of eevdf',
          "POLICY:TUNABLE=VALUES"]),
        ("an axis of a policy outside the grid",
         ["--policy", "cfs-v19", "--set", "eevdf:sched_base_slice=1ms"],
         ["eevdf is not a policy of the grid"]),
        ("an axis of a policy without --policy",
         ["--set", "cfs-v19:sched_granularity=1ms"],
         ["cfs-v19 is not a policy of the grid", "none given"]),
        ("a policy's tunable it lacks",
         ["--policy", "cfs-v19,eevdf", "--set", "eevdf:sched_granularity=1ms"],
         ['"sched_granularity" is not a tunable of eevdf']),
        ("a tunable swept for all and for one policy",
         ["--policy", "cfs-v19", "--set", "sched_granularity=1ms",
          "--set", "cfs-v19:sched_granularity=2ms"],
         ["sched_granularity is given twice"]),
        ("a value the policy refuses",
         ["--policy", "cfs-v19,eevdf", "--set", "eevdf:sched_base_slice=1h"],
         ["sched_base_slice=1h", "sched-sim refuses it"]),
    ]
    for name, args, needles in cases:
        bad_dir = os.path.join(tmp, "bad-axes")
        out = sweep(sim, "-o", bad_dir, *args, TRACE)
        check(f"policy axes: {name} is refused (exit 2, nothing written)",
              out.returncode == 2 and all(n in out.stderr for n in needles)
              and not os.path.exists(bad_dir),
              f"exit {out.returncode}, stderr {out.stderr.strip()!r}")


def test_seed_stats_and_junit(sim, tmp):
    """summary.csv's mean, min, max and sample deviation over the seeds
    of each point, worked from the rows' own shares; --junit's one
    report for the grid, against each report's expectations."""
    trace = os.path.join(tmp, "random.json")
    with open(trace, "w") as f:
        json.dump(RANDOM_TRACE, f)
    out_dir = os.path.join(tmp, "seeds")
    junit = os.path.join(tmp, "grid.xml")
    out = sweep(sim, "-o", out_dir, "--junit", junit,
                "--policy", "cfs-v19,eevdf", "--seed", "1..4", trace)
    rows = csv_rows(os.path.join(out_dir, "summary.csv"))
    if not check("seeds: 2 policies x 4 seeds run (exit 0)",
                 out.returncode == 0 and len(rows) == 8,
                 f"exit {out.returncode}: {out.stderr.strip()!r}"):
        return
    off = []
    for policy in ("cfs-v19", "eevdf"):
        group = [r for r in rows if r["policy"] == policy]
        for path in ("/a", "/b"):
            shares = [float(r[f"share:{path}"]) for r in group]
            diffs = [(float(r[f"share:{path}"]) - float(r[f"ideal:{path}"]))
                     * 100 for r in group]
            mean = sum(shares) / 4
            sd = (sum((x - mean) ** 2 for x in shares) / 3) ** 0.5
            dmean = sum(diffs) / 4
            want = (4, mean, min(shares), max(shares), sd, dmean, min(diffs),
                    max(diffs))
            for r in group:
                got = (int(r["seeds"]), float(r[f"share_mean:{path}"]),
                       float(r[f"share_min:{path}"]),
                       float(r[f"share_max:{path}"]),
                       float(r[f"share_sd:{path}"]),
                       float(r[f"diff_pp_mean:{path}"]),
                       float(r[f"diff_pp_min:{path}"]),
                       float(r[f"diff_pp_max:{path}"]))
                if got[0] != 4 or any(abs(g - w) > 1e-6 for g, w in
                                      zip(got[1:5], want[1:5])) or \
                        any(abs(g - w) > 1e-4 for g, w in
                            zip(got[5:], want[5:])):
                    off.append((r["point"], path, got, want))
        if len({float(r["share:/a"]) for r in group}) < 2:
            off.append((policy, "the seeds gave equal shares: no spread "
                        "to check"))
    check("seeds: per policy, every row has the 4 seeds' mean, min, max "
          "and sample deviation (n - 1) of each group's share and diff_pp",
          not off, str(off[:3]))

    # shares.json gives the same shares under every seed: deviation 0
    same_dir = os.path.join(tmp, "same-seeds")
    out = sweep(sim, "-o", same_dir, "--seed", "1,2", "--duration", "1s",
                TRACE)
    rows = csv_rows(os.path.join(same_dir, "summary.csv"))
    check("seeds: equal shares over the seeds give mean = each share and "
          "deviation 0",
          out.returncode == 0 and len(rows) == 2 and all(
              float(r["share_mean:/gold"]) == float(r["share:/gold"]) and
              float(r["share_sd:/gold"]) == 0 for r in rows), str(rows[:1]))
    no_seed = csv_rows(os.path.join(tmp, "policy-axes", "summary.csv"))
    check("seeds: without a seed axis, no seed columns",
          no_seed and "seeds" not in no_seed[0] and
          "share_mean:/gold" not in no_seed[0])

    import xml.etree.ElementTree as ET
    runs = [json.loads(line) for line in
            read(os.path.join(out_dir, "runs.jsonl")).splitlines()]
    try:
        root = ET.parse(junit).getroot()
    except (OSError, ET.ParseError) as err:
        bad("junit: the report is XML", repr(err))
        return
    suites = root.findall("testsuite")
    cases = [(c.get("classname"), c.get("name"))
             for s in suites for c in s.findall("testcase")]
    want_failures = sum(not e["ok"] for r in runs for e in r["report"]["expect"])
    check("junit: one testsuite per point, one testcase per expectation, "
          "the totals summed",
          len(suites) == 8 and len(cases) == 8 and
          root.get("tests") == "8" and
          root.get("failures") == str(want_failures) and
          root.get("errors") == "0", ET.tostring(root)[:300])
    check("junit: the (classname, name) pairs are unique and each name "
          "holds its point's policy and seed",
          len(set(cases)) == len(cases) and all(
              f"policy={r['params']['policy']} " in name and
              name.endswith(f"seed={r['params']['seed']}]")
              for r, (_, name) in zip(runs, cases)), str(cases[:2]))
    failed = [[c.find("failure") is not None for c in s.findall("testcase")]
              for s in suites]
    check("junit: a failure exactly where the report's expectation failed "
          f"({want_failures} of 8)",
          failed == [[not e["ok"] for e in r["report"]["expect"]]
                     for r in runs] and 0 < want_failures < 8, str(failed))

    # a trace whose file name holds a control character and XML's < & "
    # (the classname and a property name it): still well-formed XML
    odd = os.path.join(tmp, "odd\x01<&\">.json")
    shutil.copy(trace, odd)
    junit_odd = os.path.join(tmp, "odd.xml")
    out = sweep(sim, "-o", os.path.join(tmp, "odd-dir"), "--junit",
                junit_odd, "--seed", "1", odd)
    try:
        root = ET.parse(junit_odd).getroot()
        classnames = {c.get("classname") for c in root.iter("testcase")}
    except (OSError, ET.ParseError) as err:
        classnames = {repr(err)}
    check("junit: a trace's file name with a control character and < & \" "
          "gives well-formed XML (the character as U+FFFD)",
          out.returncode == 0 and classnames == {"sweep.odd\ufffd<&\">"},
          f"exit {out.returncode}, {classnames}: {out.stderr.strip()!r}")

    # a point with no report: an error testcase with sched-sim's message
    pinned = os.path.join(tmp, "pinned-junit.json")
    with open(pinned, "w") as f:
        json.dump({"sched-sim": 1, "duration": "100ms",
                   "machine": {"cpus": 2}, "scheduler": {},
                   "tasks": [{"name": "p", "cpus": "1",
                              "program": [{"run": "forever"}]}]}, f)
    junit2 = os.path.join(tmp, "failing.xml")
    out = sweep(sim, "-o", os.path.join(tmp, "failing-junit"), "--junit",
                junit2, "--cpus", "2,1", pinned)
    root = ET.parse(junit2).getroot() if os.path.exists(junit2) else None
    errors = [] if root is None else [
        (c.get("name"), c.find("error").get("message"))
        for c in root.iter("testcase") if c.find("error") is not None]
    check("junit: a point sched-sim refuses is an error testcase naming "
          "the point and sched-sim's message",
          out.returncode == 1 and root is not None and
          root.get("errors") == "1" and len(errors) == 1 and
          errors[0][0] == "run [cpus=1]" and
          "sched-sim exit status 2" in errors[0][1] and
          "cpus" in errors[0][1], f"{errors}, exit {out.returncode}")
    os.unlink(junit2)
    out = sweep(sim, "--collect", "-o", os.path.join(tmp, "failing-junit"),
                "--junit", junit2)
    check("junit: --collect --junit writes it from the results too",
          out.returncode == 1 and os.path.exists(junit2))
    out = sweep(sim, "-o", os.path.join(tmp, "slurm-junit"), "--slurm",
                "--junit", junit2, TRACE)
    check("junit: --slurm without --submit refuses --junit (it collects "
          "nothing), naming --collect", out.returncode == 2 and
          "--collect" in out.stderr, out.stderr)


def test_parallel(sim, tmp):
    test_help_and_bad_grids(sim, tmp)
    test_hostile_paths(sim, tmp)
    test_sim_options(sim, tmp)
    test_policy_axes(sim, tmp)
    test_seed_stats_and_junit(sim, tmp)

    out_dir = os.path.join(tmp, "sweep")
    out = sweep(sim, "-o", out_dir, "-j", "2", *GRID, TRACE)
    if not check("parallel: the 16-point grid runs (exit 0)",
                 out.returncode == 0, f"exit {out.returncode}: "
                 f"{out.stderr.strip()}"):
        return
    check_grid_output(sim, out_dir, tmp, "parallel")
    first_jsonl = read(os.path.join(out_dir, "runs.jsonl"))
    first_csv = read(os.path.join(out_dir, "summary.csv"))

    out = sweep(sim, "-o", out_dir, *GRID, TRACE)
    check("a second sweep into the same directory is refused without --force",
          out.returncode == 2 and "--force" in out.stderr, out.stderr)

    out = sweep(sim, "-o", out_dir, "--force", "-j", "1", *GRID, TRACE)
    check("-j1 gives byte-identical runs.jsonl and summary.csv to -j2",
          out.returncode == 0 and
          read(os.path.join(out_dir, "runs.jsonl")) == first_jsonl and
          read(os.path.join(out_dir, "summary.csv")) == first_csv,
          f"exit {out.returncode}")

    os.unlink(os.path.join(out_dir, "runs.jsonl"))
    os.unlink(os.path.join(out_dir, "summary.csv"))
    out = sweep(sim, "--collect", "-o", out_dir)
    check("--collect writes the same files again from results/",
          out.returncode == 0 and
          read(os.path.join(out_dir, "runs.jsonl")) == first_jsonl and
          read(os.path.join(out_dir, "summary.csv")) == first_csv,
          f"exit {out.returncode}: {out.stderr.strip()}")

    # parallel's --sshloginfile, with ':' (this machine) as its one login
    logins = os.path.join(tmp, "logins")
    with open(logins, "w") as f:
        f.write(":\n")
    ssh_dir = os.path.join(tmp, "ssh")
    out = sweep(sim, "-o", ssh_dir, "--sshloginfile", logins,
                "--cpus", "1,2", "--duration", "1s", TRACE)
    runs = [json.loads(line) for line in
            read(os.path.join(ssh_dir, "runs.jsonl")).splitlines()] \
        if out.returncode == 0 else []
    check("--sshloginfile goes to parallel (login ':', this machine)",
          [(r["params"]["cpus"], r["report"]["cpus"]) for r in runs] ==
          [(1, 1), (2, 2)], f"exit {out.returncode}: {out.stderr.strip()}")

    # A point sched-sim refuses: a task pinned to CPU 1 on a 1-CPU machine
    pinned = os.path.join(tmp, "pinned.json")
    with open(pinned, "w") as f:
        json.dump({"sched-sim": 1, "duration": "100ms",
                   "machine": {"cpus": 2}, "scheduler": {},
                   "tasks": [{"name": "p", "cpus": "1",
                              "program": [{"run": "forever"}]}]}, f)
    fail_dir = os.path.join(tmp, "failing")
    out = sweep(sim, "-o", fail_dir, "--cpus", "2,1", pinned)
    rows = []
    if os.path.exists(os.path.join(fail_dir, "summary.csv")):
        with open(os.path.join(fail_dir, "summary.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
    check("a point sched-sim refuses: exit 1, its row has exit status 2 and "
          "sched-sim's message, the other point's report is kept",
          out.returncode == 1 and "point 1: sched-sim exit status 2" in
          out.stderr and len(rows) == 2 and rows[0]["exit_status"] == "0"
          and rows[0]["share:/"] == "1.0" and rows[1]["exit_status"] == "2"
          and "cpus" in rows[1]["message"] and rows[1]["share:/"] == "",
          f"exit {out.returncode}, rows {rows}, stderr {out.stderr!r}")

    # --slurm without --submit: the script, printed, and nothing run
    slurm_dir = os.path.join(tmp, "slurm-print")
    out = sweep(sim, "-o", slurm_dir, "--slurm", "-j", "3",
                "--sbatch-option=--partition=x", *GRID, TRACE)
    ran = os.listdir(os.path.join(slurm_dir, "results")) \
        if out.returncode == 0 else ["?"]
    check("--slurm prints the job array script (0-15, at most 3 at once) "
          "and runs nothing",
          out.returncode == 0 and out.stdout.startswith("#!/bin/sh\n") and
          f"#SBATCH --array=0-{POINTS - 1}%3\n" in out.stdout and
          "#SBATCH --partition=x\n" in out.stdout and
          out.stdout == read(os.path.join(slurm_dir, "sweep.sbatch")) and
          ran == [], f"exit {out.returncode}, results {ran}: {out.stderr}")


def test_slurm(sim, tmp):
    """Run by tests/run-sweep-slurm.sh once its Slurm answers (SLURM_CONF
    set): the grid with parallel, then the same into the same directory
    as a job array; the outputs must be byte-identical.  The directory's
    name holds ` $ ; ' " \\ # and spaces: nothing runs."""
    out_dir = os.path.join(tmp, "sweep " + HOSTILE.replace("\\", ""))
    out = sweep(sim, "-o", out_dir, "-j", "2", *GRID, TRACE)
    if not check("parallel: the grid runs, as the reference for Slurm",
                 out.returncode == 0, out.stderr):
        return
    by_parallel = (read(os.path.join(out_dir, "runs.jsonl")),
                   read(os.path.join(out_dir, "summary.csv")))
    out = sweep(sim, "-o", out_dir, "--force", "--slurm", "--submit",
                *GRID, TRACE, timeout=300)
    if not check("slurm: the grid runs as a job array (--slurm --submit, "
                 "exit 0)", out.returncode == 0,
                 f"exit {out.returncode}: {out.stderr.strip()}"):
        return
    logs = os.listdir(os.path.join(out_dir, "slurm"))
    check(f"slurm: each of the {POINTS} array tasks wrote its Slurm log",
          len(logs) == POINTS, str(sorted(logs)))
    check_grid_output(sim, out_dir, tmp, "slurm")
    check("slurm: runs.jsonl and summary.csv are byte-identical to "
          "parallel's", (read(os.path.join(out_dir, "runs.jsonl")),
                         read(os.path.join(out_dir, "summary.csv")))
          == by_parallel)
    check("slurm: no name in the directory's path was run", not pwned(tmp),
          str(pwned(tmp)))

    # Options after --, per-policy axes, seeds and --junit as a job array:
    # the same files as with parallel
    trace = os.path.join(tmp, "random.json")
    with open(trace, "w") as f:
        json.dump(RANDOM_TRACE, f)
    grid = ["--policy", "cfs-v19,eevdf", "--set",
            "cfs-v19:sched_granularity=1ms,4ms", "--seed", "1,2",
            "--duration", "500ms", trace, "--", "--hz", "1000"]
    files = ("runs.jsonl", "summary.csv", "grid.xml")
    extra = os.path.join(tmp, "extra")
    out = sweep(sim, "-o", extra, "--junit", os.path.join(extra, "grid.xml"),
                *grid)
    by_parallel = [read(os.path.join(extra, name)) for name in files] \
        if out.returncode == 0 else None
    out = sweep(sim, "-o", extra, "--force", "--slurm", "--submit",
                "--junit", os.path.join(extra, "grid.xml"), *grid,
                timeout=300)
    check("slurm: -- options, a policy's axis, seeds and --junit: "
          "runs.jsonl, summary.csv and the JUnit report byte-identical to "
          "parallel's",
          by_parallel is not None and out.returncode == 0 and
          [read(os.path.join(extra, name)) for name in files] == by_parallel
          and '"hz":1000' in by_parallel[0] and "seeds" in by_parallel[1],
          f"exit {out.returncode}: {out.stderr.strip()}")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("parallel", "slurm"):
        print("usage: tests/sweep_test.py parallel|slurm SIMBIN",
              file=sys.stderr)
        return 2
    mode, sim = sys.argv[1], os.path.abspath(sys.argv[2])
    tmp = tempfile.mkdtemp(prefix="sweep-test.")
    os.chmod(tmp, 0o755)     # slurmd's jobs and munge may need to look in
    try:
        (test_parallel if mode == "parallel" else test_slurm)(sim, tmp)
    except Exception as err:          # a crash of the test is one failure
        bad(f"{mode}: the test itself", repr(err))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
