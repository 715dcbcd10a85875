import AudioCapture
import Store
import VoiceshCore

extension DictationController {
    /// What a session's dictation is built from: the profile, its engine, the microphone, the stores.
    package struct Setup {
        package var profile: Profile
        package var engine: Result<any SpeechEngine, EngineError>
        package var source: any AudioSource
        /// Where history rows go; nil when there is no history this session (`historyOff` says why).
        package var database: AppDatabase?
        /// Why no history can be kept this session (the database cannot be written), or nil.
        package var historyOff: StoreError? = nil
        /// Where history rows go on to, when profiles and history are shared.
        package var sharedStore: StoreAddress? = nil
        package var maxRecordingSeconds: Double
        /// Made before the engine, so the engine's notices can reach the loop.
        package var inbox: Inbox<DictationSession.Report>
        /// Learning from use; nil when the profile's `learn` key keeps nothing.
        package var learning: VoiceLearning? = nil
        /// The remote shell's context; nil when the profile gathers none (`context = "off"`).
        package var context: ContextFeed? = nil
        /// Writes intent takes' commands (`[intent]`); nil: intent mode is off this session.
        package var intent: IntentWriter? = nil
        /// The local terminal, for the room the line has.
        package var terminal: any TerminalWindow = LocalTerminal()
        /// Unsure words bracketed rather than underlined (`NO_COLOR`, a dumb terminal).
        package var plainMarks = false
        /// Where a printing session's text goes (`listen`: standard output) instead of being
        /// confirmed and sent; nil: a session that confirms.
        package var printer: ((String) -> Void)? = nil
        /// Seconds on a monotonic clock: key waits, the recording's clock, notices.
        package var clock: @Sendable () -> Double = { DictationController.now }

        package init(
            profile: Profile, engine: Result<any SpeechEngine, EngineError>, source: any AudioSource,
            database: AppDatabase?, historyOff: StoreError? = nil, sharedStore: StoreAddress? = nil,
            maxRecordingSeconds: Double, inbox: Inbox<DictationSession.Report>,
            learning: VoiceLearning? = nil, context: ContextFeed? = nil, terminal: any TerminalWindow = LocalTerminal(),
            intent: IntentWriter? = nil, plainMarks: Bool = false,
            clock: @escaping @Sendable () -> Double = { DictationController.now }
        ) {
            (self.profile, self.engine, self.source, self.database) = (profile, engine, source, database)
            self.historyOff = historyOff
            (self.sharedStore, self.maxRecordingSeconds, self.inbox) = (sharedStore, maxRecordingSeconds, inbox)
            (self.learning, self.context, self.terminal, self.clock) = (learning, context, terminal, clock)
            (self.intent, self.plainMarks) = (intent, plainMarks)
        }
    }
}
