# ladder-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot ladder-transpose-float.gp` in this directory
# to redraw ladder-transpose-float.png and ladder-transpose-float.svg from ladder-transpose-float.dat.
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
	set output outdir.'ladder-transpose-float.'.fmt
	set title 'transpose / float, 8192 x 8192: speedup per rung'
	set xlabel 'rung'
	set ylabel 'speedup (x, log scale)'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.5362515934:11.27282272]
	set xrange [-0.6:6.6]
	set xtics ('3: transpose_naive' 0, '4: transpose_naive_strided_r...' 1, '5: transpose_naive_ldg' 2, '6: transpose_tile' 3, '7: transpose_tile_pad' 4, '8: transpose_tile_swizzle' 5, '9: transpose_tile_pairs' 6) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set style textbox opaque noborder margins 1,1
	set key outside top center horizontal
	plot 'ladder-transpose-float.dat' index 0 using ($1-0.2000):2:($1-0.4000):($1+0.0000):(1):2 with boxxyerror lc rgb '#1f77b4' title 'over the previous rung', \
	     'ladder-transpose-float.dat' index 0 using ($1-0.2000):($2 < 1 ? 1 : $2):(sprintf('%.3gx', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle, \
	     'ladder-transpose-float.dat' index 1 using ($1+0.2000):2:($1+0.0000):($1+0.4000):(1):2 with boxxyerror lc rgb '#e6550d' title 'over the first rung', \
	     'ladder-transpose-float.dat' index 1 using ($1+0.2000):($2 < 1 ? 1 : $2):(sprintf('%.3gx', $2)) with labels rotate by 90 left offset 0,0.3 font ',8' boxed notitle
	unset output
}
