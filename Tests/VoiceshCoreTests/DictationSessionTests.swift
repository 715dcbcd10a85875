import Foundation
import Testing

@testable import VoiceshCore

/// The session's dictation as one value, driven as the loop drives it: bytes from the keyboard
/// and the remote in, everything to do out. The machine's own tables are in `DictationTests`;
/// these show what the value adds around it (key decoding, the terminal's answers, the line,
/// the orders for the microphone, the engine and the store).
struct DictationSessionTests {
    typealias Session = DictationSession
    static let toggle: [UInt8] = [0x1D]
    static let askWhere = Array("\u{1B}[6n".utf8)
    /// The modes of a remote that shows a full-screen program (vim's alternate screen).
    static var fullScreen: TerminalModes {
        var modes = TerminalModes()
        modes.feed(Array("\u{1B}[?1049h".utf8))
        return modes
    }

    /// The notice the line shows, if it shows one.
    var notice: String? { session.machine.state.notice }

    var session = Session(settings: .init(machine: .init(toggle: .defaultToggle), wording: ValueWording()))
    var now = 0.0

    mutating func handle(_ input: Session.Input, window: StatusLine.Size? = (80, 24)) -> Session.Output {
        now += 0.1
        return session.handle(input, at: .init(now: now, window: window))
    }

    /// Toggle, the terminal says where the cursor is, toggle again, the engine says `text`.
    mutating func heard(_ text: String, take: Int = 1) -> Session.Output {
        let started = handle(.keyboard(Self.toggle))
        #expect(started.record == Session.Start(take: take, commands: []))
        #expect(started.screen == Self.askWhere && started.typed.isEmpty && started.remote.isEmpty)
        let placed = handle(.keyboard(Array("\u{1B}[24;1R".utf8)))
        #expect(placed.typed.isEmpty && placed.remote.isEmpty)  // voicesh's own answer goes nowhere
        #expect(String(decoding: placed.screen, as: UTF8.self).contains("● rec"))
        now += 1  // past the double press
        #expect(handle(.keyboard(Self.toggle)).stopsRecording)
        return handle(.turn([.heard(Heard(text: text, rawText: text), take: take)], woken: true))
    }

    @Test mutating func aTakeFromKeysToTheRemoteIsBytesInAndOrdersOut() throws {
        let shown = heard("uptime -p")
        #expect(String(decoding: shown.screen, as: UTF8.self).contains("uptime -p"))
        #expect(shown.remote.isEmpty && shown.rows.isEmpty)
        let sent = handle(.keyboard([0x0D]))
        #expect(sent.remote == Array("uptime -p".utf8))  // inserted, never run: no Enter
        let row = try #require(sent.rows.first)
        #expect(row.outcome == .inserted && row.text == "uptime -p")
        #expect(sent.released == [1] && !sent.stopsRecording)
        #expect(handle(.saved(id: 7, take: 1)).rows.isEmpty)
        #expect(session.machine.state == .idle)
    }

    /// A row answered after the next take began (it is written off the loop) is not lost
    /// under that take: its problem is said once the take is over.
    @Test mutating func aRowNotWrittenDuringTheNextTakeIsSaidAfterIt() throws {
        _ = heard("uptime -p")
        #expect(handle(.keyboard([0x0D])).rows.count == 1)
        now += 1
        _ = handle(.keyboard(Self.toggle))  // the next take records
        _ = handle(.notSaved(.locked(path: "history.db", seconds: 5), take: 1))
        #expect(notice == nil && session.machine.state.take?.number == 2, "\(session.machine.state)")
        _ = handle(.keyboard(Array("\u{1B}[24;1R".utf8)))
        now += 1
        #expect(handle(.keyboard(Self.toggle)).stopsRecording)
        _ = handle(.turn([.heard(Heard(text: "df -h", rawText: "df -h"), take: 2)], woken: true))
        #expect(notice == nil)  // the line shows the take's text
        let sent = handle(.keyboard([0x0D]))
        #expect(sent.remote == Array("df -h".utf8))
        let said = try #require(notice, "\(session.machine.state)")
        #expect(said.contains("rowNotWritten") && said.contains("locked"), "\(said)")
    }

    /// A row's answer names its take: take 1's row, answered late over take 2's notice, takes
    /// nothing from the retry hint take 2's own row gives.
    @Test mutating func aLateRowAnswerLeavesAnotherTakesRetryHint() throws {
        _ = heard("uptime -p")
        #expect(handle(.keyboard([0x0D])).rows.count == 1)
        now += 1
        _ = handle(.keyboard(Self.toggle))
        _ = handle(.keyboard(Array("\u{1B}[24;1R".utf8)))
        now += 1
        #expect(handle(.keyboard(Self.toggle)).stopsRecording)
        let failed = handle(.turn([.engineFailed(.timedOut(seconds: 2), take: 2)], woken: true))
        #expect(failed.rows.map(\.take.number) == [2])
        _ = handle(.notSaved(.locked(path: "history.db", seconds: 5), take: 1))
        _ = handle(.saved(id: 1, take: 1))
        #expect(notice?.contains("retry") == false, "\(session.machine.state)")
        _ = handle(.saved(id: 2, take: 2))
        let said = try #require(notice)
        #expect(said.contains("voicesh history retry 2") && said.contains("locked"), "\(said)")
    }

    /// A take begun and ended by keys read together (typed ahead of a busy loop) never records
    /// unseen: a double press starts nothing, and toggle then Enter starts it stopped.
    @Test mutating func aTakeBegunAndEndedInOneReadRecordsNothingUnseen() {
        let twice = handle(.keyboard(Self.toggle + Self.toggle))
        #expect(twice.record == nil && !twice.stopsRecording && twice.released.isEmpty, "\(twice)")
        #expect(session.machine.state == .idle)
        now += 1
        let stopped = handle(.keyboard(Self.toggle + Array("\u{1B}[24;1R".utf8) + [0x0D]))
        #expect(
            stopped.record?.take == 2 && stopped.record?.stopsAtOnce == true && !stopped.stopsRecording, "\(stopped)")
    }

    /// A paste that comes in reads far apart (a busy loop, a slow link) is one paste: its rest
    /// is never read as keys, so its newline confirms nothing.
    @Test mutating func aPasteInReadsFarApartIsOnePaste() {
        _ = heard("uptime -p")
        _ = handle(.keyboard(Array("\u{1B}[200~echo hi".utf8)))
        now += 0.2
        let waited = handle(.turn([], woken: false))
        #expect(waited.remote.isEmpty && waited.rows.isEmpty, "\(waited)")
        let rest = handle(.keyboard(Array("\r\u{1B}[201~".utf8)))
        #expect(rest.remote.isEmpty && rest.rows.isEmpty, "\(rest)")
        #expect(session.machine.state.prompt != nil, "\(session.machine.state)")
    }

    @Test mutating func keysTypedWhileIdleGoOnAsTyped() {
        let out = handle(.keyboard(Array("ls\r".utf8)))
        #expect(out.typed == Array("ls\r".utf8) && out.remote.isEmpty && out.record == nil)
    }

    @Test mutating func theRemotesQuestionIsAnsweredToTheRemote() {
        _ = handle(.remoteWrote(queries: [.cursorPosition], bottomRow: nil))
        let answer = Array("\u{1B}[5;9R".utf8)
        let out = handle(.keyboard(answer + Array("x".utf8)))
        #expect(out.typed == answer + Array("x".utf8))  // in its place among the keys
    }

    @Test mutating func aLoneEscapeWaitsForTheRestOfItsKeyThenTimeTakesIt() {
        _ = heard("ls")
        let waiting = handle(.keyboard([0x1B]))
        #expect(session.deadline.map { $0 <= now + Session.keyWait } == true)
        #expect(waiting.deadline == session.deadline)  // the driver's timer, from the output alone
        #expect(session.machine.state != .idle)  // not yet a key: ESC b would be alt-b
        now += 1
        let out = handle(.turn([], woken: false))
        #expect(out.rows.map(\.outcome) == [.discarded])
        #expect(session.machine.state == .idle)
    }

    @Test mutating func aFullScreenProgramsScreenIsCopiedWhileItIsUp() {
        let alternate = Self.fullScreen
        #expect(handle(.remoteModes(alternate)).screenCopy == .keep(columns: 80, rows: 24))
        #expect(handle(.remoteModes(alternate)).screenCopy == nil)  // kept already
        #expect(handle(.remoteModes(TerminalModes())).screenCopy == .drop)
        #expect(handle(.remoteModes(alternate), window: nil).screenCopy == nil)  // no size yet: later
    }

    @Test mutating func theRowUnderABorrowedLineIsPaintedBackWhenItGoes() {
        let alternate = Self.fullScreen
        _ = handle(.remoteModes(alternate))
        let row = Array("\u{1B}[0m~ vim".utf8)
        _ = handle(.remoteWrote(queries: [], bottomRow: row))
        _ = handle(.keyboard(Self.toggle))
        _ = handle(.keyboard(Array("\u{1B}[3;1R".utf8)))
        now += 1
        _ = handle(.keyboard([0x1B]))  // Esc cancels, once its wait is over
        now += 1
        let gone = handle(.turn([], woken: false))
        #expect(gone.cancelsEngine)
        #expect(gone.screen.firstRange(of: row) != nil)
    }

    @Test func withoutAnEngineTheToggleSaysWhyAndRecordsNothing() {
        let missing = EngineError.edge(.noAcousticModel(path: "/m"))
        var session = Session(
            settings: .init(machine: .init(toggle: .defaultToggle), wording: ValueWording(), engineMissing: missing))
        let out = session.handle(.keyboard(Self.toggle), at: .init(now: 1, window: (80, 24)))
        #expect(out.record == nil)
        #expect(session.machine.state.notice == "\(DictationProblem.dictationOff(missing))")
    }

    @Test mutating func withoutAHistoryTheReasonIsToldOnceAndTheStoreIsNotAsked() {
        let full = StoreError.diskFull(path: "/h/voicesh.sqlite")
        session = Session(
            settings: .init(
                machine: .init(toggle: .defaultToggle), wording: ValueWording(), history: .notKept(reason: full)))
        _ = heard("ls")
        let first = handle(.keyboard([0x0D]))
        #expect(first.rows.count == 1)  // still handed out, for learning the voice
        #expect(notice == "\(DictationProblem.historyOff(full))")
        _ = handle(.keyboard(Array("x".utf8)))  // the notice goes
        now += 1
        _ = heard("ls", take: 2)
        _ = handle(.keyboard([0x0D]))
        #expect(session.machine.state == .idle)  // told once
    }

    @Test func listenPrintsWhereASessionConfirms() {
        var session = Session(
            settings: .init(machine: .init(toggle: .defaultToggle, prints: true), wording: ValueWording()))
        let moment = Session.Moment(now: 0, window: nil)
        #expect(session.handle(.keyboard(Self.toggle), at: moment).record?.take == 1)
        #expect(session.handle(.turn([.recordingFull(take: 1)], woken: true), at: moment).stopsRecording)
        let heard = Heard(text: "df -h", rawText: "df dash h")
        let out = session.handle(.turn([.heard(heard, take: 1)], woken: true), at: moment)
        #expect(out.printed == ["df -h"] && out.remote.isEmpty && out.screen.isEmpty)
        #expect(out.rows.map(\.outcome) == [.printed])
    }

    /// How a printing session (`listen`) ends, as a table: the inputs after its toggle, and the
    /// end it says, only once no take is under way and the take's row is answered.
    @Test(
        arguments: [
            ([Session.Input.turn([.recordingFull(take: 1)], woken: true)], nil),
            (
                [.stop, .turn([.heard(Heard(text: "df -h", rawText: "df dash h"), take: 1)], woken: true)],
                nil
            ),
            (
                [
                    .stop, .turn([.heard(Heard(text: "df -h", rawText: "df dash h"), take: 1)], woken: true),
                    .saved(id: 4, take: 1),
                ],
                "printed saved 4"
            ),
            (
                [
                    .stop, .turn([.heard(Heard(text: "df -h", rawText: "df dash h"), take: 1)], woken: true),
                    .notSaved(.diskFull(path: "h.sqlite"), take: 1),
                ],
                "printed not saved"
            ),
            (
                [.stop, .turn([.engineFailed(.timedOut(seconds: 30), take: 1)], woken: true), .saved(id: 5, take: 1)],
                "timed-out saved 5"
            ),
            (
                [.turn([.heard(Heard(text: "", rawText: ""), take: 1)], woken: true), .saved(id: 6, take: 1)],
                "failed saved 6"
            ),
            ([.cancel], "cancelled"),
            ([.stop, .cancel], "cancelled"),
            ([.noMicrophone(.cannotOpen(device: "hw:9", reason: "no such card"))], "no microphone"),
            (
                [.ending("a signal"), .notSaved(.diskFull(path: "h.sqlite"), keptAt: "/tmp/k.wav", take: 1)],
                "interrupted kept /tmp/k.wav"
            ),
        ] as [([Session.Input], String?)])
    func aPrintingSessionSaysHowItEnded(inputs: [Session.Input], ended: String?) {
        var session = Session(
            settings: .init(machine: .init(toggle: .defaultToggle, prints: true), wording: ValueWording()))
        var now = 1.0
        _ = session.handle(.keyboard(Self.toggle), at: .init(now: now, window: nil))
        for input in inputs {
            now += 1
            _ = session.handle(input, at: .init(now: now, window: nil))
        }
        let said: String? =
            switch session.ended {
            case nil: nil
            case .cancelled: "cancelled"
            case .noMicrophone: "no microphone"
            case .row(let entry, .saved(let id)): "\(entry.outcome.rawValue) saved \(id.map(String.init) ?? "-")"
            case .row(let entry, .notSaved(_, let kept)):
                "\(entry.outcome.rawValue) " + (kept.map { "kept \($0)" } ?? "not saved")
            }
        #expect(said == ended)
    }

    /// Reads of plain keys, and reads that must go to the session.
    static let plainReads = ["l", "ls -la ~/src", "héllo", "\t", "\u{7F}"].map { Array($0.utf8) }
    static let sessionReads: [[UInt8]] = [
        [0x0D], [0x0A], [0x03], [0x15], [0x1B], Array("\u{1B}[A".utf8), toggle, Array("ls\r".utf8),
    ]

    /// What a quiet session lets past (`Output.plainKeys`), handled instead, is only typed
    /// on and leaves it as quiet: the loop may send it without a turn of the session.
    mutating func expectPlainKeysOnlyTyped(after out: Session.Output, _ where: String) throws {
        let pass = try #require(out.plainKeys, "\(`where`): not quiet")
        for read in Self.plainReads {
            #expect(pass.pass(read), "\(`where`): \(read)")
            var handled = session
            let typed = handled.handle(.keyboard(read), at: .init(now: now + 0.1, window: (80, 24)))
            var only = Session.Output()
            (only.typed, only.deadline, only.plainKeys) = (read, typed.deadline, pass)
            #expect(typed == only, "\(`where`): \(read)")
        }
        for read in Self.sessionReads { #expect(!pass.pass(read), "\(`where`): \(read)") }
        var written = session
        let coming = written.handle(.remoteWillWrite, at: .init(now: now + 0.1, window: (80, 24)))
        #expect(coming.screen.isEmpty && coming.plainKeys == pass, "\(`where`): the line is off the screen")
    }

    @Test mutating func aQuietSessionLetsPlainKeysPass() throws {
        try expectPlainKeysOnlyTyped(after: handle(.remoteModes(TerminalModes())), "at the start")
        _ = heard("uptime -p")
        try expectPlainKeysOnlyTyped(after: handle(.keyboard([0x0D])), "while its row is written")
        try expectPlainKeysOnlyTyped(after: handle(.saved(id: 7, take: 1)), "after a take")
        try expectPlainKeysOnlyTyped(after: handle(.keyboard(Array("cd /tmp".utf8))), "after typing")
    }

    @Test mutating func aSessionWithSomethingUpTakesEveryRead() throws {
        #expect(handle(.remoteWrote(queries: [.cursorPosition], bottomRow: nil)).plainKeys == nil)  // an answer is owed
        #expect(handle(.keyboard(Array("\u{1B}[24;1R".utf8))).plainKeys != nil)
        #expect(handle(.keyboard(Self.toggle)).plainKeys == nil)  // recording: the line asks where it goes
        #expect(handle(.keyboard(Array("\u{1B}[24;1R".utf8))).plainKeys == nil)  // answered, still recording
        #expect(handle(.keyboard([0x1B])).plainKeys == nil)  // a lone ESC waits for its rest
        let cancelled = handle(.turn([], woken: false))  // … until its wait is over: Esc cancels
        #expect(cancelled.released == [1])
        try expectPlainKeysOnlyTyped(after: cancelled, "after a cancelled take")
    }

    @Test mutating func theIntentKeyIsNotPlain() throws {
        var settings = DictationStateMachine.Settings(toggle: .defaultToggle)
        settings.intentKey = .defaultIntentKey
        session = Session(settings: .init(machine: settings, wording: ValueWording()))
        let pass = try #require(handle(.remoteModes(TerminalModes())).plainKeys)
        #expect(!pass.pass(KeyChord.defaultIntentKey.bytes) && pass.pass(Array("x".utf8)))
        // A chord's first byte goes to the session even where it would be plain (ctrl-i is tab).
        let tabChord = try KeyChord(parsing: "ctrl-i")
        #expect(PlainKeys(toggle: .defaultToggle, intentKey: nil).pass([0x09]))
        #expect(!PlainKeys(toggle: .defaultToggle, intentKey: tabChord).pass([0x09]))
    }

    @Test mutating func theEndKeepsATakeUnderWayAsInterrupted() {
        _ = handle(.keyboard(Self.toggle))
        let out = handle(.ending("the connection was lost"))
        #expect(out.stopsRecording && out.cancelsEngine)
        #expect(out.rows.map(\.outcome) == [.interrupted] && out.rows.first?.keepAudio == true)
    }
}

extension DictationStateMachine.State {
    fileprivate var notice: String? {
        if case .notice(let notice) = self { notice.message } else { nil }
    }
}
