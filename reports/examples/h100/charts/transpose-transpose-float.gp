# transpose-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot transpose-transpose-float.gp` in this directory
# to redraw transpose-transpose-float.png and transpose-transpose-float.svg from transpose-transpose-float.dat.
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
		set terminal pngcairo size 700,332 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,332 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'transpose-transpose-float.'.fmt
	set title 'transpose / float, 8192 x 8192, NVIDIA H100 80GB HBM3: bandwidth per variant'
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
	set xlabel 'GB/s'
	unset ylabel
	set grid xtics
	set lmargin at screen 0.2140
	set rmargin at screen 0.9829
	set tmargin at screen 0.8976
	set bmargin at screen 0.3012
	set yrange [8.5:-0.5]
	set ytics ('3: naive' 0, '4: naive_strided_read' 1, '5: naive_ldg' 2, '6: tile' 3, '7: tile_pad' 4, '8: tile_swizzle' 5, '9: tile_pairs' 6, 'copy (ceiling)' 7, 'copy_shared' 8) scale 0
	set xrange [0:3769.965979]
	set xtics ('0' 0, '1000' 1000, '2000' 2000, '3000' 3000)
	set style fill solid 1.0 noborder
	set key at screen 0.0114,0.1446 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 3769.965979; B = 0; P = 538.2; W = 0.1007; M = 0.0249
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	set arrow from 3063.492428, graph 0 to 3063.492428, graph 1 nohead lw 1.5 dt 2 lc rgb '#000000' back
	set arrow from 3352.32, graph 0 to 3352.32, graph 1 nohead lw 1.5 dt 1 lc rgb '#555555' back
	plot 'transpose-transpose-float.dat' index 0 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title '', \
	     'transpose-transpose-float.dat' index 0 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'transpose-transpose-float.dat' index 0 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'transpose-transpose-float.dat' index 0 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'transpose-transpose-float.dat' index 0 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'transpose-transpose-float.dat' index 0 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'transpose-transpose-float.dat' index 0 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     NaN with lines lw 1.5 dt 2 lc rgb '#000000' title 'ceiling (copy) 3063 GB/s', \
	     NaN with lines lw 1.5 dt 1 lc rgb '#555555' title 'theoretical peak 3352 GB/s'
	unset output
}
