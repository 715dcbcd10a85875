import Foundation

/// A multipart/form-data body (RFC 7578), built in memory: the recording is small.
struct MultipartForm {
    let boundary = "voicesh-\(UUID().uuidString)"
    private(set) var body = Data()

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
    }

    mutating func file(_ name: String, filename: String, contentType: String, data: Data) {
        body.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n"
                    .utf8))
        body.append(data)
        body.append(Data("\r\n".utf8))
    }

    /// The body with its closing boundary.
    var finished: Data { body + Data("--\(boundary)--\r\n".utf8) }
}
