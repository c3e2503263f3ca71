# 20261206T045306Z-81236c-overlay-1.gp - calib-allreduce, every run per cell (prereg analyze)
# Replot in analysis/calib-allreduce/ with: gnuplot -d 20261206T045306Z-81236c-overlay-1.gp > 20261206T045306Z-81236c-overlay-1.svg
# The data are in 20261206T045306Z-81236c-overlay-1.dat; times in the unit of the y label.
set terminal svg size 1010,2310 dynamic font "sans,11" background "white"
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
set title 'calib-allreduce, 18 runs (part 1 of 2)'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread/ring allreduce 64 B (after last arrival)' 1, '0 vader/spread/ring allreduce 4096 B (after last arrival)' 2, '0 vader/spread/ring allreduce 65536 B (after last arrival)' 3, '0 vader/spread/ring allreduce 1048576 B (after last arrival)' 4, '0 vader/spread/ring allreduce 8388608 B (after last arrival)' 5, '1 vader/spread/recursive_doubling allreduce 64 B (after last arrival)' 6, '1 vader/spread/recursive_doubling allreduce 4096 B (after last arrival)' 7, '1 vader/spread/recursive_doubling allreduce 65536 B (after last arrival)' 8, '1 vader/spread/recursive_doubling allreduce 1048576 B (after last arrival)' 9, '1 vader/spread/recursive_doubling allreduce 8388608 B (after last arrival)' 10, '2 vader/spread/rabenseifner allreduce 64 B (after last arrival)' 11, '2 vader/spread/rabenseifner allreduce 4096 B (after last arrival)' 12, '2 vader/spread/rabenseifner allreduce 65536 B (after last arrival)' 13, '2 vader/spread/rabenseifner allreduce 1048576 B (after last arrival)' 14, '2 vader/spread/rabenseifner allreduce 8388608 B (after last arrival)' 15, '3 vader/spread/reduce_bcast allreduce 64 B (after last arrival)' 16, '3 vader/spread/reduce_bcast allreduce 4096 B (after last arrival)' 17, '3 vader/spread/reduce_bcast allreduce 65536 B (after last arrival)' 18, '3 vader/spread/reduce_bcast allreduce 1048576 B (after last arrival)' 19, '3 vader/spread/reduce_bcast allreduce 8388608 B (after last arrival)' 20, '5 tcp/spread/ring allreduce 64 B (after last arrival)' 21, '5 tcp/spread/ring allreduce 4096 B (after last arrival)' 22, '5 tcp/spread/ring allreduce 65536 B (after last arrival)' 23, '5 tcp/spread/ring allreduce 1048576 B (after last arrival)' 24, '5 tcp/spread/ring allreduce 8388608 B (after last arrival)' 25, '6 tcp/spread/recursive_doubling allreduce 64 B (after last arrival)' 26, '6 tcp/spread/recursive_doubling allreduce 4096 B (after last arrival)' 27, '6 tcp/spread/recursive_doubling allreduce 65536 B (after last arrival)' 28, '6 tcp/spread/recursive_doubling allreduce 1048576 B (after last arrival)' 29, '6 tcp/spread/recursive_doubling allreduce 8388608 B (after last arrival)' 30, '7 tcp/spread/rabenseifner allreduce 64 B (after last arrival)' 31, '7 tcp/spread/rabenseifner allreduce 4096 B (after last arrival)' 32, '7 tcp/spread/rabenseifner allreduce 65536 B (after last arrival)' 33, '7 tcp/spread/rabenseifner allreduce 1048576 B (after last arrival)' 34, '7 tcp/spread/rabenseifner allreduce 8388608 B (after last arrival)' 35, '8 tcp/spread/reduce_bcast allreduce 64 B (after last arrival)' 36, '8 tcp/spread/reduce_bcast allreduce 4096 B (after last arrival)' 37, '8 tcp/spread/reduce_bcast allreduce 65536 B (after last arrival)' 38, '8 tcp/spread/reduce_bcast allreduce 1048576 B (after last arrival)' 39, '8 tcp/spread/reduce_bcast allreduce 8388608 B (after last arrival)' 40, '0 vader/spread/ring allreduce 1024 B (after last arrival)' 41, '0 vader/spread/ring allreduce 16384 B (after last arrival)' 42, '0 vader/spread/ring allreduce 262144 B (after last arrival)' 43, '1 vader/spread/recursive_doubling allreduce 1024 B (after last arrival)' 44, '1 vader/spread/recursive_doubling allreduce 16384 B (after last arrival)' 45, '1 vader/spread/recursive_doubling allreduce 262144 B (after last arrival)' 46, '2 vader/spread/rabenseifner allreduce 1024 B (after last arrival)' 47, '2 vader/spread/rabenseifner allreduce 16384 B (after last arrival)' 48, '2 vader/spread/rabenseifner allreduce 262144 B (after last arrival)' 49, '3 vader/spread/reduce_bcast allreduce 1024 B (after last arrival)' 50, '3 vader/spread/reduce_bcast allreduce 16384 B (after last arrival)' 51, '3 vader/spread/reduce_bcast allreduce 262144 B (after last arrival)' 52, '5 tcp/spread/ring allreduce 1024 B (after last arrival)' 53, '5 tcp/spread/ring allreduce 16384 B (after last arrival)' 54, '5 tcp/spread/ring allreduce 262144 B (after last arrival)' 55, '6 tcp/spread/recursive_doubling allreduce 1024 B (after last arrival)' 56, '6 tcp/spread/recursive_doubling allreduce 16384 B (after last arrival)' 57, '6 tcp/spread/recursive_doubling allreduce 262144 B (after last arrival)' 58, '7 tcp/spread/rabenseifner allreduce 1024 B (after last arrival)' 59, '7 tcp/spread/rabenseifner allreduce 16384 B (after last arrival)' 60)
set logscale x
plot '20261206T045306Z-81236c-overlay-1.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T084652Z-b06571 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261202T210314Z-dc00d3 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T213738Z-80eef4 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261203T073823Z-83b194 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T033602Z-74112f (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T034650Z-627a21 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T040239Z-592031 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261204T040645Z-85a235 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261204T041133Z-c55fd5 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 9 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T044744Z-309cbe (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 10 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T050047Z-249e5f (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 11 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T054400Z-90bdde (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 12 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023640Z-c0a55f (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 13 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 6 title 'rerun 20261206T023755Z-185ac5 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 14 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T043530Z-8a9072 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 15 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T043736Z-ae730e (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 16 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T045111Z-4fa528 (median, 95% CI)', \
     '20261206T045306Z-81236c-overlay-1.dat' index 17 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T045306Z-81236c (median, 95% CI)'
