import Glibc

extension SeenMemo {
    /// The gate memo's text (``SeenMemo``), written and read as bytes: lines of lowercase hex
    /// (strings, as their UTF-8 bytes, so that no path or name can break a line) and decimal
    /// numbers. Kept to plain byte loops, so that a launch answered from the memo runs little code.
    enum Text {
        /// The fields of the memo's last two lines: the record.
        struct Record {
            var walkthrough: String
            var version: Int
            var outcome: SeenRecord.Outcome
            var lastPage: Int
            var updatedAt: Timestamp
        }

        /// The lowercase hex digit of `nibble` (0 to 15).
        private static func digit(_ nibble: UInt8) -> UInt8 {
            nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }

        /// Whether `text` starts with `prefix`.
        static func starts(_ text: [UInt8], with prefix: [UInt8]) -> Bool {
            guard text.count >= prefix.count else { return false }
            return text.withUnsafeBytes { whole in
                prefix.withUnsafeBytes {
                    equal(UnsafeRawBufferPointer(rebasing: whole[0..<$0.count]), $0)
                }
            }
        }

        /// Whether `left` and `right` hold the same bytes, compared with `memcmp`: the memo's
        /// path runs no generic `elementsEqual` (each specialization is code on a page of its
        /// own).
        static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
            guard left.count == right.count else { return false }
            return left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
        }

        /// Appends `text`'s UTF-8 bytes as hex digits, two a byte.
        static func appendHex(_ text: String, to bytes: inout [UInt8]) {
            for byte in text.utf8 {
                bytes.append(digit(byte >> 4))
                bytes.append(digit(byte & 0x0F))
            }
        }

        /// Appends `value` as 16 hex digits.
        static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digit(UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0x0F))
            }
        }

        /// Appends `value` in decimal, with a `-` when it is negative.
        static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var reversed: [UInt8] = []
            repeat {
                reversed.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes += reversed.reversed()
        }

        /// Appends the record's two lines: the walkthrough's id, then its version, outcome, last
        /// page and time.
        static func appendRecord(_ record: SeenRecord, to bytes: inout [UInt8]) {
            appendHex(record.walkthrough, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            appendDecimal(Int64(record.version), to: &bytes)
            bytes.append(UInt8(ascii: " "))
            bytes += record.outcome.rawValue.utf8
            bytes.append(UInt8(ascii: " "))
            appendDecimal(Int64(record.lastPage), to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendDecimal(record.updatedAt.millisecondsSince1970, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }

        /// The record in the memo's last two lines, or `nil` when they are not exactly what
        /// ``appendRecord(_:to:)`` writes for a record that counts as seen.
        static func record(_ text: ArraySlice<UInt8>) -> Record? {
            var rest = text
            guard let id = field(of: &rest, endingWith: UInt8(ascii: "\n")),
                let walkthrough = string(hex: id), !walkthrough.isEmpty,
                let versionField = field(of: &rest, endingWith: UInt8(ascii: " ")),
                let version = decimal(versionField), version >= 1,
                let outcomeName = field(of: &rest, endingWith: UInt8(ascii: " ")),
                let lastPageField = field(of: &rest, endingWith: UInt8(ascii: " ")),
                let lastPage = decimal(lastPageField), lastPage >= 0,
                let updatedAtField = field(of: &rest, endingWith: UInt8(ascii: "\n")),
                let updatedAt = decimal(updatedAtField), rest.isEmpty
            else { return nil }
            let outcome: SeenRecord.Outcome
            if spells(outcomeName, "completed") {
                outcome = .completed
            } else if spells(outcomeName, "skipped") {
                outcome = .skipped
            } else {
                return nil
            }
            return Record(
                walkthrough: walkthrough, version: Int(version), outcome: outcome,
                lastPage: Int(lastPage), updatedAt: Timestamp(millisecondsSince1970: updatedAt))
        }

        /// Whether `bytes` are exactly `word`'s.
        private static func spells(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
            bytes.withUnsafeBytes {
                equal(
                    $0,
                    UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
            }
        }

        /// The bytes of `rest` before the first `separator`, which is then dropped with them;
        /// `nil` when there is none.
        private static func field(
            of rest: inout ArraySlice<UInt8>, endingWith separator: UInt8
        ) -> ArraySlice<UInt8>? {
            guard let end = rest.firstIndex(of: separator) else { return nil }
            let found = rest[rest.startIndex..<end]
            rest = rest[(end + 1)...]
            return found
        }

        /// The string whose UTF-8 bytes `hex` spells, or `nil` when it is not lowercase hex of
        /// valid UTF-8.
        private static func string(hex: ArraySlice<UInt8>) -> String? {
            guard hex.count % 2 == 0 else { return nil }
            func value(_ digit: UInt8) -> UInt8? {
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
                default: nil
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(hex.count / 2)
            var index = hex.startIndex
            while index < hex.endIndex {
                guard let high = value(hex[index]), let low = value(hex[index + 1]) else {
                    return nil
                }
                bytes.append(high << 4 | low)
                index += 2
            }
            let text = String(decoding: bytes, as: UTF8.self)
            // Decoding repairs what is not UTF-8: then the bytes differ. (Compared as contiguous
            // bytes: the view's generic iteration would cost the launch the runtime's metadata.)
            let same = text.utf8.withContiguousStorageIfAvailable { decoded in
                bytes.withUnsafeBytes { equal(UnsafeRawBufferPointer(decoded), $0) }
            }
            return same == true ? text : nil
        }

        /// The decimal number `digits` spells (an optional `-`, then 1 to 18 digits).
        private static func decimal(_ digits: ArraySlice<UInt8>) -> Int64? {
            var rest = digits
            let negative = rest.first == UInt8(ascii: "-")
            if negative { rest = rest.dropFirst() }
            guard !rest.isEmpty, rest.count <= 18 else { return nil }
            var value: Int64 = 0
            for digit in rest {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return negative ? -value : value
        }
    }
}
