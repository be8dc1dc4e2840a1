# all.gp - drawn by culab: redraws every chart of the report.  Run `gnuplot all.gp`
# in this directory; each chart also has a script of its own (NAME.gp).
load 'compare.gp'
