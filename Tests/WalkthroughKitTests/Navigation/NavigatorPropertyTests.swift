import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Drives the navigator through thousands of random moves and checks its invariants after each.
struct NavigatorPropertyTests {
    private enum Action: CaseIterable {
        case next, previous, jump, skip
    }

    @Test(arguments: [1, 2, 3, 7, 40] as [Int], [0x5EED, 0xC0FFEE, 42] as [UInt64])
    func randomMovesKeepEveryInvariant(count: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ UInt64(count))
        for run in 0..<40 {
            let navigation: Walkthrough.NavigationMode = random.next() % 2 == 0 ? .free : .linear
            let skippable = random.next() % 3 != 0
            var navigator = Navigator(count: count, navigation: navigation, skippable: skippable)
            var seen: Set<Int> = [0]
            for step in 0..<200 {
                let context = "seed \(seed) count \(count) run \(run) step \(step)"
                let before = navigator
                let action = Action.allCases.randomElement(using: &random)!
                let target = Int.random(in: -2...(count + 1), using: &random)
                var refused = false
                do {
                    switch action {
                    case .next:
                        let move = try navigator.next()
                        if case .finished(let outcome) = move {
                            #expect(outcome == .completed, "\(context)")
                            #expect(before.isLast, "finished away from the last page: \(context)")
                        } else {
                            #expect(
                                move
                                    == .moved(
                                        Navigator.Transition(
                                            from: before.index, to: before.index + 1))
                            )
                        }
                    case .previous:
                        let transition = try navigator.previous()
                        #expect(transition.direction == .reverse, "\(context)")
                    case .jump:
                        let transition = try navigator.jump(to: target)
                        #expect(before.canJump(to: target) || target == before.index, "\(context)")
                        if let transition {
                            #expect(
                                transition.direction
                                    == Navigator.Direction(from: before.index, to: target))
                        }
                        if navigation == .linear {
                            #expect(target <= before.furthest + 1, "\(context)")
                        }
                    case .skip:
                        #expect(try navigator.skip() == .skipped, "\(context)")
                        #expect(skippable, "\(context)")
                    }
                } catch {
                    refused = true
                    #expect(navigator == before, "a refused move changed the state: \(context)")
                }
                if !refused { seen.insert(navigator.index) }

                // Invariants.
                #expect(navigator.index >= 0 && navigator.index < count, "\(context)")
                #expect(navigator.furthest >= navigator.index, "\(context)")
                #expect(navigator.furthest >= before.furthest, "\(context)")
                #expect(navigator.visited.contains(navigator.index), "\(context)")
                #expect(navigator.visited == seen, "\(context)")
                #expect(navigator.furthest == seen.max(), "\(context)")
                if before.outcome == nil, let outcome = navigator.outcome {
                    let viaNext = action == .next && before.isLast && outcome == .completed
                    let viaSkip = action == .skip && outcome == .skipped
                    #expect(viaNext || viaSkip, "finished by \(action): \(context)")
                }
                if before.outcome != nil { #expect(navigator == before, "\(context)") }
                if navigator.isFinished && random.next() % 2 == 0 { break }
            }
        }
    }
}
