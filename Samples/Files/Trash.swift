import Foundation

/// The freedesktop.org trash Files moves deleted items to: `files/NAME` with
/// `info/NAME.trashinfo` beside it saying where it came from, so the desktop's own trash can
/// restore it too. Undo puts it back.
struct Trash: Sendable {
  let folder: URL
  let fileSystem: FileSystem

  /// `$XDG_DATA_HOME/Trash`, `~/.local/share/Trash` when that is unset.
  static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data).appendingPathComponent("Trash")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/Trash")
  }

  /// Where a trashed item went.
  struct Item: Hashable, Sendable {
    var original: URL
    var trashed: URL
    var info: URL
  }

  /// Moves `url` into the trash, under a name not taken yet there ("a.txt", "a 2.txt"...).
  func trash(_ url: URL, at date: Date) throws(FilesError) -> Item {
    let files = folder.appendingPathComponent("files")
    let infoFolder = folder.appendingPathComponent("info")
    do {
      for needed in [folder, files, infoFolder] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: needed.path, isDirectory: &isFolder) {
          guard isFolder.boolValue else {
            throw FilesError(
              operation: .trash, path: url.path, reason: "\(needed.path) is a file, not a folder")
          }
        } else {
          try fileSystem.createFolder(needed)
        }
      }
      let name = freeName(for: url.lastPathComponent, in: files)
      let item = Item(
        original: url, trashed: files.appendingPathComponent(name),
        info: infoFolder.appendingPathComponent(name + ".trashinfo"))
      try fileSystem.write(Data(Self.info(for: url, at: date).utf8), item.info)
      do {
        try fileSystem.move(url, item.trashed)
      } catch {
        try? fileSystem.remove(item.info)
        throw error
      }
      return item
    } catch let error as FilesError {
      throw error
    } catch {
      throw FilesError(operation: .trash, path: url.path, reason: FilesError.reason(of: error))
    }
  }

  /// Puts a trashed item back where it was.
  func restore(_ item: Item) throws(FilesError) {
    guard !fileSystem.exists(item.original) else {
      throw FilesError(
        operation: .restore, path: item.original.path, reason: "Something else has that name now")
    }
    do {
      try fileSystem.move(item.trashed, item.original)
      try? fileSystem.remove(item.info)
    } catch {
      throw FilesError(operation: .restore, path: item.original.path, reason: FilesError.reason(of: error))
    }
  }

  private func freeName(for name: String, in files: URL) -> String {
    guard fileSystem.exists(files.appendingPathComponent(name)) else { return name }
    let base = (name as NSString).deletingPathExtension
    let ext = (name as NSString).pathExtension
    for number in 2... {
      let candidate = ext.isEmpty ? "\(base) \(number)" : "\(base) \(number).\(ext)"
      if !fileSystem.exists(files.appendingPathComponent(candidate)) { return candidate }
    }
    return name
  }

  /// The `.trashinfo` text: the original path percent-encoded, the local deletion time.
  static func info(for url: URL, at date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    let path = url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.path
    return "[Trash Info]\nPath=\(path)\nDeletionDate=\(formatter.string(from: date))\n"
  }
}
