import Foundation
import Testing
import WalkthroughKit

@testable import WalkthroughTerminal

/// The frames of a `scroll` transition: the new screen comes in from the side it comes from,
/// every frame exactly the screen's rows, no row wider than the screen, styles and wide
/// characters cut cleanly.
struct SlideFramesTests {
    static let size = TerminalSize(columns: 20, rows: 4)
    static let old = ["OLD-A", "OLD-B", "OLD-C", "OLD-D"]
    static let new = ["NEW-A", "NEW-B", "NEW-C", "NEW-D"]

    @Test func forwardTheNewScreenComesInFromTheRight() {
        let frames = SlideFrames.frames(
            from: Self.old, to: Self.new, direction: .forward, orientation: .horizontal,
            size: Self.size)
        #expect(frames.count == SlideFrames.count - 1)
        for frame in frames {
            #expect(frame.count == 4)
            for row in frame { #expect(DisplayWidth.of(row) == 20, "\(row)") }
        }
        // A quarter of the way (4 of 20 columns): the old screen pushed left, the new one's
        // first columns at the right.
        #expect(frames[0][0] == "A" + String(repeating: " ", count: 15) + "NEW-")
        #expect(frames[3][1].hasSuffix("NEW-B" + String(repeating: " ", count: 11)))
    }

    @Test func backTheNewScreenComesInFromTheLeft() {
        let frames = SlideFrames.frames(
            from: Self.old, to: Self.new, direction: .reverse, orientation: .horizontal,
            size: Self.size)
        #expect(frames[0][0] == "    OLD-A" + String(repeating: " ", count: 11))
        // Four fifths of the way: the new screen's last 16 columns, then the old one's first 4.
        #expect(frames[3][0] == "A" + String(repeating: " ", count: 15) + "OLD-")
    }

    @Test func verticalTheNewScreenComesFromBelowOrAbove() {
        let down = SlideFrames.frames(
            from: Self.old, to: Self.new, direction: .forward, orientation: .vertical,
            size: Self.size)
        let up = SlideFrames.frames(
            from: Self.old, to: Self.new, direction: .reverse, orientation: .vertical,
            size: Self.size)
        #expect(down.count == SlideFrames.count - 1)
        // Two fifths of 4 rows: one row moved.
        #expect(down[1] == ["OLD-B", "OLD-C", "OLD-D", "NEW-A"])
        #expect(up[1] == ["NEW-D", "OLD-A", "OLD-B", "OLD-C"])
        #expect(down[3] == ["OLD-D", "NEW-A", "NEW-B", "NEW-C"])
    }

    @Test func theSlideStaysWithin150Milliseconds() {
        #expect(SlideFrames.interval * (SlideFrames.count - 1) <= .milliseconds(150))
        #expect(SlideFrames.count > 2)
    }

    @Test func aSliceKeepsItsStylesAndCutsWideCharactersIntoSpaces() {
        let bold = "\u{1B}[1m"
        let reset = "\u{1B}[0m"
        let line = bold + "Heading" + reset + " 美食"
        // Columns 2..<6 of "Heading 美食": "adin", bold restored and reset.
        #expect(ColumnSlice.slice(line, from: 2, width: 4) == bold + "adin" + reset)
        // Columns 9..<12: the second column of 美, then 食: a space for the cut half.
        #expect(ColumnSlice.slice(line, from: 9, width: 3) == " 食")
        // Past the end: spaces only.
        #expect(ColumnSlice.slice(line, from: 20, width: 3) == "   ")
        #expect(ColumnSlice.slice("ab", from: 0, width: 0) == "")
        for start in 0..<14 {
            for width in 1..<8 {
                let slice = ColumnSlice.slice(line, from: start, width: width)
                let visible = slice.replacingOccurrences(of: bold, with: "")
                    .replacingOccurrences(of: reset, with: "")
                #expect(DisplayWidth.of(visible) == width, "\(start) \(width): \(slice)")
            }
        }
    }

    @Test(
        arguments: [
            (nil, false), ("", false), ("0", false), ("false", false), ("FALSE", false),
            ("1", true), ("true", true), ("yes", true), ("reduce", true),
        ] as [(String?, Bool)])
    func reducedMotionIsAnythingButEmptyZeroOrFalse(value: String?, reduced: Bool) {
        #expect(TerminalDetection.reducedMotion(value) == reduced)
    }

    @Test func verticalKeysAreBoundOnlyInVerticalWalkthroughs() {
        #expect(
            KeyBindings.action(for: Key(.character("j")), orientation: .vertical) == .scrollDown)
        #expect(KeyBindings.action(for: Key(.character("k")), orientation: .vertical) == .scrollUp)
        #expect(KeyBindings.action(for: Key(.pageDown), orientation: .vertical) == .scrollDown)
        #expect(KeyBindings.action(for: Key(.character("j"))) == nil)
        #expect(KeyBindings.action(for: Key(.right), orientation: .vertical) == .next)
        #expect(KeyBindings.action(for: Key(.left), orientation: .vertical) == .back)
    }
}
