"""``ddz-fast play`` driven through a pipe, as a person at a terminal would."""
from __future__ import annotations

import os
import select
import subprocess
import sys
from typing import Optional

from ddz_fast.cli.play import PROMPT
from support.subprocesses import SUBPROCESS_CWD


class PipedGame:
    """``ddz-fast play`` in a subprocess, read up to each prompt and answered line by line."""

    def __init__(self, *args: str, timeout: float = 60) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ddz_fast", "play", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=SUBPROCESS_CWD)
        self.timeout = timeout
        self.transcript = ""

    def read_to_prompt(self) -> Optional[str]:
        """Output up to the next prompt; None when the program ended instead."""
        chunk = b""
        while not chunk.endswith(PROMPT.encode()):
            ready, _, _ = select.select([self.process.stdout], [], [], self.timeout)
            assert ready, f"no prompt within {self.timeout} s:\n{self.transcript}"
            data = os.read(self.process.stdout.fileno(), 65536)
            if not data:
                self.transcript += chunk.decode()
                return None
            chunk += data
        self.transcript += chunk.decode()
        return chunk.decode()

    def answer(self, line: str) -> None:
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()

    def finish(self) -> subprocess.CompletedProcess:
        self.process.stdin.close()
        stderr = self.process.stderr.read().decode()
        self.process.wait(self.timeout)
        self.process.stdout.close()
        self.process.stderr.close()
        return subprocess.CompletedProcess(self.process.args, self.process.returncode,
                                           self.transcript, stderr)
