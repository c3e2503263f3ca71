# 20261206T023148Z-e752fa-overlay-4.gp - calib-primitives, every run per group (prereg analyze)
# Replot in analysis/calib-primitives/ with: gnuplot -d 20261206T023148Z-e752fa-overlay-4.gp > 20261206T023148Z-e752fa-overlay-4.svg
# The data are in 20261206T023148Z-e752fa-overlay-4.dat; times in the unit of the y label.
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
set title 'calib-primitives, 13 runs (part 4 of 6)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('1 tcp/spread reduce_local 4194304 B' 1, '1 vader/packed reduce_local 4194304 B' 2, '1 tcp/spread reduce_local 8388608 B' 3, '1 vader/packed reduce_local 8388608 B' 4, '1 tcp/spread sendrecv 32 B' 5, '1 vader/packed sendrecv 32 B' 6, '1 tcp/spread sendrecv 64 B' 7, '1 vader/packed sendrecv 64 B' 8, '1 tcp/spread sendrecv 512 B' 9, '1 vader/packed sendrecv 512 B' 10, '1 tcp/spread sendrecv 1024 B' 11, '1 vader/packed sendrecv 1024 B' 12, '1 tcp/spread sendrecv 2048 B' 13, '1 vader/packed sendrecv 2048 B' 14, '1 tcp/spread sendrecv 4096 B' 15, '1 vader/packed sendrecv 4096 B' 16, '1 tcp/spread sendrecv 8192 B' 17, '1 vader/packed sendrecv 8192 B' 18, '1 tcp/spread sendrecv 16384 B' 19, '1 vader/packed sendrecv 16384 B' 20, '1 tcp/spread sendrecv 32768 B' 21, '1 vader/packed sendrecv 32768 B' 22, '1 tcp/spread sendrecv 65536 B' 23, '1 vader/packed sendrecv 65536 B' 24, '1 tcp/spread sendrecv 131072 B' 25, '1 vader/packed sendrecv 131072 B' 26, '1 tcp/spread sendrecv 262144 B' 27, '1 vader/packed sendrecv 262144 B' 28, '1 tcp/spread sendrecv 524288 B' 29, '1 vader/packed sendrecv 524288 B' 30, '1 tcp/spread sendrecv 1048576 B' 31, '1 vader/packed sendrecv 1048576 B' 32, '1 tcp/spread sendrecv 4194304 B' 33, '1 vader/packed sendrecv 4194304 B' 34, '1 tcp/spread sendrecv 8388608 B' 35, '1 vader/packed sendrecv 8388608 B' 36, '2 tcp/spread allreduce 64 B' 37, '2 tcp/spread allreduce 1024 B' 38, '2 tcp/spread allreduce 4096 B' 39, '2 tcp/spread allreduce 16384 B' 40, '2 tcp/spread allreduce 65536 B' 41, '2 tcp/spread allreduce 262144 B' 42, '2 tcp/spread allreduce 1048576 B' 43, '2 tcp/spread allreduce 8388608 B' 44, '2 tcp/spread copy 32 B' 45, '2 tcp/spread copy 64 B' 46, '2 tcp/spread copy 512 B' 47, '2 tcp/spread copy 1024 B' 48, '2 tcp/spread copy 2048 B' 49, '2 tcp/spread copy 4096 B' 50, '2 tcp/spread copy 8192 B' 51, '2 tcp/spread copy 16384 B' 52, '2 tcp/spread copy 32768 B' 53, '2 tcp/spread copy 65536 B' 54, '2 tcp/spread copy 131072 B' 55, '2 tcp/spread copy 262144 B' 56, '2 tcp/spread copy 524288 B' 57, '2 tcp/spread copy 1048576 B' 58, '2 tcp/spread copy 4194304 B' 59, '2 tcp/spread copy 8388608 B' 60)
set logscale x
plot '20261206T023148Z-e752fa-overlay-4.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T033529Z-d0392a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T041115Z-ca4c8f (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T044727Z-3915b3 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T155045Z-4761d7 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T203754Z-8884fe (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T204007Z-51e895 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T204620Z-5d3b38 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T020122Z-3f2a2e (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T020300Z-a9f12a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 9 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T020848Z-6c4ef9 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 10 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261206T021020Z-6f1d8a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 11 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T023011Z-399a4b (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-4.dat' index 12 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023148Z-e752fa (median, 95% CI)'
