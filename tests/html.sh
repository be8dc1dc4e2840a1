#!/bin/sh
# html.sh - the HTML report in a real browser.
#
#   sh tests/html.sh [CULAB] [RESULTS.json]
#   sh tests/html.sh --self-test
#   sh tests/html.sh --cells PAGE.html    only step 4 on a page at hand
#
# Renders the report of RESULTS.json (default: the recorded fixture
# tests/fixtures/quick/results.json) as HTML with its charts: the body
# (report.<lang>.html) and its details page (details.<lang>.html).  Then,
# with Debian's headless chromium, for each language:
#  1. the body links its details page, which exists;
#  2. prints each page to PDF and counts its pages (pdfinfo): the body
#     at most MAX_PAGES (default 150; make test holds the recorded H100
#     example's body to 8), the details (its page and each family's, every
#     chart inline between them) each at most DETAILS_MAX_PAGES
#     (default 400); the first page is not blank (its pixels, drawn by
#     pdftoppm); the Chinese one in a Chinese font;
#  3. takes a screenshot of the English body, which must not be blank;
#  4. loads a copy of each page with a small script that measures every
#     table cell: no number or name (a run of letters, digits, '_', '.'
#     and ',': "664.5", "reduce_interleaved_divergent"; a code span
#     without spaces whole) is split across
#     two lines, at 1280 px on screen and at the width of an A4 page's
#     text (703 px: 210 mm less 2 x 12 mm margins) with the print rules;
#     there no table is wider than the text either, every chart is
#     inline SVG, every chart's text is at least 8 pt on paper (its
#     font size times the scale its SVG is drawn at, 1 px = 0.75 pt) and
#     every table's text at least 8 pt; in both, a number keeps its unit
#     and a change its arrow ("946 M", "12.5 % → 88.6 %", "0.0382 →
#     0.0269" each on one line, in tables and text);
#  5. no printed page ends with a chart's caption (the caption is the
#     paragraph before the chart, in the chart's figure): a chart that
#     moves to the next page takes its caption with it.
# Also checks the pages hold no <script> of their own and the body one
# inline <svg> per chart it shows.  PAGES="report" checks the bodies only.
# --self-test checks the checks: a table under the stylesheet culab had
# before issue 24 (cells that wrap anywhere) must fail the cell check,
# units wrapped apart and 7 pt table text the unit and size checks, and a
# caption left at the foot of a page by a chart too tall for the rest of
# it the caption check.
# Prints "html.sh: LANG PAGE: N pages ..." per page (the counts
# reports/examples/h100/RECORDED.md quotes).  Exits 0, 1 on a failure, 77
# when chromium or pdfinfo is missing (sh src/deps.sh test installs them).
set -u
self_test=0
only=
case ${1:-} in
--self-test) self_test=1; shift ;;
--cells) only=${2:?"usage: sh tests/html.sh --cells PAGE.html"}; shift 2 ;;
esac
culab=${1:-build/culab}
results=${2:-tests/fixtures/quick/results.json}
max_pages=${MAX_PAGES:-150}
details_max=${DETAILS_MAX_PAGES:-400}
pages=${PAGES:-report details}
browser=${CHROMIUM:-chromium}

if ! command -v "$browser" >/dev/null 2>&1 || ! command -v pdfinfo >/dev/null 2>&1 ||
   ! command -v pdftoppm >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then
	echo "html.sh: skipped: needs chromium and poppler-utils (sh src/deps.sh test)"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/culab-html.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
ko() { echo "html.sh: FAIL: $*"; fail=1; }

# chromium [ARGS...] URL: headless, no profile of the user's, bounded
run_browser() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
		--no-first-run --no-default-browser-check --disable-extensions \
		--user-data-dir="$tmp/profile" --hide-scrollbars "$@" 2>>"$tmp/browser.log"
}

# The cell check, put before </body>: every token of every table cell
# on one line; with PRINT_WIDTH, also every table within the text and
# every chart inline.  Writes its verdict into <pre id=verdict>.
cat >"$tmp/check.js" <<'EOF'
<script>
(function () {
  var bad = [], splits = 0, tokens = 0, tables = document.querySelectorAll("table");
  var print = /print/.test(location.hash), w = document.querySelector("main").getBoundingClientRect().right;
  function lines(range) {
    var tops = [], r = range.getClientRects();
    for (var i = 0; i < r.length; i++) {
      if (r[i].width < 0.5) continue;
      var t = Math.round(r[i].top);
      if (!tops.some(function (x) { return Math.abs(x - t) <= 2; })) tops.push(t);
    }
    return tops.length;
  }
  tables.forEach(function (t, ti) {
    if (print && t.getBoundingClientRect().right > w + 1)
      bad.push("table " + (ti + 1) + " is " + Math.round(t.getBoundingClientRect().width) + " px wide");
    t.querySelectorAll("td, th").forEach(function (cell) {
      var walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), node;
      /* a code span without spaces is a name: whole, dashes and dots
       * included (a line of source may wrap at its spaces in print;
       * its numbers and names are checked below) */
      cell.querySelectorAll("code").forEach(function (code) {
        if (/\s/.test(code.textContent)) return;
        var range = document.createRange();
        range.selectNodeContents(code);
        tokens++;
        if (lines(range) > 1) {
          splits++;
          if (splits <= 5) bad.push("\"" + code.textContent + "\" split across lines in table " + (ti + 1));
        }
      });
      while ((node = walk.nextNode())) {
        var re = /[0-9A-Za-z_][0-9A-Za-z_.,]*/g, m;
        while ((m = re.exec(node.data))) {
          var range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          tokens++;
          if (lines(range) > 1) {
            splits++;
            if (splits <= 5) bad.push("\"" + m[0] + "\" split across lines in table " + (ti + 1));
          }
        }
      }
    });
  });
  if (splits > 5) bad.push((splits - 5) + " more splits");
  /* a number and its unit, a change and its arrow, on one line: in the
   * text of tables and prose, not in code or charts */
  var num = "\\(?[-+]?\\d[\\d.,^\u2013]*", sp = "[ \u00a0]";
  var unit = "(?:GB/s|TB/s|MB/s|MiB|GiB|KiB|MHz|GHz|kB|MB|GB|TB|ms|\u00b5s|us|ns|%|k|M|G|T|B|s)(?![A-Za-z0-9_])";
  var value = num + "(?:" + sp + unit + ")?";
  var chain = new RegExp("(?<![A-Za-z0-9_.])" + value + "(?:" + sp + "[\u2192\u00d7\u2248]" + sp + value + ")+|" +
                         "(?<![A-Za-z0-9_.])" + num + sp + unit, "g");
  var walk2 = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT), tn, units = 0, apart = 0;
  while ((tn = walk2.nextNode())) {
    if (tn.parentElement.closest("pre, code, svg, script")) continue;
    var mm;
    chain.lastIndex = 0;
    while ((mm = chain.exec(tn.data))) {
      var rr = document.createRange();
      rr.setStart(tn, mm.index);
      rr.setEnd(tn, mm.index + mm[0].length);
      units++;
      if (lines(rr) > 1) {
        apart++;
        if (apart <= 5) bad.push("\"" + mm[0].replace(/\u00a0/g, " ") + "\" wraps apart");
      }
    }
  }
  if (apart > 5) bad.push((apart - 5) + " more numbers wrapped apart from their units or arrows");
  /* in print, table text at least 8 pt */
  var tsmall = 99;
  if (print) document.querySelectorAll("td, th").forEach(function (c) {
    tsmall = Math.min(tsmall, parseFloat(getComputedStyle(c).fontSize) * 0.75);
  });
  if (tsmall < 7.95) bad.push("table text " + tsmall.toFixed(1) + " pt in print, want 8 or more");
  if (print) document.querySelectorAll("img").forEach(function (m) { bad.push("chart not inline: " + m.src); });
  /* in print, every chart's text at least 8 pt on paper: its font size
   * times the scale its SVG is drawn at (1 px = 0.75 pt) */
  var small = 99;
  if (print) document.querySelectorAll("svg").forEach(function (g) {
    var box = g.viewBox.baseVal, scale = box && box.width ? g.getBoundingClientRect().width / box.width : 1;
    g.querySelectorAll("text").forEach(function (x) {
      if (x.textContent.trim()) small = Math.min(small, parseFloat(getComputedStyle(x).fontSize) * scale * 0.75);
    });
  });
  if (small < 8) bad.push("chart text " + small.toFixed(1) + " pt in print, want 8 or more");
  document.body.insertAdjacentHTML("beforeend", "<pre id=verdict>" +
    (bad.length ? "BAD " + bad.join("; ") : "CELLS-OK " + tables.length + " tables, " + tokens + " numbers and names" +
     ", " + units + " numbers with units or arrows" +
     (tsmall < 99 ? ", table text " + tsmall.toFixed(1) + " pt" : "") +
     (small < 99 ? ", chart text " + small.toFixed(1) + " pt or more in print" : "")) + "</pre>");
})();
</script>
EOF

# cells PAGE.html MODE: the cell check on a copy of the page, MODE
# "screen" (1280 px) or "print" (703 px, the print rules for all media);
# prints the verdict
cells() {
	c_page=$1 c_mode=$2 c_copy=$tmp/check-$(basename "$1" .html)-$2.html
	if [ "$c_mode" = print ]; then
		sed -e 's|@media print{|@media all{|' "$c_page"
	else
		cat "$c_page"
	fi | awk -v js="$tmp/check.js" '
		{
			i = index($0, "</body>")
			if (!i) { print; next }
			printf "%s", substr($0, 1, i - 1)
			while ((getline l < js) > 0) print l
			print substr($0, i)
		}' >"$c_copy"
	if [ "$c_mode" = print ]; then
		run_browser --window-size=703,1000 --dump-dom "file://$c_copy#print"
	else
		run_browser --window-size=1280,1000 --dump-dom "file://$c_copy#screen"
	fi >"$c_copy.dom"
	grep -o '<pre id="verdict">[^<]*' "$c_copy.dom" | sed 's/.*>//'
}

# caption_tails PAGE.html: of each chart's caption (the paragraph that
# opens its figure), the last 24 bytes of its text without white space,
# one a line (Chinese wraps without spaces, so words cannot be compared)
caption_tails() {
	LC_ALL=C awk '
		/<div class="figure">/ { cap = ""; on = 1; next }
		on && cap == "" && /^<p><span class="chart"/ { on = 0; next }
		on {
			cap = cap $0
			if (index($0, "</p>")) { print cap; on = 0 }
		}' "$1" |
	sed -e 's/<[^>]*>//g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g' -e 's/&lt;/</g' \
	    -e 's/&gt;/>/g' -e "s/&#39;/'/g" |
	LC_ALL=C awk '{ gsub(/[ \t]|\302\240/, ""); if ($0 != "") print substr($0, length($0) > 24 ? length($0) - 23 : 1) }'
}

# captions_left PAGE.html PDF: the printed pages of PAGE that end with a
# chart's caption, "N: ...TAIL" a line (none: every caption is on its
# chart's page)
captions_left() {
	caption_tails "$1" >"$tmp/tails"
	[ -s "$tmp/tails" ] || return 0
	pdftotext "$2" - 2>/dev/null | LC_ALL=C awk -v tails="$tmp/tails" '
		BEGIN { while ((getline t < tails) > 0) want[t] = 1; RS = "\f" }
		{
			gsub(/[ \t\n]|\302\240/, "")
			s = substr($0, length($0) > 24 ? length($0) - 23 : 1)
			if (s != "" && (s in want)) print NR ": ..." s
		}'
}

if [ $self_test -eq 1 ]; then
	# the stylesheet before issue 24: cells that wrap anywhere, in a
	# table narrower than its numbers and names
	cat >"$tmp/old.html" <<'EOF'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
table{border-collapse:collapse;font-size:12px;width:120px}
th,td{border:1px solid #ccc;overflow-wrap:anywhere}
</style></head><body><main><table><tr><th>Verified</th><th>GB/s</th></tr>
<tr><td>reduce_interleaved_divergent</td><td>664.5 2.706 1215</td></tr></table></main></body></html>
EOF
	for mode in screen print; do
		verdict=$(cells "$tmp/old.html" $mode)
		case $verdict in
		BAD*split*) echo "html.sh: self-test: $mode: the old stylesheet fails: ${verdict#BAD }" ;;
		*) ko "self-test: $mode: the cell check passes a table whose cells break anywhere (${verdict:-no verdict})" ;;
		esac
	done
	# units wrapped apart and table text in 7 pt: the unit and the size
	# checks fail
	cat >"$tmp/units.html" <<'EOF'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
table{border-collapse:collapse;font-size:12px}td{border:1px solid #ccc;width:30px}
@media print{table{font-size:7pt}}
</style></head><body><main><table><tr><td>946 M</td><td>0.0382 → 0.0269</td></tr></table></main></body></html>
EOF
	verdict=$(cells "$tmp/units.html" print)
	case $verdict in
	BAD*apart*"table text 7.0 pt"*) echo "html.sh: self-test: units wrapped apart and 7 pt tables fail: ${verdict#BAD }" ;;
	*) ko "self-test: units wrapped apart or 7 pt table text pass the check (${verdict:-no verdict})" ;;
	esac
	# a chart too tall for the rest of its page: without a rule that
	# keeps its figure whole, its caption stays behind
	for keep in "" ".figure{break-inside:avoid}"; do
		cat >"$tmp/caption.html" <<EOF
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page{size:A4;margin:14mm 12mm} svg{width:100%;height:auto} $keep
</style></head><body><main><div style="height:200mm">Filler.</div>
<div class="figure">
<p>The ladder at n = 2^28, drawn as the first.</p>
<p><span class="chart"><svg width="700" height="473" viewBox="0 0 700 473"><rect width="700" height="473" fill="#ccc"/><text x="20" y="40">reduce / float</text></svg></span></p>
</div></main></body></html>
EOF
		run_browser --no-pdf-header-footer --print-to-pdf="$tmp/caption.pdf" \
			"file://$tmp/caption.html" >/dev/null
		left=$(captions_left "$tmp/caption.html" "$tmp/caption.pdf")
		case $keep:$left in
		:1:*) echo "html.sh: self-test: a caption left behind fails the caption check (page $left)" ;;
		.figure*:) echo "html.sh: self-test: a figure kept whole passes the caption check" ;;
		*) ko "self-test: caption check: keep rule \"$keep\", pages ending with a caption: \"$left\"" ;;
		esac
	done
	[ $fail -eq 0 ] && echo "html.sh: self-test: 5 passed, 0 failed"
	exit $fail
fi

if [ -n "$only" ]; then
	case $only in /*) ;; *) only=$(pwd)/$only ;; esac
	for mode in screen print; do
		verdict=$(cells "$only" $mode)
		case $verdict in
		CELLS-OK*) echo "html.sh: $only ($mode): ${verdict#CELLS-OK }: none split" ;;
		*) ko "$only ($mode): ${verdict:-no verdict from the browser}" ;;
		esac
	done
	exit $fail
fi

if ! "$culab" report "$results" -o "$tmp/r" --format html >"$tmp/out" 2>&1; then
	ko "culab report --format html failed:"
	cat "$tmp/out"
	exit 1
fi
[ ! -e "$tmp/r/report.en.md" ] || ko "--format html wrote Markdown too"
[ ! -e "$tmp/r/details.en.md" ] || ko "--format html wrote the details' Markdown"

for lang in en zh; do
	# the details: its page and each family's (details-FAMILY.<lang>.html)
	files=
	for kind in $pages; do
		files="$files $kind"
		[ "$kind" != details ] ||
			for f in "$tmp/r"/details-*."$lang".html; do
				[ -e "$f" ] || continue
				f=${f##*/}
				files="$files ${f%.$lang.html}"
			done
	done
	family_svgs=0
	for kind in $files; do
		page=$tmp/r/$kind.$lang.html
		what="$lang $kind"
		if [ ! -s "$page" ]; then
			ko "no $page"
			continue
		fi
		grep -qi '<script' "$page" && ko "$what: the page holds a <script>"
		if [ "$kind" = report ]; then
			# 1. the details page, linked from the body
			[ -s "$tmp/r/details.$lang.html" ] || ko "$what: no details.$lang.html"
			grep -q "href=\"details\\.$lang\\.html" "$page" ||
				ko "$what: no link to details.$lang.html"
			grep -q "href=\"details\\.$lang\\.md" "$page" &&
				ko "$what: links the details' Markdown, not its page"
			limit=$max_pages
		else
			limit=$details_max
		fi
		# the charts the page shows are inline; the families' details
		# pages show all of them between them
		imgs=$(grep -o '<img[^>]*charts/' "$page" | wc -l)
		[ "$imgs" -eq 0 ] || ko "$what: $imgs charts not inline"
		svgs=$(grep -o '<svg' "$page" | wc -l)
		case $kind in details-*) family_svgs=$((family_svgs + svgs)) ;; esac

		# 2. printed to PDF
		run_browser --no-pdf-header-footer --print-to-pdf="$tmp/$lang-$kind.pdf" \
			"file://$page" >/dev/null
		n=$(pdfinfo "$tmp/$lang-$kind.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
		if [ -z "$n" ]; then
			ko "$what: chromium printed no PDF"
		elif [ "$n" -lt 2 ] || [ "$n" -gt "$limit" ]; then
			ko "$what: $n pages printed, want 2..$limit"
		fi
		# the Chinese page in a Chinese font, not in boxes
		if [ "$lang" = zh ] && ! pdffonts "$tmp/$lang-$kind.pdf" 2>/dev/null |
		   grep -qi 'cjk\|han\|hei\|song\|ming\|wqy\|kai'; then
			ko "$what: no Chinese font in the PDF (sh src/deps.sh test installs one)"
		fi
		# 5. no page ends with a caption whose chart went on
		left=$(captions_left "$page" "$tmp/$lang-$kind.pdf")
		[ -z "$left" ] || ko "$what: a chart's caption left at the foot of a page, page $left"
		size=$(pdfinfo "$tmp/$lang-$kind.pdf" 2>/dev/null | awk '/^Page size:/ { print $3 "x" $5 }')
		case $size in 59[0-9]*x84[0-9]*) ;; *) ko "$what: page size $size pt, not A4" ;; esac
		# ink on the first page: pixels darker than light grey, of 160x226
		if pdftoppm -f 1 -l 1 -r 20 -gray "$tmp/$lang-$kind.pdf" "$tmp/p$lang$kind" 2>/dev/null; then
			dark=$(tail -c 36160 "$tmp/p$lang$kind"-*1.pgm | od -An -v -tu1 |
			       awk '{ for (i = 1; i <= NF; i++) if ($i < 200) n++ } END { print n + 0 }')
			[ "$dark" -gt 300 ] || ko "$what: the first printed page is blank ($dark dark pixels)"
		else
			ko "$what: pdftoppm could not read the PDF"
		fi

		# 3. a screenshot (the English body: chromium takes seconds to
		# start): a blank page compresses to a few kB
		if [ "$lang" = en ] && [ "$kind" = report ]; then
			run_browser --window-size=1000,1400 --screenshot="$tmp/$lang.png" \
				"file://$page" >/dev/null
			shot=$(wc -c <"$tmp/$lang.png" 2>/dev/null || echo 0)
			[ "$shot" -gt 20000 ] || ko "$what: screenshot blank or missing ($shot bytes)"
		fi

		# 4. every cell, on screen and in print
		for mode in screen print; do
			verdict=$(cells "$page" $mode)
			case $verdict in
			CELLS-OK*) ;;
			*) ko "$what ($mode): ${verdict:-no verdict from the browser}" ;;
			esac
		done
		case $verdict in
		CELLS-OK*) echo "html.sh: $what: $n pages (A4), $svgs inline charts, ${verdict#CELLS-OK }: none split on screen (1280 px) or in print, every table within the page" ;;
		esac
	done
	case " $pages " in
	*" details "*)
		# each language's pages show its own: the ladder charts are
		# drawn once per language (NAME.svg, NAME.zh.svg), the others
		# once for both
		if [ "$lang" = zh ]; then
			charts=$(find "$tmp/r/charts" -name '*.svg' ! -name 'ladder-*' |
				 wc -l)
			charts=$((charts + $(find "$tmp/r/charts" -name 'ladder-*.zh.svg' | wc -l)))
		else
			charts=$(find "$tmp/r/charts" -name '*.svg' ! -name '*.zh.svg' |
				 wc -l)
		fi
		[ "$family_svgs" -eq "$charts" ] ||
			ko "$lang details: the families' pages show $family_svgs inline charts, $charts drawn" ;;
	esac
done
if [ "$fail" -ne 0 ] && [ -s "$tmp/browser.log" ]; then
	echo "html.sh: the browser said:"
	grep -v -i 'dbus\|bus.cc\|gpu_init\|sandbox' "$tmp/browser.log" | tail -n 5
fi
exit $fail
