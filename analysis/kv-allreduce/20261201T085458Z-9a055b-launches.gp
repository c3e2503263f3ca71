# 20261201T085458Z-9a055b-launches.gp - kv-allreduce, per-launch medians (prereg analyze)
# Replot in analysis/kv-allreduce/ with: gnuplot -d 20261201T085458Z-9a055b-launches.gp > 20261201T085458Z-9a055b-launches.svg
# The data are in 20261201T085458Z-9a055b-launches.dat; times in the unit of the y label.
set terminal svg size 800,892 dynamic font "sans,11" background "white"
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
set title 'kv-allreduce, run 20261201T085458Z-9a055b'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:9.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [0.00155273:77.3937]
plot '20261201T085458Z-9a055b-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 vader/spread/none allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 vader/spread/none allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 vader/spread/none compute', \
     '20261201T085458Z-9a055b-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 vader/spread/none reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 vader/spread/none reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 5 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '0 vader/spread/none rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 6 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '0 vader/spread/none sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 7 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '0 vader/spread/none sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 8 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 vader/spread/barrier allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 9 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 vader/spread/barrier allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 10 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '1 vader/spread/barrier compute', \
     '20261201T085458Z-9a055b-launches.dat' index 11 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '1 vader/spread/barrier reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 12 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 5 title '1 vader/spread/barrier reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 13 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 6 title '1 vader/spread/barrier rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 14 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 7 title '1 vader/spread/barrier sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 15 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 8 title '1 vader/spread/barrier sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 16 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '2 vader/packed/none allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 17 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '2 vader/packed/none allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 18 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 3 title '2 vader/packed/none compute', \
     '20261201T085458Z-9a055b-launches.dat' index 19 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 4 title '2 vader/packed/none reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 20 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 5 title '2 vader/packed/none reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 21 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 6 title '2 vader/packed/none rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 22 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 7 title '2 vader/packed/none sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 23 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 8 title '2 vader/packed/none sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 24 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '3 vader/packed/barrier allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 25 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '3 vader/packed/barrier allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 26 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 3 title '3 vader/packed/barrier compute', \
     '20261201T085458Z-9a055b-launches.dat' index 27 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 4 title '3 vader/packed/barrier reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 28 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 5 title '3 vader/packed/barrier reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 29 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 6 title '3 vader/packed/barrier rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 30 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 7 title '3 vader/packed/barrier sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 31 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 8 title '3 vader/packed/barrier sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 32 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '4 tcp/spread/none allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 33 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '4 tcp/spread/none allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 34 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '4 tcp/spread/none compute', \
     '20261201T085458Z-9a055b-launches.dat' index 35 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '4 tcp/spread/none reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 36 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '4 tcp/spread/none reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 37 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '4 tcp/spread/none rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 38 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '4 tcp/spread/none sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 39 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '4 tcp/spread/none sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 40 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '5 tcp/spread/barrier allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 41 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '5 tcp/spread/barrier allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 42 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '5 tcp/spread/barrier compute', \
     '20261201T085458Z-9a055b-launches.dat' index 43 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '5 tcp/spread/barrier reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 44 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 5 title '5 tcp/spread/barrier reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 45 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 6 title '5 tcp/spread/barrier rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 46 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 7 title '5 tcp/spread/barrier sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 47 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 8 title '5 tcp/spread/barrier sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 48 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '6 tcp/packed/none allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 49 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '6 tcp/packed/none allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 50 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 3 title '6 tcp/packed/none compute', \
     '20261201T085458Z-9a055b-launches.dat' index 51 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 4 title '6 tcp/packed/none reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 52 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 5 title '6 tcp/packed/none reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 53 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 6 title '6 tcp/packed/none rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 54 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 7 title '6 tcp/packed/none sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 55 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 8 title '6 tcp/packed/none sendrecv 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 56 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '7 tcp/packed/barrier allreduce', \
     '20261201T085458Z-9a055b-launches.dat' index 57 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '7 tcp/packed/barrier allreduce_small', \
     '20261201T085458Z-9a055b-launches.dat' index 58 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 3 title '7 tcp/packed/barrier compute', \
     '20261201T085458Z-9a055b-launches.dat' index 59 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 4 title '7 tcp/packed/barrier reduce_local 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 60 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 5 title '7 tcp/packed/barrier reduce_local 4210688 B', \
     '20261201T085458Z-9a055b-launches.dat' index 61 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 6 title '7 tcp/packed/barrier rescale', \
     '20261201T085458Z-9a055b-launches.dat' index 62 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 7 title '7 tcp/packed/barrier sendrecv 16384 B', \
     '20261201T085458Z-9a055b-launches.dat' index 63 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 8 title '7 tcp/packed/barrier sendrecv 4210688 B'
