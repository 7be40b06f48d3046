#!/usr/bin/env python3
"""Run the fuzz suite: many seeded hostile calls in worker processes, judged by the oracle.

    python fuzz/run.py --cases 100000 --workers 2 --seed 1 --timeout 10 [--entry NAME]...
    python fuzz/run.py --replay ENTRY:SEED          # one case, in this process, with traceback
    python fuzz/run.py --list                       # the entry points

Case ``k`` of a run calls entry point ``entries[k % len(entries)]`` with the seed
``seed * 10**9 + k``. Each worker runs a share of the cases in a loop and reports through a
pipe: "S k" before case k, "R k {outcome}" after it. A worker that dies during a case (a
signal: segfault, abort; or any exit) is recorded as a CRASH of that case and replaced by a new
worker starting at its next case; a case running past ``--timeout`` seconds is a HANG (the
worker's whole process group is killed and replaced). Workers run under an address-space limit
(``--memory``, 4 GiB by default) so that runaway allocation is a MemoryError, not a dead
machine.

The summary line reads ``fuzz: N cases, C crashes, H hangs, U unclear errors in S s``; U counts
every other finding (UNCLEAR, ACCEPTED, REJECTED, MISMATCH). The exit status is 1 when
anything was found.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import select
import signal
import subprocess
import sys
import time
import traceback
from typing import Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
SEED_STRIDE = 10**9
#: The longest line a worker reports (a finding's call, message and traceback are shortened).
MAX_REPORT_LINE = 1 << 20
#: The parent's own address-space limit: what it keeps is small, and a runaway in it must be a
#: MemoryError here, not the machine's memory (it is shared).
PARENT_MEMORY = 2 << 30


def _import_fuzz():
    """cases (a package) and oracle, imported from this folder (fuzz/ is not a package)."""
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    import cases    # noqa: E402
    import oracle   # noqa: E402
    return cases, oracle


# --- running one case ------------------------------------------------------------------------

def run_case(cases, oracle, entry: str, seed: int):
    """Build and run one case here; returns (outcome, case text, traceback text)."""
    try:
        case = cases.build(entry, seed)
    except Exception as error:   # the generator itself failed: a bug of the fuzzer
        return (oracle.Outcome("FUZZER", type(error).__name__, oracle.short(str(error))),
                f"build({entry!r}, {seed})", traceback.format_exc())
    error: Optional[BaseException] = None
    result = None
    sink = io.StringIO()
    old_out, old_err = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = sink     # bots and commands may print
    try:
        result = case.thunk()
    except BaseException as caught:    # noqa: B902 - SystemExit, KeyboardInterrupt too
        if isinstance(caught, KeyboardInterrupt) and not case.cli:
            raise
        error = caught
    finally:
        sys.stdout, sys.stderr = old_out, old_err
    tb = "".join(traceback.format_exception(type(error), error, error.__traceback__)) \
        if error is not None else ""
    if case.cli:
        outcome = oracle.judge_cli(result, error)
    else:
        outcome = oracle.judge(error, expect=case.expect, index_ok=case.index_ok,
                               mismatch_type=cases.Mismatch)
    text = case.text + ("".join(f"  # {note}" for note in case.notes) if case.notes else "")
    del result, error
    return outcome, text, tb


def _limit_memory(limit: int, hard: bool = True) -> None:
    """Limit this process's address space to ``limit`` bytes (where the system lets it); a
    soft limit only (``hard=False``) leaves the children free to set their own."""
    import resource
    try:
        _soft, high = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit if hard else high))
    except (ValueError, OSError):
        pass


def worker_main(args) -> None:
    import faulthandler

    faulthandler.enable()
    _limit_memory(int(args.memory * 2**30))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
    cases, oracle = _import_fuzz()
    entries = args.entries.split(",")
    out = os.fdopen(args.fd, "w", buffering=1)
    for k in range(args.start, args.stop, args.step):
        entry = entries[k % len(entries)]
        seed = args.seed * SEED_STRIDE + k
        out.write(f"S {k}\n")
        out.flush()
        began = time.monotonic()
        outcome, text, tb = run_case(cases, oracle, entry, seed)
        report = {"kind": outcome.kind, "error": outcome.error, "message": outcome.message,
                  "t": round(time.monotonic() - began, 4)}
        if outcome.is_finding:
            report["text"] = oracle.short(text, 600)
            report["tb"] = tb[-3000:]
        out.write(f"R {k} {json.dumps(report)}\n")
        out.flush()
    out.close()


# --- the parent ------------------------------------------------------------------------------

class Worker:
    def __init__(self, args, entries: List[str], start: int, step: int, index: int):
        self.start, self.step = start, step
        read_fd, write_fd = os.pipe()
        self.log_path = os.path.join(args.log_dir, f"worker{index}-{start}.log")
        self.log = open(self.log_path, "wb")
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--seed", str(args.seed),
               "--entries", ",".join(entries), "--start", str(start), "--step", str(step),
               "--stop", str(args.cases), "--fd", str(write_fd), "--memory", str(args.memory)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log, pass_fds=(write_fd,),
                                     start_new_session=True, cwd="/tmp")
        os.close(write_fd)
        self.fd = read_fd
        self.buffer = b""
        self.current: Optional[int] = None
        self.last: Optional[int] = None      # the case it reported last
        self.started_at = 0.0
        self.done = False

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        self.close()

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass
        self.log.close()
        # a worker's own children (simulate --workers) share its session
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class Findings:
    def __init__(self):
        self.groups: Dict[Tuple[str, ...], dict] = {}
        self.counts = {"cases": 0, "CRASH": 0, "HANG": 0, "UNCLEAR": 0, "FUZZER": 0}
        self.kinds: Dict[str, int] = {}
        self.seconds: Dict[str, float] = {}
        self.hangs: Dict[str, int] = {}

    def add(self, oracle, entry: str, seed: int, report: dict) -> None:
        self.counts["cases"] += 1
        kind = report["kind"]
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.seconds[entry] = self.seconds.get(entry, 0.0) + report.get("t", 0.0)
        if kind in ("OK", "CLEAR"):
            return
        if kind == "HANG":
            self.hangs[entry] = self.hangs.get(entry, 0) + 1
        if kind in ("CRASH", "HANG", "FUZZER"):
            self.counts[kind] += 1
            key = (entry, kind, report.get("error", ""), oracle.pattern(report["text"])[:48])
        else:
            self.counts["UNCLEAR"] += 1
            key = (entry, kind, report.get("error", ""), oracle.pattern(report["message"]))
        group = self.groups.get(key)
        if group is None:
            self.groups[key] = group = {
                "entry": entry, "outcome": kind, "error": report.get("error", ""),
                "pattern": key[3], "message": report.get("message", ""), "count": 0,
                "replay": f"{entry}:{seed}", "call": report.get("text", ""),
                "traceback": report.get("tb", "")}
        group["count"] += 1


def describe(cases, entry: str, seed: int) -> str:
    try:
        return cases.build(entry, seed).text
    except Exception as error:
        return f"<cannot rebuild: {error!r}>"


def parent_main(args) -> int:
    _limit_memory(PARENT_MEMORY, hard=False)
    cases, oracle = _import_fuzz()
    entries = args.entry or cases.entry_names()
    unknown = [e for e in entries if e not in cases.ENTRIES]
    if unknown:
        print(f"unknown entry point(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    os.makedirs(args.log_dir, exist_ok=True)
    findings = Findings()
    workers: List[Worker] = []
    spawned = 0
    for i in range(min(args.workers, args.cases)):
        workers.append(Worker(args, entries, i, args.workers, spawned))
        spawned += 1
    began = time.monotonic()
    last_progress = began

    def on_term(signum, frame):   # stop early, still with a summary of the cases run
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, on_term)

    def limit_of(worker: Worker) -> float:
        """The timeout of the worker's case: shorter once its entry point has hung often."""
        entry = entries[worker.current % len(entries)] if worker.current is not None else ""
        if findings.hangs.get(entry, 0) >= args.hang_budget:
            return min(args.timeout, args.short_timeout)
        return args.timeout
    tty = sys.stderr.isatty()

    def replace(worker: Worker, next_case: int) -> None:
        nonlocal spawned
        workers.remove(worker)
        if next_case < args.cases:
            workers.append(Worker(args, entries, next_case, worker.step, spawned))
            spawned += 1

    def finish_case(worker: Worker, kind: str, detail: str) -> None:
        k = worker.current
        assert k is not None
        entry = entries[k % len(entries)]
        seed = args.seed * SEED_STRIDE + k
        text = describe(cases, entry, seed)
        findings.add(oracle, entry, seed, {"kind": kind, "error": detail, "message": detail,
                                           "text": text, "tb": _log_tail(worker.log_path),
                                           "t": time.monotonic() - worker.started_at})
        if not tty and not args.quiet:
            print(f"{kind} {entry}:{seed} {detail}: {oracle.short(text, 200)}", file=sys.stderr)

    try:
        while workers:
            now = time.monotonic()
            timeout = 0.5
            for w in workers:
                if w.current is not None:
                    timeout = min(timeout, max(0.0, w.started_at + limit_of(w) - now))
            ready, _, _ = select.select([w.fd for w in workers], [], [], timeout)
            now = time.monotonic()
            for w in list(workers):
                if w.fd in ready:
                    chunk = os.read(w.fd, 65536)
                    if chunk and len(w.buffer) + len(chunk) > MAX_REPORT_LINE:
                        # no report is this long: the case wrote into the pipe itself
                        garbage = (w.buffer + chunk)[-300:]
                        w.kill()
                        if w.current is None:   # between cases: blame the next one
                            w.current = w.start if w.last is None else w.last + w.step
                        finish_case(w, "CRASH", f"wrote into the report pipe: {garbage!r}")
                        replace(w, w.current + w.step)
                        continue
                    if chunk:
                        w.buffer += chunk
                        while b"\n" in w.buffer:
                            line, w.buffer = w.buffer.split(b"\n", 1)
                            tag, k_text, *rest = line.decode().split(" ", 2)
                            k = int(k_text)
                            if tag == "S":
                                w.current, w.started_at = k, time.monotonic()
                            else:
                                entry = entries[k % len(entries)]
                                report = json.loads(rest[0])
                                findings.add(oracle, entry, args.seed * SEED_STRIDE + k, report)
                                w.current, w.last = None, k
                                if report["kind"] not in ("OK", "CLEAR") and not tty \
                                        and not args.quiet:
                                    print(f"{report['kind']} {entry}:"
                                          f"{args.seed * SEED_STRIDE + k} {report['error']}: "
                                          f"{oracle.short(report['message'], 160)}",
                                          file=sys.stderr)
                    else:   # the worker closed its pipe: it ended or died
                        status = w.proc.wait()
                        if w.current is not None:
                            detail = (f"signal {signal.Signals(-status).name}" if status < 0
                                      else f"exit status {status}")
                            finish_case(w, "CRASH", detail)
                            nxt = w.current + w.step
                            w.close()
                            replace(w, nxt)
                        else:
                            w.close()
                            workers.remove(w)
                    continue
                if w.current is not None and now - w.started_at > limit_of(w):
                    w.kill()
                    finish_case(w, "HANG", f"over {limit_of(w):g} s")
                    replace(w, w.current + w.step)
            if now - last_progress > (0.5 if tty else args.progress):
                last_progress = now
                done = findings.counts["cases"]
                rate = done / max(now - began, 1e-9)
                print(f"{'' if not tty else chr(13)}{done:,}/{args.cases:,} cases, "
                      f"{rate:,.0f} cases/s, "
                      f"{findings.counts['CRASH']} crashes, {findings.counts['HANG']} hangs, "
                      f"{findings.counts['UNCLEAR']} unclear   ", end="" if tty else "\n",
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        for w in workers:
            w.kill()
        print(f"\ninterrupted after {findings.counts['cases']} cases", file=sys.stderr)
    elapsed = time.monotonic() - began
    if tty:
        print(file=sys.stderr)
    report_findings(findings, elapsed, args)
    c = findings.counts
    return 1 if c["CRASH"] or c["HANG"] or c["UNCLEAR"] else 0


def _log_tail(path: str) -> str:
    """The last 3000 bytes of a worker's log (read from its end: a log may be huge)."""
    try:
        with open(path, "rb") as f:
            f.seek(max(0, os.path.getsize(path) - 3000))
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def report_findings(findings: Findings, elapsed: float, args) -> None:
    c = findings.counts
    groups = sorted(findings.groups.values(),
                    key=lambda g: (g["outcome"] not in ("CRASH", "HANG"), g["entry"],
                                   g["outcome"], g["error"], g["pattern"]))
    for g in groups:
        print(f"{g['outcome']:8} {g['entry']:24} {g['error'] or '-':18} x{g['count']:<6} "
              f"{g['replay']}\n    message: {g['message'][:300]}\n    call: {g['call'][:300]}")
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(findings.kinds.items()))
    print(f"outcomes: {kinds}")
    slow = sorted(findings.seconds.items(), key=lambda item: -item[1])[:8]
    print("slowest entry points: " + ", ".join(f"{e} {t:.0f} s" for e, t in slow))
    if c["FUZZER"]:
        print(f"{c['FUZZER']} cases could not be built (FUZZER: a bug of the generators)")
    print(f"{len(groups)} distinct findings")
    print(f"fuzz: {c['cases']} cases, {c['CRASH']} crashes, {c['HANG']} hangs, "
          f"{c['UNCLEAR']} unclear errors in {elapsed:.0f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": {"cases": c["cases"], "crashes": c["CRASH"],
                                   "hangs": c["HANG"], "unclear": c["UNCLEAR"],
                                   "fuzzer_errors": c["FUZZER"],
                                   "seconds": round(elapsed, 1), "seed": args.seed,
                                   "outcomes": findings.kinds},
                       "findings": groups}, f, indent=1)


def replay_main(args) -> int:
    import faulthandler

    faulthandler.enable()
    cases, oracle = _import_fuzz()
    entry, _, seed_text = args.replay.rpartition(":")
    seed = int(seed_text)
    case = cases.build(entry, seed)
    print(f"case {entry}:{seed}\ncall: {case.text}")
    for note in case.notes:
        print(f"note: {note}")
    began = time.monotonic()
    outcome, _text, tb = run_case(cases, oracle, entry, seed)
    print(f"outcome: {outcome.kind} {outcome.error} {outcome.message}".rstrip()
          + f"  ({time.monotonic() - began:.3f} s)")
    if tb and outcome.is_finding:
        print(tb, end="")
    return 1 if outcome.is_finding else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--hang-budget", type=int, default=3,
                        help="after this many hangs of an entry point, its cases get "
                             "--short-timeout (default 3)")
    parser.add_argument("--short-timeout", type=float, default=1.0)
    parser.add_argument("--memory", type=float, default=4.0, help="GiB per worker")
    parser.add_argument("--entry", action="append", help="only this entry point (repeatable)")
    parser.add_argument("--json", help="write the findings to this file")
    parser.add_argument("--replay", metavar="ENTRY:SEED", help="run one case here and explain")
    parser.add_argument("--list", action="store_true", help="list the entry points")
    parser.add_argument("--quiet", action="store_true", help="no line per finding")
    parser.add_argument("--progress", type=float, default=30.0,
                        help="seconds between progress lines when stderr is no terminal")
    parser.add_argument("--log-dir", default=os.path.join("/tmp", f"ddz-fuzz-{os.getpid()}"))
    # the worker side
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--entries", help=argparse.SUPPRESS)
    parser.add_argument("--start", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--step", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--fd", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker_main(args)
        return 0
    if args.list:
        cases, _ = _import_fuzz()
        print("\n".join(cases.entry_names()))
        return 0
    if args.replay:
        return replay_main(args)
    return parent_main(args)


if __name__ == "__main__":
    sys.exit(main())
