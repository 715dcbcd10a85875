import AsyncHTTPClient

extension HTTPClient {
    /// The one client voicesh's network adapters share. A refused connection fails at once
    /// (the shared default would keep retrying it until the deadline), so a dead server reaches
    /// the fallback, or the user, now; a redirect is not followed: a recording, a key or a
    /// request goes to the address the user set or nowhere.
    public static let strict: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
