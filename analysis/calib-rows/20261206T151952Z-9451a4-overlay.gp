# 20261206T151952Z-9451a4-overlay.gp - calib-rows, every run per group (prereg analyze)
# Replot in analysis/calib-rows/ with: gnuplot -d 20261206T151952Z-9451a4-overlay.gp > 20261206T151952Z-9451a4-overlay.svg
# The data are in 20261206T151952Z-9451a4-overlay.dat; times in the unit of the y label.
set terminal svg size 830,470 dynamic font "sans,11" background "white"
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
set title 'calib-rows, 4 runs'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [8.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute cpu rows 512' 1, '0 default/spread compute cpu rows 1024' 2, '0 default/spread compute cpu rows 4096' 3, '0 default/spread compute cpu rows 8192' 4, '0 default/spread compute cpu-naive rows 512' 5, '0 default/spread compute cpu-naive rows 1024' 6, '0 default/spread compute cpu-naive rows 4096' 7, '0 default/spread compute cpu-naive rows 8192' 8)
set logscale x
plot '20261206T151952Z-9451a4-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T185628Z-27a2ee (median, 95% CI)', \
     '20261206T151952Z-9451a4-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T124214Z-35c1ab (median, 95% CI)', \
     '20261206T151952Z-9451a4-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T210144Z-ac7dfe (median, 95% CI)', \
     '20261206T151952Z-9451a4-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T151952Z-9451a4 (median, 95% CI)'
