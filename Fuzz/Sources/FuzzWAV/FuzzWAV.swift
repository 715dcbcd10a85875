import VoiceshCore

/// A WAV file someone hands `voicesh transcribe`: any bytes decode or are refused, never trap,
/// and what decodes stays within the bounds the header check promises. The same bytes, read
/// as 16-bit samples, survive encode then decode exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAV(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))

    if let decoded = try? WAV.decode(bytes) {
        precondition(WAV.supportedRates.contains(decoded.sampleRate), "rate \(decoded.sampleRate) let through")
        precondition((1...WAV.maxChannels).contains(decoded.channels), "\(decoded.channels) channels let through")
        precondition(decoded.samples.count <= bytes.count, "more samples than bytes")
        let speech = decoded.speechSamples()
        let expected = Double(decoded.frameCount) * Double(AudioFormat.speech.sampleRate) / Double(decoded.sampleRate)
        precondition(abs(Double(speech.count) - expected) <= 2, "\(speech.count) samples resampled, not \(expected)")
    }

    let samples = stride(from: 0, to: bytes.count - 1, by: 2).map {
        Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
    }
    let rates = [8000, 16000, 44100, 48000]
    let rate = rates[(bytes.first.map(Int.init) ?? 0) % rates.count]
    let channels = 1 + (bytes.last.map(Int.init) ?? 0) % 2
    let back = try! WAV.decode(WAV.encode(samples, sampleRate: rate, channels: channels))
    precondition(back.sampleRate == rate && back.channels == channels, "the header did not round-trip")
    precondition(back.samples == samples.map { Float($0) / 32768 }, "the samples did not round-trip")
    return 0
}
