import Testing

@testable import VoiceshCore

/// Issue 44, repro 6: a notice too long for its row keeps what to do (its last clause) and
/// loses the middle of what happened.
struct NoticeFitTests {
    static let damaged =
        "the history could not be written: /home/someone/.local/share/voicesh/voicesh.sqlite is damaged "
        + "(database disk image is malformed) and was not written; move it aside and voicesh starts a new one"

    @Test(arguments: [60, 80, 100]) func theAdviceStays(width: Int) {
        let shown = DictationView.notice(Self.damaged, width: width)
        #expect(shown.count <= width, "\(shown)")
        #expect(shown.hasPrefix("voicesh: the history could not be"), "\(shown)")
        // The advice keeps its start and its end.
        #expect(shown.contains("; move it") && shown.hasSuffix("new one"), "\(shown)")
    }

    /// A long path is the first to go: its directories, never its file's name.
    @Test func aLongPathLosesItsDirectories() {
        let shown = DictationView.notice(Self.damaged, width: 140)
        #expect(shown.contains("…/voicesh.sqlite is damaged") && !shown.contains("/home/someone"), "\(shown)")
        #expect(shown.hasSuffix("; move it aside and voicesh starts a new one"), "\(shown)")
    }

    @Test func aNoticeThatFitsIsWhole() {
        #expect(
            DictationView.notice("no speech heard; press ^] to try again", width: 80)
                == "voicesh: no speech heard; press ^] to try again")
    }

    @Test func aNoticeWithNoAdviceLosesItsMiddle() {
        let shown = DictationView.notice(String(repeating: "a", count: 200), width: 40)
        #expect(shown.count == 40 && shown.hasPrefix("voicesh: a") && shown.contains("…"))
    }
}
