# 20261204T143959Z-06a740-overlay.gp - launch-geometry, every run per group (prereg analyze)
# Replot in analysis/launch-geometry/ with: gnuplot -d 20261204T143959Z-06a740-overlay.gp > 20261204T143959Z-06a740-overlay.svg
# The data are in 20261204T143959Z-06a740-overlay.dat; times in the unit of the y label.
set terminal svg size 820,1450 dynamic font "sans,11" background "white"
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
set title 'launch-geometry, 2 runs'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [42.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute rows 1' 1, '0 default/spread compute rows 128' 2, '0 default/spread compute rows 2112' 3, '0 default/spread compute rows 4160' 4, '0 default/spread compute rows 4192' 5, '0 default/spread compute rows 4224' 6, '0 default/spread compute rows 4225' 7, '0 default/spread compute rows 4256' 8, '0 default/spread compute rows 4288' 9, '0 default/spread compute rows 8384' 10, '0 default/spread compute rows 8416' 11, '0 default/spread compute rows 8448' 12, '0 default/spread compute rows 8449' 13, '0 default/spread compute rows 8480' 14, '0 default/spread compute rows 8512' 15, '0 default/spread compute rows 12608' 16, '0 default/spread compute rows 12640' 17, '0 default/spread compute rows 12672' 18, '0 default/spread compute rows 12673' 19, '0 default/spread compute rows 12704' 20, '0 default/spread compute rows 12736' 21, '0 default/spread compute_device rows 1' 22, '0 default/spread compute_device rows 128' 23, '0 default/spread compute_device rows 2112' 24, '0 default/spread compute_device rows 4160' 25, '0 default/spread compute_device rows 4192' 26, '0 default/spread compute_device rows 4224' 27, '0 default/spread compute_device rows 4225' 28, '0 default/spread compute_device rows 4256' 29, '0 default/spread compute_device rows 4288' 30, '0 default/spread compute_device rows 8384' 31, '0 default/spread compute_device rows 8416' 32, '0 default/spread compute_device rows 8448' 33, '0 default/spread compute_device rows 8449' 34, '0 default/spread compute_device rows 8480' 35, '0 default/spread compute_device rows 8512' 36, '0 default/spread compute_device rows 12608' 37, '0 default/spread compute_device rows 12640' 38, '0 default/spread compute_device rows 12672' 39, '0 default/spread compute_device rows 12673' 40, '0 default/spread compute_device rows 12704' 41, '0 default/spread compute_device rows 12736' 42)
set xrange [0:*]
plot '20261204T143959Z-06a740-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261204T143918Z-6e5fb3 (median, 95% CI)', \
     '20261204T143959Z-06a740-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T143959Z-06a740 (median, 95% CI)'
