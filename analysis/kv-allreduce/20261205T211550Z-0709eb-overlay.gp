# 20261205T211550Z-0709eb-overlay.gp - kv-allreduce, every run per cell (prereg analyze)
# Replot in analysis/kv-allreduce/ with: gnuplot -d 20261205T211550Z-0709eb-overlay.gp > 20261205T211550Z-0709eb-overlay.svg
# The data are in 20261205T211550Z-0709eb-overlay.dat; times in the unit of the y label.
set terminal svg size 970,1030 dynamic font "sans,11" background "white"
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
set title 'kv-allreduce, 14 runs'."\nmeasured per cell: the original and each rerun"
set xlabel "time (ms)"
set ylabel ""
set yrange [20.5:0.5]
set grid xtics
set key below left reverse Left vertical maxcols 1
set ytics ('0 vader/spread allreduce 8421376 B' 1, '0 vader/spread allreduce_small 32768 B' 2, '1 tcp/spread allreduce 8421376 B' 3, '1 tcp/spread allreduce_small 32768 B' 4, '0 vader/spread/none allreduce 8421376 B (after last arrival)' 5, '0 vader/spread/none allreduce_small 32768 B (after last arrival)' 6, '1 vader/spread/barrier allreduce 8421376 B (after last arrival)' 7, '1 vader/spread/barrier allreduce_small 32768 B (after last arrival)' 8, '2 vader/packed/none allreduce 8421376 B (after last arrival)' 9, '2 vader/packed/none allreduce_small 32768 B (after last arrival)' 10, '3 vader/packed/barrier allreduce 8421376 B (after last arrival)' 11, '3 vader/packed/barrier allreduce_small 32768 B (after last arrival)' 12, '4 tcp/spread/none allreduce 8421376 B (after last arrival)' 13, '4 tcp/spread/none allreduce_small 32768 B (after last arrival)' 14, '5 tcp/spread/barrier allreduce 8421376 B (after last arrival)' 15, '5 tcp/spread/barrier allreduce_small 32768 B (after last arrival)' 16, '6 tcp/packed/none allreduce 8421376 B (after last arrival)' 17, '6 tcp/packed/none allreduce_small 32768 B (after last arrival)' 18, '7 tcp/packed/barrier allreduce 8421376 B (after last arrival)' 19, '7 tcp/packed/barrier allreduce_small 32768 B (after last arrival)' 20)
set logscale x
plot '20261205T211550Z-0709eb-overlay.dat' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 1 title 'original 20261129T185705Z-9e26e1 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 1 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 2 title 'rerun 20261201T084352Z-5d3e00 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 2 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 3 title 'rerun 20261201T085458Z-9a055b (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 3 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 4 title 'rerun 20261202T210435Z-a9878e (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 4 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 5 title 'rerun 20261203T041732Z-850230 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 5 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 6 title 'rerun 20261203T045959Z-714bf7 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 6 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 7 title 'rerun 20261203T073944Z-ce1618 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 7 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 8 title 'rerun 20261204T040806Z-913327 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 8 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 1 title 'rerun 20261204T044900Z-e2f7cc (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 9 using 2:1:3:4 with xerrorbars pt 13 ps 0.8 lw 1.5 lc 2 title 'rerun 20261204T155104Z-803f71 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 10 using 2:1:3:4 with xerrorbars pt 7 ps 0.8 lw 1.5 lc 3 title 'rerun 20261204T204225Z-06f917 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 11 using 2:1:3:4 with xerrorbars pt 5 ps 0.8 lw 1.5 lc 4 title 'rerun 20261204T204807Z-c07b55 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 12 using 2:1:3:4 with xerrorbars pt 9 ps 0.8 lw 1.5 lc 5 title 'rerun 20261205T211348Z-349405 (median, 95% CI)', \
     '20261205T211550Z-0709eb-overlay.dat' index 13 using 2:1:3:4 with xerrorbars pt 11 ps 0.8 lw 1.5 lc 6 title 'rerun 20261205T211550Z-0709eb (median, 95% CI)'
