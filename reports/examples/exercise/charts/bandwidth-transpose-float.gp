# bandwidth-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot bandwidth-transpose-float.gp` in this directory
# to redraw bandwidth-transpose-float.png and bandwidth-transpose-float.svg from bandwidth-transpose-float.dat.
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
	set output outdir.'bandwidth-transpose-float.'.fmt
	set title 'transpose / float: bandwidth vs size'
	set xlabel 'elements (rows x columns)'
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
	plot 'bandwidth-transpose-float.dat' index 0 using 1:2 with linespoints lw 1.5 lc rgb '#1f77b4' pt 1 dt 1 title 'transpose_naive', \
	     'bandwidth-transpose-float.dat' index 0 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#1f77b4' notitle, \
	     'bandwidth-transpose-float.dat' index 1 using 1:2 with linespoints lw 1.5 lc rgb '#e6550d' pt 2 dt 1 title 'transpose_naive_strided_read', \
	     'bandwidth-transpose-float.dat' index 1 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#e6550d' notitle, \
	     'bandwidth-transpose-float.dat' index 2 using 1:2 with linespoints lw 1.5 lc rgb '#2ca02c' pt 3 dt 1 title 'transpose_naive_ldg', \
	     'bandwidth-transpose-float.dat' index 2 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#2ca02c' notitle, \
	     'bandwidth-transpose-float.dat' index 3 using 1:2 with linespoints lw 1.5 lc rgb '#d62728' pt 4 dt 1 title 'transpose_tile', \
	     'bandwidth-transpose-float.dat' index 3 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#d62728' notitle, \
	     'bandwidth-transpose-float.dat' index 4 using 1:2 with linespoints lw 1.5 lc rgb '#9467bd' pt 5 dt 1 title 'transpose_tile_pad', \
	     'bandwidth-transpose-float.dat' index 4 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#9467bd' notitle, \
	     'bandwidth-transpose-float.dat' index 5 using 1:2 with linespoints lw 1.5 lc rgb '#8c564b' pt 6 dt 1 title 'transpose_tile_swizzle', \
	     'bandwidth-transpose-float.dat' index 5 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#8c564b' notitle, \
	     'bandwidth-transpose-float.dat' index 6 using 1:2 with linespoints lw 1.5 lc rgb '#e377c2' pt 7 dt 1 title 'transpose_tile_pairs', \
	     'bandwidth-transpose-float.dat' index 6 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#e377c2' notitle, \
	     'bandwidth-transpose-float.dat' index 7 using 1:2 with linespoints lw 1.5 lc rgb '#7f7f7f' pt 8 dt 1 title 'my_tile (yours)', \
	     'bandwidth-transpose-float.dat' index 7 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#7f7f7f' notitle, \
	     'bandwidth-transpose-float.dat' index 8 using 1:2 with linespoints lw 1.5 lc rgb '#bcbd22' pt 9 dt 2 title 'transpose_copy (ceiling)', \
	     'bandwidth-transpose-float.dat' index 8 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#bcbd22' notitle, \
	     'bandwidth-transpose-float.dat' index 9 using 1:2 with linespoints lw 1.5 lc rgb '#17becf' pt 10 dt 2 title 'transpose_copy_shared', \
	     'bandwidth-transpose-float.dat' index 9 using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#17becf' notitle, \
	     3352.32 with lines lw 2 dt 1 lc rgb '#000000' title 'theoretical peak 3352 GB/s'
	unset output
}
