# 20261204T161153Z-99bd52-launches.gp - shared-gpu, per-launch medians (prereg analyze)
# Replot in analysis/shared-gpu/ with: gnuplot -d 20261204T161153Z-99bd52-launches.gp > 20261204T161153Z-99bd52-launches.svg
# The data are in 20261204T161153Z-99bd52-launches.dat; times in the unit of the y label.
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
set title 'shared-gpu, run 20261204T161153Z-99bd52'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:7.5]
set key below maxcols 2 font ",9"
set xtics 1
set yrange [0:1.2663]
plot '20261204T161153Z-99bd52-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 default/spread compute', \
     '20261204T161153Z-99bd52-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 default/spread compute_device', \
     '20261204T161153Z-99bd52-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 default/spread gatherv', \
     '20261204T161153Z-99bd52-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 default/spread to_host', \
     '20261204T161153Z-99bd52-launches.dat' index 4 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 vader/spread compute', \
     '20261204T161153Z-99bd52-launches.dat' index 5 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 vader/spread compute_device', \
     '20261204T161153Z-99bd52-launches.dat' index 6 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '1 vader/spread gatherv', \
     '20261204T161153Z-99bd52-launches.dat' index 7 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '1 vader/spread to_host'
