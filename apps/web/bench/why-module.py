"""Why does a page's static import graph reach a module? Prints the shortest import chain.

    cd apps/web && npx vite build -c bench/chunk-modules.config.ts --outDir /tmp/cm --emptyOutDir
    python3 bench/why-module.py /tmp/cm src/pages/user-space/UserSpacePage.tsx antd/es/table/
"""
import json
import os
import re
import sys
from collections import deque

out, start_part, goal_part = sys.argv[1], sys.argv[2], sys.argv[3]
graph = json.load(open(os.path.join(out, 'module-graph.json')))
starts = [m for m in graph if start_part in m]
if not starts:
    sys.exit(f'no module matches {start_part}')
BARREL = 'nm:antd/es/index.js'


def edges(m):
    """A module's imports; antd's barrel is replaced by the parts the file names (Rollup shakes the rest)."""
    out = [n for n in graph.get(m, []) if n != BARREL]
    if BARREL in graph.get(m, []) and m.startswith('src/'):
        text = open(os.path.join(os.path.dirname(__file__), '..', m)).read()
        for names in re.findall(r"import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'", text):
            for name in re.findall(r'\b([A-Z]\w*)', names):
                kebab = re.sub(r'(?<!^)([A-Z])', r'-\1', name).lower()
                part = f'nm:antd/es/{kebab}/index.js'
                if part in graph:
                    out.append(part)
    return out


prev = {s: None for s in starts}
queue = deque(starts)
while queue:
    m = queue.popleft()
    if goal_part in m and m not in starts:
        chain = []
        while m:
            chain.append(m)
            m = prev[m]
        print('\n  <- '.join(chain))
        break
    for n in edges(m):
        if n not in prev:
            prev[n] = m
            queue.append(n)
else:
    print(f'{goal_part} is not reached from {starts}')
