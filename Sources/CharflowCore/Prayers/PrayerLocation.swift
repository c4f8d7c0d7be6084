/// Where the prayer times are for: latitude and longitude in degrees (north and east positive) and,
/// optionally, the elevation in metres above sea level.
///
/// Elevation lowers the horizon a person on high ground sees, so the sun rises earlier and sets later
/// there (see `PrayerCalculation`); the times measured by the sun's angle below the horizon do not move.
public struct PrayerLocation: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double
    /// Metres above sea level; nil when not given, which counts as sea level.
    public let elevation: Double?

    public static let latitudes = -90.0...90.0
    public static let longitudes = -180.0...180.0
    /// From the shore of the Dead Sea to above the highest summit.
    public static let elevations = -500.0...9000.0

    /// A location, or nil when a value is not finite or outside its range.
    public init?(latitude: Double, longitude: Double, elevation: Double? = nil) {
        guard PrayerLocation.fault(latitude: latitude, longitude: longitude, elevation: elevation) == nil else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }

    /// Reads `word`'s form back; nil for anything else.
    public init?(word: String) {
        guard let location = try? PrayerLocation.parse(word) else { return nil }
        self = location
    }

    /// Parses `LATITUDE,LONGITUDE` or `LATITUDE,LONGITUDE,ELEVATION` (`51.5074,-0.1278`,
    /// `21.4225,39.8262,277`), spaces after the commas allowed; refuses anything else, naming the value
    /// that is out of range.
    public static func parse(_ text: String) throws(InputError) -> PrayerLocation {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { PrayerWords.trimmed($0) }
        guard parts.count == 2 || parts.count == 3 else { throw .badLocation(text, .form) }
        var numbers: [Double] = []
        for part in parts {
            guard let number = number(part) else { throw .badLocation(text, .form) }
            numbers.append(number)
        }
        let elevation = numbers.count == 3 ? numbers[2] : nil
        if let fault = fault(latitude: numbers[0], longitude: numbers[1], elevation: elevation) {
            throw .badLocation(text, fault)
        }
        return PrayerLocation(latitude: numbers[0], longitude: numbers[1], elevation: elevation)!
    }

    /// The settings store's form, which `parse` reads back: `51.5074,-0.1278` or `51.5074,-0.1278,35`.
    public var word: String {
        let place = PrayerLocation.text(latitude) + "," + PrayerLocation.text(longitude)
        guard let elevation else { return place }
        return place + "," + PrayerLocation.text(elevation)
    }

    /// Plain decimal digits with an optional sign and point: no exponent, no `nan` or `inf`.
    private static func number(_ text: String) -> Double? {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !body.isEmpty, body.count <= 24, body != ".",
              pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Double(text)
    }

    private static func fault(latitude: Double, longitude: Double, elevation: Double?) -> InputError.LocationFault? {
        guard latitude.isFinite, latitudes.contains(latitude) else { return .latitude }
        guard longitude.isFinite, longitudes.contains(longitude) else { return .longitude }
        if let elevation, !elevation.isFinite || !elevations.contains(elevation) { return .elevation }
        return nil
    }

    /// `35` for a whole number, else the shortest decimal that reads back as the same value.
    private static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
