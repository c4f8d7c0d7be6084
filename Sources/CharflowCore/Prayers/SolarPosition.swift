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
        let meanLongitude = DegreeMath.normalized(280.46646 + 36_000.76983 * t + 0.0003032 * t * t)
        let meanAnomaly = 357.52911 + 35_999.05029 * t - 0.0001537 * t * t
        let centre = (1.914602 - 0.004817 * t - 0.000014 * t * t) * DegreeMath.sin(meanAnomaly)
            + (0.019993 - 0.000101 * t) * DegreeMath.sin(2 * meanAnomaly)
            + 0.000289 * DegreeMath.sin(3 * meanAnomaly)
        let trueLongitude = meanLongitude + centre
        // The apparent longitude: aberration and the main term of nutation.
        let node = 125.04 - 1_934.136 * t
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * DegreeMath.sin(node)
        // Chapter 22: the mean obliquity, corrected for the apparent place.
        let seconds = 21.448 - 46.8150 * t - 0.00059 * t * t + 0.001813 * t * t * t
        let meanObliquity = 23 + (26 + seconds / 60) / 60
        let obliquity = meanObliquity + 0.00256 * DegreeMath.cos(node)
        declination = DegreeMath.asin(DegreeMath.sin(obliquity) * DegreeMath.sin(apparentLongitude))
        let rightAscension = DegreeMath.normalized(DegreeMath.atan2(DegreeMath.cos(obliquity) * DegreeMath.sin(apparentLongitude),
                                                          DegreeMath.cos(apparentLongitude)))
        // Chapter 22's short series for the nutation in longitude, in degrees.
        let sunLongitude = 280.4665 + 36_000.7698 * t
        let moonLongitude = 218.3165 + 481_267.8813 * t
        let nutation = (-17.20 * DegreeMath.sin(node) - 1.32 * DegreeMath.sin(2 * sunLongitude)
            - 0.23 * DegreeMath.sin(2 * moonLongitude) + 0.21 * DegreeMath.sin(2 * node)) / 3600
        // Chapter 28: E = L0 - 0.0057183° - α + Δψ cos ε, four minutes a degree.
        let degrees = DegreeMath.signed(meanLongitude - 0.0057183 - rightAscension + nutation * DegreeMath.cos(obliquity))
        equationOfTime = degrees * 4
    }
}
