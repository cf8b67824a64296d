/// A value kept in a shared box until a copy changes it: copying a large value (many strings,
/// arrays and dictionaries, each retained on a copy) is then one reference. `Walkthrough` and
/// `DueDecision` keep their fields in one.
///
/// Equal and hashed as the value is (two copies of one box are equal without a look inside).
package struct CopyOnWrite<Value: Hashable>: Hashable {
    /// The box; its value changes only while one copy holds it.
    private final class Box {
        /// Read without the runtime's exclusivity check: it changes only through `value`'s
        /// `_modify`, on a box no other copy holds, so no read can overlap a change. (Checked,
        /// each read of a walkthrough's or a decision's field was two calls into the runtime.)
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// `value`, in a box of its own.
    package init(_ value: Value) {
        box = Box(value)
    }

    /// The value; changing it first copies it into a box of this copy's own when another
    /// copy shares the box.
    package var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    package static func == (left: Self, right: Self) -> Bool {
        left.box === right.box || left.box.value == right.box.value
    }

    package func hash(into hasher: inout Hasher) {
        box.value.hash(into: &hasher)
    }
}

// The box is changed only through `value`'s `_modify`, on a box no other copy holds.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
