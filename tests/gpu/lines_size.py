#!/usr/bin/env python3
"""lines_size.py DIR - the per-line picture of a rung at two sizes (issue 46).

DIR/c/<variant>-<size>/results.json are per-line children of one
measurement each (culab run --no-counters --profile-only --lines-child
--measurement LABEL, CULAB_STALLS=on), two sizes per variant.  Prints per
variant: the largest change of a line's share of the kernel's warp
instructions and of its long-scoreboard samples, the hottest line at
each size, the lines whose ratios differ (global sectors per ideal one,
shared wavefronts per ideal one, threads per instruction), and the
kernel's most common stall reason at each size.  What PLAN_LINES_MAX_ELEMENTS
rests on (docs/per-line.md, "At which size").
"""
import json,sys,glob,os,collections
root=sys.argv[1]
def load(d):
    try: r=json.load(open(os.path.join(d,'results.json')))
    except Exception as e: return None
    rows=r['rows']
    if not rows or not rows[0].get('lines') or rows[0]['lines'].get('status'): return None
    L=rows[0]['lines']; m=L['metrics']
    out={}
    for k in L['kernels']:
        for ln in k['lines']:
            key=(k['kernel'][:30],ln['line'])
            d=out.setdefault(key,collections.Counter())
            for a,b in zip(m,ln['values']):
                if b: d[a]+=b
    return out
pairs=collections.defaultdict(dict)
for d in sorted(glob.glob(root+'/c/*')):
    b=os.path.basename(d); v,s=b.rsplit('-',1); pairs[v][s]=load(d)
def key_size(s): return eval(s.replace('x','*'))
for v,ss in pairs.items():
    ks=sorted(ss, key=key_size)
    a,b=ss[ks[0]],ss[ks[1]]
    if not a or not b: print(v,'missing'); continue
    def share(x,met):
        tot=sum(val[met] for val in x.values())
        return {k:val[met]/tot if tot else 0 for k,val in x.items()}, tot
    out=[]
    for met in ('inst_executed','stall_long_scoreboard'):
        (sa,ta),(sb,tb)=share(a,met),share(b,met)
        keys=set(sa)|set(sb)
        worst=max(keys,key=lambda k:abs(sa.get(k,0)-sb.get(k,0)))
        topa=max(sa,key=sa.get) if ta else None; topb=max(sb,key=sb.get) if tb else None
        out.append(f"{met}: max share change {abs(sa.get(worst,0)-sb.get(worst,0))*100:.1f} pt (line {worst[1]}), top line {topa[1] if topa else '-'}/{topb[1] if topb else '-'}")
    def ratios(x):
        o={}
        for k,val in x.items():
            g,gi=val['global_sectors'],val['global_sectors_ideal']; w,wi=val['shared_wavefronts'],val['shared_wavefronts_ideal']
            i,p=val['inst_executed'],val['thread_inst_pred_on']
            o[k]=(round(g/gi,2) if gi else None, round(w/wi,2) if wi else None, round(p/i,1) if i else None)
        return o
    ra,rb=ratios(a),ratios(b)
    diff=[(k[1],ra.get(k),rb.get(k)) for k in set(ra)|set(rb) if ra.get(k)!=rb.get(k)]
    # top stall reason per kernel
    def topreason(x):
        c=collections.Counter()
        for val in x.values():
            for m,vv in val.items():
                if m.startswith('stall_'): c[m]+=vv
        t=sum(c.values()); r=c.most_common(1)
        return f"{r[0][0][6:]} {r[0][1]/t*100:.0f}%" if r else '-'
    print(f"{v} {ks}: " + "; ".join(out) + f"; ratio diffs {len(diff)} {diff[:3]}; top stall {topreason(a)} / {topreason(b)}")
