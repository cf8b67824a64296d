/// The process's arguments as the command reads them.
///
/// `CommandLine.arguments` quietly turns bytes that are not UTF-8 into U+FFFD, so that two
/// different user names, or a file name and the name of a file that does not exist, would read
/// alike. The raw `argv` is checked instead, and an argument that is not UTF-8 is refused.
enum ProcessArguments {
    /// Why the arguments were refused.
    struct NotUTF8: Error, CustomStringConvertible {
        /// The 1-based position of the argument after the command name.
        var position: Int

        var description: String {
            "argument \(position) is not valid UTF-8; walkthrough takes user names, ids and "
                + "paths in UTF-8 (rename the file, or give a UTF-8 name)"
        }
    }

    /// The arguments after the program name, or the first that is not valid UTF-8.
    static func current() -> Result<[String], NotUTF8> {
        var arguments: [String] = []
        let count = Int(CommandLine.argc)
        arguments.reserveCapacity(max(0, count - 1))
        for index in 1..<max(1, count) {
            guard let raw = CommandLine.unsafeArgv[index],
                let argument = String(validatingCString: raw)
            else {
                return .failure(NotUTF8(position: index))
            }
            arguments.append(argument)
        }
        return .success(arguments)
    }
}
