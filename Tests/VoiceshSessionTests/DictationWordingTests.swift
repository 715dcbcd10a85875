import Testing
import VoiceshCore
import VoiceshSession

/// Every problem that reaches a dictation session, worded once by `Failure` (the session's
/// `DictationWording`): the sentence the history keeps and the few words of the status line.
struct DictationWordingTests {
    static let diskFull = StoreError.diskFull(path: "/h/voicesh.db")
    static let full = "the disk holding /h/voicesh.db is full; free some space and try again (nothing was written)"

    static let worded: [(DictationProblem, full: String, brief: String)] = [
        (
            .dictationOff(.edge(.noAcousticModel(path: "/m"))),
            "dictation is off: the engine cannot run: no pocketsphinx acoustic model at /m; install pocketsphinx-en-us",
            "dictation is off: the engine cannot run: no pocketsphinx acoustic model at /m; install pocketsphinx-en-us"
        ),
        (
            .engineFailed(.timedOut(seconds: 8)), "the engine gave no text within 8 s (the profile's engine.timeout)",
            "no text within 8 s (engine.timeout)"
        ),
        (
            .notRefined(.timedOut(seconds: 8)),
            "not refined: the engine gave no text within 8 s (the profile's engine.timeout)",
            "not refined: the engine gave no text within 8 s (the profile's engine.timeout)"
        ),
        (
            .noMicrophone(.cannotOpen(device: "hw:9", reason: "No such device")),
            "cannot record from hw:9: No such device; pick another with --device (voicesh devices lists them); "
                + "the session goes on",
            "cannot record from hw:9: No such device; pick another with --device (voicesh devices lists them); "
                + "the session goes on"
        ),
        (
            .audioFailed(.failed(device: "default", reason: "Input/output error")),
            "recording from default failed: Input/output error; the session goes on",
            "recording from default failed: Input/output error; the session goes on"
        ),
        (.historyOff(diskFull), "no history is kept this session: " + full, "no history is kept this session: " + full),
        (
            .rowNotWritten(diskFull), "the history could not be written: " + full,
            "the history could not be written: " + full
        ),
        (
            .rowNotWritten(diskFull, keptAt: "/tmp/v.wav"),
            "the history could not be written: " + full
                + "; the recording is kept in /tmp/v.wav (voicesh transcribe /tmp/v.wav)",
            "the history could not be written: " + full
                + "; the recording is kept in /tmp/v.wav (voicesh transcribe /tmp/v.wav)"
        ),
    ]

    @Test(arguments: worded.indices)
    func aDictationProblemIsWordedOnce(index: Int) {
        let (problem, full, brief) = Self.worded[index]
        let wording = Failure.Wording()
        #expect(wording.full(problem) == full)
        #expect(wording.brief(problem) == brief)
    }
}
