# ladder-reduce-int.zh.gp - drawn by culab.  Edit it and run `gnuplot ladder-reduce-int.zh.gp` in this directory
# to redraw ladder-reduce-int.zh.png and ladder-reduce-int.zh.svg from ladder-reduce-int.zh.dat.
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
		set terminal pngcairo size 700,435 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,435 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'ladder-reduce-int.zh.'.fmt
	set multiplot title 'reduce / int, n = 2^24, NVIDIA H100 80GB HBM3'
	set title '中位时间（ms）'
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
	set xlabel ''
	unset ylabel
	set grid xtics
	set lmargin at screen 0.2410
	set rmargin at screen 0.5387
	set tmargin at screen 0.8437
	set bmargin at screen 0.1356
	set yrange [13.5:-0.5]
	set ytics ('1: global' 0, '2: one_block' 1, '3: interleaved_divergent' 2, '4: interleaved_strided' 3, '5: shared_static' 4, '6: shared_dynamic' 5, '7: first_add' 6, '8: warp_volatile' 7, '9: warp_syncwarp' 8, '10: unrolled' 9, '11: grid_stride' 10, '12: shuffle' 11, '13: vector_atomic' 12, '14: single_pass' 13) scale 0
	set xrange [0:0.2247599978]
	set xtics ('0' 0, '0.05' 0.05, '0.1' 0.1, '0.15' 0.15, '0.2' 0.2)
	set style fill solid 1.0 noborder
	set key at screen 0.0114,0.0667 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 0.2247599978; B = 0; P = 208.4; W = 0.2601; M = 0.0643
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	set arrow from 0.02689599991, graph 0 to 0.02689599991, graph 1 nohead lw 1.5 dt 2 lc rgb '#000000' back
	plot 'ladder-reduce-int.zh.dat' index 0 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title '', \
	     'ladder-reduce-int.zh.dat' index 0 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 0 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 0 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 0 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 0 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 0 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     NaN with lines lw 1.5 dt 2 lc rgb '#000000' title 'read（上限）0.0269 ms'
	set title '相对上一级的加速比'
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
	set xlabel ''
	unset ylabel
	set grid xtics
	set lmargin at screen 0.5644
	set rmargin at screen 0.9829
	set tmargin at screen 0.8437
	set bmargin at screen 0.1356
	set yrange [13.5:-0.5]
	unset ytics
	set xrange [0:2.5]
	set xtics ('0' 0, '0.5' 0.5, '1' 1, '1.5' 1.5, '2' 2, '2.5' 2.5)
	set style fill solid 1.0 noborder
	set key at screen 0.5644,0.0667 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 2.5; B = 1; P = 292.9; W = 0.1850; M = 0.0457
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	plot 'ladder-reduce-int.zh.dat' index 1 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title '', \
	     'ladder-reduce-int.zh.dat' index 1 using ($2 >= B && beside($2, column(4) / P) ? $2 : NaN):1:(stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 1 using ($2 >= B && !beside($2, column(4) / P) && inside($2, column(4) / P) ? clip($2) : NaN):1:($2 > H ? stringcolumn(3).' >' : stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 1 using ($2 >= B && !beside($2, column(4) / P) && !inside($2, column(4) / P) ? H : NaN):1:($2 > H ? stringcolumn(3).' >' : stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 1 using ($2 < B && lbeside($2, column(4) / P) ? $2 : NaN):1:(stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 1 using ($2 < B && !lbeside($2, column(4) / P) && linside($2, column(4) / P) ? clip($2) : NaN):1:($2 < L ? '< '.stringcolumn(3) : stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 1 using ($2 < B && !lbeside($2, column(4) / P) && !linside($2, column(4) / P) ? L : NaN):1:($2 < L ? '< '.stringcolumn(3) : stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 2 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#D55E00' title '', \
	     'ladder-reduce-int.zh.dat' index 2 using ($2 >= B && beside($2, column(4) / P) ? $2 : NaN):1:(stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 2 using ($2 >= B && !beside($2, column(4) / P) && inside($2, column(4) / P) ? clip($2) : NaN):1:($2 > H ? stringcolumn(3).' >' : stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 2 using ($2 >= B && !beside($2, column(4) / P) && !inside($2, column(4) / P) ? H : NaN):1:($2 > H ? stringcolumn(3).' >' : stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 2 using ($2 < B && lbeside($2, column(4) / P) ? $2 : NaN):1:(stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 2 using ($2 < B && !lbeside($2, column(4) / P) && linside($2, column(4) / P) ? clip($2) : NaN):1:($2 < L ? '< '.stringcolumn(3) : stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 2 using ($2 < B && !lbeside($2, column(4) / P) && !linside($2, column(4) / P) ? L : NaN):1:($2 < L ? '< '.stringcolumn(3) : stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 3 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#999999' title '', \
	     'ladder-reduce-int.zh.dat' index 3 using (1 && beside(up($2), column(4) / P) ? up($2) : NaN):1:(stringcolumn(3)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'ladder-reduce-int.zh.dat' index 3 using (1 && !beside(up($2), column(4) / P) && inside(up($2), column(4) / P) ? clip($2) : NaN):1:($2 > H ? stringcolumn(3).' >' : stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'ladder-reduce-int.zh.dat' index 3 using (1 && !beside(up($2), column(4) / P) && !inside(up($2), column(4) / P) ? H : NaN):1:($2 > H ? stringcolumn(3).' >' : stringcolumn(3)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle
	unset multiplot
	unset output
}
