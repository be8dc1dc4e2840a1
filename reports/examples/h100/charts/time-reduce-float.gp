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
	set xtics autofreq
	set lmargin -1
	set key below
	plot 'time-reduce-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc 1 pt 1 dt 1 title 'reduce_global', \
	     'time-reduce-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc 2 pt 2 dt 1 title 'reduce_one_block', \
	     'time-reduce-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc 3 pt 3 dt 1 title 'reduce_interleaved_divergent', \
	     'time-reduce-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc 4 pt 4 dt 1 title 'reduce_interleaved_strided', \
	     'time-reduce-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc 5 pt 5 dt 1 title 'reduce_shared_static', \
	     'time-reduce-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc 6 pt 6 dt 1 title 'reduce_shared_dynamic', \
	     'time-reduce-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc 7 pt 7 dt 1 title 'reduce_first_add', \
	     'time-reduce-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc 8 pt 8 dt 1 title 'reduce_warp_volatile', \
	     'time-reduce-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc 1 pt 9 dt 4 title 'reduce_warp_syncwarp', \
	     'time-reduce-float.dat' index 9 using 1:2 with linespoints lw 1.5 lc 2 pt 10 dt 4 title 'reduce_unrolled', \
	     'time-reduce-float.dat' index 10 using 1:2 with linespoints lw 1.5 lc 3 pt 11 dt 4 title 'reduce_grid_stride', \
	     'time-reduce-float.dat' index 11 using 1:2 with linespoints lw 1.5 lc 4 pt 12 dt 4 title 'reduce_shuffle', \
	     'time-reduce-float.dat' index 12 using 1:2 with linespoints lw 1.5 lc 5 pt 13 dt 4 title 'reduce_vector_atomic', \
	     'time-reduce-float.dat' index 13 using 1:2 with linespoints lw 1.5 lc 6 pt 1 dt 4 title 'reduce_single_pass', \
	     'time-reduce-float.dat' index 14 using 1:2 with linespoints lw 1.5 lc 7 pt 2 dt 2 title 'reduce_read', \
	     'time-reduce-float.dat' index 15 using 1:2 with linespoints lw 1.5 lc 8 pt 3 dt 4 title 'reduce_cub', \
	     'time-reduce-float.dat' index 16 using 1:2 with linespoints lw 1.5 lc 1 pt 4 dt 4 title 'reduce_thrust', \
	     'time-reduce-float.dat' index 17 using 1:2 with linespoints lw 1.5 lc 2 pt 5 dt 4 title 'reduce_cpu'
	unset output
}
