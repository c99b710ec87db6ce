/// The saved form of the data: a version number, so a later format can read old files, and
/// the lists.
struct ChecklistsFile: Codable, Equatable, Sendable {
  static let currentVersion = 1

  var version = ChecklistsFile.currentVersion
  var checklists: [Checklist]
}
