/// Number formatting for the tables: thousands separators, a few significant digits.
enum Format {
    /// `1,000,000`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// A measured value: integers with separators from 100 up, 3 significant digits below.
    static func value(_ value: Double) -> String {
        if !value.isFinite { return String(value) }
        if value.magnitude >= 100 { return count(Int(value.rounded())) }
        if value.magnitude >= 10 { return fixed(value, decimals: 1) }
        if value.magnitude >= 1 { return fixed(value, decimals: 2) }
        return fixed(value, decimals: 3)
    }

    /// A ratio: `12.3×`, `1.04×`, `0.298×`: three decimals below 1, where targets such as
    /// ≥ 0.3× sit and two would round 0.298 up to one that is met.
    static func ratio(_ value: Double) -> String {
        let decimals = value >= 10 ? 1 : value >= 1 ? 2 : 3
        return fixed(value, decimals: decimals) + "×"
    }

    /// Milliseconds with a unit.
    static func milliseconds(_ value: Double) -> String { self.value(value) + " ms" }

    /// `value` with exactly `decimals` decimals.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        var text = String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return value < 0 ? "-" + text : text
    }

    /// A JSON number: integers without a fraction, others with up to 4 decimals.
    static func json(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int(value)) }
        let magnitude = value.magnitude
        if magnitude < 0.001 { return String(value) }
        let decimals = magnitude >= 100 ? 2 : magnitude >= 1 ? 4 : 6
        return fixed(value, decimals: decimals)
    }
}
