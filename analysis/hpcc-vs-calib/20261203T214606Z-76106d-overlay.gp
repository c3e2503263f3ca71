# 20261203T214606Z-76106d-overlay.gp - hpcc-vs-calib, every run per cell (prereg analyze)
# Replot in analysis/hpcc-vs-calib/ with: gnuplot -d 20261203T214606Z-76106d-overlay.gp > 20261203T214606Z-76106d-overlay.svg
# The data are in 20261203T214606Z-76106d-overlay.dat; times in the unit of the y label.
set terminal svg size 800,430 dynamic font "sans,11" background "white"
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
set title 'hpcc-vs-calib, 2 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [4.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread fom.bandwidth 2000000 B' 1, '0 vader/spread fom.latency 8 B' 2, '1 tcp/spread fom.bandwidth 2000000 B' 3, '1 tcp/spread fom.latency 8 B' 4)
set logscale x
plot '20261203T214606Z-76106d-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261203T213429Z-a651a9 (median, 95% CI)', \
     '20261203T214606Z-76106d-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261203T214606Z-76106d (median, 95% CI)'
