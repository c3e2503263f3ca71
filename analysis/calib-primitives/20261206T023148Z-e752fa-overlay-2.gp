# 20261206T023148Z-e752fa-overlay-2.gp - calib-primitives, every run per group (prereg analyze)
# Replot in analysis/calib-primitives/ with: gnuplot -d 20261206T023148Z-e752fa-overlay-2.gp > 20261206T023148Z-e752fa-overlay-2.svg
# The data are in 20261206T023148Z-e752fa-overlay-2.dat; times in the unit of the y label.
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
set title 'calib-primitives, 13 runs (part 2 of 6)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread sendrecv 2048 B' 1, '0 vader/spread sendrecv 4096 B' 2, '0 vader/spread sendrecv 8192 B' 3, '0 vader/spread sendrecv 16384 B' 4, '0 vader/spread sendrecv 32768 B' 5, '0 vader/spread sendrecv 65536 B' 6, '0 vader/spread sendrecv 131072 B' 7, '0 vader/spread sendrecv 262144 B' 8, '0 vader/spread sendrecv 524288 B' 9, '0 vader/spread sendrecv 1048576 B' 10, '0 vader/spread sendrecv 4194304 B' 11, '0 vader/spread sendrecv 8388608 B' 12, '1 tcp/spread allreduce 64 B' 13, '1 vader/packed allreduce 64 B' 14, '1 tcp/spread allreduce 1024 B' 15, '1 vader/packed allreduce 1024 B' 16, '1 tcp/spread allreduce 4096 B' 17, '1 vader/packed allreduce 4096 B' 18, '1 tcp/spread allreduce 16384 B' 19, '1 vader/packed allreduce 16384 B' 20, '1 tcp/spread allreduce 65536 B' 21, '1 vader/packed allreduce 65536 B' 22, '1 tcp/spread allreduce 262144 B' 23, '1 vader/packed allreduce 262144 B' 24, '1 tcp/spread allreduce 1048576 B' 25, '1 vader/packed allreduce 1048576 B' 26, '1 tcp/spread allreduce 8388608 B' 27, '1 vader/packed allreduce 8388608 B' 28, '1 tcp/spread copy 32 B' 29, '1 vader/packed copy 32 B' 30, '1 tcp/spread copy 64 B' 31, '1 vader/packed copy 64 B' 32, '1 tcp/spread copy 512 B' 33, '1 vader/packed copy 512 B' 34, '1 tcp/spread copy 1024 B' 35, '1 vader/packed copy 1024 B' 36, '1 tcp/spread copy 2048 B' 37, '1 vader/packed copy 2048 B' 38, '1 tcp/spread copy 4096 B' 39, '1 vader/packed copy 4096 B' 40, '1 tcp/spread copy 8192 B' 41, '1 vader/packed copy 8192 B' 42, '1 tcp/spread copy 16384 B' 43, '1 vader/packed copy 16384 B' 44, '1 tcp/spread copy 32768 B' 45, '1 vader/packed copy 32768 B' 46, '1 tcp/spread copy 65536 B' 47, '1 vader/packed copy 65536 B' 48, '1 tcp/spread copy 131072 B' 49, '1 vader/packed copy 131072 B' 50, '1 tcp/spread copy 262144 B' 51, '1 vader/packed copy 262144 B' 52, '1 tcp/spread copy 524288 B' 53, '1 vader/packed copy 524288 B' 54, '1 tcp/spread copy 1048576 B' 55, '1 vader/packed copy 1048576 B' 56, '1 tcp/spread copy 4194304 B' 57, '1 vader/packed copy 4194304 B' 58, '1 tcp/spread copy 8388608 B' 59, '1 vader/packed copy 8388608 B' 60)
set logscale x
plot '20261206T023148Z-e752fa-overlay-2.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T033529Z-d0392a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T041115Z-ca4c8f (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T044727Z-3915b3 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T155045Z-4761d7 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T203754Z-8884fe (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T204007Z-51e895 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T204620Z-5d3b38 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T020122Z-3f2a2e (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T020300Z-a9f12a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 9 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T020848Z-6c4ef9 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 10 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261206T021020Z-6f1d8a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 11 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T023011Z-399a4b (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-2.dat' index 12 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023148Z-e752fa (median, 95% CI)'
