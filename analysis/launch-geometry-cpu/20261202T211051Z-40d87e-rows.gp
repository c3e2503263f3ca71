# 20261202T211051Z-40d87e-rows.gp - launch-geometry-cpu, compute time vs rows (prereg analyze)
# Replot in analysis/launch-geometry-cpu/ with: gnuplot -d 20261202T211051Z-40d87e-rows.gp > 20261202T211051Z-40d87e-rows.svg
# The data are in 20261202T211051Z-40d87e-rows.dat; times in the unit of the y label.
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
set title 'launch-geometry-cpu, run 20261202T211051Z-40d87e'."\ncompute time vs rows"
set ylabel "compute time (ms)"
set xlabel "rows"
set logscale xy
set key top left box opaque
set style fill transparent solid 0.15 noborder
set arrow from 65, graph 0 to 65, graph 1 nohead dt 2 lw 1 lc rgb "#555555"
set arrow from 129, graph 0 to 129, graph 1 nohead dt 2 lw 1 lc rgb "#555555"
set arrow from 193, graph 0 to 193, graph 1 nohead dt 2 lw 1 lc rgb "#555555"
plot '20261202T211051Z-40d87e-rows.dat' index 0 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 1 title 'measured 0 default/spread'
