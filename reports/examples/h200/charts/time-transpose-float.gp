# time-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot time-transpose-float.gp` in this directory
# to redraw time-transpose-float.png and time-transpose-float.svg from time-transpose-float.dat.
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
	set output outdir.'time-transpose-float.'.fmt
	set title 'transpose / float: median time vs size'
	set xlabel 'elements (rows x columns)'
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
	plot 'time-transpose-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc 1 pt 1 dt 1 title 'transpose_naive', \
	     'time-transpose-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc 2 pt 2 dt 1 title 'transpose_naive_strided_read', \
	     'time-transpose-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc 3 pt 3 dt 1 title 'transpose_naive_ldg', \
	     'time-transpose-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc 4 pt 4 dt 1 title 'transpose_tile', \
	     'time-transpose-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc 5 pt 5 dt 1 title 'transpose_tile_pad', \
	     'time-transpose-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc 6 pt 6 dt 1 title 'transpose_tile_swizzle', \
	     'time-transpose-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc 7 pt 7 dt 1 title 'transpose_tile_pairs', \
	     'time-transpose-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc 8 pt 8 dt 2 title 'transpose_copy', \
	     'time-transpose-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc 1 pt 9 dt 2 title 'transpose_copy_shared'
	unset output
}
