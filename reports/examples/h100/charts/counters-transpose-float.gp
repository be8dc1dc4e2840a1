# counters-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot counters-transpose-float.gp` in this directory
# to redraw counters-transpose-float.png and counters-transpose-float.svg from counters-transpose-float.dat.
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
	set output outdir.'counters-transpose-float.'.fmt
	set multiplot layout 4,2 title 'transpose / float, 8192 x 8192, NVIDIA H100 80GB HBM3: counters per rung'
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
	set yrange [0.04600378183:64.77305582]
	set logscale y 10
	set ytics ('0.1' 0.1, '1' 1, '10' 10)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'bank_conflicts_per_shared_ld', \
	     'counters-transpose-float.dat' index 0 using ($1+0.0000):2:(fmt_v($2)) with labels offset 0,0.6 font ',11' notitle
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
	set yrange [0:111.1111111]
	set ytics ('0' 0, '25' 25, '50' 50, '75' 75, '100' 100)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'gld_efficiency_pct', \
	     'counters-transpose-float.dat' index 1 using ($1+0.0000):2:(fmt_v($2)) with labels offset 0,0.6 font ',11' notitle
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
	set yrange [0:35.55555556]
	set ytics ('0' 0, '10' 10, '20' 20, '30' 30)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'gld_sectors_per_request', \
	     'counters-transpose-float.dat' index 2 using ($1+0.0000):2:(fmt_v($2)) with labels offset 0,0.6 font ',11' notitle
	set title 'gst_efficiency_pct'
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
	set yrange [0:111.1111111]
	set ytics ('0' 0, '25' 25, '50' 50, '75' 75, '100' 100)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'gst_efficiency_pct', \
	     'counters-transpose-float.dat' index 3 using ($1+0.0000):2:(fmt_v($2)) with labels offset 0,0.6 font ',11' notitle
	set title 'gst_sectors_per_request'
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
	set yrange [0:35.55555556]
	set ytics ('0' 0, '10' 10, '20' 20, '30' 30)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'gst_sectors_per_request', \
	     'counters-transpose-float.dat' index 4 using ($1+0.0000):2:(fmt_v($2)) with labels offset 0,0.6 font ',11' notitle
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
	set yrange [0:370246542.2]
	set ytics ('0' 0, '100M' 100000000, '200M' 200000000, '300M' 300000000)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'dram_read_bytes', \
	     'counters-transpose-float.dat' index 5 using ($1+0.0000):2:(fmt_si($2)) with labels offset 0,0.6 font ',11' notitle
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
	set yrange [0:105.5070366]
	set ytics ('0' 0, '25' 25, '50' 50, '75' 75, '100' 100)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'achieved_occupancy_pct', \
	     'counters-transpose-float.dat' index 6 using ($1+0.0000):2:(fmt_v($2)) with labels offset 0,0.6 font ',11' notitle
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
	set ylabel 'B'
	set grid ytics
	set yrange [0:347769457.8]
	set ytics ('0' 0, '100M' 100000000, '200M' 200000000, '300M' 300000000)
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6) scale 0 font ',11'
	set lmargin 9
	set rmargin 1
	set style fill solid 0.9 border -1
	set key off
	plot 'counters-transpose-float.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#0072B2' title 'dram_write_bytes', \
	     'counters-transpose-float.dat' index 7 using ($1+0.0000):2:(fmt_si($2)) with labels offset 0,0.6 font ',11' notitle
	unset multiplot
	unset output
}
