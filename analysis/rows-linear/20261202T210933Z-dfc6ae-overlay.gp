# 20261202T210933Z-dfc6ae-overlay.gp - rows-linear, every run per cell (prereg analyze)
# Replot in analysis/rows-linear/ with: gnuplot -d 20261202T210933Z-dfc6ae-overlay.gp > 20261202T210933Z-dfc6ae-overlay.svg
# The data are in 20261202T210933Z-dfc6ae-overlay.dat; times in the unit of the y label.
set terminal svg size 850,1910 dynamic font "sans,11" background "white"
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
set title 'rows-linear, 7 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [54.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute cpu rows 1' 1, '0 default/spread compute cpu rows 2' 2, '0 default/spread compute cpu rows 4' 3, '0 default/spread compute cpu rows 6' 4, '0 default/spread compute cpu rows 8' 5, '0 default/spread compute cpu rows 16' 6, '0 default/spread compute cpu rows 32' 7, '0 default/spread compute cpu rows 64' 8, '0 default/spread compute cpu rows 128' 9, '0 default/spread compute cpu rows 256' 10, '0 default/spread compute cpu rows 512' 11, '0 default/spread compute cpu rows 1024' 12, '0 default/spread compute cpu rows 2048' 13, '0 default/spread compute cpu rows 4096' 14, '0 default/spread compute cpu rows 6144' 15, '0 default/spread compute cpu rows 8192' 16, '0 default/spread compute cpu rows 12288' 17, '0 default/spread compute cpu rows 16384' 18, '0 default/spread compute cpu-naive rows 1' 19, '0 default/spread compute cpu-naive rows 2' 20, '0 default/spread compute cpu-naive rows 4' 21, '0 default/spread compute cpu-naive rows 6' 22, '0 default/spread compute cpu-naive rows 8' 23, '0 default/spread compute cpu-naive rows 16' 24, '0 default/spread compute cpu-naive rows 32' 25, '0 default/spread compute cpu-naive rows 64' 26, '0 default/spread compute cpu-naive rows 128' 27, '0 default/spread compute cpu-naive rows 256' 28, '0 default/spread compute cpu-naive rows 512' 29, '0 default/spread compute cpu-naive rows 1024' 30, '0 default/spread compute cpu-naive rows 2048' 31, '0 default/spread compute cpu-naive rows 4096' 32, '0 default/spread compute cpu-naive rows 6144' 33, '0 default/spread compute cpu-naive rows 8192' 34, '0 default/spread compute cpu-naive rows 12288' 35, '0 default/spread compute cpu-naive rows 16384' 36, '0 default/spread compute cpu-blocks:2 rows 1' 37, '0 default/spread compute cpu-blocks:2 rows 2' 38, '0 default/spread compute cpu-blocks:2 rows 4' 39, '0 default/spread compute cpu-blocks:2 rows 6' 40, '0 default/spread compute cpu-blocks:2 rows 8' 41, '0 default/spread compute cpu-blocks:2 rows 16' 42, '0 default/spread compute cpu-blocks:2 rows 32' 43, '0 default/spread compute cpu-blocks:2 rows 64' 44, '0 default/spread compute cpu-blocks:2 rows 128' 45, '0 default/spread compute cpu-blocks:2 rows 256' 46, '0 default/spread compute cpu-blocks:2 rows 512' 47, '0 default/spread compute cpu-blocks:2 rows 1024' 48, '0 default/spread compute cpu-blocks:2 rows 2048' 49, '0 default/spread compute cpu-blocks:2 rows 4096' 50, '0 default/spread compute cpu-blocks:2 rows 6144' 51, '0 default/spread compute cpu-blocks:2 rows 8192' 52, '0 default/spread compute cpu-blocks:2 rows 12288' 53, '0 default/spread compute cpu-blocks:2 rows 16384' 54)
set logscale x
plot '20261202T210933Z-dfc6ae-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T185721Z-c1a71f (median, 95% CI)', \
     '20261202T210933Z-dfc6ae-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T124259Z-d0464f (median, 95% CI)', \
     '20261202T210933Z-dfc6ae-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T142806Z-d2d332 (median, 95% CI)', \
     '20261202T210933Z-dfc6ae-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T150207Z-a2848c (median, 95% CI)', \
     '20261202T210933Z-dfc6ae-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261201T152458Z-7ed5e8 (median, 95% CI)', \
     '20261202T210933Z-dfc6ae-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261201T154506Z-ded08d (median, 95% CI)', \
     '20261202T210933Z-dfc6ae-overlay.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261202T210933Z-dfc6ae (median, 95% CI)'
