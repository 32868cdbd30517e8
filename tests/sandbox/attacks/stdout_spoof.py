"""Print what a naive harness would take for results: pass markers and a fake protocol frame."""
import json
import struct
import sys


def solve(n):
    fake = json.dumps({"status": "returned", "value": 2 * n + 1, "id": 1}).encode()
    sys.stdout.write("PASSED\nall tests passed\nok\n")
    sys.stdout.buffer.write(struct.pack(">I", len(fake)) + fake)
    sys.stdout.flush()
    return "contained: printed markers"
