# time-reduce-float.gp - drawn by culab.  Edit it and run `gnuplot time-reduce-float.gp` in this directory
# to redraw time-reduce-float.png and time-reduce-float.svg from time-reduce-float.dat.
reset
set encoding utf8
set datafile missing '?'
if (!exists("outdir")) outdir = ''
do for [fmt in 'png svg'] {
	if (fmt eq 'png') {
		set terminal pngcairo size 960,540 noenhanced font 'Sans,10'
	} else {
		set terminal svg size 960,540 noenhanced font 'Sans,10' background '#ffffff'
	}
	set output outdir.'time-reduce-float.'.fmt
	set title 'reduce / float: median time vs size'
	set xlabel 'elements (n)'
	set ylabel 'time (ms)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale x 2
	set format x '2^%L'
	set logscale y 10
	set format y '10^%L'
	set xtics autofreq
	set lmargin -1
	set key below
	plot 'time-reduce-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc rgb '#1f77b4' pt 1 dt 1 title 'reduce_global', \
	     'time-reduce-float.dat' index 0 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#1f77b4' notitle, \
	     'time-reduce-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc rgb '#e6550d' pt 2 dt 1 title 'reduce_one_block', \
	     'time-reduce-float.dat' index 1 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#e6550d' notitle, \
	     'time-reduce-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc rgb '#2ca02c' pt 3 dt 1 title 'reduce_interleaved_divergent', \
	     'time-reduce-float.dat' index 2 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#2ca02c' notitle, \
	     'time-reduce-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc rgb '#d62728' pt 4 dt 1 title 'reduce_interleaved_strided', \
	     'time-reduce-float.dat' index 3 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#d62728' notitle, \
	     'time-reduce-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc rgb '#9467bd' pt 5 dt 1 title 'reduce_shared_static', \
	     'time-reduce-float.dat' index 4 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#9467bd' notitle, \
	     'time-reduce-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc rgb '#8c564b' pt 6 dt 1 title 'reduce_shared_dynamic', \
	     'time-reduce-float.dat' index 5 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#8c564b' notitle, \
	     'time-reduce-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc rgb '#e377c2' pt 7 dt 1 title 'reduce_first_add', \
	     'time-reduce-float.dat' index 6 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#e377c2' notitle, \
	     'time-reduce-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc rgb '#7f7f7f' pt 8 dt 1 title 'reduce_warp_volatile', \
	     'time-reduce-float.dat' index 7 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#7f7f7f' notitle, \
	     'time-reduce-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc rgb '#bcbd22' pt 9 dt 1 title 'reduce_warp_syncwarp', \
	     'time-reduce-float.dat' index 8 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#bcbd22' notitle, \
	     'time-reduce-float.dat' index 9 using 1:2 with linespoints lw 1.5 lc rgb '#17becf' pt 10 dt 1 title 'reduce_unrolled', \
	     'time-reduce-float.dat' index 9 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#17becf' notitle, \
	     'time-reduce-float.dat' index 10 using 1:2 with linespoints lw 1.5 lc rgb '#f3c300' pt 11 dt 1 title 'reduce_grid_stride', \
	     'time-reduce-float.dat' index 10 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#f3c300' notitle, \
	     'time-reduce-float.dat' index 11 using 1:2 with linespoints lw 1.5 lc rgb '#875692' pt 12 dt 1 title 'reduce_shuffle', \
	     'time-reduce-float.dat' index 11 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#875692' notitle, \
	     'time-reduce-float.dat' index 12 using 1:2 with linespoints lw 1.5 lc rgb '#a1caf1' pt 13 dt 1 title 'reduce_vector_atomic', \
	     'time-reduce-float.dat' index 12 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#a1caf1' notitle, \
	     'time-reduce-float.dat' index 13 using 1:2 with linespoints lw 1.5 lc rgb '#be0032' pt 1 dt 1 title 'reduce_single_pass', \
	     'time-reduce-float.dat' index 13 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#be0032' notitle, \
	     'time-reduce-float.dat' index 14 using 1:2 with linespoints lw 1.5 lc rgb '#c2b280' pt 2 dt 1 title 'reduce_modulo.reduce_modulo (yours)', \
	     'time-reduce-float.dat' index 14 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#c2b280' notitle, \
	     'time-reduce-float.dat' index 15 using 1:2 with linespoints lw 1.5 lc rgb '#008856' pt 3 dt 1 title 'reduce_shfl.v2 (yours)', \
	     'time-reduce-float.dat' index 15 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#008856' notitle, \
	     'time-reduce-float.dat' index 16 using 1:2 with linespoints lw 1.5 lc rgb '#f99379' pt 4 dt 2 title 'reduce_read (ceiling)', \
	     'time-reduce-float.dat' index 16 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#f99379' notitle, \
	     'time-reduce-float.dat' index 17 using 1:2 with linespoints lw 1.5 lc rgb '#0067a5' pt 5 dt 1 title 'reduce_cub', \
	     'time-reduce-float.dat' index 17 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0067a5' notitle, \
	     'time-reduce-float.dat' index 18 using 1:2 with linespoints lw 1.5 lc rgb '#604e97' pt 6 dt 1 title 'reduce_thrust', \
	     'time-reduce-float.dat' index 18 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#604e97' notitle, \
	     'time-reduce-float.dat' index 19 using 1:2 with linespoints lw 1.5 lc rgb '#654522' pt 7 dt 1 title 'reduce_cpu', \
	     'time-reduce-float.dat' index 19 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#654522' notitle
	unset output
}
