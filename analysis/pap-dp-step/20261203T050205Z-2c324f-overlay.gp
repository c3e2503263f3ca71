# 20261203T050205Z-2c324f-overlay.gp - pap-dp-step, every run per cell (prereg analyze)
# Replot in analysis/pap-dp-step/ with: gnuplot -d 20261203T050205Z-2c324f-overlay.gp > 20261203T050205Z-2c324f-overlay.svg
# The data are in 20261203T050205Z-2c324f-overlay.dat; times in the unit of the y label.
set terminal svg size 990,810 dynamic font "sans,11" background "white"
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
set title 'pap-dp-step, 6 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [18.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread/ring allreduce 4194304 B (span)' 1, '0 default/spread/ring allreduce 4194304 B (after last arrival)' 2, '0 default/spread/ring allreduce 16777216 B (span)' 3, '0 default/spread/ring allreduce 16777216 B (after last arrival)' 4, '0 default/spread/ring step 4194304 B (span)' 5, '0 default/spread/ring step 16777216 B (span)' 6, '1 default/spread/rabenseifner allreduce 4194304 B (span)' 7, '1 default/spread/rabenseifner allreduce 4194304 B (after last arrival)' 8, '1 default/spread/rabenseifner allreduce 16777216 B (span)' 9, '1 default/spread/rabenseifner allreduce 16777216 B (after last arrival)' 10, '1 default/spread/rabenseifner step 4194304 B (span)' 11, '1 default/spread/rabenseifner step 16777216 B (span)' 12, '3 default/spread/pap allreduce 4194304 B (span)' 13, '3 default/spread/pap allreduce 4194304 B (after last arrival)' 14, '3 default/spread/pap allreduce 16777216 B (span)' 15, '3 default/spread/pap allreduce 16777216 B (after last arrival)' 16, '3 default/spread/pap step 4194304 B (span)' 17, '3 default/spread/pap step 16777216 B (span)' 18)
set xrange [0:*]
plot '20261203T050205Z-2c324f-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T153325Z-203115 (median, 95% CI)', \
     '20261203T050205Z-2c324f-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T175335Z-f3efdb (median, 95% CI)', \
     '20261203T050205Z-2c324f-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T211122Z-6e5ca4 (median, 95% CI)', \
     '20261203T050205Z-2c324f-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261202T214124Z-b1cdb7 (median, 95% CI)', \
     '20261203T050205Z-2c324f-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261203T042025Z-527e3b (median, 95% CI)', \
     '20261203T050205Z-2c324f-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261203T050205Z-2c324f (median, 95% CI)'
