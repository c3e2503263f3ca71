# 20261204T161153Z-99bd52-overlay.gp - shared-gpu, every run per cell (prereg analyze)
# Replot in analysis/shared-gpu/ with: gnuplot -d 20261204T161153Z-99bd52-overlay.gp > 20261204T161153Z-99bd52-overlay.svg
# The data are in 20261204T161153Z-99bd52-overlay.dat; times in the unit of the y label.
set terminal svg size 810,590 dynamic font "sans,11" background "white"
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
set title 'shared-gpu, 4 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [12.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute (max over ranks)' 1, '0 default/spread compute rows 2048 rank 0' 2, '0 default/spread compute rows 2048 rank 1' 3, '0 default/spread compute rows 2048 rank 2' 4, '0 default/spread compute rows 2048 rank 3' 5, '0 default/spread gatherv rank 0' 6, '1 vader/spread compute (max over ranks)' 7, '1 vader/spread compute rows 2048 rank 0' 8, '1 vader/spread compute rows 2048 rank 1' 9, '1 vader/spread compute rows 2048 rank 2' 10, '1 vader/spread compute rows 2048 rank 3' 11, '1 vader/spread gatherv rank 0' 12)
set xrange [0:*]
plot '20261204T161153Z-99bd52-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T143927Z-1ea2b1 (median, 95% CI)', \
     '20261204T161153Z-99bd52-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T144007Z-57e2af (median, 95% CI)', \
     '20261204T161153Z-99bd52-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T161128Z-489faf (median, 95% CI)', \
     '20261204T161153Z-99bd52-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T161153Z-99bd52 (median, 95% CI)'
