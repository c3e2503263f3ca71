# 20261201T152554Z-f1635c-launches.gp - rows-linear-blocked, per-launch medians (prereg analyze)
# Replot in analysis/rows-linear-blocked/ with: gnuplot -d 20261201T152554Z-f1635c-launches.gp > 20261201T152554Z-f1635c-launches.svg
# The data are in 20261201T152554Z-f1635c-launches.dat; times in the unit of the y label.
set terminal svg size 800,570 dynamic font "sans,11" background "white"
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
set title 'rows-linear-blocked, run 20261201T152554Z-f1635c'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:5.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [1.59718:168.859]
plot '20261201T152554Z-f1635c-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 default/spread compute rows 1', \
     '20261201T152554Z-f1635c-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 default/spread compute rows 2', \
     '20261201T152554Z-f1635c-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 default/spread compute rows 4', \
     '20261201T152554Z-f1635c-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 default/spread compute rows 6', \
     '20261201T152554Z-f1635c-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 default/spread compute rows 8', \
     '20261201T152554Z-f1635c-launches.dat' index 5 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '0 default/spread compute rows 16', \
     '20261201T152554Z-f1635c-launches.dat' index 6 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '0 default/spread compute rows 32', \
     '20261201T152554Z-f1635c-launches.dat' index 7 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '0 default/spread compute rows 64', \
     '20261201T152554Z-f1635c-launches.dat' index 8 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 9 title '0 default/spread compute rows 128', \
     '20261201T152554Z-f1635c-launches.dat' index 9 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 10 title '0 default/spread compute rows 256', \
     '20261201T152554Z-f1635c-launches.dat' index 10 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 11 title '0 default/spread compute rows 512', \
     '20261201T152554Z-f1635c-launches.dat' index 11 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 12 title '0 default/spread compute rows 1024', \
     '20261201T152554Z-f1635c-launches.dat' index 12 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 13 title '0 default/spread compute rows 2048', \
     '20261201T152554Z-f1635c-launches.dat' index 13 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 14 title '0 default/spread compute rows 4096', \
     '20261201T152554Z-f1635c-launches.dat' index 14 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 15 title '0 default/spread compute rows 6144', \
     '20261201T152554Z-f1635c-launches.dat' index 15 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 16 title '0 default/spread compute rows 8192', \
     '20261201T152554Z-f1635c-launches.dat' index 16 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 17 title '0 default/spread compute rows 12288', \
     '20261201T152554Z-f1635c-launches.dat' index 17 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 18 title '0 default/spread compute rows 16384'
