import Foundation
import VoiceshCore

/// The acoustic model's mixture weights in the form sphinxtrain reads.
///
/// Debian's en-us model ships them quantised (`sendump`: one byte per weight, for fast
/// loading); `bw` and `map_adapt` need the plain Sphinx-III `mixture_weights` file. This is
/// the conversion sphinxtrain's `python/cmusphinx/sendump.py` does (a Python 2 script).
enum MixtureWeights {
    /// Converts a `sendump` file to a `mixture_weights` file: the same weights, as floats.
    static func fromSendump(_ bytes: [UInt8]) throws(EngineError) -> [UInt8] {
        var reader = Reader(bytes: bytes)
        // Length-prefixed strings: a title, then header lines up to an empty one.
        guard reader.string() != nil else { throw .learning(.badSendump(.noTitle)) }
        var header: [String: Int] = [:]
        while let line = reader.string() {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { header[String(parts[0])] = value }
        }
        guard header["cluster_count", default: 0] == 0 else { throw .learning(.badSendump(.clustered)) }
        let features = header["feature_count", default: 0]
        let shift = header["mixw_shift", default: 10]
        // Without clustering, the sizes follow the header: densities, then senones.
        guard let densities = reader.int(), let senones = reader.int(), features > 0, densities > 0, senones > 0,
            reader.remaining == features * densities * senones
        else { throw .learning(.badSendump(.wrongLength)) }

        // Stored as [feature][density][senone]; written as [senone][feature][density].
        var weights = [Float](repeating: 0, count: senones * features * densities)
        for feature in 0..<features {
            for density in 0..<densities {
                for senone in 0..<senones {
                    // A byte is -log base 1.0001 of the weight, shifted right by mixw_shift.
                    let value = Double(Int(reader.byte()) << shift)
                    weights[(senone * features + feature) * densities + density] = Float(pow(1.0001, -value))
                }
            }
        }
        return s3File(dimensions: [senones, features, densities], values: weights)
    }

    /// A Sphinx-III binary parameter file: a text header, a byte-order word, the sizes, floats.
    private static func s3File(dimensions: [Int], values: [Float]) -> [UInt8] {
        var header = "s3\nversion 1.0\n"
        // The binary part starts on a 4-byte boundary.
        let misalignment = (header.utf8.count + "endhdr\n".utf8.count) % 4
        if misalignment != 0 { header += String(repeating: " ", count: 4 - misalignment) }
        header += "endhdr\n"
        var bytes = [UInt8](header.utf8)
        func append(_ word: UInt32) { withUnsafeBytes(of: word.littleEndian) { bytes += $0 } }
        append(0x1122_3344)
        for size in dimensions { append(UInt32(size)) }
        append(UInt32(values.count))
        bytes.reserveCapacity(bytes.count + values.count * 4)
        for value in values { append(value.bitPattern) }
        return bytes
    }

    /// Little-endian reading over the file's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var remaining: Int { bytes.count - offset }

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func int() -> Int? {
            guard remaining >= 4 else { return nil }
            defer { offset += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }

        /// A string stored as its length (with the NUL) and bytes; nil for length 0 or the end.
        mutating func string() -> String? {
            guard let length = int(), length > 0, length <= remaining else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length - 1], as: UTF8.self)
        }
    }
}
