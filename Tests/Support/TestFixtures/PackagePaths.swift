import Foundation

/// Where the package and the binaries `swift build` made are, for the tests.
package enum PackagePaths {
    /// The package's root: the nearest folder above this file that holds Package.swift.
    package static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// The directory of the binaries `swift build` made (the test bundle lives there too).
    package static let products: URL = {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }()
}
