import Foundation

/// Trigonometry in degrees, and angles brought into range.
enum DegreeMath {
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
