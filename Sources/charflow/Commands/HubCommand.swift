import CharflowApp
import CharflowCore

/// `charflow hub init URL`: make a PostgreSQL database a sync hub (spec D18); `charflow hub switch
/// URL`: move this device to another hub (rule Y-16); `charflow hub erase --yes`: remove every
/// device's data from the hub (rule Y-27); `charflow hub devices` and `hub forget DEVICE`: list the
/// hub's devices and take a lost one off the list (rule Y-31).
enum HubCommand: CommandGroup {
    static let name = "hub"
    static let usage = "charflow hub init URL | switch URL [--passphrase-file FILE] | devices | forget DEVICE | erase --yes [--hub URL]"
    static let summary = "Set up a PostgreSQL database as the hub devices sync through, move to another, list or forget devices, or erase it"
    static var subcommands: [any Command.Type] { [Init.self, Switch.self, Devices.self, Forget.self, Erase.self] }

    /// A hub's connection string, and a blind hub's passphrase file.
    struct HubAddress: Decodable {
        var url: String
        var passphraseFile: String?

        enum CodingKeys: String, CodingKey {
            case url
            case passphraseFile = "passphrase-file"
        }
    }

    /// The hub to ask, when not the remembered one.
    struct HubOption: Decodable {
        var hub: String?
    }

    /// `hub init URL`.
    enum Init: TypedCommand {
        static let name = "init"
        typealias Input = HubAddress
        static let positions = ["url"]
        static let usage = HubCommand.usage
        static let summary = HubCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app(holdingCommits: false)
                .setUpHub(url: input.url, passphrase: try PassphraseInput.from(file: input.passphraseFile, context))
            context.output.emit(text: SyncMessages.hubReady(version: report.schemaVersion), json: report.json)
        }
    }

    /// `hub switch URL`.
    enum Switch: TypedCommand {
        static let name = "switch"
        typealias Input = HubAddress
        static let positions = ["url"]
        static let usage = HubCommand.usage
        static let summary = HubCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app(holdingCommits: false)
                .switchHub(url: input.url, passphrase: try PassphraseInput.from(file: input.passphraseFile, context))
            context.output.emit(text: report.switched ? SyncMessages.hubSwitched : SyncMessages.alreadyOnHub, json: report.json)
        }
    }

    /// `hub devices [--hub URL]`.
    enum Devices: TypedCommand {
        static let name = "devices"
        typealias Input = HubOption
        static let usage = HubCommand.usage
        static let summary = HubCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let choice = HubChoice(hub: input.hub, environmentHub: context.environment["CHARFLOW_HUB"])
            let report = try context.app(holdingCommits: false).listHubDevices(choice)
            context.output.emit(text: report.text, json: report.json)
        }
    }

    /// `hub forget DEVICE [--hub URL]`.
    enum Forget: TypedCommand {
        static let name = "forget"
        static let positions = ["device"]
        static let usage = HubCommand.usage
        static let summary = HubCommand.summary

        /// The device to take off the hub's list.
        struct Input: Decodable {
            var device: String
            var hub: String?
        }

        static func run(_ input: Input, _ context: Context) throws {
            let choice = HubChoice(hub: input.hub, environmentHub: context.environment["CHARFLOW_HUB"])
            let report = try context.app(holdingCommits: false).forgetHubDevice(input.device, on: choice)
            context.output.emit(text: SyncMessages.deviceForgotten(report.device), json: report.json)
        }
    }

    /// `hub erase --yes [--hub URL]`.
    enum Erase: TypedCommand {
        static let name = "erase"
        static let usage = HubCommand.usage
        static let summary = HubCommand.summary

        /// The confirmation, and the hub when not the remembered one.
        struct Input: Decodable {
            var yes: Bool?
            var hub: String?
        }

        static func run(_ input: Input, _ context: Context) throws {
            let erase = HubEraseInput(hub: input.hub, environmentHub: context.environment["CHARFLOW_HUB"],
                                      confirmed: input.yes == true)
            let report = try context.app(holdingCommits: false).eraseHub(erase)
            context.output.emit(text: SyncMessages.hubErased(report.hub), json: report.json)
        }
    }
}
