# bandwidth-reduce-float.gp - drawn by culab.  Edit it and run `gnuplot bandwidth-reduce-float.gp` in this directory
# to redraw bandwidth-reduce-float.png and bandwidth-reduce-float.svg from bandwidth-reduce-float.dat.
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
		set terminal pngcairo size 700,570 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,570 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'bandwidth-reduce-float.'.fmt
	set title 'reduce / float, NVIDIA H100 80GB HBM3: bandwidth against size'
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
	set ylabel 'GB/s'
	set grid
	set logscale x 2
	set format x '2^%L'
	set yrange [0:3519.800365]
	set ytics ('0' 0, '1000' 1000, '2000' 2000, '3000' 3000)
	set key below Left reverse samplen 3 maxcols 2
	plot 'bandwidth-reduce-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 7 ps 1.1 dt 1 title 'global', \
	     'bandwidth-reduce-float.dat' index 0 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'bandwidth-reduce-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 5 ps 1.1 dt 1 title 'one_block', \
	     'bandwidth-reduce-float.dat' index 1 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'bandwidth-reduce-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 9 ps 1.1 dt 1 title 'interleaved_divergent', \
	     'bandwidth-reduce-float.dat' index 2 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'bandwidth-reduce-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 11 ps 1.1 dt 1 title 'interleaved_strided', \
	     'bandwidth-reduce-float.dat' index 3 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     'bandwidth-reduce-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc rgb '#009E73' pt 13 ps 1.1 dt 1 title 'shared_static', \
	     'bandwidth-reduce-float.dat' index 4 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#009E73' notitle, \
	     'bandwidth-reduce-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc rgb '#E69F00' pt 6 ps 1.1 dt 1 title 'shared_dynamic', \
	     'bandwidth-reduce-float.dat' index 5 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#E69F00' notitle, \
	     'bandwidth-reduce-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc rgb '#56B4E9' pt 4 ps 1.1 dt 1 title 'first_add', \
	     'bandwidth-reduce-float.dat' index 6 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#56B4E9' notitle, \
	     'bandwidth-reduce-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 8 ps 1.1 dt 4 title 'warp_volatile', \
	     'bandwidth-reduce-float.dat' index 7 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'bandwidth-reduce-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 10 ps 1.1 dt 4 title 'warp_syncwarp', \
	     'bandwidth-reduce-float.dat' index 8 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'bandwidth-reduce-float.dat' index 9 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 12 ps 1.1 dt 4 title 'unrolled', \
	     'bandwidth-reduce-float.dat' index 9 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'bandwidth-reduce-float.dat' index 10 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 1 ps 1.1 dt 4 title 'grid_stride', \
	     'bandwidth-reduce-float.dat' index 10 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     'bandwidth-reduce-float.dat' index 11 using 1:2 with linespoints lw 1.5 lc rgb '#009E73' pt 2 ps 1.1 dt 4 title 'shuffle', \
	     'bandwidth-reduce-float.dat' index 11 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#009E73' notitle, \
	     'bandwidth-reduce-float.dat' index 12 using 1:2 with linespoints lw 1.5 lc rgb '#E69F00' pt 3 ps 1.1 dt 4 title 'vector_atomic', \
	     'bandwidth-reduce-float.dat' index 12 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#E69F00' notitle, \
	     'bandwidth-reduce-float.dat' index 13 using 1:2 with linespoints lw 1.5 lc rgb '#56B4E9' pt 7 ps 1.1 dt 4 title 'single_pass', \
	     'bandwidth-reduce-float.dat' index 13 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#56B4E9' notitle, \
	     'bandwidth-reduce-float.dat' index 14 using 1:2 with linespoints lw 1.5 lc rgb '#0072B2' pt 5 ps 1.1 dt 2 title 'read (ceiling)', \
	     'bandwidth-reduce-float.dat' index 14 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0072B2' notitle, \
	     'bandwidth-reduce-float.dat' index 15 using 1:2 with linespoints lw 1.5 lc rgb '#D55E00' pt 9 ps 1.1 dt 5 title 'cub', \
	     'bandwidth-reduce-float.dat' index 15 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#D55E00' notitle, \
	     'bandwidth-reduce-float.dat' index 16 using 1:2 with linespoints lw 1.5 lc rgb '#CC79A7' pt 11 ps 1.1 dt 5 title 'thrust', \
	     'bandwidth-reduce-float.dat' index 16 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#CC79A7' notitle, \
	     'bandwidth-reduce-float.dat' index 17 using 1:2 with linespoints lw 1.5 lc rgb '#000000' pt 13 ps 1.1 dt 5 title 'cpu', \
	     'bandwidth-reduce-float.dat' index 17 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     3352.32 with lines lw 2 dt 1 lc rgb '#000000' title 'theoretical peak 3352 GB/s'
	unset output
}
