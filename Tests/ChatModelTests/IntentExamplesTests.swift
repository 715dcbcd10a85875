import ChatModel
import Foundation
import Testing

@testable import VoiceshCore

/// The worked examples the prompt draws from: the corpus voicesh ships, the nearest chosen
/// for each request, and none of them a request of the benchmark's.
struct IntentExamplesTests {
    static let corpus = """
        # a comment line
        count the lines in report dot txt\twc -l report.txt\tLines in report.txt.
        sort the csv file by its second column as numbers\tsort -t, -k2,2n data.csv\tdata.csv by column two.
        find every log file under var\tfind /var -name '*.log'\tLog files under /var.
        which branch am I on\tgit branch --show-current\tThe current branch.
        """

    @Test func theNearestShareTheRarestWords() {
        let examples = IntentExamples(tsv: Self.corpus)
        #expect(examples.examples.count == 4)
        // Kept as the model reads a request: names written.
        #expect(examples.examples.first?.request == "count the lines in report.txt")
        let near = examples.nearest(to: "order prices dot csv by the third column", count: 2)
        #expect(near.first?.command == "sort -t, -k2,2n data.csv", "\(near)")
        #expect(examples.nearest(to: "find the log files here", count: 1).first?.command == "find /var -name '*.log'")
        // Nothing shared, nothing chosen: an unrelated example teaches nothing.
        #expect(examples.nearest(to: "reboot the machine", count: 3).isEmpty)
        #expect(examples.nearest(to: "count the lines", count: 0).isEmpty)
    }

    @Test func theBundledCorpusIsWholeAndEveryCommandIsOneCompleteLine() {
        let examples = IntentExamples.bundled.examples
        #expect(examples.count >= 300, "\(examples.count) examples")
        for example in examples {
            let read = ShellWords.read(example.command)
            let unfinished = (try? read.get())?.unfinished
            #expect((try? read.get()) != nil && unfinished == nil, "\(example.command)")
            #expect(example.explanation.split(separator: " ").count <= 10, "\(example.explanation)")
        }
    }

    /// The benchmark's requests are not examples: a figure measured on requests the prompt
    /// showed answered would say nothing.
    @Test func noExampleIsABenchmarkRequest() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var benchmark: [Set<String>] = []
        for name in ["everyday.tsv", "wide.tsv"] {
            let text = try String(
                contentsOf: root.appendingPathComponent("Benchmarks/intent/" + name), encoding: .utf8)
            benchmark += text.split(separator: "\n").filter { !$0.hasPrefix("#") }
                .map { IntentExamples.words(String($0.split(separator: "\t").first ?? "")) }
        }
        #expect(benchmark.count >= 150)
        for example in IntentExamples.bundled.examples {
            let words = IntentExamples.words(example.request)
            let closest =
                benchmark.map { Double($0.intersection(words).count) / Double(max(1, $0.union(words).count)) }
                .max() ?? 0
            #expect(closest < 0.75, "\(example.request) is a benchmark request")
        }
    }
}
