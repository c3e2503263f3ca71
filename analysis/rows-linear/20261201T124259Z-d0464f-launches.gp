# 20261201T124259Z-d0464f-launches.gp - rows-linear, per-launch medians (prereg analyze)
# Replot in analysis/rows-linear/ with: gnuplot -d 20261201T124259Z-d0464f-launches.gp > 20261201T124259Z-d0464f-launches.svg
# The data are in 20261201T124259Z-d0464f-launches.dat; times in the unit of the y label.
set terminal svg size 800,822 dynamic font "sans,11" background "white"
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
set title 'rows-linear, run 20261201T124259Z-d0464f'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:5.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [0.00295182:1248.57]
plot '20261201T124259Z-d0464f-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 default/spread compute cpu rows 1', \
     '20261201T124259Z-d0464f-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 default/spread compute cpu rows 2', \
     '20261201T124259Z-d0464f-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 default/spread compute cpu rows 4', \
     '20261201T124259Z-d0464f-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 default/spread compute cpu rows 6', \
     '20261201T124259Z-d0464f-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 default/spread compute cpu rows 8', \
     '20261201T124259Z-d0464f-launches.dat' index 5 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '0 default/spread compute cpu rows 16', \
     '20261201T124259Z-d0464f-launches.dat' index 6 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '0 default/spread compute cpu rows 32', \
     '20261201T124259Z-d0464f-launches.dat' index 7 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '0 default/spread compute cpu rows 64', \
     '20261201T124259Z-d0464f-launches.dat' index 8 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 9 title '0 default/spread compute cpu rows 128', \
     '20261201T124259Z-d0464f-launches.dat' index 9 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 10 title '0 default/spread compute cpu rows 256', \
     '20261201T124259Z-d0464f-launches.dat' index 10 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 11 title '0 default/spread compute cpu rows 512', \
     '20261201T124259Z-d0464f-launches.dat' index 11 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 12 title '0 default/spread compute cpu rows 1024', \
     '20261201T124259Z-d0464f-launches.dat' index 12 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 13 title '0 default/spread compute cpu rows 2048', \
     '20261201T124259Z-d0464f-launches.dat' index 13 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 14 title '0 default/spread compute cpu rows 4096', \
     '20261201T124259Z-d0464f-launches.dat' index 14 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 15 title '0 default/spread compute cpu rows 6144', \
     '20261201T124259Z-d0464f-launches.dat' index 15 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 16 title '0 default/spread compute cpu rows 8192', \
     '20261201T124259Z-d0464f-launches.dat' index 16 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 17 title '0 default/spread compute cpu rows 12288', \
     '20261201T124259Z-d0464f-launches.dat' index 17 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 18 title '0 default/spread compute cpu rows 16384', \
     '20261201T124259Z-d0464f-launches.dat' index 18 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 19 title '0 default/spread compute cpu-blocks:2 rows 1', \
     '20261201T124259Z-d0464f-launches.dat' index 19 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 20 title '0 default/spread compute cpu-blocks:2 rows 2', \
     '20261201T124259Z-d0464f-launches.dat' index 20 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 21 title '0 default/spread compute cpu-blocks:2 rows 4', \
     '20261201T124259Z-d0464f-launches.dat' index 21 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 22 title '0 default/spread compute cpu-blocks:2 rows 6', \
     '20261201T124259Z-d0464f-launches.dat' index 22 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 23 title '0 default/spread compute cpu-blocks:2 rows 8', \
     '20261201T124259Z-d0464f-launches.dat' index 23 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 24 title '0 default/spread compute cpu-blocks:2 rows 16', \
     '20261201T124259Z-d0464f-launches.dat' index 24 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 25 title '0 default/spread compute cpu-blocks:2 rows 32', \
     '20261201T124259Z-d0464f-launches.dat' index 25 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 26 title '0 default/spread compute cpu-blocks:2 rows 64', \
     '20261201T124259Z-d0464f-launches.dat' index 26 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 27 title '0 default/spread compute cpu-blocks:2 rows 128', \
     '20261201T124259Z-d0464f-launches.dat' index 27 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 28 title '0 default/spread compute cpu-blocks:2 rows 256', \
     '20261201T124259Z-d0464f-launches.dat' index 28 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 29 title '0 default/spread compute cpu-blocks:2 rows 512', \
     '20261201T124259Z-d0464f-launches.dat' index 29 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 30 title '0 default/spread compute cpu-blocks:2 rows 1024', \
     '20261201T124259Z-d0464f-launches.dat' index 30 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 31 title '0 default/spread compute cpu-blocks:2 rows 2048', \
     '20261201T124259Z-d0464f-launches.dat' index 31 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 32 title '0 default/spread compute cpu-blocks:2 rows 4096', \
     '20261201T124259Z-d0464f-launches.dat' index 32 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 33 title '0 default/spread compute cpu-blocks:2 rows 6144', \
     '20261201T124259Z-d0464f-launches.dat' index 33 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 34 title '0 default/spread compute cpu-blocks:2 rows 8192', \
     '20261201T124259Z-d0464f-launches.dat' index 34 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 35 title '0 default/spread compute cpu-blocks:2 rows 12288', \
     '20261201T124259Z-d0464f-launches.dat' index 35 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 36 title '0 default/spread compute cpu-blocks:2 rows 16384', \
     '20261201T124259Z-d0464f-launches.dat' index 36 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 37 title '0 default/spread compute cpu-naive rows 1', \
     '20261201T124259Z-d0464f-launches.dat' index 37 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 38 title '0 default/spread compute cpu-naive rows 2', \
     '20261201T124259Z-d0464f-launches.dat' index 38 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 39 title '0 default/spread compute cpu-naive rows 4', \
     '20261201T124259Z-d0464f-launches.dat' index 39 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 40 title '0 default/spread compute cpu-naive rows 6', \
     '20261201T124259Z-d0464f-launches.dat' index 40 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 41 title '0 default/spread compute cpu-naive rows 8', \
     '20261201T124259Z-d0464f-launches.dat' index 41 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 42 title '0 default/spread compute cpu-naive rows 16', \
     '20261201T124259Z-d0464f-launches.dat' index 42 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 43 title '0 default/spread compute cpu-naive rows 32', \
     '20261201T124259Z-d0464f-launches.dat' index 43 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 44 title '0 default/spread compute cpu-naive rows 64', \
     '20261201T124259Z-d0464f-launches.dat' index 44 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 45 title '0 default/spread compute cpu-naive rows 128', \
     '20261201T124259Z-d0464f-launches.dat' index 45 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 46 title '0 default/spread compute cpu-naive rows 256', \
     '20261201T124259Z-d0464f-launches.dat' index 46 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 47 title '0 default/spread compute cpu-naive rows 512', \
     '20261201T124259Z-d0464f-launches.dat' index 47 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 48 title '0 default/spread compute cpu-naive rows 1024', \
     '20261201T124259Z-d0464f-launches.dat' index 48 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 49 title '0 default/spread compute cpu-naive rows 2048', \
     '20261201T124259Z-d0464f-launches.dat' index 49 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 50 title '0 default/spread compute cpu-naive rows 4096', \
     '20261201T124259Z-d0464f-launches.dat' index 50 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 51 title '0 default/spread compute cpu-naive rows 6144', \
     '20261201T124259Z-d0464f-launches.dat' index 51 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 52 title '0 default/spread compute cpu-naive rows 8192', \
     '20261201T124259Z-d0464f-launches.dat' index 52 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 53 title '0 default/spread compute cpu-naive rows 12288', \
     '20261201T124259Z-d0464f-launches.dat' index 53 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 54 title '0 default/spread compute cpu-naive rows 16384'
