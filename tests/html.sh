#!/bin/sh
# html.sh - the HTML report in a real browser.
#
#   sh tests/html.sh [CULAB] [RESULTS.json]
#
# Renders the report of RESULTS.json (default: the recorded fixture
# tests/fixtures/quick/results.json) as HTML with its charts, then, with
# Debian's headless chromium:
#  1. prints each language's page to PDF and counts its pages (pdfinfo):
#     at least 2, at most MAX_PAGES; the first page is not blank (its
#     pixels, drawn by pdftoppm); the Chinese one in a Chinese font;
#  2. takes a screenshot (English), which must not be blank;
#  3. loads a copy of the page with a small script that checks, at the
#     width of an A4 page's text (703 px: 210 mm less 2 x 12 mm margins),
#     that no table is wider than the text, every chart is inline SVG,
#     and every chart's text is at least 8 pt on paper (its font size
#     times the scale its SVG is drawn at, 1 px = 0.75 pt).
# Also checks the page holds no <script> of its own and one inline <svg>
# per chart.  Exits 0, 1 on a failure, 77 when chromium or pdfinfo is
# missing (sh src/deps.sh test installs them).
set -u
culab=${1:-build/culab}
results=${2:-tests/fixtures/quick/results.json}
max_pages=${MAX_PAGES:-150}
browser=${CHROMIUM:-chromium}

if ! command -v "$browser" >/dev/null 2>&1 || ! command -v pdfinfo >/dev/null 2>&1 ||
   ! command -v pdftoppm >/dev/null 2>&1; then
	echo "html.sh: skipped: needs chromium and poppler-utils (sh src/deps.sh test)"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/culab-html.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
ko() { echo "html.sh: FAIL: $*"; fail=1; }

# chromium [ARGS...] URL: headless, no profile of the user's, bounded
run_browser() {
	timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
		--no-first-run --no-default-browser-check --disable-extensions \
		--user-data-dir="$tmp/profile" --hide-scrollbars "$@" 2>>"$tmp/browser.log"
}

if ! "$culab" report "$results" -o "$tmp/r" --format html >"$tmp/out" 2>&1; then
	ko "culab report --format html failed:"
	cat "$tmp/out"
	exit 1
fi
[ ! -e "$tmp/r/report.en.md" ] || ko "--format html wrote Markdown too"
charts=$(find "$tmp/r/charts" -name '*.svg' | wc -l)

for lang in en zh; do
	page=$tmp/r/report.$lang.html
	if [ ! -s "$page" ]; then
		ko "no $page"
		continue
	fi
	grep -qi '<script' "$page" && ko "$lang: the page holds a <script>"
	svgs=$(grep -o '<svg' "$page" | wc -l)
	[ "$svgs" -eq "$charts" ] ||
		ko "$lang: $svgs inline charts, $charts drawn"

	# 1. printed to PDF
	run_browser --no-pdf-header-footer --print-to-pdf="$tmp/$lang.pdf" \
		"file://$page" >/dev/null
	pages=$(pdfinfo "$tmp/$lang.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
	if [ -z "$pages" ]; then
		ko "$lang: chromium printed no PDF"
	elif [ "$pages" -lt 2 ] || [ "$pages" -gt "$max_pages" ]; then
		ko "$lang: $pages pages printed, want 2..$max_pages"
	fi
	# the Chinese page in a Chinese font, not in boxes
	if [ "$lang" = zh ] && ! pdffonts "$tmp/$lang.pdf" 2>/dev/null |
	   grep -qi 'cjk\|han\|hei\|song\|ming\|wqy\|kai'; then
		ko "zh: no Chinese font in the PDF (sh src/deps.sh test installs one)"
	fi
	size=$(pdfinfo "$tmp/$lang.pdf" 2>/dev/null | awk '/^Page size:/ { print $3 "x" $5 }')
	case $size in 59[0-9]*x84[0-9]*) ;; *) ko "$lang: page size $size pt, not A4" ;; esac
	# ink on the first page: pixels darker than light grey, of 160x226
	if pdftoppm -f 1 -l 1 -r 20 -gray "$tmp/$lang.pdf" "$tmp/p$lang" 2>/dev/null; then
		dark=$(tail -c 36160 "$tmp/p$lang"-*1.pgm | od -An -v -tu1 |
		       awk '{ for (i = 1; i <= NF; i++) if ($i < 200) n++ } END { print n + 0 }')
		[ "$dark" -gt 300 ] || ko "$lang: the first printed page is blank ($dark dark pixels)"
	else
		ko "$lang: pdftoppm could not read the PDF"
	fi

	# 2. a screenshot (one language: chromium takes seconds to start):
	# a blank page compresses to a few kB
	[ "$lang" = en ] && run_browser --window-size=1000,1400 --screenshot="$tmp/$lang.png" \
		"file://$page" >/dev/null
	if [ "$lang" = en ]; then
		shot=$(wc -c <"$tmp/$lang.png" 2>/dev/null || echo 0)
		[ "$shot" -gt 20000 ] || ko "$lang: screenshot blank or missing ($shot bytes)"
	fi

	# 3. layout at the width of an A4 page's text, with the print rules
	sed -e 's|@media print{|@media all{|' -e 's|</body>|<script>\
var w = document.querySelector("main").getBoundingClientRect().right, bad = [];\
document.querySelectorAll("table").forEach(function (t, i) {\
  if (t.getBoundingClientRect().right > w + 1) bad.push("table " + (i + 1) + " is " +\
    Math.round(t.getBoundingClientRect().width) + " px wide");\
});\
document.querySelectorAll("img").forEach(function (m) { bad.push("chart not inline: " + m.src); });\
var small = 99;\
document.querySelectorAll("svg").forEach(function (g) {\
  var box = g.viewBox.baseVal, scale = box \&\& box.width ? g.getBoundingClientRect().width / box.width : 1;\
  g.querySelectorAll("text").forEach(function (t) {\
    if (t.textContent.trim()) small = Math.min(small, parseFloat(getComputedStyle(t).fontSize) * scale * 0.75);\
  });\
});\
if (small < 8) bad.push("chart text " + small.toFixed(1) + " pt in print, want 8 or more");\
document.body.insertAdjacentHTML("beforeend", "<pre id=verdict>" +\
  (bad.length ? "BAD " + bad.join("; ") : "LAYOUT-OK " + document.querySelectorAll("table").length +\
   " " + (small < 99 ? small.toFixed(1) : "-")) + "</pre>");\
</script></body>|' "$page" >"$tmp/check-$lang.html"
	run_browser --window-size=703,1000 --dump-dom "file://$tmp/check-$lang.html" \
		>"$tmp/dom-$lang.html"
	verdict=$(grep -o '<pre id="verdict">[^<]*' "$tmp/dom-$lang.html" | sed 's/.*>//')
	case $verdict in
	LAYOUT-OK*)
		set -- $verdict
		echo "html.sh: $lang: $pages pages (A4), $svgs inline charts (text $3 pt or more in print), $2 tables within the page" ;;
	*) ko "$lang: ${verdict:-no verdict from the browser}" ;;
	esac
done
if [ "$fail" -ne 0 ] && [ -s "$tmp/browser.log" ]; then
	echo "html.sh: the browser said:"
	grep -v -i 'dbus\|bus.cc\|gpu_init\|sandbox' "$tmp/browser.log" | tail -n 5
fi
exit $fail
