# class_trace.awk - where a class's run spends its wall time, from its
# processes' events (CULAB_EVENT_TRACE, base/evtrace.h; session.sh's
# class40 step writes class40-one-ev.tsv and class40-all-ev.tsv):
#
#     awk -f tests/gpu/class_trace.awk class40-all-ev.tsv
#
# One line per worker (a piece of the class, pieces.c), in start order:
# its GPU, when the parent started it (seconds from the parent's main),
# how long until its CUDA context was up (main -> set-up: the CUDA start,
# which the node's driver makes one process at a time), its run (set-up
# -> torn-down), what came after (its per-line child and compute-sanitizer
# reruns), the parent's reaping, and its children's own CUDA starts.
# Then per GPU: pieces, busy (worker lifetimes), the gaps between one
# worker's end and the next start, and the last end; and the medians.
BEGIN { FS = "\t" }
{
	t = $1 + 0; pid = $2; about = $3; ev = $4; lab = $5
	if (ev == "main" && t0 == "")
		t0 = t
	if (ev == "start" && lab ~ /^gpu [0-9]+ /) {
		if (!(about in wstart) && !(pid in wstart)) {
			# the parent starting a worker
			split(lab, w, " ")
			wstart[about] = t; wgpu[about] = w[2]
			wname[about] = substr(lab, length(w[1] w[2]) + 3)
			order[++nw] = about
		} else {
			kid[about] = pid       # a worker's per-line child
		}
	} else if (ev == "start") {
		kid[about] = pid               # a sanitizer's child
		tool[about] = lab
	}
	if (about != 0 && ev == "ended" && (about in wstart))
		wreaped[about] = t
	if (about == 0) {
		if (ev == "main")
			pmain[pid] = t
		if (ev == "set-up")
			psetup[pid] = t
		if (ev == "torn-down")
			ptorn[pid] = t
		if (ev == "exit")
			pexit[pid] = t
	}
}
function med(a, n,    i, j, x) {
	for (i = 2; i <= n; i++) {
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--)
			a[j + 1] = a[j]
		a[j + 1] = x
	}
	return n ? (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2) : 0
}
END {
	printf "%-4s %8s %7s %7s %7s %7s %7s  %s\n", "gpu", "started",
	       "cuda", "run", "after", "reap", "kidcuda", "piece"
	for (i = 1; i <= nw; i++) {
		p = order[i]
		cu = (p in psetup) ? psetup[p] - pmain[p] : -1
		rn = (p in ptorn && p in psetup) ? ptorn[p] - psetup[p] : -1
		end = (p in pexit) ? pexit[p] : wreaped[p]
		af = (p in ptorn) ? end - ptorn[p] : -1
		rp = wreaped[p] - end
		kc = 0; nk = 0
		for (k in kid)
			if (kid[k] == p && (k in psetup)) {
				kc += psetup[k] - pmain[k]; nk++
			}
		printf "%-4s %8.2f %7.2f %7.2f %7.2f %7.2f %7.2f  %s (%d children)\n",
		       wgpu[p], wstart[p] - t0, cu, rn, af, rp, kc, wname[p], nk
		g = wgpu[p]
		n[g]++; busy[g] += wreaped[p] - wstart[p]
		if (g in last)
			gap[g] += wstart[p] - last[g]
		last[g] = wreaped[p]
		if (cu >= 0)
			cus[++ncu] = cu
		if (!(g in gpus)) {
			gpus[g] = 1; glist[++ng] = g
		}
	}
	for (k in kid)
		if (k in psetup)
			kcs[++nkc] = psetup[k] - pmain[k]
	for (i = 1; i <= ng; i++) {
		g = glist[i]
		printf "GPU %s: %d pieces, busy %.1f s, gaps %.1f s, last ended at %.1f s\n",
		       g, n[g], busy[g], gap[g], last[g] - t0
	}
	printf "median CUDA start: workers %.3f s (%d), their children %.3f s (%d)\n",
	       med(cus, ncu), ncu, med(kcs, nkc), nkc
}
