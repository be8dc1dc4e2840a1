#!/usr/bin/env python3
"""compare.py OUTDIR - joins the sanitizer probe's per-pc counts with CUPTI's
SASS metrics by (kernel, pc offset) and says, per kernel and metric, whether
they are equal; then what each costs.  Reads what run.sh wrote in OUTDIR:

  sanitizer.tsv (or sanitizer-eager.tsv)  one process, every kernel
  cupti-KERNEL.tsv                        one process per kernel
  *-times.tsv, walls.tsv                  times
  probe.sass (optional)                   cuobjdump -sass, to name opcodes

Rows: kernel <TAB> pc <TAB> metric <TAB> value (rows of one key are added).
Prints a report and VERDICT lines; exit 0 whenever it could read the files.
"""
import collections
import glob
import os
import re
import sys

# (sanitizer metric, CUPTI metric, which pcs are compared)
#   patched: the pcs the sanitizer patched (it sees no other instruction)
#   union:   every pc where either side counted something
#   none:    the patching API has no instrumentation point for it
PAIRS = [
    ("warp_inst", "smsp__sass_inst_executed", "patched"),
    ("threads", "smsp__sass_thread_inst_executed", "patched"),
    ("threads", "smsp__sass_thread_inst_executed_pred_on", "patched"),
    ("global_ld_requests", "smsp__sass_inst_executed_op_global_ld", "union"),
    ("global_st_requests", "smsp__sass_inst_executed_op_global_st", "union"),
    ("global_sectors", "smsp__sass_sectors_mem_global", "union"),
    ("global_sectors_ideal", "smsp__sass_sectors_mem_global_ideal", "union"),
    ("shared_ld_requests", "smsp__sass_inst_executed_op_shared_ld", "union"),
    ("shared_st_requests", "smsp__sass_inst_executed_op_shared_st", "union"),
    ("shared_wavefronts", "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared", "union"),
    ("shared_wavefronts_ideal",
     "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal", "union"),
    ("local_ld_requests", "smsp__sass_inst_executed_op_local_ld", "union"),
    ("local_st_requests", "smsp__sass_inst_executed_op_local_st", "union"),
    (None, "smsp__sass_branch_targets", "none"),
    (None, "smsp__sass_branch_targets_threads_uniform", "none"),
    (None, "smsp__sass_branch_targets_threads_divergent", "none"),
]


def read_rows(path):
    """{(kernel, pc): {metric: value}} from a rows file."""
    out = collections.defaultdict(lambda: collections.defaultdict(int))
    with open(path) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) != 4:
                continue
            try:
                out[(p[0], int(p[1]))][p[2]] += int(p[3])
            except ValueError:
                continue
    return out


def read_times(paths):
    """{(mode, kernel, what): value-as-text}"""
    t = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) == 4:
                    t[(p[0], p[1], p[2])] = p[3]
    return t


def read_sass(path):
    """{(kernel, pc): opcode} from cuobjdump -sass output."""
    ops, fn = {}, None
    if not os.path.exists(path):
        return ops
    fre = re.compile(r"^\s*Function : (\S+)")
    ire = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)")
    with open(path, errors="replace") as f:
        for line in f:
            m = fre.match(line)
            if m:
                fn = m.group(1)
                continue
            m = ire.search(line)
            if m and fn:
                ops[(fn, int(m.group(1), 16))] = m.group(2)
    return ops


def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def main():
    if len(sys.argv) != 2:
        print("usage: compare.py OUTDIR", file=sys.stderr)
        return 2
    d = sys.argv[1]
    san_path = os.path.join(d, "sanitizer.tsv")
    eager = os.path.join(d, "sanitizer-eager.tsv")
    if (not os.path.exists(san_path) or os.path.getsize(san_path) == 0) and \
            os.path.exists(eager) and os.path.getsize(eager) > 0:
        san_path = eager
    san = read_rows(san_path) if os.path.exists(san_path) else {}
    cupti = {}
    cfiles = [p for p in sorted(glob.glob(os.path.join(d, "cupti-*.tsv")))
              if not p.endswith("-times.tsv")]
    for p in cfiles:
        cupti.update(read_rows(p))
    times = read_times(glob.glob(os.path.join(d, "*times.tsv")))
    ops = read_sass(os.path.join(d, "probe.sass"))
    walls = {}
    wp = os.path.join(d, "walls.tsv")
    if os.path.exists(wp):
        with open(wp) as f:
            for line in f:
                p = line.split()
                if len(p) >= 3:
                    walls[(p[0], p[1])] = (p[2], p[3] if len(p) > 3 else "?")

    kernels = sorted({k for k, _ in san} | {k for k, _ in cupti})
    print("== counts from %s and %d CUPTI rows files" %
          (os.path.basename(san_path), len(cfiles)))
    if not kernels:
        print("VERDICT: NO DATA (neither mode wrote rows)")
        return 0
    per_metric = collections.defaultdict(list)    # CUPTI metric -> verdicts
    for k in kernels:
        spcs = {pc for kk, pc in san if kk == k}
        cpcs = {pc for kk, pc in cupti if kk == k}
        print("\n-- %s: sanitizer %d pcs, CUPTI %d pcs" % (k, len(spcs), len(cpcs)))
        if not spcs or not cpcs:
            print("   %s side has no rows for this kernel" %
                  ("sanitizer" if not spcs else "CUPTI"))
        # coverage: which executed instructions the patches can see at all
        ex = {pc: cupti[(k, pc)].get("smsp__sass_inst_executed", 0) for pc in cpcs}
        ex = {pc: v for pc, v in ex.items() if v}
        cov = [pc for pc in ex if pc in spcs]
        tot = sum(ex.values())
        if ex:
            print("   coverage: %d of %d executed pcs patched, %.1f %% of %d warp "
                  "instructions" % (len(cov), len(ex),
                                    100.0 * sum(ex[p] for p in cov) / tot if tot else 0, tot))
            unseen = collections.Counter(ops.get((k, pc), "?").split(".")[0]
                                         for pc in ex if pc not in spcs)
            if ops:
                print("   not patched, by opcode: " +
                      ", ".join("%s %d" % kv for kv in unseen.most_common(12)))
        extra = sorted(spcs - cpcs)
        if extra and cpcs:
            print("   pcs only the sanitizer has: %s" %
                  " ".join("0x%x" % p for p in extra[:8]))
        for smet, cmet, scope in PAIRS:
            short = cmet.replace("smsp__sass_", "")
            if scope == "none":
                cp = [pc for pc in cpcs if cupti[(k, pc)].get(cmet, 0)]
                ct = sum(cupti[(k, pc)].get(cmet, 0) for pc in cpcs)
                v = "NOT INSTRUMENTABLE (no patch point; CUPTI %d at %d pcs)" % (ct, len(cp))
                print("   %-44s %s" % (short, v))
                per_metric[cmet].append("n/a")
                continue
            if scope == "patched":
                pcs = sorted(spcs)
            else:
                pcs = sorted(pc for pc in spcs | cpcs
                             if san.get((k, pc), {}).get(smet, 0) or
                             cupti.get((k, pc), {}).get(cmet, 0))
            if not pcs or not cpcs or not spcs:
                print("   %-44s NO DATA" % short)
                per_metric[cmet].append("nodata")
                continue
            agree, worst, st, ct = 0, None, 0, 0
            for pc in pcs:
                a = san.get((k, pc), {}).get(smet, 0)
                b = cupti.get((k, pc), {}).get(cmet, 0)
                st += a
                ct += b
                if a == b:
                    agree += 1
                elif worst is None or abs(a - b) > abs(worst[1] - worst[2]):
                    worst = (pc, a, b)
            if agree == len(pcs):
                v = "EQUAL (%d pcs, total %d)" % (len(pcs), st)
                per_metric[cmet].append("equal")
            else:
                pc, a, b = worst
                v = ("DIFFERENT (%d of %d pcs agree; totals sanitizer %d, CUPTI %d; "
                     "largest at 0x%x %s: %d vs %d)" %
                     (agree, len(pcs), st, ct, pc, ops.get((k, pc), ""), a, b))
                per_metric[cmet].append("different")
            print("   %-44s %s" % (short + " <- " + smet, v))

    print("\n== cost")
    print("   %-16s %12s %12s %8s %12s %14s %10s" %
          ("kernel", "unpatched ms", "patched ms", "ratio", "plain ms*", "1st launch s",
           "cupti s**"))
    for k in kernels:
        u = num(times.get(("sanitizer", k, "unpatched_ms")))
        p = num(times.get(("sanitizer", k, "patched_ms")))
        pl = num(times.get(("cupti", k, "plain_ms")))
        fl = num(times.get(("sanitizer", k, "first_launch_s")))
        cl = num(times.get(("cupti", k, "collected_launch_s")))
        ratio = "%.1fx" % (p / u) if p and u else "?"
        f = lambda x, fmt: fmt % x if x is not None else "?"
        print("   %-16s %12s %12s %8s %12s %14s %10s" %
              (k, f(u, "%.5f"), f(p, "%.5f"), ratio, f(pl, "%.5f"), f(fl, "%.4f"),
               f(cl, "%.4f")))
    print("   * plain: the kernel in its CUPTI process before CUPTI was configured")
    print("   ** cupti: configure + enable + the collected launch, in that process")
    for what in ("context_s", "patch_callbacks_s", "unpatch_s", "repatch_s", "modules",
                 "launches_seen", "sanitizer_errors", "kernels_counted", "main_s"):
        if ("sanitizer", "-", what) in times:
            print("   sanitizer %s: %s" % (what, times[("sanitizer", "-", what)]))
    totals = {}
    for (mode, k, what), v in times.items():
        if what == "total":
            totals["%s/%s" % (mode, k)] = v
    if totals:
        vals = sorted(set(totals.values()))
        print("   results (sum of block partials): %s" %
              ("all equal: " + vals[0] if len(vals) == 1 else
               "DIFFER: " + ", ".join("%s=%s" % kv for kv in sorted(totals.items()))))
    sw = walls.get(("sanitizer", "all"))
    cw = [(k, walls[("cupti", k)]) for k in kernels if ("cupti", k) in walls]
    if sw:
        print("   process walls: sanitizer, all %d kernels in one: %s s (rc %s)" %
              (len(kernels), sw[0], sw[1]))
    if cw:
        s = sum(num(w[0]) or 0 for _, w in cw)
        print("   process walls: CUPTI, one per kernel: %s; sum %.2f s" %
              (", ".join("%s %s s" % (k, w[0]) for k, w in cw), s))

    print("")
    for smet, cmet, scope in PAIRS:
        v = per_metric.get(cmet, [])
        short = cmet.replace("smsp__sass_", "")
        if not v:
            continue
        if all(x == "n/a" for x in v):
            print("VERDICT %s: NOT INSTRUMENTABLE with the patching API" % short)
        elif all(x == "nodata" for x in v):
            print("VERDICT %s: NO DATA (no kernel has such instructions)" % short)
        elif all(x == "equal" for x in v):
            print("VERDICT %s: EQUAL in all %d kernels" % (short, len(v)))
        elif all(x in ("equal", "nodata") for x in v):
            print("VERDICT %s: EQUAL where counted (%d kernels), no data in %d" %
                  (short, v.count("equal"), v.count("nodata")))
        else:
            print("VERDICT %s: DIFFERENT in %d of %d kernels (equal %d, no data %d)" %
                  (short, v.count("different"), len(v), v.count("equal"), v.count("nodata")))
    nk = len({k for k, _ in san})
    print("VERDICT many kernels in one process: the sanitizer counted %d of %d kernels "
          "in one process" % (nk, len(kernels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
