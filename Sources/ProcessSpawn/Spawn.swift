import Foundation

/// `posix_spawn` as voicesh starts its children: the signal mask cleared (the session blocks
/// signals it waits for, and a child must not inherit that), `defaults` set back to their
/// default action, optionally a process group of its
/// own (so ^C at the terminal is not for it, and a timeout can kill all it started), and its
/// descriptors set up as the caller says. Shared by the adapters that start programs, which
/// never import each other.
public struct Spawn {
    /// What one of the child's descriptors becomes.
    public enum Descriptor {
        /// A file opened in the child with these `open(2)` flags.
        case file(String, flags: Int32)
        /// A copy of one of ours (`dup2`).
        case copy(Int32)
    }

    public var executable: String
    /// `arguments[0]` is the program's name.
    public var arguments: [String]
    /// The child's descriptors, set up in this order.
    public var descriptors: [(Int32, Descriptor)] = []
    /// Ours to close in the child after `descriptors` are set up.
    public var closing: [Int32] = []
    /// Closes every descriptor from 3 up in the child: descriptors opened without close-on-exec
    /// (by libraries, or by another thread since our pipes were made) end at its exec.
    public var closeOthers = false
    /// A process group of its own.
    public var ownGroup = false
    /// Exactly this environment; nil: ours.
    public var environment: [String: String]?
    /// Signals the child gets with their default action, whatever ours is. SIGPIPE and SIGCHLD:
    /// ignored (as runtimes and test runners do), they would break the child's pipes and its
    /// waits for its own children; the others stay as inherited (`nohup` means it).
    public var defaults: [Int32] = [SIGPIPE, SIGCHLD]

    public init(
        executable: String, arguments: [String], descriptors: [(Int32, Descriptor)] = [], closing: [Int32] = [],
        closeOthers: Bool = false, ownGroup: Bool = false, environment: [String: String]? = nil,
        defaults: [Int32] = [SIGPIPE, SIGCHLD]
    ) {
        self.executable = executable
        self.arguments = arguments
        self.descriptors = descriptors
        self.closing = closing
        self.closeOthers = closeOthers
        self.ownGroup = ownGroup
        self.environment = environment
        self.defaults = defaults
    }

    /// Starts the child and returns its pid.
    public func run() throws(SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, source) in descriptors {
            switch source {
            case .file(let path, let flags): posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0)
            case .copy(let ours): posix_spawn_file_actions_adddup2(&actions, ours, fd)
            }
        }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        if closeOthers { _ = Self.closeFrom?(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // An ignored signal stays ignored across exec: these get their default back.
        var reset = sigset_t()
        sigemptyset(&reset)
        for signal in defaults { sigaddset(&reset, signal) }
        posix_spawnattr_setsigdefault(&attributes, &reset)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc: Int32
        if let environment {
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { envp.forEach { free($0) } }
            rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        } else {
            rc = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        }
        guard rc == 0 else { throw SpawnError(code: rc) }
        return child
    }

    /// Waits for child `pid` to end; its exit status (128 + n for a signal, as shells report it).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which do not import: low 7 bits are the signal, next 8 the code.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not declare (it is behind `_GNU_SOURCE`); nil on a C library without it.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
                return nil
            }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()
}
