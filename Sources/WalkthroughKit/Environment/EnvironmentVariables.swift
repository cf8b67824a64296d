/// The variables a question reads, passed as one value: a dictionary the caller gave, or the
/// process's environment (``Environment/process``), read a variable at a time.
///
/// The one-call gate answers most launches from three or four variables (the quiet switch,
/// the store's path, the memo's folder, the user); reading them one at a time spares such a
/// launch building a dictionary of the whole environment. Whatever needs every variable asks
/// ``dictionary`` once.
package protocol EnvironmentVariables: Sendable {
    /// The value of the variable `name`, if it is set.
    subscript(_ name: String) -> String? { get }
    /// Every variable.
    var dictionary: [String: String] { get }
}

extension Dictionary: EnvironmentVariables where Key == String, Value == String {
    /// The dictionary itself.
    package var dictionary: [String: String] { self }
}
