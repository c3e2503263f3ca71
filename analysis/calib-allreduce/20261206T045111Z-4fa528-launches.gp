# 20261206T045111Z-4fa528-launches.gp - calib-allreduce, per-launch medians, relative (prereg analyze)
# Replot in analysis/calib-allreduce/ with: gnuplot -d 20261206T045111Z-4fa528-launches.gp > 20261206T045111Z-4fa528-launches.svg
# The data are in 20261206T045111Z-4fa528-launches.dat; times in the unit of the y label.
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
set title 'calib-allreduce, run 20261206T045111Z-4fa528'."\nper-launch medians over each group's median, median per phase (every config)"
set ylabel "launch median / group median"
set xlabel "launch"
set xrange [-0.5:9.5]
set yrange [0.839809:1.39657]
set key below maxcols 2 font ",9"
set xtics 1
plot '20261206T045111Z-4fa528-launches.dat' index 0 using 1:2 with linespoints pt 7 ps 0.8 lc 1 title 'allreduce (every config)', \
     '20261206T045111Z-4fa528-launches.dat' index 1 using 1:2 with linespoints pt 5 ps 0.8 lc 2 title 'copy (every config)', \
     '20261206T045111Z-4fa528-launches.dat' index 2 using 1:2 with linespoints pt 9 ps 0.8 lc 3 title 'pingpong (every config)', \
     '20261206T045111Z-4fa528-launches.dat' index 3 using 1:2 with linespoints pt 11 ps 0.8 lc 4 title 'reduce_local (every config)', \
     '20261206T045111Z-4fa528-launches.dat' index 4 using 1:2 with linespoints pt 7 ps 0.8 lc 5 title 'sendrecv (every config)'
