# 20261203T214616Z-5be71d-launches.gp - hpcc-allreduce, per-launch medians (prereg analyze)
# Replot in analysis/hpcc-allreduce/ with: gnuplot -d 20261203T214616Z-5be71d-launches.gp > 20261203T214616Z-5be71d-launches.svg
# The data are in 20261203T214616Z-5be71d-launches.dat; times in the unit of the y label.
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
set title 'hpcc-allreduce, run 20261203T214616Z-5be71d'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (us)"
set xlabel "launch"
set xrange [-0.5:7.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [0.384545:77.6072]
plot '20261203T214616Z-5be71d-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 vader/spread allreduce 4 B', \
     '20261203T214616Z-5be71d-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 vader/spread allreduce 8 B', \
     '20261203T214616Z-5be71d-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 vader/spread allreduce 16 B', \
     '20261203T214616Z-5be71d-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 vader/spread allreduce 320 B', \
     '20261203T214616Z-5be71d-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 vader/spread allreduce.s1', \
     '20261203T214616Z-5be71d-launches.dat' index 5 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 tcp/spread allreduce 4 B', \
     '20261203T214616Z-5be71d-launches.dat' index 6 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 tcp/spread allreduce 8 B', \
     '20261203T214616Z-5be71d-launches.dat' index 7 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '1 tcp/spread allreduce 16 B', \
     '20261203T214616Z-5be71d-launches.dat' index 8 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '1 tcp/spread allreduce 320 B', \
     '20261203T214616Z-5be71d-launches.dat' index 9 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 5 title '1 tcp/spread allreduce.s1'
