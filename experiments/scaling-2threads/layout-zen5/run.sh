#!/bin/sh
cd /work/main
for round in 3 4; do
  for build in da19cd4 e96e036 46d8e78; do
    bin=/tmp/splitlab-$build; [ $build = da19cd4 ] && bin=/tmp/splitlab-scale
    $bin scale --strategies ybwc,dts --references none --depth 12 --repeats 1 --hash 64 \
      --suite experiments/scaling-suite/scaling_suite.epd --out /tmp/layout/$build-$round > /dev/null 2> /tmp/layout/$build-$round.err
  done
done
