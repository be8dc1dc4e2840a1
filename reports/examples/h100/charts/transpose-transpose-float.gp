# transpose-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot transpose-transpose-float.gp` in this directory
# to redraw transpose-transpose-float.png and transpose-transpose-float.svg from transpose-transpose-float.dat.
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
	set output outdir.'transpose-transpose-float.'.fmt
	set title 'transpose / float, 8192 x 8192: bandwidth per variant'
	set xlabel ''
	set ylabel 'GB/s'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:3754.5984]
	set xrange [-0.6:8.6]
	set xtics ('transpose_naive' 0, 'transpose_naive_strided_read' 1, 'transpose_naive_ldg' 2, 'transpose_tile' 3, 'transpose_tile_pad' 4, 'transpose_tile_swizzle' 5, 'transpose_tile_pairs' 6, 'transpose_copy (ceiling)' 7, 'transpose_copy_shared' 8) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key outside top center horizontal
	plot 3054.568213 with lines lw 2 dt 2 lc rgb '#000000' title 'ceiling (transpose_copy) 3055 GB/s', \
	     3352.32 with lines lw 2 dt 1 lc rgb '#555555' title 'theoretical peak 3352 GB/s', \
	     'transpose-transpose-float.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc rgb '#1f77b4' title 'GB/s', \
	     'transpose-transpose-float.dat' index 0 using ($1+0.0000):2:(abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / 1000.0**floor(log10(abs($2)) / 3), word('k M G T P E', int(floor(log10(abs($2)) / 3)))) : abs($2) >= 1000 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' boxed notitle
	unset output
}
