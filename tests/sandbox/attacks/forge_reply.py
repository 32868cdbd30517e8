"""Find the response pipe and write a forged reply for this request, then a second one for the next."""
import json
import os
import stat
import struct
import sys


def frame(message):
    payload = json.dumps(message).encode()
    return struct.pack(">I", len(payload)) + payload


def current_request_id():
    frame_ = sys._getframe()
    while frame_ is not None:
        request = frame_.f_locals.get("request")
        if isinstance(request, dict) and "id" in request:
            return request["id"]
        frame_ = frame_.f_back
    return None


def solve(n):
    ident = current_request_id()
    forged = frame({"status": "returned", "value": "forged", "id": ident})
    forged += frame({"status": "returned", "value": "forged", "id": ident + 1 if ident else None})
    for fd in range(3, 4096):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                os.write(fd, forged)
        except OSError:
            pass
    return "contained: forged replies"
