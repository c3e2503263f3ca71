# 20261129T185654Z-ed4fb0-launches.gp - calib-pingpong, per-launch medians (prereg analyze)
# Replot in analysis/calib-pingpong/ with: gnuplot -d 20261129T185654Z-ed4fb0-launches.gp > 20261129T185654Z-ed4fb0-launches.svg
# The data are in 20261129T185654Z-ed4fb0-launches.dat; times in the unit of the y label.
set terminal svg size 800,752 dynamic font "sans,11" background "white"
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
set title 'calib-pingpong, run 20261129T185654Z-ed4fb0'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:4.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [2.72727e-05:10.8149]
plot '20261129T185654Z-ed4fb0-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 vader/spread pingpong 8 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 vader/spread pingpong 32 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 vader/spread pingpong 128 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 vader/spread pingpong 512 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 vader/spread pingpong 2048 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 5 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '0 vader/spread pingpong 8192 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 6 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '0 vader/spread pingpong 32768 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 7 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '0 vader/spread pingpong 131072 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 8 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 9 title '0 vader/spread pingpong 524288 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 9 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 10 title '0 vader/spread pingpong 2097152 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 10 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 11 title '0 vader/spread pingpong 8388608 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 11 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 12 title '0 vader/spread reduce_local 8 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 12 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 13 title '0 vader/spread reduce_local 32 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 13 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 14 title '0 vader/spread reduce_local 128 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 14 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 15 title '0 vader/spread reduce_local 512 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 15 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 16 title '0 vader/spread reduce_local 2048 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 16 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 17 title '0 vader/spread reduce_local 8192 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 17 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 18 title '0 vader/spread reduce_local 32768 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 18 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 19 title '0 vader/spread reduce_local 131072 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 19 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 20 title '0 vader/spread reduce_local 524288 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 20 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 21 title '0 vader/spread reduce_local 2097152 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 21 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 22 title '0 vader/spread reduce_local 8388608 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 22 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 tcp/spread pingpong 8 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 23 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 tcp/spread pingpong 32 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 24 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '1 tcp/spread pingpong 128 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 25 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '1 tcp/spread pingpong 512 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 26 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 5 title '1 tcp/spread pingpong 2048 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 27 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 6 title '1 tcp/spread pingpong 8192 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 28 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 7 title '1 tcp/spread pingpong 32768 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 29 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 8 title '1 tcp/spread pingpong 131072 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 30 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 9 title '1 tcp/spread pingpong 524288 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 31 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 10 title '1 tcp/spread pingpong 2097152 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 32 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 11 title '1 tcp/spread pingpong 8388608 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 33 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 12 title '1 tcp/spread reduce_local 8 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 34 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 13 title '1 tcp/spread reduce_local 32 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 35 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 14 title '1 tcp/spread reduce_local 128 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 36 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 15 title '1 tcp/spread reduce_local 512 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 37 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 16 title '1 tcp/spread reduce_local 2048 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 38 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 17 title '1 tcp/spread reduce_local 8192 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 39 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 18 title '1 tcp/spread reduce_local 32768 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 40 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 19 title '1 tcp/spread reduce_local 131072 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 41 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 20 title '1 tcp/spread reduce_local 524288 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 42 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 21 title '1 tcp/spread reduce_local 2097152 B', \
     '20261129T185654Z-ed4fb0-launches.dat' index 43 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 22 title '1 tcp/spread reduce_local 8388608 B'
