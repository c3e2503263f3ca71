# 20261206T152014Z-10fc4e-launches.gp - calib-pingpong, per-launch medians, relative (prereg analyze)
# Replot in analysis/calib-pingpong/ with: gnuplot -d 20261206T152014Z-10fc4e-launches.gp > 20261206T152014Z-10fc4e-launches.svg
# The data are in 20261206T152014Z-10fc4e-launches.dat; times in the unit of the y label.
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
set title 'calib-pingpong, run 20261206T152014Z-10fc4e'."\nper-launch medians over each group's median, median per (config, phase)"
set ylabel "launch median / group median"
set xlabel "launch"
set xrange [-0.5:9.5]
set yrange [0.919388:1.13707]
set key below maxcols 2 font ",9"
set xtics 1
plot '20261206T152014Z-10fc4e-launches.dat' index 0 using 1:2 with linespoints pt 7 ps 0.8 lc 1 title '0 vader/spread pingpong', \
     '20261206T152014Z-10fc4e-launches.dat' index 1 using 1:2 with linespoints pt 5 ps 0.8 lc 2 title '0 vader/spread reduce_local', \
     '20261206T152014Z-10fc4e-launches.dat' index 2 using 1:2 with linespoints pt 9 ps 0.8 lc 3 title '0 vader/spread sendrecv', \
     '20261206T152014Z-10fc4e-launches.dat' index 3 using 1:2 with linespoints pt 11 ps 0.8 lc 4 title '1 vader/packed pingpong', \
     '20261206T152014Z-10fc4e-launches.dat' index 4 using 1:2 with linespoints pt 7 ps 0.8 lc 5 title '1 vader/packed reduce_local', \
     '20261206T152014Z-10fc4e-launches.dat' index 5 using 1:2 with linespoints pt 5 ps 0.8 lc 6 title '1 vader/packed sendrecv', \
     '20261206T152014Z-10fc4e-launches.dat' index 6 using 1:2 with linespoints pt 9 ps 0.8 lc 7 title '2 tcp/spread pingpong', \
     '20261206T152014Z-10fc4e-launches.dat' index 7 using 1:2 with linespoints pt 11 ps 0.8 lc 8 title '2 tcp/spread reduce_local', \
     '20261206T152014Z-10fc4e-launches.dat' index 8 using 1:2 with linespoints pt 7 ps 0.8 lc 9 title '2 tcp/spread sendrecv', \
     '20261206T152014Z-10fc4e-launches.dat' index 9 using 1:2 with linespoints pt 5 ps 0.8 lc 10 title '3 tcp/packed pingpong', \
     '20261206T152014Z-10fc4e-launches.dat' index 10 using 1:2 with linespoints pt 9 ps 0.8 lc 11 title '3 tcp/packed reduce_local', \
     '20261206T152014Z-10fc4e-launches.dat' index 11 using 1:2 with linespoints pt 11 ps 0.8 lc 12 title '3 tcp/packed sendrecv'
