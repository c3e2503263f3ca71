# 20261201T174848Z-b16a41-launches.gp - pap-allreduce, per-launch medians (prereg analyze)
# Replot in analysis/pap-allreduce/ with: gnuplot -d 20261201T174848Z-b16a41-launches.gp > 20261201T174848Z-b16a41-launches.svg
# The data are in 20261201T174848Z-b16a41-launches.dat; times in the unit of the y label.
set terminal svg size 800,724 dynamic font "sans,11" background "white"
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
set title 'pap-allreduce, run 20261201T174848Z-b16a41'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:5.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [0.0304268:144.812]
plot '20261201T174848Z-b16a41-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 default/spread/ring/none allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 default/spread/ring/none allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 2 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 default/spread/ring/one-late allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 3 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 default/spread/ring/one-late allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 4 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '2 default/spread/ring/uniform allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 5 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '2 default/spread/ring/uniform allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 6 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '3 default/spread/ring/replay allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 7 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '3 default/spread/ring/replay allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 8 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '4 default/spread/recursive_doubling/none allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 9 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '4 default/spread/recursive_doubling/none allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 10 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '5 default/spread/recursive_doubling/one-late allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 11 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '5 default/spread/recursive_doubling/one-late allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 12 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '6 default/spread/recursive_doubling/uniform allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 13 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '6 default/spread/recursive_doubling/uniform allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 14 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '7 default/spread/recursive_doubling/replay allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 15 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '7 default/spread/recursive_doubling/replay allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 16 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '8 default/spread/rabenseifner/none allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 17 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '8 default/spread/rabenseifner/none allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 18 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '9 default/spread/rabenseifner/one-late allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 19 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '9 default/spread/rabenseifner/one-late allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 20 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '10 default/spread/rabenseifner/uniform allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 21 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '10 default/spread/rabenseifner/uniform allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 22 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '11 default/spread/rabenseifner/replay allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 23 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '11 default/spread/rabenseifner/replay allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 24 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '12 default/spread/default/none allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 25 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '12 default/spread/default/none allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 26 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '13 default/spread/default/one-late allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 27 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '13 default/spread/default/one-late allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 28 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '14 default/spread/default/uniform allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 29 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '14 default/spread/default/uniform allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 30 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '15 default/spread/default/replay allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 31 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '15 default/spread/default/replay allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 32 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '16 default/spread/pap/none allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 33 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '16 default/spread/pap/none allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 34 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '17 default/spread/pap/one-late allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 35 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '17 default/spread/pap/one-late allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 36 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '18 default/spread/pap/uniform allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 37 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '18 default/spread/pap/uniform allreduce 8388608 B', \
     '20261201T174848Z-b16a41-launches.dat' index 38 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '19 default/spread/pap/replay allreduce 1024 B', \
     '20261201T174848Z-b16a41-launches.dat' index 39 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '19 default/spread/pap/replay allreduce 8388608 B'
