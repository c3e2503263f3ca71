# 20261201T153325Z-203115-launches.gp - pap-dp-step, per-launch medians (prereg analyze)
# Replot in analysis/pap-dp-step/ with: gnuplot -d 20261201T153325Z-203115-launches.gp > 20261201T153325Z-203115-launches.svg
# The data are in 20261201T153325Z-203115-launches.dat; times in the unit of the y label.
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
set title 'pap-dp-step, run 20261201T153325Z-203115'."\nper-launch medians (warmups excluded)"
set ylabel "median of the launch (ms)"
set xlabel "launch"
set xrange [-0.5:5.5]
set key below maxcols 2 font ",9"
set xtics 1
set logscale y
set yrange [1.91636:199.365]
plot '20261201T153325Z-203115-launches.dat' index 0 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 1 title '0 default/spread/ring allreduce 4194304 B', \
     '20261201T153325Z-203115-launches.dat' index 1 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 2 title '0 default/spread/ring allreduce 16777216 B', \
     '20261201T153325Z-203115-launches.dat' index 2 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 3 title '0 default/spread/ring compute 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 3 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 4 title '0 default/spread/ring compute 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 4 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 5 title '0 default/spread/ring compute 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 5 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 6 title '0 default/spread/ring compute 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 6 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 7 title '0 default/spread/ring step 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 7 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 8 title '0 default/spread/ring step 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 8 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 9 title '0 default/spread/ring step 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 9 using 1:2 with linespoints pt 7 dt 1 ps 0.8 lc 10 title '0 default/spread/ring step 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 10 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 1 title '1 default/spread/rabenseifner allreduce 4194304 B', \
     '20261201T153325Z-203115-launches.dat' index 11 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 2 title '1 default/spread/rabenseifner allreduce 16777216 B', \
     '20261201T153325Z-203115-launches.dat' index 12 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 3 title '1 default/spread/rabenseifner compute 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 13 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 4 title '1 default/spread/rabenseifner compute 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 14 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 5 title '1 default/spread/rabenseifner compute 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 15 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 6 title '1 default/spread/rabenseifner compute 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 16 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 7 title '1 default/spread/rabenseifner step 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 17 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 8 title '1 default/spread/rabenseifner step 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 18 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 9 title '1 default/spread/rabenseifner step 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 19 using 1:2 with linespoints pt 5 dt 2 ps 0.8 lc 10 title '1 default/spread/rabenseifner step 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 20 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 1 title '2 default/spread/default allreduce 4194304 B', \
     '20261201T153325Z-203115-launches.dat' index 21 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 2 title '2 default/spread/default allreduce 16777216 B', \
     '20261201T153325Z-203115-launches.dat' index 22 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 3 title '2 default/spread/default compute 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 23 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 4 title '2 default/spread/default compute 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 24 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 5 title '2 default/spread/default compute 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 25 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 6 title '2 default/spread/default compute 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 26 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 7 title '2 default/spread/default step 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 27 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 8 title '2 default/spread/default step 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 28 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 9 title '2 default/spread/default step 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 29 using 1:2 with linespoints pt 9 dt 3 ps 0.8 lc 10 title '2 default/spread/default step 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 30 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 1 title '3 default/spread/pap allreduce 4194304 B', \
     '20261201T153325Z-203115-launches.dat' index 31 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 2 title '3 default/spread/pap allreduce 16777216 B', \
     '20261201T153325Z-203115-launches.dat' index 32 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 3 title '3 default/spread/pap compute 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 33 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 4 title '3 default/spread/pap compute 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 34 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 5 title '3 default/spread/pap compute 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 35 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 6 title '3 default/spread/pap compute 16777216 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 36 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 7 title '3 default/spread/pap step 4194304 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 37 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 8 title '3 default/spread/pap step 4194304 B rows 1800', \
     '20261201T153325Z-203115-launches.dat' index 38 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 9 title '3 default/spread/pap step 16777216 B rows 600', \
     '20261201T153325Z-203115-launches.dat' index 39 using 1:2 with linespoints pt 11 dt 4 ps 0.8 lc 10 title '3 default/spread/pap step 16777216 B rows 1800'
