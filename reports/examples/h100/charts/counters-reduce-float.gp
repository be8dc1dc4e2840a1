# counters-reduce-float.gp - drawn by culab.  Edit it and run `gnuplot counters-reduce-float.gp` in this directory
# to redraw counters-reduce-float.png and counters-reduce-float.svg from counters-reduce-float.dat.
reset
set encoding utf8
set datafile missing '?'
if (!exists("outdir")) outdir = ''
# bar labels: speedups (152x, 1.63x, 0.0061x), values (2966, 1.60, 0.342) and
# values with SI prefixes (854k, 43.7M)
fmt_x(v) = v >= 99.95 ? sprintf('%.0fx', v) : v >= 9.995 ? sprintf('%.1fx', v) : v >= 0.0995 ? sprintf('%.2fx', v) : sprintf('%.2gx', v)
fmt_v(v) = abs(v) >= 99.95 ? sprintf('%.0f', v) : v == 0 ? '0' : sprintf('%#.3g', v)
si_e(v) = int(floor(log10(abs(v) * 1.0005) / 3))
fmt_si(v) = abs(v) < 999.5 ? sprintf('%.3g', v) : sprintf('%.3g%s', v / 1000.0**si_e(v), word('k M G T P E', si_e(v)))
do for [fmt in 'png svg'] {
	if (fmt eq 'png') {
		set terminal pngcairo size 700,930 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,930 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'counters-reduce-float.'.fmt
	set multiplot layout 4,2 title 'reduce / float, n = 2^28, NVIDIA H100 80GB HBM3: counters per rung'
	set title 'bank_conflicts_per_shared_ld'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel 'conflicts/instr (log; 0 not drawn)'
	set grid ytics
	set yrange [0.000181937268:181.4055745]
	set logscale y 10
	set ytics ('0.001' 0.001, '0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'bank_conflicts_per_shared_ld', \
	     'counters-reduce-float.dat' index 0 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_v($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'gld_efficiency_pct'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel '%'
	set grid ytics
	set yrange [0:142.8571429]
	set ytics ('0' 0, '50' 50, '100' 100)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'gld_efficiency_pct', \
	     'counters-reduce-float.dat' index 1 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_v($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'gld_sectors_per_request'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel 'sectors/request'
	set grid ytics
	set yrange [0:22.85714286]
	set ytics ('0' 0, '5' 5, '10' 10, '15' 15, '20' 20)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'gld_sectors_per_request', \
	     'counters-reduce-float.dat' index 2 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_v($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'warp_instructions'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel 'instr (log; 0 not drawn)'
	set grid ytics
	set yrange [22084550.77:1.53885897e+10]
	set logscale y 10
	set ytics ('100M' 100000000, '1G' 1000000000, '10G' 1e+10)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'warp_instructions', \
	     'counters-reduce-float.dat' index 3 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_si($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'shared_bytes_per_instr'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel 'B/instr (log; 0 not drawn)'
	set grid ytics
	set yrange [3.119986731:628.8111123]
	set logscale y 10
	set ytics ('10' 10, '100' 100)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'shared_bytes_per_instr', \
	     'counters-reduce-float.dat' index 4 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_v($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'dram_read_bytes'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel 'B'
	set grid ytics
	set yrange [0:1541538011]
	set ytics ('0' 0, '500M' 500000000, '1G' 1000000000, '1.5G' 1500000000)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'dram_read_bytes', \
	     'counters-reduce-float.dat' index 5 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_si($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'dram_write_bytes'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel 'B (log; 0 not drawn)'
	set grid ytics
	set yrange [17329.23077:4.361151764e+10]
	set logscale y 10
	set ytics ('100k' 100000, '1M' 1000000, '10M' 10000000, '100M' 100000000, '1G' 1000000000, '10G' 1e+10)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'dram_write_bytes', \
	     'counters-reduce-float.dat' index 6 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_si($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	set title 'achieved_occupancy_pct'
	unset logscale
	unset arrow
	unset label
	set autoscale
	set xtics autofreq
	set ytics autofreq
	set format x '% h'
	set format y '% h'
	unset grid
	set border
	set key default
	set lmargin -1
	set rmargin -1
	set tmargin -1
	set bmargin -1
	set xlabel 'rung'
	set ylabel '%'
	set grid ytics
	set yrange [0:140.3194018]
	set ytics ('0' 0, '50' 50, '100' 100)
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-reduce-float.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'achieved_occupancy_pct', \
	     'counters-reduce-float.dat' index 7 using ($1+0.0000):($2 < 0 ? 0 : $2):(fmt_v($2)) with labels rotate by 90 left offset 0,0.3 font ',11' notitle
	unset multiplot
	unset output
}
