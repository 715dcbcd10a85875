/// A recording that cannot be read from a file or standard input, or written to a file; the
/// file as the user gave it (`-`: standard input). `Failure` words it.
package enum AudioFileProblem: Error, Equatable {
    case cannotRead(file: String, reason: String)
    case cannotWrite(file: String)
}
