/// RIFF/WAVE reading and writing (the canonical layout: `fmt ` and `data` chunks).
///
/// Reads 8/16/24/32-bit integer and 32/64-bit float PCM, any channel count and rate,
/// including WAVE_FORMAT_EXTENSIBLE; writes 16-bit PCM.
public enum WAV {
    /// Decoded audio: samples in -1…1, interleaved by channel.
    public struct Decoded: Equatable, Sendable {
        public var sampleRate: Int
        public var channels: Int
        public var samples: [Float]

        public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }
        public var seconds: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }

        /// Mono (channels averaged), resampled to `rate` with an anti-aliasing filter, as PCM16.
        public func speechSamples(rate: Int = AudioFormat.speech.sampleRate) -> [Int16] {
            var mono = samples
            if channels > 1 {
                mono = (0..<frameCount).map { frame in
                    var sum: Float = 0
                    for c in 0..<channels { sum += samples[frame * channels + c] }
                    return sum / Float(channels)
                }
            }
            let resampled = Resampler(from: sampleRate, to: rate).process(mono)
            return resampled.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
        }
    }

    /// Sample rates voicesh reads: telephone speech to studio audio.
    public static let supportedRates = 8000...192_000
    public static let maxChannels = 32

    public static func decode(_ bytes: [UInt8]) throws(FormatError) -> Decoded {
        var reader = ByteReader(bytes)
        guard reader.fourCC() == "RIFF", reader.uint32() != nil, reader.fourCC() == "WAVE" else {
            throw .notWAV
        }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while let id = reader.fourCC(), let size = reader.uint32() {
            let start = reader.offset
            switch id {
            case "fmt ":
                guard let tag = reader.uint16(), let channels = reader.uint16(), let rate = reader.uint32() else {
                    throw .truncatedFormat
                }
                _ = reader.uint32()  // byte rate
                _ = reader.uint16()  // block align
                guard let bits = reader.uint16() else { throw .truncatedFormat }
                var formatTag = tag
                if tag == 0xFFFE, size >= 40 {  // WAVE_FORMAT_EXTENSIBLE: the real tag leads the sub-format GUID
                    reader.offset = start + 24
                    formatTag = reader.uint16() ?? tag
                }
                format = (formatTag, channels, rate, bits)
            case "data":
                guard let format else { throw .dataBeforeFormat }
                let end = min(reader.offset + size, bytes.count)
                let samples = try samples(bytes[reader.offset..<end], format: format)
                return Decoded(sampleRate: format.rate, channels: format.channels, samples: samples)
            default:
                break
            }
            reader.offset = start + size + (size & 1)  // chunks are padded to even sizes
        }
        throw .noData
    }

    private static func samples(_ data: ArraySlice<UInt8>, format: (tag: Int, channels: Int, rate: Int, bits: Int))
        throws(FormatError) -> [Float]
    {
        // The header is the file's word, not the truth: bound what it can make us allocate.
        guard supportedRates.contains(format.rate) else {
            throw .rateOutOfRange(format.rate)
        }
        guard (1...maxChannels).contains(format.channels) else {
            throw .channelCount(format.channels)
        }
        let bytes = Array(data)
        let unsupported = FormatError.unsupported(tag: format.tag, bits: format.bits)
        let width = format.bits / 8
        guard width > 0 else { throw unsupported }
        let count = bytes.count / width
        switch (format.tag, format.bits) {
        case (1, 8):
            return bytes.map { (Float($0) - 128) / 128 }
        case (1, 16):
            return (0..<count).map { i in
                Float(Int16(bitPattern: UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8)) / 32768
            }
        case (1, 24):
            return (0..<count).map { i in
                let raw = Int32(bytes[3 * i]) | Int32(bytes[3 * i + 1]) << 8 | Int32(bytes[3 * i + 2]) << 16
                return Float((raw << 8) >> 8) / 8_388_608
            }
        case (1, 32):
            return (0..<count).map { i in Float(Int32(bitPattern: le32(bytes, 4 * i))) / 2_147_483_648 }
        case (3, 32):
            return (0..<count).map { i in Float(bitPattern: le32(bytes, 4 * i)) }
        case (3, 64):
            return (0..<count).map { i in
                Float(Double(bitPattern: UInt64(le32(bytes, 8 * i)) | UInt64(le32(bytes, 8 * i + 4)) << 32))
            }
        default:
            throw unsupported
        }
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    /// A 16-bit PCM WAV file of `samples` (mono unless `channels` says otherwise).
    public static func encode(_ samples: [Int16], sampleRate: Int = AudioFormat.speech.sampleRate, channels: Int = 1)
        -> [UInt8]
    {
        var out = header(sampleCount: samples.count, sampleRate: sampleRate, channels: channels)
        out.reserveCapacity(out.count + samples.count * 2)
        samples.withUnsafeBufferPointer { appendLittleEndian($0, to: &out) }
        return out
    }

    /// The 44-byte header of a 16-bit PCM WAV file holding `sampleCount` samples.
    public static func header(sampleCount: Int, sampleRate: Int = AudioFormat.speech.sampleRate, channels: Int = 1)
        -> [UInt8]
    {
        let dataSize = sampleCount * 2
        var out: [UInt8] = []
        func u32(_ v: Int) {
            out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
        }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        out += Array("RIFF".utf8)
        u32(36 + dataSize)
        out += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * channels * 2)
        u16(channels * 2)
        u16(16)
        out += Array("data".utf8)
        u32(dataSize)
        return out
    }

    /// Appends samples as little-endian bytes: one copy on a little-endian machine.
    public static func appendLittleEndian<Bytes: RangeReplaceableCollection>(
        _ samples: UnsafeBufferPointer<Int16>, to out: inout Bytes
    ) where Bytes.Element == UInt8 {
        #if _endian(little)
            out.append(contentsOf: UnsafeRawBufferPointer(samples))
        #else
            for s in samples {
                out.append(contentsOf: [UInt8(truncatingIfNeeded: s), UInt8(truncatingIfNeeded: s >> 8)])
            }
        #endif
    }
}

/// Little-endian reading with bounds checks.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func uint16() -> Int? {
        guard offset + 2 <= bytes.count else { return nil }
        defer { offset += 2 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    mutating func uint32() -> Int? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    mutating func fourCC() -> String? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
