# 20261206T152014Z-10fc4e-overlay-2.gp - calib-pingpong, every run per group (prereg analyze)
# Replot in analysis/calib-pingpong/ with: gnuplot -d 20261206T152014Z-10fc4e-overlay-2.gp > 20261206T152014Z-10fc4e-overlay-2.svg
# The data are in 20261206T152014Z-10fc4e-overlay-2.dat; times in the unit of the y label.
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
set title 'calib-pingpong, 7 runs (part 2 of 5)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread sendrecv 524288 B' 1, '0 vader/spread sendrecv 1048576 B' 2, '0 vader/spread sendrecv 2097152 B' 3, '0 vader/spread sendrecv 4194304 B' 4, '0 vader/spread sendrecv 4210688 B' 5, '0 vader/spread sendrecv 8388608 B' 6, '1 tcp/spread pingpong 8 B' 7, '1 vader/packed pingpong 8 B' 8, '1 vader/packed pingpong 16 B' 9, '1 tcp/spread pingpong 32 B' 10, '1 vader/packed pingpong 32 B' 11, '1 vader/packed pingpong 64 B' 12, '1 tcp/spread pingpong 128 B' 13, '1 vader/packed pingpong 128 B' 14, '1 vader/packed pingpong 256 B' 15, '1 tcp/spread pingpong 512 B' 16, '1 vader/packed pingpong 512 B' 17, '1 vader/packed pingpong 1024 B' 18, '1 tcp/spread pingpong 2048 B' 19, '1 vader/packed pingpong 2048 B' 20, '1 vader/packed pingpong 4096 B' 21, '1 tcp/spread pingpong 8192 B' 22, '1 vader/packed pingpong 8192 B' 23, '1 vader/packed pingpong 16384 B' 24, '1 tcp/spread pingpong 32768 B' 25, '1 vader/packed pingpong 32768 B' 26, '1 vader/packed pingpong 65536 B' 27, '1 tcp/spread pingpong 131072 B' 28, '1 vader/packed pingpong 131072 B' 29, '1 vader/packed pingpong 262144 B' 30, '1 tcp/spread pingpong 524288 B' 31, '1 vader/packed pingpong 524288 B' 32, '1 vader/packed pingpong 1048576 B' 33, '1 tcp/spread pingpong 2097152 B' 34, '1 vader/packed pingpong 2097152 B' 35, '1 vader/packed pingpong 4194304 B' 36, '1 vader/packed pingpong 4210688 B' 37, '1 tcp/spread pingpong 8388608 B' 38, '1 vader/packed pingpong 8388608 B' 39, '1 tcp/spread reduce_local 8 B' 40, '1 vader/packed reduce_local 8 B' 41, '1 vader/packed reduce_local 16 B' 42, '1 tcp/spread reduce_local 32 B' 43, '1 vader/packed reduce_local 32 B' 44, '1 vader/packed reduce_local 64 B' 45, '1 tcp/spread reduce_local 128 B' 46, '1 vader/packed reduce_local 128 B' 47, '1 vader/packed reduce_local 256 B' 48, '1 tcp/spread reduce_local 512 B' 49, '1 vader/packed reduce_local 512 B' 50, '1 vader/packed reduce_local 1024 B' 51, '1 tcp/spread reduce_local 2048 B' 52, '1 vader/packed reduce_local 2048 B' 53, '1 vader/packed reduce_local 4096 B' 54, '1 tcp/spread reduce_local 8192 B' 55, '1 vader/packed reduce_local 8192 B' 56, '1 vader/packed reduce_local 16384 B' 57, '1 tcp/spread reduce_local 32768 B' 58, '1 vader/packed reduce_local 32768 B' 59, '1 vader/packed reduce_local 65536 B' 60)
set logscale x
plot '20261206T152014Z-10fc4e-overlay-2.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T182544Z-6f9acf (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-2.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261129T185654Z-ed4fb0 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-2.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T084144Z-427e7a (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-2.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T092754Z-f28e39 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-2.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261202T205959Z-a1138c (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-2.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261202T213600Z-983f80 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-2.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T152014Z-10fc4e (median, 95% CI)'
