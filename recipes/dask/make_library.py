#!/usr/bin/env python3
"""Writes a library of N small generated JSONL traces (seeded, so the same N gives the same
files): openings and closings at different speeds, rotations, text sizes and page turns, 20–80
lines each, in two sub-folders. For trying the Dask recipe and for docs/benchmarks.md's Scale.

    python3 recipes/dask/make_library.py N DIR
"""

import os
import sys


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 64
    count, folder = int(argv[0]), argv[1]
    seed = 0x9E3779B97F4A7C15

    def nxt(n):
        nonlocal seed
        seed = (seed * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (seed >> 33) % n

    for sub in ("a", "b"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    for i in range(count):
        t = 0
        angle = 0 if nxt(2) == 0 else 180
        lines = ['{"t":0,"type":"orientation","orientation":"portrait"}', f'{{"t":0,"type":"hinge","angle":{angle}}}']
        for _ in range(2 + nxt(5)):
            t += 100 + nxt(900)
            kind = nxt(6)
            if kind < 3:
                target = [0, 90, 120, 180][nxt(4)]
                steps = 5 + nxt(20)
                for s in range(1, steps + 1):
                    t += 5 + nxt(20)
                    lines.append(f'{{"t":{t},"type":"hinge","angle":{angle + (target - angle) * s // steps}}}')
                angle = target
            elif kind == 3:
                o = ["portrait", "landscapeLeft", "landscapeRight"][nxt(3)]
                lines.append(f'{{"t":{t},"type":"orientation","orientation":"{o}"}}')
            elif kind == 4:
                size = ["large", "xLarge", "AX2", "small"][nxt(4)]
                lines.append(f'{{"t":{t},"type":"textSize","size":"{size}"}}')
            else:
                direction = "next" if nxt(2) == 0 else "prev"
                lines.append(f'{{"t":{t},"type":"turn","direction":"{direction}"}}')
        name = os.path.join(folder, "a" if i % 2 == 0 else "b", f"trace-{i:05d}.jsonl")
        with open(name, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
