# class-reduce-class.gp - drawn by culab.  Edit it and run `gnuplot class-reduce-class.gp` in this directory
# to redraw class-reduce-class.png and class-reduce-class.svg from class-reduce-class.dat.
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
		set terminal pngcairo size 700,530 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,530 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'class-reduce-class.'.fmt
	set multiplot title ''
	set title 'int, n = 2^20'
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
	set lmargin at screen 0.2709
	set rmargin at screen 0.4296
	set tmargin at screen 0.9358
	set bmargin at screen 0.1887
	set yrange [17.5:-0.5]
	set ytics ('rung: shuffle' 0, 'rung: warp_syncwarp' 1, 'rung: first_add' 2, 'ada' 3, 'ivy' 4, 'rung: shared_static' 5, 'kim' 6, 'rung: shared_dynamic' 7, 'cleo' 8, 'ben' 9, 'rung: interleaved_strided' 10, 'rung: interleaved_divergent' 11, 'dan' 12, 'eli (failed)' 13, 'fay (failed)' 14, 'gus (failed)' 15, 'hal (failed)' 16, 'jon (failed)' 17) scale 0
	set xrange [0:980.3459279]
	set xtics ('0' 0, '250' 250, '500' 500, '750' 750)
	set style fill solid 1.0 noborder
	set key at screen 0.0114,0.0906 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 980.3459279; B = 0; P = 111.1; W = 0.4879; M = 0.1206
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	plot 'class-reduce-class.dat' index 0 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title 'students', \
	     'class-reduce-class.dat' index 0 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 0 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 0 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 0 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 0 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 0 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 1 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#D55E00' title 'built-in rungs', \
	     'class-reduce-class.dat' index 1 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 1 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 1 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 1 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 1 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 1 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle
	set title 'int, n = 2^24'
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
	set lmargin at screen 0.4553
	set rmargin at screen 0.6140
	set tmargin at screen 0.9358
	set bmargin at screen 0.1887
	set yrange [17.5:-0.5]
	unset ytics
	set xrange [0:2834.372508]
	set xtics ('0' 0, '1000' 1000, '2000' 2000)
	set style fill solid 1.0 noborder
	set key at screen 0.4553,0.0906 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 2834.372508; B = 0; P = 111.1; W = 0.4879; M = 0.1206
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	plot 'class-reduce-class.dat' index 2 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title '', \
	     'class-reduce-class.dat' index 2 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 2 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 2 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 2 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 2 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 2 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 3 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#D55E00' title '', \
	     'class-reduce-class.dat' index 3 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 3 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 3 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 3 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 3 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 3 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle
	set title 'float, n = 2^20'
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
	set lmargin at screen 0.6397
	set rmargin at screen 0.7984
	set tmargin at screen 0.9358
	set bmargin at screen 0.1887
	set yrange [17.5:-0.5]
	unset ytics
	set xrange [0:1012.139977]
	set xtics ('0' 0, '500' 500)
	set style fill solid 1.0 noborder
	set key at screen 0.6397,0.0906 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 1012.139977; B = 0; P = 111.1; W = 0.4879; M = 0.1206
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	plot 'class-reduce-class.dat' index 4 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title '', \
	     'class-reduce-class.dat' index 4 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 4 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 4 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 4 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 4 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 4 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 5 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#D55E00' title '', \
	     'class-reduce-class.dat' index 5 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 5 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 5 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 5 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 5 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 5 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle
	set title 'float, n = 2^24'
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
	set lmargin at screen 0.8242
	set rmargin at screen 0.9829
	set tmargin at screen 0.9358
	set bmargin at screen 0.1887
	set yrange [17.5:-0.5]
	unset ytics
	set xrange [0:2822.356538]
	set xtics ('0' 0, '1000' 1000, '2000' 2000)
	set style fill solid 1.0 noborder
	set key at screen 0.8242,0.0906 left top vertical Left reverse samplen 3 width 1
	L = 0; H = 2822.356538; B = 0; P = 111.1; W = 0.4879; M = 0.1206
	clip(v) = v > H ? H : v < L ? L : v
	frac(v) = (clip(v) - L) / (H - L)
	up(v) = v < B ? B : v
	beside(v, w) = v <= H && frac(v) + w <= 1
	inside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)
	lbeside(v, w) = v >= L && frac(v) - w >= 0
	linside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)
	plot 'class-reduce-class.dat' index 6 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#0072B2' title '', \
	     'class-reduce-class.dat' index 6 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 6 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 6 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 6 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 6 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 6 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 7 using (B):1:(B):(clip($2)):($1-0.34):($1+0.34) with boxxyerror lc rgb '#D55E00' title '', \
	     'class-reduce-class.dat' index 7 using ($2 >= B && beside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 7 using ($2 >= B && !beside($2, W) && inside($2, W) ? clip($2) : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 7 using ($2 >= B && !beside($2, W) && !inside($2, W) ? H : NaN):1:($2 > H ? fmt_v($2).' >' : fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 7 using ($2 < B && lbeside($2, W) ? $2 : NaN):1:(fmt_v($2)) with labels right offset -0.4,0 font ',11' tc rgb '#000000' notitle, \
	     'class-reduce-class.dat' index 7 using ($2 < B && !lbeside($2, W) && linside($2, W) ? clip($2) : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#ffffff' notitle, \
	     'class-reduce-class.dat' index 7 using ($2 < B && !lbeside($2, W) && !linside($2, W) ? L : NaN):1:($2 < L ? '< '.fmt_v($2) : fmt_v($2)) with labels left offset 0.4,0 font ',11' tc rgb '#000000' notitle
	unset multiplot
	unset output
}
