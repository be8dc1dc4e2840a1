# counters-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot counters-transpose-float.gp` in this directory
# to redraw counters-transpose-float.png and counters-transpose-float.svg from counters-transpose-float.dat.
reset
set encoding utf8
set datafile missing '?'
if (!exists("outdir")) outdir = ''
do for [fmt in 'png svg'] {
	if (fmt eq 'png') {
		set terminal pngcairo size 960,1320 noenhanced font 'Sans,10'
	} else {
		set terminal svg size 960,1320 noenhanced font 'Sans,10' background '#ffffff'
	}
	set output outdir.'counters-transpose-float.'.fmt
	set multiplot layout 4,2 title 'transpose / float, 8192 x 8192: the signatures’ counters per rung'
	set title 'bank_conflicts_per_shared_ld'
	set xlabel 'rung'
	set ylabel 'conflicts/instr (log; 0 not drawn)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 10
	set format y '10^%L'
	set yrange [0.04386425018:65.2494401]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'bank_conflicts_per_shared_ld', \
	     'counters-transpose-float.dat' index 0 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'gld_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'gld_efficiency_pct', \
	     'counters-transpose-float.dat' index 1 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'gld_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.84]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'gld_sectors_per_request', \
	     'counters-transpose-float.dat' index 2 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'gst_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'gst_efficiency_pct', \
	     'counters-transpose-float.dat' index 3 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'gst_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.84]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'gst_sectors_per_request', \
	     'counters-transpose-float.dat' index 4 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'dram_read_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:353172521]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'dram_read_bytes', \
	     'counters-transpose-float.dat' index 5 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'achieved_occupancy_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:105.5219611]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'achieved_occupancy_pct', \
	     'counters-transpose-float.dat' index 6 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	set title 'dram_write_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:327201996.8]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-transpose-float.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'dram_write_bytes', \
	     'counters-transpose-float.dat' index 7 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	unset multiplot
	unset output
}
