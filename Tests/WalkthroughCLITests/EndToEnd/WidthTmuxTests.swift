import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// Every script at its true width in a real terminal: `walkthrough play` in tmux at 30 and 31
/// columns, with paragraphs of Thai, Devanagari, halfwidth katakana, CJK and emoji. The bytes
/// the player writes (`pipe-pane`) are cut into rows and each row is measured with Python's
/// `wcwidth` (``WidthReference``): no row is wider than the pane, and every paragraph's text is
/// on the screen, whole and in order, both in those bytes and in what tmux shows.
@Suite(.serialized)
struct WidthTmuxTests {
    /// No family emoji of four people: tmux keeps at most 21 bytes of a cell, so it drops the
    /// last of them on its own screen, whatever the player counted.
    static let paragraphs: [(String, String)] = [
        ("Thai", "ยินดีต้อนรับสู่แอปพลิเคชันของเรา น้ำเปล่าหนึ่งแก้ว และข้าวผัดกุ้งหนึ่งจาน กำลังโหลดข้อมูล โปรดรอสักครู่"),
        (
            "Devanagari",
            "हमारे ऐप में आपका स्वागत है। किसी भी समय आगे बढ़ने के लिए दायाँ तीर दबाएँ। क्षमा करें, हिंदी की मात्राएँ कि और की दो खाने लेती हैं।"
        ),
        ("Halfwidth", "ｶﾞｲﾄﾞを始めます。ﾊﾟｽﾜｰﾄﾞは後から変更できます。ﾃﾞｰﾀﾍﾞｰｽとｷｰﾎﾞｰﾄﾞの設定もﾊﾞｯｸｱｯﾌﾟされます。"),
        ("CJK", "把你最喜愛的餐廳釘選起來，建立屬於你自己的美食指南。「輸入店名、地址或料理種類」，就能立刻看到結果（包括營業時間）。"),
        (
            "Emoji",
            "Welcome 👋 pin places 📍 chef 👨‍🍳 coffee ☕ tea 🍵 love ❤️ flags 🇯🇵🇹🇼 keycap #️⃣ coder 👩‍💻 thumbs 👍🏽 rainbow 🏳️‍🌈 star ⭐ done ✅"
        ),
    ]

    private func definition() -> String {
        let pages = Self.paragraphs.map { heading, text in
            "{\"heading\": \"\(heading)\", \"content\": \"\(text)\"}"
        }
        return
            "{\"id\": \"scripts\", \"title\": \"Scripts\", \"pages\": [\(pages.joined(separator: ", "))]}"
    }

    @Test(arguments: [30, 31])
    func noRowIsWiderThanThePaneAndNothingIsLost(columns: Int) throws {
        let reference = try WidthReference.find()
        let sandbox = try Sandbox()
        try sandbox.define("scripts.json", definition())
        let log = sandbox.folder.path + "/pane.log"
        var environment = sandbox.environment
        environment["PATH"] = nil
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        let command =
            "unset CI; cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + [walkthroughBinary, "play", "scripts"].map(TmuxSession.quoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: command, columns: columns, rows: 30, environment: environment, logPath: log)
        defer { tmux.kill() }
        let count = Self.paragraphs.count
        for (index, (heading, text)) in Self.paragraphs.enumerated() {
            let position = "\(index + 1)/\(count)"
            #expect(tmux.waitFor(position), "page \(position) never appeared")
            // What tmux shows: the whole paragraph, in order (rows joined, spaces ignored).
            let screen = try tmux.capture()
            #expect(
                Self.squeezed(screen.joined()).contains(Self.squeezed(text)),
                "\(heading) at \(columns) columns: tmux shows\n\(screen.joined(separator: "\n"))")
            try tmux.sendKeys(index + 1 < count ? "Right" : "Enter")
        }
        #expect(tmux.waitForExit() == 0)
        #expect(
            waitUntil(timeout: 10) {
                String(decoding: tmux.loggedOutput(), as: UTF8.self).contains("\(count)/\(count)")
            })

        let frames = Self.frames(in: String(decoding: tmux.loggedOutput(), as: UTF8.self))
        #expect(frames.count >= count)
        let rows = frames.flatMap { $0 }
        let widths = try reference.widths(of: rows)
        #expect(widths.count == rows.count)
        for (row, width) in zip(rows, widths) {
            #expect(
                width <= columns, "a row of \(width) columns in a \(columns)-column pane: \(row)")
        }
        // Every paragraph is in the bytes of some frame, whole and in order.
        for (heading, text) in Self.paragraphs {
            #expect(
                frames.contains { Self.squeezed($0.joined()).contains(Self.squeezed(text)) },
                "\(heading): not written whole at \(columns) columns")
        }
    }

    /// The rows of each frame the player wrote: it positions every row (`ESC [ r ; 1 H`), erases
    /// it (`ESC [ 2 K`) and writes its text; a frame starts at row 1.
    static func frames(in output: String) -> [[String]] {
        var frames: [[String]] = []
        let marker = "\u{1B}["
        for piece in output.components(separatedBy: marker).dropFirst() {
            if piece.hasPrefix("2K") {
                // The row's text follows the erase, up to the next escape.
                if !frames.isEmpty, !frames[frames.count - 1].isEmpty {
                    frames[frames.count - 1][frames[frames.count - 1].count - 1] = String(
                        piece.dropFirst(2))
                }
                continue
            }
            // `r;1H` positions a row; a frame starts at row 1.
            guard let h = piece.firstIndex(of: "H") else { continue }
            let parts = piece[..<h].split(separator: ";")
            guard parts.count == 2, let row = Int(parts[0]), parts[1] == "1" else { continue }
            if row == 1 || frames.isEmpty { frames.append([]) }
            frames[frames.count - 1].append(String(piece[piece.index(after: h)...]))
        }
        return frames
    }

    /// `text` without spaces: wrapping drops the spaces it breaks at.
    static func squeezed(_ text: String) -> String {
        text.filter { $0 != " " }
    }
}
