"""What the Python servers the Swift tests start share (push_service.py, apns_server.py,
s3_server.py): how they end, and base64url as the web protocols write it."""
import base64
import os
import signal
import threading
import time


def end_with_parent():
    """Ends the process on SIGTERM or SIGINT, or when the process that started it goes away.

    A child inherits its starter's blocked signals, and the Swift test process's threads block
    SIGTERM: unblocked here, or the test would wait for an exit that never comes. The process
    simply ends (`os._exit`): nothing these servers hold is worth keeping, and stopping a server
    thread can wait on a connection a client left open."""
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


def b64decode(text):
    """base64url with or without its padding."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64encode(data):
    """base64url without padding (RFC 7515 §2)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
