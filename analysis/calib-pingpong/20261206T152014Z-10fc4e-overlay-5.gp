# 20261206T152014Z-10fc4e-overlay-5.gp - calib-pingpong, every run per group (prereg analyze)
# Replot in analysis/calib-pingpong/ with: gnuplot -d 20261206T152014Z-10fc4e-overlay-5.gp > 20261206T152014Z-10fc4e-overlay-5.svg
# The data are in 20261206T152014Z-10fc4e-overlay-5.dat; times in the unit of the y label.
set terminal svg size 800,1670 dynamic font "sans,11" background "white"
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
set title 'calib-pingpong, 7 runs (part 5 of 5)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [46.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('3 tcp/packed pingpong 4210688 B' 1, '3 tcp/packed pingpong 8388608 B' 2, '3 tcp/packed reduce_local 8 B' 3, '3 tcp/packed reduce_local 16 B' 4, '3 tcp/packed reduce_local 32 B' 5, '3 tcp/packed reduce_local 64 B' 6, '3 tcp/packed reduce_local 128 B' 7, '3 tcp/packed reduce_local 256 B' 8, '3 tcp/packed reduce_local 512 B' 9, '3 tcp/packed reduce_local 1024 B' 10, '3 tcp/packed reduce_local 2048 B' 11, '3 tcp/packed reduce_local 4096 B' 12, '3 tcp/packed reduce_local 8192 B' 13, '3 tcp/packed reduce_local 16384 B' 14, '3 tcp/packed reduce_local 32768 B' 15, '3 tcp/packed reduce_local 65536 B' 16, '3 tcp/packed reduce_local 131072 B' 17, '3 tcp/packed reduce_local 262144 B' 18, '3 tcp/packed reduce_local 524288 B' 19, '3 tcp/packed reduce_local 1048576 B' 20, '3 tcp/packed reduce_local 2097152 B' 21, '3 tcp/packed reduce_local 4194304 B' 22, '3 tcp/packed reduce_local 4210688 B' 23, '3 tcp/packed reduce_local 8388608 B' 24, '3 tcp/packed sendrecv 8 B' 25, '3 tcp/packed sendrecv 16 B' 26, '3 tcp/packed sendrecv 32 B' 27, '3 tcp/packed sendrecv 64 B' 28, '3 tcp/packed sendrecv 128 B' 29, '3 tcp/packed sendrecv 256 B' 30, '3 tcp/packed sendrecv 512 B' 31, '3 tcp/packed sendrecv 1024 B' 32, '3 tcp/packed sendrecv 2048 B' 33, '3 tcp/packed sendrecv 4096 B' 34, '3 tcp/packed sendrecv 8192 B' 35, '3 tcp/packed sendrecv 16384 B' 36, '3 tcp/packed sendrecv 32768 B' 37, '3 tcp/packed sendrecv 65536 B' 38, '3 tcp/packed sendrecv 131072 B' 39, '3 tcp/packed sendrecv 262144 B' 40, '3 tcp/packed sendrecv 524288 B' 41, '3 tcp/packed sendrecv 1048576 B' 42, '3 tcp/packed sendrecv 2097152 B' 43, '3 tcp/packed sendrecv 4194304 B' 44, '3 tcp/packed sendrecv 4210688 B' 45, '3 tcp/packed sendrecv 8388608 B' 46)
set logscale x
plot '20261206T152014Z-10fc4e-overlay-5.dat' index 0 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T084144Z-427e7a (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-5.dat' index 1 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T092754Z-f28e39 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-5.dat' index 2 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261202T205959Z-a1138c (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-5.dat' index 3 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261202T213600Z-983f80 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-5.dat' index 4 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T152014Z-10fc4e (median, 95% CI)'
