import ArgumentParser
import VoiceshSession

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Search and manage the dictation history.",
        subcommands: [
            HistoryList.self, HistoryShow.self, HistoryRetry.self, HistoryPlay.self, HistoryExportAudio.self,
            HistoryRemove.self, HistoryClear.self,
        ],
        defaultSubcommand: HistoryList.self)
}
