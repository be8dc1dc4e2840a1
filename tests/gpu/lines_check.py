#!/usr/bin/env python3
"""lines_check.py RESULTS TABLE DEFECTS - the checks of tests/gpu/lines.sh.

RESULTS is a results.json of tests/gpu/lines.yaml, TABLE what `culab list
lines --json` prints, DEFECTS tests/gpu/ukernels/line_defects.cu.  Prints an
"ok:" or "FAIL:" line per check, then what the lines cost; exits 1 when
a check failed.

1. Every GPU row that ended verified with its kernel-level counters has
   its counters per source line, collected (no status).
2. The sums: for every kernel function a row's lines cover, the launches
   they are of are named, are launches of that function, and the sum over
   its lines of each per-line metric with a kernel-level peer equals the
   peer's values over those launches: exactly for the instrumented ones,
   within the table's tolerance for the hardware instruction counters.
   Sectors and wavefronts are not compared in kernels with atomics or
   reductions of that space (the kernel-level peers leave them out).
3. The defect kernels: each defect is found on its marked line (the
   line with the most of what the defect wastes), with its size.
"""
import json
import re
import sys

HW_TOLERANCE = 0.01     # counters.h: LINES_HW_TOLERANCE


def main():
    results, table, defects = sys.argv[1:4]
    r = json.load(open(results))
    t = {m["name"]: m for m in json.load(open(table))}
    source = open(defects).read().split("\n")
    fails = 0

    def ok(msg):
        print("ok:   " + msg)

    def ko(msg):
        nonlocal fails
        fails += 1
        print("FAIL: " + msg)

    def name(w):
        return "%s/%s/%s" % (w["experiment"], w["variant"], w["dtype"])

    # 1. every row that should have lines has them
    want = [w for w in r["rows"] if w["status"] == "ok" and
            w["timer"] != "host-clock" and not w["counters"]["status"] and
            w["counters"]["kernels"]]
    missing = [name(w) + ": " + ((w.get("lines") or {}).get("status") or
                                 "no lines")
               for w in want if not w.get("lines") or w["lines"]["status"]]
    if missing or not want:
        ko("lines missing for %d of %d rows: %s" % (len(missing), len(want),
                                                    "; ".join(missing[:5])))
    else:
        ok("every one of the %d GPU rows has its counters per source line"
           % len(want))

    # 2. the sums against the kernel-level counters
    exact = hw = skipped = 0
    worst = (0.0, "")
    bad = []
    cover = {}
    for w in want:
        l = w.get("lines")
        if not l or l["status"]:
            continue
        ks = w["counters"]["kernels"]
        metrics = l["metrics"]
        for k in l["kernels"]:
            where = "%s %s" % (name(w), k["kernel"])
            if not k["launches"]:
                bad.append("%s: the launches its lines are of are not "
                           "known (its first instruction ran %s warps; the "
                           "run launched %s)" % (where, k.get("warps"), [
                               (x["kernel"], x["warps"])
                               for x in l.get("launched") or []]))
                continue
            if any(i >= len(ks) for i in k["launches"]):
                bad.append("%s: launches %s of %d" % (where, k["launches"],
                                                      len(ks)))
                continue
            others = [ks[i]["kernel"] for i in k["launches"]
                      if ks[i]["kernel"] != k["kernel"]]
            if others:
                bad.append("%s: its launches are of %s" % (where, others[0]))
                continue
            key = "launch %s of %d" % (",".join(map(str, k["launches"])),
                                       l["launches"])
            cover[key] = cover.get(key, 0) + 1
            sums = [sum(line["values"][m] for line in k["lines"])
                    for m in range(len(metrics))]
            at = dict(zip(metrics, sums))
            for m, name_m in enumerate(metrics):
                d = t.get(name_m)
                if not d or not d["kernel_raw"]:
                    continue
                unless = d["unless"]
                if unless == "global" and (at.get("global_atom", 0) or
                                           at.get("global_red", 0)):
                    skipped += 1
                    continue
                peer = 0.0
                for i in k["launches"]:
                    v = dict(zip(ks[i]["names"], ks[i]["values"]))
                    for raw in d["kernel_raw"]:
                        if v.get(raw) is None:
                            peer = None
                            break
                        peer += v[raw]
                    if peer is None:
                        break
                if peer is None:
                    skipped += 1
                    continue
                got = sums[m]
                if d["exact"]:
                    exact += 1
                    if got != peer:
                        bad.append("%s: %s %.0f over its lines, %s %.0f" %
                                   (where, name_m, got,
                                    "+".join(d["kernel_raw"]), peer))
                else:
                    hw += 1
                    dev = abs(got - peer) / max(abs(got), abs(peer), 1)
                    if dev > worst[0]:
                        worst = (dev, "%s %s" % (where, name_m))
                    if dev > HW_TOLERANCE:
                        bad.append("%s: %s %.0f over its lines, %s %.0f "
                                   "(%.2f %%)" % (where, name_m, got,
                                                  d["kernel_raw"][0], peer,
                                                  100 * dev))
    if bad:
        ko("per-line sums against the kernel-level counters: %d differ: %s"
           % (len(bad), "; ".join(bad[:6])))
    else:
        ok("per-line sums equal the kernel-level counters: %d exactly, %d "
           "hardware counts within %.0f %% (the farthest %.3f %%, %s), %d "
           "not comparable (atomics)" % (exact, hw, 100 * HW_TOLERANCE,
                                         100 * worst[0], worst[1] or "-",
                                         skipped))
    print("      which launches the lines are of: " + ", ".join(
        "%s: %d" % kv for kv in sorted(cover.items())))

    # 3. the defects, each on its marked line
    rules = {
        "bank": ("shared_wavefronts", "shared_wavefronts_ideal", 8,
                 "shared wavefronts per ideal one"),
        "uncoalesced": ("global_sectors", "global_sectors_ideal", 4,
                        "global sectors per ideal one"),
        "divergent": ("branch_divergent", None, 0, "divergent branches"),
        "predicated": ("thread_inst_executed", "thread_inst_pred_on", 0,
                       "thread instructions with their predicate off"),
        "local": ("local_st", None, 0, "local-memory stores"),
    }
    marked = {}
    for i, text in enumerate(source):
        m = re.search(r"defect: (\w+)", text)
        if m:
            marked[m.group(1)] = i + 1
    rows = dict((w["variant"], w) for w in want
                if w["experiment"] == "defects")
    for defect, (metric, ideal, ratio, what) in sorted(rules.items()):
        w = rows.get("defect." + defect)
        l = (w or {}).get("lines") or {}
        if not l or l.get("status") or not l.get("kernels"):
            ko("defect %s: no lines (%s)" % (defect, l.get("status")))
            continue
        ms = l["metrics"]
        if metric not in ms or (ideal and ideal not in ms):
            ko("defect %s: %s not collected" % (defect, metric))
            continue
        a, b = ms.index(metric), ms.index(ideal) if ideal else None
        score = lambda ln: ln["values"][a] - (ln["values"][b]
                                              if b is not None else 0)
        lines = [ln for ln in l["kernels"][0]["lines"] if ln["file"]]
        top = max(lines, key=score)
        where = "%s:%d" % (top["file"], top["line"])
        good = (top["file"].endswith("tests/gpu/ukernels/line_defects.cu") and
                top["line"] == marked.get(defect) and score(top) > 0)
        size = ("%.1f %s" % (top["values"][a] / top["values"][b], what)
                if b is not None and ratio and top["values"][b]
                else "%.0f %s" % (score(top), what))
        if good and ratio and top["values"][a] < ratio * top["values"][b]:
            good = False
        if good:
            ok("defect %s found at its line %s: %s" % (defect, where, size))
        else:
            ko("defect %s: the most %s at %s (%s), marked line %s" %
               (defect, what, where, size, marked.get(defect)))

    # 5. where warps wait (issue 46): every kernel function of every row
    # with lines has PC samples, each on instructions of its own lines
    stall = [d["name"] for d in t.values() if d.get("pc_sampling")]
    nosamp = []
    total = 0
    for w in want:
        l = w.get("lines")
        if not l or l["status"]:
            continue
        at = [m for m, nm in enumerate(l["metrics"]) if nm in stall]
        for k in l["kernels"]:
            s = sum(line["values"][m] for line in k["lines"] for m in at)
            total += s
            if not at or s <= 0:
                nosamp.append("%s %s" % (name(w), k["kernel"]))
    if not stall:
        ko("culab list lines names no stall_* metric")
    elif nosamp:
        ko("%d kernel functions without PC samples, e.g. %s" %
           (len(nosamp), "; ".join(nosamp[:4])))
    else:
        ok("every kernel function's lines have PC samples (%d in all, "
           "%d stall reasons)" % (total, len(stall)))

    # what the lines cost: each child's time, start to end
    secs = sorted(((w["lines"]["seconds"] or 0, name(w)) for w in want
                   if w.get("lines")), reverse=True)
    if secs:
        total = sum(s for s, _ in secs)
        print("      cost: %d children, %.1f s in all, %.2f s each on "
              "average, the slowest %s" % (
                  len(secs), total, total / len(secs), ", ".join(
                      "%s %.2f s" % (n, s) for s, n in secs[:3])))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
