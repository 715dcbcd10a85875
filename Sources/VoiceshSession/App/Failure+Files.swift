/// The words for files a command reads or writes: text files, config.toml, recordings.
extension Failure {
    package static func describe(_ problem: TextFileProblem) -> String {
        switch problem {
        case .missing(let path): "cannot read \(path): no such file"
        case .unreadable(let path): "cannot read \(path): permission denied or not a regular file"
        case .notUTF8(let path): "cannot read \(path): not UTF-8 text"
        }
    }

    package static func describe(_ problem: ConfigFileProblem) -> String {
        switch problem {
        case .notSet(let key, let path): "\(key) is not set in \(path)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }

    package static func describe(_ problem: AudioFileProblem) -> String {
        switch problem {
        case .cannotRead(let file, let reason): "cannot read \(file == "-" ? "standard input" : file): \(reason)"
        case .cannotWrite(let file): "cannot write \(file); check the directory exists and is writable"
        }
    }
}
