#!/usr/bin/env python3
"""Report over a trace library on a Dask cluster: one `hingesim report --json` per shard on the
workers, then `hingesim report --merge` of the shards here. The merged report is byte for byte
the one a single `hingesim report` over every trace (in the same order) writes.

    python3 recipes/dask/report_library.py LIBRARY [--workers 2] [--shards N]
        [--scheduler tcp://HOST:8786] [--hingesim PATH] [--shard-dir DIR] [--json | --csv]
        [-- REPORT OPTIONS…]

LIBRARY is a directory (every trace in it and below, sorted by path) or a file listing one
source path per line. REPORT OPTIONS go to every shard's `hingesim report` (for example
`--compute-ms 5`, `--profile pixel-fold`); a deterministic compute model (`--compute-ms`,
`--compute-model device`) makes the figures independent of which worker ran which shard.
Without --scheduler a local cluster of --workers processes (one thread each) is started.
Workers on other machines need the traces and a hingesim at the same paths (the shard reports
come back through Dask, not the file system).

Exit status: hingesim's (0, or 1 when a trace broke a reader rule — the report is still
written — 65 for shards that do not merge), 69 without dask, 74 when a shard's report failed.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile

TRACE_EXTENSIONS = (".jsonl", ".ndjson", ".json", ".csv", ".hinge", ".evemu", ".yml", ".yaml")


def library_sources(library):
    """The library's sources, in the order the single report would list them."""
    if os.path.isdir(library):
        found = []
        for folder, _, files in os.walk(library):
            found += [os.path.join(folder, f) for f in files if f.lower().endswith(TRACE_EXTENSIONS)]
        return sorted(found)
    with open(library, encoding="utf-8") as listing:
        return [line.strip() for line in listing if line.strip() and not line.startswith("#")]


def split(sources, shards):
    """Contiguous shards of nearly equal size, in order (merging them in order keeps the order)."""
    shards = max(1, min(shards, len(sources)))
    size, extra = divmod(len(sources), shards)
    parts, start = [], 0
    for i in range(shards):
        end = start + size + (1 if i < extra else 0)
        parts.append(sources[start:end])
        start = end
    return parts


def report_shard(hingesim, sources, options):
    """Runs on a worker: one shard's JSON report (exit 0, or 1 when a rule broke)."""
    done = subprocess.run(
        [hingesim, "report", "--json", "--jobs", "1", *options, *sources],
        capture_output=True,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr.decode("utf-8", "replace")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--shards", type=int, default=0, help="default: 4 per worker")
    parser.add_argument("--scheduler", help="an existing cluster's scheduler address")
    parser.add_argument("--hingesim", default="hingesim")
    parser.add_argument("--shard-dir", help="keep the shard reports here (default: a temporary folder)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true")
    output.add_argument("--csv", action="store_true")
    options = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("report_library: dask.distributed is not installed (pip install 'dask[distributed]')", file=sys.stderr)
        return 69
    sources = library_sources(args.library)
    if not sources:
        print(f"report_library: {args.library}: no traces found", file=sys.stderr)
        return 66
    hingesim = os.path.abspath(args.hingesim) if os.sep in args.hingesim else args.hingesim
    shards = split(sources, args.shards or 4 * args.workers)

    if args.scheduler:
        cluster, client = None, Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    try:
        futures = client.map(report_shard, [hingesim] * len(shards), shards, [options] * len(shards), pure=False)
        results = client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    shard_dir = args.shard_dir or tempfile.mkdtemp(prefix="hingesim-shards-")
    os.makedirs(shard_dir, exist_ok=True)
    paths = []
    for i, (code, report, errors) in enumerate(results):
        if code not in (0, 1) or not report:
            sys.stderr.write(errors)
            print(f"report_library: shard {i + 1} of {len(shards)} failed (exit {code})", file=sys.stderr)
            return 74 if code in (0, 1) else code
        path = os.path.join(shard_dir, f"shard-{i:05d}.json")
        with open(path, "wb") as f:
            f.write(report)
        paths.append(path)
    fmt = ["--json"] if args.json else ["--csv"] if args.csv else []
    return subprocess.run([hingesim, "report", "--merge", *paths, *fmt], check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
