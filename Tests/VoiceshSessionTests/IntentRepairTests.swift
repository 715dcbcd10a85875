import Foundation
import TestFixtures
import Testing
import VoiceshCore

@testable import VoiceshSession

/// A written command is checked against the place it runs before it is shown; a faulty one is
/// sent back to the model once with what is wrong (a local OpenAI-compatible endpoint, as
/// strict as the real one, answers in turn and logs what it was asked).
struct IntentRepairTests {
    static let place: RemoteContext = {
        var context = RemoteContext()
        context.directory = "/srv/app"
        context.commands = ["ls", "head", "grep", "cat"]
        context.entries = ["notes.txt", "logs/"]
        return context
    }()

    static func answer(_ command: String, _ explanation: String = "Shows it.") -> String {
        let object = ["command": command, "explanation": explanation]
        return String(
            decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    func write(_ server: ChatServer) async throws -> Intent {
        var settings = IntentSettings(url: server.url, model: "m")
        // A machine running every suite at once took about a minute for one answer here: the
        // longest timeout, and a repair asked whatever the first took (the writer's rule is
        // half the timeout; what these tests check is what is asked).
        settings.timeout = 600
        let writer = IntentWriter(settings: settings, environment: [:], repairBudget: .infinity)
        return try await writer.write(IntentPrompt(request: "show the start of the notes", context: Self.place))
    }

    /// The answer, and each draft the writer showed (marked when it passed the check).
    func drafting(_ server: ChatServer) async throws -> (Intent, [String]) {
        var settings = IntentSettings(url: server.url, model: "m")
        settings.timeout = 600
        let writer = IntentWriter(settings: settings, environment: [:], repairBudget: .infinity)
        let drafts = Locked<[String]>([])
        let intent = try await writer.write(IntentPrompt(request: "show the notes", context: Self.place)) {
            draft, checked in
            drafts.update { $0.append(draft.answer.command + (checked ? " (checked)" : "")) }
        }
        return (intent, drafts.value)
    }

    /// The last user message of each request the server logged.
    func asked(_ server: ChatServer) throws -> [String] {
        try server.requests().compactMap { request in
            let body = request["body"] as? [String: Any] ?? request
            let messages = body["messages"] as? [[String: Any]] ?? []
            return messages.last?["content"] as? String
        }
    }

    @Test func aFaultyCommandIsRepairedOnceWithTheReason() async throws {
        let server = try ChatServer(arguments: [
            "--content", Self.answer("head notes.md"), "--content", Self.answer("head notes.txt"),
        ])
        let intent = try await write(server)
        #expect(intent.answer.command == "head notes.txt")
        #expect(intent.answer.explanation == "Shows it.")
        let asked = try asked(server)
        #expect(asked.count == 2, "\(asked)")
        #expect(asked.last == IntentPrompt.repairing("there is no notes.md in the directory"), "\(asked)")
        // What was found and that the repair fixed it, for `--json` and the benchmark's share.
        #expect(
            intent.check
                == .init(first: "head notes.md", found: "there is no notes.md in the directory", asked: true, left: 0))
    }

    /// An answer that gives no command (here, two lines) is asked for again once, saying why;
    /// the second answer is checked as any is.
    @Test func anAnswerWithNoCommandIsAskedForAgainOnce() async throws {
        let server = try ChatServer(arguments: [
            "--content", Self.answer("cd logs\nls"), "--content", Self.answer("head notes.txt"),
        ])
        let intent = try await write(server)
        #expect(intent.answer.command == "head notes.txt" && intent.check == nil)
        let asked = try asked(server)
        #expect(asked.count == 2 && asked.last == IntentPrompt.rewriting("the command had several lines"), "\(asked)")
    }

    @Test func aFaultThatStaysIsSaidFirst() async throws {
        let server = try ChatServer(arguments: [
            "--content", Self.answer("rg TODO notes.txt"), "--content", Self.answer("ag TODO notes.txt"),
        ])
        let intent = try await write(server)
        // No better: the first is kept, and what is wrong leads its explanation.
        #expect(intent.answer.command == "rg TODO notes.txt")
        #expect(intent.answer.explanation == "check: rg is not installed there. Shows it.")
        #expect(try asked(server).count == 2)
        #expect(intent.check?.asked == true && intent.check?.left == 1)
    }

    /// The answer is streamed: the command reaches `drafting` while its explanation is still
    /// coming (the endpoint holds the answer's end until the draft has been seen), and the
    /// whole answer is still what is read and checked.
    @Test func theCommandIsDraftedBeforeItsExplanationEnds() async throws {
        let seen = FileManager.default.temporaryDirectory.appendingPathComponent("drafted-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: seen) }
        let explanation = "Shows the first ten lines of the notes file."
        let server = try ChatServer(arguments: [
            "--content", Self.answer("head notes.txt", explanation), "--hold", seen,
        ])
        var settings = IntentSettings(url: server.url, model: "m")
        settings.timeout = 60  // without a draft the answer never ends: this is how long that takes to fail
        let writer = IntentWriter(settings: settings, environment: [:], repairBudget: .infinity)
        let drafts = Locked<[String]>([])
        let intent = try await writer.write(IntentPrompt(request: "show the notes", context: Self.place)) {
            draft, checked in
            drafts.update { $0.append(draft.answer.command + (checked ? " (checked)" : "")) }
            _ = FileManager.default.createFile(atPath: seen, contents: nil)
        }
        #expect(drafts.value == ["head notes.txt (checked)"])
        #expect(intent.answer.command == "head notes.txt" && intent.answer.explanation == explanation)
        let body = try #require(try server.requests().first?["body"] as? [String: Any])
        #expect(body["stream"] as? Bool == true)
    }

    /// Only a command that passed the check is said to have (a session confirms it before its
    /// explanation): here the first draft, which the repair replaces, and then the repair's.
    @Test func aDraftIsCheckedBeforeItIsSaidFinal() async throws {
        let server = try ChatServer(arguments: [
            "--content", Self.answer("head notes.md"), "--content", Self.answer("head notes.txt"),
        ])
        let (intent, drafts) = try await drafting(server)
        #expect(drafts == ["head notes.md", "head notes.txt (checked)"])
        #expect(intent.answer.command == "head notes.txt")
    }

    /// A repair's command that passed the check may already be confirmed on the line: it is
    /// the answer even when the rest of the repair's reply never comes (here cut short).
    @Test func aRepairShownIsTheAnswerWhenItsReplyIsCutShort() async throws {
        let server = try ChatServer(arguments: [
            "--content", Self.answer("head notes.md"), "--content",
            #"{"command": "head notes.txt", "explanation": "Sho"#,
        ])
        let (intent, drafts) = try await drafting(server)
        #expect(drafts == ["head notes.md", "head notes.txt (checked)"])
        #expect(intent.answer.command == "head notes.txt" && intent.answer.explanation == "")
        #expect(intent.check?.asked == true && intent.check?.left == 0)
    }

    @Test func aSoundCommandIsAskedForOnce() async throws {
        let server = try ChatServer(arguments: ["--content", Self.answer("head -n 20 notes.txt")])
        let intent = try await write(server)
        #expect(intent.answer.command == "head -n 20 notes.txt")
        #expect(try asked(server).count == 1)
        // Risk is still the dictation's own check: a repaired command meets it as any other.
        #expect(intent.risk == nil)
        #expect(intent.check == nil)
    }
}
