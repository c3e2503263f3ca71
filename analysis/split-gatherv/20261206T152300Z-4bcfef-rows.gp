# 20261206T152300Z-4bcfef-rows.gp - split-gatherv, compute time vs rows (prereg analyze)
# Replot in analysis/split-gatherv/ with: gnuplot -d 20261206T152300Z-4bcfef-rows.gp > 20261206T152300Z-4bcfef-rows.svg
# The data are in 20261206T152300Z-4bcfef-rows.dat; times in the unit of the y label.
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
set title 'split-gatherv, run 20261206T152300Z-4bcfef'."\ncompute time vs rows"
set ylabel "compute time (ms)"
set xlabel "rows"
set logscale xy
set key top left box opaque
set style fill transparent solid 0.15 noborder
plot '20261206T152300Z-4bcfef-rows.dat' index 0 using 1:3:4 with filledcurves lc 1 notitle, \
     '' index 0 using 1:2 with linespoints dt 2 pt 1 lc 1 title 'predicted 0 vader/spread rank 2', \
     '20261206T152300Z-4bcfef-rows.dat' index 1 using 1:3:4 with filledcurves lc 1 notitle, \
     '' index 1 using 1:2 with linespoints dt 2 pt 1 lc 1 title 'predicted 0 vader/spread rank 3', \
     '20261206T152300Z-4bcfef-rows.dat' index 2 using 1:3:4 with filledcurves lc 1 notitle, \
     '' index 2 using 1:2 with linespoints dt 2 pt 1 lc 1 title 'predicted 0 vader/spread rank 0', \
     '20261206T152300Z-4bcfef-rows.dat' index 3 using 1:3:4 with filledcurves lc 1 notitle, \
     '' index 3 using 1:2 with linespoints dt 2 pt 1 lc 1 title 'predicted 0 vader/spread rank 1', \
     '20261206T152300Z-4bcfef-rows.dat' index 4 using 1:3:4 with filledcurves lc 3 notitle, \
     '' index 4 using 1:2 with linespoints dt 2 pt 1 lc 3 title 'predicted 1 tcp/spread rank 2', \
     '20261206T152300Z-4bcfef-rows.dat' index 5 using 1:3:4 with filledcurves lc 3 notitle, \
     '' index 5 using 1:2 with linespoints dt 2 pt 1 lc 3 title 'predicted 1 tcp/spread rank 3', \
     '20261206T152300Z-4bcfef-rows.dat' index 6 using 1:3:4 with filledcurves lc 3 notitle, \
     '' index 6 using 1:2 with linespoints dt 2 pt 1 lc 3 title 'predicted 1 tcp/spread rank 0', \
     '20261206T152300Z-4bcfef-rows.dat' index 7 using 1:3:4 with filledcurves lc 3 notitle, \
     '' index 7 using 1:2 with linespoints dt 2 pt 1 lc 3 title 'predicted 1 tcp/spread rank 1', \
     '20261206T152300Z-4bcfef-rows.dat' index 8 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 1 title 'measured 0 vader/spread cpu', \
     '20261206T152300Z-4bcfef-rows.dat' index 9 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 2 title 'measured 0 vader/spread cpu-naive', \
     '20261206T152300Z-4bcfef-rows.dat' index 10 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 3 title 'measured 1 tcp/spread cpu', \
     '20261206T152300Z-4bcfef-rows.dat' index 11 using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc 4 title 'measured 1 tcp/spread cpu-naive'
