# 20261203T050337Z-c5f7d0-overlay-2.gp - pap-allreduce, every run per cell (prereg analyze)
# Replot in analysis/pap-allreduce/ with: gnuplot -d 20261203T050337Z-c5f7d0-overlay-2.gp > 20261203T050337Z-c5f7d0-overlay-2.svg
# The data are in 20261203T050337Z-c5f7d0-overlay-2.dat; times in the unit of the y label.
set terminal svg size 980,490 dynamic font "sans,11" background "white"
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
set title 'pap-allreduce, 5 runs (part 2 of 2)'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [4.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('19 default/spread/pap/replay allreduce 1024 B (span)' 1, '19 default/spread/pap/replay allreduce 1024 B (after last arrival)' 2, '19 default/spread/pap/replay allreduce 8388608 B (span)' 3, '19 default/spread/pap/replay allreduce 8388608 B (after last arrival)' 4)
set logscale x
plot '20261203T050337Z-c5f7d0-overlay-2.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T152610Z-1c11c9 (median, 95% CI)', \
     '20261203T050337Z-c5f7d0-overlay-2.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T174848Z-b16a41 (median, 95% CI)', \
     '20261203T050337Z-c5f7d0-overlay-2.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261202T214324Z-06eae5 (median, 95% CI)', \
     '20261203T050337Z-c5f7d0-overlay-2.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261203T042232Z-300e15 (median, 95% CI)', \
     '20261203T050337Z-c5f7d0-overlay-2.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261203T050337Z-c5f7d0 (median, 95% CI)'
