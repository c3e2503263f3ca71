# 20261206T023640Z-c0a55f-launches.gp - calib-allreduce, per-launch medians, relative (prereg analyze)
# Replot in analysis/calib-allreduce/ with: gnuplot -d 20261206T023640Z-c0a55f-launches.gp > 20261206T023640Z-c0a55f-launches.svg
# The data are in 20261206T023640Z-c0a55f-launches.dat; times in the unit of the y label.
set terminal svg size 800,514 dynamic font "sans,11" background "white"
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
set title 'calib-allreduce, run 20261206T023640Z-c0a55f'."\nper-launch medians over each group's median, median per (config, phase)"
set ylabel "launch median / group median"
set xlabel "launch"
set xrange [-0.5:9.5]
set yrange [0.722966:1.72554]
set key below maxcols 2 font ",9"
set xtics 1
plot '20261206T023640Z-c0a55f-launches.dat' index 0 using 1:2 with linespoints pt 7 ps 0.8 lc 1 title '0 vader/spread/ring allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 1 using 1:2 with linespoints pt 5 ps 0.8 lc 2 title '1 vader/spread/recursive_doubling allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 2 using 1:2 with linespoints pt 9 ps 0.8 lc 3 title '2 vader/spread/rabenseifner allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 3 using 1:2 with linespoints pt 11 ps 0.8 lc 4 title '3 vader/spread/reduce_bcast allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 4 using 1:2 with linespoints pt 7 ps 0.8 lc 5 title '4 vader/spread/default allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 5 using 1:2 with linespoints pt 5 ps 0.8 lc 6 title '5 tcp/spread/ring allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 6 using 1:2 with linespoints pt 9 ps 0.8 lc 7 title '6 tcp/spread/recursive_doubling allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 7 using 1:2 with linespoints pt 11 ps 0.8 lc 8 title '7 tcp/spread/rabenseifner allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 8 using 1:2 with linespoints pt 7 ps 0.8 lc 9 title '8 tcp/spread/reduce_bcast allreduce', \
     '20261206T023640Z-c0a55f-launches.dat' index 9 using 1:2 with linespoints pt 5 ps 0.8 lc 10 title '9 tcp/spread/default allreduce'
