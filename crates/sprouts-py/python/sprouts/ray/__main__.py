"""``python -m sprouts.ray solve (--spots N | POSITION | GAME) [--misere]
[--workers K] [--address ADDR] [--db PATH]``: a distributed solve on Ray,
printed as ``sprouts solve`` prints it. See docs/ray.md."""

from __future__ import annotations

import argparse
import logging
import sys

import sprouts
import sprouts.ray


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sprouts.ray",
        description="Distributed solving on Ray, normal and misère play (docs/ray.md).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser(
        "solve",
        help="who wins a position (its nimber in normal play)",
        description="The search runs here; Ray actors prove the couples it posts "
        "(misère play: the positions after the first move).",
    )
    p.add_argument("target", nargs="?", metavar="POSITION|GAME", help="a position or a game, in any notation")
    p.add_argument("--spots", type=int, metavar="N", help="the start with N spots")
    p.add_argument("--misere", action="store_true", help="misère play (the last player to move loses)")
    p.add_argument("--workers", type=int, default=2, metavar="K", help="Ray actors proving jobs (default 2)")
    p.add_argument("--address", metavar="ADDR", help="a running Ray cluster (default: start a local one)")
    p.add_argument("--db", metavar="PATH", help="the master's database (sprouts solve --db)")
    p.add_argument("--num-cpus", type=int, metavar="N", help="CPUs of a local cluster (default: K)")
    p.add_argument("--slice", type=float, default=0.01, metavar="S", help="seconds per call to an actor (default 0.01)")
    p.add_argument("--table-mib", type=int, default=256, metavar="M", help="each actor's table budget (default 256)")
    p.add_argument("--every", type=float, default=5.0, metavar="S", help="seconds between progress lines (default 5)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.add_argument(
        "--design",
        choices=("posted", "tree"),
        default="posted",
        help="posted couples (default) or the master tree of jobs (docs/ray.md#scaling)",
    )
    p.add_argument("--job", type=int, default=20000, metavar="J", help="positions per job, tree design (default 20000)")
    args = parser.parse_args(argv)
    if (args.spots is None) == (args.target is None):
        parser.error("give --spots N or a position or game, not both")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.spots is not None:
        target = sprouts.Position.start(args.spots, misere=args.misere)
    else:
        target = args.target
    if not args.quiet:
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    try:
        s = sprouts.ray.solve(
            target,
            workers=args.workers,
            address=args.address,
            db=args.db,
            slice=args.slice,
            table_mib=args.table_mib,
            every=args.every,
            quiet=args.quiet,
            num_cpus=args.num_cpus,
            misere=args.misere and args.spots is None,
            design=args.design,
            job=args.job,
        )
    except (sprouts.Error, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted (proved results are kept in the database, if one was given)", file=sys.stderr)
        return 130
    print(f"outcome\t{s.outcome} for the player to move ({s.variant})")
    if s.nimber is not None:
        print(f"nimber\t{s.nimber}")
    print(f"seconds\t{s.seconds:.3f}")
    print(f"searched\t{s.searched}")
    print(f"workers searched\t{s.cost.worker_searched}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
