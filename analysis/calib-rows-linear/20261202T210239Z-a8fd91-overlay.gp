# 20261202T210239Z-a8fd91-overlay.gp - calib-rows-linear, every run per group (prereg analyze)
# Replot in analysis/calib-rows-linear/ with: gnuplot -d 20261202T210239Z-a8fd91-overlay.gp > 20261202T210239Z-a8fd91-overlay.svg
# The data are in 20261202T210239Z-a8fd91-overlay.dat; times in the unit of the y label.
set terminal svg size 850,670 dynamic font "sans,11" background "white"
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
set title 'calib-rows-linear, 8 runs'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [12.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute cpu rows 1024' 1, '0 default/spread compute cpu rows 2048' 2, '0 default/spread compute cpu rows 4096' 3, '0 default/spread compute cpu rows 8192' 4, '0 default/spread compute cpu-blocks:2 rows 1024' 5, '0 default/spread compute cpu-blocks:2 rows 2048' 6, '0 default/spread compute cpu-blocks:2 rows 4096' 7, '0 default/spread compute cpu-blocks:2 rows 8192' 8, '0 default/spread compute cpu-naive rows 1024' 9, '0 default/spread compute cpu-naive rows 2048' 10, '0 default/spread compute cpu-naive rows 4096' 11, '0 default/spread compute cpu-naive rows 8192' 12)
set logscale x
plot '20261202T210239Z-a8fd91-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T124234Z-212212 (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T142505Z-2c0cf5 (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T142648Z-71f06c (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T144531Z-cfe3d7 (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261201T150026Z-cb8fad (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261201T152409Z-8fb74f (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261201T154341Z-ca042d (median, 95% CI)', \
     '20261202T210239Z-a8fd91-overlay.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261202T210239Z-a8fd91 (median, 95% CI)'
