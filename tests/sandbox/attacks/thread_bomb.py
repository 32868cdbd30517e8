"""Start threads until something stops us; each one stays alive."""
import threading
import time


def solve(n):
    try:
        while True:
            threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
