import CharflowApp
import CharflowCore
import Foundation

/// A window's density grid for a terminal: week columns × weekday rows from the first weekday,
/// the current week at the right edge, no numerals in cells, the label beside and the read beneath.
struct DensityGridRenderer {
    let output: Output
    /// 24-bit colour where the terminal says it has it (`COLORTERM`), 256 colours otherwise.
    let trueColor: Bool

    init(output: Output, environment: [String: String]) {
        self.output = output
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        trueColor = colorterm == "truecolor" || colorterm == "24bit"
    }

    /// The grid's lines; `cells` run oldest first and end today, `firstDay` starts the oldest column.
    func render(cells: [DensityCell], firstDay: LocalDay, weeks: Int, today: LocalDay, calendar: PlannerCalendar,
                label: String) -> [String] {
        let byDate = Dictionary(uniqueKeysWithValues: cells.map { ($0.date, $0) })
        var lines: [String] = []
        for row in 0..<7 {
            let weekday = firstDay.adding(days: row).weekday
            var line = weekday.shortName + " "
            for week in 0..<weeks {
                let day = firstDay.adding(days: week * 7 + row)
                if day > today {
                    line += "  "
                } else if let cell = byDate[day] {
                    line += glyph(cell) + " "
                } else {
                    line += "  "
                }
            }
            if row == 0 { line += "  " + label }
            lines.append(line)
        }
        return lines
    }

    /// One cell: a coloured square, or a plain glyph without colour.
    func glyph(_ cell: DensityCell) -> String {
        let state: DensityState = cell.isDue ? cell.state : .empty
        guard output.color else {
            switch state {
            case .empty: return cell.isDue ? "·" : " "
            case .missed: return "x"
            case .partialLow: return "░"
            case .partialHigh: return "▒"
            case .complete: return "█"
            }
        }
        if !cell.isDue { return " " }
        let (rgb, code) = DensityGridRenderer.token(state)
        let escape = trueColor ? "38;2;\(rgb.0);\(rgb.1);\(rgb.2)" : "38;5;\(code)"
        return "\u{1B}[" + escape + "m■\u{1B}[0m"
    }

    /// The density tokens: three fill steps and a miss colour, plus the empty cell.
    static func token(_ state: DensityState) -> ((Int, Int, Int), Int) {
        switch state {
        case .empty: ((0x9A, 0xA4, 0xAB), 248)
        case .partialLow: ((0xB8, 0xDD, 0xD0), 151)
        case .partialHigh: ((0x5F, 0xA5, 0x8C), 72)
        case .complete: ((0x1F, 0x6A, 0x58), 29)
        case .missed: ((0xB5, 0x57, 0x3B), 131)
        }
    }

    /// A one-line key under the grid.
    func legend() -> String {
        let sample = { (state: DensityState) in
            glyph(DensityCell(date: LocalDay(ordinal: 0), state: state, amount: 0, target: 1, isDue: true))
        }
        return "\(sample(.complete)) done  \(sample(.partialHigh)) half or more  \(sample(.partialLow)) some  "
            + "\(sample(.missed)) missed  \(sample(.empty)) not yet / nothing"
    }
}
