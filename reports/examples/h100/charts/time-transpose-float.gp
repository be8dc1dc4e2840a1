# time-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot time-transpose-float.gp` in this directory
# to redraw time-transpose-float.png and time-transpose-float.svg from time-transpose-float.dat.
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
		set terminal pngcairo size 700,437 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,437 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'time-transpose-float.'.fmt
	set title 'transpose / float, NVIDIA H100 80GB HBM3: median time against size'
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
	set xlabel 'elements (rows x columns)'
	set ylabel 'time (ms)'
	set grid
	set logscale x 2
	set format x '2^%L'
	set yrange [0.0052034782:1.301027185]
	set logscale y 10
	set ytics ('0.01' 0.01, '0.1' 0.1, '1' 1)
	set key below Left reverse samplen 3 maxcols 3
	plot 'time-transpose-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 7 ps 1.1 dt 1 title 'naive', \
	     'time-transpose-float.dat' index 0 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'time-transpose-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 5 ps 1.1 dt 1 title 'naive_strided_read', \
	     'time-transpose-float.dat' index 1 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'time-transpose-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 9 ps 1.1 dt 1 title 'naive_ldg', \
	     'time-transpose-float.dat' index 2 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'time-transpose-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 11 ps 1.1 dt 1 title 'tile', \
	     'time-transpose-float.dat' index 3 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     'time-transpose-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc rgb '#009E73' pt 13 ps 1.1 dt 1 title 'tile_pad', \
	     'time-transpose-float.dat' index 4 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#009E73' notitle, \
	     'time-transpose-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc rgb '#E69F00' pt 6 ps 1.1 dt 1 title 'tile_swizzle', \
	     'time-transpose-float.dat' index 5 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#E69F00' notitle, \
	     'time-transpose-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc rgb '#56B4E9' pt 4 ps 1.1 dt 1 title 'tile_pairs', \
	     'time-transpose-float.dat' index 6 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#56B4E9' notitle, \
	     'time-transpose-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 8 ps 1.1 dt 2 title 'copy (ceiling)', \
	     'time-transpose-float.dat' index 7 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'time-transpose-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 10 ps 1.1 dt 2 title 'copy_shared', \
	     'time-transpose-float.dat' index 8 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle
	unset output
}
