import Foundation

/// Why a document could not be opened, saved or reverted, as a sentence a person reads in the
/// alert or status line; file-system failures come as the file system's own errors
/// (`FileError` under the terminal host) and are shown with their description.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file's bytes are not text in the expected encoding (a binary file).
  case notText(path: String)
  /// The document has no file to save to, revert to or autosave beside.
  case noFile(name: String)
  /// An untitled document cannot be saved: the app gave no Save As panel
  /// (``DocumentController/savePanelHandler``).
  case noSaveLocation(name: String)
  /// No ``DocumentFileSystem`` was given to the document controller.
  case noFileSystem
  /// Another program changed the file since it was read or saved.
  case changedOnDisk(path: String)
  /// The document type neither reads nor writes files of this type.
  case unsupportedType(String)

  /// The sentence.
  public var description: String {
    switch self {
    case .notText(let path): return "Cannot open \(path): it is not a text file."
    case .noFile(let name): return "\(name) has not been saved yet."
    case .noSaveLocation(let name): return "Cannot save \(name): the app offers no way to choose a file."
    case .noFileSystem: return "Cannot use files: the app gave its documents no file system."
    case .changedOnDisk(let path): return "\(path) was changed by another program."
    case .unsupportedType(let type): return "This app cannot read or write documents of type \(type)."
    }
  }
}
