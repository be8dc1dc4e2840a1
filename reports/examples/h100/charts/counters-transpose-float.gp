# counters-transpose-float.gp - drawn by culab.  Edit it and run `gnuplot counters-transpose-float.gp` in this directory
# to redraw counters-transpose-float.png and counters-transpose-float.svg from counters-transpose-float.dat.
reset
set encoding utf8
set datafile missing '?'
if (!exists("outdir")) outdir = ''
do for [fmt in 'png svg'] {
	if (fmt eq 'png') {
		set terminal pngcairo size 960,2640 noenhanced font 'Sans,10'
	} else {
		set terminal svg size 960,2640 noenhanced font 'Sans,10' background '#ffffff'
	}
	set output outdir.'counters-transpose-float.'.fmt
	set multiplot layout 8,3 title 'transpose / float, 8192 x 8192: counters per rung'
	set title 'bank_conflicts_shared_ld'
	set xlabel 'rung'
	set ylabel 'conflicts'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:73686954.88]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_shared_ld', \
	     'counters-transpose-float.dat' index 0 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'bank_conflicts_shared_st'
	set xlabel 'rung'
	set ylabel 'conflicts'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:120225.28]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_shared_st', \
	     'counters-transpose-float.dat' index 1 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'bank_conflicts_per_shared_ld'
	set xlabel 'rung'
	set ylabel 'conflicts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.13667816]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_per_shared_ld', \
	     'counters-transpose-float.dat' index 2 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'bank_conflicts_per_shared_st'
	set xlabel 'rung'
	set ylabel 'conflicts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:0.05732788086]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_per_shared_st', \
	     'counters-transpose-float.dat' index 3 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'shared_ld_wavefronts_per_instr'
	set xlabel 'rung'
	set ylabel 'wavefronts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.84]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'shared_ld_wavefronts_per_instr', \
	     'counters-transpose-float.dat' index 4 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'shared_st_wavefronts_per_instr'
	set xlabel 'rung'
	set ylabel 'wavefronts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:2.24]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'shared_st_wavefronts_per_instr', \
	     'counters-transpose-float.dat' index 5 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gld_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gld_efficiency_pct', \
	     'counters-transpose-float.dat' index 6 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gld_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.84]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gld_sectors_per_request', \
	     'counters-transpose-float.dat' index 7 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gst_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 8 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gst_efficiency_pct', \
	     'counters-transpose-float.dat' index 8 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gst_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.84]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 9 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gst_sectors_per_request', \
	     'counters-transpose-float.dat' index 9 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'branch_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 10 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'branch_efficiency_pct', \
	     'counters-transpose-float.dat' index 10 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'divergent_branches'
	set xlabel 'rung'
	set ylabel 'branches'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:1]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 11 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'divergent_branches', \
	     'counters-transpose-float.dat' index 11 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'warp_active_threads'
	set xlabel 'rung'
	set ylabel 'threads/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.84]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 12 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'warp_active_threads', \
	     'counters-transpose-float.dat' index 12 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'warp_active_threads_pred_on'
	set xlabel 'rung'
	set ylabel 'threads/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.01037037]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 13 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'warp_active_threads_pred_on', \
	     'counters-transpose-float.dat' index 13 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'warp_instructions'
	set xlabel 'rung'
	set ylabel 'instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:126835753]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 14 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'warp_instructions', \
	     'counters-transpose-float.dat' index 14 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'shared_bytes_per_instr'
	set xlabel 'rung'
	set ylabel 'B/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:286.72]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 15 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'shared_bytes_per_instr', \
	     'counters-transpose-float.dat' index 15 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_read_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:370979553.3]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 16 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_read_bytes', \
	     'counters-transpose-float.dat' index 16 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_write_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:348455403.5]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 17 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_write_bytes', \
	     'counters-transpose-float.dat' index 17 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_gbps'
	set xlabel 'rung'
	set ylabel 'GB/s'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:3203.866624]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 18 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_gbps', \
	     'counters-transpose-float.dat' index 18 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_pct_peak'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:95.57162275]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 19 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_pct_peak', \
	     'counters-transpose-float.dat' index 19 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'achieved_occupancy_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:106.3500855]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 20 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'achieved_occupancy_pct', \
	     'counters-transpose-float.dat' index 20 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'theoretical_occupancy_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 21 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'theoretical_occupancy_pct', \
	     'counters-transpose-float.dat' index 21 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'duration_us'
	set xlabel 'rung'
	set ylabel 'us'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:1258.77248]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 22 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'duration_us', \
	     'counters-transpose-float.dat' index 22 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'sm_clock_mhz'
	set xlabel 'rung'
	set ylabel 'MHz'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:2216.898918]
	set xrange [-0.6:6.6]
	set xtics ('3' 0, '4' 1, '5' 2, '6' 3, '7' 4, '8' 5, '9' 6)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-transpose-float.dat' index 23 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'sm_clock_mhz', \
	     'counters-transpose-float.dat' index 23 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	unset multiplot
	unset output
}
