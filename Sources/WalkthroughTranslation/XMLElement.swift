import WalkthroughKit

/// An element of a document ``XMLReader`` read.
package struct XMLElement: Sendable, Hashable {
    /// The name as written, with its prefix (`xlf:unit`).
    package var qualifiedName: String
    /// The line its start tag is on.
    package var line = 1
    /// The attributes in order, names as written.
    package var attributes: [(name: String, value: String)] = []
    /// The children in order.
    package var children: [XMLNode] = []

    /// The name without its prefix (`unit`).
    package var localName: Substring {
        qualifiedName.split(separator: ":", maxSplits: 1).last ?? Substring(qualifiedName)
    }

    /// The value of the attribute named `name` (as written), if any.
    package func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements in order.
    package var elements: [XMLElement] {
        children.compactMap {
            if case .element(let element) = $0 { return element }
            return nil
        }
    }

    /// Whether two elements have the same name, attributes (in order) and children.
    package static func == (left: XMLElement, right: XMLElement) -> Bool {
        left.qualifiedName == right.qualifiedName && left.children == right.children
            && left.attributes.map(\.name) == right.attributes.map(\.name)
            && left.attributes.map(\.value) == right.attributes.map(\.value)
    }

    /// Hashes the name and the children.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(qualifiedName)
        hasher.combine(children)
    }
}

/// A child of an ``XMLElement``.
package indirect enum XMLNode: Sendable, Hashable {
    /// An element.
    case element(XMLElement)
    /// Character data, references decoded.
    case text(String)
}
