# 20261202T211023Z-564296-overlay.gp - rows-linear-blocked, every run per cell (prereg analyze)
# Replot in analysis/rows-linear-blocked/ with: gnuplot -d 20261202T211023Z-564296-overlay.gp > 20261202T211023Z-564296-overlay.svg
# The data are in 20261202T211023Z-564296-overlay.dat; times in the unit of the y label.
set terminal svg size 850,790 dynamic font "sans,11" background "white"
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
set title 'rows-linear-blocked, 5 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [18.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute cpu-blocks:2 rows 1' 1, '0 default/spread compute cpu-blocks:2 rows 2' 2, '0 default/spread compute cpu-blocks:2 rows 4' 3, '0 default/spread compute cpu-blocks:2 rows 6' 4, '0 default/spread compute cpu-blocks:2 rows 8' 5, '0 default/spread compute cpu-blocks:2 rows 16' 6, '0 default/spread compute cpu-blocks:2 rows 32' 7, '0 default/spread compute cpu-blocks:2 rows 64' 8, '0 default/spread compute cpu-blocks:2 rows 128' 9, '0 default/spread compute cpu-blocks:2 rows 256' 10, '0 default/spread compute cpu-blocks:2 rows 512' 11, '0 default/spread compute cpu-blocks:2 rows 1024' 12, '0 default/spread compute cpu-blocks:2 rows 2048' 13, '0 default/spread compute cpu-blocks:2 rows 4096' 14, '0 default/spread compute cpu-blocks:2 rows 6144' 15, '0 default/spread compute cpu-blocks:2 rows 8192' 16, '0 default/spread compute cpu-blocks:2 rows 12288' 17, '0 default/spread compute cpu-blocks:2 rows 16384' 18)
set xrange [0:*]
plot '20261202T211023Z-564296-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T142914Z-17f07d (median, 95% CI)', \
     '20261202T211023Z-564296-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T150352Z-e0acee (median, 95% CI)', \
     '20261202T211023Z-564296-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T152554Z-f1635c (median, 95% CI)', \
     '20261202T211023Z-564296-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261201T154622Z-417591 (median, 95% CI)', \
     '20261202T211023Z-564296-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261202T211023Z-564296 (median, 95% CI)'
