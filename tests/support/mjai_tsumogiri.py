"""A small mjai bot for the tests, run as a separate process: it reads JSON arrays of
events, one per line, and answers each line with one action: the tile it just drew
(tsumogiri) when it has one to discard, else ``none``. It never calls, wins or declares.

    python mjai_tsumogiri.py [--mode good|slow|crash|hang|illegal|garbage] [--after N]
                             [--log FILE]

``--mode`` misbehaves after ``--after`` answers (slow: takes 0.3 s an answer; crash:
exits; hang: never answers;
illegal: discards a tile it does not hold; garbage: answers something that is not
JSON). ``--log FILE`` appends every line received, for the tests to read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="good")
    ap.add_argument("--after", type=int, default=0)
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    me = -1
    drawn: str | None = None
    answered = 0
    for line in sys.stdin:
        if args.log:
            with open(args.log, "a", encoding="utf-8") as f:
                f.write(line)
        for e in json.loads(line):
            kind = e["type"]
            if kind == "start_game":
                me = e["id"]
            elif kind == "tsumo" and e["actor"] == me:
                drawn = e["pai"]
            elif (kind == "dahai" and e["actor"] == me) or kind in ("start_kyoku", "end_kyoku"):
                drawn = None
        if args.mode != "good" and answered >= args.after:
            if args.mode == "crash":
                sys.exit(3)
            if args.mode == "hang":
                time.sleep(3600)
            if args.mode == "slow":
                time.sleep(0.3)
            if args.mode == "garbage":
                print("this is not json", flush=True)
                continue
            if args.mode == "illegal" and drawn is not None:
                print(json.dumps({"type": "dahai", "actor": me, "pai": "C", "tsumogiri": False}))
                sys.stdout.flush()
                continue
        if drawn is not None:
            answer = {"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}
        else:
            answer = {"type": "none"}
        print(json.dumps(answer), flush=True)
        answered += 1


if __name__ == "__main__":
    main()
