# 20261201T084352Z-5d3e00-launches.gp - kv-allreduce, per-launch medians (prereg analyze)
# Replot in analysis/kv-allreduce/ with: gnuplot -d 20261201T084352Z-5d3e00-launches.gp > 20261201T084352Z-5d3e00-launches.svg
# The data are in 20261201T084352Z-5d3e00-launches.dat; times in the unit of the y label.
set terminal svg size 800,668 dynamic font "sans,11" background "white"
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
set title 'kv-allreduce, run 20261201T084352Z-5d3e00'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:9.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [0.00155273:77.3937]
plot '20261201T084352Z-5d3e00-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 vader/spread/none allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 vader/spread/none allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 vader/spread/none compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 vader/spread/none rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 4 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 vader/spread/barrier allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 5 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 vader/spread/barrier allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 6 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '1 vader/spread/barrier compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 7 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '1 vader/spread/barrier rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 8 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '2 vader/packed/none allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 9 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '2 vader/packed/none allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 10 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 3 title '2 vader/packed/none compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 11 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 4 title '2 vader/packed/none rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 12 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '3 vader/packed/barrier allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 13 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '3 vader/packed/barrier allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 14 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 3 title '3 vader/packed/barrier compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 15 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 4 title '3 vader/packed/barrier rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 16 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '4 tcp/spread/none allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 17 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '4 tcp/spread/none allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 18 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '4 tcp/spread/none compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 19 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '4 tcp/spread/none rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 20 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '5 tcp/spread/barrier allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 21 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '5 tcp/spread/barrier allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 22 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '5 tcp/spread/barrier compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 23 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '5 tcp/spread/barrier rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 24 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '6 tcp/packed/none allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 25 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '6 tcp/packed/none allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 26 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 3 title '6 tcp/packed/none compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 27 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 4 title '6 tcp/packed/none rescale', \
     '20261201T084352Z-5d3e00-launches.dat' index 28 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '7 tcp/packed/barrier allreduce', \
     '20261201T084352Z-5d3e00-launches.dat' index 29 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '7 tcp/packed/barrier allreduce_small', \
     '20261201T084352Z-5d3e00-launches.dat' index 30 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 3 title '7 tcp/packed/barrier compute', \
     '20261201T084352Z-5d3e00-launches.dat' index 31 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 4 title '7 tcp/packed/barrier rescale'
