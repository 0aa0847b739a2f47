"""What an idle tracker process costs: CPU a second of `domekit serve` with nothing to do.

    .venv/bin/python benchmarks/tracker_idle.py [--seconds 20] [--tables 40] [--sqlite]

It starts a throwaway PostgreSQL cluster (benchmarks/pg_cluster.py; with --sqlite a SQLite file
instead), one `domekit serve` on it, records T Death Dome kits and reads each match once, then
leaves the server alone for S seconds and reads its CPU (user + system, every thread) from
/proc before and after. Every process of `serve --workers N` pays this whatever the tables do,
so it is what each process added costs at a quiet hour. The last line:

  database=postgresql tables=T seconds=S idle_cpu_ms_per_s=...
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pg_cluster  # noqa: E402
import tracker_load as load  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="idle seconds measured")
    parser.add_argument("--tables", type=int, default=40, help="kits recorded and read once")
    parser.add_argument("--sqlite", action="store_true", help="a SQLite file, not PostgreSQL")
    args = parser.parse_args(argv)
    if not (0 < args.seconds <= 3600 and 1 <= args.tables <= 2000):
        parser.error("--seconds must be 0 to 3600 and --tables 1 to 2000")
    workdir = Path(tempfile.mkdtemp(prefix="domekit-idle-"))
    cluster = None if args.sqlite else pg_cluster.Cluster()
    server = None
    try:
        db = pg_cluster.database(cluster, workdir)
        server = load.Server(db, workdir).start(timeout=120)
        kits = load.make_tables(db, args.tables, server.base)
        with httpx.Client(base_url=server.base, timeout=30) as client:
            for kit in kits:
                client.get(f"/k/{kit}/table.json")
        time.sleep(2.0)  # the last answers' work done
        before = server.cpu_seconds()
        time.sleep(args.seconds)
        used = server.cpu_seconds() - before
    finally:
        if server is not None:
            server.stop()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    database = "sqlite" if args.sqlite else "postgresql"
    print(
        f"database={database} tables={args.tables} seconds={args.seconds:g} "
        f"idle_cpu_ms_per_s={used / args.seconds * 1000:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
