import TerminalHost

/// A failure reading or writing the data file, as a sentence that names the file and why.
enum ChecklistsStoreError: Error, Equatable, CustomStringConvertible {
  /// A file operation failed.
  case file(FileError)
  /// The file was written by a later version of the app.
  case newerVersion(path: String, version: Int)

  var description: String {
    switch self {
    case .file(let error):
      return error.description
    case .newerVersion(let path, let version):
      return "Cannot read \(path): it was saved in format version \(version), newer than this app "
        + "understands (\(ChecklistsFile.currentVersion))"
    }
  }
}
