import Foundation

/// The environment that says where this user's own files are (`HOME`, `XDG_CONFIG_HOME`, `PGPASSFILE`):
/// the process's, unless a run of the command line binds its own for as long as it runs.
///
/// The password file and a blind hub's key file are found through it. A command line run inside a test
/// process binds the environment it was given, so each run has its own home and none of them reads or
/// writes the test process's; the binding is a task-local value, so runs side by side never see each
/// other's. A thread started during a run (the server's, the automatic sync's) sees the process's.
package enum HomeEnvironment {
    /// The environment bound for the current run; nil outside one.
    @TaskLocal package static var bound: [String: String]?

    /// The bound environment, else the process's.
    package static var variables: [String: String] { bound ?? ProcessInfo.processInfo.environment }
}
