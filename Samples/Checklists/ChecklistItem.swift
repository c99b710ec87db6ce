import Foundation

/// One thing to do: its text and whether it is done.
struct ChecklistItem: Codable, Equatable, Sendable {
  /// Identifies the item while the app runs; not saved (the file stays readable and diffable).
  var id = UUID()
  var text: String
  var checked = false

  init(text: String, checked: Bool = false) {
    self.text = text
    self.checked = checked
  }

  enum CodingKeys: String, CodingKey {
    case text, checked
  }
}
