# compare.gp - drawn by culab.  Edit it and run `gnuplot compare.gp` in this directory
# to redraw compare.png and compare.svg from compare.dat.
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
		set terminal pngcairo size 700,3660 noenhanced font 'Sans,12' fontscale 0.75
	} else {
		set terminal svg size 700,3660 noenhanced font 'sans-serif,12' background '#ffffff'
	}
	set output outdir.'compare.'.fmt
	set multiplot layout 11,1 title 'new / base time'
	set title 'reduce-float float 2^20'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.6134371688:1.127241405]
	set logscale y 2
	set ytics ('0.8' 0.8, '1' 1)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 0 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'reduce-float float 2^22'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.5933142573:1.111084037]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 1 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'reduce-float float 2^24'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.5539698584:1.091584316]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 2 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'reduce-float float 2^26'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.5281690208:1.097945181]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 3 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'reduce-float float 2^28'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.518684514:1.099596021]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 4 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'reduce-int-double int 2^24'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.5644832254:1.215235015]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1, '1.2' 1.2)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 5 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'reduce-int-double double 2^24'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.5367018468:1.125955439]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 6 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'transpose-float float 1024x1024'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.6697844966:1.068799623]
	set logscale y 2
	set ytics ('0.7' 0.7, '0.8' 0.8, '0.9' 0.9, '1' 1)
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 7 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'transpose-float float 4096x4096'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.587433244:1.084493671]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 8 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 8 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'transpose-float float 8192x8192'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.562590016:1.089713142]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 9 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 9 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	set title 'transpose-float float 4096x8192'
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
	set ylabel 'new / base'
	set grid ytics
	set yrange [0.5656821269:1.08904969]
	set logscale y 2
	set ytics ('0.6' 0.6, '0.8' 0.8, '1' 1)
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) scale 0 font ',11' rotate by 30 right
	set lmargin 16
	set style fill solid 0.9 border -1
	set key outside top center horizontal
	plot 1.02 with lines lw 2 dt 2 lc rgb '#000000' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#555555' title 'faster beyond', \
	     'compare.dat' index 10 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc rgb '#0072B2' title 'new / base, 95 % interval', \
	     'compare.dat' index 10 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle
	unset multiplot
	unset output
}
