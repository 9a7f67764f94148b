"""Python's own answer to "which distribution provides import name X" for one site directory:
importlib.metadata.packages_distributions(), restricted to the distributions found on `path`.
Prints JSON {import name: [distribution names, sorted]}. With no argument, prints the directory
on sys.path (or Debian's dist-packages) holding the most distributions."""
import importlib.metadata as md
import json
import os
import sys


def count(path):
    try:
        return sum(1 for n in os.listdir(path) if n.endswith(('.dist-info', '.egg-info')) and os.path.isdir(os.path.join(path, n)))
    except OSError:
        return 0


if len(sys.argv) < 2:
    candidates = [p for p in sys.path + ['/usr/lib/python3/dist-packages'] if p and os.path.isdir(p)]
    best = max(candidates, key=count, default='')
    print(best if count(best) > 0 else '')
    sys.exit(0)

# packages_distributions() over every path, then kept to the distributions that live on ours:
# it is the standard library's own inference (top_level.txt, else the files a RECORD lists).
ours = {d.metadata['Name'] for d in md.distributions(path=[sys.argv[1]]) if d.metadata['Name']}
out = {}
for name, dists in md.packages_distributions().items():
    kept = sorted(set(dists) & ours)
    if kept:
        out[name] = kept
print(json.dumps(out, sort_keys=True))
