#!/bin/sh
# probe3 on a GPU machine (issue 25): why culab's per-line child first
# recorded nothing.  Built on the CPU machine and carried:
#   nvcc -O2 -arch=sm_90 -I../issue25-h200 -I$CUDA/extras/CUPTI/include \
#        probe3.cu -L$CUDA/extras/CUPTI/lib64 -lcupti -lcuda -o probe3
# then, beside the binary, each of culab's differences from the probe's
# sequence on its own and together, and culab's child on one
# measurement (with the fix: SetConfig at the measured run), plain and
# with eager module loading.  Output: probe3.txt.
cd "$(dirname "$0")"
for f in "" "early" "cb" "many" "nowarm" "early cb" "early many" "early cb many" "cb many"; do ./probe3 $f 2>&1 | tail -2; done
cd ../..
L=reduce/reduce_shuffle/float/4194304
for env in "" "CUDA_MODULE_LOADING=EAGER"; do
  rm -rf /tmp/lc; env $env .carry/culab run --measurement $L --lines-child --profile-only --no-counters --no-report -q -o /tmp/lc tests/gpu/lines.yaml; echo "child ($env) exit $?"
  python3 -c "
import json; d=json.load(open('/tmp/lc/results.json'))
for r in d['rows']: print(r['variant'], r.get('status'), json.dumps(r.get('lines'))[:300])"
done
