# compare.gp - drawn by culab.  Edit it and run `gnuplot compare.gp` in this directory
# to redraw compare.png and compare.svg from compare.dat.
reset
set encoding utf8
set datafile missing '?'
if (!exists("outdir")) outdir = ''
do for [fmt in 'png svg'] {
	if (fmt eq 'png') {
		set terminal pngcairo size 960,3630 noenhanced font 'Sans,10'
	} else {
		set terminal svg size 960,3630 noenhanced font 'Sans,10' background '#ffffff'
	}
	set output outdir.'compare.'.fmt
	set multiplot layout 11,1 title 'new / base time'
	set title 'reduce-float float 2^20'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.652245561:1.808571348]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 0 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'reduce-float float 2^22'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.6400000113:1.632]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 1 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'reduce-float float 2^24'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.6019933448:2.11832321]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 2 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'reduce-float float 2^26'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.5637678956:1.632]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 3 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'reduce-float float 2^28'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.5516087699:2.082594848]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 4 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'reduce-int-double int 2^24'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.6046808743:1.811224682]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 5 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'reduce-int-double double 2^24'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.5687664101:1.632]
	set xrange [-0.6:17.6]
	set xtics ('reduce_global' 0, 'reduce_one_block' 1, 'reduce_interleaved_divergent' 2, 'reduce_interleaved_strided' 3, 'reduce_shared_static' 4, 'reduce_shared_dynamic' 5, 'reduce_first_add' 6, 'reduce_warp_volatile' 7, 'reduce_warp_syncwarp' 8, 'reduce_unrolled' 9, 'reduce_grid_stride' 10, 'reduce_shuffle' 11, 'reduce_vector_atomic' 12, 'reduce_single_pass' 13, 'reduce_cub' 14, 'reduce_thrust' 15, 'reduce_read' 16, 'reduce_cpu' 17) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 6 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'transpose-float float 1024x1024'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.6903724694:1.683426382]
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 7 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'transpose-float float 4096x4096'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.6138160259:1.632]
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 8 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 8 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'transpose-float float 8192x8192'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.5814841386:1.632]
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 9 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 9 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	set title 'transpose-float float 4096x8192'
	set xlabel ''
	set ylabel 'new / base'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set logscale y 2
	set yrange [0.5908309594:1.632]
	set xrange [-0.6:8.6]
	set xtics ('transpose_copy' 0, 'transpose_copy_shared' 1, 'transpose_naive' 2, 'transpose_naive_strided_read' 3, 'transpose_naive_ldg' 4, 'transpose_tile' 5, 'transpose_tile_pad' 6, 'transpose_tile_swizzle' 7, 'transpose_tile_pairs' 8) rotate by 30 right
	set lmargin 18
	set style fill solid 0.85 border -1
	set key top left
	plot 'compare.dat' index 10 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(1):2 with boxxyerror lc 1 title 'new / base, 95 % interval', \
	     'compare.dat' index 10 using ($1+0.0000):3:(0):($4-$3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' notitle, \
	     1.02 with lines lw 2 dt 2 lc rgb '#d62728' title 'slower beyond', \
	     0.98 with lines lw 2 dt 2 lc rgb '#444444' title 'faster beyond'
	unset multiplot
	unset output
}
