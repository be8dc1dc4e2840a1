# bandwidth-reduce-int.gp - drawn by culab.  Edit it and run `gnuplot bandwidth-reduce-int.gp` in this directory
# to redraw bandwidth-reduce-int.png and bandwidth-reduce-int.svg from bandwidth-reduce-int.dat.
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
	set output outdir.'bandwidth-reduce-int.'.fmt
	set title 'reduce / int: bandwidth vs size'
	set xlabel 'elements (n)'
	set ylabel 'GB/s'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale x 2
	set format x '2^%L'
	set xtics autofreq
	set lmargin -1
	set key below
	plot 'bandwidth-reduce-int.dat' index 0 using 1:2 with linespoints lw 1.5 lc rgb '#1f77b4' pt 1 dt 1 title 'reduce_global', \
	     'bandwidth-reduce-int.dat' index 0 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#1f77b4' notitle, \
	     'bandwidth-reduce-int.dat' index 1 using 1:2 with linespoints lw 1.5 lc rgb '#e6550d' pt 2 dt 1 title 'reduce_one_block', \
	     'bandwidth-reduce-int.dat' index 1 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#e6550d' notitle, \
	     'bandwidth-reduce-int.dat' index 2 using 1:2 with linespoints lw 1.5 lc rgb '#2ca02c' pt 3 dt 1 title 'reduce_interleaved_divergent', \
	     'bandwidth-reduce-int.dat' index 2 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#2ca02c' notitle, \
	     'bandwidth-reduce-int.dat' index 3 using 1:2 with linespoints lw 1.5 lc rgb '#d62728' pt 4 dt 1 title 'reduce_interleaved_strided', \
	     'bandwidth-reduce-int.dat' index 3 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#d62728' notitle, \
	     'bandwidth-reduce-int.dat' index 4 using 1:2 with linespoints lw 1.5 lc rgb '#9467bd' pt 5 dt 1 title 'reduce_shared_static', \
	     'bandwidth-reduce-int.dat' index 4 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#9467bd' notitle, \
	     'bandwidth-reduce-int.dat' index 5 using 1:2 with linespoints lw 1.5 lc rgb '#8c564b' pt 6 dt 1 title 'reduce_shared_dynamic', \
	     'bandwidth-reduce-int.dat' index 5 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#8c564b' notitle, \
	     'bandwidth-reduce-int.dat' index 6 using 1:2 with linespoints lw 1.5 lc rgb '#e377c2' pt 7 dt 1 title 'reduce_first_add', \
	     'bandwidth-reduce-int.dat' index 6 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#e377c2' notitle, \
	     'bandwidth-reduce-int.dat' index 7 using 1:2 with linespoints lw 1.5 lc rgb '#7f7f7f' pt 8 dt 1 title 'reduce_warp_volatile', \
	     'bandwidth-reduce-int.dat' index 7 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#7f7f7f' notitle, \
	     'bandwidth-reduce-int.dat' index 8 using 1:2 with linespoints lw 1.5 lc rgb '#bcbd22' pt 9 dt 1 title 'reduce_warp_syncwarp', \
	     'bandwidth-reduce-int.dat' index 8 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#bcbd22' notitle, \
	     'bandwidth-reduce-int.dat' index 9 using 1:2 with linespoints lw 1.5 lc rgb '#17becf' pt 10 dt 1 title 'reduce_unrolled', \
	     'bandwidth-reduce-int.dat' index 9 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#17becf' notitle, \
	     'bandwidth-reduce-int.dat' index 10 using 1:2 with linespoints lw 1.5 lc rgb '#f3c300' pt 11 dt 1 title 'reduce_grid_stride', \
	     'bandwidth-reduce-int.dat' index 10 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#f3c300' notitle, \
	     'bandwidth-reduce-int.dat' index 11 using 1:2 with linespoints lw 1.5 lc rgb '#875692' pt 12 dt 1 title 'reduce_shuffle', \
	     'bandwidth-reduce-int.dat' index 11 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#875692' notitle, \
	     'bandwidth-reduce-int.dat' index 12 using 1:2 with linespoints lw 1.5 lc rgb '#a1caf1' pt 13 dt 1 title 'reduce_vector_atomic', \
	     'bandwidth-reduce-int.dat' index 12 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#a1caf1' notitle, \
	     'bandwidth-reduce-int.dat' index 13 using 1:2 with linespoints lw 1.5 lc rgb '#be0032' pt 1 dt 1 title 'reduce_single_pass', \
	     'bandwidth-reduce-int.dat' index 13 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#be0032' notitle, \
	     'bandwidth-reduce-int.dat' index 14 using 1:2 with linespoints lw 1.5 lc rgb '#c2b280' pt 2 dt 1 title 'reduce_modulo.reduce_modulo (yours)', \
	     'bandwidth-reduce-int.dat' index 14 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#c2b280' notitle, \
	     'bandwidth-reduce-int.dat' index 15 using 1:2 with linespoints lw 1.5 lc rgb '#008856' pt 3 dt 1 title 'reduce_shfl.v2 (yours)', \
	     'bandwidth-reduce-int.dat' index 15 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#008856' notitle, \
	     'bandwidth-reduce-int.dat' index 16 using 1:2 with linespoints lw 1.5 lc rgb '#f99379' pt 4 dt 2 title 'reduce_read (ceiling)', \
	     'bandwidth-reduce-int.dat' index 16 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#f99379' notitle, \
	     'bandwidth-reduce-int.dat' index 17 using 1:2 with linespoints lw 1.5 lc rgb '#0067a5' pt 5 dt 1 title 'reduce_cub', \
	     'bandwidth-reduce-int.dat' index 17 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#0067a5' notitle, \
	     'bandwidth-reduce-int.dat' index 18 using 1:2 with linespoints lw 1.5 lc rgb '#604e97' pt 6 dt 1 title 'reduce_thrust', \
	     'bandwidth-reduce-int.dat' index 18 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#604e97' notitle, \
	     'bandwidth-reduce-int.dat' index 19 using 1:2 with linespoints lw 1.5 lc rgb '#654522' pt 7 dt 1 title 'reduce_cpu', \
	     'bandwidth-reduce-int.dat' index 19 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#654522' notitle, \
	     3352.32 with lines lw 2 dt 1 lc rgb '#000000' title 'theoretical peak 3352 GB/s'
	unset output
}
