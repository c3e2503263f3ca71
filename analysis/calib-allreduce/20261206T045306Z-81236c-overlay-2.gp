# 20261206T045306Z-81236c-overlay-2.gp - calib-allreduce, every run per cell (prereg analyze)
# Replot in analysis/calib-allreduce/ with: gnuplot -d 20261206T045306Z-81236c-overlay-2.gp > 20261206T045306Z-81236c-overlay-2.svg
# The data are in 20261206T045306Z-81236c-overlay-2.dat; times in the unit of the y label.
set terminal svg size 950,750 dynamic font "sans,11" background "white"
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
set title 'calib-allreduce, 18 runs (part 2 of 2)'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [4.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('7 tcp/spread/rabenseifner allreduce 262144 B (after last arrival)' 1, '8 tcp/spread/reduce_bcast allreduce 1024 B (after last arrival)' 2, '8 tcp/spread/reduce_bcast allreduce 16384 B (after last arrival)' 3, '8 tcp/spread/reduce_bcast allreduce 262144 B (after last arrival)' 4)
set xrange [0:*]
plot '20261206T045306Z-81236c-overlay-2.dat' index 0 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T033602Z-74112f (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 1 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T034650Z-627a21 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 2 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T040239Z-592031 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 3 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261204T040645Z-85a235 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 4 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261204T041133Z-c55fd5 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 5 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T044744Z-309cbe (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 6 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T050047Z-249e5f (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 7 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T054400Z-90bdde (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 8 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023640Z-c0a55f (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 9 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 6 title 'rerun 20261206T023755Z-185ac5 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 10 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T043530Z-8a9072 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 11 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T043736Z-ae730e (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 12 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T045111Z-4fa528 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-2.dat' index 13 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T045306Z-81236c (median, 95% CI)'
