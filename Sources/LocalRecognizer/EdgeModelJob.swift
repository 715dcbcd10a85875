import Foundation
import VoiceshCore

/// What the edge model is built from: the profile's vocabulary, the user's history lines
/// (alias phrases already weighted in) and the cache directory. A session hands it to a
/// child process (`EdgeModelBuilder`) as JSON on stdin: it can be long, and it holds no secrets.
public struct EdgeModelJob: Codable, Sendable, Equatable {
    public var vocabulary: [String]
    public var history: [String]
    public var cacheDirectory: String

    public init(vocabulary: [String], history: [String], cacheDirectory: String) {
        self.vocabulary = vocabulary
        self.history = history
        self.cacheDirectory = cacheDirectory
    }

    /// Whether the cache already holds this model (then no child is needed).
    var isCached: Bool {
        EdgeModel.isCached(vocabulary: vocabulary, history: history, cacheDirectory: cacheDirectory)
    }

    /// Builds the model into the cache, or finds it there; true when it was built now.
    @discardableResult
    public func build() throws(EngineError) -> Bool {
        try EdgeModel.prepare(vocabulary: vocabulary, history: history, cacheDirectory: cacheDirectory).built
    }
}
