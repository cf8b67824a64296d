import Testing
import WalkthroughKit

@testable import WalkthroughTerminal

/// The key help offers only the jumps the player takes: on a linear walkthrough, no page past
/// the one after the furthest reached (the player refuses those); on a free one, every page.
struct JumpHintTests {
    /// A session of `walkthrough` in the interactive player, with no store.
    private func controller(_ walkthrough: Walkthrough) throws -> InteractiveController {
        let session = Session(walkthrough: walkthrough)
        try session.start()
        let controller = InteractiveController(session: session, size: .fallback, colour: false)
        try controller.start()
        return controller
    }

    /// The hint line at the bottom of the screen.
    private func hints(_ controller: InteractiveController) -> String? {
        Renderer.render(controller.state, size: controller.size).last
    }

    /// The pages the hint offers, `1-N jump` read as 1…N; none when it offers no jump.
    private func offered(_ controller: InteractiveController) -> [Int] {
        guard let hint = hints(controller),
            let item = hint.split(separator: "  ").first(where: { $0.hasSuffix(" jump") }),
            let last = Int(item.dropFirst(2).prefix { $0.isNumber })
        else { return [] }
        return Array(1...last)
    }

    /// Whether pressing digit `page` on a copy of the player's state is taken (not refused).
    private func isTaken(
        _ page: Int, by walkthrough: Walkthrough, afterPressing keys: [Key]
    )
        throws -> Bool
    {
        let copy = try controller(walkthrough)
        for key in keys { _ = try copy.handle(key) }
        _ = try copy.handle(Key(.character(Character(String(page)))))
        return copy.state.status == nil
    }

    @Test func aLinearWalkthroughOffersNoPageItRefuses() throws {
        let linear = Fixtures.foodPin()
        let player = try controller(linear)
        #expect(hints(player) == "←/→ move  1-2 jump  s skip  q quit  ? help")
        #expect(try offered(player).allSatisfy { try isTaken($0, by: linear, afterPressing: []) })
        #expect(try !isTaken(3, by: linear, afterPressing: []), "page 3 is refused from page 1")

        _ = try player.handle(Key(.right))
        #expect(hints(player) == "←/→ move  1-3 jump  s skip  q quit  ? help")
        // Back on page 1 after reaching page 2, page 3 is still within reach.
        _ = try player.handle(Key(.left))
        #expect(hints(player) == "←/→ move  1-3 jump  s skip  q quit  ? help")
        #expect(
            try offered(player).allSatisfy {
                try isTaken($0, by: linear, afterPressing: [Key(.right), Key(.left)])
            })
    }

    @Test func aFreeWalkthroughOffersEveryPageFromTheStart() throws {
        let free = Fixtures.foodPin(navigation: .free)
        let player = try controller(free)
        #expect(hints(player) == "←/→ move  1-3 jump  s skip  q quit  ? help")
        #expect(try offered(player).allSatisfy { try isTaken($0, by: free, afterPressing: []) })
    }

    @Test func theHelpOverlaySaysTheSame() throws {
        let player = try controller(Fixtures.foodPin())
        _ = try player.handle(Key(.character("?")))
        let overlay = Renderer.render(player.state, size: player.size)
        #expect(overlay.contains("1-2: jump to that page"), "\(overlay)")
        #expect(!overlay.contains("1-3: jump to that page"), "\(overlay)")
        let free = try controller(Fixtures.foodPin(navigation: .free))
        _ = try free.handle(Key(.character("?")))
        #expect(Renderer.render(free.state, size: free.size).contains("1-3: jump to that page"))
    }

    @Test func aSinglePageOffersNoJump() throws {
        let player = try controller(Fixtures.numbered(1))
        #expect(offered(player).isEmpty, "\(hints(player) ?? "")")
    }
}
