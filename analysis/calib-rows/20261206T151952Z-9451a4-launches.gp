# 20261206T151952Z-9451a4-launches.gp - calib-rows, per-launch medians (prereg analyze)
# Replot in analysis/calib-rows/ with: gnuplot -d 20261206T151952Z-9451a4-launches.gp > 20261206T151952Z-9451a4-launches.svg
# The data are in 20261206T151952Z-9451a4-launches.dat; times in the unit of the y label.
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
set title 'calib-rows, run 20261206T151952Z-9451a4'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:7.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [1.58938:219.453]
plot '20261206T151952Z-9451a4-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 default/spread compute cpu rows 512', \
     '20261206T151952Z-9451a4-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 default/spread compute cpu rows 1024', \
     '20261206T151952Z-9451a4-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 default/spread compute cpu rows 4096', \
     '20261206T151952Z-9451a4-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 default/spread compute cpu rows 8192', \
     '20261206T151952Z-9451a4-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 default/spread compute cpu-naive rows 512', \
     '20261206T151952Z-9451a4-launches.dat' index 5 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '0 default/spread compute cpu-naive rows 1024', \
     '20261206T151952Z-9451a4-launches.dat' index 6 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '0 default/spread compute cpu-naive rows 4096', \
     '20261206T151952Z-9451a4-launches.dat' index 7 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '0 default/spread compute cpu-naive rows 8192'
