# 20261206T152014Z-10fc4e-overlay-4.gp - calib-pingpong, every run per group (prereg analyze)
# Replot in analysis/calib-pingpong/ with: gnuplot -d 20261206T152014Z-10fc4e-overlay-4.gp > 20261206T152014Z-10fc4e-overlay-4.svg
# The data are in 20261206T152014Z-10fc4e-overlay-4.dat; times in the unit of the y label.
set terminal svg size 800,2090 dynamic font "sans,11" background "white"
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
set title 'calib-pingpong, 7 runs (part 4 of 5)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('2 tcp/spread reduce_local 128 B' 1, '2 tcp/spread reduce_local 256 B' 2, '2 tcp/spread reduce_local 512 B' 3, '2 tcp/spread reduce_local 1024 B' 4, '2 tcp/spread reduce_local 2048 B' 5, '2 tcp/spread reduce_local 4096 B' 6, '2 tcp/spread reduce_local 8192 B' 7, '2 tcp/spread reduce_local 16384 B' 8, '2 tcp/spread reduce_local 32768 B' 9, '2 tcp/spread reduce_local 65536 B' 10, '2 tcp/spread reduce_local 131072 B' 11, '2 tcp/spread reduce_local 262144 B' 12, '2 tcp/spread reduce_local 524288 B' 13, '2 tcp/spread reduce_local 1048576 B' 14, '2 tcp/spread reduce_local 2097152 B' 15, '2 tcp/spread reduce_local 4194304 B' 16, '2 tcp/spread reduce_local 4210688 B' 17, '2 tcp/spread reduce_local 8388608 B' 18, '2 tcp/spread sendrecv 8 B' 19, '2 tcp/spread sendrecv 16 B' 20, '2 tcp/spread sendrecv 32 B' 21, '2 tcp/spread sendrecv 64 B' 22, '2 tcp/spread sendrecv 128 B' 23, '2 tcp/spread sendrecv 256 B' 24, '2 tcp/spread sendrecv 512 B' 25, '2 tcp/spread sendrecv 1024 B' 26, '2 tcp/spread sendrecv 2048 B' 27, '2 tcp/spread sendrecv 4096 B' 28, '2 tcp/spread sendrecv 8192 B' 29, '2 tcp/spread sendrecv 16384 B' 30, '2 tcp/spread sendrecv 32768 B' 31, '2 tcp/spread sendrecv 65536 B' 32, '2 tcp/spread sendrecv 131072 B' 33, '2 tcp/spread sendrecv 262144 B' 34, '2 tcp/spread sendrecv 524288 B' 35, '2 tcp/spread sendrecv 1048576 B' 36, '2 tcp/spread sendrecv 2097152 B' 37, '2 tcp/spread sendrecv 4194304 B' 38, '2 tcp/spread sendrecv 4210688 B' 39, '2 tcp/spread sendrecv 8388608 B' 40, '3 tcp/packed pingpong 8 B' 41, '3 tcp/packed pingpong 16 B' 42, '3 tcp/packed pingpong 32 B' 43, '3 tcp/packed pingpong 64 B' 44, '3 tcp/packed pingpong 128 B' 45, '3 tcp/packed pingpong 256 B' 46, '3 tcp/packed pingpong 512 B' 47, '3 tcp/packed pingpong 1024 B' 48, '3 tcp/packed pingpong 2048 B' 49, '3 tcp/packed pingpong 4096 B' 50, '3 tcp/packed pingpong 8192 B' 51, '3 tcp/packed pingpong 16384 B' 52, '3 tcp/packed pingpong 32768 B' 53, '3 tcp/packed pingpong 65536 B' 54, '3 tcp/packed pingpong 131072 B' 55, '3 tcp/packed pingpong 262144 B' 56, '3 tcp/packed pingpong 524288 B' 57, '3 tcp/packed pingpong 1048576 B' 58, '3 tcp/packed pingpong 2097152 B' 59, '3 tcp/packed pingpong 4194304 B' 60)
set logscale x
plot '20261206T152014Z-10fc4e-overlay-4.dat' index 0 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T084144Z-427e7a (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-4.dat' index 1 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T092754Z-f28e39 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-4.dat' index 2 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261202T205959Z-a1138c (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-4.dat' index 3 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261202T213600Z-983f80 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-4.dat' index 4 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T152014Z-10fc4e (median, 95% CI)'
