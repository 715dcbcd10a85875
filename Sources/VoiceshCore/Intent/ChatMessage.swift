/// One message of a chat-completions request (OpenAI's shape, which every local server speaks).
public struct ChatMessage: Equatable, Sendable, Codable {
    public var role: String
    public var content: String

    public init(role: String, content: String) {
        self.role = role
        self.content = content
    }

    public static func system(_ text: String) -> Self { Self(role: "system", content: text) }
    public static func user(_ text: String) -> Self { Self(role: "user", content: text) }
    public static func assistant(_ text: String) -> Self { Self(role: "assistant", content: text) }
}
