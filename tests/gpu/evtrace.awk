# evtrace.awk - reads a CULAB_EVENT_TRACE file (src/base/evtrace.h) and
# prints where each per-line child's time went, on the trace's clock:
#
#   awk -f tests/gpu/evtrace.awk TRACE
#
# Per child (in the order started): its GPU, label, and the seconds of
# each step: fork to main (exec, loading), main to CUDA's start (cuInit),
# reading the file and finding its measurement, on to its run, run to
# set-up (context),
# set-up to its hold and the hold (a child started while its GPU still
# measured: --lines-held; both 0 for the others), on to its inputs,
# inputs to waiting (correctness run), waiting (for its
# turn), go to collected, collected to saved, saved to torn down, torn
# down to exit (CUDA's teardown), exit to reaped; then the medians, and
# per GPU the children's turns (go to said) against the phase's wall.
BEGIN { FS = "\t" }
{
	t = $1; pid = $2; about = $3; ev = $4; lab = $5
	if (t0 == "" || t < t0) t0 = t
	if (ev == "start") {
		n++; order[n] = about; start[about] = t
		split(lab, w, " "); gpu[about] = w[2]
		sub(/^gpu [0-9]+ /, "", lab); label[about] = lab
		next
	}
	if (about != 0) { p = about; ev = "p-" ev } else p = pid
	if (!((p, ev) in at)) at[p, ev] = t
}
function d(p, a, b) {
	if (!((p, a) in at) || !((p, b) in at)) return -1
	return at[p, b] - at[p, a]
}
function show(x) { return x < 0 ? "     -" : sprintf("%6.3f", x) }
function median(arr, k,    i, j, tmp) {
	for (i = 2; i <= k; i++) {
		tmp = arr[i]
		for (j = i - 1; j >= 1 && arr[j] > tmp; j--) arr[j + 1] = arr[j]
		arr[j + 1] = tmp
	}
	return k ? (k % 2 ? arr[(k + 1) / 2] : (arr[k / 2] + arr[k / 2 + 1]) / 2) : -1
}
END {
	nst = split("p-start main cuda-init checked run set-up hold freed inputs wait go collected saved torn-down exit p-ended", st, " ")
	printf "%-4s %8s", "gpu", "at"
	hdr = "exec cuinit file torun setup prep held input check waited collect save teardwn exit reap"
	nh = split(hdr, h, " ")
	for (i = 1; i <= nh; i++) printf " %6s", h[i]
	printf "  %s\n", "label"
	for (c = 1; c <= n; c++) {
		p = order[c]; at[p, "p-start"] = start[p]
		if (!((p, "hold") in at) && ((p, "set-up") in at))
			at[p, "hold"] = at[p, "freed"] = at[p, "set-up"]
		printf "%-4s %8.3f", gpu[p], start[p] - t0
		for (i = 1; i < nst; i++) {
			x = d(p, st[i], st[i + 1])
			printf " %s", show(x)
			if (x >= 0) { cnt[i]++; col[i, cnt[i]] = x }
		}
		printf "  %s\n", label[p]
		g = gpu[p]
		if ((p, "p-go") in at && (p, "p-said") in at) {
			turn[g] += at[p, "p-said"] - at[p, "p-go"]
			if (!(g in first) || at[p, "p-go"] < first[g]) first[g] = at[p, "p-go"]
			if (!(g in last) || at[p, "p-said"] > last[g]) last[g] = at[p, "p-said"]
			kids[g]++
		}
	}
	printf "%-4s %8s", "med", ""
	for (i = 1; i < nst; i++) {
		k = cnt[i]
		for (j = 1; j <= k; j++) tmpa[j] = col[i, j]
		printf " %s", show(median(tmpa, k))
	}
	printf "\n"
	for (g in kids)
		printf "gpu %s: %d children, turns (go to said) %.3f s of %.3f s from the first go to the last word\n",
		       g, kids[g], turn[g], last[g] - first[g]
}
