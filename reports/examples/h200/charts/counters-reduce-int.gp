# counters-reduce-int.gp - drawn by culab.  Edit it and run `gnuplot counters-reduce-int.gp` in this directory
# to redraw counters-reduce-int.png and counters-reduce-int.svg from counters-reduce-int.dat.
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
	set output outdir.'counters-reduce-int.'.fmt
	set multiplot layout 8,3 title 'reduce / int, n = 2^24: counters per rung'
	set title 'bank_conflicts_shared_ld'
	set xlabel 'rung'
	set ylabel 'conflicts'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:8922967.2]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 0 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_shared_ld', \
	     'counters-reduce-int.dat' index 0 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'bank_conflicts_shared_st'
	set xlabel 'rung'
	set ylabel 'conflicts'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:4515117.6]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 1 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_shared_st', \
	     'counters-reduce-int.dat' index 1 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'bank_conflicts_per_shared_ld'
	set xlabel 'rung'
	set ylabel 'conflicts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:5.424873284]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 2 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_per_shared_ld', \
	     'counters-reduce-int.dat' index 2 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'bank_conflicts_per_shared_st'
	set xlabel 'rung'
	set ylabel 'conflicts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:3.431305459]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 3 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'bank_conflicts_per_shared_st', \
	     'counters-reduce-int.dat' index 3 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'shared_ld_wavefronts_per_instr'
	set xlabel 'rung'
	set ylabel 'wavefronts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:7.1232]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 4 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'shared_ld_wavefronts_per_instr', \
	     'counters-reduce-int.dat' index 4 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'shared_st_wavefronts_per_instr'
	set xlabel 'rung'
	set ylabel 'wavefronts/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:5.32]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 5 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'shared_st_wavefronts_per_instr', \
	     'counters-reduce-int.dat' index 5 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gld_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 6 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gld_efficiency_pct', \
	     'counters-reduce-int.dat' index 6 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gld_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:17.92]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 7 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gld_sectors_per_request', \
	     'counters-reduce-int.dat' index 7 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gst_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:110.2769231]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 8 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gst_efficiency_pct', \
	     'counters-reduce-int.dat' index 8 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'gst_sectors_per_request'
	set xlabel 'rung'
	set ylabel 'sectors/request'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:6.933333333]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 9 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'gst_sectors_per_request', \
	     'counters-reduce-int.dat' index 9 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'branch_efficiency_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 10 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'branch_efficiency_pct', \
	     'counters-reduce-int.dat' index 10 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'divergent_branches'
	set xlabel 'rung'
	set ylabel 'branches'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:368440.8]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 11 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'divergent_branches', \
	     'counters-reduce-int.dat' index 11 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'warp_active_threads'
	set xlabel 'rung'
	set ylabel 'threads/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.83671578]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 12 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'warp_active_threads', \
	     'counters-reduce-int.dat' index 12 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'warp_active_threads_pred_on'
	set xlabel 'rung'
	set ylabel 'threads/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:35.83660513]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 13 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'warp_active_threads_pred_on', \
	     'counters-reduce-int.dat' index 13 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'warp_instructions'
	set xlabel 'rung'
	set ylabel 'instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:157024863.5]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 14 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'warp_instructions', \
	     'counters-reduce-int.dat' index 14 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'shared_bytes_per_instr'
	set xlabel 'rung'
	set ylabel 'B/instr'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:286.72]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 15 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'shared_bytes_per_instr', \
	     'counters-reduce-int.dat' index 15 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_read_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:75781529.6]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 16 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_read_bytes', \
	     'counters-reduce-int.dat' index 16 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_write_bytes'
	set xlabel 'rung'
	set ylabel 'B'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:44041912.32]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 17 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_write_bytes', \
	     'counters-reduce-int.dat' index 17 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_gbps'
	set xlabel 'rung'
	set ylabel 'GB/s'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:3991.413786]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 18 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_gbps', \
	     'counters-reduce-int.dat' index 18 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'dram_pct_peak'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:82.90738986]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 19 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'dram_pct_peak', \
	     'counters-reduce-int.dat' index 19 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'achieved_occupancy_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:108.0704308]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 20 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'achieved_occupancy_pct', \
	     'counters-reduce-int.dat' index 20 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'theoretical_occupancy_pct'
	set xlabel 'rung'
	set ylabel '%'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:112]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 21 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'theoretical_occupancy_pct', \
	     'counters-reduce-int.dat' index 21 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'duration_us'
	set xlabel 'rung'
	set ylabel 'us'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:26572.70784]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 22 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'duration_us', \
	     'counters-reduce-int.dat' index 22 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	set title 'sm_clock_mhz'
	set xlabel 'rung'
	set ylabel 'MHz'
	unset logscale
	set autoscale
	set format x '% h'
	set format y '% h'
	set grid
	set yrange [0:2217.565497]
	set xrange [-0.6:13.6]
	set xtics ('1' 0, '2' 1, '3' 2, '4' 3, '5' 4, '6' 5, '7' 6, '8' 7, '9' 8, '10' 9, '11' 10, '12' 11, '13' 12, '14' 13)
	set lmargin -1
	set style fill solid 0.85 border -1
	set key off
	plot 'counters-reduce-int.dat' index 23 using ($1+0.0000):2:($1-0.4000):($1+0.4000):(0):2 with boxxyerror lc 1 title 'sm_clock_mhz', \
	     'counters-reduce-int.dat' index 23 using ($1+0.0000):2:(abs($2) >= 1000 ? gprintf('%.1s%c', $2) : sprintf('%.3g', $2)) with labels offset 0,0.6 font ',8' notitle
	unset multiplot
	unset output
}
