"""How sprouts.ray scales with the number of actors: solves the N-spot
start on one local Ray cluster (``--cpus`` CPUs, so actors beyond the real
cores are oversubscribed) with each number of actors in turn, and prints a
Markdown row per run (docs/ray.md).

    python crates/sprouts-py/bench/ray_scale.py --spots 14 --cpus 8 --workers 1 2 4 8
"""

import argparse
import logging

import ray

import sprouts
import sprouts.ray


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--spots", type=int, default=14)
    p.add_argument("--cpus", type=int, default=8)
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4, 8])
    args = p.parse_args()
    ray.init(
        num_cpus=args.cpus,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        log_to_driver=False,
        logging_level=logging.WARNING,
    )
    print(
        "| actors | wall s | outcome | expanded: master | workers | all | per worker "
        "| messages | results | bytes per result | driver's share of the wall |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for k in args.workers:
        s = sprouts.ray.solve(sprouts.Position.start(args.spots), workers=k, quiet=True)
        moved = s.bytes_to_workers + s.bytes_from_workers
        print(
            f"| {k} | {s.seconds:.1f} | {s.outcome} {s.nimber} | {s.searched:,} "
            f"| {s.worker_searched:,} | {s.searched + s.worker_searched:,} "
            f"| {s.worker_searched // k:,} | {s.messages:,} | {s.received:,} "
            f"| {moved / max(s.received, 1):.0f} | {s.master_seconds / s.seconds:.1%} |",
            flush=True,
        )
    ray.shutdown()


if __name__ == "__main__":
    main()
