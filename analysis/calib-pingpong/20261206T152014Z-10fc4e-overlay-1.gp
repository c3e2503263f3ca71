# 20261206T152014Z-10fc4e-overlay-1.gp - calib-pingpong, every run per group (prereg analyze)
# Replot in analysis/calib-pingpong/ with: gnuplot -d 20261206T152014Z-10fc4e-overlay-1.gp > 20261206T152014Z-10fc4e-overlay-1.svg
# The data are in 20261206T152014Z-10fc4e-overlay-1.dat; times in the unit of the y label.
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
set title 'calib-pingpong, 7 runs (part 1 of 5)'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [60.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread pingpong 8 B' 1, '0 vader/spread pingpong 16 B' 2, '0 vader/spread pingpong 32 B' 3, '0 vader/spread pingpong 64 B' 4, '0 vader/spread pingpong 128 B' 5, '0 vader/spread pingpong 256 B' 6, '0 vader/spread pingpong 512 B' 7, '0 vader/spread pingpong 1024 B' 8, '0 vader/spread pingpong 2048 B' 9, '0 vader/spread pingpong 4096 B' 10, '0 vader/spread pingpong 8192 B' 11, '0 vader/spread pingpong 16384 B' 12, '0 vader/spread pingpong 32768 B' 13, '0 vader/spread pingpong 65536 B' 14, '0 vader/spread pingpong 131072 B' 15, '0 vader/spread pingpong 262144 B' 16, '0 vader/spread pingpong 524288 B' 17, '0 vader/spread pingpong 1048576 B' 18, '0 vader/spread pingpong 2097152 B' 19, '0 vader/spread pingpong 4194304 B' 20, '0 vader/spread pingpong 4210688 B' 21, '0 vader/spread pingpong 8388608 B' 22, '0 vader/spread reduce_local 8 B' 23, '0 vader/spread reduce_local 16 B' 24, '0 vader/spread reduce_local 32 B' 25, '0 vader/spread reduce_local 64 B' 26, '0 vader/spread reduce_local 128 B' 27, '0 vader/spread reduce_local 256 B' 28, '0 vader/spread reduce_local 512 B' 29, '0 vader/spread reduce_local 1024 B' 30, '0 vader/spread reduce_local 2048 B' 31, '0 vader/spread reduce_local 4096 B' 32, '0 vader/spread reduce_local 8192 B' 33, '0 vader/spread reduce_local 16384 B' 34, '0 vader/spread reduce_local 32768 B' 35, '0 vader/spread reduce_local 65536 B' 36, '0 vader/spread reduce_local 131072 B' 37, '0 vader/spread reduce_local 262144 B' 38, '0 vader/spread reduce_local 524288 B' 39, '0 vader/spread reduce_local 1048576 B' 40, '0 vader/spread reduce_local 2097152 B' 41, '0 vader/spread reduce_local 4194304 B' 42, '0 vader/spread reduce_local 4210688 B' 43, '0 vader/spread reduce_local 8388608 B' 44, '0 vader/spread sendrecv 8 B' 45, '0 vader/spread sendrecv 16 B' 46, '0 vader/spread sendrecv 32 B' 47, '0 vader/spread sendrecv 64 B' 48, '0 vader/spread sendrecv 128 B' 49, '0 vader/spread sendrecv 256 B' 50, '0 vader/spread sendrecv 512 B' 51, '0 vader/spread sendrecv 1024 B' 52, '0 vader/spread sendrecv 2048 B' 53, '0 vader/spread sendrecv 4096 B' 54, '0 vader/spread sendrecv 8192 B' 55, '0 vader/spread sendrecv 16384 B' 56, '0 vader/spread sendrecv 32768 B' 57, '0 vader/spread sendrecv 65536 B' 58, '0 vader/spread sendrecv 131072 B' 59, '0 vader/spread sendrecv 262144 B' 60)
set logscale x
plot '20261206T152014Z-10fc4e-overlay-1.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T182544Z-6f9acf (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-1.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261129T185654Z-ed4fb0 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-1.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T084144Z-427e7a (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-1.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T092754Z-f28e39 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-1.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261202T205959Z-a1138c (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-1.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261202T213600Z-983f80 (median, 95% CI)', \
     '20261206T152014Z-10fc4e-overlay-1.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T152014Z-10fc4e (median, 95% CI)'
