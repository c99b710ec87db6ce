import Foundation

/// What Files shows of a file's attributes.
struct FileInfo: Sendable {
  var isFolder: Bool
  var size: Int64?
  var modified: Date?
}

/// The file system calls Files makes, as values, so a test can make one fail the way a real
/// disk does (a folder it may not read, a trash on a full disk) without needing one.
struct FileSystem: Sendable {
  var contents: @Sendable (URL) throws -> [String]
  var attributes: @Sendable (URL) throws -> FileInfo
  var move: @Sendable (URL, URL) throws -> Void
  var createFolder: @Sendable (URL) throws -> Void
  var write: @Sendable (Data, URL) throws -> Void
  var remove: @Sendable (URL) throws -> Void
  var exists: @Sendable (URL) -> Bool
  var read: @Sendable (URL, Int) throws -> Data

  static let system = FileSystem(
    contents: { try FileManager.default.contentsOfDirectory(atPath: $0.path) },
    attributes: { url in
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      let type = attributes[.type] as? FileAttributeType
      var isFolder = type == .typeDirectory
      // A link to a folder opens like one.
      if type == .typeSymbolicLink {
        var directory: ObjCBool = false
        isFolder =
          FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
      }
      return FileInfo(
        isFolder: isFolder, size: (attributes[.size] as? NSNumber)?.int64Value,
        modified: attributes[.modificationDate] as? Date)
    },
    move: { try FileManager.default.moveItem(at: $0, to: $1) },
    createFolder: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) },
    write: { try $0.write(to: $1, options: .atomic) },
    remove: { try FileManager.default.removeItem(at: $0) },
    exists: { FileManager.default.fileExists(atPath: $0.path) },
    read: { url, limit in
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      return try handle.read(upToCount: limit) ?? Data()
    })

  /// The entry for `name` in `folder`; a file whose attributes cannot be read is still listed.
  func entry(named name: String, in folder: URL) -> FileEntry {
    let url = folder.appendingPathComponent(name)
    let info = (try? attributes(url)) ?? FileInfo(isFolder: false, size: nil, modified: nil)
    return FileEntry(
      url: url, name: name, isFolder: info.isFolder, size: info.isFolder ? nil : info.size,
      modified: info.modified)
  }

  /// The subfolders of `folder`, by name; none when it cannot be read.
  func subfolders(of folder: URL) -> [URL] {
    let names = ((try? contents(folder)) ?? []).filter { !$0.hasPrefix(".") }
    return names.map { folder.appendingPathComponent($0) }
      .filter { url in
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory)
          && directory.boolValue
      }
      .sorted { $0.lastPathComponent.localizedStandardCompare($1.lastPathComponent) == .orderedAscending }
  }
}
