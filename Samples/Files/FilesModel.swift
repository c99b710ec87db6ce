import Foundation
import Observation

/// What the window shows: the folder, its entries in the chosen order, the reading's progress
/// and the last message. The views are bound to it.
@Observable
@MainActor
final class FilesModel {
  /// The folder shown.
  private(set) var folder: URL
  /// Its entries, sorted.
  private(set) var entries: [FileEntry] = []
  var sortKey = SortKey.name { didSet { resort() } }
  var ascending = true { didSet { resort() } }

  /// Whether a folder is being read.
  private(set) var isLoading = false
  /// Entries read so far, and how many there are (0 until the names are in).
  private(set) var loadedCount = 0
  private(set) var totalCount = 0
  /// Why the folder shown could not be read, if it could not.
  private(set) var readProblem: String?
  /// The latest message: what an operation did or why it failed.
  var message = ""

  init(folder: URL) {
    self.folder = folder
  }

  func beginLoading(_ folder: URL) {
    self.folder = folder
    entries = []
    isLoading = true
    loadedCount = 0
    totalCount = 0
    readProblem = nil
  }

  func noteNames(_ count: Int) { totalCount = count }
  func noteRead(_ count: Int) { loadedCount = count }

  func finishLoading(_ entries: [FileEntry], seconds: Double) {
    self.entries = entries.sorted(by: sortKey, ascending: ascending)
    isLoading = false
    loadedCount = entries.count
    message = String(format: "Read %@ in %.2f s", Self.count(entries.count, "item"), seconds)
  }

  func failLoading(_ reason: String) {
    isLoading = false
    readProblem = reason
    message = "Could not read \(folder.lastPathComponent): \(reason)"
  }

  /// Replaces the entries after an operation (a rename, a new folder, a deletion or its undo).
  func replaceEntries(_ entries: [FileEntry]) {
    self.entries = entries.sorted(by: sortKey, ascending: ascending)
  }

  private func resort() {
    entries = entries.sorted(by: sortKey, ascending: ascending)
  }

  /// Whether nothing is being read: the loading row hides.
  var isIdle: Bool { !isLoading }

  /// The loading bar's value, 0 to 100.
  var progress: Double { totalCount == 0 ? 0 : Double(loadedCount) / Double(totalCount) * 100 }

  /// The status bar's count: "12 items, 3 folders", or the reading's progress.
  var summary: String {
    if isLoading {
      return totalCount == 0 ? "Reading…" : "Reading \(loadedCount) of \(totalCount)"
    }
    if readProblem != nil { return "Not readable" }
    let folders = entries.lazy.filter(\.isFolder).count
    return Self.count(entries.count, "item") + (folders > 0 ? ", " + Self.count(folders, "folder") : "")
  }

  static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
