# 20261204T143918Z-6e5fb3-rows.gp - launch-geometry, compute time vs rows (prereg analyze)
# Replot in analysis/launch-geometry/ with: gnuplot -d 20261204T143918Z-6e5fb3-rows.gp > 20261204T143918Z-6e5fb3-rows.svg
# The data are in 20261204T143918Z-6e5fb3-rows.dat; times in the unit of the y label.
set terminal svg size 800,500 dynamic font "sans,11" background "white"
set termoption noenhanced
set grid ytics
set format x "%g"
set format y "%g"
# Okabe-Ito colors, distinguishable with colour blindness
set linetype 1 lc rgb "#0072b2"
set linetype 2 lc rgb "#d55e00"
set linetype 3 lc rgb "#009e73"
set linetype 4 lc rgb "#cc79a7"
set linetype 5 lc rgb "#e69f00"
set linetype 6 lc rgb "#56b4e9"
set linetype 7 lc rgb "#000000"
set linetype 8 lc rgb "#999999"
set linetype cycle 8
set title 'launch-geometry, run 20261204T143918Z-6e5fb3'."\ncompute time vs rows"
set ylabel "compute time (ms)"
set xlabel "rows"
set logscale xy
set key top left box opaque
set style fill transparent solid 0.15 noborder
set arrow from 4225, graph 0 to 4225, graph 1 nohead dt 2 lw 1 lc rgb "#555555"
set arrow from 8449, graph 0 to 8449, graph 1 nohead dt 2 lw 1 lc rgb "#555555"
set arrow from 12673, graph 0 to 12673, graph 1 nohead dt 2 lw 1 lc rgb "#555555"
plot '20261204T143918Z-6e5fb3-rows.dat' index 0 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 1 title 'measured 0 default/spread'
