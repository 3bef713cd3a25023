import json
s=json.load(open('/tmp/h2.heapsnapshot')); m=s['snapshot']['meta']; nf=m['node_fields']; N=len(nf)
ef=m['edge_fields']; E=len(ef); types=m['node_types'][0]; etypes=m['edge_types'][0]; strs=s['strings']; nodes=s['nodes']; edges=s['edges']
ti=nf.index('type'); ni=nf.index('name'); eci=nf.index('edge_count')
# build reverse edges for MediaQuerySet nodes
count=len(nodes)//N
first_edge=[0]*count; e=0
for i in range(count): first_edge[i]=e; e+=nodes[i*N+eci]*E
targets=set(i for i in range(count) if strs[nodes[i*N+ni]]=='blink::MediaQuerySet')
from collections import Counter
parents=Counter()
for i in range(count):
    fe=first_edge[i]; ec=nodes[i*N+eci]
    for k in range(ec):
        to=edges[fe+k*E+ef.index('to_node')]//N
        if to in targets:
            parents[strs[nodes[i*N+ni]][:80]]+=1
print(parents.most_common(10))
# parents of the big hash table backing(s)
tables=set()
for i in range(count):
    fe=first_edge[i]; ec=nodes[i*N+eci]
    if strs[nodes[i*N+ni]].startswith('blink::HeapHashTableBacking'):
        for k in range(ec):
            to=edges[fe+k*E+ef.index('to_node')]//N
            if to in targets: tables.add(i); break
print(len(tables))
for i in range(count):
    fe=first_edge[i]; ec=nodes[i*N+eci]
    for k in range(ec):
        to=edges[fe+k*E+ef.index('to_node')]//N
        if to in tables:
            et=etypes[edges[fe+k*E+ef.index('type')]]; nm=edges[fe+k*E+ef.index('name_or_index')]
            print(strs[nodes[i*N+ni]][:120], et, strs[nm] if et!='element' and et!='hidden' else nm)
