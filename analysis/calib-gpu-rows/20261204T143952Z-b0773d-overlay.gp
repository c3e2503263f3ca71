# 20261204T143952Z-b0773d-overlay.gp - calib-gpu-rows, every run per group (prereg analyze)
# Replot in analysis/calib-gpu-rows/ with: gnuplot -d 20261204T143952Z-b0773d-overlay.gp > 20261204T143952Z-b0773d-overlay.svg
# The data are in 20261204T143952Z-b0773d-overlay.dat; times in the unit of the y label.
set terminal svg size 810,430 dynamic font "sans,11" background "white"
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
set title 'calib-gpu-rows, 2 runs'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [6.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute rows 1024' 1, '0 default/spread compute rows 4096' 2, '0 default/spread compute rows 8192' 3, '0 default/spread compute_device rows 1024' 4, '0 default/spread compute_device rows 4096' 5, '0 default/spread compute_device rows 8192' 6)
set xrange [0:*]
plot '20261204T143952Z-b0773d-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T143909Z-1abe52 (median, 95% CI)', \
     '20261204T143952Z-b0773d-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T143952Z-b0773d (median, 95% CI)'
