"""A local OpenAI-compatible Chat Completions server that streams at once: the "local test
provider" the time-to-first-token benchmark measures Kindred against. It answers every
POST /v1/chat/completions with a streamed reply in OpenAI's wire format (role chunk, content
chunks, finish chunk, data: [DONE]). Standard library only.

Usage: python3 mock_llm.py PORT [pieces]
"""
import json, socket, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port = int(sys.argv[1])
pieces = int(sys.argv[2]) if len(sys.argv) > 2 else 20


def chunk(delta, finish=None):
    body = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1700000000, "model": "bench",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(body).encode() + b"\n\n"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        # Like production HTTP servers: no Nagle delay on small streamed writes. Without it a
        # kept-alive connection waits on the client's delayed ACK (40 ms) before each chunk.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        frames = [chunk({"role": "assistant", "content": ""})]
        frames += [chunk({"content": f"word{i} "}) for i in range(pieces)]
        frames += [chunk({}, "stop"), b"data: [DONE]\n\n"]
        for frame in frames:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(frame), frame))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client closing a kept-alive connection is routine, not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


Server(("127.0.0.1", port), Handler).serve_forever()
