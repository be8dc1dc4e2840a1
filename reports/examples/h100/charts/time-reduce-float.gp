# time-reduce-float.gp - drawn by culab.  Edit it and run `gnuplot time-reduce-float.gp` in this directory
# to redraw time-reduce-float.png and time-reduce-float.svg from time-reduce-float.dat.
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
		set terminal pngcairo size 700,551 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,551 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'time-reduce-float.'.fmt
	set title 'reduce / float, NVIDIA H100 80GB HBM3: median time against size'
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
	set xlabel 'elements (n)'
	set ylabel 'time (ms)'
	set grid
	set logscale x 2
	set format x '2^%L'
	set yrange [0.005648695743:450.4912322]
	set logscale y 10
	set ytics ('0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100)
	set key below Left reverse samplen 3 maxcols 2
	plot 'time-reduce-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 7 ps 1.1 dt 1 title 'global', \
	     'time-reduce-float.dat' index 0 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'time-reduce-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 5 ps 1.1 dt 1 title 'one_block', \
	     'time-reduce-float.dat' index 1 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'time-reduce-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 9 ps 1.1 dt 1 title 'interleaved_divergent', \
	     'time-reduce-float.dat' index 2 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'time-reduce-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 11 ps 1.1 dt 1 title 'interleaved_strided', \
	     'time-reduce-float.dat' index 3 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     'time-reduce-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc rgb '#009E73' pt 13 ps 1.1 dt 1 title 'shared_static', \
	     'time-reduce-float.dat' index 4 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#009E73' notitle, \
	     'time-reduce-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc rgb '#E69F00' pt 6 ps 1.1 dt 1 title 'shared_dynamic', \
	     'time-reduce-float.dat' index 5 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#E69F00' notitle, \
	     'time-reduce-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc rgb '#56B4E9' pt 4 ps 1.1 dt 1 title 'first_add', \
	     'time-reduce-float.dat' index 6 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#56B4E9' notitle, \
	     'time-reduce-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 8 ps 1.1 dt 4 title 'warp_volatile', \
	     'time-reduce-float.dat' index 7 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'time-reduce-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 10 ps 1.1 dt 4 title 'warp_syncwarp', \
	     'time-reduce-float.dat' index 8 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'time-reduce-float.dat' index 9 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 12 ps 1.1 dt 4 title 'unrolled', \
	     'time-reduce-float.dat' index 9 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'time-reduce-float.dat' index 10 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 1 ps 1.1 dt 4 title 'grid_stride', \
	     'time-reduce-float.dat' index 10 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     'time-reduce-float.dat' index 11 using 1:2 with linespoints lw 1.5 lc rgb '#009E73' pt 2 ps 1.1 dt 4 title 'shuffle', \
	     'time-reduce-float.dat' index 11 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#009E73' notitle, \
	     'time-reduce-float.dat' index 12 using 1:2 with linespoints lw 1.5 lc rgb '#E69F00' pt 3 ps 1.1 dt 4 title 'vector_atomic', \
	     'time-reduce-float.dat' index 12 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#E69F00' notitle, \
	     'time-reduce-float.dat' index 13 using 1:2 with linespoints lw 1.5 lc rgb '#56B4E9' pt 7 ps 1.1 dt 4 title 'single_pass', \
	     'time-reduce-float.dat' index 13 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#56B4E9' notitle, \
	     'time-reduce-float.dat' index 14 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 5 ps 1.1 dt 2 title 'read (ceiling)', \
	     'time-reduce-float.dat' index 14 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'time-reduce-float.dat' index 15 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 9 ps 1.1 dt 5 title 'cub', \
	     'time-reduce-float.dat' index 15 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'time-reduce-float.dat' index 16 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 11 ps 1.1 dt 5 title 'thrust', \
	     'time-reduce-float.dat' index 16 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'time-reduce-float.dat' index 17 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 13 ps 1.1 dt 5 title 'cpu', \
	     'time-reduce-float.dat' index 17 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	unset output
}
