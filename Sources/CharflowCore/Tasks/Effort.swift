/// The effort estimate's rules: 15-minute steps up to eight hours, or no estimate.
public enum Effort {
    public static let step = 15
    public static let maximum = 480

    /// Parses minutes or `none` (nil); refuses anything off the 15-minute grid or over 8 hours.
    public static func parse(_ text: String) throws(InputError) -> Int? {
        if text.lowercased() == "none" { return nil }
        guard let minutes = Int(text), minutes > 0, minutes <= maximum, minutes % step == 0 else {
            throw .badEffort(text)
        }
        return minutes
    }
}
