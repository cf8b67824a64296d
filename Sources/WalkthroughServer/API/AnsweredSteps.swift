import WalkthroughKit

/// The answers to the steps this process wrote, by step id, so that a step sent again (a
/// client retrying after a lost answer) gets the same answer and is not written twice. It
/// keeps the newest 100,000.
final class AnsweredSteps: Sendable {
    private let state = Locked((answers: [String: ServerResponse](), order: [String](), next: 0))
    private let capacity: Int

    /// A memory of at most `capacity` answers.
    init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    /// The answer given to the step `id`, if it was answered.
    func answer(for id: String) -> ServerResponse? {
        state.withLock { $0.answers[id] }
    }

    /// Remembers the answer to the step `id`, forgetting the oldest past the capacity.
    func remember(_ response: ServerResponse, for id: String) {
        state.withLock { state in
            guard state.answers.updateValue(response, forKey: id) == nil else { return }
            if state.order.count < capacity {
                state.order.append(id)
            } else {
                state.answers[state.order[state.next]] = nil
                state.order[state.next] = id
                state.next = (state.next + 1) % capacity
            }
        }
    }
}
