/// The sun's passages over one place during one Universal Time date: its transit, and the instants it
/// stands at a given altitude before or after the transit.
///
/// Each instant is solved by iteration with the sun's declination and the equation of time taken at that
/// instant (`SolarPosition`), until two passes agree within half a second. Instants are Unix seconds.
struct SolarDay {
    let latitude: Double
    let longitude: Double
    /// 0h UT of the date.
    let midnight: Double
    /// When the sun crosses the meridian: apparent noon.
    let transit: Double
    /// The sun's declination at the transit, which sets the noon shadow that Asr is measured from.
    let noonDeclination: Double

    init(date: LocalDay, latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        midnight = Double(date.ordinal * LocalDay.secondsPerCivilDay)
        var instant = midnight + (12 - longitude / 15) * 3600
        var position = SolarPosition(unixSeconds: instant)
        for _ in 0..<3 {
            instant = midnight + (12 - longitude / 15 - position.equationOfTime / 60) * 3600
            position = SolarPosition(unixSeconds: instant)
        }
        transit = instant
        noonDeclination = position.declination
    }

    /// The instant the sun's centre stands at `altitude` degrees (negative below the horizon) before the
    /// transit or after it; nil when it never does that day.
    ///
    /// Whether a low altitude is reached at all is decided with the declination at the deepest of that
    /// night (the antitransit), where the sun comes nearest to it: the declination at noon is up to half a
    /// day off, which on the nights a twilight starts or stops ending turns a time into none.
    func crossing(altitude: Double, afterTransit: Bool) -> Double? {
        var hours: Double
        switch hourAngle(altitude: altitude, declination: noonDeclination) {
        case .hours(let value): hours = value
        case .neverThatHigh: return nil
        case .neverThatLow: hours = 12
        }
        var instant = transit
        for _ in 0..<10 {
            let next = instantAt(hours: hours, after: afterTransit, from: instant)
            if abs(next - instant) < 0.5 { return next }
            instant = next
            guard case .hours(let value) = hourAngle(altitude: altitude, declination: SolarPosition(unixSeconds: instant).declination) else {
                return nil
            }
            hours = value
        }
        return instant
    }

    /// The instant `hours` before or after apparent noon, with the equation of time at `near`.
    private func instantAt(hours: Double, after: Bool, from near: Double) -> Double {
        let equation = SolarPosition(unixSeconds: near).equationOfTime
        return midnight + (12 - longitude / 15 - equation / 60 + (after ? hours : -hours)) * 3600
    }

    /// When Asr begins: the sun's altitude at which a stick's shadow is its noon shadow plus
    /// `shadowFactor` times its length, after the transit; nil when the sun does not stand that high.
    func asr(shadowFactor: Double) -> Double? {
        let noonZenith = abs(latitude - noonDeclination)
        guard noonZenith < 90 else { return nil }
        let altitude = DegreeMath.atan(1 / (shadowFactor + DegreeMath.tan(noonZenith)))
        return crossing(altitude: altitude, afterTransit: true)
    }

    /// How far from the transit, in hours, the sun stands at an altitude on a day of one declination.
    private enum HourAngle {
        case hours(Double)
        /// Higher than the sun stands at noon.
        case neverThatHigh
        /// Lower than the sun sinks at the deepest of the night.
        case neverThatLow
    }

    private func hourAngle(altitude: Double, declination: Double) -> HourAngle {
        let cosine = (DegreeMath.sin(altitude) - DegreeMath.sin(latitude) * DegreeMath.sin(declination))
            / (DegreeMath.cos(latitude) * DegreeMath.cos(declination))
        guard cosine.isFinite else { return .neverThatHigh }
        if cosine > 1 { return .neverThatHigh }
        if cosine < -1 { return .neverThatLow }
        return .hours(DegreeMath.acos(cosine) / 15)
    }
}
