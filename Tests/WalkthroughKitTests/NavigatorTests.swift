import Testing
import WalkthroughKit

struct NavigatorSmokeTests {
    @Test func nextOnLastPageFinishes() throws {
        var navigator = Navigator(count: 1)
        #expect(try navigator.next() == .finished(.completed))
    }
}
