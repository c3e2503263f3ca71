# 20261206T152157Z-e82ede-overlay.gp - hpcc-allreduce, every run per cell (prereg analyze)
# Replot in analysis/hpcc-allreduce/ with: gnuplot -d 20261206T152157Z-e82ede-overlay.gp > 20261206T152157Z-e82ede-overlay.svg
# The data are in 20261206T152157Z-e82ede-overlay.dat; times in the unit of the y label.
set terminal svg size 860,470 dynamic font "sans,11" background "white"
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
set title 'hpcc-allreduce, 4 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (us)"
set ylabel ""
set yrange [2.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread allreduce 4 B (after last arrival)' 1, '1 tcp/spread allreduce 4 B (after last arrival)' 2)
set xrange [0:*]
plot '20261206T152157Z-e82ede-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261203T214000Z-6fd75b (median, 95% CI)', \
     '20261206T152157Z-e82ede-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261203T214616Z-5be71d (median, 95% CI)', \
     '20261206T152157Z-e82ede-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261206T152141Z-6a5207 (median, 95% CI)', \
     '20261206T152157Z-e82ede-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261206T152157Z-e82ede (median, 95% CI)'
