#!/usr/bin/env python3
"""compare.py DIR - the probe's PC samples against Nsight Compute's source page.

DIR is run.sh's output folder: samples-p10.tsv (pcs sample at a period of
2^10: kernel, pc offset, reason, samples; .gz too) and ncu-source.csv
(`ncu --page source --csv` of the same kernels: per SASS address the
stall_* sample columns; .gz too).  Per kernel, its four pcs with the most
samples: the most common reason and its share on each side (the
_not_issued halves left out, Nsight Compute's short names mapped to
CUPTI's).  The last line: how many of those pcs have the same top reason,
and the largest difference of its share.
"""
import collections, csv, gzip, os, sys

def opened(path):
    if os.path.exists(path):
        return open(path)
    return gzip.open(path + ".gz", "rt")

d = sys.argv[1]
pcs = collections.defaultdict(collections.Counter)
for l in opened(d + "/samples-p10.tsv"):
    k, pc, r, n = l.rstrip("\n").split("\t")
    r = r.replace("smsp__pcsamp_warps_issue_stalled_", "")
    if r.endswith("_not_issued"):
        continue
    pcs[(k, int(pc))][r] += int(n)
alias = {"long_sb": "long_scoreboard", "short_sb": "short_scoreboard",
         "lg": "lg_throttle", "mio": "mio_throttle",
         "math": "math_pipe_throttle", "tex": "tex_throttle",
         "imc": "imc_miss", "dispatch": "dispatch_stall",
         "no_inst": "no_instructions", "sleep": "sleeping"}
ncu = collections.defaultdict(collections.Counter)
k = hdr = base = None
for row in csv.reader(opened(d + "/ncu-source.csv").read().split("\n")):
    if not row:
        continue
    if row[0] == "Kernel Name":
        k, hdr, base = row[1], None, None
        continue
    if row[0] == "Address":
        hdr = row
        continue
    if hdr is None:
        continue
    rec = dict(zip(hdr, row))
    a = int(rec["Address"], 16)
    base = a if base is None else base
    for h in hdr:
        if h.startswith("stall_") and not h.endswith("(Not Issued)"):
            try:
                v = int(rec[h])
            except ValueError:
                continue
            if v:
                ncu[(k, a - base)][alias.get(h[6:], h[6:])] += v
same = n = 0
worst = 0.0
for kern in sorted({key[0] for key in pcs}):
    kp = sorted(((key, c) for key, c in pcs.items() if key[0] == kern),
                key=lambda kc: -sum(kc[1].values()))
    print("%s: %d CUPTI samples, %d Nsight Compute samples" % (
        kern, sum(sum(c.values()) for _, c in kp),
        sum(sum(c.values()) for key, c in ncu.items() if key[0] == kern)))
    for key, c in kp[:4]:
        q = ncu.get(key, collections.Counter())
        tp = c.most_common(1)[0]
        tq = q.most_common(1)[0] if q else ("-", 0)
        sp = 100 * tp[1] / sum(c.values())
        sq = 100 * tq[1] / max(1, sum(q.values()))
        n += 1
        if tp[0] == tq[0]:
            same += 1
            worst = max(worst, abs(sp - sq))
        print("   pc 0x%x: CUPTI %s %.0f %% of %d; Nsight Compute %s %.0f %% of %d"
              % (key[1], tp[0], sp, sum(c.values()), tq[0], sq, sum(q.values())))
print("same top reason at %d of %d pcs; its share at most %.0f points apart"
      % (same, n, worst))
