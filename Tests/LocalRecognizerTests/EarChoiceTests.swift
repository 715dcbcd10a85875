import Testing
import VoiceshCore

@testable import LocalRecognizer

/// The two-ear engine's choice as a table: what each ear said in, what Whisper is asked to
/// score, the line chosen and Tab's order out. No ear runs: the readings, Whisper's hearing
/// and its scores are written down, every word is in the dictionary, and there is no judge
/// (so Whisper's scores and the fusion's margin of 3 decide).
struct EarChoiceTests {
    /// Which reading the choice's record says was kept (nil: no record, the choice was not the fusion's).
    enum Kept: Sendable {
        case pocketsphinx, whisper, spliced
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        /// pocketsphinx's N-best, best first.
        var pocketsphinx: [String]
        /// What Whisper heard; nil: it must not be asked.
        var whisper: WhisperEar.Hearing?
        var narrowband = false
        var context = SpeechContext()
        /// Whether Whisper is asked to score pocketsphinx's best (not for plain English, whose
        /// line is Whisper's own words whatever the scores).
        var scoresReadings = true
        /// Whisper's score of each line it is asked to score (per token; others -9); nil: the scoring failed.
        var lineScores: [String: Double]? = [:]
        /// The lines of both ears' words Whisper is asked to score.
        var asked: [String] = []
        var text: String
        /// The alternatives in Tab's order (the line the user sees drops repeats, `Reading.distinct`).
        var tab: [String]
        var kept: Kept?

        var testDescription: String { name }
    }

    /// Whisper's hearing: `text`, its beam's next readings, and its scores (per token) of
    /// pocketsphinx's best, then of its own readings.
    static func whisper(
        _ text: String, hypotheses: [String] = [], scores: [Double], noSpeech: Double? = nil,
        averageLogProbability: Double = -0.2
    ) -> WhisperEar.Hearing {
        WhisperEar.Hearing(
            text: text, averageLogProbability: averageLogProbability, noSpeechProbability: noSpeech, words: [],
            hypotheses: hypotheses, scores: scores.map { (logProbability: $0, tokens: 1) })
    }

    static let rows: [Row] = [
        Row(
            name: "Whisper agrees", pocketsphinx: ["git status", "git stash"],
            whisper: whisper("git status", scores: [-0.5, -0.5]), text: "git status", tab: ["git stash"],
            kept: .pocketsphinx),
        Row(
            name: "Whisper's own reading, far likelier", pocketsphinx: ["get stash", "git log"],
            whisper: whisper("git status", scores: [-6, -0.5]), text: "git status",
            tab: ["get stash", "get stash", "git log"], kept: .whisper),
        Row(
            name: "pocketsphinx's kept within the margin", pocketsphinx: ["git status"],
            whisper: whisper("git stats", scores: [-1, -0.5]), text: "git status", tab: ["git stats"],
            kept: .pocketsphinx),
        Row(
            name: "a line of both ears' words, scored and chosen", pocketsphinx: ["cat red file blue"],
            whisper: whisper("cat bed file glue", scores: [-5, -5]), lineScores: ["cat red file glue": -0.1],
            asked: ["cat bed file blue", "cat red file glue"], text: "cat red file glue",
            tab: ["cat red file blue", "cat bed file glue", "cat red file blue"], kept: .spliced),
        Row(
            name: "Whisper's next readings are Tab's, never chosen, each line once",
            pocketsphinx: ["git stash"],
            whisper: whisper("git status", hypotheses: ["git stats", "git status."], scores: [-6, -0.5, -0.1, -0.2]),
            text: "git status", tab: ["git stats", "git stash", "git stash"], kept: .whisper),
        Row(
            name: "a line of both ears' words the beam also wrote may be chosen", pocketsphinx: ["cat red file blue"],
            whisper: whisper("cat bed file glue", hypotheses: ["cat red file glue"], scores: [-5, -5, -4]),
            lineScores: ["cat red file glue": -0.1], asked: ["cat bed file blue", "cat red file glue"],
            text: "cat red file glue", tab: ["cat red file blue", "cat bed file glue", "cat red file blue"],
            kept: .spliced),
        Row(
            name: "a failed scoring splices nothing", pocketsphinx: ["cat red file blue"],
            whisper: whisper("cat bed file glue", scores: [-5, -5]), lineScores: nil,
            asked: ["cat bed file blue", "cat red file glue"], text: "cat red file blue", tab: ["cat bed file glue"],
            kept: .pocketsphinx),
        Row(
            name: "a narrowband take is not spliced", pocketsphinx: ["cat red file blue"],
            whisper: whisper("cat bed file glue", scores: [-5, -5]), narrowband: true,
            lineScores: ["cat red file glue": -0.1], text: "cat red file blue", tab: ["cat bed file glue"],
            kept: .pocketsphinx),
        Row(
            name: "plain English is Whisper's words", pocketsphinx: ["how do i find big files"],
            whisper: whisper("How do I find the biggest files here? ", scores: [-1, -0.5]),
            context: { () -> SpeechContext in
                var context = SpeechContext()
                context.plainEnglish = true
                return context
            }(), scoresReadings: false, text: "How do I find the biggest files here?", tab: []),
        Row(
            name: "a request heard in shell talk is Whisper's words", pocketsphinx: ["how do i less the big files"],
            whisper: whisper("how do I list the biggest files", scores: [-1, -0.5]),
            text: "how do I list the biggest files", tab: []),
        Row(
            name: "a hands-free command is pocketsphinx's", pocketsphinx: ["send it", "sent it"], whisper: nil,
            context: { () -> SpeechContext in
                var context = SpeechContext()
                context.commands = ["send it", "cancel"]
                return context
            }(), text: "send it", tab: ["sent it"]),
        Row(
            name: "silence from Whisper leaves pocketsphinx's", pocketsphinx: ["git status", "git stash"],
            whisper: whisper("Thank you.", scores: [-0.1, -0.1], noSpeech: 0.9, averageLogProbability: -1.5),
            text: "git status", tab: ["git stash"], kept: .pocketsphinx),
        Row(
            name: "quoted English spliced over pocketsphinx's line",
            pocketsphinx: ["echo quote yellow from the server end quote"],
            whisper: whisper("echo \"hello from the server\"", scores: [-1, -1]),
            text: "echo \"hello from the server\"",
            tab: ["echo quote yellow from the server end quote", "echo \"hello from the server\""],
            kept: .pocketsphinx),
    ]

    /// pocketsphinx's transcript of `readings`: the best with the rest as its alternatives.
    static func heard(_ readings: [String]) -> Transcript {
        func one(_ text: String) -> Transcript {
            Transcript(segments: [TranscriptSegment(text: text, start: 0.5, end: 1.5, confidence: 0.8)])
        }
        return Transcript(segments: one(readings[0]).segments, alternatives: readings.dropFirst().map(one))
    }

    /// Runs the choice as the engine does, answering from the row: the transcript, the lines it
    /// asked to score, and the choice.
    static func chosen(_ row: Row) throws -> (Transcript, asked: [String], EarChoice) {
        var choice = EarChoice(
            heard: heard(row.pocketsphinx), context: row.context, narrowband: row.narrowband, knows: { _ in true })
        var asked: [String] = []
        while true {
            switch choice.next {
            case .done(let transcript): return (transcript, asked, choice)
            case .hear(let scoring):
                // Whisper scores pocketsphinx's best with its own (the fusion's depth is one).
                #expect(scoring == (row.scoresReadings ? [row.pocketsphinx[0]] : []))
                choice.hear(try #require(row.whisper, "Whisper was asked to hear"), judge: nil)
            case .score(let lines):
                #expect(asked.isEmpty, "asked to score twice")
                asked = lines
                choice.scored(
                    row.lineScores.map { scores in lines.map { (logProbability: scores[$0] ?? -9, tokens: 1) } })
            }
        }
    }

    @Test(arguments: rows) func choosesAsTheTableSays(_ row: Row) throws {
        let (transcript, asked, choice) = try Self.chosen(row)
        #expect(asked == row.asked)
        #expect(transcript.text == row.text)
        #expect(transcript.alternatives.map(\.text) == row.tab)
        let decision = choice.decision(whisperSeconds: 0)
        let kept = decision.map { decision -> Kept in
            let reading = decision.readings[decision.chosen]
            return reading.spliced ? .spliced : reading.pocketsphinxRank != nil ? .pocketsphinx : .whisper
        }
        #expect(kept == row.kept)
    }

    /// A line the engine gives keeps its words' confidence: Whisper's own words with its
    /// confidence, a quoted splice the lower of the two ears'.
    @Test func confidenceFollowsTheEarItCameFrom() throws {
        var own = Self.whisper("git status", scores: [-6, -0.5])
        own.words = [TranscriptSegment.Word("git", confidence: 0.9), TranscriptSegment.Word("status", confidence: nil)]
        let (whisper, _, _) = try Self.chosen(
            Row(name: "own", pocketsphinx: ["get stash"], whisper: own, text: "", tab: []))
        let confidence = try #require(own.confidence)
        #expect(whisper.segments.first?.words.map(\.confidence) == [0.9, confidence])
        #expect(whisper.segments.first?.confidence == confidence)
        let (quoted, _, _) = try Self.chosen(Self.rows[Self.rows.count - 1])
        #expect(quoted.segments.first?.confidence == min(0.8, confidence))
        #expect(quoted.segments.first?.words == [])
    }
}
