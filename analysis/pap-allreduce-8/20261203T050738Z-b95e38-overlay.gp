# 20261203T050738Z-b95e38-overlay.gp - pap-allreduce-8, every run per cell (prereg analyze)
# Replot in analysis/pap-allreduce-8/ with: gnuplot -d 20261203T050738Z-b95e38-overlay.gp > 20261203T050738Z-b95e38-overlay.svg
# The data are in 20261203T050738Z-b95e38-overlay.dat; times in the unit of the y label.
set terminal svg size 1040,950 dynamic font "sans,11" background "white"
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
set title 'pap-allreduce-8, 4 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [24.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 default/spread/rabenseifner/none allreduce 1024 B (span)' 1, '0 default/spread/rabenseifner/none allreduce 1024 B (after last arrival)' 2, '0 default/spread/rabenseifner/none allreduce 8388608 B (span)' 3, '0 default/spread/rabenseifner/none allreduce 8388608 B (after last arrival)' 4, '1 default/spread/rabenseifner/one-late allreduce 1024 B (span)' 5, '1 default/spread/rabenseifner/one-late allreduce 1024 B (after last arrival)' 6, '1 default/spread/rabenseifner/one-late allreduce 8388608 B (span)' 7, '1 default/spread/rabenseifner/one-late allreduce 8388608 B (after last arrival)' 8, '2 default/spread/rabenseifner/uniform allreduce 1024 B (span)' 9, '2 default/spread/rabenseifner/uniform allreduce 1024 B (after last arrival)' 10, '2 default/spread/rabenseifner/uniform allreduce 8388608 B (span)' 11, '2 default/spread/rabenseifner/uniform allreduce 8388608 B (after last arrival)' 12, '6 default/spread/pap/none allreduce 1024 B (span)' 13, '6 default/spread/pap/none allreduce 1024 B (after last arrival)' 14, '6 default/spread/pap/none allreduce 8388608 B (span)' 15, '6 default/spread/pap/none allreduce 8388608 B (after last arrival)' 16, '7 default/spread/pap/one-late allreduce 1024 B (span)' 17, '7 default/spread/pap/one-late allreduce 1024 B (after last arrival)' 18, '7 default/spread/pap/one-late allreduce 8388608 B (span)' 19, '7 default/spread/pap/one-late allreduce 8388608 B (after last arrival)' 20, '8 default/spread/pap/uniform allreduce 1024 B (span)' 21, '8 default/spread/pap/uniform allreduce 1024 B (after last arrival)' 22, '8 default/spread/pap/uniform allreduce 8388608 B (span)' 23, '8 default/spread/pap/uniform allreduce 8388608 B (after last arrival)' 24)
set logscale x
plot '20261203T050738Z-b95e38-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261201T153635Z-1b780d (median, 95% CI)', \
     '20261203T050738Z-b95e38-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T175515Z-96218b (median, 95% CI)', \
     '20261203T050738Z-b95e38-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261203T042649Z-04e904 (median, 95% CI)', \
     '20261203T050738Z-b95e38-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261203T050738Z-b95e38 (median, 95% CI)'
