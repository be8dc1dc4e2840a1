#!/usr/bin/env python3
"""bench_table.py REDUCE.json TRANSPOSE.json - the benchmark tables of
`make bench`, from the results files culab wrote.  Standard library only.
Exit status 1 when a target is missed."""
import json
import sys


def load(path):
    with open(path) as fp:
        return json.load(fp)


def rows(doc, experiment):
    return [w for w in doc["rows"] if w["experiment"] == experiment]


def med(w):
    return w["timing"]["median_ms"]


def median_ci(w):
    """A distribution-free 95 % interval of the median from the row's
    samples: the order statistics n/2 -+ 0.98 sqrt(n) (the normal
    approximation of the binomial; Conover, Practical Nonparametric
    Statistics, 3rd ed., 5.3)."""
    xs = sorted(w["timing"]["samples_ms"])
    n = len(xs)
    if n < 6:
        return med(w), med(w)
    half = 0.98 * n ** 0.5
    lo = max(0, int(n / 2 - half))
    hi = min(n - 1, int(n / 2 + half + 0.999))
    return xs[lo], xs[hi]


def header(doc):
    e = doc["environment"]
    print("device: %s (cc %d.%d, %d SMs), driver %d, runtime %d, peak %.1f GB/s"
          % (e["gpu_name"], e["cc_major"], e["cc_minor"], e["sm_count"],
             e["driver_version"], e["runtime_version"], e["peak_gbps"]))
    print("recorded: %s .. %s, culab %s (%s)" % (
        doc["started"], doc["finished"], doc["culab"]["version"],
        doc["culab"]["commit"]))
    print("command: %s" % doc["command"])


def reduce_tables(doc):
    ok = True
    peak = doc["environment"]["peak_gbps"]
    print("\n## Best hand-written reduction vs CUB DeviceReduce::Sum (float)")
    print("ratio: median time of the best hand-written rung / CUB's; its 95 %")
    print("interval from the two medians' intervals (median_ci).  Target: ratio")
    print("<= 1.00, or, when above, an interval that reaches 1.00 (a miss")
    print("within the noise measured in this run, and said so).")
    print("%-12s %-22s %10s %10s %10s %7s %15s %8s %9s" % (
        "n", "best hand-written", "best ms", "cub ms", "thrust ms",
        "ratio", "95 % interval", "% read", "target"))
    vs = rows(doc, "reduce-vs-cub")
    for n in sorted({w["n"] for w in vs}):
        at = [w for w in vs if w["n"] == n and w["status"] == "ok"]
        hand = [w for w in at if w["variant"] not in
                ("reduce_cub", "reduce_thrust", "reduce_read")]
        cub = [w for w in at if w["variant"] == "reduce_cub"]
        thrust = [w for w in at if w["variant"] == "reduce_thrust"]
        read = [w for w in at if w["variant"] == "reduce_read"]
        if not hand or not cub:
            print("%-12d missing rows" % n)
            ok = False
            continue
        best = min(hand, key=med)
        ratio = med(best) / med(cub[0])
        (blo, bhi), (clo, chi) = median_ci(best), median_ci(cub[0])
        lo, hi = blo / chi, bhi / clo
        verdict = "ok" if ratio <= 1.0 else ("noise" if lo <= 1.0 else "MISSED")
        ok &= verdict != "MISSED"
        print("%-12d %-22s %10.4f %10.4f %10s %7.3f %15s %8s %9s" % (
            n, best["variant"], med(best), med(cub[0]),
            "%.4f" % med(thrust[0]) if thrust else "-", ratio,
            "%.3f..%.3f" % (lo, hi),
            "%.1f" % (100.0 * best["gbps"] / read[0]["gbps"]) if read else "-",
            verdict))
    print("(noise: met only within the measured noise; % read: the best rung's")
    print("GB/s as % of reduce_read's, what this GPU can read at that size)")
    samples = {len(w["timing"]["samples_ms"]) for w in vs}
    print("(timed runs per row: %s)" % ", ".join(str(s) for s in sorted(samples)))

    print("\n## Reduction ladder (float): bandwidth and speedup over rung 1")
    lad = rows(doc, "reduce-ladder")
    for n in sorted({w["n"] for w in lad}):
        at = sorted((w for w in lad if w["n"] == n),
                    key=lambda w: (w["step"] == 0, w["step"]))
        first = next((w for w in at if w["step"] == 1 and w["status"] == "ok"), None)
        print("\nn = %d" % n)
        print("%4s %-30s %10s %9s %8s %9s" % (
            "step", "variant", "median ms", "GB/s", "% peak", "vs rung 1"))
        for w in at:
            if w["status"] != "ok":
                print("%4d %-30s %s" % (w["step"], w["variant"], w["status"].upper()))
                continue
            print("%4d %-30s %10.4f %9.1f %8.1f %8.1fx" % (
                w["step"], w["variant"], med(w), w["gbps"],
                100.0 * w["gbps"] / peak,
                med(first) / med(w) if first else float("nan")))
        hand = [w for w in at if w["status"] == "ok" and w["step"] > 0
                and w["variant"] not in ("reduce_cub", "reduce_thrust")]
        if first and hand:
            best = min(hand, key=med)
            print("rung 1 -> best (%s): %.1fx" % (best["variant"], med(first) / med(best)))
    return ok


def transpose_tables(doc):
    ok = True
    peak = doc["environment"]["peak_gbps"]
    print("\n## Transpose ladder (float) against the copy ceiling")
    tr = doc["rows"]
    for shape in sorted({(w["n"], w["m"]) for w in tr}):
        at = sorted((w for w in tr if (w["n"], w["m"]) == shape), key=lambda w: w["step"])
        copy = next((w for w in at if w["variant"] == "transpose_copy" and w["status"] == "ok"), None)
        print("\n%d x %d" % shape)
        print("%4s %-30s %10s %9s %8s %8s" % ("step", "variant", "median ms", "GB/s", "% peak", "% copy"))
        for w in at:
            if w["status"] != "ok":
                print("%4d %-30s %s" % (w["step"], w["variant"], w["status"].upper()))
                continue
            print("%4d %-30s %10.4f %9.1f %8.1f %8.1f" % (
                w["step"], w["variant"], med(w), w["gbps"], 100.0 * w["gbps"] / peak,
                100.0 * w["gbps"] / copy["gbps"] if copy else float("nan")))
        trans = [w for w in at if w["status"] == "ok" and "copy" not in w["variant"]]
        if copy and trans:
            best = max(trans, key=lambda w: w["gbps"])
            pct = 100.0 * best["gbps"] / copy["gbps"]
            good = pct >= 95.0
            ok &= good
            print("best transpose: %s at %.1f %% of the copy ceiling (target >= 95 %%): %s"
                  % (best["variant"], pct, "ok" if good else "MISSED"))
        else:
            ok = False
    return ok


def main():
    if len(sys.argv) != 3:
        print("usage: bench_table.py REDUCE.json TRANSPOSE.json", file=sys.stderr)
        return 2
    red, tr = load(sys.argv[1]), load(sys.argv[2])
    header(red)
    ok = reduce_tables(red)
    ok &= transpose_tables(tr)
    print("\nbenchmark targets: %s" % ("all met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
