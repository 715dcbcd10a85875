import Foundation
import VoiceshCore

/// What `voicesh doctor` found: one check per part, each what was found or what is wrong.
/// A value with no I/O, rendered once, as lines of text or as JSON (`Doctor` finds it).
package struct DoctorReport: Equatable, Sendable {
    package struct Check: Equatable, Sendable {
        package var part: DoctorPart
        package var outcome: Outcome

        package init(_ part: DoctorPart, _ outcome: Outcome) {
            (self.part, self.outcome) = (part, outcome)
        }

        package static func found(_ part: DoctorPart, _ detail: String) -> Check { Check(part, .found(detail)) }
        package static func problem(_ part: DoctorPart, _ problem: DoctorProblem) -> Check {
            Check(part, .problem(problem))
        }

        package var ok: Bool {
            if case .found = outcome { return true }
            return false
        }
    }

    package enum Outcome: Equatable, Sendable {
        /// What works, in a few words ("ALSA device "default": peak -20 dBFS …").
        case found(String)
        case problem(DoctorProblem)
    }

    /// A check as it is printed: what was found or is wrong, and what to do.
    package struct Line: Encodable, Equatable, Sendable {
        package var part: String
        package var ok: Bool
        package var detail: String
        package var advice: String?

        private enum CodingKeys: String, CodingKey { case part, ok, detail, advice }

        /// Every key always, `advice` null on a good line, so a script reads one shape.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(part, forKey: .part)
            try container.encode(ok, forKey: .ok)
            try container.encode(detail, forKey: .detail)
            try container.encode(advice, forKey: .advice)
        }
    }

    package var checks: [Check]

    package init(_ checks: [Check]) { self.checks = checks }

    /// Everything looked at works.
    package var ok: Bool { checks.allSatisfy(\.ok) }

    package var lines: [Line] {
        checks.map { check in
            switch check.outcome {
            case .found(let detail): Line(part: check.part.rawValue, ok: true, detail: detail)
            case .problem(let problem):
                Line(
                    part: check.part.rawValue, ok: false, detail: Failure.describe(problem).detail,
                    advice: Failure.describe(problem).advice)
            }
        }
    }

    /// `✓ part: what was found` or `✗ part: what is wrong; what to do`, one a line.
    package var text: String {
        lines.map { line in
            "\(line.ok ? "✓" : "✗") \(line.part): \(line.detail)" + (line.advice.map { "; \($0)" } ?? "")
        }.joined(separator: "\n")
    }

    /// `{"ok": …, "checks": [{"part", "ok", "detail", "advice"}, …]}`.
    package struct JSON: Encodable {
        package var ok: Bool
        package var checks: [Line]
    }

    package var json: JSON { JSON(ok: ok, checks: lines) }
}
