#!/usr/bin/env python3
"""Fake Whisper-style transcription servers for voicesh's tests.

Standard library only. Every behaviour follows stt-protocols.md (Part B, sections 3 and 4,
and the "Fake-server checklist" in 3.8); comments cite the section as "§3.5" etc.

    python3 stt_server.py --dialect openai|speaches|whisper.cpp|asr-webservice|transcribe
        [--mode ok|unauthorized|error|hang|malformed|hostile|hostile-text|hallucinate|repetition|bare|
                redirect|huge]
        [--text "git status"] [--silence-text TEXT] [--word-probability "word=0.3"] [--api-key KEY]
        [--log FILE] [--port 0] [--lifetime 120] [--path PATH] [--model NAME]
        [--file-field file] [--response-key text|transcript] [--error-key error|detail]
        [--malformed-kind auto|truncated|wrong-key|empty|invalid-utf8] [--verbose]
        [--tls-cert CERT.pem --tls-key KEY.pem]

It listens on 127.0.0.1 only, prints the port number alone on the first stdout line, then
serves (one thread per connection) until --lifetime seconds have passed, and exits by itself.
With --tls-cert and --tls-key it speaks HTTPS (Python's ssl module; the handshake runs in the
connection's thread, so a client that refuses the certificate does not stall the others).

Dialects and their real paths:
  openai          POST /v1/audio/transcriptions   the official API (§3.1–3.3)
  speaches        POST /v1/audio/transcriptions   speaches/faster-whisper-server (§3.6): FastAPI,
                                                  errors {"detail": ...}, bad key -> 403
  whisper.cpp     POST /inference, GET /health    whisper-server (§3.5)
  asr-webservice  POST /asr                       ahmetoner/whisper-asr-webservice (§4.1)
  transcribe      POST /transcribe                the ad-hoc FastAPI shape (§4.2)
--path serves the dialect at another path (e.g. whisper.cpp started with
--inference-path /v1/audio/transcriptions, or an ad-hoc server at /transcribe/).

Modes:
  ok            answer with --text
  unauthorized  every request is refused as unauthenticated (401; 403 for speaches, §3.6)
  error         500 with the dialect's error body (after the request passed validation)
  hang          read and validate the request, log it, then never answer (until --lifetime)
  malformed     200 with a body that is not valid for the dialect (--malformed-kind):
                  auto          truncated JSON for JSON formats, invalid UTF-8 for text formats
                  truncated     the JSON answer cut in half (sent with the usual content type)
                  wrong-key     valid JSON without the text key
                  empty         an empty body
                  invalid-utf8  bytes that are not UTF-8
  hostile       500 with the dialect's error body, every text in it led by terminal escapes:
                OSC 0 (window title), OSC 52 (clipboard write), CSI (clear screen, colour)
                and an 8-bit CSI, as a hostile or compromised server would send
  hostile-text  200 with every text led by the same escapes
  hallucinate   whatever the audio, answer --silence-text as Whisper does on silence or noise:
                no_speech_prob 0.93, avg_logprob -1.32 on the segment, word probabilities 0.18
  repetition    --silence-text six times over, compression_ratio 2.91 (Whisper's repetition loop)
  bare          as ok, but no scores at all: segments without no_speech_prob, avg_logprob or
                compression_ratio, words without probability (then only the client's own
                voice-activity check can tell)
In every mode that answers text, audio below -60 dBFS RMS (silence) is answered like
hallucinate: real Whisper invents text on silence.
Validation runs in every mode except unauthorized, so a bad request always gets the dialect's
4xx, whatever the mode.

Audio: the file part must be a RIFF/WAVE file holding 16 kHz mono 16-bit PCM (what voicesh
sends). Real servers decode and resample other audio; this one refuses it with the dialect's
400 so a client that sends the wrong format is caught.

--log FILE appends one JSON object per request (one line each): method, path, query, headers
(lower-cased names), the multipart field names and non-file values, every file part (field,
filename, content type, byte length, parsed WAV format), the status answered (null when the
request was left hanging), and the reason for any refusal.
"""

from __future__ import annotations

import argparse
import email.message
import email.parser
import email.policy
import email.utils
import json
import math
import os
import re
import socketserver
import ssl
import struct
import threading
import time
import traceback
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, quote, urlsplit

MAX_BODY = 64 * 1024 * 1024            # hard cap on what this server reads
OPENAI_MAX_BODY = 25 * 1024 * 1024     # §3.1: "the maximum request size is 25 MiB" [O2]
MAX_LIFETIME = 3600.0
EXPECTED_WAV = {"sample_rate": 16000, "channels": 1, "bits": 16}

DEFAULT_PATH = {
    "openai": "/v1/audio/transcriptions",         # §3.1
    "speaches": "/v1/audio/transcriptions",       # §3.4, §3.6
    "whisper.cpp": "/inference",                  # §3.4, §3.5
    "asr-webservice": "/asr",                     # §4.1
    "transcribe": "/transcribe",                  # §4.2
}
SERVER_HEADER = {
    "openai": "openai-fake",
    "speaches": "uvicorn",
    "whisper.cpp": "whisper.cpp",
    "asr-webservice": "uvicorn",
    "transcribe": "uvicorn",
}
LANGUAGE_NAMES = {"en": "english", "de": "german", "fr": "french", "es": "spanish",
                  "it": "italian", "nl": "dutch", "pt": "portuguese", "ja": "japanese"}

HANG = object()   # a dialect returns this to leave the request unanswered
_log_lock = threading.Lock()


# ---------------------------------------------------------------------------------------------
# Requests and replies
# ---------------------------------------------------------------------------------------------

@dataclass
class Part:
    """One multipart/form-data part. A part with a filename is a file part."""
    name: str
    filename: str | None
    content_type: str | None
    data: bytes

    @property
    def is_file(self):
        return self.filename is not None

    @property
    def text(self):
        return self.data.decode("utf-8", "replace")


@dataclass
class Request:
    method: str
    path: str
    query: dict            # name -> [values]
    headers: dict          # lower-cased name -> value
    body: bytes
    content_type: str      # the bare media type, lower-cased; "" when absent
    boundary: str | None = None
    parts: list = field(default_factory=list)
    multipart_error: str | None = None

    def part(self, name):
        return next((p for p in self.parts if p.name == name), None)

    def file_part(self, name):
        """The part under `name` if it is a file part with a non-empty filename."""
        p = self.part(name)
        return p if p is not None and p.filename else None

    def field(self, name):
        """The first non-file value of `name`, or None."""
        return next((p.text for p in self.parts if p.name == name and not p.is_file), None)

    def field_values(self, name):
        return [p.text for p in self.parts if p.name == name and not p.is_file]

    def query_value(self, name, default=None):
        values = self.query.get(name)
        return values[0] if values else default


@dataclass
class Reply:
    status: int
    body: bytes = b""
    content_type: str | None = None
    headers: list = field(default_factory=list)
    chunked: bool = False          # Transfer-Encoding: chunked (Starlette StreamingResponse)
    reason: str | None = None      # why, for the log only; never sent


def json_reply(status, obj, *, indent=None, content_type="application/json", **kw):
    if indent:
        text = json.dumps(obj, indent=indent, ensure_ascii=False)
    else:
        text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    return Reply(status, text.encode("utf-8"), content_type, **kw)


def text_reply(status, text, content_type="text/plain; charset=utf-8", **kw):
    return Reply(status, text.encode("utf-8"), content_type, **kw)


def bearer_token(req):
    """The token of `Authorization: Bearer <token>` (scheme case-insensitive), or None."""
    value = req.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


# ---------------------------------------------------------------------------------------------
# multipart/form-data (RFC 7578) and Content-Type parsing
# ---------------------------------------------------------------------------------------------

class MultipartError(ValueError):
    pass


def parse_content_type(value):
    """'multipart/form-data; boundary="x"' -> ('multipart/form-data', {'boundary': 'x'})."""
    if not value:
        return "", {}
    mime = value.split(";", 1)[0].strip().lower()
    msg = email.message.Message()
    msg["content-type"] = value
    params = {}
    for key, val in (msg.get_params() or [])[1:]:
        params[key.lower()] = email.utils.collapse_rfc2231_value(val)
    return mime, params


def parse_multipart(body, boundary):
    """Split a multipart/form-data body into Parts. Raises MultipartError when it is broken:
    no opening delimiter, a part without a form-data Content-Disposition or a name, or no
    closing delimiter (--boundary--)."""
    delim = b"--" + boundary.encode("latin-1")
    if body.startswith(delim):
        pos = 0
    else:
        pos = body.find(b"\r\n" + delim)        # a preamble is allowed (RFC 2046 §5.1.1)
        if pos < 0:
            raise MultipartError("the body does not contain the boundary")
        pos += 2
    parts = []
    while True:
        pos += len(delim)
        if body[pos:pos + 2] == b"--":
            return parts                         # close delimiter
        eol = body.find(b"\r\n", pos)
        if eol < 0 or body[pos:eol].strip(b" \t"):
            raise MultipartError("a boundary line is not followed by CRLF")
        start = eol + 2
        end = body.find(b"\r\n" + delim, start)
        if end < 0:
            raise MultipartError("no closing boundary (--%s--)" % boundary)
        parts.append(_parse_part(body[start:end]))
        pos = end + 2


def _parse_part(raw):
    head, sep, data = raw.partition(b"\r\n\r\n")
    if not sep:
        if raw.startswith(b"\r\n"):              # no headers at all
            head, data = b"", raw[2:]
        else:
            raise MultipartError("a part has no blank line after its headers")
    # Header values may carry UTF-8 (a filename); parse them as text, not as ASCII bytes.
    headers = email.parser.HeaderParser(policy=email.policy.compat32).parsestr(
        head.decode("utf-8", "replace") + "\r\n\r\n")
    if headers.get_content_disposition() != "form-data":
        raise MultipartError("a part has no 'Content-Disposition: form-data' header")
    name = headers.get_param("name", header="content-disposition")
    if name is None:
        raise MultipartError("a part has no name")
    name = email.utils.collapse_rfc2231_value(name)
    filename = headers.get_filename()            # also handles filename*=UTF-8''…
    return Part(name=name, filename=filename, content_type=headers.get("content-type"), data=data)


# ---------------------------------------------------------------------------------------------
# WAV header
# ---------------------------------------------------------------------------------------------

class WavError(ValueError):
    pass


def parse_wav(data):
    """Read a RIFF/WAVE header: the fmt chunk and the data chunk's size. Raises WavError when
    the bytes are not a well-formed WAV file."""
    if len(data) < 12 or data[0:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise WavError("not a RIFF/WAVE file (first bytes %r)" % data[:12])
    riff_size = struct.unpack_from("<I", data, 4)[0]
    fmt, data_bytes, chunks, pos = None, None, [], 12
    while pos + 8 <= len(data):
        cid, size = data[pos:pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        chunks.append(cid.decode("latin-1"))
        start = pos + 8
        if cid == b"fmt ":
            if size < 16 or start + 16 > len(data):
                raise WavError("the fmt chunk is too short (%d bytes)" % size)
            tag, channels, rate, byte_rate, align, bits = struct.unpack_from("<HHIIHH", data, start)
            if tag == 0xFFFE and size >= 40:     # WAVE_FORMAT_EXTENSIBLE: the subformat GUID
                tag = struct.unpack_from("<H", data, start + 24)[0]
            fmt = {"format_tag": tag, "channels": channels, "sample_rate": rate,
                   "byte_rate": byte_rate, "block_align": align, "bits": bits}
        elif cid == b"data":
            if fmt is None:
                raise WavError("the data chunk comes before the fmt chunk")
            if size > len(data) - start:
                raise WavError("the data chunk claims %d bytes but only %d follow"
                               % (size, len(data) - start))
            data_bytes = size
        pos = start + size + (size & 1)          # chunks are padded to an even length
    if fmt is None:
        raise WavError("no fmt chunk")
    if data_bytes is None:
        raise WavError("no data chunk")
    if fmt["block_align"] == 0 or fmt["block_align"] != fmt["channels"] * fmt["bits"] // 8:
        raise WavError("block_align %d does not match %d channels x %d bits"
                       % (fmt["block_align"], fmt["channels"], fmt["bits"]))
    if fmt["byte_rate"] != fmt["sample_rate"] * fmt["block_align"]:
        raise WavError("byte_rate %d does not match %d Hz x %d bytes"
                       % (fmt["byte_rate"], fmt["sample_rate"], fmt["block_align"]))
    if data_bytes % fmt["block_align"]:
        raise WavError("the data chunk (%d bytes) is not a whole number of frames" % data_bytes)
    return dict(fmt, data_bytes=data_bytes, duration=data_bytes / fmt["byte_rate"],
                riff_size=riff_size, riff_size_ok=riff_size == len(data) - 8, chunks=chunks)


def check_wav(data):
    """(info, problem): problem is None, ("not-wav", why) or ("wrong-format", why)."""
    try:
        info = parse_wav(data)
    except WavError as e:
        return None, ("not-wav", str(e))
    got = {k: info[k] for k in EXPECTED_WAV}
    if info["format_tag"] != 1 or got != EXPECTED_WAV:
        return info, ("wrong-format",
                      "expected 16000 Hz mono 16-bit PCM WAV, got %d Hz, %d channel(s), %d-bit, "
                      "format tag %d" % (info["sample_rate"], info["channels"], info["bits"],
                                         info["format_tag"]))
    return info, None


# ---------------------------------------------------------------------------------------------
# Transcript renderings shared by the dialects
# ---------------------------------------------------------------------------------------------

def timestamp(seconds, decimal=".", hours=True):
    ms = int(round(seconds * 1000))
    h, ms = divmod(ms, 3600000)
    m, ms = divmod(ms, 60000)
    s, ms = divmod(ms, 1000)
    head = "%02d:" % h if hours or h else ""
    return "%s%02d:%02d%s%03d" % (head, m, s, decimal, ms)


def fake_words(text, duration):
    words = text.split() or [text]
    step = duration / len(words)
    return [{"word": w, "start": round(i * step, 2), "end": round((i + 1) * step, 2)}
            for i, w in enumerate(words)]


@dataclass
class Heard:
    """What the fake Whisper makes of one upload: its text and the scores real Whisper puts on
    each segment (§3.2 verbose_json). `scored` False: a server that gives no scores at all."""
    text: str
    no_speech_prob: float
    avg_logprob: float
    compression_ratio: float
    word_probability: float
    scored: bool = True

    def segment_scores(self):
        if not self.scored:
            return {}
        return {"avg_logprob": self.avg_logprob, "compression_ratio": self.compression_ratio,
                "no_speech_prob": self.no_speech_prob}

    def probability(self, word, cfg):
        """--word-probability "status=0.3": a word's own probability, else the take's."""
        table = dict(i.split("=", 1) for i in (cfg.word_probability or "").split(",") if "=" in i)
        return float(table.get(word.strip(), self.word_probability))


def wav_rms_dbfs(data):
    """The RMS level of a 16-bit PCM WAV's data chunk in dBFS (-inf for digital silence)."""
    pos = 12
    while pos + 8 <= len(data):
        cid, size = data[pos:pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        if cid == b"data":
            count = min(size, len(data) - pos - 8) // 2
            samples = struct.unpack_from("<%dh" % count, data, pos + 8)
            if not samples:
                return float("-inf")
            power = sum(x * x for x in samples) / len(samples)
            return 10 * math.log10(power / 32768.0 ** 2) if power else float("-inf")
        pos += 8 + size + (size & 1)
    return float("-inf")


def heard(cfg, wav):
    """Whisper on silence invents text (issue 22: "www.mesmerism.com" from 3 s of silence), but
    scores it as no speech; --mode hallucinate answers so whatever the audio (Whisper on noise),
    --mode repetition with the repeated text Whisper's compression ratio flags, --mode bare the
    same text as ok or on silence but with no scores at all."""
    silent = wav is not None and wav_rms_dbfs(wav) < -60
    invented = Heard(cfg.silence_text, 0.93, -1.32, 1.2, 0.18, scored=cfg.mode != "bare")
    if cfg.mode == "hallucinate" or silent:
        return invented
    if cfg.mode == "repetition":
        return Heard(" ".join([cfg.silence_text] * 6), 0.31, -0.62, 2.91, 0.55)
    return Heard(cfg.text, 0.01, -0.25, 0.8, 0.9, scored=cfg.mode != "bare")


def fake_tokens(text):
    return [50364] + [1000 + (sum(map(ord, w)) % 40000) for w in text.split()] + [50414]


# What a hostile server puts in its text: set the window title, write the clipboard (OSC 52,
# "rm -rf ~" in base64), clear the screen, colour, an 8-bit CSI, then a zero-width space and
# a right-to-left override. Cleaned, it leaves nothing.
HOSTILE = ("\x1b]0;pwned-title\x07\x1b]52;c;cm0gLXJmIH4=\x1b\\\x1b[2J\x1b[31m\x1b[0m"
           "\u009b31m\u200b\u202e")


def hostile(reply, cfg):
    """`reply` with every string of its JSON body (or its text body) led by HOSTILE."""
    def taint(value):
        if isinstance(value, str):
            return HOSTILE + value
        if isinstance(value, dict):
            return {k: taint(v) for k, v in value.items()}
        if isinstance(value, list):
            return [taint(v) for v in value]
        return value
    try:
        body = json.dumps(taint(json.loads(reply.body)), ensure_ascii=False).encode("utf-8")
    except ValueError:
        body = (HOSTILE + reply.body.decode("utf-8", "replace")).encode("utf-8")
    return Reply(reply.status, body, reply.content_type, reply.headers, reply.chunked, "mode " + cfg.mode)


def apply_mode(cfg, ok, is_json, error):
    """The last step of every dialect, once the request passed validation."""
    if cfg.mode == "error":
        return error
    if cfg.mode == "hostile":
        return hostile(error, cfg)
    if cfg.mode == "hostile-text":
        return hostile(ok, cfg)
    if cfg.mode == "hang":
        return HANG
    if cfg.mode == "malformed":
        return malformed(cfg, ok, is_json)
    if cfg.mode == "redirect":   # a load balancer or a moved service: 307 keeps the method and body
        return Reply(307, b"", None, [("Location", cfg.redirect_to)], reason="mode redirect")
    if cfg.mode == "huge":       # far past any transcript: a broken or hostile server
        return Reply(200, b'{"text": "' + b"x" * (12 << 20) + b'"}', "application/json", reason="mode huge")
    return ok


def malformed(cfg, ok, is_json):
    kind = cfg.malformed_kind
    if kind == "auto":
        kind = "truncated" if is_json else "invalid-utf8"
    if kind == "truncated":
        whole = ok.body if is_json else json.dumps({"text": cfg.text}).encode()
        body = whole[:max(1, len(whole) // 2)]
    elif kind == "wrong-key":
        body = json.dumps({"result": cfg.text}).encode()
    elif kind == "empty":
        body = b""
    else:
        body = b"\xff\xfe " + cfg.text.encode() + b" \xc3\x28"
    return Reply(200, body, ok.content_type, ok.headers, ok.chunked, reason="malformed: " + kind)


# ---------------------------------------------------------------------------------------------
# FastAPI behaviour (speaches, asr-webservice, ad-hoc /transcribe): errors are {"detail": ...}
# ---------------------------------------------------------------------------------------------

def detail(status, message, **kw):
    kw.setdefault("reason", message)
    return json_reply(status, {"detail": message}, **kw)


def fastapi_guard(req, cfg, status, missing, invalid):
    """A FastAPI route's checks before its body: the path, then the Bearer key (`--mode
    unauthorized` refuses every key); the error reply, or None."""
    bad = fastapi_route(req, cfg.path)
    if bad:
        return bad
    www = [("WWW-Authenticate", "Bearer")]
    if cfg.mode == "unauthorized":
        return detail(status, invalid, headers=www)
    if cfg.api_key is not None:
        token = bearer_token(req)
        if token is None:
            return detail(status, missing, headers=www)
        if token != cfg.api_key:
            return detail(status, invalid, headers=www)
    return None


def fastapi_route(req, path):
    """Starlette's routing: unknown path -> 404, known path with another method -> 405."""
    if req.path != path:
        return detail(404, "Not Found", reason="unknown path")
    if req.method != "POST":
        return detail(405, "Method Not Allowed", headers=[("Allow", "POST")],
                      reason="method not allowed")
    return None


def fastapi_body_errors(req, file_fields, form_fields=()):
    """FastAPI's checks of File(...) and Form(...) parameters: a multipart body it cannot parse
    is a 400; missing fields are 422 entries in pydantic v2's shape. Returns (reply, errors)."""
    if req.content_type == "multipart/form-data" and (req.multipart_error or not req.boundary):
        return detail(400, "There was an error parsing the body",
                      reason="multipart: %s" % (req.multipart_error or "no boundary")), []
    errors = []
    for name in file_fields:
        p = req.part(name)
        if p is None:
            errors.append({"type": "missing", "loc": ["body", name], "msg": "Field required",
                           "input": None})
        elif not p.filename:     # Starlette turns a part without a filename into a str
            errors.append({"type": "value_error", "loc": ["body", name],
                           "msg": "Value error, Expected UploadFile, received: <class 'str'>",
                           "input": p.text[:100], "ctx": {"error": {}}})
    for name in form_fields:
        if req.field(name) is None:
            errors.append({"type": "missing", "loc": ["body", name], "msg": "Field required",
                           "input": None})
    return None, errors


def parse_bool(value):
    """pydantic v2's lax bool parsing of a query string value."""
    v = value.strip().lower()
    if v in ("1", "on", "t", "true", "y", "yes"):
        return True
    if v in ("0", "off", "f", "false", "n", "no"):
        return False
    return None


def unprocessable(errors):
    return json_reply(422, {"detail": errors}, reason="validation: %s"
                      % ", ".join(".".join(map(str, e["loc"])) for e in errors))


# ---------------------------------------------------------------------------------------------
# Dialects
# ---------------------------------------------------------------------------------------------

OPENAI_FORMATS = ["json", "text", "srt", "verbose_json", "vtt"]
OPENAI_NO_KEY = ("You didn't provide an API key. You need to provide your API key in an "
                 "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), "
                 "or as the password field (with blank username) if you're accessing the API "
                 "from your browser and are prompted for a username and password. You can "
                 "obtain an API key from https://platform.openai.com/account/api-keys.")


def openai_error(status, message, type_="invalid_request_error", param=None, code=None,
                 reason=None):
    """§3.3: {"error": {"message", "type", "param", "code"}}."""
    return json_reply(status, {"error": {"message": message, "type": type_, "param": param,
                                         "code": code}}, indent=2, reason=reason or message)


def openai_incorrect_key(token):
    masked = token if len(token) <= 8 else token[:3] + "*" * (len(token) - 7) + token[-4:]
    return openai_error(401, "Incorrect API key provided: %s. You can find your API key at "
                        "https://platform.openai.com/account/api-keys." % masked,
                        code="invalid_api_key")


def openai(req, cfg):
    """The official API, §3.1–3.3 and the checklist §3.8."""
    if (req.method, req.path) != ("POST", cfg.path):
        return openai_error(404, "Invalid URL (%s %s)" % (req.method, req.path))
    if cfg.mode == "unauthorized":
        return openai_incorrect_key(bearer_token(req) or "sk-none")
    if cfg.api_key is not None:                                   # §3.1 Bearer auth
        token = bearer_token(req)
        if token is None:
            return openai_error(401, OPENAI_NO_KEY, reason="no bearer token")
        if token != cfg.api_key:
            return openai_incorrect_key(token)
    if len(req.body) > OPENAI_MAX_BODY:                           # §3.1 25 MiB
        return openai_error(413, "Maximum content size limit (%d) exceeded (%d bytes read)"
                            % (OPENAI_MAX_BODY, len(req.body)), type_="server_error")
    if req.content_type != "multipart/form-data":
        return openai_error(400, "Invalid Content-Type header (%s), expected multipart/form-data."
                            " (HINT: If you're using curl, you can pass -H 'Content-Type: "
                            "multipart/form-data')" % (req.headers.get("content-type") or "none"))
    if req.multipart_error or not req.boundary:
        return openai_error(400, "Could not parse multipart form: %s"
                            % (req.multipart_error or "no boundary"))
    model = req.field("model")                                    # §3.1 model required
    if not model:
        return openai_error(400, "you must provide a model parameter")
    if cfg.model and model != cfg.model:
        return openai_error(404, "The model `%s` does not exist or you do not have access to it."
                            % model, code="model_not_found")
    part = req.file_part("file")                                  # §3.1 file with a filename
    if part is None:
        return openai_error(400, "1 validation error for Request\nbody -> file\n  field required "
                            "(type=value_error.missing)", reason="no file part named 'file' "
                            "with a filename")
    fmt = req.field("response_format") or "json"                  # §3.1 response_format
    if fmt not in OPENAI_FORMATS:
        return openai_error(400, "'%s' is not one of %s - 'response_format'"
                            % (fmt, OPENAI_FORMATS), param="response_format")
    if fmt != "json" and model.startswith(("gpt-4o", "gpt-transcribe")):
        return openai_error(400, "response_format '%s' is not compatible with model '%s'. Use "
                            "'json' or omit the parameter." % (fmt, model),
                            param="response_format", code="unsupported_value")
    language = req.field("language")                              # §3.1 ISO-639-1
    if language is not None and not re.fullmatch(r"[a-z]{2}", language):
        return openai_error(400, "Invalid language '%s'. Language parameter must be specified in "
                            "ISO-639-1 format." % language, param="language",
                            code="invalid_language_format")
    temperature = req.field("temperature")                        # §3.1 0-1
    if temperature is not None:
        try:
            ok_temp = 0.0 <= float(temperature) <= 1.0
        except ValueError:
            ok_temp = False
        if not ok_temp:
            return openai_error(400, "Invalid 'temperature': expected a number between 0 and 1, "
                                "got '%s'." % temperature, param="temperature")
    info, problem = check_wav(part.data)
    if problem and problem[0] == "not-wav":
        return openai_error(400, "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', "
                            "'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
                            reason=problem[1])
    if problem:
        return openai_error(400, "Unsupported audio: " + problem[1], param="file")
    if info["duration"] < 0.1:
        return openai_error(400, "Audio file is too short. Minimum audio length is 0.1 seconds.",
                            param="file", code="audio_too_short")

    ok = openai_transcript(req, heard(cfg, part.data), fmt, info["duration"], language, temperature)
    error = openai_error(500, "The server had an error while processing your request. Sorry "
                         "about that!", type_="server_error", reason="mode error")
    return apply_mode(cfg, ok, fmt in ("json", "verbose_json"), error)


def openai_transcript(req, said, fmt, duration, language, temperature):
    """§3.2: the answer in each response_format. OpenAI's words have no probability (§3.2 Word)."""
    text = said.text
    usage = {"type": "duration", "seconds": math.ceil(duration)}
    if fmt == "json":
        return json_reply(200, {"text": text, "usage": usage}, indent=2)
    if fmt == "verbose_json":
        body = {"task": "transcribe", "language": LANGUAGE_NAMES.get(language or "en", language),
                "duration": round(duration, 2), "text": text}
        granularities = req.field_values("timestamp_granularities[]")
        if "segment" in granularities or not granularities:
            body["segments"] = [{"id": 0, "seek": 0, "start": 0.0, "end": round(duration, 2),
                                 "text": " " + text, "tokens": fake_tokens(text),
                                 "temperature": float(temperature or 0), **said.segment_scores()}]
        if "word" in granularities:
            body["words"] = fake_words(text, duration)
        body["usage"] = usage
        return json_reply(200, body, indent=2)
    if fmt == "text":
        return text_reply(200, text + "\n")
    if fmt == "srt":
        return text_reply(200, "1\n%s --> %s\n%s\n\n"
                          % (timestamp(0, ","), timestamp(duration, ","), text))
    return text_reply(200, "WEBVTT\n\n%s --> %s\n%s\n\n"
                      % (timestamp(0), timestamp(duration), text))


def speaches(req, cfg):
    """speaches on the OpenAI route, §3.6: FastAPI, {"detail": ...}, 403 for a bad key."""
    bad = fastapi_guard(req, cfg, 403,                            # §3.6 verify_api_key
                        missing="API key required. Please provide an API key using the "
                                "Authorization header with Bearer scheme.",
                        invalid="Invalid API key. The provided API key is incorrect.")
    if bad:
        return bad
    bad, errors = fastapi_body_errors(req, ["file"], ["model"])   # §3.6 file, model required
    if bad:
        return bad
    fmt = req.field("response_format") or "json"
    formats = ["text", "json", "verbose_json", "srt", "vtt"]
    if fmt not in formats:
        expected = ", ".join("'%s'" % f for f in formats[:-1]) + " or 'vtt'"
        errors.append({"type": "enum", "loc": ["body", "response_format"],
                       "msg": "Input should be " + expected, "input": fmt,
                       "ctx": {"expected": expected}})
    if errors:
        return unprocessable(errors)
    model = req.field("model")
    if cfg.model and model != cfg.model:
        return detail(404, "Model '%s' is not installed locally. You can download the model "
                      "using `POST /v1/models`" % model)
    part = req.file_part("file")
    duration = len(part.data) / 32000
    if not part.data:
        return detail(400, "Failed to decode audio. The provided file is likely empty.")
    if (part.content_type or "").lower() not in ("audio/pcm", "audio/raw"):  # raw s16le 16 kHz
        info, problem = check_wav(part.data)
        if problem and problem[0] == "not-wav":
            return detail(415, "Failed to decode audio. The provided file type is not supported.",
                          reason=problem[1])
        if problem:
            return detail(400, "Unsupported audio: " + problem[1])
        duration = info["duration"]

    said = heard(cfg, part.data)
    text, language = said.text, req.field("language") or "en"
    if fmt == "json":
        ok = json_reply(200, {"text": text})
    elif fmt == "verbose_json":
        ok = json_reply(200, {
            "task": "transcribe", "language": language, "duration": round(duration, 2),
            "text": text, "words": [dict(w, probability=said.probability(w["word"], cfg))
                                    for w in fake_words(text, duration)]
            if "word" in req.field_values("timestamp_granularities[]") else None,
            "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": round(duration, 2),
                          "text": " " + text, "tokens": fake_tokens(text), "temperature": 0.0,
                          **said.segment_scores(), "words": None}]})
    elif fmt == "text":
        ok = text_reply(200, text)
    elif fmt == "vtt":
        ok = text_reply(200, "WEBVTT\n\n%s --> %s\n%s\n\n" % (timestamp(0), timestamp(duration),
                                                              text), "text/vtt; charset=utf-8")
    else:  # srt, served as text/plain (§3.6)
        ok = text_reply(200, "1\n%s --> %s\n%s\n\n" % (timestamp(0, ","), timestamp(duration, ","),
                                                       text))
    error = detail(500, "Failed to decode audio.", reason="mode error")
    return apply_mode(cfg, ok, fmt in ("json", "verbose_json"), error)


WHISPER_CPP_STOI = {"offset_t", "offset_n", "duration", "max_context", "max_len", "best_of",
                    "beam_size", "vad_speech_pad_ms"}
WHISPER_CPP_STOF = {"audio_ctx", "word_thold", "entropy_thold", "logprob_thold",
                    "no_speech_thold", "temperature", "temperature_inc", "vad_threshold",
                    "vad_min_speech_duration_ms", "vad_min_silence_duration_ms",
                    "vad_max_speech_duration_s", "vad_samples_overlap"}


def whisper_cpp(req, cfg):
    """whisper.cpp whisper-server, §3.5. Never reads `model`; no API-key check."""
    cors = [("Access-Control-Allow-Origin", "*"),                 # §3.5 default headers
            ("Access-Control-Allow-Headers", "content-type, authorization")]

    def error(status, message, reason=None):                      # §3.5 {"error": "..."}
        return json_reply(status, {"error": message}, headers=cors, reason=reason or message)

    if (req.method, req.path) == ("GET", "/health"):              # §3.4, §3.5
        return json_reply(200, {"status": "ok"}, headers=cors)
    if (req.method, req.path) != ("POST", cfg.path):              # §3.5 plain-text 404
        return Reply(404, ("File Not Found (%s)" % req.path).encode(), "text/plain",
                     headers=cors, reason="unknown path")
    if cfg.mode == "unauthorized":                                # (no such reply upstream)
        return error(401, "unauthorized")
    if req.content_type == "multipart/form-data" and (req.multipart_error or not req.boundary):
        # cpp-httplib's own multipart failure goes through the server's 400 error handler
        return Reply(400, b"Invalid request", "text/plain", headers=cors,
                     reason="multipart: %s" % (req.multipart_error or "no boundary"))
    part = req.file_part("file")
    if part is None:                                              # §3.5 missing file -> 400
        return error(400, "no 'file' field in the request",
                     reason="no file part named 'file' with a filename")
    for p in req.parts:     # std::stoi/std::stof on form values; a throw is a text/plain 500
        if p.name in WHISPER_CPP_STOI | WHISPER_CPP_STOF and not p.is_file:
            pattern = (r"\s*[+-]?\d+" if p.name in WHISPER_CPP_STOI
                       else r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|\s*[+-]?(inf|nan)")
            if not re.match(pattern, p.text, re.IGNORECASE):
                what = "stoi" if p.name in WHISPER_CPP_STOI else "stof"
                return Reply(500, ("500 Internal Server Error\n" + what).encode(), "text/plain",
                             headers=cors, reason="%s=%r does not parse" % (p.name, p.text))
    info, problem = check_wav(part.data)
    if problem:                                                   # §3.5 decoding failure
        return error(400, "failed to read audio data", reason=problem[1])

    # §3.5 responses: each segment's text (leading space) followed by "\n"
    fmt = req.field("response_format") or "json"
    duration, language = info["duration"], req.field("language") or "en"
    said = heard(cfg, part.data)
    segment = " " + said.text
    joined = segment + "\n"
    if fmt == "text":
        ok = Reply(200, joined.encode(), "text/html; charset=utf-8", cors)
    elif fmt == "srt":
        ok = Reply(200, ("1\n%s --> %s\n%s\n\n" % (timestamp(0, ","), timestamp(duration, ","),
                                                   segment)).encode(), "application/x-subrip", cors)
    elif fmt == "vtt":
        ok = Reply(200, ("WEBVTT\n\n%s --> %s\n%s\n\n" % (timestamp(0), timestamp(duration),
                                                          segment)).encode(), "text/vtt", cors)
    elif fmt == "verbose_json":
        lang = LANGUAGE_NAMES.get(language, "english" if language == "auto" else language)
        words = [dict(w, word=" " + w["word"], t_dtw=-1, probability=said.probability(w["word"], cfg))
                 for w in fake_words(said.text, duration)] if said.scored else []
        ok = json_reply(200, {
            "task": "translate" if req.field("translate") in ("true", "1") else "transcribe",
            "language": lang, "duration": duration, "text": joined,
            "segments": [{"id": 0, "text": segment, "start": 0.0, "end": round(duration, 2),
                          "tokens": fake_tokens(said.text), "words": words,
                          "temperature": float(req.field("temperature") or 0),
                          **{k: v for k, v in said.segment_scores().items()
                             if k != "compression_ratio"}}],
            "detected_language": lang, "detected_language_probability": 0.97,
            "language_probabilities": {language if language != "auto" else "en": 0.97}},
            headers=cors)
    else:                                                         # json, and any unknown format
        ok = json_reply(200, {"text": joined}, headers=cors)
    return apply_mode(cfg, ok, fmt not in ("text", "srt", "vtt"),
                      error(500, "failed to process audio", reason="mode error"))


ASR_OUTPUTS = ("txt", "vtt", "srt", "tsv", "json")


def asr_webservice(req, cfg):
    """whisper-asr-webservice POST /asr, §4.1: file field `audio_file`, options in the query,
    answers always text/plain (streamed, chunked)."""
    bad = fastapi_route(req, cfg.path)
    if bad:
        return bad
    if cfg.mode == "unauthorized":                                # (no auth upstream)
        return detail(401, "Not authenticated", headers=[("WWW-Authenticate", "Bearer")])
    bad, body_errors = fastapi_body_errors(req, ["audio_file"])
    if bad:
        return bad
    errors, flags = [], {}
    for name, default in (("encode", "true"), ("vad_filter", "false"),
                          ("word_timestamps", "false")):
        raw = req.query_value(name, default)
        flags[name] = parse_bool(raw)
        if flags[name] is None:
            errors.append({"type": "bool_parsing", "loc": ["query", name],
                           "msg": "Input should be a valid boolean, unable to interpret input",
                           "input": raw})
    if errors or body_errors:                    # FastAPI lists query errors before body errors
        return unprocessable(errors + body_errors)
    part = req.file_part("audio_file")
    if flags["encode"]:                          # ffmpeg decodes the upload
        info, problem = check_wav(part.data)
        if problem:
            return detail(400, "Failed to load audio: " + problem[1])
        duration = info["duration"]
    else:                                        # encode=false: raw s16le mono 16 kHz (§4.1)
        if len(part.data) % 2:                   # np.frombuffer(..., int16) raises
            return text_reply(500, "Internal Server Error",
                              reason="encode=false with an odd byte count")
        duration = len(part.data) / 32000

    # §4.1 the writers of openai-whisper (the default engine)
    said = heard(cfg, part.data if flags["encode"] else None)
    output, text = req.query_value("output", "txt"), said.text
    language = req.query_value("language") or "en"
    if not re.fullmatch(r"[a-z]{2}|haw|yue", language):  # whisper's tokenizer raises: a 500
        return text_reply(500, "Internal Server Error", reason="unsupported language %r" % language)
    if output == "json" and cfg.asr_engine == "whisperx":
        # whisperx's aligned result has no top-level text, only segments (and word_segments)
        words = fake_words(text, duration)
        body = json.dumps({"segments": [{"start": 0.0, "end": round(duration, 2), "text": " " + text,
                                         "words": words}],
                           "word_segments": words, "language": language})
    elif output == "txt":
        body = text + "\n"
    elif output == "json":
        segment = {"id": 0, "seek": 0, "start": 0.0, "end": round(duration, 2), "text": " " + text,
                   "tokens": fake_tokens(text), "temperature": 0.0, **said.segment_scores()}
        if flags["word_timestamps"]:     # openai-whisper's words: leading space, probability
            segment["words"] = [dict(w, word=" " + w["word"], probability=said.probability(w["word"], cfg))
                                for w in fake_words(text, duration)]
        body = json.dumps({"text": " " + text, "segments": [segment], "language": language})
    elif output == "vtt":
        body = "WEBVTT\n\n%s --> %s\n%s\n\n" % (timestamp(0, hours=False),
                                                timestamp(duration, hours=False), text)
    elif output == "srt":
        body = "1\n%s --> %s\n%s\n\n" % (timestamp(0, ","), timestamp(duration, ","), text)
    elif output == "tsv":
        body = "start\tend\ttext\n0\t%d\t%s\n" % (round(duration * 1000), text)
    else:                 # write_result() returns "Please select an output method!" unused
        body = ""
    ok = text_reply(200, body, chunked=True, headers=[
        ("Asr-Engine", cfg.asr_engine),
        ("Content-Disposition", 'attachment; filename="%s.%s"' % (quote(part.filename), output))],
        reason=None if output in ASR_OUTPUTS else "unknown output %r: empty body" % output)
    error = text_reply(500, "Internal Server Error", reason="mode error")  # Starlette's 500
    return apply_mode(cfg, ok, output == "json", error)


def transcribe(req, cfg):
    """The ad-hoc FastAPI POST /transcribe, §4.2: multipart `file` -> {"text": ...}; the path,
    file field and response key are configurable."""
    bad = fastapi_guard(req, cfg, 401, missing="Not authenticated", invalid="Invalid API key")
    if bad:
        return bad
    bad, errors = fastapi_body_errors(req, [cfg.file_field])
    if bad:
        return bad
    if errors:
        return unprocessable(errors)
    info, problem = check_wav(req.file_part(cfg.file_field).data)
    if problem:
        return detail(400, "Could not read the audio: " + problem[1])
    ok = json_reply(200, {cfg.response_key: cfg.text})
    # §4.2 variants return {"error": str(e)} with 500; --error-key detail gives {"detail": ...}
    error = json_reply(500, {cfg.error_key: "Transcription failed: model crashed"},
                       reason="mode error")
    return apply_mode(cfg, ok, True, error)


DIALECTS = {"openai": openai, "speaches": speaches, "whisper.cpp": whisper_cpp,
            "asr-webservice": asr_webservice, "transcribe": transcribe}


# ---------------------------------------------------------------------------------------------
# HTTP handler, log, main
# ---------------------------------------------------------------------------------------------

class BodyTooLarge(Exception):
    pass


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"      # keep-alive, and "Expect: 100-continue" is answered
    cfg = None                         # set by main()

    def version_string(self):
        return SERVER_HEADER[self.cfg.dialect]

    def log_message(self, fmt, *args):  # quiet unless --verbose: a test may never drain stderr
        if self.cfg.verbose:
            super().log_message(fmt, *args)

    def do_POST(self):
        self.serve()

    do_GET = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_POST

    def serve(self):
        try:
            req = self.read_request()
        except BodyTooLarge:
            self.close_connection = True
            self.send(text_reply(413, "Request Entity Too Large"))
            return
        except Exception as e:
            traceback.print_exc()
            self.close_connection = True
            self.send(text_reply(500, "stt_server.py bug reading the request: %r" % e))
            return
        try:
            reply = DIALECTS[self.cfg.dialect](req, self.cfg)
        except Exception as e:          # a bug here must not look like a client problem
            traceback.print_exc()
            reply = text_reply(500, "stt_server.py bug: %r" % e, reason="server bug: %r" % e)
        write_log(self.cfg, req, reply)
        if reply is HANG:
            threading.Event().wait()   # never answer; the --lifetime timer ends the process
            return
        self.send(reply)

    def read_request(self):
        url = urlsplit(self.path)
        headers = {}
        for name, value in self.headers.items():
            name = name.lower()
            headers[name] = headers[name] + ", " + value if name in headers else value
        body = self.read_body(headers)
        mime, params = parse_content_type(headers.get("content-type"))
        req = Request(self.command, url.path, parse_qs(url.query, keep_blank_values=True),
                      headers, body, mime)
        if mime == "multipart/form-data":
            req.boundary = params.get("boundary") or None
            if req.boundary:
                try:
                    req.parts = parse_multipart(body, req.boundary)
                except MultipartError as e:
                    req.multipart_error = str(e)
            else:
                req.multipart_error = "no boundary parameter in Content-Type"
        elif mime == "application/x-www-form-urlencoded":
            query = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
            req.parts = [Part(k, None, None, v.encode()) for k, vs in query.items() for v in vs]
        return req

    def read_body(self, headers):
        if "chunked" in headers.get("transfer-encoding", "").lower():
            body = bytearray()
            while True:
                size = int(self.rfile.readline(65537).split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass                     # trailers
                    return bytes(body)
                if len(body) + size > MAX_BODY:
                    raise BodyTooLarge()
                body += self.rfile.read(size)
                self.rfile.readline(65537)       # the CRLF after each chunk
        try:
            length = int(headers.get("content-length", "0"))
        except ValueError:
            length = 0
        if length > MAX_BODY:
            raise BodyTooLarge()
        return self.rfile.read(length) if length > 0 else b""

    def send(self, reply):
        try:
            self.send_response(reply.status)
            if reply.content_type:
                self.send_header("Content-Type", reply.content_type)
            for name, value in reply.headers:
                self.send_header(name, value)
            if reply.chunked:
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                if reply.body:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(reply.body), reply.body))
                self.wfile.write(b"0\r\n\r\n")
            else:
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def file_entry(part):
    info, problem = check_wav(part.data)
    wav = None
    if info is not None:
        wav = {k: info[k] for k in ("sample_rate", "channels", "bits", "format_tag",
                                    "block_align", "byte_rate", "data_bytes", "riff_size_ok",
                                    "chunks")}
        wav["duration"] = round(info["duration"], 4)
    return {"field": part.name, "filename": part.filename, "content_type": part.content_type,
            "bytes": len(part.data), "wav": wav,
            "wav_error": problem[1] if problem and problem[0] == "not-wav" else None,
            "wav_format_ok": problem is None}


def write_log(cfg, req, reply):
    if not cfg.log:
        return
    fields = {}
    for p in req.parts:
        if not p.is_file:
            if p.name in fields:
                prev = fields[p.name]
                fields[p.name] = (prev if isinstance(prev, list) else [prev]) + [p.text]
            else:
                fields[p.name] = p.text
    files = [file_entry(p) for p in req.parts if p.is_file]
    file_field = cfg.file_field if cfg.dialect == "transcribe" else (
        "audio_file" if cfg.dialect == "asr-webservice" else "file")
    hang = reply is HANG
    entry = {
        "time": round(time.time(), 3), "dialect": cfg.dialect, "mode": cfg.mode,
        "method": req.method, "path": req.path,
        "query": {k: v[0] if len(v) == 1 else v for k, v in req.query.items()},
        "headers": req.headers, "body_bytes": len(req.body),
        "content_type": req.content_type, "boundary": req.boundary,
        "multipart_error": req.multipart_error,
        "field_names": [p.name for p in req.parts], "fields": fields, "files": files,
        "file": next((f for f in files if f["field"] == file_field), None),
        "status": None if hang else reply.status, "hang": hang,
        "reply_content_type": None if hang else reply.content_type,
        "reason": None if hang else reply.reason,
    }
    line = json.dumps(entry, ensure_ascii=False) + "\n"
    with _log_lock, open(cfg.log, "a", encoding="utf-8") as f:
        f.write(line)
        f.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    tls: ssl.SSLContext | None = None

    def finish_request(self, request, client_address):
        if self.tls is None:
            return super().finish_request(request, client_address)
        try:
            request = self.tls.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return      # the client refused the certificate (or hung up): nothing to answer
        try:
            super().finish_request(request, client_address)
        finally:
            request.close()

    def server_bind(self):
        # HTTPServer.server_bind() calls socket.getfqdn(), a reverse DNS lookup; skip it.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Fake Whisper-style transcription server for tests.")
    ap.add_argument("--dialect", required=True, choices=list(DIALECTS))
    ap.add_argument("--mode", default="ok",
                    choices=["ok", "unauthorized", "error", "hang", "malformed", "hostile",
                             "hostile-text", "hallucinate", "repetition", "bare", "redirect", "huge"])
    ap.add_argument("--redirect-to", default="http://127.0.0.2:1/",
                    help="--mode redirect: the Location of the 307")
    ap.add_argument("--silence-text", default="www.mesmerism.com",
                    help="what Whisper invents on silence (and in --mode hallucinate/repetition)")
    ap.add_argument("--word-probability", help='"status=0.3,...": the probability of these words')
    ap.add_argument("--text", default="git status", help="the transcript to answer with")
    ap.add_argument("--api-key",
                    help="openai/speaches/transcribe: require Authorization: Bearer KEY")
    ap.add_argument("--log", help="append one JSON line per request to this file")
    ap.add_argument("--port", type=int, default=0, help="0 picks a free port")
    ap.add_argument("--lifetime", type=float, default=120.0,
                    help="exit after this many seconds (at most %d)" % MAX_LIFETIME)
    ap.add_argument("--path", help="serve the dialect at this path instead of its real one")
    ap.add_argument("--model", help="openai/speaches: the only model that exists")
    ap.add_argument("--asr-engine", default="openai_whisper",
                    choices=["openai_whisper", "faster_whisper", "whisperx"],
                    help="asr-webservice: ASR_ENGINE (whisperx answers JSON with segments only)")
    ap.add_argument("--file-field", help="transcribe: the multipart file field (default file)")
    ap.add_argument("--response-key", help="transcribe: text (default) or transcript")
    ap.add_argument("--error-key", choices=["error", "detail"],
                    help="transcribe: the key of the error-mode body (default error)")
    ap.add_argument("--malformed-kind", default="auto",
                    choices=["auto", "truncated", "wrong-key", "empty", "invalid-utf8"])
    ap.add_argument("--verbose", action="store_true", help="log requests on stderr")
    ap.add_argument("--tls-cert", help="serve HTTPS with this PEM certificate (chain) ...")
    ap.add_argument("--tls-key", help="... and this PEM private key")
    cfg = ap.parse_args(argv)
    if cfg.dialect != "transcribe":
        for opt in ("file_field", "response_key", "error_key"):
            if getattr(cfg, opt) is not None:
                ap.error("--%s is only for --dialect transcribe" % opt.replace("_", "-"))
    if cfg.model and cfg.dialect not in ("openai", "speaches"):
        ap.error("--model is only for --dialect openai or speaches")
    if not 0 < cfg.lifetime <= MAX_LIFETIME:
        ap.error("--lifetime must be in (0, %d]" % MAX_LIFETIME)
    if bool(cfg.tls_cert) != bool(cfg.tls_key):
        ap.error("--tls-cert and --tls-key go together")
    cfg.path = cfg.path or DEFAULT_PATH[cfg.dialect]
    cfg.file_field = cfg.file_field or "file"
    cfg.response_key = cfg.response_key or "text"
    cfg.error_key = cfg.error_key or "error"
    return cfg


def main(argv=None):
    cfg = parse_args(argv)
    Handler.cfg = cfg
    timer = threading.Timer(cfg.lifetime, os._exit, args=(0,))   # never outlive a test run
    timer.daemon = True
    timer.start()
    server = Server(("127.0.0.1", cfg.port), Handler)
    if cfg.tls_cert:
        server.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        server.tls.load_cert_chain(cfg.tls_cert, cfg.tls_key)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
