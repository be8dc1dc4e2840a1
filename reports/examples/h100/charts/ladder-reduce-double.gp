# ladder-reduce-double.gp - drawn by culab.  Edit it and run `gnuplot ladder-reduce-double.gp` in this directory
# to redraw ladder-reduce-double.png and ladder-reduce-double.svg from ladder-reduce-double.dat.
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
	set output outdir.'ladder-reduce-double.'.fmt
	set title 'reduce / double, n = 2^24: speedup per rung'
	set xlabel 'rung'
	set ylabel 'speedup (x, log scale)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.004703018519:2759.580596]
	set xrange [-0.6:13.6]
	set xtics ('1: reduce_global' 0, '2: reduce_one_block' 1, '3: reduce_interleaved_diverg...' 2, '4: reduce_interleaved_stride...' 3, '5: reduce_shared_static' 4, '6: reduce_shared_dynamic' 5, '7: reduce_first_add' 6, '8: reduce_warp_volatile' 7, '9: reduce_warp_syncwarp' 8, '10: reduce_unrolled' 9, '11: reduce_grid_stride' 10, '12: reduce_shuffle' 11, '13: reduce_vector_atomic' 12, '14: reduce_single_pass' 13) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key outside top center horizontal
	plot 'ladder-reduce-double.dat' index 0 using ($1-0.2000):2:($1-0.4000):($1+0.0000):(1):2 with boxxyerror lc rgb '#1f77b4' title 'over the previous rung', \
	     'ladder-reduce-double.dat' index 0 using ($1-0.2000):($2 < 1 ? 1 : $2):(sprintf('%.3gx', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle, \
	     'ladder-reduce-double.dat' index 1 using ($1+0.2000):2:($1+0.0000):($1+0.4000):(1):2 with boxxyerror lc rgb '#e6550d' title 'over the first rung', \
	     'ladder-reduce-double.dat' index 1 using ($1+0.2000):($2 < 1 ? 1 : $2):(sprintf('%.3gx', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	unset output
}
