# 20261206T004335Z-3213b6-overlay.gp - three-vendors-cpu, every run per cell (prereg analyze)
# Replot in analysis/three-vendors-cpu/ with: gnuplot -d 20261206T004335Z-3213b6-overlay.gp > 20261206T004335Z-3213b6-overlay.svg
# The data are in 20261206T004335Z-3213b6-overlay.dat; times in the unit of the y label.
set terminal svg size 900,530 dynamic font "sans,11" background "white"
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
set title 'three-vendors-cpu, 7 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [2.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 tcp/spread allreduce 133120 B (after last arrival)' 1, '0 tcp/spread allreduce_small 2048 B (after last arrival)' 2)
set xrange [0:*]
plot '20261206T004335Z-3213b6-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T124820Z-509844 (median, 95% CI)', \
     '20261206T004335Z-3213b6-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T154719Z-6342c5 (median, 95% CI)', \
     '20261206T004335Z-3213b6-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T211559Z-ccc1bf (median, 95% CI)', \
     '20261206T004335Z-3213b6-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261203T131902Z-009024 (median, 95% CI)', \
     '20261206T004335Z-3213b6-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261205T230915Z-048d41 (median, 95% CI)', \
     '20261206T004335Z-3213b6-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261205T231026Z-fa003e (median, 95% CI)', \
     '20261206T004335Z-3213b6-overlay.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261206T004335Z-3213b6 (median, 95% CI)'
