# 20261206T023148Z-e752fa-overlay-3.gp - calib-primitives, every run per group (prereg analyze)
# Replot in analysis/calib-primitives/ with: gnuplot -d 20261206T023148Z-e752fa-overlay-3.gp > 20261206T023148Z-e752fa-overlay-3.svg
# The data are in 20261206T023148Z-e752fa-overlay-3.dat; times in the unit of the y label.
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
set title 'calib-primitives, 13 runs (part 3 of 6)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('1 tcp/spread pingpong 32 B' 1, '1 vader/packed pingpong 32 B' 2, '1 tcp/spread pingpong 64 B' 3, '1 vader/packed pingpong 64 B' 4, '1 tcp/spread pingpong 512 B' 5, '1 vader/packed pingpong 512 B' 6, '1 tcp/spread pingpong 1024 B' 7, '1 vader/packed pingpong 1024 B' 8, '1 tcp/spread pingpong 2048 B' 9, '1 vader/packed pingpong 2048 B' 10, '1 tcp/spread pingpong 4096 B' 11, '1 vader/packed pingpong 4096 B' 12, '1 tcp/spread pingpong 8192 B' 13, '1 vader/packed pingpong 8192 B' 14, '1 tcp/spread pingpong 16384 B' 15, '1 vader/packed pingpong 16384 B' 16, '1 tcp/spread pingpong 32768 B' 17, '1 vader/packed pingpong 32768 B' 18, '1 tcp/spread pingpong 65536 B' 19, '1 vader/packed pingpong 65536 B' 20, '1 tcp/spread pingpong 131072 B' 21, '1 vader/packed pingpong 131072 B' 22, '1 tcp/spread pingpong 262144 B' 23, '1 vader/packed pingpong 262144 B' 24, '1 tcp/spread pingpong 524288 B' 25, '1 vader/packed pingpong 524288 B' 26, '1 tcp/spread pingpong 1048576 B' 27, '1 vader/packed pingpong 1048576 B' 28, '1 tcp/spread pingpong 4194304 B' 29, '1 vader/packed pingpong 4194304 B' 30, '1 tcp/spread pingpong 8388608 B' 31, '1 vader/packed pingpong 8388608 B' 32, '1 tcp/spread reduce_local 32 B' 33, '1 vader/packed reduce_local 32 B' 34, '1 tcp/spread reduce_local 64 B' 35, '1 vader/packed reduce_local 64 B' 36, '1 tcp/spread reduce_local 512 B' 37, '1 vader/packed reduce_local 512 B' 38, '1 tcp/spread reduce_local 1024 B' 39, '1 vader/packed reduce_local 1024 B' 40, '1 tcp/spread reduce_local 2048 B' 41, '1 vader/packed reduce_local 2048 B' 42, '1 tcp/spread reduce_local 4096 B' 43, '1 vader/packed reduce_local 4096 B' 44, '1 tcp/spread reduce_local 8192 B' 45, '1 vader/packed reduce_local 8192 B' 46, '1 tcp/spread reduce_local 16384 B' 47, '1 vader/packed reduce_local 16384 B' 48, '1 tcp/spread reduce_local 32768 B' 49, '1 vader/packed reduce_local 32768 B' 50, '1 tcp/spread reduce_local 65536 B' 51, '1 vader/packed reduce_local 65536 B' 52, '1 tcp/spread reduce_local 131072 B' 53, '1 vader/packed reduce_local 131072 B' 54, '1 tcp/spread reduce_local 262144 B' 55, '1 vader/packed reduce_local 262144 B' 56, '1 tcp/spread reduce_local 524288 B' 57, '1 vader/packed reduce_local 524288 B' 58, '1 tcp/spread reduce_local 1048576 B' 59, '1 vader/packed reduce_local 1048576 B' 60)
set logscale x
plot '20261206T023148Z-e752fa-overlay-3.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T033529Z-d0392a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T041115Z-ca4c8f (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T044727Z-3915b3 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T155045Z-4761d7 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261204T203754Z-8884fe (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261204T204007Z-51e895 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T204620Z-5d3b38 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T020122Z-3f2a2e (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T020300Z-a9f12a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 9 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261206T020848Z-6c4ef9 (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 10 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261206T021020Z-6f1d8a (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 11 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T023011Z-399a4b (median, 95% CI)', \
     '20261206T023148Z-e752fa-overlay-3.dat' index 12 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261206T023148Z-e752fa (median, 95% CI)'
