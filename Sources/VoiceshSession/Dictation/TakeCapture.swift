import AudioCapture
import Transcription
import VoiceshCore

/// The I/O of one take: its recording from the microphone and its engine's run, whose
/// reports (audio trouble, live words, the text) go to the session loop's inbox.
struct TakeCapture {
    let take: Int
    let recording: Recording
    let job: Task<Void, Never>

    /// Starts the microphone and the engine for `start`; throws if the microphone will not start.
    static func start(
        _ start: DictationSession.Start, engine: any SpeechEngine, setup: DictationController.Setup
    ) throws(AudioError) -> TakeCapture {
        let (take, inbox) = (start.take, setup.inbox)
        let recording = Recording(
            maxSeconds: setup.maxRecordingSeconds, listensForSpeech: setup.profile.autoStop > 0,
            onSpeech: { inbox.post(.speech($0, take: take)) }, onFull: { inbox.post(.recordingFull(take: take)) })
        try setup.source.start { event in
            switch event {
            case .frame(let frame): recording.accept(frame)
            case .failed(let error): inbox.post(.audioFailed(error, take: take))
            }
        }
        // Marked here, before the engine task looks: the loop starts the refresh next turn.
        setup.context?.refreshStarted()
        let job = hear(start, recording, engine: engine, aliases: setup.profile.aliases, setup.context, inbox)
        return TakeCapture(take: take, recording: recording, job: job)
    }

    /// The engine's run for one take, its reports posted as they come.
    private static func hear(
        _ start: DictationSession.Start, _ recording: Recording, engine: any SpeechEngine, aliases: [String: String],
        _ feed: ContextFeed?, _ inbox: Inbox<DictationSession.Report>
    ) -> Task<Void, Never> {
        let take = start.take
        return Task.detached {
            // A refresh starts with the recording; the engine takes it if it comes quickly.
            var gathered = await feed?.forDictation(wait: ContextFeed.refreshWait) ?? .empty
            gathered.commands = start.commands
            gathered.plainEnglish = start.plainEnglish
            let context = gathered
            let request = EngineRequest(recording.audio, context: context)
            let spoken = SpokenShell(aliases: context.aliases(with: aliases))
            do throws(EngineError) {
                let heard = try await Recognition.run(engine, request, aliases: aliases) { event in
                    switch event {
                    case .partial(let text): inbox.post(.partial(spoken.normalize(text), take: take))
                    // An engine that hears in two steps shows its first text at once.
                    case .first(let transcript):
                        let heard = Recognition.heard(
                            transcript, engine: engine.label, aliases: aliases, context: context, readings: false)
                        inbox.post(.heardFirst(heard, take: take))
                    case .note(let note): inbox.post(.engineNote(note, take: take))
                    case .fallingBack: inbox.post(.fallingBack(take: take))
                    }
                }
                inbox.post(.heard(heard, take: take))
            } catch {
                inbox.post(.engineFailed(error, take: take))
            }
        }
    }
}
