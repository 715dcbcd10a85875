import Foundation
import GRDB
import VoiceshCore

/// A `profile` row. Engines are JSON columns: they are read and written whole, never queried.
struct ProfileRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "profile"

    var id: Int64?
    var name: String
    var host: String
    var port: Int
    var user: String?
    var identity: String?
    var knownHosts: String?
    var keepalive: Int
    var jump: String?
    var forwardAgent: Bool
    var toggleKey: String
    var send: SendPolicy
    var history: HistoryPolicy
    var production: Bool
    var autoStop: Double
    var audioDevice: String?
    var learn: LearnPolicy?
    var context: ContextPolicy
    var engine: EngineConfig
    var fallback: EngineConfig?
    var aliases: [String: String]
    var pinned: [String]
    var createdAt: Date
    var updatedAt: Date

    enum Columns {
        static let name = Column(CodingKeys.name)
    }

    init(_ p: Profile, id: Int64? = nil, createdAt: Date, updatedAt: Date) {
        self.id = id
        name = p.name
        host = p.host
        port = p.port
        user = p.user
        identity = p.identity
        knownHosts = p.knownHosts
        keepalive = p.keepalive
        jump = p.jump
        forwardAgent = p.forwardAgent
        toggleKey = p.toggleKey
        send = p.send
        history = p.history
        production = p.production
        autoStop = p.autoStop
        audioDevice = p.audioDevice
        learn = p.learn
        context = p.context
        engine = p.engine
        fallback = p.fallback
        aliases = p.aliases
        pinned = p.pinned.sorted()
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    var profile: Profile {
        var p = Profile(name: name, host: host)
        p.port = port
        p.user = user
        p.identity = identity
        p.knownHosts = knownHosts
        p.keepalive = keepalive
        p.jump = jump
        p.forwardAgent = forwardAgent
        p.toggleKey = toggleKey
        p.send = send
        p.history = history
        p.production = production
        p.autoStop = autoStop
        p.audioDevice = audioDevice
        p.learn = learn
        p.context = context
        p.engine = engine
        p.fallback = fallback
        p.aliases = aliases
        p.pinned = Set(pinned)
        return p
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
