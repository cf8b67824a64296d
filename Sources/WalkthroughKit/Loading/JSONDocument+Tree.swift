extension JSONDocument {
    /// The value at `node` and everything nested in it as a ``JSONValue`` tree.
    ///
    /// For tests and tools that want a tree; the loader walks the nodes directly. Recursion is
    /// bounded by ``JSONReader/maximumDepth``.
    func value(at node: Int) -> JSONValue {
        let value = nodes[node]
        let storage: JSONValue.Storage
        switch value.kind {
        case .object:
            storage = .object(
                members(of: node).map { member in
                    JSONMember(
                        key: text(of: nodes[member.key]), keyPosition: position(of: member.key),
                        value: self.value(at: member.value))
                })
        case .array:
            storage = .array(elements(of: node).map { self.value(at: $0) })
        case .string:
            storage = .string(text(of: value))
        case .number:
            storage = .number(number(at: node)!)
        case .true:
            storage = .bool(true)
        case .false:
            storage = .bool(false)
        case .null:
            storage = .null
        }
        return JSONValue(storage: storage, position: position(of: node))
    }
}
