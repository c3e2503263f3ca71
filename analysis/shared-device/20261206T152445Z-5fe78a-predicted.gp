# 20261206T152445Z-5fe78a-predicted.gp - shared-device, measured vs predicted per cell (prereg analyze)
# Replot in analysis/shared-device/ with: gnuplot -d 20261206T152445Z-5fe78a-predicted.gp > 20261206T152445Z-5fe78a-predicted.svg
# The data are in 20261206T152445Z-5fe78a-predicted.dat; times in the unit of the y label.
set terminal svg size 810,1290 dynamic font "sans,11" background "white"
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
set title 'shared-device, run 20261206T152445Z-5fe78a'."\nmeasured vs predicted per cell"
set xlabel "time (ms)"
set ylabel ""
set yrange [36.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set style fill transparent solid 0.3 noborder
set logscale x
set xrange [0.111114:58.982]
plot '20261206T152445Z-5fe78a-predicted.dat' using 6:1:6:7:($1-0.3):($1+0.3):ytic(8) with boxxyerror lc rgb "#88bbee" title "predicted [lo, hi]", \
     '' using 5:($1-0.3):(0):(0.6) with vectors nohead lw 2 lc rgb "#225599" title "predicted", \
     '' using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc rgb "#cc3311" title "measured (median, 95% CI)"
