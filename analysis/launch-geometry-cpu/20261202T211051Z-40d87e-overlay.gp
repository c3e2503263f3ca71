# 20261202T211051Z-40d87e-overlay.gp - launch-geometry-cpu, every run per group (prereg analyze)
# Replot in analysis/launch-geometry-cpu/ with: gnuplot -d 20261202T211051Z-40d87e-overlay.gp > 20261202T211051Z-40d87e-overlay.svg
# The data are in 20261202T211051Z-40d87e-overlay.dat; times in the unit of the y label.
set terminal svg size 800,700 dynamic font "sans,11" background "white"
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
set title 'launch-geometry-cpu, 2 runs'."\nmeasured per group: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [17.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread compute rows 1' 1, '0 default/spread compute rows 32' 2, '0 default/spread compute rows 48' 3, '0 default/spread compute rows 64' 4, '0 default/spread compute rows 65' 5, '0 default/spread compute rows 80' 6, '0 default/spread compute rows 96' 7, '0 default/spread compute rows 112' 8, '0 default/spread compute rows 128' 9, '0 default/spread compute rows 129' 10, '0 default/spread compute rows 144' 11, '0 default/spread compute rows 160' 12, '0 default/spread compute rows 176' 13, '0 default/spread compute rows 192' 14, '0 default/spread compute rows 193' 15, '0 default/spread compute rows 208' 16, '0 default/spread compute rows 224' 17)
set xrange [0:*]
plot '20261202T211051Z-40d87e-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T124555Z-375e7b (median, 95% CI)', \
     '20261202T211051Z-40d87e-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261202T211051Z-40d87e (median, 95% CI)'
