# 20261206T023148Z-e752fa-overlay-1.gp - calib-primitives, every run per group (prereg analyze)
# Replot in analysis/calib-primitives/ with: gnuplot -d 20261206T023148Z-e752fa-overlay-1.gp > 20261206T023148Z-e752fa-overlay-1.svg
# The data are in 20261206T023148Z-e752fa-overlay-1.dat; times in the unit of the y label.
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
set title 'calib-primitives, 13 runs (part 1 of 6)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread allreduce 64 B' 1, '0 vader/spread allreduce 1024 B' 2, '0 vader/spread allreduce 4096 B' 3, '0 vader/spread allreduce 16384 B' 4, '0 vader/spread allreduce 65536 B' 5, '0 vader/spread allreduce 262144 B' 6, '0 vader/spread allreduce 1048576 B' 7, '0 vader/spread allreduce 8388608 B' 8, '0 vader/spread copy 32 B' 9, '0 vader/spread copy 64 B' 10, '0 vader/spread copy 512 B' 11, '0 vader/spread copy 1024 B' 12, '0 vader/spread copy 2048 B' 13, '0 vader/spread copy 4096 B' 14, '0 vader/spread copy 8192 B' 15, '0 vader/spread copy 16384 B' 16, '0 vader/spread copy 32768 B' 17, '0 vader/spread copy 65536 B' 18, '0 vader/spread copy 131072 B' 19, '0 vader/spread copy 262144 B' 20, '0 vader/spread copy 524288 B' 21, '0 vader/spread copy 1048576 B' 22, '0 vader/spread copy 4194304 B' 23, '0 vader/spread copy 8388608 B' 24, '0 vader/spread pingpong 32 B' 25, '0 vader/spread pingpong 64 B' 26, '0 vader/spread pingpong 512 B' 27, '0 vader/spread pingpong 1024 B' 28, '0 vader/spread pingpong 2048 B' 29, '0 vader/spread pingpong 4096 B' 30, '0 vader/spread pingpong 8192 B' 31, '0 vader/spread pingpong 16384 B' 32, '0 vader/spread pingpong 32768 B' 33, '0 vader/spread pingpong 65536 B' 34, '0 vader/spread pingpong 131072 B' 35, '0 vader/spread pingpong 262144 B' 36, '0 vader/spread pingpong 524288 B' 37, '0 vader/spread pingpong 1048576 B' 38, '0 vader/spread pingpong 4194304 B' 39, '0 vader/spread pingpong 8388608 B' 40, '0 vader/spread reduce_local 32 B' 41, '0 vader/spread reduce_local 64 B' 42, '0 vader/spread reduce_local 512 B' 43, '0 vader/spread reduce_local 1024 B' 44, '0 vader/spread reduce_local 2048 B' 45, '0 vader/spread reduce_local 4096 B' 46, '0 vader/spread reduce_local 8192 B' 47, '0 vader/spread reduce_local 16384 B' 48, '0 vader/spread reduce_local 32768 B' 49, '0 vader/spread reduce_local 65536 B' 50, '0 vader/spread reduce_local 131072 B' 51, '0 vader/spread reduce_local 262144 B' 52, '0 vader/spread reduce_local 524288 B' 53, '0 vader/spread reduce_local 1048576 B' 54, '0 vader/spread reduce_local 4194304 B' 55, '0 vader/spread reduce_local 8388608 B' 56, '0 vader/spread sendrecv 32 B' 57, '0 vader/spread sendrecv 64 B' 58, '0 vader/spread sendrecv 512 B' 59, '0 vader/spread sendrecv 1024 B' 60)
set logscale x
plot '20261206T023148Z-e752fa-overlay-1.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T033529Z-d0392a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T041115Z-ca4c8f (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T044727Z-3915b3 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T155045Z-4761d7 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T203754Z-8884fe (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T204007Z-51e895 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T204620Z-5d3b38 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T020122Z-3f2a2e (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T020300Z-a9f12a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 9 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T020848Z-6c4ef9 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 10 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261206T021020Z-6f1d8a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 11 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T023011Z-399a4b (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-1.dat' index 12 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023148Z-e752fa (median, 95% CI)'
