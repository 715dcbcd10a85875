import Testing
import VoiceshCore
import VoiceshSession

/// The edge engine's, the second ear's, learning's and TLS trust's typed problems in the words
/// their free strings had (the history, the line and the CLI tests compare them).
struct LocalFailureTests {
    static let model = "/usr/share/pocketsphinx/model/en-us/en-us"

    static let edgeWorded: [(EdgeProblem, String)] = [
        (
            EdgeProblem.noAcousticModel(path: model),
            "the engine cannot run: no pocketsphinx acoustic model at \(model); install pocketsphinx-en-us"
        ),
        (
            .noCorpus(searched: "/a/shell-corpus.txt, /b/shell-corpus.txt"),
            "the engine cannot run: the edge engine's shell corpus is missing (looked for /a/shell-corpus.txt, "
                + "/b/shell-corpus.txt); reinstall voicesh (make install) or set VOICESH_DATA_DIR to the folder "
                + "that holds it"
        ),
        (
            .cannotWriteModel(directory: "/c/edge-1f", reason: "No space left on device"),
            "the engine cannot run: cannot write the edge model under /c/edge-1f: No space left on device"
        ),
        (.configurationRejected, "the engine cannot run: pocketsphinx rejected its configuration"),
        (.cannotLoadModel(path: "/m"), "the engine cannot run: pocketsphinx could not load its model from /m"),
        (.contextRefused(.words), "the engine failed: pocketsphinx could not load the context words"),
        (.contextRefused(.read), "the engine failed: pocketsphinx could not read the context model"),
        (.contextRefused(.combine), "the engine failed: pocketsphinx could not combine the context model"),
        (.contextRefused(.search), "the engine failed: pocketsphinx could not search with the context model"),
        (
            .contextNotInMemory(reason: "Too many open files"),
            "the engine failed: cannot hold the context model in memory: Too many open files"
        ),
        (.contextNotInMemory(reason: nil), "the engine failed: cannot hold the context model in memory"),
        (.busy, "the engine failed: the edge engine is busy with another recording"),
    ]

    @Test(arguments: edgeWorded)
    func anEdgeProblemIsWordedOnce(problem: EdgeProblem, words: String) {
        #expect(Failure.describe(EngineError.edge(problem)) == words)
    }

    static let whisperWorded: [(WhisperProblem, String)] = [
        (
            WhisperProblem.badModel(path: "/w", reason: "config.json is missing"),
            "the engine cannot run: whisper_model /w: config.json is missing; give a Whisper model folder in "
                + "CTranslate2's format (config.json, model.bin, tokenizer.json or vocabulary.*), or remove the key"
        ),
        (
            .stoppedStarting(lastWords: "Killed"),
            "the engine cannot run: the Whisper runtime stopped: Killed"
        ),
        (
            .cannotStart(words: "faster-whisper is not installed for /p (No module named 'x')"),
            "the engine cannot run: faster-whisper is not installed for /p (No module named 'x')"
        ),
        (
            .cannotWriteRecording(directory: "/c/recordings"),
            "the engine cannot run: cannot write the recording for Whisper in /c/recordings"
        ),
        (.cannotTalk, "the engine failed: cannot talk to the Whisper runtime"),
        (.stopped, "the engine failed: the Whisper runtime has stopped"),
        (
            .notJSON(line: "Traceback"),
            "the engine answered something that is not a transcript: the Whisper runtime wrote Traceback"
        ),
        (.noText, "the engine answered something that is not a transcript: the Whisper runtime gave no text"),
        (.said(words: "CUDA out of memory"), "the engine failed: Whisper: CUDA out of memory"),
        (.busy, "the engine failed: Whisper is busy with another recording"),
    ]

    @Test(arguments: whisperWorded)
    func aWhisperProblemIsWordedOnce(problem: WhisperProblem, words: String) {
        #expect(Failure.describe(EngineError.whisper(problem)) == words)
    }

    static let learningWorded: [(LearningProblem, String)] = [
        (
            LearningProblem.missingTool(path: "/usr/lib/sphinxtrain/bw", package: "sphinxtrain"),
            "learning a voice needs /usr/lib/sphinxtrain/bw from Debian's sphinxtrain package; install it with: "
                + "apt-get install sphinxtrain sphinxbase-utils pocketsphinx"
        ),
        (.cannotCreate(path: "/s", reason: "Permission denied"), "cannot create /s: Permission denied"),
        (.cannotWrite(path: "/s/fileids"), "cannot write /s/fileids"),
        (.noSendump(model: model), "cannot read \(model)/sendump; reinstall pocketsphinx-en-us"),
        (.badSendump(.noTitle), "cannot read the acoustic model's sendump: no title"),
        (.badSendump(.clustered), "cannot read the acoustic model's sendump: clustered weights are not supported"),
        (.badSendump(.wrongLength), "cannot read the acoustic model's sendump: its sizes do not match its length"),
        (.cannotRun(program: "/usr/bin/sphinx_fe", reason: "ENOENT"), "cannot run /usr/bin/sphinx_fe: ENOENT"),
        (
            .toolFailed(tool: "bw", status: 1, lastError: "FATAL: \"main.c\", line 1: no data"),
            "bw failed (status 1): FATAL: \"main.c\", line 1: no data"
        ),
        (.toolFailed(tool: "map_adapt", status: 134, lastError: nil), "map_adapt failed (status 134)"),
        (
            .nothingToLearn(firstSkipped: "\"1234\": cannot say 1234"),
            "none of the recordings can be learnt from (\"1234\": cannot say 1234)"
        ),
        (.nothingToLearn(firstSkipped: nil), "none of the recordings can be learnt from (no recordings)"),
        (.tooFewRecordings(count: 3, needed: 5), "too few recordings to learn from: 3 of at least 5"),
        (.incompleteModel(path: "/v/model.new"), "the model at /v/model.new is incomplete"),
        (
            .cannotInstallModel(path: "/v/model", reason: "Permission denied"),
            "cannot install the adapted model at /v/model: Permission denied"
        ),
        (
            .cannotInstallVoice(path: "/v/model", reason: "Permission denied"),
            "cannot install the new voice at /v/model: Permission denied"
        ),
        (.cannotWriteStatus(path: "/v/learning.json"), "cannot write /v/learning.json"),
        (.cannotWriteDictionary(directory: "/c"), "cannot write a dictionary under /c"),
    ]

    /// `voicesh adapt` says the reason in its own sentence ("cannot learn the voice: …"); the
    /// learning after a session says the whole of it.
    @Test(arguments: learningWorded)
    func aLearningProblemIsWordedOnce(problem: LearningProblem, words: String) {
        #expect(Failure.reason(.learning(problem)) == words)
        let kind =
            switch problem {
            case .missingTool, .cannotCreate, .cannotWrite, .noSendump, .badSendump, .cannotRun:
                "the engine cannot run: "
            default: "the engine failed: "
            }
        #expect(Failure.describe(EngineError.learning(problem)) == kind + words)
    }

    static let trustWorded: [(TrustProblem, String)] = [
        (
            TrustProblem.notAFile(path: "/nonexistent"),
            "SSL_CERT_FILE names /nonexistent, which is not a file; point it at a PEM file of CA certificates, or "
                + "unset it to use the system's"
        ),
        (
            .noCertificateIn(path: "/etc/hostname"),
            "SSL_CERT_FILE names /etc/hostname, which holds no readable PEM certificate; point it at a PEM file of "
                + "CA certificates, or unset it to use the system's"
        ),
        (
            .notADirectory(path: "/etc/hostname"),
            "SSL_CERT_DIR names /etc/hostname, which is not a directory; point it at directories of CA "
                + "certificates hashed by `openssl rehash`, or unset it to use the system's"
        ),
        (
            .noCertificates,
            "no CA certificates were found (no system bundle, SSL_CERT_FILE and SSL_CERT_DIR unset); install "
                + "ca-certificates or set SSL_CERT_FILE"
        ),
    ]

    @Test(arguments: trustWorded)
    func aTrustProblemIsWordedOnce(problem: TrustProblem, words: String) {
        #expect(Failure.describe(EngineError.trust(problem)) == "the engine cannot run: " + words)
        #expect(Failure.brief(.trust(problem)) == "engine unavailable: " + words)
    }

    @Test func theLineHasItsBriefWords() {
        #expect(Failure.brief(.edge(.busy)) == "engine failed: the edge engine is busy with another recording")
        #expect(Failure.brief(.whisper(.noText)) == "the engine's answer was not a transcript")
        #expect(
            Failure.brief(.edge(.noAcousticModel(path: "/m")))
                == "engine unavailable: no pocketsphinx acoustic model at /m; install pocketsphinx-en-us")
        // The runtime's own words are cleaned before they become ours.
        #expect(Failure.describe(EngineError.whisper(.said(words: "\u{1B}]0;pwned\u{07}x"))).hasSuffix("Whisper: x"))
    }
}
