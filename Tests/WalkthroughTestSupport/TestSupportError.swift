/// A helper that could not do what a test asked: a program that would not start or finish, a
/// folder or a terminal that could not be made. The message says what failed.
package struct TestSupportError: Error, CustomStringConvertible {
    /// What failed, with the error number or the program's own message where there is one.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
