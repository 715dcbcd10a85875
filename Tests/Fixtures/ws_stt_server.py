#!/usr/bin/env python3
"""Fake streaming speech-to-text servers for voicesh's tests and benchmark.

Debian's python3-websockets (10.x). Every behaviour follows stt-protocols.md: Part A2 (the
generic "voicesh stream v1" protocol), A3 (token proxy), B1 (AssemblyAI v3, checklist B1.11)
and B2 (Deepgram, checklist B2.8). Comments cite the section.

    python3 ws_stt_server.py --provider assemblyai|deepgram|generic [--text "git status"]
        [--api-key KEY] [--proxy ok|reject|expired] [--token-redirect URL] [--log FILE] [--port 0]
        [--lifetime 120]
        [--close-after SECONDS --close-code N --close-reason TEXT] [--drop-at 10,30,...]
        [--drop-every FRAMES] [--max-drops N] [--no-resume] [--expect-wav FILE] [--idle-timeout 10]
        [--format-turns-twice] [--final-delay SECONDS] [--tls-cert CERT.pem --tls-key KEY.pem]
        [--replay FILE] [--replay-error N] [--stall-at SECONDS --stall-for SECONDS]
        [--ping-interval SECONDS] [--word-confidence "word=0.3,*=0.9"]

It listens on 127.0.0.1 (or ::1, `--listen`) only, prints the port alone on the first stdout line, serves until
--lifetime seconds have passed, and exits by itself. With --tls-cert and --tls-key the port
speaks TLS (wss:// and https://, Python's ssl module). One port serves everything:
  /v3/ws            AssemblyAI streaming (B1)      /v3/token        AssemblyAI token (B1.3, GET)
  /v1/listen        Deepgram streaming (B2)        /v1/auth/grant   Deepgram grant (B2.3, POST)
  any other path    the generic protocol (A2)      /token           the token proxy (A3, POST)

Authentication is required when --api-key or --proxy is given: the key itself (AssemblyAI raw
`Authorization`, Deepgram `Token`, generic `Bearer`), or a token this server issued (single use,
for AssemblyAI in `?token=` or `Authorization`; Deepgram `Bearer`; generic `Bearer`).
--proxy expired issues tokens that are refused when used. --token-redirect URL answers every
token request with a 307 to URL.

Scripted speech: --text's words are revealed one per 300 ms of audio received; " | " splits it
into turns (AssemblyAI turns, Deepgram utterances, generic final transcripts).

--log FILE appends one JSON object per line: connections (path, query, headers), every binary
frame (bytes, monotonic time), every text frame, close codes, violations of the protocol by
the client, token requests, generic segments (with duplicates) and each session's audio.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import http
import json
import os
import re
import socket
import ssl
import sys
import time
import uuid
from urllib.parse import parse_qs, urlsplit

import websockets
from websockets.datastructures import Headers
from websockets.legacy.server import WebSocketServerProtocol

RATE = 16000
BYTES_PER_SECOND = RATE * 2

ARGS: argparse.Namespace
LOG = None
TOKENS: dict[str, bool] = {}       # issued token -> still valid
FRAME_COUNT = 0                    # binary frames received by the process (for --drop-at)
SESSIONS: dict[str, dict] = {}     # generic sessions


def log(**event):
    event.setdefault("t", time.monotonic())
    if LOG:
        LOG.write(json.dumps(event) + "\n")
        LOG.flush()


def issue_token() -> str:
    token = "tok-" + uuid.uuid4().hex
    TOKENS[token] = ARGS.proxy != "expired"
    return token


def check_token(token: str | None) -> bool:
    if not token or token not in TOKENS:
        return False
    valid = TOKENS[token]
    if ARGS.provider == "assemblyai":
        TOKENS[token] = False          # single use (B1.3)
    return valid


def auth_required() -> bool:
    return bool(ARGS.api_key or ARGS.proxy)


def word_confidence(word: str, default: float) -> float:
    """--word-confidence "status=0.3,*=0.2": how sure the provider says it is of a word (the
    providers' word `confidence`, 0-1, B1.6 and B2.5). A low one everywhere is how a provider
    answers noise it misheard as words."""
    table = dict(item.split("=", 1) for item in (ARGS.word_confidence or "").split(",") if "=" in item)
    value = table.get(word, table.get("*"))
    return float(value) if value is not None else default


def words_of(text: str) -> list[list[str]]:
    return [turn.split() for turn in text.split(" | ")]


class Protocol(WebSocketServerProtocol):
    """Reads the request itself, so plain HTTP POSTs (token endpoints) reach process_request."""

    async def read_http_request(self):
        line = await self.reader.readline()
        try:
            method, path, _ = line.decode().split(" ", 2)
        except ValueError as exc:
            raise websockets.exceptions.InvalidMessage("bad request line") from exc
        headers = Headers()
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, value = line.decode().split(":", 1)
            headers[name.strip()] = value.strip()
        length = int(headers.get("Content-Length", "0") or 0)
        self.http_method = method
        self.http_body = await self.reader.readexactly(length) if length else b""
        self.path, self.request_headers = path, headers
        return path, headers

    async def process_request(self, path, headers):
        url = urlsplit(path)
        query = {k: v for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        lowered = {k.lower(): v for k, v in headers.raw_items()}
        if url.path in ("/token", "/v3/token", "/v1/auth/grant"):
            return token_endpoint(self.http_method, url.path, query, lowered)
        log(event="connect", path=url.path, query=query, headers=lowered)
        if self.http_method != "GET":
            return json_response(405, {"error": "method not allowed"})
        if ARGS.provider == "deepgram":
            return deepgram_handshake(url.path, query, lowered)
        if ARGS.provider == "generic" and auth_required():
            auth = lowered.get("authorization", "")
            secret = auth[7:] if auth.lower().startswith("bearer ") else None
            if not (secret and (secret == ARGS.api_key or check_token(secret))):
                log(event="refused", reason="generic auth")
                return json_response(401, {"error": "unauthorized"})
        if ARGS.provider == "assemblyai" and url.path != "/v3/ws":
            return json_response(404, {"error": "not found"})
        return None


def json_response(status: int, body: dict, extra: list | None = None):
    return (http.HTTPStatus(status), [("Content-Type", "application/json")] + (extra or []),
            json.dumps(body).encode())


def token_endpoint(method: str, path: str, query: dict, headers: dict):
    auth = headers.get("authorization", "")
    log(event="token_request", method=method, path=path, query=query)
    if ARGS.token_redirect:
        return (http.HTTPStatus(307), [("Location", ARGS.token_redirect)], b"")
    if path == "/token":                                  # A3: POST -> {"token", "expires_in"}
        if method != "POST":
            return json_response(405, {"error": "POST only"})
        if ARGS.proxy == "reject":
            return json_response(401, {"error": "not signed in"})
        return json_response(200, {"token": issue_token(), "expires_in": 600})
    if path == "/v3/token":                               # B1.3: GET, raw key, 1..600 s
        if method != "GET":
            return json_response(405, {"error": "Method Not Allowed"})
        if auth != ARGS.api_key:
            return json_response(401, {"error": "Invalid API key"})
        expires = query.get("expires_in_seconds", [""])[0]
        if not expires.isdigit() or not 1 <= int(expires) <= 600:
            return json_response(400, {"error": "expires_in_seconds must be between 1 and 600"})
        return json_response(200, {"token": issue_token(), "expires_in_seconds": int(expires)})
    # B2.3: POST with `Token <key>` -> {"access_token", "expires_in"}
    if method != "POST":
        return json_response(405, {"err_code": "METHOD_NOT_ALLOWED"})
    scheme, _, key = auth.partition(" ")
    if scheme.lower() != "token" or key != ARGS.api_key:
        return json_response(401, {"err_code": "INVALID_AUTH", "err_msg": "Invalid credentials."})
    if ARGS.key_role != "member":   # B2.3: the grant needs Member rights or above
        log(event="refused", reason="grant without member rights")
        return json_response(403, {"err_code": "FORBIDDEN",
                                   "err_msg": "Insufficient permissions to create a temporary token.",
                                   "request_id": str(uuid.uuid4())})
    return json_response(200, {"access_token": issue_token(), "expires_in": 30})


def deepgram_handshake(path: str, query: dict, headers: dict):
    """B2.2, B2.8 §1: auth by header (case-insensitive scheme) or subprotocol; HTTP 401 on failure."""
    if path != "/v1/listen":
        return json_response(404, {"err_code": "NOT_FOUND"})
    if auth_required():
        scheme, _, secret = headers.get("authorization", "").partition(" ")
        protocols = [p.strip() for p in headers.get("sec-websocket-protocol", "").split(",")]
        if not scheme and len(protocols) == 2:
            scheme, secret = protocols
        scheme = scheme.lower()
        ok = (scheme == "token" and secret == ARGS.api_key) or (scheme == "bearer" and check_token(secret))
        if not ok:
            log(event="refused", reason="deepgram auth")
            return json_response(401, {"err_code": "INVALID_AUTH", "err_msg": "Invalid credentials.",
                                       "request_id": str(uuid.uuid4())},
                                 [("dg-error", "Invalid credentials."), ("dg-request-id", str(uuid.uuid4()))])
    # The service refuses options a model does not have, at the handshake: keyterm is Nova-3
    # only (older models take `keywords`), and `language` is Deepgram's own code set.
    model = query.get("model", [""])[0]
    if "keyterm" in query and not model.startswith("nova-3"):
        log(event="refused", reason="keyterm on " + model)
        message = "Keyterm Prompting is only available for Nova-3 models."
        return json_response(400, {"err_code": "Bad Request", "err_msg": message},
                             [("dg-error", message), ("dg-request-id", str(uuid.uuid4()))])
    if "keywords" in query and model.startswith("nova-3"):
        log(event="refused", reason="keywords on " + model)
        message = "Keywords are not supported for Nova-3 models. Use Keyterm Prompting instead."
        return json_response(400, {"err_code": "Bad Request", "err_msg": message},
                             [("dg-error", message), ("dg-request-id", str(uuid.uuid4()))])
    language = query.get("language", ["en"])[0]
    if not re.fullmatch(r"[a-z]{2}(-[A-Z]{2}|-419)?|multi", language):
        log(event="refused", reason="language " + language)
        message = "No such model/language/tier combination found."
        return json_response(400, {"err_code": "Bad Request", "err_msg": message},
                             [("dg-error", message), ("dg-request-id", str(uuid.uuid4()))])
    return None


def recorded_messages(skip=("Begin", "Termination")):
    """The server's messages of the --replay file, in order: each file names its source."""
    with open(ARGS.replay) as f:
        messages = json.load(f)["messages"]
    return [m["message"] for m in messages
            if m.get("direction", "server") == "server" and m["message"].get("type") not in skip]


def violation(conn: int, what: str):
    log(event="violation", conn=conn, what=what)


def control_message(conn, message):
    """A text frame, logged, as a control message (a JSON object with a `type`); None, a
    violation logged, if it is not one."""
    log(event="text", conn=conn, message=message)
    try:
        control = json.loads(message)
        control["type"]
        return control
    except Exception:
        violation(conn, "text frame that is not a control message")
        return None


class Script:
    """The words revealed so far, one per --word-ms of audio."""

    def __init__(self):
        self.turns = words_of(ARGS.text)
        self.audio = 0.0

    def revealed(self) -> int:
        total = sum(len(t) for t in self.turns)
        return min(total, int(self.audio * 1000 / ARGS.word_ms))

    def split(self, count: int):
        """(turn index, words of that turn revealed) for the first `count` words."""
        out = []
        for i, turn in enumerate(self.turns):
            take = min(len(turn), count)
            out.append((i, turn[:take]))
            count -= take
        return out


async def close(ws, code: int, reason: str, conn: int):
    log(event="server_close", conn=conn, code=code, reason=reason)
    await ws.close(code, reason)


class Stall:
    """--stall-at/--stall-for: a network stall. The server stops reading the socket (with a small
    receive buffer), then reads again; from then on no 1 s window may carry more than
    LIMIT seconds of audio, or it closes with 3007 as AssemblyAI does for audio sent faster
    than real time (B1.5). LIMIT is 1 s plus what a client with small socket buffers may
    have in transit when reading resumes and this process's own scheduling.
    Why the small receive buffer: a stalled network holds only what is in flight (a
    congestion window) and the real service reads promptly, so the rest of a stall's audio
    waits at the client, where the client's socket buffers and queue decide how it comes out.
    With the default buffer (autotuned to megabytes) the stall would sit in this process's
    own kernel buffer, which no client controls and the service does not have."""
    LIMIT = 1.5

    def __init__(self):
        self.done = False
        self.frames = []           # (time, seconds of audio) since reading resumed
        self.window = 0.0

    def due(self, received: float) -> bool:
        return ARGS.stall_at is not None and not self.done and received >= ARGS.stall_at

    async def run(self, ws, conn: int):
        self.done = True
        log(event="stall", conn=conn, seconds=ARGS.stall_for)
        ws.transport.pause_reading()
        await asyncio.sleep(ARGS.stall_for)
        ws.transport.resume_reading()
        log(event="resume", conn=conn)

    def after_resume(self, seconds: float) -> bool:
        """Whether this frame breaks the rate."""
        if not self.done:
            return False
        now = time.monotonic()
        self.frames = [(t, a) for t, a in self.frames if t > now - 1.0] + [(now, seconds)]
        self.window = sum(a for _, a in self.frames)
        return self.window > self.LIMIT


# --- AssemblyAI v3 (B1) ---------------------------------------------------------------------

async def assemblyai(ws, conn: int, query: dict, headers: dict):
    if auth_required():
        token = query.get("token", [None])[0]
        auth = headers.get("authorization")
        ok = (auth is not None and (auth == ARGS.api_key or check_token(auth))) or check_token(token)
        if not ok:        # B1.11 §1
            return await close(ws, 1008, "Unauthorized Connection: Missing Authorization header", conn)
    # B1.4: always send speech_model; sample_rate and encoding for PCM.
    for key, want in (("sample_rate", "16000"), ("encoding", "pcm_s16le")):
        if query.get(key, [None])[0] != want:
            violation(conn, f"{key}={query.get(key)}")
            return await close(ws, 3006, f"Invalid Message: {key}", conn)
    if not query.get("speech_model"):
        violation(conn, "no speech_model")
        return await close(ws, 3006, "Invalid Message: speech_model is required", conn)
    if "keyterms_prompt" in query:
        try:
            terms = json.loads(query["keyterms_prompt"][0])
            assert isinstance(terms, list) and all(isinstance(t, str) for t in terms)
        except Exception:
            violation(conn, "keyterms_prompt is not a JSON array of strings")
            return await close(ws, 3006, "Invalid Message: keyterms_prompt", conn)
        # B1.4 [A8]: at most 100 keyterms of at most 50 characters. The service's exact reason
        # text is not documented; the code is its "invalid message" one.
        if len(terms) > 100 or any(len(t) > 50 for t in terms):
            violation(conn, "keyterms_prompt beyond 100 terms or 50 characters")
            return await close(ws, 3006, "Invalid Message: keyterms_prompt", conn)
    format_twice = ARGS.format_turns_twice or query.get("format_turns", ["false"])[0].lower() == "true"
    await ws.send(json.dumps({"type": "Begin", "id": str(uuid.uuid4()), "expires_at": int(time.time()) + 10800}))
    script, opened, ended = Script(), time.monotonic(), set()
    received = 0.0
    stall = Stall()

    async def turn(index: int, words: list[str], pending: str | None, end: bool, formatted: bool = False):
        text = " ".join(words)
        if formatted:
            text = text[:1].upper() + text[1:] + "."
        all_words = [{"start": 0, "end": 0, "text": w, "confidence": word_confidence(w, 0.9), "word_is_final": True}
                     for w in words]
        if pending:
            all_words.append({"start": 0, "end": 0, "text": pending, "confidence": word_confidence(pending, 0.5),
                              "word_is_final": False})
        await ws.send(json.dumps({
            "turn_order": index, "turn_is_formatted": formatted, "end_of_turn": end, "transcript": text,
            "end_of_turn_confidence": 0.5 if end else 0.01, "words": all_words,
            "utterance": text if end else "", "type": "Turn"}))

    async def end_turns(flush_all: bool):
        count = sum(len(t) for t in script.turns) if flush_all else script.revealed()
        for index, words in script.split(count):
            if words and index not in ended:
                ended.add(index)
                await turn(index, words, None, True)
                if format_twice:     # B1.6: a second, formatted end-of-turn message
                    await turn(index, words, None, True, formatted=True)

    async for message in ws:
        if isinstance(message, bytes):
            ms = len(message) * 1000 / BYTES_PER_SECOND
            log(event="binary", conn=conn, bytes=len(message))
            if not 50 <= ms <= 1000:                                  # B1.5
                return await close(ws, 3007, f"Input duration violation: {ms:.0f} ms. Expected between 50 and 1000 ms", conn)
            if ARGS.replay_error is not None:                        # a recorded Error, then its close
                recorded = json.load(open(ARGS.replay_error_file))["messages"]
                await ws.send(json.dumps(recorded["error_messages"][ARGS.replay_error]))
                close_after = recorded["close_after_error"]
                return await close(ws, close_after["code"], close_after["reason"], conn)
            received += ms / 1000
            elapsed = time.monotonic() - opened
            if received > elapsed + 0.5:                              # B1.5: real time only
                return await close(ws, 3007, f"Audio Transmission Rate Exceeded: Received {received:.1f} sec. audio in {elapsed:.1f} sec", conn)
            if stall.after_resume(ms / 1000):                         # B1.5 over any 1 s window
                return await close(ws, 3007, f"Audio Transmission Rate Exceeded: Received {stall.window:.1f} sec. audio in 1.0 sec", conn)
            if stall.due(received):
                await stall.run(ws, conn)
            before = script.revealed()
            script.audio = received
            now = script.revealed()
            if now != before and not ARGS.replay:
                for index, words in script.split(now):
                    if words and index not in ended:
                        # B1.6: transcript = finalized words; the newest word is not final yet
                        await turn(index, words[:-1], words[-1], False)
                        if len(words) == len(script.turns[index]) and index + 1 < len(script.turns):
                            ended.add(index)
                            await turn(index, words, None, True)
            if ARGS.close_after is not None and received >= ARGS.close_after:
                return await close(ws, ARGS.close_code, ARGS.close_reason, conn)
            if ARGS.expire_after is not None and received >= ARGS.expire_after:   # A5, A6
                await ws.send(json.dumps({"type": "Termination", "audio_duration_seconds": int(received),
                                          "session_duration_seconds": int(time.monotonic() - opened)}))
                return await close(ws, 3008, "Session Expired: Maximum session duration exceeded", conn)
            continue
        control = control_message(conn, message)
        if control is None:
            return await close(ws, 3006, "Invalid JSON: " + message[:40], conn)
        kind = control["type"]
        if kind == "ForceEndpoint":
            if not ARGS.replay:                                       # the recording has the turns
                await end_turns(flush_all=False)
        elif kind == "Terminate" and ARGS.replay:                      # a recorded sequence
            for recorded in recorded_messages():
                await ws.send(json.dumps(recorded))
            await ws.send(json.dumps({"type": "Termination", "audio_duration_seconds": int(received),
                                      "session_duration_seconds": int(time.monotonic() - opened)}))
            return await close(ws, 1000, "", conn)
        elif kind == "Terminate":                                     # B1.11 §7
            await asyncio.sleep(ARGS.final_delay)
            await end_turns(flush_all=True)
            await ws.send(json.dumps({"type": "Termination", "audio_duration_seconds": int(received),
                                      "session_duration_seconds": int(time.monotonic() - opened)}))
            return await close(ws, 1000, "", conn)
        elif kind in ("UpdateConfiguration", "KeepAlive"):
            pass
        else:
            violation(conn, f"unknown control message {kind}")
            return await close(ws, 3006, f"Invalid Message Type: {kind}", conn)


# --- Deepgram (B2) --------------------------------------------------------------------------

async def deepgram(ws, conn: int, query: dict, headers: dict):
    if "model" not in query:
        violation(conn, "no model")
    if query.get("encoding", [None])[0] and not query.get("sample_rate"):
        return await close(ws, 1008, "DATA-0000", conn)             # B2.8 §2
    for key, values in query.items():
        for value in values:
            if value in ("True", "False"):
                violation(conn, f"{key}={value}: booleans must be lowercase")   # B2.4
    interim = query.get("interim_results", ["false"])[0] == "true"
    script, received, last_data = Script(), 0.0, time.monotonic()
    finals_sent = 0          # words covered by is_final results
    utterance_start = 0

    def results(words: list[str], is_final: bool, speech_final: bool, from_finalize: bool = False):
        return json.dumps({
            "type": "Results", "channel_index": [0, 1], "duration": 0.3, "start": received,
            "is_final": is_final, "speech_final": speech_final, "from_finalize": from_finalize,
            "channel": {"alternatives": [{"transcript": " ".join(words), "confidence": round(
                sum(word_confidence(w, 0.95) for w in words) / len(words), 4) if words else 0.0, "words": [
                {"word": w, "start": 0.0, "end": 0.0, "confidence": word_confidence(w, 0.95), "punctuated_word": w}
                for w in words]}]},
            "metadata": {"request_id": str(uuid.uuid4()), "model_info": {"name": "fake", "version": "1", "arch": "fake"},
                         "model_uuid": str(uuid.uuid4())}})

    flat = [w for turn in script.turns for w in turn]
    boundaries = []
    total = 0
    for turn in script.turns:
        total += len(turn)
        boundaries.append(total)

    async def finalize(upto: int, from_finalize: bool):
        nonlocal finals_sent, utterance_start
        while finals_sent < upto:
            # finals of two words at most, speech_final at a turn's end (B2.5)
            end = min(upto, finals_sent + 2, next(b for b in boundaries if b > finals_sent))
            speech_final = end in boundaries
            await ws.send(results(flat[finals_sent:end], True, speech_final, from_finalize))
            finals_sent = end

    while True:
        try:
            message = await asyncio.wait_for(ws.recv(), timeout=ARGS.idle_timeout)
        except asyncio.TimeoutError:
            return await close(ws, 1011, "NET-0001", conn)            # B2.7: 10 s without data
        except websockets.ConnectionClosed:
            return
        if isinstance(message, bytes):
            log(event="binary", conn=conn, bytes=len(message))
            if len(message) == 0:
                violation(conn, "empty binary frame")                  # B2.1
                break
            if len(message) % 2:
                return await close(ws, 1008, "DATA-0000", conn)
            received += len(message) / BYTES_PER_SECOND
            before = script.revealed()
            script.audio = received
            now = script.revealed()
            if now != before and not ARGS.replay:
                if now - finals_sent >= 2 or now in boundaries:
                    await finalize(now, False)
                elif interim:
                    await ws.send(results(flat[finals_sent:now], False, False))
            if ARGS.close_after is not None and received >= ARGS.close_after:
                return await close(ws, ARGS.close_code, ARGS.close_reason, conn)
            if ARGS.expire_after is not None and received >= ARGS.expire_after:   # A5, A6
                await ws.send(json.dumps({"type": "Termination", "audio_duration_seconds": int(received),
                                          "session_duration_seconds": int(time.monotonic() - opened)}))
                return await close(ws, 3008, "Session Expired: Maximum session duration exceeded", conn)
            continue
        log(event="text", conn=conn, message=message)
        try:
            kind = json.loads(message)["type"]
        except Exception:
            violation(conn, "text frame that is not a control message")
            continue
        if kind == "KeepAlive":
            continue
        if kind == "Finalize" and ARGS.replay:
            continue                                                  # the recording has the finals
        if kind == "Finalize":
            await asyncio.sleep(ARGS.final_delay)
            await finalize(len(flat), True)
        elif kind == "CloseStream" and ARGS.replay:                   # a recorded sequence
            for recorded in recorded_messages(skip=("Metadata",)):
                await ws.send(json.dumps(recorded))
            return await close(ws, 1000, "", conn)
        elif kind == "CloseStream":
            break
        else:
            violation(conn, f"unknown control message {kind}")
    await finalize(len(flat), False)
    await ws.send(json.dumps({"type": "Metadata", "transaction_key": "deprecated", "request_id": str(uuid.uuid4()),
                              "sha256": "0" * 64, "created": "2024-08-29T22:37:55.202Z",
                              "duration": received, "channels": 1}))
    await close(ws, 1000, "", conn)


# --- Generic, voicesh stream v1 (A2) ----------------------------------------------------------

async def generic(ws, conn: int):
    global FRAME_COUNT
    session = None
    current = None       # the segment being received: dict(seq, start, end, data)
    while True:
        try:
            message = await ws.recv()
        except websockets.ConnectionClosed:
            return
        if isinstance(message, bytes):
            FRAME_COUNT += 1
            log(event="binary", conn=conn, bytes=len(message))
            if session is None or current is None:
                violation(conn, "audio before a segment message")
                continue
            current["data"] += message
            received = (current["start"] + len(current["data"]) / 2) / RATE     # seconds into the recording
            if ARGS.close_after is not None and received >= ARGS.close_after:
                return await close(ws, ARGS.close_code, ARGS.close_reason, conn)
            want = (current["end"] - current["start"]) * 2
            if len(current["data"]) > want:
                violation(conn, "a segment's frames carry more than (end - start) x 2 bytes")
            if len(current["data"]) >= want:
                await segment_complete(ws, conn, session, current)
                current = None
            if drop_now():
                log(event="drop", conn=conn, frames=FRAME_COUNT)
                ws.transport.abort()     # no close frame: the connection just dies
                return
            continue
        control = control_message(conn, message)
        if control is None:
            continue
        kind = control["type"]
        if kind == "start":
            for key, want in (("sampleRate", RATE), ("encoding", "pcm_s16le"), ("channels", 1)):
                if control.get(key) != want:
                    violation(conn, f"start {key}={control.get(key)}")
            session = SESSIONS.setdefault(control["sessionId"], {
                "id": control["sessionId"], "device": control.get("deviceId"), "next": 0, "audio": b"",
                "segments": [], "duplicates": 0, "gaps": 0, "words": 0, "finals": 0})
            await ws.send(json.dumps({"type": "started", "sessionId": session["id"]}))
        elif kind == "resume":
            known = SESSIONS.get(control.get("sessionId"))
            if ARGS.no_resume or known is None:
                await ws.send(json.dumps({"type": "error", "code": "resume_unsupported"}))
                continue
            session = known
            # The server's own copy decides where to resume (A2 §5).
            await ws.send(json.dumps({"type": "resumed", "resumeFrom": session["next"]}))
        elif kind == "segment":
            if session is None:
                violation(conn, "segment before start")
                continue
            if control.get("deviceId") != session["device"] or control.get("sampleRate") != RATE:
                violation(conn, "segment deviceId or sampleRate differs from start")
            if current is not None:
                violation(conn, f"segment {control.get('sequenceId')} began before segment {current['seq']} was whole")
            current = {"seq": control["sequenceId"], "start": control["startSampleIndex"],
                       "end": control["endSampleIndex"], "data": b""}
        elif kind == "end":
            if session is None:
                violation(conn, "end before start")
                continue
            await asyncio.sleep(ARGS.final_delay)
            await send_words(ws, session, final=True)
            digest = hashlib.sha256(session["audio"]).hexdigest()
            log(event="session_end", session=session["id"], bytes=len(session["audio"]), sha256=digest,
                matches=EXPECTED_SHA is not None and digest == EXPECTED_SHA, duplicates=session["duplicates"],
                gaps=session["gaps"], segments=len(session["segments"]))
            await ws.send(json.dumps({"type": "closed"}))
            return await close(ws, 1000, "", conn)
        else:
            violation(conn, f"unknown control message {kind}")


DROPS = 0


def drop_now() -> bool:
    global DROPS
    due = FRAME_COUNT in ARGS.drop_at or (bool(ARGS.drop_every) and FRAME_COUNT % ARGS.drop_every == 0)
    if due and (ARGS.max_drops is None or DROPS < ARGS.max_drops):
        DROPS += 1
        return True
    return False


async def segment_complete(ws, conn: int, session: dict, segment: dict):
    seq = segment["seq"]
    duplicate = seq < session["next"]
    gap = seq > session["next"]
    log(event="segment", conn=conn, session=session["id"], seq=seq, start=segment["start"], end=segment["end"],
        bytes=len(segment["data"]), duplicate=duplicate, gap=gap)
    if duplicate:
        session["duplicates"] += 1
    else:
        session["gaps"] += int(gap)
        session["next"] = seq + 1
        session["segments"].append((segment["start"], segment["end"]))
        session["audio"] += segment["data"]
    await ws.send(json.dumps({"type": "ack", "sequenceId": seq}))
    await send_words(ws, session, final=False)


async def send_words(ws, session: dict, final: bool):
    script = Script()
    script.audio = len(session["audio"]) / BYTES_PER_SECOND
    flat_turns = script.turns
    count = sum(len(t) for t in flat_turns) if final else script.revealed()
    for index, words in script.split(count):
        if index < session["finals"]:
            continue
        whole = len(words) == len(flat_turns[index])
        if words and (whole and (final or index + 1 < len(flat_turns))):
            await ws.send(json.dumps({"type": "transcript", "text": " ".join(words), "isFinal": True,
                                      "sequenceId": session["next"] - 1}))
            session["finals"] = index + 1
        elif words:
            await ws.send(json.dumps({"type": "transcript", "text": " ".join(words), "isFinal": False,
                                      "sequenceId": session["next"] - 1}))
            return


# --- main -----------------------------------------------------------------------------------

CONNECTIONS = 0
EXPECTED_SHA = None


async def handler(ws):
    global CONNECTIONS
    CONNECTIONS += 1
    conn = CONNECTIONS
    url = urlsplit(ws.path)
    query = parse_qs(url.query, keep_blank_values=True)
    headers = {k.lower(): v for k, v in ws.request_headers.raw_items()}
    try:
        if ARGS.provider == "assemblyai":
            await assemblyai(ws, conn, query, headers)
        elif ARGS.provider == "deepgram":
            await deepgram(ws, conn, query, headers)
        else:
            await generic(ws, conn)
    except websockets.ConnectionClosed:
        pass
    log(event="disconnect", conn=conn, code=ws.close_code, reason=ws.close_reason)


async def main():
    global EXPECTED_SHA
    if ARGS.expect_wav:
        data = open(ARGS.expect_wav, "rb").read()
        index = data.find(b"data")
        length = int.from_bytes(data[index + 4:index + 8], "little")
        EXPECTED_SHA = hashlib.sha256(data[index + 8:index + 8 + length]).hexdigest()
    tls = None
    if ARGS.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(ARGS.tls_cert, ARGS.tls_key)
    server = await websockets.serve(
        handler, ARGS.listen, ARGS.port, create_protocol=Protocol, max_size=4 * 1024 * 1024, ssl=tls,
        # Deepgram subprotocol auth (B2.2 §3): the scheme is echoed, never the key.
        subprotocols=["token", "bearer"], ping_interval=ARGS.ping_interval, ping_timeout=ARGS.ping_interval)
    if ARGS.stall_at is not None:
        # A small receive buffer (inherited by accepted sockets), so a stall soon blocks the client.
        for sock in server.sockets:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    port = server.sockets[0].getsockname()[1]
    print(port, flush=True)
    await asyncio.sleep(ARGS.lifetime)
    server.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--provider", choices=["assemblyai", "deepgram", "generic"], required=True)
    parser.add_argument("--text", default="git status")
    parser.add_argument("--word-ms", type=int, default=300)
    parser.add_argument("--word-confidence", help='assemblyai/deepgram: "word=0.3,*=0.9": each word\'s '
                        "confidence (default 0.9 AssemblyAI, 0.95 Deepgram)")
    parser.add_argument("--api-key")
    parser.add_argument("--proxy", choices=["ok", "reject", "expired"])
    parser.add_argument("--token-redirect", help="every token endpoint answers 307 to this URL "
                        "(a moved or hostile endpoint)")
    parser.add_argument("--key-role", choices=["member", "default"], default="member",
                        help="deepgram: a key below Member may stream but not mint tokens (403)")
    parser.add_argument("--log")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--listen", choices=["127.0.0.1", "::1"], default="127.0.0.1")
    parser.add_argument("--lifetime", type=float, default=120)
    parser.add_argument("--close-after", type=float)
    parser.add_argument("--expire-after", type=float, help="assemblyai: after this much audio the session "
                        "expires: Termination, then close 3008, as the service does at its maximum duration")
    parser.add_argument("--close-code", type=int, default=1011)
    parser.add_argument("--close-reason", default="")
    parser.add_argument("--drop-at", type=lambda s: {int(x) for x in s.split(",") if x}, default=set())
    parser.add_argument("--drop-every", type=int, default=0)
    parser.add_argument("--max-drops", type=int)
    parser.add_argument("--no-resume", action="store_true")
    parser.add_argument("--expect-wav")
    parser.add_argument("--idle-timeout", type=float, default=10)
    parser.add_argument("--format-turns-twice", action="store_true")
    parser.add_argument("--final-delay", type=float, default=0)
    parser.add_argument("--replay", help="assemblyai/deepgram: at the end of the stream, send the server "
                        "messages of this recorded sequence (Tests/Fixtures/recorded/*.json) instead of the script")
    parser.add_argument("--stall-at", type=float, help="assemblyai: after this much audio, stop reading for "
                        "--stall-for seconds, then hold the client to 1x over every 1 s window (3007 otherwise)")
    parser.add_argument("--stall-for", type=float, default=4.0)
    parser.add_argument("--ping-interval", type=float, help="ping the client this often and close with 1011 "
                        "when its pong does not arrive within as long again (websockets' keepalive)")
    parser.add_argument("--replay-error", type=int, help="assemblyai: on the first audio frame, send this "
                        "Error message of recorded/assemblyai_v3_errors.json (0-based), then the close recorded after it")
    parser.add_argument("--tls-cert", help="serve wss:// and https:// with this PEM certificate (chain) ...")
    parser.add_argument("--tls-key", help="... and this PEM private key")
    ARGS = parser.parse_args()
    ARGS.replay_error_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recorded",
                                          "assemblyai_v3_errors.json")
    if bool(ARGS.tls_cert) != bool(ARGS.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    ARGS.lifetime = min(ARGS.lifetime, 3600)
    LOG = open(ARGS.log, "a") if ARGS.log else None
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
