import Foundation

/// The sun's declination and the equation of time at one instant, from Jean Meeus, *Astronomical
/// Algorithms* (2nd ed., 1998): the Julian day (chapter 7), the sun's apparent place to about 0.01°
/// (chapter 25), the obliquity of the ecliptic and the nutation in longitude (chapter 22), and the
/// equation of time (chapter 28).
///
/// The instant is taken as Universal Time where Meeus asks for Dynamical Time: the difference (about
/// 70 s) moves the sun by 0.001°, under a second of any prayer time.
struct SolarPosition {
    /// Degrees north (positive) or south of the celestial equator.
    let declination: Double
    /// Minutes by which apparent solar time runs ahead of mean solar time (positive in early November,
    /// negative in February).
    let equationOfTime: Double

    /// The Julian day of an instant (chapter 7): days since noon UT on 1 January 4713 BC.
    static func julianDay(_ unixSeconds: Double) -> Double {
        unixSeconds / 86_400 + 2_440_587.5
    }

    init(unixSeconds: Double) {
        let t = (SolarPosition.julianDay(unixSeconds) - 2_451_545.0) / 36_525 // Julian centuries from J2000.0
        // Chapter 25: mean longitude, mean anomaly and the equation of the centre give the true longitude.
        let meanLongitude = Angle.normalized(280.46646 + 36_000.76983 * t + 0.0003032 * t * t)
        let meanAnomaly = 357.52911 + 35_999.05029 * t - 0.0001537 * t * t
        let centre = (1.914602 - 0.004817 * t - 0.000014 * t * t) * Angle.sin(meanAnomaly)
            + (0.019993 - 0.000101 * t) * Angle.sin(2 * meanAnomaly)
            + 0.000289 * Angle.sin(3 * meanAnomaly)
        let trueLongitude = meanLongitude + centre
        // The apparent longitude: aberration and the main term of nutation.
        let node = 125.04 - 1_934.136 * t
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * Angle.sin(node)
        // Chapter 22: the mean obliquity, corrected for the apparent place.
        let seconds = 21.448 - 46.8150 * t - 0.00059 * t * t + 0.001813 * t * t * t
        let meanObliquity = 23 + (26 + seconds / 60) / 60
        let obliquity = meanObliquity + 0.00256 * Angle.cos(node)
        declination = Angle.asin(Angle.sin(obliquity) * Angle.sin(apparentLongitude))
        let rightAscension = Angle.normalized(Angle.atan2(Angle.cos(obliquity) * Angle.sin(apparentLongitude),
                                                          Angle.cos(apparentLongitude)))
        // Chapter 22's short series for the nutation in longitude, in degrees.
        let sunLongitude = 280.4665 + 36_000.7698 * t
        let moonLongitude = 218.3165 + 481_267.8813 * t
        let nutation = (-17.20 * Angle.sin(node) - 1.32 * Angle.sin(2 * sunLongitude)
            - 0.23 * Angle.sin(2 * moonLongitude) + 0.21 * Angle.sin(2 * node)) / 3600
        // Chapter 28: E = L0 - 0.0057183° - α + Δψ cos ε, four minutes a degree.
        let degrees = Angle.signed(meanLongitude - 0.0057183 - rightAscension + nutation * Angle.cos(obliquity))
        equationOfTime = degrees * 4
    }
}

/// Trigonometry in degrees, and angles brought into range.
enum Angle {
    static func sin(_ degrees: Double) -> Double { Foundation.sin(degrees * .pi / 180) }
    static func cos(_ degrees: Double) -> Double { Foundation.cos(degrees * .pi / 180) }
    static func tan(_ degrees: Double) -> Double { Foundation.tan(degrees * .pi / 180) }
    static func asin(_ value: Double) -> Double { Foundation.asin(value) * 180 / .pi }
    static func acos(_ value: Double) -> Double { Foundation.acos(value) * 180 / .pi }
    static func atan(_ value: Double) -> Double { Foundation.atan(value) * 180 / .pi }
    static func atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) * 180 / .pi }

    /// `degrees` brought into 0 ..< 360.
    static func normalized(_ degrees: Double) -> Double {
        let value = degrees.truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }

    /// `degrees` brought into -180 ..< 180.
    static func signed(_ degrees: Double) -> Double {
        let value = normalized(degrees)
        return value >= 180 ? value - 360 : value
    }
}
