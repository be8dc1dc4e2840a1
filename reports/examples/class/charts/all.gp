# all.gp - drawn by culab: redraws every chart of the report.  Run `gnuplot all.gp`
# in this directory; each chart also has a script of its own (NAME.gp).
load 'time-reduce-int.gp'
load 'bandwidth-reduce-int.gp'
load 'ladder-reduce-int.gp'
load 'ladder-reduce-int.zh.gp'
load 'counters-reduce-int.gp'
load 'time-reduce-float.gp'
load 'bandwidth-reduce-float.gp'
load 'ladder-reduce-float.gp'
load 'ladder-reduce-float.zh.gp'
load 'counters-reduce-float.gp'
load 'class-reduce-class.gp'
