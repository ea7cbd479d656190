#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tests/fuzz/fuzz_tools.py - fuzz the parsers of tools/plot and tools/sweep.

  fuzz_tools.py --target plot-csv|sweep-grid [--seconds S] [--runs N]
                [--seed N] [--out DIR] [--sim PATH]

A small deterministic mutation fuzzer, standard library only (Debian has
no atheris; tools/plot is bash and awk, beyond AFL++'s instrumentation):
seeds, then mutants of them (characters, fields, lines, splices with
other seeds and with strings a shell, awk or gnuplot would act on), from
random.Random(SEED), until S seconds or N executions, whichever comes
first (--runs alone: the same executions on every machine, as make check
runs it through tests/run-fuzz-tools.sh; neither: the regression inputs
only, as tools/fuzz.sh with FUZZ_SECONDS=0).

plot-csv: the whole command, bash tools/plot [--tasks] [--title T]
    in.csv out/p, on a mutated series CSV (the seeds: the CSV of
    tests/run-plot.sh, whose names hold ` $( ; ' " \\, and when SIMBIN is
    there a real series of traces/shares.json, cut to 60 rows), in a fresh
    directory, with TMPDIR inside it.  A finding is: an exit status other
    than 0 or 2; status 2 without a message, or with a line on stderr
    that is not tools/plot's own ("tools/plot: ..."); status 0 without the
    four pictures, or with anything on stderr; a file created anywhere
    but the four pictures (a name run as a command: the payloads touch
    PWNED-N in the current directory), or a temporary file left in TMPDIR;
    a run over 30 s.
sweep-grid: tools/sweep imported as a module (importlib, from its path),
    its grid parsed in-process: parse_args() on a mutated command line,
    then check_no_newline(), build_grid() (sched-sim's tables of policies
    and tunables are SIMBIN's, read once, or a fixed copy without it; the
    trace, mutated too, read from a file) and the first 1000 points of
    points_of().  A finding is any exception other than the tool's own
    input errors, its exit-2 path (GridError, argparse's SystemExit(2)),
    or one call over 5 s.

First the regression inputs of tests/fuzz/regressions/TARGET/ (plot-csv:
NAME.csv and, if there, NAME.args, a JSON list of options; sweep-grid:
NAME.argv, a JSON list of arguments, and NAME.json, the trace) must pass.
Each finding is saved under OUT (default fuzz/out/tools/TARGET) as
finding-N/ (the input, the command line, what went wrong) and printed.
Ends with "fuzz: N runs, K crashes" and "1 passed, 0 failed" or
"0 passed, 1 failed"; exit status 0, 1 (findings) or 2 (usage).
"""

import argparse
import contextlib
import importlib.machinery
import importlib.util
import io
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

# Strings a shell, awk, gnuplot or a parser acts on; each payload that
# runs creates PWNED-N in the current directory.
SPECIAL = ['"', "'", "`", "$", "\\", ",", "\n", "\r", ";", "|", "&", "(",
           ")", "{", "}", "=", "..", "-", "/", "%", "#", "\t", " ", "\x00",
           "\x7f", "\u00e9", "\u2028", "0", "1", "9", "e", "."]
PAYLOADS = ["`touch PWNED-1`", "$(touch PWNED-2)", "\"; system(\"touch PWNED-3\"); \"",
            "'; system('touch PWNED-4'); '", "\\", "\\n", "%s%s%n", "@",
            "\"\"\"", "NaN", "inf", "-inf", "1e999", "-0", "0x10",
            "18446744073709551616", "99999999999999999999999", "",
            "/", "//", "/a/b/c", "-1", "1..3", "0..999999", "=", ",,"]
NUMBERS = ["0", "1", "-1", "0.5", "1e308", "-1e308", "nan", "inf", "",
           "2147483648", "1e-320", "007", "1.0.0", "0..0", "+3"]


class Mutator:
    def __init__(self, rng):
        self.rng = rng

    def text(self, s, others=()):
        """One to four mutations of the string s."""
        r = self.rng
        for _ in range(r.randint(1, 4)):
            op = r.randrange(9)
            pos = r.randint(0, len(s))
            if op == 0 and s:                  # delete a span
                end = min(len(s), pos + r.randint(1, 8))
                s = s[:pos] + s[end:]
            elif op == 1:                      # insert a special character
                s = s[:pos] + r.choice(SPECIAL) + s[pos:]
            elif op == 2:                      # insert a payload
                s = s[:pos] + r.choice(PAYLOADS) + s[pos:]
            elif op == 3 and s:                # replace a character
                i = r.randrange(len(s))
                s = s[:i] + r.choice(SPECIAL) + s[i + 1:]
            elif op == 4 and s:                # duplicate a span
                end = min(len(s), pos + r.randint(1, 40))
                s = s[:end] + s[pos:end] + s[end:]
            elif op == 5 and others:           # splice another input
                o = r.choice(others)
                if o:
                    i = r.randrange(len(o))
                    s = s[:pos] + o[i:i + r.randint(1, 60)] + s[pos:]
            elif op == 6:                      # a number, somewhere
                s = s[:pos] + r.choice(NUMBERS) + s[pos:]
            elif op == 7 and s:                # a digit changed
                digits = [i for i, c in enumerate(s) if c.isdigit()]
                if digits:
                    i = r.choice(digits)
                    s = s[:i] + str(r.randrange(10)) + s[i + 1:]
            elif op == 8 and len(s) > 1:       # truncate
                s = s[:pos]
        return s


# ------------------------------------------------------------ plot-csv

HEADER = ("interval_start_s,interval_end_s,kind,name,group,cpu,cpu_ns,"
          "cpu_share,share,ideal_share,runnable_avg")


def q(s):
    return '"' + s.replace('"', '""') + '"'


def plot_seeds(sim):
    """The CSV of tests/run-plot.sh, a plain one, and a real series."""
    g1 = "/a`touch PWNED-5`"
    g2 = "/b $(touch PWNED-6); touch PWNED-7 'q' \"d\" \\n \\"
    t1 = "t`touch PWNED-8`"
    t2 = "u\"; system(\"touch PWNED-9\"); \"'"
    rows = [HEADER]
    for iv in ("0.000000,0.500000", "0.500000,1.000000"):
        rows += [f"{iv},group,/,,,500000000,1.0,1.0,1.0,2.0",
                 f"{iv},group,{q(g1)},,,250000000,0.5,0.5,0.5,1.0",
                 f"{iv},group,{q(g2)},,,250000000,0.5,0.5,0.5,1.0",
                 f"{iv},task,{q(t1)},{q(g1)},0,250000000,0.5,0.5,0.5,1.0",
                 f"{iv},task,{q(t2)},{q(g2)},0,250000000,0.5,0.5,0.5,1.0",
                 f"{iv},cpu,,,0,500000000,1.0,1.0,,2.0",
                 f"{iv},cpu_group,,{q(g1)},0,250000000,0.5,0.5,,1.0",
                 f"{iv},cpu_group,,{q(g2)},0,250000000,0.5,0.5,,1.0"]
    seeds = ["\n".join(rows) + "\n"]
    rows = [HEADER]
    for k in range(3):
        iv = f"{k / 10:.6f},{(k + 1) / 10:.6f}"
        rows += [f"{iv},machine,machine,,,100000000,1.000000,,,2.000000",
                 f"{iv},group,/,/,,100000000,1.000000,1.000000,1.000000,2.000000",
                 f"{iv},task,t-2,/,,50000000,0.500000,0.500000,,1.000000",
                 f"{iv},task,t-10,/,,50000000,0.500000,0.500000,0.500000,1.000000",
                 f"{iv},cpu,cpu1,,1,100000000,1.000000,,,2.000000"]
    seeds.append("\n".join(rows) + "\n")
    trace = os.path.join(ROOT, "traces", "shares.json")
    if sim and os.path.isfile(trace):
        try:
            out = subprocess.run([sim, "--series", "100ms", "--series-out",
                                  "/dev/stdout", trace],
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True,
                                 timeout=30)
            lines = [x for x in out.stdout.splitlines()
                     if x.startswith(("interval_start_s", "0."))]
            if lines and lines[0] == HEADER:
                seeds.append("\n".join(lines[:61]) + "\n")
        except (OSError, subprocess.SubprocessError):
            pass
    return seeds


def mutate_csv(m, seed, others):
    r = m.rng
    lines = seed.split("\n")
    body = lines[1:]
    for _ in range(r.randint(1, 4)):
        op = r.randrange(8)
        if op <= 2 and body:                 # mutate a row's text
            i = r.randrange(len(body))
            body[i] = m.text(body[i], others)
        elif op == 3 and body:               # a field replaced
            i = r.randrange(len(body))
            f = body[i].split(",")
            j = r.randrange(len(f))
            f[j] = r.choice(PAYLOADS + NUMBERS +
                            ["group", "task", "cpu", "cpu_group", "machine"])
            body[i] = ",".join(f)
        elif op == 4 and body:               # a row deleted or doubled
            i = r.randrange(len(body))
            if r.random() < 0.5:
                del body[i]
            else:
                body.insert(i, body[i])
        elif op == 5 and body:               # rows swapped
            i, j = r.randrange(len(body)), r.randrange(len(body))
            body[i], body[j] = body[j], body[i]
        elif op == 6:                        # the header mutated (rarely)
            if r.random() < 0.2:
                lines[0] = m.text(lines[0], others)
        elif op == 7:                        # CRLF line ends, or no last \n
            if r.random() < 0.5:
                body = [x + "\r" for x in body]
            elif body and body[-1] == "":
                body.pop()
    return "\n".join([lines[0]] + body)


def plot_input(m, seeds):
    r = m.rng
    base = r.choice(seeds)
    csv_text = base if r.random() < 0.05 else mutate_csv(m, base, seeds)
    args = []
    if r.random() < 0.3:
        args.append("--tasks")
    if r.random() < 0.3:
        args += ["--title", m.text(r.choice(["T", "a `b` $(c) 'd' \"e\""]),
                                   PAYLOADS)]
    if r.random() < 0.2:
        args += ["--label", m.text("A", PAYLOADS)]
    if r.random() < 0.3:
        # two series: the CSV against itself (a last word in.csv is the
        # first series, then plot_run's in.csv the second)
        args.append("in.csv")
    # a command line cannot hold a NUL byte
    return csv_text, [a.replace("\x00", "") for a in args]


def plot_run(csv_text, args, work):
    """Runs tools/plot; None, or what went wrong."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "out"))
    os.makedirs(os.path.join(work, "tmp"))
    with open(os.path.join(work, "in.csv"), "w", encoding="utf-8",
              errors="surrogateescape", newline="") as f:
        f.write(csv_text)
    env = dict(os.environ, TMPDIR=os.path.join(work, "tmp"), LC_ALL="C")
    cmd = ["bash", os.path.join(ROOT, "tools", "plot")] + args + \
        ["in.csv", "out/p"]
    try:
        p = subprocess.run(cmd, cwd=work, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=30)
    except subprocess.TimeoutExpired:
        return "over 30 s"
    err = p.stderr.decode("utf-8", "replace")
    pictures = {"p-shares.png", "p-shares.svg", "p-cpus.png", "p-cpus.svg"}
    problems = []
    stray = []
    for d, _, files in os.walk(work):
        rel = os.path.relpath(d, work)
        for f in files:
            path = os.path.normpath(os.path.join(rel, f))
            if path == "in.csv" or (rel == "out" and f in pictures):
                continue
            stray.append(path)
    if stray:
        problems.append("files created outside the pictures: " +
                        ", ".join(sorted(stray)[:5]))
    if p.returncode == 0:
        made = set(os.listdir(os.path.join(work, "out")))
        if made != pictures or any(
                os.path.getsize(os.path.join(work, "out", f)) == 0
                for f in made):
            problems.append(f"exit 0 but out/ holds {sorted(made)}")
        if err.strip():
            problems.append("exit 0 with messages on stderr")
    elif p.returncode == 2:
        # lines as the terminal shows them (splitlines() would also cut
        # at \v, \f, \x1c-\x1e, \x85, U+2028 quoted from the CSV)
        lines = [x for x in err.split("\n") if x.strip()]
        if not lines:
            problems.append("exit 2 without a message")
        elif any(not x.startswith("tools/plot: ") for x in lines):
            problems.append("exit 2 with a message not tools/plot's own")
    else:
        problems.append(f"exit status {p.returncode}")
    if not problems:
        return None
    return "; ".join(problems) + "\n--- stderr:\n" + err[-3000:]


# ------------------------------------------------------------ sweep-grid

FIXED_POLICIES = ["cfs-v19", "cfs-2.6.24", "eevdf", "rr"]
FIXED_TUNABLES = {"sched_granularity": "duration",
                  "sched_wakeup_granularity": "duration",
                  "sched_features": "integer",
                  "sched_child_runs_first": "integer",
                  "sched_min_granularity": "duration"}

SWEEP_ARGV = [
    ["--policy", "cfs-v19", "--cpus", "1,2,4", "--seed", "1..10",
     "--set", "sched_granularity=1ms,2ms,4ms"],
    ["--shares", "/gold=512,1024,2048"],
    ["--slurm", "--cpus", "1,2"],
    ["--group-sched", "on,off", "--duration", "10s,60s", "-j", "2"],
    ["--set", "sched_features=-1,0,31", "--seed", "1..3,8",
     "--per-task", "2", "--slurm", "--sbatch-option=--partition=short"],
    ["--policy", "cfs-v19,eevdf", "--group-sched", "off",
     "--shares", "/users=2,262144", "--shares", "/admins=1024"],
    ["-j", "50%", "--sshloginfile", "hosts", "--cpus", "8"],
    ["--collect"],
    ["--policy", "cfs-v19,eevdf", "--set", "cfs-v19:sched_granularity=1ms,2ms",
     "--set", "eevdf:sched_wakeup_granularity=3ms", "--seed", "1..3",
     "--junit", "grid.xml", "--", "--hz", "1000", "--no-expect",
     "--series", "100ms", "--set=sched_features=1"],
    ["--cpus", "1,2", "--", "--online-cpus", "4", "--expect", "/gold=0.5"],
]
SWEEP_TRACES = [
    {"sched-sim": 1, "name": "s", "duration": "1s",
     "groups": [{"path": "/gold", "shares": 1024},
                {"path": "/users", "shares": 1024},
                {"path": "/admins"}],
     "tasks": [{"name": "a", "group": "/gold", "program": [{"run": "1ms"}]}]},
    {"sched-sim": 1, "scheduler": {"group_sched": False}, "tasks": []},
]


def load_sweep():
    path = os.path.join(ROOT, "tools", "sweep")
    loader = importlib.machinery.SourceFileLoader("sweep_under_fuzz", path)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def sweep_tables(mod, sim):
    """sched-sim's policies and tunables: SIMBIN's, or a fixed copy."""
    if sim and os.access(sim, os.X_OK):
        try:
            policies = mod.compiled_policies(sim)
            tables = {p: mod.policy_tunables(sim, p) for p in policies}
            if policies:
                return policies, tables
        except Exception:       # the real tool would say; not our input
            pass
    return FIXED_POLICIES, {p: dict(FIXED_TUNABLES) for p in FIXED_POLICIES}


def sweep_seeds():
    seeds = []
    for argv in SWEEP_ARGV:
        for t in SWEEP_TRACES:
            seeds.append((list(argv), json.dumps(t, indent=1)))
    shares = os.path.join(ROOT, "traces", "shares.json")
    if os.path.isfile(shares):
        with open(shares, encoding="utf-8") as f:
            seeds.append((["--shares", "/users=512,1024", "--cpus", "1..4"],
                          f.read()))
    return seeds


def sweep_input(m, seeds, words):
    r = m.rng
    argv, trace = r.choice(seeds)
    argv = list(argv)
    for _ in range(r.randint(1, 3)):
        op = r.randrange(7)
        if op <= 2 and argv:                 # a word's text
            i = r.randrange(len(argv))
            argv[i] = m.text(argv[i], words)
        elif op == 3:                        # a word from elsewhere
            argv.insert(r.randint(0, len(argv)), r.choice(words))
        elif op == 4 and argv:               # a word dropped
            del argv[r.randrange(len(argv))]
        elif op == 5:                        # an option of another seed
            other = r.choice(seeds)[0]
            if other:
                i = r.randrange(len(other))
                argv[r.randint(0, len(argv)):0] = other[i:i + 2]
        elif op == 6:                        # the trace
            texts = [t for _, t in seeds]
            trace = m.text(trace, texts) if r.random() < 0.6 else \
                mutate_json(r, trace)
    # a command line cannot hold a NUL byte
    return [a.replace("\x00", "") for a in argv], trace


def mutate_json(r, text):
    """A value of the trace replaced by one of another type."""
    try:
        doc = json.loads(text)
    except ValueError:
        return text
    values = [None, True, 0, -1, 1.5, "x", "/gold", [], {}, [1], ["/gold"],
              {"path": 1}, [{"path": None}], 1e308]
    targets = [doc]
    nodes = []
    while targets:
        node = targets.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                nodes.append((node, k))
                targets.append(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                nodes.append((node, i))
                targets.append(v)
    if nodes and r.random() < 0.9:
        parent, key = r.choice(nodes)
        parent[key] = r.choice(values)
    else:
        doc = r.choice(values)
    return json.dumps(doc)


def sweep_run(mod, argv, trace, work):
    """Parses the grid in-process; None, or what went wrong."""
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "trace.json")
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(trace)
    # -o and the trace go before the options for sched-sim (after --)
    cut = argv.index("--") if "--" in argv else len(argv)
    full = argv[:cut] + ["-o", os.path.join(work, "sweep")]
    if "--collect" not in argv:
        full.append(path)
    full += argv[cut:]
    sink = io.StringIO()
    start = time.monotonic()
    try:
        with contextlib.redirect_stderr(sink), \
                contextlib.redirect_stdout(sink):
            opts = mod.parse_args(full)
            if not opts.collect:
                mod.check_no_newline(opts)
                mod.check_sim_args(opts)
                axes, _ = mod.build_grid(opts, "sched-sim")
                for _ in itertools.islice(mod.points_of(axes), 1000):
                    pass
    except mod.GridError as err:
        if not str(err):
            return "GridError without a message"
    except SystemExit as err:
        # 2: a usage error; 0: --help, or -h alone or first in a cluster
        # of short options (-hj), which prints the usage
        if err.code != 2 and not (
                err.code == 0 and sink.getvalue().startswith("usage:") and
                any(a == "--help" or (a.startswith("-h") and
                                      not a.startswith("--"))
                    for a in full)):
            return f"SystemExit({err.code!r})\n" + sink.getvalue()[-2000:]
    except Exception:                       # noqa: BLE001 - the finding
        return traceback.format_exc()
    if time.monotonic() - start > 5:
        return f"slow: {time.monotonic() - start:.1f} s"
    return None


# ------------------------------------------------------------ driver

def main():
    ap = argparse.ArgumentParser(prog="fuzz_tools.py")
    ap.add_argument("--target", required=True,
                    choices=["plot-csv", "sweep-grid"])
    ap.add_argument("--seconds", type=float, default=0,
                    help="stop after this long (0: no bound)")
    ap.add_argument("--runs", type=int, default=0,
                    help="stop after this many executions (0: no bound; "
                         "both 0: the regression inputs only)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--sim")
    opts = ap.parse_args()
    out = os.path.abspath(opts.out or os.path.join(
        ROOT, "fuzz", "out", "tools", opts.target))
    os.makedirs(out, exist_ok=True)
    sim = opts.sim
    if not sim:
        default = os.path.join(ROOT, "build", "sched-sim")
        sim = default if os.access(default, os.X_OK) else None
    rng = random.Random(opts.seed)
    m = Mutator(rng)
    work = os.path.join(out, "work")

    if opts.target == "plot-csv":
        seeds = plot_seeds(sim)
        queue = [(s, []) for s in seeds]

        def one():
            if queue:
                return queue.pop(0)
            return plot_input(m, seeds)

        def run(inp):
            return plot_run(inp[0], inp[1], work)

        def save(d, inp):
            with open(os.path.join(d, "in.csv"), "w", encoding="utf-8",
                      errors="surrogateescape", newline="") as f:
                f.write(inp[0])
            with open(os.path.join(d, "args"), "w") as f:
                f.write(json.dumps(inp[1]) + "\n")
    else:
        mod = load_sweep()
        policies, tables = sweep_tables(mod, sim)
        mod.compiled_policies = lambda _sim: list(policies)
        mod.policy_tunables = lambda _sim, p: dict(tables.get(p, {}))
        seeds = sweep_seeds()
        words = sorted({w for a, _ in seeds for w in a} |
                       set(policies) | {t + "=1,2" for p in tables
                                        for t in tables[p]} |
                       {"--force", "--submit", "--per-task", "--jobs"})
        queue = list(seeds)

        def one():
            if queue:
                return queue.pop(0)
            return sweep_input(m, seeds, words)

        def run(inp):
            return sweep_run(mod, inp[0], inp[1], work)

        def save(d, inp):
            with open(os.path.join(d, "trace.json"), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(inp[1])
            with open(os.path.join(d, "argv"), "w") as f:
                f.write(json.dumps(inp[0]) + "\n")

    # The regression inputs first (tests/fuzz/regressions/TARGET/: NAME.csv
    # and NAME.args for plot-csv, NAME.argv and NAME.json for sweep-grid)
    regressions = []
    regdir = os.path.join(ROOT, "tests", "fuzz", "regressions", opts.target)
    if os.path.isdir(regdir):
        for name in sorted(os.listdir(regdir)):
            stem, ext = os.path.splitext(name)
            path = os.path.join(regdir, stem)
            if opts.target == "plot-csv" and ext == ".csv":
                args = []
                if os.path.isfile(path + ".args"):
                    with open(path + ".args") as f:
                        args = json.load(f)
                with open(path + ".csv", encoding="utf-8",
                          errors="surrogateescape", newline="") as f:
                    regressions.append((name, (f.read(), args)))
            elif opts.target == "sweep-grid" and ext == ".argv":
                with open(path + ".argv") as f:
                    argv = json.load(f)
                with open(path + ".json", encoding="utf-8",
                          errors="surrogateescape") as f:
                    regressions.append((name, (argv, f.read())))
    regress_failed = 0
    for name, inp in regressions:
        what = run(inp)
        if what is None:
            print(f"ok   {os.path.join(regdir, name)}")
        else:
            regress_failed += 1
            print(f"FAIL {os.path.join(regdir, name)}:")
            for line in what.strip().splitlines()[-12:]:
                print("  | " + line)

    start = time.monotonic()
    runs = 0
    findings = []
    seen = set()
    while opts.seconds > 0 or opts.runs > 0:
        if opts.runs and runs >= opts.runs:
            break
        if opts.seconds and time.monotonic() - start >= opts.seconds:
            break
        inp = one()
        runs += 1
        what = run(inp)
        if what is None:
            continue
        # one finding per distinct first line of what went wrong
        key = what.strip().splitlines()[-1] if what.strip() else what
        key = re.sub(r"tmp\.\w+|[0-9]+", "N", key)
        if key in seen:
            continue
        seen.add(key)
        d = os.path.join(out, f"finding-{len(findings) + 1}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        save(d, inp)
        with open(os.path.join(d, "what"), "w") as f:
            f.write(what)
        findings.append(d)
        print(f"FINDING {d} (run {runs}):")
        for line in what.strip().splitlines()[-12:]:
            print("  | " + line)
    shutil.rmtree(work, ignore_errors=True)
    print(f"{opts.target}: {runs} executions in "
          f"{time.monotonic() - start:.1f}s, seed {opts.seed}, "
          f"{len(findings)} findings (in {out})")
    print(f"fuzz: {runs} runs, {len(findings) + regress_failed} crashes")
    if findings or regress_failed:
        print("0 passed, 1 failed")
        return 1
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
