import Foundation

/// A named list of items.
struct Checklist: Codable, Equatable, Sendable {
  /// Identifies the list while the app runs, so a screen showing it finds it again after
  /// other lists were added, moved or deleted. Not saved.
  var id = UUID()
  var name: String
  var items: [ChecklistItem] = []

  init(name: String, items: [ChecklistItem] = []) {
    self.name = name
    self.items = items
  }

  /// How many items are not checked yet.
  var uncheckedCount: Int { items.count { !$0.checked } }

  /// What the lists screen shows beside the name.
  var summary: String {
    if items.isEmpty { return "(no items)" }
    let left = uncheckedCount
    return left == 0 ? "all done" : "\(left) left"
  }

  enum CodingKeys: String, CodingKey {
    case name, items
  }
}
