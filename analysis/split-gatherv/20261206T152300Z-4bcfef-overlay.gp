# 20261206T152300Z-4bcfef-overlay.gp - split-gatherv, every run per cell (prereg analyze)
# Replot in analysis/split-gatherv/ with: gnuplot -d 20261206T152300Z-4bcfef-overlay.gp > 20261206T152300Z-4bcfef-overlay.svg
# The data are in 20261206T152300Z-4bcfef-overlay.dat; times in the unit of the y label.
set terminal svg size 800,1410 dynamic font "sans,11" background "white"
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
set title 'split-gatherv, 9 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [36.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread compute (max over ranks)' 1, '0 vader/spread compute rows 559 rank 2' 2, '0 vader/spread compute rows 559 rank 3' 3, '0 vader/spread compute rows 3537 rank 0' 4, '0 vader/spread compute rows 3537 rank 1' 5, '0 vader/spread gatherv rank 0' 6, '1 tcp/spread compute (max over ranks)' 7, '1 tcp/spread compute rows 559 rank 2' 8, '1 tcp/spread compute rows 559 rank 3' 9, '1 tcp/spread compute rows 3537 rank 0' 10, '1 tcp/spread compute rows 3537 rank 1' 11, '1 tcp/spread gatherv rank 0' 12, '0 vader/spread compute rows 780 rank 2' 13, '0 vader/spread compute rows 780 rank 3' 14, '0 vader/spread compute rows 3316 rank 0' 15, '0 vader/spread compute rows 3316 rank 1' 16, '1 tcp/spread compute rows 780 rank 2' 17, '1 tcp/spread compute rows 780 rank 3' 18, '1 tcp/spread compute rows 3316 rank 0' 19, '1 tcp/spread compute rows 3316 rank 1' 20, '0 vader/spread compute rows 700 rank 2' 21, '0 vader/spread compute rows 700 rank 3' 22, '0 vader/spread compute rows 3396 rank 0' 23, '0 vader/spread compute rows 3396 rank 1' 24, '1 tcp/spread compute rows 700 rank 2' 25, '1 tcp/spread compute rows 700 rank 3' 26, '1 tcp/spread compute rows 3396 rank 0' 27, '1 tcp/spread compute rows 3396 rank 1' 28, '0 vader/spread compute rows 894 rank 2' 29, '0 vader/spread compute rows 894 rank 3' 30, '0 vader/spread compute rows 3202 rank 0' 31, '0 vader/spread compute rows 3202 rank 1' 32, '1 tcp/spread compute rows 894 rank 2' 33, '1 tcp/spread compute rows 894 rank 3' 34, '1 tcp/spread compute rows 3202 rank 0' 35, '1 tcp/spread compute rows 3202 rank 1' 36)
set xrange [0:*]
plot '20261206T152300Z-4bcfef-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T185802Z-7b656f (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T124342Z-5321d7 (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T210905Z-8df5bb (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261202T214055Z-31f3b7 (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261203T041703Z-a908c4 (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261203T073741Z-12e4bd (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261204T123501Z-b5f8cc (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261206T152213Z-ec8251 (median, 95% CI)', \
     '20261206T152300Z-4bcfef-overlay.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261206T152300Z-4bcfef (median, 95% CI)'
