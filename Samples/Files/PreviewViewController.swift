import Foundation
import ResponderKit

/// The preview on the right: the start of the selected file as text, read-only (it scrolls,
/// selects and copies), or what the entry is when it is not text.
@MainActor
final class PreviewViewController: ViewController {
  let textView = TextView()
  let fileSystem: FileSystem
  /// The most of a file shown: a preview, not an editor.
  static let limit = 16 * 1024

  init(fileSystem: FileSystem) {
    self.fileSystem = fileSystem
    super.init()
    title = "Preview"
  }

  override func loadView() {
    textView.isEditable = false
    textView.placeholder = "No selection"
    view = textView
  }

  /// Shows `entry`, or nothing.
  func show(_ entry: FileEntry?) {
    guard let entry else {
      textView.text = ""
      return
    }
    textView.text = Self.preview(of: entry, fileSystem: fileSystem)
  }

  static func preview(of entry: FileEntry, fileSystem: FileSystem) -> String {
    if entry.isFolder {
      let count =
        (try? fileSystem.contents(entry.url).count).map { FilesModel.count($0, "item") } ?? "not readable"
      return "\(entry.name)/\nFolder, \(count)"
    }
    let data: Data
    do {
      data = try fileSystem.read(entry.url, limit)
    } catch {
      return "\(entry.name)\nNot readable: \(FilesError.reason(of: error))"
    }
    let size = entry.size.map(FileEntry.formattedSize) ?? ""
    if data.isEmpty { return "\(entry.name)\nEmpty file" }
    guard !data.contains(0),
      let text = String(data: data, encoding: .utf8) ?? String(data: data.dropLast(3), encoding: .utf8)
    else {
      return "\(entry.name)\n\(entry.kind), \(size), not text"
    }
    return text
  }
}
