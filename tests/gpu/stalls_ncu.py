#!/usr/bin/env python3
"""stalls_ncu.py RESULTS PCS NCU_CSV - where warps wait: culab against Nsight Compute.
stalls_ncu.py --self-test - the comparison on a made-up run (make test-long).

RESULTS  culab's results.json of a run with counters per source line and
         where warps wait sampled (CULAB_STALLS=on): per kernel function,
         per line, the samples by state (the stall_* metrics).
PCS      the lines of each instruction, as culab's per-line children
         wrote them with CULAB_LINES_PCS (symbol, pc offset, file, line).
NCU_CSV  `ncu --page source --print-source sass --csv` of the same kernels
         (Nsight Compute's WarpStateStats and SourceCounters sections):
         per SASS address the stall_* samples of its warps.

Per kernel function with at least MIN_SAMPLES of culab's samples: its
line with the most samples (the line the report names), the most common
state there and its share of the line's samples, on each side; Nsight
Compute's samples are put on lines through PCS (the offset of an address
from the function's first).  The same top state at every compared line,
its share at most TOLERANCE points apart, and at least MIN_KERNELS
compared: exit 0; otherwise 1 (2: unusable input).  The tolerance is the
probe's (reports/probes/pc-sampling/: the shares up to 17 points apart
at the same top reason, CUPTI's lower where long scoreboard leads).
"""
import collections
import csv
import gzip
import json
import re
import shutil
import subprocess
import sys

MIN_SAMPLES = 200      # the report's (src/report/report_stalls.c)
MIN_NCU = 20           # Nsight Compute's samples at the line, at least
TOLERANCE = 20.0       # points of share
MIN_KERNELS = 10

# Nsight Compute's short state names to CUPTI's (culab's stall_* metrics)
ALIAS = {"long_sb": "long_scoreboard", "short_sb": "short_scoreboard",
         "lg": "lg_throttle", "mio": "mio_throttle",
         "math": "math_pipe_throttle", "tex": "tex_throttle",
         "imc": "imc_miss", "dispatch": "dispatch_stall",
         "no_inst": "no_instructions", "sleep": "sleeping",
         "branch": "branch_resolving"}


def die(msg):
    print("stalls_ncu: " + msg, file=sys.stderr)
    sys.exit(2)


def read_text(path):
    """The whole file at path as text, gunzipped when its name ends .gz
    (the recorded inputs under reports/gpu-tests/ are kept so); exit 2
    when it cannot be read."""
    try:
        with (gzip.open(path, "rt", newline="") if path.endswith(".gz")
              else open(path, newline="")) as f:
            return f.read()
    except (OSError, EOFError, UnicodeDecodeError) as e:
        die("%s: %s" % (path, e))


def culab_lines(path):
    """{symbol: (kernel, {(file, line): Counter(state -> samples)})}"""
    try:
        r = json.loads(read_text(path))
    except ValueError as e:
        die("%s: %s" % (path, e))
    out = {}
    for row in r.get("rows", []):
        l = row.get("lines")
        if not l or l.get("status") or not l.get("kernels"):
            continue
        names = l.get("metrics", [])
        cols = [(i, n[6:]) for i, n in enumerate(names)
                if n.startswith("stall_")]
        if not cols:
            continue
        for k in l["kernels"]:
            sym = k.get("symbol") or k.get("kernel")
            per = out.setdefault(sym, (k.get("kernel", sym), {}))[1]
            for ln in k.get("lines", []):
                if not ln.get("file"):
                    continue
                c = per.setdefault((ln["file"], ln["line"]),
                                   collections.Counter())
                v = ln.get("values", [])
                for i, state in cols:
                    if i < len(v) and isinstance(v[i], (int, float)) and v[i]:
                        c[state] += v[i]
    return out


def pc_lines(path):
    """{symbol: {pc: (file, line)}}"""
    out = collections.defaultdict(dict)
    try:
        for l in read_text(path).splitlines():
            f = l.split("\t")
            if len(f) == 4 and f[2] != "-":
                out[f[0]][int(f[1])] = (f[2], int(f[3]))
    except ValueError as e:
        die("%s: %s" % (path, e))
    return out


def ncu_pcs(path):
    """{kernel name: Counter((pc, state) -> samples)}, every launch added"""
    out = collections.defaultdict(collections.Counter)
    k = hdr = base = None
    for row in csv.reader(read_text(path).splitlines()):
        if not row:
            continue
        if row[0] == "Kernel Name":
            k, hdr, base = row[1], None, None
            continue
        if row[0] == "Address":
            hdr = row
            continue
        if hdr is None or k is None:
            continue
        rec = dict(zip(hdr, row))
        try:
            a = int(rec["Address"], 16)
        except (KeyError, ValueError):
            continue
        base = a if base is None else base
        for h in hdr:
            if not h.startswith("stall_") or "Not Issued" in h:
                continue
            try:
                v = int(rec[h])
            except ValueError:
                continue
            if v:
                state = h[6:].strip()
                out[k][(a - base, ALIAS.get(state, state))] += v
    return out


def demangled(symbols):
    """{symbol: its demangled name} through c++filt, where there is one"""
    symbols = list(symbols)
    tool = shutil.which("c++filt")
    if not tool or not symbols:
        return {s: s for s in symbols}
    p = subprocess.run([tool], input="\n".join(symbols) + "\n",
                       capture_output=True, text=True)
    names = p.stdout.split("\n")
    return {s: (names[i] if i < len(names) and names[i] else s)
            for i, s in enumerate(symbols)}


def base_name(name):
    """'void f<float>(const float *, ...)' -> 'f<float>'"""
    name = re.sub(r"^void ", "", name.strip())
    depth = 0
    for i, ch in enumerate(name):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            return name[:i].strip()
    return name


def match(symbols, ncu_names):
    """{symbol: ncu kernel name}: the mangled name itself, else its
    demangled name or that name's base, where only one kernel has it"""
    dm = demangled(symbols)
    by = collections.defaultdict(list)
    for n in ncu_names:
        by[n].append(n)
        by[base_name(n)].append(n)
    out = {}
    for s in symbols:
        for key in (s, dm[s], base_name(dm[s])):
            if len(set(by.get(key, []))) == 1:
                out[s] = by[key][0]
                break
    return out


def top(c):
    t = c.most_common(1)[0]
    return t[0], 100.0 * t[1] / sum(c.values())


def main():
    if len(sys.argv) != 4:
        die("usage: stalls_ncu.py RESULTS PCS NCU_CSV")
    ours = culab_lines(sys.argv[1])
    lines = pc_lines(sys.argv[2])
    theirs = ncu_pcs(sys.argv[3])
    if not ours:
        die("%s: no row with where warps wait" % sys.argv[1])
    if not theirs:
        die("%s: no kernel with stall_* samples" % sys.argv[3])
    names = match(ours.keys(), theirs.keys())
    same = compared = 0
    worst = 0.0
    bad = []
    for sym in sorted(ours, key=lambda s: ours[s][0]):
        kernel, per = ours[sym]
        total = sum(sum(c.values()) for c in per.values())
        if total < MIN_SAMPLES:
            print("%s: %d samples, too few to compare" % (kernel, total))
            continue
        if sym not in names:
            # a library's kernels under names ncu prints otherwise
            print("%s: not found by name on Nsight Compute's page" % kernel)
            continue
        at = max(per, key=lambda fl: sum(per[fl].values()))
        ours_at = sum(per[at].values())
        line_of = lines.get(sym, {})
        q = collections.Counter()
        for (pc, state), v in theirs[names[sym]].items():
            if line_of.get(pc) == at:
                q[state] += v
        theirs_at = sum(q.values())
        ts, tp = top(per[at])
        if theirs_at < MIN_NCU:
            print("%s: line %s:%d: culab %s %.0f %% of %d; Nsight Compute"
                  " %d samples there, too few to compare"
                  % (kernel, at[0], at[1], ts, tp, ours_at, theirs_at))
            continue
        qs, qp = top(q)
        compared += 1
        ok = ts == qs and abs(tp - qp) <= TOLERANCE
        if ts == qs:
            same += 1
            worst = max(worst, abs(tp - qp))
        if not ok:
            bad.append(kernel)
        print("%s: line %s:%d: culab %s %.0f %% of %d; Nsight Compute %s"
              " %.0f %% of %d%s" % (kernel, at[0], at[1], ts, tp, ours_at,
                                   qs, qp, theirs_at, "" if ok else "  <--"))
    print("same top state at %d of %d busiest lines; its share at most "
          "%.0f points apart (tolerance %.0f)" % (same, compared, worst,
                                                  TOLERANCE))
    if compared < MIN_KERNELS:
        print("VERDICT: too few compared (%d, at least %d)"
              % (compared, MIN_KERNELS))
        return 1
    if bad:
        print("VERDICT: differ at " + ", ".join(bad))
        return 1
    print("VERDICT: equal")
    return 0


def self_test():
    """A made-up run of 11 kernels and its Nsight Compute page: equal;
    one kernel whose busiest line ncu finds in another state: differs;
    a page of 9 kernels: too few.  Each parsing rule is exercised: a
    mangled symbol found by its demangled base name, ncu's short state
    names, the Not Issued columns left out, two launches of a kernel
    added."""
    import contextlib
    import io
    import os
    import tempfile

    names = ["stall_long_scoreboard", "stall_barrier"]
    syms = ["k%d" % i for i in range(10)] + ["_Z6kernelPf"]

    def write(d, ncu_syms, odd=None):
        rows = []
        for s in syms:
            lines = [{"file": "a.cu", "line": 10, "values": [900, 100]},
                     {"file": "a.cu", "line": 20, "values": [50, 250]}]
            rows.append({"lines": {"metrics": names, "kernels": [
                {"kernel": s, "symbol": s, "lines": lines}]}})
        json.dump({"rows": rows}, open(d + "/r.json", "w"))
        with open(d + "/pcs.tsv", "w") as f:
            for s in syms:
                f.write("%s\t0\ta.cu\t10\n%s\t16\ta.cu\t10\n"
                        "%s\t32\ta.cu\t20\n" % (s, s, s))
        with open(d + "/ncu.csv", "w") as f:
            for s in ncu_syms:
                shown = "kernel(float*)" if s.startswith("_Z") else s
                a, b = ("barrier", "long_sb") if s == odd else \
                       ("long_sb", "barrier")
                for launch in range(2):
                    f.write('"Kernel Name","%s",\n' % shown)
                    f.write('"Address","Source","stall_%s",'
                            '"stall_%s (Not Issued)","stall_%s"\n'
                            % (a, a, b))
                    f.write('"0x7f00","LD","30","999","3"\n'
                            '"0x7f10","LD","15","999","2"\n'
                            '"0x7f20","BAR","1","0","40"\n')

    def run(d):
        out = io.StringIO()
        old = sys.argv
        sys.argv = ["stalls_ncu.py", d + "/r.json", d + "/pcs.tsv",
                    d + "/ncu.csv"]
        try:
            with contextlib.redirect_stdout(out):
                rc = main()
        finally:
            sys.argv = old
        return rc, out.getvalue()

    fails = 0
    with tempfile.TemporaryDirectory() as d:
        for what, ncu_syms, odd, want_rc, want in (
                ("equal", syms, None, 0, "VERDICT: equal"),
                ("one differs", syms, "k3", 1, "VERDICT: differ at k3\n"),
                ("too few", syms[:9], None, 1,
                 "VERDICT: too few compared (9, at least 10)")):
            write(d, ncu_syms, odd)
            rc, printed = run(d)
            ok = rc == want_rc and want in printed
            if what == "equal":
                ok = ok and "_Z6kernelPf: line a.cu:10: " in printed \
                    and "long_scoreboard 90 % of 1000; Nsight Compute " \
                        "long_scoreboard 90 % of 100" in printed
            print("%s: %s" % ("ok" if ok else "FAIL", what))
            if not ok:
                fails += 1
                print(printed)
    print("stalls_ncu self-test: %d checks passed, %d failed"
          % (3 - fails, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main())
