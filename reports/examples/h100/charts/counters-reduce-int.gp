# counters-reduce-int.gp - drawn by culab.  Edit it and run `gnuplot counters-reduce-int.gp` in this directory
# to redraw counters-reduce-int.png and counters-reduce-int.svg from counters-reduce-int.dat.
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
	set output outdir.'counters-reduce-int.'.fmt
	set multiplot layout 4,2 title 'reduce / int, n = 2^24: the signatures’ counters per rung'
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
	set yrange [0.0005918560606:62.66134664]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'bank_conflicts_per_shared_ld', \
	     'counters-reduce-int.dat' index 0 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'gld_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:130]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'gld_efficiency_pct', \
	     'counters-reduce-int.dat' index 1 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'gld_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:20.8]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'gld_sectors_per_request', \
	     'counters-reduce-int.dat' index 2 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'warp_instructions'
	set xlabel 'rung'
	set ylabel 'instr (log; 0 not drawn)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 10
	set format y '10^%L'
	set yrange [1977320:437236531]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'warp_instructions', \
	     'counters-reduce-int.dat' index 3 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'shared_bytes_per_instr'
	set xlabel 'rung'
	set ylabel 'B/instr (log; 0 not drawn)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 10
	set format y '10^%L'
	set yrange [4.759031393:734.8867028]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'shared_bytes_per_instr', \
	     'counters-reduce-int.dat' index 4 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'dram_read_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:88095820.8]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'dram_read_bytes', \
	     'counters-reduce-int.dat' index 5 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'dram_write_bytes'
	set xlabel 'rung'
	set ylabel 'B (log; 0 not drawn)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 10
	set format y '10^%L'
	set yrange [11520:449505888.8]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'dram_write_bytes', \
	     'counters-reduce-int.dat' index 6 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	set title 'achieved_occupancy_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:125.7789522]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key off
	plot 'counters-reduce-int.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'achieved_occupancy_pct', \
	     'counters-reduce-int.dat' index 7 using ($1+0.0000):($2 < 0 ? 0 : $2):(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	unset multiplot
	unset output
}
