/// What the calendar engine knows of the process it runs in, given by the caller: the library reads no
/// environment variable itself.
///
/// The command line builds it from its environment (`init(environment:workingDirectory:)`); tests
/// give a HOME of their own, so that `~/.netrc` is theirs.
public struct CalendarEnvironment: Sendable, Hashable {
    /// The home folder, where `.netrc` is looked for and `~` in a path leads; nil when unknown.
    public var home: String?
    /// The folder a relative path is read from.
    public var workingDirectory: String
    /// The proxy every request goes through (`https_proxy`), or nil for none.
    public var proxy: String?
    /// Hosts reached without the proxy (`no_proxy`); loopback addresses always are.
    public var noProxy: String?

    public init(home: String?, workingDirectory: String, proxy: String? = nil, noProxy: String? = nil) {
        self.home = home
        self.workingDirectory = workingDirectory
        self.proxy = proxy
        self.noProxy = noProxy
    }

    /// The environment a command runs in: HOME, and the proxy variables curl's own tool reads
    /// (`https_proxy`, `HTTPS_PROXY`, `all_proxy`, `ALL_PROXY`; `no_proxy`, `NO_PROXY`).
    public init(environment: [String: String], workingDirectory: String) {
        func first(_ names: [String]) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        self.init(home: first(["HOME"]), workingDirectory: workingDirectory,
                  proxy: first(["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]),
                  noProxy: first(["no_proxy", "NO_PROXY"]))
    }

    /// `path` made absolute: `~/…` from the home folder, a relative path from the working directory.
    public func absolute(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/"), let home {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") { return path }
        let base = workingDirectory.hasSuffix("/") ? String(workingDirectory.dropLast()) : workingDirectory
        return base + "/" + path
    }

    /// Where `.netrc` is, when the home folder is known.
    var netrcPath: String? {
        home.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/.netrc" }
    }
}
