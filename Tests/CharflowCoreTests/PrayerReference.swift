import CharflowCore
import Foundation
import Testing

/// adhanpy's prayer times, computed by `Tests/Support/prayer_reference.py` in one Python process for all
/// the cases a suite asks for.
///
/// Needs Python with `adhanpy`, `hijridate` and `ephem`: `scripts/test` installs them into `.build/python` and
/// names that interpreter in `CHARFLOW_PYTHON`. Without them the tests that use this fail and say so;
/// they never skip.
struct PrayerReference: Sendable {
    /// A place that stresses the computation, with its zone.
    struct Place: Sendable {
        let name: String
        let latitude: Double
        let longitude: Double
        let zone: String

        var location: PrayerLocation { PrayerLocation(latitude: latitude, longitude: longitude)! }
        var timeZone: TimeZone { TimeZone(identifier: zone)! }
    }

    /// One run of days at one place with one set of settings.
    struct Case: Sendable {
        let id: String
        let place: Place
        let settings: PrayerSettings
        let first: LocalDay
        let days: Int
        /// Ask for the times on the zone's wall clock as well.
        var local = false
    }

    /// adhanpy's times for one day, in Unix seconds.
    struct Day: Sendable {
        /// Fajr, sunrise, Dhuhr, Asr, Maghrib, Isha.
        let times: [Int]
        /// Asr with the noon shadow of the declination at the transit (see the script).
        let asrNoon: Int?
        let ramadan: Bool
        /// On a night whose deepest depression is within a degree of the Fajr or Isha angle, or whose
        /// twilight the sun crosses slower than 4° an hour, the time with PyEphem's instant of the angle
        /// in adhanpy's rule (see the script); nil on other nights.
        let fajrNear: Near?
        let ishaNear: Near?
        /// The six times as `YYYY-MM-DD HH:MM` on the zone's wall clock, when asked for.
        let local: [String]?
    }

    /// Fajr or Isha on a night of shallow twilight, by PyEphem's instant of the angle.
    struct Near: Sendable {
        /// The time by adhanpy's rule with PyEphem's instant of the angle.
        let time: Int
        /// The time by the rule's bound alone, as if the angle were never reached.
        let bound: Int
        /// PyEphem's depression of the sun at the deepest of that night, in degrees.
        let depth: Double

        init?(_ value: Any) {
            guard let values = value as? [Any], values.count == 3, let time = (values[0] as? NSNumber)?.intValue,
                  let bound = (values[1] as? NSNumber)?.intValue, let depth = (values[2] as? NSNumber)?.doubleValue else { return nil }
            self.time = time
            self.bound = bound
            self.depth = depth
        }
    }

    static let london = Place(name: "London", latitude: 51.5074, longitude: -0.1278, zone: "Europe/London")
    static let oslo = Place(name: "Oslo", latitude: 59.9139, longitude: 10.7522, zone: "Europe/Oslo")
    static let makkah = Place(name: "Makkah", latitude: 21.4225, longitude: 39.8262, zone: "Asia/Riyadh")
    static let jakarta = Place(name: "Jakarta", latitude: -6.2088, longitude: 106.8456, zone: "Asia/Jakarta")
    static let karachi = Place(name: "Karachi", latitude: 24.8607, longitude: 67.0011, zone: "Asia/Karachi")
    static let cairo = Place(name: "Cairo", latitude: 30.0444, longitude: 31.2357, zone: "Africa/Cairo")
    static let istanbul = Place(name: "Istanbul", latitude: 41.0082, longitude: 28.9784, zone: "Europe/Istanbul")
    static let toronto = Place(name: "Toronto", latitude: 43.6532, longitude: -79.3832, zone: "America/Toronto")
    static let sydney = Place(name: "Sydney", latitude: -33.8688, longitude: 151.2093, zone: "Australia/Sydney")
    static let anchorage = Place(name: "Anchorage", latitude: 61.2181, longitude: -149.9003, zone: "America/Anchorage")

    /// The ten places of issue 38.
    static let places = [london, oslo, makkah, jakarta, karachi, cairo, istanbul, toronto, sydney, anchorage]

    let days: [String: [Day?]]

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support").appendingPathComponent("prayer_reference.py")
    }

    static let install = "Run the tests with `scripts/test`, which installs them, or `pip install adhanpy hijridate ephem`."

    /// What went wrong running the reference, in a sentence the failing test shows.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the script once for `cases`.
    static func run(_ cases: [Case]) throws -> PrayerReference {
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw Failure(description: "the reference script is missing at \(script.path)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-prayers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let requestFile = folder.appendingPathComponent("request.json")
        let request: [[String: Any]] = cases.map { item in
            var adjustments: [String: Int] = [:]
            for prayer in Prayer.allCases { adjustments[prayer.word] = item.settings.adjustments[prayer] }
            return [
                "id": item.id, "latitude": item.place.latitude, "longitude": item.place.longitude,
                "timezone": item.place.zone, "method": item.settings.method.word, "asr": item.settings.asr.word,
                "highLatitude": item.settings.highLatitude.word, "adjustments": adjustments,
                "first": item.first.description, "days": item.days, "local": item.local,
            ]
        }
        try JSONSerialization.data(withJSONObject: ["cases": request]).write(to: requestFile)

        let outFile = folder.appendingPathComponent("stdout.json")
        let errFile = folder.appendingPathComponent("stderr.txt")
        try Data().write(to: outFile)
        try Data().write(to: errFile)
        let process = Process()
        // `scripts/test` names the interpreter of its virtual environment; otherwise python3 from PATH.
        if let python = ProcessInfo.processInfo.environment["CHARFLOW_PYTHON"], !python.isEmpty {
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script.path, requestFile.path]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, requestFile.path]
        }
        let out = try FileHandle(forWritingTo: outFile)
        let err = try FileHandle(forWritingTo: errFile)
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not start \(process.executableURL?.path ?? "python3"): \(error). \(install)")
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = try Data(contentsOf: outFile)
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        let head = String(decoding: stdout.prefix(400), as: UTF8.self)
        switch process.terminationStatus {
        case 0: break
        case 127: throw Failure(description: "python3 is not on PATH, so adhanpy cannot be run. \(install) \(stderr)")
        case 3: throw Failure(description: "Python modules are missing: \(head) \(stderr) \(install)")
        default: throw Failure(description: "prayer_reference.py exited \(process.terminationStatus): \(head) \(stderr)")
        }
        guard let json = try JSONSerialization.jsonObject(with: stdout) as? [String: Any], json["ok"] as? Bool == true,
              let all = json["cases"] as? [String: [Any]] else {
            throw Failure(description: "prayer_reference.py printed no verdict: \(head) \(stderr)")
        }
        var days: [String: [Day?]] = [:]
        for item in cases {
            guard let rows = all[item.id], rows.count == item.days else {
                throw Failure(description: "adhanpy gave no times, or too few, for \(item.id)")
            }
            days[item.id] = rows.map { row in
                guard let values = row as? [Any], values.count >= 10 else { return nil }
                return Day(times: values[0..<6].compactMap { ($0 as? NSNumber)?.intValue },
                           asrNoon: (values[6] as? NSNumber)?.intValue,
                           ramadan: (values[7] as? Bool) ?? false,
                           fajrNear: Near(values[8]),
                           ishaNear: Near(values[9]),
                           local: values.count > 10 ? values[10] as? [String] : nil)
            }
        }
        return PrayerReference(days: days)
    }
}
