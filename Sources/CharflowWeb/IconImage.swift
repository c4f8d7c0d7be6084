import CZlib

/// The app's icon as a PNG of a given size, for the home screens that take no SVG (rule M-5).
///
/// iOS puts a page on its home screen with the `apple-touch-icon` (a PNG, which it rounds itself), and
/// Android's launcher masks a `maskable` icon to its own shape, cutting up to a tenth from each side. Both
/// are drawn here from the same shapes as `PublicFiles.icon` (the SVG, in its 64-unit square), each pixel
/// from 4 × 4 samples, so the edges are smooth. `rounded` keeps the SVG's rounded square with transparent
/// corners; `fullBleed` fills the square and shrinks the marks into the middle four fifths, the safe zone.
enum IconImage {
    enum Shape: Sendable { case rounded, fullBleed }

    /// The icon at `size` × `size` pixels, PNG-encoded; nil when zlib cannot be opened.
    static func png(size: Int, shape: Shape) -> [UInt8]? {
        PNGFile.encode(width: size, height: size, rgba: pixels(size: size, shape: shape))
    }

    private struct Colour { var r, g, b: Double }
    private static let accent = Colour(r: 0x1F, g: 0x6A, b: 0x58)
    private static let white = Colour(r: 255, g: 255, b: 255)

    /// The three region bars (x, y, width, opacity) of the SVG, each 7 high with ends of radius 3.5.
    private static let bars: [(x: Double, y: Double, width: Double, opacity: Double)] = [
        (12, 14, 26, 1), (12, 28.5, 20, 0.8), (12, 43, 14, 0.6),
    ]
    /// The tick: a line 5 wide through these points, with round ends and joins.
    private static let tick: [(Double, Double)] = [(36, 40), (42, 46), (53, 33)]

    private static func pixels(size: Int, shape: Shape) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size * size * 4)
        let samples = 4
        let unit = 64 / Double(size)
        for row in 0..<size {
            for column in 0..<size {
                // A pixel no edge comes near is one colour: one sample does (most of the icon).
                let centre = (x: (Double(column) + 0.5) * unit, y: (Double(row) + 0.5) * unit)
                let single = edgeDistance(x: centre.x, y: centre.y, shape: shape) > unit
                var sum = Colour(r: 0, g: 0, b: 0)
                var covered = 0
                let grid = single ? 1 : samples
                for sy in 0..<grid {
                    for sx in 0..<grid {
                        let x = single ? centre.x : (Double(column) + (Double(sx) + 0.5) / Double(samples)) * unit
                        let y = single ? centre.y : (Double(row) + (Double(sy) + 0.5) / Double(samples)) * unit
                        guard let colour = colour(x: x, y: y, shape: shape) else { continue }
                        covered += 1
                        sum.r += colour.r; sum.g += colour.g; sum.b += colour.b
                    }
                }
                let at = (row * size + column) * 4
                if covered > 0 {
                    out[at] = UInt8((sum.r / Double(covered)).rounded())
                    out[at + 1] = UInt8((sum.g / Double(covered)).rounded())
                    out[at + 2] = UInt8((sum.b / Double(covered)).rounded())
                }
                out[at + 3] = UInt8((255 * Double(covered) / Double(grid * grid)).rounded())
            }
        }
        return out
    }

    /// The marks' coordinates of the square's (x, y): the same, or shrunk into the safe zone.
    private static func marks(x: Double, y: Double, shape: Shape) -> (Double, Double) {
        shape == .rounded ? (x, y) : (32 + (x - 32) / 0.8, 32 + (y - 32) / 0.8)
    }

    /// The colour at (x, y) of the 64-unit square, or nil outside the icon (a rounded icon's corners).
    private static func colour(x: Double, y: Double, shape: Shape) -> Colour? {
        if shape == .rounded, roundedRect(x: x, y: y, left: 0, top: 0, width: 64, height: 64, radius: 14) > 0 { return nil }
        let (mx, my) = marks(x: x, y: y, shape: shape)
        var colour = accent
        for bar in bars where roundedRect(x: mx, y: my, left: bar.x, top: bar.y, width: bar.width, height: 7, radius: 3.5) <= 0 {
            colour = blend(colour, white, bar.opacity)
        }
        for index in 1..<tick.count where distance(x: mx, y: my, from: tick[index - 1], to: tick[index]) <= 2.5 {
            colour = white
        }
        return colour
    }

    /// How far (x, y) is from the nearest edge of any shape, in the square's units.
    private static func edgeDistance(x: Double, y: Double, shape: Shape) -> Double {
        var nearest = Double.infinity
        if shape == .rounded { nearest = abs(roundedRect(x: x, y: y, left: 0, top: 0, width: 64, height: 64, radius: 14)) }
        let (mx, my) = marks(x: x, y: y, shape: shape)
        // The marks' units are larger than the square's when shrunk: measured back in the square's.
        let scale = shape == .rounded ? 1 : 0.8
        for bar in bars {
            nearest = min(nearest, abs(roundedRect(x: mx, y: my, left: bar.x, top: bar.y, width: bar.width, height: 7, radius: 3.5)) * scale)
        }
        for index in 1..<tick.count {
            nearest = min(nearest, abs(distance(x: mx, y: my, from: tick[index - 1], to: tick[index]) - 2.5) * scale)
        }
        return nearest
    }

    private static func blend(_ under: Colour, _ over: Colour, _ opacity: Double) -> Colour {
        Colour(r: under.r + (over.r - under.r) * opacity, g: under.g + (over.g - under.g) * opacity,
               b: under.b + (over.b - under.b) * opacity)
    }

    /// The signed distance from (x, y) to a rounded rectangle's edge: negative inside.
    private static func roundedRect(x: Double, y: Double, left: Double, top: Double, width: Double, height: Double, radius: Double) -> Double {
        let qx = abs(x - (left + width / 2)) - (width / 2 - radius)
        let qy = abs(y - (top + height / 2)) - (height / 2 - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    /// The distance from (x, y) to the segment from `a` to `b`.
    private static func distance(x: Double, y: Double, from a: (Double, Double), to b: (Double, Double)) -> Double {
        let (vx, vy) = (b.0 - a.0, b.1 - a.1)
        let along = max(0, min(1, ((x - a.0) * vx + (y - a.1) * vy) / (vx * vx + vy * vy)))
        let (px, py) = (a.0 + along * vx - x, a.1 + along * vy - y)
        return (px * px + py * py).squareRoot()
    }
}
