#!/usr/bin/env python3
"""A local OpenAI chat-completions endpoint for voicesh's intent tests, as strict as the real
one about what a request may hold. Standard library only.

    python3 chat_server.py [--mode ok|unauthorized|rate-limited|busy|error|slow|endless|prose|
                                   several-lines|hostile|length|not-chat|echo-key|echo-key-content|
                                   redirect]
        [--content JSON_TEXT] [--api-key KEY] [--retry-after SECONDS] [--delay SECONDS]
        [--log FILE] [--port 0] [--lifetime 120] [--listen 127.0.0.1] [--pace SECONDS] [--hold FILE]

It listens on 127.0.0.1 only (--listen: another address, inside a test's own network namespace), prints the port alone on the first stdout line, serves POST
/v1/chat/completions (one thread per connection) and exits after --lifetime seconds.

What it refuses, as OpenAI does (status 400 unless said, error body
{"error": {"message", "type", "param", "code"}}):
  another path (404), another method (405), a body that is not JSON, an unknown top-level
  argument ("Unrecognized request argument supplied"), no or a non-string model, messages
  missing or empty or with a role other than system/developer/user/assistant/tool or content
  that is not a string, temperature outside 0..2, max_tokens not a positive integer, stream
  not a boolean, a response_format that is not text/json_object/json_schema; for json_schema,
  a name outside [A-Za-z0-9_-]{1,64}, no schema object, and under "strict": true an object
  schema that does not list every property as required or allows additional properties.
  With --api-key, a request without "Authorization: Bearer KEY" is 401.

A request with "stream": true gets its answer as OpenAI streams it (server-sent events of
chat.completion.chunk objects, then "data: [DONE]"), --pace seconds between events; errors
are plain JSON bodies either way. With --hold FILE, a stream's last three events wait until
FILE exists (a test's client makes it when it has shown what came before).

Modes (after a request passes the checks):
  ok             200, the message content is --content (given several times: the Nth request
                 gets the Nth, and the last once they run out)
  unauthorized   401 whatever the key
  echo-key       401 whose message repeats the key the client sent, as OpenAI's does
  echo-key-content  200, a command and explanation that repeat the key the client sent
  redirect       307 to another address, with no body
  rate-limited   429 with Retry-After: --retry-after on the first request; a request before
                 that many seconds have passed gets 429 again, a later one is answered as ok
  busy           429 with Retry-After: --retry-after on every request
  error          500
  slow           waits --delay seconds, then as ok
  endless        200 with headers, then a body that never ends (a byte a second)
  prose          200, the content is a sentence of prose
  several-lines  200, the content's command has two lines
  hostile        200, the content's command and explanation are led by terminal escapes
  length         200, the content cut, finish_reason "length"
  not-chat       200 with a JSON body that is not a chat completion
  stream-error   a streamed answer that stops after a few characters with an error event
  stream-cut     a streamed answer whose body ends after a few characters (no finish, no [DONE])
Each request is logged as one JSON line: path, authorization (present or not), body.
"""
import argparse
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROLES = {"system", "developer", "user", "assistant", "tool"}
KNOWN = {"model", "messages", "temperature", "max_tokens", "max_completion_tokens", "stream", "response_format",
         "top_p", "n", "stop", "seed", "user", "frequency_penalty", "presence_penalty", "logprobs", "top_logprobs",
         "tools", "tool_choice", "stream_options"}
DEFAULT = '{"command": "du -sh /home", "explanation": "Disk usage of the home folder."}'


def problem(body):
    """Why OpenAI would refuse this request body, or None."""
    if not isinstance(body, dict):
        return "The request body must be a JSON object."
    for key in body:
        if key not in KNOWN:
            return "Unrecognized request argument supplied: %s" % key
    if not isinstance(body.get("model"), str) or not body["model"]:
        return "you must provide a model parameter"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "'messages' must contain at least one message"
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            return "Invalid value for 'messages[%d].role'" % i
        if not isinstance(m.get("content"), str):
            return "Invalid type for 'messages[%d].content': expected a string" % i
        if set(m) - {"role", "content", "name"}:
            return "Unrecognized key in 'messages[%d]'" % i
    t = body.get("temperature", 1)
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= 2:
        return "Invalid 'temperature': must be between 0 and 2"
    if "max_tokens" in body and (isinstance(body["max_tokens"], bool) or not isinstance(body["max_tokens"], int)
                                 or body["max_tokens"] < 1):
        return "Invalid 'max_tokens': must be a positive integer"
    if "stream" in body and not isinstance(body["stream"], bool):
        return "Invalid type for 'stream': expected a boolean"
    if "stream_options" in body and body.get("stream") is not True:
        return "The 'stream_options' parameter is only allowed when 'stream' is enabled."
    fmt = body.get("response_format")
    if fmt is not None:
        if not isinstance(fmt, dict) or fmt.get("type") not in ("text", "json_object", "json_schema"):
            return "Invalid 'response_format.type'"
        if fmt["type"] == "json_schema":
            spec = fmt.get("json_schema")
            if not isinstance(spec, dict) or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", str(spec.get("name", ""))):
                return "Invalid 'response_format.json_schema.name'"
            schema = spec.get("schema")
            if not isinstance(schema, dict):
                return "Missing 'response_format.json_schema.schema'"
            if spec.get("strict") is True:
                if schema.get("additionalProperties") is not False:
                    return "Invalid schema for response_format 'shell_command': 'additionalProperties' is required to be supplied and to be false"
                if set(schema.get("properties", {})) != set(schema.get("required", [])):
                    return "Invalid schema for response_format 'shell_command': 'required' is required to be supplied and to be an array including every key in properties"
    return None


def completion(model, content, finish="stop"):
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": None},
                         "logprobs": None, "finish_reason": finish}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}}


def chunks(model, content, finish="stop"):
    """The answer as OpenAI streams it: a first chunk with the role, the content a few
    characters at a time, an empty delta with the finish reason, then [DONE]."""
    def chunk(delta, reason=None):
        return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": int(time.time()),
                "model": model, "system_fingerprint": None,
                "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": reason}]}
    events = [chunk({"role": "assistant", "content": "", "refusal": None})]
    events += [chunk({"content": content[i:i + 4]}) for i in range(0, len(content), 4)]
    events.append(chunk({}, finish))
    return [b"data: " + json.dumps(e).encode() + b"\n\n" for e in events] + [b"data: [DONE]\n\n"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="ok")
    ap.add_argument("--content", action="append")
    ap.add_argument("--api-key")
    ap.add_argument("--retry-after", default="1")
    ap.add_argument("--delay", type=float, default=5)
    ap.add_argument("--pace", type=float, default=0, help="seconds between a stream's events")
    ap.add_argument("--hold", help="a stream's last three events wait until this file exists")
    ap.add_argument("--log")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--lifetime", type=float, default=120)
    args = ap.parse_args()
    contents = args.content or [DEFAULT]
    lock = threading.Lock()
    seen = {"requests": 0, "limited_until": 0.0}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def send(self, status, obj, headers=()):
            data = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for k, v in headers:
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

        def answer(self, body, content, finish="stop"):
            """200 with the answer: streamed as server-sent events when the request asks."""
            if body.get("stream") is not True:
                return self.send(200, completion(body["model"], content, finish))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            events = chunks(body["model"], content, finish)
            if args.mode == "stream-error":  # OpenAI's way: an error object as an event, then the end
                events = events[:3] + [b'data: {"error": {"message": "The server had an error while processing '
                                       b'your request.", "type": "server_error", "param": null, "code": null}}\n\n']
            elif args.mode == "stream-cut":  # the connection ends before the answer does
                events = events[:3]
            for index, event in enumerate(events):
                if args.hold and index == len(events) - 3:
                    # The answer's last characters wait until the client shows it has read the rest.
                    while not os.path.exists(args.hold):
                        time.sleep(0.02)
                self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
                self.wfile.flush()
                time.sleep(args.pace)
            self.wfile.write(b"0\r\n\r\n")

        def refuse(self, status, message, kind="invalid_request_error", code=None, headers=()):
            self.send(status, {"error": {"message": message, "type": kind, "param": None, "code": code}}, headers)

        def do_GET(self):
            self.refuse(405, "Method not allowed")

        def do_POST(self):
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            auth = self.headers.get("Authorization")
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            if args.log:
                with lock, open(args.log, "a") as f:
                    f.write(json.dumps({"path": self.path, "authorization": auth is not None,
                                        "content_type": self.headers.get("Content-Type"), "body": body}) + "\n")
            if self.path != "/v1/chat/completions":
                return self.refuse(404, "Invalid URL (POST %s)" % self.path, code="unknown_url")
            if args.api_key is not None and auth != "Bearer " + args.api_key:
                return self.refuse(401, "Incorrect API key provided. You can find your API key at "
                                        "https://platform.openai.com/account/api-keys.", code="invalid_api_key")
            if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json" or body is None:
                return self.refuse(400, "We could not parse the JSON body of your request.")
            why = problem(body)
            if why:
                return self.refuse(400, why)
            with lock:
                seen["requests"] += 1
                count = seen["requests"]
            mode, model = args.mode, body["model"]
            if mode == "unauthorized":
                return self.refuse(401, "Incorrect API key provided.", code="invalid_api_key")
            if mode == "echo-key":
                return self.refuse(401, "Incorrect API key provided: %s." % (auth or "")[7:], code="invalid_api_key")
            if mode == "redirect":
                self.send_response(307)
                self.send_header("Location", "http://127.0.0.1:9/v1/chat/completions")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if mode == "echo-key-content":
                key = (auth or "")[7:]
                return self.answer(body, json.dumps(
                    {"command": "echo %s" % key, "explanation": "Your key is %s, keep it safe." % key}))
            if mode == "rate-limited" and count == 1:
                seen["limited_until"] = time.time() + float(args.retry_after)
            if mode == "busy" or (mode == "rate-limited" and time.time() < seen["limited_until"]):
                return self.refuse(429, "Rate limit reached for requests", kind="requests",
                                   code="rate_limit_exceeded", headers=[("Retry-After", args.retry_after)])
            if mode == "error":
                return self.refuse(500, "The server had an error while processing your request.", kind="server_error")
            if mode == "slow":
                time.sleep(args.delay)
            if mode == "endless":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b"1\r\n \r\n")
                        self.wfile.flush()
                        time.sleep(1)
                except OSError:
                    return
            content = {
                "prose": "To see the disk usage of your home folder, you can use the du command with -sh.",
                "several-lines": json.dumps({"command": "cd /var/log\nls -la", "explanation": "Two steps."}),
                "hostile": json.dumps({"command": "\x1b]0;owned\x07du -sh \x1b[2J/home\x1b[31m",
                                       "explanation": "\x1b]52;c;cm0gLXJmIH4=\x07Disk \x9b31musage."}),
                "length": DEFAULT[:25],
            }.get(mode, contents[min(count, len(contents)) - 1])
            if mode == "not-chat":
                return self.send(200, {"object": "list", "data": []})
            self.answer(body, content, "length" if mode == "length" else "stop")

    server = ThreadingHTTPServer((args.listen, args.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Timer(args.lifetime, lambda: __import__("os")._exit(0)).start()
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
