# 20261206T152445Z-5fe78a-overlay.gp - shared-device, every run per cell (prereg analyze)
# Replot in analysis/shared-device/ with: gnuplot -d 20261206T152445Z-5fe78a-overlay.gp > 20261206T152445Z-5fe78a-overlay.svg
# The data are in 20261206T152445Z-5fe78a-overlay.dat; times in the unit of the y label.
set terminal svg size 810,1390 dynamic font "sans,11" background "white"
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
set title 'shared-device, 8 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [36.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread compute (max over ranks)' 1, '0 vader/spread compute rows 2048 rank 0' 2, '0 vader/spread compute rows 2048 rank 1' 3, '0 vader/spread compute rows 2048 rank 2' 4, '0 vader/spread compute rows 2048 rank 3' 5, '0 vader/spread gatherv rank 0' 6, '1 vader/packed compute (max over ranks)' 7, '1 vader/packed compute rows 2048 rank 0' 8, '1 vader/packed compute rows 2048 rank 1' 9, '1 vader/packed compute rows 2048 rank 2' 10, '1 vader/packed compute rows 2048 rank 3' 11, '1 vader/packed gatherv rank 0' 12, '2 tcp/spread compute (max over ranks)' 13, '2 tcp/spread compute rows 2048 rank 0' 14, '2 tcp/spread compute rows 2048 rank 1' 15, '2 tcp/spread compute rows 2048 rank 2' 16, '2 tcp/spread compute rows 2048 rank 3' 17, '2 tcp/spread gatherv rank 0' 18, '3 tcp/packed compute (max over ranks)' 19, '3 tcp/packed compute rows 2048 rank 0' 20, '3 tcp/packed compute rows 2048 rank 1' 21, '3 tcp/packed compute rows 2048 rank 2' 22, '3 tcp/packed compute rows 2048 rank 3' 23, '3 tcp/packed gatherv rank 0' 24, '4 default/spread compute (max over ranks)' 25, '4 default/spread compute rows 2048 rank 0' 26, '4 default/spread compute rows 2048 rank 1' 27, '4 default/spread compute rows 2048 rank 2' 28, '4 default/spread compute rows 2048 rank 3' 29, '4 default/spread gatherv rank 0' 30, '5 default/packed compute (max over ranks)' 31, '5 default/packed compute rows 2048 rank 0' 32, '5 default/packed compute rows 2048 rank 1' 33, '5 default/packed compute rows 2048 rank 2' 34, '5 default/packed compute rows 2048 rank 3' 35, '5 default/packed gatherv rank 0' 36)
set xrange [0:*]
plot '20261206T152445Z-5fe78a-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T185815Z-b3bded (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T124403Z-41d467 (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T210725Z-d2fea4 (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261202T213910Z-9e98b8 (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261203T074155Z-ae881f (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261203T074451Z-278b48 (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T152346Z-376d15 (median, 95% CI)', \
     '20261206T152445Z-5fe78a-overlay.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T152445Z-5fe78a (median, 95% CI)'
