/// Reading a table in key order a page at a time, for every backend's records and events.
///
/// Each page is one query for the rows after the last key seen (keyset paging), so a long
/// listing holds one page in memory, a row written meanwhile appears at most once, in its place
/// in the order, and `body` runs between the queries: outside the store's lock, free to use the
/// store.
package enum KeysetPaging {
    /// How many rows a page holds, for every store.
    package static let pageSize = 1_000

    /// Calls `body` with every item of the pages `read` returns, in order.
    ///
    /// - Parameters:
    ///   - pageSize: The most rows `read` returns at a time; a shorter page is the last.
    ///   - read: The page after the given key (from the start for `nil`), each item with its
    ///     key.
    ///   - wentBack: The error for a page that ends where the one before it did (a key that does
    ///     not compare as stored): the last line of defence against reading for ever.
    ///   - body: Called with each item; what it throws ends the iteration.
    package static func forEach<Item, Key: Equatable>(
        pageSize: Int = KeysetPaging.pageSize,
        read: (_ after: Key?, _ limit: Int) throws -> [(item: Item, key: Key)],
        wentBack: () -> any Error,
        _ body: (Item) throws -> Void
    ) throws {
        precondition(pageSize >= 1, "a page holds at least one row")
        var after: Key?
        while true {
            let page = try read(after, pageSize)
            for row in page { try body(row.item) }
            guard page.count == pageSize, let last = page.last?.key else { return }
            guard last != after else { throw wentBack() }
            after = last
        }
    }
}

extension KeysetPaging {
    /// The records of a store at `location`, a page at a time: ``forEach(pageSize:read:wentBack:_:)``
    /// with the damage a page that goes back means.
    package static func forEachRecord<Key: Equatable>(
        pageSize: Int = KeysetPaging.pageSize, location: String,
        read: (_ after: Key?, _ limit: Int) throws -> [(item: SeenRecord, key: Key)],
        _ body: (SeenRecord) throws -> Void
    ) throws {
        try forEach(
            pageSize: pageSize, read: read,
            wentBack: {
                SeenStoreError.corrupt(
                    path: location, detail: "reading its records in order went back to a record")
            }, body)
    }

    /// The events of a store at `location`, a page at a time, from the first.
    package static func forEachEvent(
        location: String,
        read: (_ after: EventKey, _ limit: Int) throws -> [(item: WalkthroughEvent, key: EventKey)],
        _ body: (WalkthroughEvent) throws -> Void
    ) throws {
        try forEach(
            read: { after, limit in try read(after ?? .start, limit) },
            wentBack: {
                SeenStoreError.corrupt(
                    path: location, detail: "reading its events in order went back to an event")
            }, body)
    }
}

/// Where an event is in the order events are read: its time, then its row id.
package struct EventKey: Sendable, Hashable {
    /// Milliseconds since 1970.
    package var time: Int64
    /// The row's id, which orders events of one millisecond.
    package var id: Int64

    /// The key of an event.
    package init(time: Int64, id: Int64) {
        self.time = time
        self.id = id
    }

    /// Before every event.
    package static let start = EventKey(time: Int64.min, id: Int64.min)
}
