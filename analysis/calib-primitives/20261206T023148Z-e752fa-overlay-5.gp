# 20261206T023148Z-e752fa-overlay-5.gp - calib-primitives, every run per group (prereg analyze)
# Replot in analysis/calib-primitives/ with: gnuplot -d 20261206T023148Z-e752fa-overlay-5.gp > 20261206T023148Z-e752fa-overlay-5.svg
# The data are in 20261206T023148Z-e752fa-overlay-5.dat; times in the unit of the y label.
set terminal svg size 800,2210 dynamic font "sans,11" background "white"
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
set title 'calib-primitives, 13 runs (part 5 of 6)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('2 tcp/spread pingpong 32 B' 1, '2 tcp/spread pingpong 64 B' 2, '2 tcp/spread pingpong 512 B' 3, '2 tcp/spread pingpong 1024 B' 4, '2 tcp/spread pingpong 2048 B' 5, '2 tcp/spread pingpong 4096 B' 6, '2 tcp/spread pingpong 8192 B' 7, '2 tcp/spread pingpong 16384 B' 8, '2 tcp/spread pingpong 32768 B' 9, '2 tcp/spread pingpong 65536 B' 10, '2 tcp/spread pingpong 131072 B' 11, '2 tcp/spread pingpong 262144 B' 12, '2 tcp/spread pingpong 524288 B' 13, '2 tcp/spread pingpong 1048576 B' 14, '2 tcp/spread pingpong 4194304 B' 15, '2 tcp/spread pingpong 8388608 B' 16, '2 tcp/spread reduce_local 32 B' 17, '2 tcp/spread reduce_local 64 B' 18, '2 tcp/spread reduce_local 512 B' 19, '2 tcp/spread reduce_local 1024 B' 20, '2 tcp/spread reduce_local 2048 B' 21, '2 tcp/spread reduce_local 4096 B' 22, '2 tcp/spread reduce_local 8192 B' 23, '2 tcp/spread reduce_local 16384 B' 24, '2 tcp/spread reduce_local 32768 B' 25, '2 tcp/spread reduce_local 65536 B' 26, '2 tcp/spread reduce_local 131072 B' 27, '2 tcp/spread reduce_local 262144 B' 28, '2 tcp/spread reduce_local 524288 B' 29, '2 tcp/spread reduce_local 1048576 B' 30, '2 tcp/spread reduce_local 4194304 B' 31, '2 tcp/spread reduce_local 8388608 B' 32, '2 tcp/spread sendrecv 32 B' 33, '2 tcp/spread sendrecv 64 B' 34, '2 tcp/spread sendrecv 512 B' 35, '2 tcp/spread sendrecv 1024 B' 36, '2 tcp/spread sendrecv 2048 B' 37, '2 tcp/spread sendrecv 4096 B' 38, '2 tcp/spread sendrecv 8192 B' 39, '2 tcp/spread sendrecv 16384 B' 40, '2 tcp/spread sendrecv 32768 B' 41, '2 tcp/spread sendrecv 65536 B' 42, '2 tcp/spread sendrecv 131072 B' 43, '2 tcp/spread sendrecv 262144 B' 44, '2 tcp/spread sendrecv 524288 B' 45, '2 tcp/spread sendrecv 1048576 B' 46, '2 tcp/spread sendrecv 4194304 B' 47, '2 tcp/spread sendrecv 8388608 B' 48, '3 tcp/packed allreduce 64 B' 49, '3 tcp/packed allreduce 1024 B' 50, '3 tcp/packed allreduce 4096 B' 51, '3 tcp/packed allreduce 16384 B' 52, '3 tcp/packed allreduce 65536 B' 53, '3 tcp/packed allreduce 262144 B' 54, '3 tcp/packed allreduce 1048576 B' 55, '3 tcp/packed allreduce 8388608 B' 56, '3 tcp/packed copy 32 B' 57, '3 tcp/packed copy 64 B' 58, '3 tcp/packed copy 512 B' 59, '3 tcp/packed copy 1024 B' 60)
set logscale x
plot '20261206T023148Z-e752fa-overlay-5.dat' index 0 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T203754Z-8884fe (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 1 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T204007Z-51e895 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 2 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T204620Z-5d3b38 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 3 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T020122Z-3f2a2e (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 4 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T020300Z-a9f12a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 5 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T020848Z-6c4ef9 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 6 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261206T021020Z-6f1d8a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 7 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T023011Z-399a4b (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-5.dat' index 8 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023148Z-e752fa (median, 95% CI)'
