# 20261206T152346Z-376d15-launches.gp - shared-device, per-launch medians (prereg analyze)
# Replot in analysis/shared-device/ with: gnuplot -d 20261206T152346Z-376d15-launches.gp > 20261206T152346Z-376d15-launches.svg
# The data are in 20261206T152346Z-376d15-launches.dat; times in the unit of the y label.
set terminal svg size 800,528 dynamic font "sans,11" background "white"
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
set title 'shared-device, run 20261206T152346Z-376d15'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:9.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [0.471211:44.3406]
plot '20261206T152346Z-376d15-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 vader/spread compute', \
     '20261206T152346Z-376d15-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 vader/spread gatherv', \
     '20261206T152346Z-376d15-launches.dat' index 2 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 vader/packed compute', \
     '20261206T152346Z-376d15-launches.dat' index 3 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 vader/packed gatherv', \
     '20261206T152346Z-376d15-launches.dat' index 4 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '2 tcp/spread compute', \
     '20261206T152346Z-376d15-launches.dat' index 5 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '2 tcp/spread gatherv', \
     '20261206T152346Z-376d15-launches.dat' index 6 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '3 tcp/packed compute', \
     '20261206T152346Z-376d15-launches.dat' index 7 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '3 tcp/packed gatherv', \
     '20261206T152346Z-376d15-launches.dat' index 8 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '4 default/spread compute', \
     '20261206T152346Z-376d15-launches.dat' index 9 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '4 default/spread gatherv', \
     '20261206T152346Z-376d15-launches.dat' index 10 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '5 default/packed compute', \
     '20261206T152346Z-376d15-launches.dat' index 11 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '5 default/packed gatherv'
