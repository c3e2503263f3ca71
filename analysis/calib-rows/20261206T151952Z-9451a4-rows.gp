# 20261206T151952Z-9451a4-rows.gp - calib-rows, compute time vs rows (prereg analyze)
# Replot in analysis/calib-rows/ with: gnuplot -d 20261206T151952Z-9451a4-rows.gp > 20261206T151952Z-9451a4-rows.svg
# The data are in 20261206T151952Z-9451a4-rows.dat; times in the unit of the y label.
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
set title 'calib-rows, run 20261206T151952Z-9451a4'."\ncompute time vs rows"
set ylabel "compute time (ms)"
set xlabel "rows"
set logscale xy
set key top left box opaque
set style fill transparent solid 0.15 noborder
plot '20261206T151952Z-9451a4-rows.dat' index 0 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 1 title 'measured 0 default/spread cpu', \
     '20261206T151952Z-9451a4-rows.dat' index 1 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 2 title 'measured 0 default/spread cpu-naive'
