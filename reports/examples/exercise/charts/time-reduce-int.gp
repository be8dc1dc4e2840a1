# time-reduce-int.gp - drawn by culab.  Edit it and run `gnuplot time-reduce-int.gp` in this directory
# to redraw time-reduce-int.png and time-reduce-int.svg from time-reduce-int.dat.
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
	set output outdir.'time-reduce-int.'.fmt
	set title 'reduce / int: median time vs size'
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
	set xtics autofreq
	set lmargin -1
	set key below
	plot 'time-reduce-int.dat' index 0 using 1:2 with linespoints lw 1.5 lc 1 pt 1 dt 1 title 'reduce_global', \
	     'time-reduce-int.dat' index 1 using 1:2 with linespoints lw 1.5 lc 2 pt 2 dt 1 title 'reduce_one_block', \
	     'time-reduce-int.dat' index 2 using 1:2 with linespoints lw 1.5 lc 3 pt 3 dt 1 title 'reduce_interleaved_divergent', \
	     'time-reduce-int.dat' index 3 using 1:2 with linespoints lw 1.5 lc 4 pt 4 dt 1 title 'reduce_interleaved_strided', \
	     'time-reduce-int.dat' index 4 using 1:2 with linespoints lw 1.5 lc 5 pt 5 dt 1 title 'reduce_shared_static', \
	     'time-reduce-int.dat' index 5 using 1:2 with linespoints lw 1.5 lc 6 pt 6 dt 1 title 'reduce_shared_dynamic', \
	     'time-reduce-int.dat' index 6 using 1:2 with linespoints lw 1.5 lc 7 pt 7 dt 1 title 'reduce_first_add', \
	     'time-reduce-int.dat' index 7 using 1:2 with linespoints lw 1.5 lc 8 pt 8 dt 1 title 'reduce_warp_volatile', \
	     'time-reduce-int.dat' index 8 using 1:2 with linespoints lw 1.5 lc 1 pt 9 dt 4 title 'reduce_warp_syncwarp', \
	     'time-reduce-int.dat' index 9 using 1:2 with linespoints lw 1.5 lc 2 pt 10 dt 4 title 'reduce_unrolled', \
	     'time-reduce-int.dat' index 10 using 1:2 with linespoints lw 1.5 lc 3 pt 11 dt 4 title 'reduce_grid_stride', \
	     'time-reduce-int.dat' index 11 using 1:2 with linespoints lw 1.5 lc 4 pt 12 dt 4 title 'reduce_shuffle', \
	     'time-reduce-int.dat' index 12 using 1:2 with linespoints lw 1.5 lc 5 pt 13 dt 4 title 'reduce_vector_atomic', \
	     'time-reduce-int.dat' index 13 using 1:2 with linespoints lw 1.5 lc 6 pt 1 dt 4 title 'reduce_single_pass', \
	     'time-reduce-int.dat' index 14 using 1:2 with linespoints lw 1.5 lc 7 pt 2 dt 4 title 'reduce_modulo.reduce_modulo (yours)', \
	     'time-reduce-int.dat' index 15 using 1:2 with linespoints lw 1.5 lc 8 pt 3 dt 4 title 'reduce_shfl.v2 (yours)', \
	     'time-reduce-int.dat' index 16 using 1:2 with linespoints lw 1.5 lc 1 pt 4 dt 2 title 'reduce_read', \
	     'time-reduce-int.dat' index 17 using 1:2 with linespoints lw 1.5 lc 2 pt 5 dt 4 title 'reduce_cub', \
	     'time-reduce-int.dat' index 18 using 1:2 with linespoints lw 1.5 lc 3 pt 6 dt 4 title 'reduce_thrust', \
	     'time-reduce-int.dat' index 19 using 1:2 with linespoints lw 1.5 lc 4 pt 7 dt 4 title 'reduce_cpu'
	unset output
}
